"""A loopback stub of the OpenAI Files + Batches API, the Anthropic Message Batches API and
Gemini's Batch API (``_batch_stub_gemini``).

Test support, not part of a benchmark run. Run it as a script (standard library and aiohttp
only): ``python gralgo/testing/batch_stub_server.py --port 0 --dir DIR``; it prints
``LISTENING <port>``. :func:`gralgo.testing.start_batch_stub` does this and returns a handle.
Objects and files follow the providers' documented shapes (tests validate them against the
official SDKs' types):

- OpenAI: ``POST /v1/files`` (multipart, ``purpose=batch``), ``GET /v1/files``,
  ``GET /v1/files/{id}``, ``GET /v1/files/{id}/content``, ``DELETE /v1/files/{id}``;
  ``POST /v1/batches``, ``GET /v1/batches`` (cursor ``after``), ``GET /v1/batches/{id}``,
  ``POST /v1/batches/{id}/cancel``. Output and error files are JSONL as documented.
- Anthropic: ``POST /v1/messages/batches``, ``GET /v1/messages/batches`` (``after_id``),
  ``GET /v1/messages/batches/{id}``, ``POST .../cancel``, ``GET .../results`` (JSONL).

A batch finishes ``delay_s`` after creation (its request counts grow in between); one created
under ``hold`` runs until ``/control`` gets ``release`` and finishes ``delay_s`` after that (a
test decides when such a batch ends instead of guessing a delay); every
``fail_every``-th line fails (HTTP 500 as OpenAI reports it, ``api_error`` for Anthropic);
``expire`` ends batches as expired after answering ``expire_fraction`` of their lines;
``cancel`` keeps the lines answered so far. Answers are ``\\boxed{<prompt length>}``, or the
scripted reply ``answers[<prompt>]`` (exact last user message, e.g. a judge's question), with
token logprobs when the request asks for them (``logprobs``).
``POST /control`` sets these; ``GET /stats`` returns ``paid`` (answered lines per custom_id,
over all batches), ``submitted`` (lines per custom_id in created batches), ``batches``,
``files`` (request files alive), ``deleted_files``, ``created``, ``live`` and ``events``
(``["create", time]`` per batch created, ``["results", time]`` per result download).
Output files are written line by line to ``--dir``, so 50,000-line batches stay cheap. Live
calls (``POST /v1/chat/completions``, ``POST /v1/messages``) are answered too and their bodies
kept (``live`` in the stats), so tests compare them with the batch lines.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import itertools
import json
import time
from pathlib import Path
from typing import Any

from aiohttp import web

try:  # run as a script (tests start it so) or imported as a module
    from _batch_stub_gemini import gemini_routes  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    from gralgo.testing._batch_stub_gemini import gemini_routes

_ids = itertools.count(1)


def _new_id(prefix: str) -> str:
    return f"{prefix}{next(_ids):08d}{int(time.time() * 1000) % 100000:05d}"


def _iso(t: float | None) -> str | None:
    if t is None:
        return None
    return dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class State:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.settings: dict[str, Any] = {
            "delay_s": 0.0, "hold": False, "fail_every": 0, "expire": False,
            "expire_fraction": 0.5, "reasoning": False, "answers": {},
        }  # fmt: skip
        self.gemini: Any = None
        """The Gemini side (``_batch_stub_gemini.GeminiState``)."""
        self.files: dict[str, dict[str, Any]] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self.anthropic: dict[str, dict[str, Any]] = {}
        self.paid: dict[str, int] = {}
        self.submitted: dict[str, int] = {}
        self.live: list[dict[str, Any]] = []
        self.deleted_files = 0
        self.created = 0
        self.events: list[tuple[str, float]] = []
        """``("create", t)`` per batch created, ``("results", t)`` per result download."""


def _answer(prompt: str, answers: dict[str, str] | None = None) -> str:
    """The scripted reply to this exact prompt (``answers``), else ``\\boxed{<length>}``."""
    return (answers or {}).get(prompt, f"\\boxed{{{len(prompt)}}}")


def _prompt(messages: list[dict[str, Any]]) -> str:
    content = messages[-1]["content"]
    if isinstance(content, list):  # Anthropic content blocks
        return "".join(block.get("text", "") for block in content)
    return str(content)


def _logprobs(prompt: str, top_n: int) -> dict[str, Any]:
    """OpenAI's ``choices[].logprobs`` for the stub's answer (``top_n`` alternatives a token)."""
    tokens = ["\\boxed{", str(len(prompt)), "}"]
    content = []
    for i, token in enumerate(tokens):
        chosen = {"token": token, "logprob": -0.25 * (i + 1), "bytes": None}
        others = [{"token": f"x{j}", "logprob": -3.0 - j, "bytes": None} for j in range(top_n - 1)]
        content.append({**chosen, "top_logprobs": [chosen, *others][:top_n]})
    return {"content": content, "refusal": None}


def _chat_body(
    body: dict[str, Any], reasoning: bool, answers: dict[str, str] | None = None
) -> dict[str, Any]:
    prompt = _prompt(body["messages"])
    message: dict[str, Any] = {"role": "assistant", "content": _answer(prompt, answers)}
    if reasoning:
        message["reasoning_content"] = f"thinking about {len(prompt)} characters"
    logprobs = (
        _logprobs(prompt, int(body.get("top_logprobs") or 1)) if body.get("logprobs") else None
    )
    return {
        "id": _new_id("chatcmpl-"), "object": "chat.completion", "created": int(time.time()),
        "model": body["model"],
        "choices": [{"index": 0, "message": message, "finish_reason": "stop",
                     "logprobs": logprobs}],
        "usage": {
            "prompt_tokens": len(prompt.split()), "completion_tokens": 3,
            "total_tokens": len(prompt.split()) + 3,
            "completion_tokens_details": {"reasoning_tokens": 2 if reasoning else 0},
        },
    }  # fmt: skip


def _anthropic_message(
    params: dict[str, Any], reasoning: bool, answers: dict[str, str] | None = None
) -> dict[str, Any]:
    prompt = _prompt(params["messages"])
    content: list[dict[str, Any]] = []
    if reasoning:
        content.append({"type": "thinking", "thinking": "hmm", "signature": "sig"})
    content.append({"type": "text", "text": _answer(prompt, answers), "citations": None})
    return {
        "id": _new_id("msg_"), "type": "message", "role": "assistant", "model": params["model"],
        "content": content, "stop_reason": "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": len(prompt.split()), "output_tokens": 3,
                  "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
    }  # fmt: skip


class Batch:
    """Progress of one batch: how many lines are done by now, and the final status."""

    @staticmethod
    def done_fraction(batch: dict[str, Any], now: float) -> float:
        if batch["_settings"]["hold"]:
            return 0.0
        delay = batch["_delay_s"]
        return 1.0 if delay <= 0 else min(1.0, (now - batch["created_at_f"]) / delay)


def _finish_openai(state: State, batch: dict[str, Any], status: str) -> None:
    """Answer the batch's lines (all, or a fraction when expired/cancelled) into files."""
    source = state.files[batch["input_file_id"]]["path"]
    settings = batch["_settings"]
    total = batch["request_counts"]["total"]
    if status == "completed":
        answered = total
    elif status == "expired":
        answered = int(total * settings["expire_fraction"])
    else:
        answered = int(total * Batch.done_fraction(batch, time.time()))
    out_id, err_id = _new_id("file-"), _new_id("file-")
    out_path, err_path = state.folder / out_id, state.folder / err_id
    completed = failed = 0
    with (
        open(source, encoding="utf-8") as lines,
        open(out_path, "w", encoding="utf-8") as out,
        open(err_path, "w", encoding="utf-8") as err,
    ):
        for number, line in enumerate(lines, 1):
            request = json.loads(line)
            cid = request["custom_id"]
            if number > answered:
                code = "batch_expired" if status == "expired" else "batch_cancelled"
                message = "This request could not be executed before the completion window expired."
                err.write(json.dumps({
                    "id": _new_id("batch_req_"), "custom_id": cid, "response": None,
                    "error": {"code": code, "message": message},
                }) + "\n")  # fmt: skip
                failed += 1
                continue
            every = settings["fail_every"]
            if every and number % every == 0:
                err.write(json.dumps({
                    "id": _new_id("batch_req_"), "custom_id": cid,
                    "response": {"status_code": 500, "request_id": _new_id("req_"), "body": {
                        "error": {"message": "The server had an error", "type": "server_error",
                                  "param": None, "code": None}}},
                    "error": None,
                }) + "\n")  # fmt: skip
                failed += 1
                continue
            state.paid[cid] = state.paid.get(cid, 0) + 1
            out.write(json.dumps({
                "id": _new_id("batch_req_"), "custom_id": cid,
                "response": {"status_code": 200, "request_id": _new_id("req_"),
                             "body": _chat_body(request["body"], settings["reasoning"],
                                                settings["answers"])},
                "error": None,
            }) + "\n")  # fmt: skip
            completed += 1
    now = int(time.time())
    for file_id, path in ((out_id, out_path), (err_id, err_path)):
        state.files[file_id] = _file_object(file_id, path, "batch_output", path.stat().st_size)
    batch.update(
        status=status, output_file_id=out_id, error_file_id=err_id,
        request_counts={"total": total, "completed": completed, "failed": failed},
    )  # fmt: skip
    batch[{"completed": "completed_at", "expired": "expired_at"}.get(status, "cancelled_at")] = now
    batch["finalizing_at"] = now


