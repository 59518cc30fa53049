"""Gemini's Batch API in the loopback batch stub, on the REST paths the ``google-genai`` SDK
(3.3.0, Gemini Developer API) calls with ``http_options.base_url`` set to the stub:

- ``POST /upload/v1beta/files`` (resumable upload: ``X-Goog-Upload-Command: start`` answers
  ``x-goog-upload-url``; chunks go there with ``upload`` / ``upload, finalize``);
  ``GET /v1beta/files`` (``pageToken``), ``DELETE /v1beta/files/{id}``,
  ``GET /v1beta/files/{id}:download?alt=media`` (also under ``/download/v1beta/...``, the
  documented REST path);
- ``POST /v1beta/models/{model}:batchGenerateContent`` (an Operation), ``GET /v1beta/batches``
  (``operations``, ``nextPageToken``), ``GET /v1beta/batches/{id}``,
  ``POST /v1beta/batches/{id}:cancel``;
- ``POST /v1beta/models/{model}:generateContent``: a live call (its body kept in ``live``).

The same switches as the other providers apply: ``delay_s``, ``hold``, ``fail_every`` (a line
becomes a ``google.rpc.Status`` with code 13), ``expire`` (the job ends ``BATCH_STATE_EXPIRED``
with no results, as Gemini documents), cancellation (keeps the lines answered so far),
``reasoning`` (a thought part) and ``logprobs`` (a ``logprobsResult`` when the request asks for
it).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Any

from aiohttp import web

_BATCH_TYPE = "type.googleapis.com/google.ai.generativelanguage.v1main.GenerateContentBatch"
_OUTPUT_TYPE = "type.googleapis.com/google.ai.generativelanguage.v1main.GenerateContentBatchOutput"


def _iso(t: float) -> str:
    return dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _prompt(request: dict[str, Any]) -> str:
    parts = (request.get("contents") or [{}])[-1].get("parts") or []
    return "".join(str(p.get("text", "")) for p in parts)


def gemini_response(
    request: dict[str, Any], model: str, settings: dict[str, Any]
) -> dict[str, Any]:
    """A GenerateContentResponse answering ``\\boxed{<prompt length>}`` (or the scripted
    ``answers[<prompt>]``)."""
    prompt = _prompt(request)
    answer = (settings.get("answers") or {}).get(prompt, f"\\boxed{{{len(prompt)}}}")
    parts: list[dict[str, Any]] = []
    if settings["reasoning"]:
        parts.append({"text": f"thinking about {len(prompt)} characters", "thought": True})
    parts.append({"text": answer})
    candidate: dict[str, Any] = {
        "content": {"parts": parts, "role": "model"}, "finishReason": "STOP", "index": 0,
    }  # fmt: skip
    config = request.get("generationConfig") or {}
    if config.get("responseLogprobs"):
        tokens = ["\\boxed{", str(len(prompt)), "}"]
        chosen = [{"token": t, "logProbability": -0.25 * (i + 1)} for i, t in enumerate(tokens)]
        candidate["logprobsResult"] = {
            "chosenCandidates": chosen,
            "topCandidates": [{"candidates": [c, {"token": "x", "logProbability": -3.0}]}
                              for c in chosen],
        }  # fmt: skip
    usage = {
        "promptTokenCount": len(prompt.split()),
        "candidatesTokenCount": 3,
        "totalTokenCount": len(prompt.split()) + 3 + (2 if settings["reasoning"] else 0),
    }
    if settings["reasoning"]:
        usage["thoughtsTokenCount"] = 2
    return {"candidates": [candidate], "usageMetadata": usage, "modelVersion": model,
            "responseId": f"resp{time.time_ns()}"}  # fmt: skip


class GeminiState:
    """Files and batch jobs of the Gemini API in the stub."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.files: dict[str, dict[str, Any]] = {}
        self.uploads: dict[str, dict[str, Any]] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self.count = 0

    def new_id(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count:06d}{time.time_ns() % 100000:05d}"

    def add_file(self, path: Path, display: str, mime: str, source: str) -> dict[str, Any]:
        file_id = path.name
        now = _iso(time.time())
        self.files[file_id] = {
            "name": f"files/{file_id}", "displayName": display, "mimeType": mime,
            "sizeBytes": str(path.stat().st_size), "createTime": now, "updateTime": now,
            "expirationTime": _iso(time.time() + 48 * 3600), "sha256Hash": "",
            "uri": f"https://generativelanguage.googleapis.com/v1beta/files/{file_id}",
            "state": "ACTIVE", "source": source, "_path": path,
        }  # fmt: skip
        if source == "GENERATED":
            self.files[file_id]["downloadUri"] = self.files[file_id]["uri"] + ":download"
        return self.files[file_id]

    def finish(self, batch: dict[str, Any], how: str) -> None:
        """End a job: answer its lines (all, none when expired, those done when cancelled)."""
        meta = batch["metadata"]
        settings = batch["_settings"]
        source = self.files[meta["inputConfig"]["fileName"].removeprefix("files/")]["_path"]
        total = int(meta["batchStats"]["requestCount"])
        if how == "BATCH_STATE_EXPIRED":
            answered = 0
        elif how == "BATCH_STATE_CANCELLED":
            answered = int(
                total * min(1.0, (time.time() - batch["_t"]) / max(batch["_delay"], 1e-9))
            )
        else:
            answered = total
        out_id = self.new_id("batchout")
        out_path = self.state.folder / out_id
        ok = failed = 0
        with open(source, encoding="utf-8") as lines, open(out_path, "w", encoding="utf-8") as out:
            for number, text in enumerate(lines, 1):
                if number > answered:
                    break
                line = json.loads(text)
                key = line["key"]
                every = settings["fail_every"]
                if every and number % every == 0:
                    status = {"code": 13, "message": "Internal error encountered."}
                    row: dict[str, Any] = {"key": key, "status": status}
                    failed += 1
                else:
                    self.state.paid[key] = self.state.paid.get(key, 0) + 1
                    body = gemini_response(
                        line["request"], meta["model"].removeprefix("models/"), settings
                    )
                    row = {"key": key, "response": body}
                    ok += 1
                out.write(json.dumps(row) + "\n")
        now = time.time()
        meta.update(state=how, endTime=_iso(now), updateTime=_iso(now))
        meta["batchStats"].update(
            successfulRequestCount=str(ok), failedRequestCount=str(failed),
            pendingRequestCount=str(total - ok - failed),
        )  # fmt: skip
        batch["done"] = True
        if how != "BATCH_STATE_EXPIRED":
            name = self.add_file(
                out_path, f"{batch['name']}-results", "application/jsonl", "GENERATED"
            )["name"]
            meta["output"] = {"responsesFile": name}
            batch["response"] = {"@type": _OUTPUT_TYPE, "responsesFile": name}

    def view(self, batch: dict[str, Any]) -> dict[str, Any]:
        meta = batch["metadata"]
        if not batch["done"]:
            fraction = (time.time() - batch["_t"]) / batch["_delay"] if batch["_delay"] > 0 else 1.0
            if batch["_settings"]["hold"]:
                fraction = 0.0
            if meta["state"] == "BATCH_STATE_CANCELLING":
                self.finish(batch, "BATCH_STATE_CANCELLED")
            elif fraction >= 1.0:
                expire = batch["_settings"]["expire"]
                self.finish(batch, "BATCH_STATE_EXPIRED" if expire else "BATCH_STATE_SUCCEEDED")
            else:
                meta["state"] = "BATCH_STATE_RUNNING"
        return {k: v for k, v in batch.items() if not k.startswith("_")}


