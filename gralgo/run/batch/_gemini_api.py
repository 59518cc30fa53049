"""Google Gemini's Batch API (Gemini Developer API) through the official ``google-genai`` SDK.

A batch is a JSONL file uploaded with ``client.files.upload`` (lines ``{"key": <custom id>,
"request": <GenerateContentRequest>}``; the request is the body litellm's Gemini
transformation builds for the live call), submitted with ``client.batches.create(model=...,
src="files/...", config={"display_name": ...})``. The job's ``display_name`` carries our
batch ref (Gemini batches have no metadata): that is how a batch created just before a crash
is found and adopted. Results are one JSONL file (``job.dest.file_name``), downloaded with
``client.files.download(..., destination=...)`` to a temporary file (streamed, so memory stays
flat) and read a line at a time: ``{"key", "response": GenerateContentResponse}`` or
``{"key", "status"|"error": google.rpc.Status}``. Replies become ledger fields through
litellm's own Gemini response transformation, as for live calls.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import tempfile
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

from gralgo.ledger import Request, logprobs_from_response
from gralgo.run._direct_client import wire_model
from gralgo.run.batch._provider_apis import (
    BatchStatus,
    Limits,
    LineResult,
    _api_key,
    _litellm_optional_params,
    _status_class,
    file_name,
)

WINDOW_S = 48 * 3600.0
"""A Gemini batch runs or waits at most 48 hours, then ends as expired (documented)."""
# Documented: an input file up to 2 GB; no request count per batch is documented (only
# enqueued tokens per model and tier), so batches are capped at 50,000 requests like OpenAI's.
LIMITS = Limits(50_000, 2 * 1024**3)
_FINAL = {
    "JOB_STATE_SUCCEEDED": "completed",
    "JOB_STATE_PARTIALLY_SUCCEEDED": "completed",
    "JOB_STATE_FAILED": "failed",
    "JOB_STATE_CANCELLED": "cancelled",
    "JOB_STATE_EXPIRED": "expired",
}
"""Final job states and the word the batch runner uses for them (unanswered lines of an
expired or cancelled batch are pending again as ``BatchExpired`` / ``BatchCancelled``)."""
# google.rpc.Code of a failed line -> the class a live call's HTTP status would give.
_RPC_CLASSES = {
    3: "BadRequestError", 4: "Timeout", 5: "NotFoundError", 7: "PermissionDeniedError",
    8: "RateLimitError", 9: "BadRequestError", 11: "BadRequestError",
    16: "AuthenticationError", 2: "InternalServerError", 13: "InternalServerError",
    14: "InternalServerError",
}  # fmt: skip


def display_name(metadata: dict[str, str]) -> str:
    """The job's display name: ``gralgo_ref=<ref> gralgo_job=<job> gralgo_digest=<digest>``."""
    return " ".join(f"{k}={v}" for k, v in sorted(metadata.items()))


def ref_of(name: str | None) -> str | None:
    """The batch ref a job's display name carries (``None``: not one of ours)."""
    for part in (name or "").split():
        if part.startswith("gralgo_ref="):
            return part.removeprefix("gralgo_ref=")
    return None