def _file_object(file_id: str, path: Path, purpose: str, size: int) -> dict[str, Any]:
    return {
        "id": file_id, "object": "file", "bytes": size, "created_at": int(time.time()),
        "filename": path.name, "purpose": purpose, "status": "processed", "path": path,
    }  # fmt: skip


def _public(obj: dict[str, Any]) -> dict[str, Any]:
    """The object as the API shows it (no internal fields)."""
    hidden = ("path", "created_at_f")
    return {k: v for k, v in obj.items() if not k.startswith("_") and k not in hidden}


def _openai_view(state: State, batch: dict[str, Any]) -> dict[str, Any]:
    now = time.time()
    if batch["status"] in ("validating", "in_progress"):
        settings = batch["_settings"]
        fraction = Batch.done_fraction(batch, now)
        if fraction >= 1.0:
            _finish_openai(state, batch, "expired" if settings["expire"] else "completed")
        else:
            batch["status"] = "in_progress"
            batch["in_progress_at"] = batch["in_progress_at"] or int(now)
            total = batch["request_counts"]["total"]
            batch["request_counts"] = {
                "total": total,
                "completed": int(total * fraction),
                "failed": 0,
            }
    elif batch["status"] == "cancelling":
        _finish_openai(state, batch, "cancelled")
    return _public(batch)