def _error(code: int, message: str) -> web.Response:
    status = {400: "INVALID_ARGUMENT", 404: "NOT_FOUND"}.get(code, "INTERNAL")
    body = {"error": {"code": code, "message": message, "status": status}}
    return web.json_response(body, status=code)


def gemini_routes(r: web.RouteTableDef, state: Any) -> GeminiState:
    """Add the Gemini routes to ``r``; returns the Gemini side of the stub's state."""
    g = GeminiState(state)

    @r.post("/upload/v1beta/files")
    async def upload(request: web.Request) -> web.Response:
        command = request.headers.get("X-Goog-Upload-Command", "")
        if command == "start":
            meta = (await request.json()).get("file") or {}
            upload_id = g.new_id("up")
            g.uploads[upload_id] = {
                "meta": meta,
                "path": state.folder / g.new_id("gfile"),
                "size": 0,
            }
            g.uploads[upload_id]["path"].write_bytes(b"")
            url = f"{request.scheme}://{request.host}/upload/v1beta/files?upload_id={upload_id}"
            return web.json_response(
                {}, headers={"x-goog-upload-url": url, "x-goog-upload-status": "active"}
            )
        job = g.uploads.get(request.query.get("upload_id", ""))
        if job is None:
            return _error(404, "no such upload")
        data = await request.read()
        with open(job["path"], "ab") as out:
            out.write(data)
        if "finalize" not in command:
            return web.json_response({}, headers={"x-goog-upload-status": "active"})
        meta = job["meta"]  # proto JSON: lowerCamel or the proto's snake_case names
        display = meta.get("displayName", meta.get("display_name", ""))
        mime = meta.get("mimeType", meta.get("mime_type", ""))
        found = g.add_file(job["path"], display, mime, "UPLOADED")
        public = {k: v for k, v in found.items() if not k.startswith("_")}
        return web.json_response({"file": public}, headers={"x-goog-upload-status": "final"})

    @r.get("/v1beta/files")
    async def list_files(request: web.Request) -> web.Response:
        items = [{k: v for k, v in f.items() if not k.startswith("_")} for f in g.files.values()]
        size = int(request.query.get("pageSize", "100"))
        start = int(request.query.get("pageToken", "0") or 0)
        page: dict[str, Any] = {"files": items[start : start + size]}
        if start + size < len(items):
            page["nextPageToken"] = str(start + size)
        return web.json_response(page)

    async def file_op(request: web.Request) -> web.StreamResponse:
        tail = request.match_info["tail"]
        file_id, _, verb = tail.partition(":")
        found = g.files.get(file_id)
        if found is None:
            return _error(404, f"File {file_id} not found")
        if request.method == "DELETE":
            del g.files[file_id]
            state.deleted_files += 1
            return web.json_response({})
        if verb == "download":
            return web.FileResponse(found["_path"])
        return web.json_response({k: v for k, v in found.items() if not k.startswith("_")})

    r.route("*", "/v1beta/files/{tail}")(file_op)
    r.get("/download/v1beta/files/{tail}")(file_op)

    @r.post("/v1beta/models/{tail}")
    async def model_op(request: web.Request) -> web.Response:
        model, _, verb = request.match_info["tail"].partition(":")
        body = await request.json()
        if verb == "generateContent":
            state.live.append(body)
            return web.json_response(gemini_response(body, model, state.settings))
        if verb != "batchGenerateContent":
            return _error(404, f"unknown method {verb}")
        spec = body.get("batch") or {}
        file_name = (spec.get("inputConfig") or {}).get("fileName", "")
        source = g.files.get(file_name.removeprefix("files/"))
        if source is None or not spec.get("displayName"):
            return _error(
                400, "batch.displayName and an uploaded inputConfig.fileName are required"
            )
        total = 0
        with open(source["_path"], encoding="utf-8") as lines:
            for text in lines:
                key = json.loads(text)["key"]
                state.submitted[key] = state.submitted.get(key, 0) + 1
                total += 1
        now = time.time()
        name = f"batches/{g.new_id('b')}"
        batch = {
            "name": name,
            "metadata": {
                "@type": _BATCH_TYPE, "name": name, "model": f"models/{model}",
                "displayName": spec["displayName"], "inputConfig": {"fileName": file_name},
                "createTime": _iso(now), "updateTime": _iso(now), "state": "BATCH_STATE_PENDING",
                "batchStats": {"requestCount": str(total), "pendingRequestCount": str(total)},
            },
            "done": False, "_t": now, "_delay": state.settings["delay_s"],
            "_settings": dict(state.settings),
        }  # fmt: skip
        g.batches[name] = batch
        state.created += 1
        return web.json_response({k: v for k, v in batch.items() if not k.startswith("_")})

    @r.get("/v1beta/batches")
    async def list_batches(request: web.Request) -> web.Response:
        items = [g.view(b) for b in reversed(g.batches.values())]
        size = int(request.query.get("pageSize", "20"))
        start = int(request.query.get("pageToken", "0") or 0)
        page: dict[str, Any] = {"operations": items[start : start + size]}
        if start + size < len(items):
            page["nextPageToken"] = str(start + size)
        return web.json_response(page)

    @r.route("*", "/v1beta/batches/{tail}")
    async def batch_op(request: web.Request) -> web.Response:
        batch_id, _, verb = request.match_info["tail"].partition(":")
        batch = g.batches.get(f"batches/{batch_id}")
        if batch is None:
            return _error(404, f"batch {batch_id} not found")
        if verb == "cancel":
            if not batch["done"]:
                batch["metadata"]["state"] = "BATCH_STATE_CANCELLING"
            return web.json_response({})
        return web.json_response(g.view(batch))

    return g