class GeminiBatches:
    """Gemini's Batch API (``google-genai`` SDK), for ``models/{model}:generateContent``."""

    name = "gemini"
    limits = LIMITS
    window_s = WINDOW_S

    def __init__(self, request: Request) -> None:
        from google import genai
        from google.genai import types

        self.model = request.model
        # v1beta: where Google documents the Batch API (the SDK's default is v1), and the
        # version litellm's live calls use.
        options = types.HttpOptions(
            api_version="v1beta", retry_options=types.HttpRetryOptions(attempts=5)
        )
        if request.model.api_base:  # the live path's api_base ends in the API version
            base = request.model.api_base.rstrip("/").removesuffix("/v1beta")
            options.base_url = base + "/"
        self.client = genai.Client(api_key=_api_key(request), http_options=options)

    def line(self, request: Request, index: int, custom_id: str) -> dict[str, Any]:
        return {"key": custom_id, "request": gemini_body(request, index)}

    def upload(self, lines_path: Path, batch_ref: str) -> str | None:
        uploaded = self.client.files.upload(
            file=lines_path, config={"display_name": file_name(batch_ref), "mime_type": "jsonl"}
        )
        return str(uploaded.name)

    def create(self, file_id: str | None, lines_path: Path, metadata: dict[str, str]) -> str:
        assert file_id is not None
        job = self.client.batches.create(
            model=wire_model(self.model),
            src=file_id,
            config={"display_name": display_name(metadata)},
        )
        return str(job.name)

    def find(
        self, batch_ref: str, created_after: float, requests: int, custom_ids: Collection[str] = ()
    ) -> str | None:
        """The job whose display name carries ``batch_ref`` (newest first; listing stops an
        hour before the intent)."""
        for job in self.client.batches.list(config={"page_size": 100}):
            if ref_of(job.display_name) == batch_ref:
                return str(job.name)
            if job.create_time is not None and _time(job.create_time) < created_after - 3600:
                break
        return None

    def stray_files(self, batch_ref: str) -> list[str]:
        name = file_name(batch_ref)
        return [str(f.name) for f in self.client.files.list() if f.display_name == name]

    def delete_file(self, file_id: str) -> None:
        from google.genai import errors

        try:
            self.client.files.delete(name=file_id)
        except errors.ClientError as err:
            if err.code != 404:
                raise

    def status(self, batch_id: str) -> BatchStatus:
        """The SDK's ``BatchJob`` gives the state, not Gemini's request counts: a running
        batch reports no progress, a final one all of it."""
        job = self.client.batches.get(name=batch_id)
        state = job.state.name if job.state is not None else "JOB_STATE_UNSPECIFIED"
        word = _FINAL.get(state)
        return BatchStatus(word or state, 0, 0, word is not None)

    def results(self, batch_id: str) -> Iterator[LineResult]:
        job = self.client.batches.get(name=batch_id)
        source = job.dest.file_name if job.dest is not None else None
        if not source:
            return  # a failed or expired job has no results
        with tempfile.TemporaryDirectory(prefix="gralgo-gemini-") as folder:
            path = Path(folder) / "results.jsonl"
            self.client.files.download(file=source, destination=path)
            with open(path, encoding="utf-8") as lines:
                for text in lines:
                    if text.strip():
                        yield parse_gemini_line(self.model.litellm_model, json.loads(text))

    def cancel(self, batch_id: str) -> None:
        self.client.batches.cancel(name=batch_id)

    def cleanup(self, batch_id: str) -> None:
        """Delete the request file (found by the ref in the job's name) and the results file."""
        job = self.client.batches.get(name=batch_id)
        ref = ref_of(job.display_name)
        doomed = self.stray_files(ref) if ref else []
        if job.dest is not None and job.dest.file_name:
            doomed.append(job.dest.file_name)
        for file_id in doomed:
            self.delete_file(file_id)


def _time(value: Any) -> float:
    if isinstance(value, dt.datetime):
        return value.timestamp()
    return dt.datetime.fromisoformat(str(value).replace("Z", "+00:00")).timestamp()


def gemini_body(request: Request, index: int) -> dict[str, Any]:
    """The GenerateContentRequest body a live litellm call sends for sample ``index``."""
    from gralgo.run._litellm_response import load_litellm

    load_litellm()  # first: it keeps litellm on its bundled price map (no network)
    from litellm.llms.vertex_ai.gemini.transformation import (
        _with_default_output_budget,
        transform_request_body,
    )

    model = wire_model(request.model)
    optional = _litellm_optional_params(request, index, "gemini")
    messages: list[Any] = [dict(m) for m in request.messages]
    body = transform_request_body(
        messages=messages, model=model, optional_params=optional,
        custom_llm_provider="gemini", litellm_params={}, cached_content=None,
    )  # fmt: skip
    return {**_with_default_output_budget(body, model, "gemini", None), **request.model.extra_body}


def parse_gemini_line(litellm_model: str, line: dict[str, Any]) -> LineResult:
    """One line of a Gemini batch's results file."""
    key = str(line.get("key", ""))
    failure = line.get("status") or line.get("error")
    response = line.get("response")
    if failure or not isinstance(response, dict):
        failure = failure if isinstance(failure, dict) else {}
        code = int(failure.get("code") or 0)
        kind = _status_class(code) if code >= 400 else _RPC_CLASSES.get(code, "BatchRequestError")
        return LineResult(key, None, kind, str(failure.get("message") or "no response"))
    fields, converted = gemini_fields(litellm_model, response)
    return LineResult(key, fields, logprobs=logprobs_from_response(converted))


@functools.cache
def _ok_response() -> Any:
    """The HTTP response litellm's transformation is handed (read only; built once)."""
    import httpx

    return httpx.Response(200)


def gemini_fields(litellm_model: str, response: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """Ledger fields of a GenerateContentResponse through litellm's Gemini transformation (the
    live path's), with the ModelResponse (whose logprobs are kept); the caller prices it."""
    import types

    from gralgo.run._litellm_response import load_litellm, parse_response

    litellm = load_litellm()
    from litellm.llms.gemini.chat.transformation import GoogleAIStudioGeminiConfig

    logging_obj: Any = types.SimpleNamespace(optional_params={}, litellm_params={})
    config: Any = GoogleAIStudioGeminiConfig()
    converted = config._transform_google_generate_content_to_openai_model_response(
        completion_response=response, model_response=litellm.ModelResponse(),
        model=litellm_model.split("/", 1)[-1], logging_obj=logging_obj,
        raw_response=_ok_response(),
    )  # fmt: skip
    hidden = getattr(converted, "_hidden_params", None)
    if isinstance(hidden, dict):  # priced by the caller at the batch price: skip litellm's
        hidden["response_cost"] = None
    fields = parse_response(litellm, converted)
    fields["cost_usd"] = None
    return fields, converted