def _page(items: list[dict[str, Any]], after: str | None, limit: int) -> dict[str, Any]:
    ids = [item["id"] for item in items]
    start = ids.index(after) + 1 if after in ids else 0
    data = items[start : start + limit]
    return {
        "object": "list", "data": data, "has_more": start + limit < len(items),
        "first_id": data[0]["id"] if data else None, "last_id": data[-1]["id"] if data else None,
    }  # fmt: skip


def routes(state: State) -> web.RouteTableDef:
    r = web.RouteTableDef()

    @r.post("/v1/files")
    async def upload(request: web.Request) -> web.Response:
        reader = await request.multipart()
        purpose, file_id, path, name, size = "", _new_id("file-"), None, "", 0
        async for field in reader:
            part: Any = field  # BodyPartReader: the form's fields are not nested
            if part.name == "purpose":
                purpose = (await part.read()).decode()
            elif part.name == "file":
                name = part.filename or "upload.jsonl"
                path = state.folder / file_id
                with open(path, "wb") as out:
                    while chunk := await part.read_chunk():
                        out.write(chunk)
                        size += len(chunk)
        if path is None or purpose != "batch":
            return web.json_response(
                {"error": {"message": "file and purpose=batch needed"}}, status=400
            )
        state.files[file_id] = _file_object(file_id, path, purpose, size)
        state.files[file_id]["filename"] = name
        return web.json_response(_public(state.files[file_id]))

    @r.get("/v1/files")
    async def list_files(request: web.Request) -> web.Response:
        purpose = request.query.get("purpose")
        items = [_public(f) for f in state.files.values() if purpose in (None, f["purpose"])]
        limit = int(request.query.get("limit", "10000"))
        return web.json_response(_page(items, request.query.get("after"), limit))

    @r.get("/v1/files/{id}")
    async def get_file(request: web.Request) -> web.Response:
        found = state.files.get(request.match_info["id"])
        if found is None:
            return web.json_response({"error": {"message": "no such file"}}, status=404)
        return web.json_response(_public(found))

    @r.get("/v1/files/{id}/content")
    async def content(request: web.Request) -> web.StreamResponse:
        found = state.files.get(request.match_info["id"])
        if found is None:
            return web.json_response({"error": {"message": "no such file"}}, status=404)
        if found["purpose"] == "batch_output":
            state.events.append(("results", time.time()))
        return web.FileResponse(found["path"])

    @r.delete("/v1/files/{id}")
    async def delete_file(request: web.Request) -> web.Response:
        file_id = request.match_info["id"]
        if state.files.pop(file_id, None) is None:
            return web.json_response({"error": {"message": "no such file"}}, status=404)
        state.deleted_files += 1
        return web.json_response({"id": file_id, "object": "file", "deleted": True})

    @r.post("/v1/batches")
    async def create(request: web.Request) -> web.Response:
        body = await request.json()
        source = state.files.get(body.get("input_file_id", ""))
        if source is None or body.get("completion_window") != "24h":
            return web.json_response({"error": {"message": "bad batch"}}, status=400)
        total = 0
        with open(source["path"], encoding="utf-8") as lines:
            for line in lines:
                cid = json.loads(line)["custom_id"]
                state.submitted[cid] = state.submitted.get(cid, 0) + 1
                total += 1
        now = time.time()
        batch = {
            "id": _new_id("batch_"), "object": "batch", "endpoint": body["endpoint"],
            "errors": None, "input_file_id": source["id"], "completion_window": "24h",
            "status": "validating", "output_file_id": None, "error_file_id": None,
            "created_at": int(now), "in_progress_at": None, "expires_at": int(now) + 86400,
            "finalizing_at": None, "completed_at": None, "failed_at": None, "expired_at": None,
            "cancelling_at": None, "cancelled_at": None,
            "request_counts": {"total": total, "completed": 0, "failed": 0},
            "metadata": body.get("metadata"), "created_at_f": now,
            "_delay_s": state.settings["delay_s"], "_settings": dict(state.settings),
        }  # fmt: skip
        state.batches[batch["id"]] = batch
        state.created += 1
        state.events.append(("create", now))
        return web.json_response(_openai_view(state, batch))

    @r.get("/v1/batches")
    async def list_batches(request: web.Request) -> web.Response:
        items = [_openai_view(state, b) for b in reversed(state.batches.values())]
        limit = int(request.query.get("limit", "20"))
        return web.json_response(_page(items, request.query.get("after"), limit))

    @r.get("/v1/batches/{id}")
    async def retrieve(request: web.Request) -> web.Response:
        batch = state.batches.get(request.match_info["id"])
        if batch is None:
            return web.json_response({"error": {"message": "no such batch"}}, status=404)
        view = await asyncio.to_thread(_openai_view, state, batch)
        return web.json_response(view)

    @r.post("/v1/batches/{id}/cancel")
    async def cancel(request: web.Request) -> web.Response:
        batch = state.batches[request.match_info["id"]]
        if batch["status"] in ("validating", "in_progress"):
            batch["status"], batch["cancelling_at"] = "cancelling", int(time.time())
        return web.json_response(_public(batch))

    anthropic_routes(r, state)
    state.gemini = gemini_routes(r, state)

    @r.post("/v1/chat/completions")
    async def live_chat(request: web.Request) -> web.Response:
        body = await request.json()
        state.live.append(body)
        return web.json_response(
            _chat_body(body, state.settings["reasoning"], state.settings["answers"])
        )

    @r.post("/v1/messages")
    async def live_message(request: web.Request) -> web.Response:
        body = await request.json()
        state.live.append(body)
        return web.json_response(
            _anthropic_message(body, state.settings["reasoning"], state.settings["answers"])
        )

    @r.post("/control")
    async def control(request: web.Request) -> web.Response:
        settings = await request.json()
        if settings.pop("release", False):
            _release(state)
        state.settings.update(settings)
        return web.json_response(state.settings)

    @r.get("/stats")
    async def stats(request: web.Request) -> web.Response:
        return web.json_response({
            "paid": state.paid, "submitted": state.submitted,
            "batches": len(state.batches) + len(state.anthropic) + len(state.gemini.batches),
            "files": len([f for f in state.files.values() if f["purpose"] == "batch"])
            + len([f for f in state.gemini.files.values() if f["source"] == "UPLOADED"]),
            "deleted_files": state.deleted_files, "created": state.created, "live": state.live,
            "events": state.events,
        })  # fmt: skip

    return r


def _release(state: State) -> None:
    """Batches created under ``hold`` stop running on: each finishes ``delay_s`` from now."""
    now = time.time()
    for batch in [*state.batches.values(), *state.anthropic.values()]:
        if batch["_settings"]["hold"]:
            batch["_settings"]["hold"], batch["created_at_f"] = False, now
    for batch in state.gemini.batches.values():
        if batch["_settings"]["hold"]:
            batch["_settings"]["hold"], batch["_t"] = False, now


def _anthropic_finish(state: State, batch: dict[str, Any], how: str) -> None:
    settings = batch["_settings"]
    requests = batch["_requests"]
    total = len(requests)
    if how == "ended":
        answered = int(total * settings["expire_fraction"]) if settings["expire"] else total
    else:
        answered = int(total * Batch.done_fraction(batch, time.time()))
    counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
    path = state.folder / f"{batch['id']}.jsonl"
    with open(path, "w", encoding="utf-8") as out:
        for number, item in enumerate(requests, 1):
            cid = item["custom_id"]
            every = settings["fail_every"]
            if number > answered:
                kind = "expired" if how == "ended" else "canceled"
                result: dict[str, Any] = {"type": kind}
            elif every and number % every == 0:
                kind = "errored"
                result = {"type": "errored", "error": {"type": "error", "error": {
                    "type": "api_error", "message": "Internal server error"}}}  # fmt: skip
            else:
                kind = "succeeded"
                state.paid[cid] = state.paid.get(cid, 0) + 1
                message = _anthropic_message(
                    item["params"], settings["reasoning"], settings["answers"]
                )
                result = {"type": "succeeded", "message": message}
            counts[kind] += 1
            out.write(json.dumps({"custom_id": cid, "result": result}) + "\n")
    batch.update(processing_status="ended", request_counts=counts, ended_at=_iso(time.time()))
    batch["results_url"] = f"{batch['_base']}/v1/messages/batches/{batch['id']}/results"
    batch["_results"] = path
    batch["_requests"] = []


def _anthropic_view(state: State, batch: dict[str, Any]) -> dict[str, Any]:
    if batch["processing_status"] == "in_progress":
        fraction = Batch.done_fraction(batch, time.time())
        if fraction >= 1.0:
            _anthropic_finish(state, batch, "ended")
        else:
            total = len(batch["_requests"])
            batch["request_counts"] = {
                "processing": total - int(total * fraction), "succeeded": int(total * fraction),
                "errored": 0, "canceled": 0, "expired": 0,
            }  # fmt: skip
    elif batch["processing_status"] == "canceling":
        _anthropic_finish(state, batch, "canceled")
    return _public(batch)


def anthropic_routes(r: web.RouteTableDef, state: State) -> None:
    @r.post("/v1/messages/batches")
    async def create(request: web.Request) -> web.Response:
        body = await request.json()
        requests = body.get("requests") or []
        if not requests or any(set(i) != {"custom_id", "params"} for i in requests):
            error = {"type": "invalid_request_error", "message": "bad requests"}
            return web.json_response({"type": "error", "error": error}, status=400)
        now = time.time()
        batch = {
            "id": _new_id("msgbatch_"), "type": "message_batch", "processing_status": "in_progress",
            "request_counts": {"processing": len(requests), "succeeded": 0, "errored": 0,
                               "canceled": 0, "expired": 0},
            "ended_at": None, "created_at": _iso(now), "expires_at": _iso(now + 86400),
            "archived_at": None, "cancel_initiated_at": None, "results_url": None,
            "created_at_f": now, "_delay_s": state.settings["delay_s"],
            "_settings": dict(state.settings), "_requests": requests,
            "_base": f"{request.scheme}://{request.host}",
        }  # fmt: skip
        state.anthropic[batch["id"]] = batch
        state.created += 1
        state.events.append(("create", now))
        for item in requests:
            state.submitted[item["custom_id"]] = state.submitted.get(item["custom_id"], 0) + 1
        return web.json_response(_anthropic_view(state, batch))

    @r.get("/v1/messages/batches")
    async def list_batches(request: web.Request) -> web.Response:
        items = [_anthropic_view(state, b) for b in reversed(state.anthropic.values())]
        limit = int(request.query.get("limit", "20"))
        page = _page(items, request.query.get("after_id"), limit)
        page.pop("object")
        return web.json_response(page)

    @r.get("/v1/messages/batches/{id}")
    async def retrieve(request: web.Request) -> web.Response:
        batch = state.anthropic.get(request.match_info["id"])
        if batch is None:
            return web.json_response({"type": "error", "error": {
                "type": "not_found_error", "message": "no such batch"}}, status=404)  # fmt: skip
        return web.json_response(await asyncio.to_thread(_anthropic_view, state, batch))

    @r.post("/v1/messages/batches/{id}/cancel")
    async def cancel(request: web.Request) -> web.Response:
        batch = state.anthropic[request.match_info["id"]]
        if batch["processing_status"] == "in_progress":
            batch["processing_status"] = "canceling"
            batch["cancel_initiated_at"] = _iso(time.time())
        return web.json_response(_public(batch))

    @r.get("/v1/messages/batches/{id}/results")
    async def results(request: web.Request) -> web.StreamResponse:
        batch = state.anthropic[request.match_info["id"]]
        if batch["processing_status"] != "ended":
            return web.json_response({"type": "error", "error": {
                "type": "invalid_request_error", "message": "not ended"}}, status=400)  # fmt: skip
        state.events.append(("results", time.time()))
        return web.FileResponse(batch["_results"])


async def serve(port: int, folder: Path) -> None:
    app = web.Application(client_max_size=1 << 30)
    app.add_routes(routes(State(folder)))
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    server: Any = site._server
    print(f"LISTENING {server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    asyncio.run(serve(args.port, args.dir))


if __name__ == "__main__":
    main()
