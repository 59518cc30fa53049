"""The providers' batch APIs through their official SDKs: OpenAI (Files + Batches, also any
OpenAI-compatible server that implements them) and Anthropic (Message Batches); Google
Gemini's lives in ``_gemini_api``; ``_provider_registry`` picks one for a request.

Each provider turns a sample into one batch line whose body is what the live path sends
(litellm's own request transformation), uploads or submits a batch tagged with our batch ref,
finds a batch by that tag after a crash, reports progress, and streams results one line at a
time as :class:`LineResult`. Why the SDKs and not litellm's batch functions: ``design/batch.md``.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from gralgo.errors import ConfigError
from gralgo.ledger import Request, SampleLogprobs, logprobs_from_response, parse_custom_id
from gralgo.run._direct_client import _FINISH_REASONS, parse_body, wire_model

COMPLETION_WINDOW_S = 24 * 3600.0
"""Both providers finish or expire a batch within 24 hours."""
BATCH_PROVIDERS = ("openai", "anthropic", "gemini")
UNDECIDED = "undecided"
"""What ``find`` returns when a batch may be ours but cannot be told yet (keep the intent)."""


@dataclass(frozen=True)
class Limits:
    """Per-batch limits of a provider (documented; a batch is split to stay under both)."""

    max_requests: int
    max_bytes: int


# OpenAI: 50,000 requests and 200 MB per input file. Anthropic: 100,000 requests or 256 MB.
LIMITS = {
    "openai": Limits(50_000, 200 * 1024 * 1024),
    "anthropic": Limits(100_000, 256 * 1024 * 1024),
}


@dataclass(frozen=True)
class BatchStatus:
    """A batch as the provider reports it now."""

    status: str
    """The provider's word (``in_progress``, ``completed``, ``ended``...)."""
    done: int
    """Requests finished (succeeded or failed)."""
    total: int
    final: bool
    """No request will change any more: collect it."""


@dataclass(frozen=True)
class LineResult:
    """One line of a batch's results."""

    custom_id: str
    fields: dict[str, Any] | None
    """Ledger fields of a successful reply; ``None`` when the request failed."""
    error_class: str | None = None
    error_message: str | None = None
    logprobs: SampleLogprobs | None = None
    """Token logprobs of the reply when the line carries them (stored if the request asked)."""


def provider_of(request: Request) -> str:
    """``openai``, ``anthropic`` or ``gemini`` for a request's model; ``ConfigError`` for any
    other (or for Gemini without its SDK)."""
    prefix = request.model.litellm_model.split("/", 1)[0]
    if prefix == "anthropic":
        return "anthropic"
    if prefix in ("openai", "hosted_vllm"):
        return "openai"
    if prefix == "gemini":
        import importlib.util

        if importlib.util.find_spec("google.genai") is None:
            raise ConfigError(
                "run.batch=on with a Gemini model needs the google-genai SDK: pip install "
                "google-genai==3.3.0 (or set run.batch=off)"
            )
        return "gemini"
    raise ConfigError(
        f"run.batch=on: {request.model.litellm_model!r} has no batch API here (supported: "
        "openai/..., anthropic/..., gemini/... and OpenAI-compatible servers that implement "
        "/v1/batches); set run.batch=off"
    )


def _api_key(request: Request) -> str:
    env = request.model.api_key_env
    value = os.environ.get(env) if env else None
    if not value:
        raise ConfigError(
            f"run.batch=on needs the API key: model.api_key_env names ${env}, which is not set"
        )
    return value


def _live_params(request: Request, index: int) -> dict[str, Any]:
    """The generation parameters the live runner passes litellm for sample ``index``."""
    params = dict(request.sampling.as_request_fields(request.model.drop_params))
    if "seed" in params:
        params["seed"] = int(params["seed"]) + index
    return params


def _litellm_optional_params(request: Request, index: int, provider: str) -> dict[str, Any]:
    """litellm's mapping of our parameters to the provider's (as ``acompletion`` does it)."""
    params = _live_params(request, index)
    seed = params.pop("seed", None)
    if seed is not None:  # mapped once with a placeholder: the seed passes through unchanged
        params["seed"] = 0
    try:
        optional = dict(_mapped(wire_model(request.model), provider, tuple(sorted(params.items()))))
    except Exception as err:  # litellm's UnsupportedParamsError: the live call fails the same way
        raise ConfigError(
            f"run.batch=on: {request.model.litellm_model} rejects a parameter ({err}); list it "
            "in model.drop_params"
        ) from None
    if "seed" in optional:
        optional["seed"] = seed
    return optional


@functools.cache
def _mapped(model: str, provider: str, params: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """``get_optional_params`` once per (model, parameters): a batch repeats them per line."""
    import logging

    from gralgo.run._litellm_response import load_litellm

    load_litellm()  # first: it keeps litellm on its bundled price map (no network)
    from litellm.utils import get_optional_params

    logging.getLogger("LiteLLM").setLevel(logging.WARNING)
    optional = get_optional_params(model=model, custom_llm_provider=provider, **dict(params))
    optional.pop("stream", None)
    # Parameters litellm passes on as extra_body: the OpenAI SDK merges them into the body.
    extra = optional.pop("extra_body", None) or {}
    return {**optional, **extra}


class Provider(Protocol):
    name: str
    limits: Limits

    def line(self, request: Request, index: int, custom_id: str) -> dict[str, Any]: ...
    def upload(self, lines_path: Path, batch_ref: str) -> str | None: ...
    def create(self, file_id: str | None, lines_path: Path, metadata: dict[str, str]) -> str: ...
    def find(
        self, batch_ref: str, created_after: float, requests: int, custom_ids: Collection[str] = ()
    ) -> str | None: ...
    def stray_files(self, batch_ref: str) -> list[str]: ...
    def delete_file(self, file_id: str) -> None: ...
    def status(self, batch_id: str) -> BatchStatus: ...
    def results(self, batch_id: str) -> Iterator[LineResult]: ...
    def cancel(self, batch_id: str) -> None: ...
    def cleanup(self, batch_id: str) -> None: ...


def file_name(batch_ref: str) -> str:
    """The uploaded request file's name: how a file orphaned by a crash is found again."""
    return f"gralgo-{batch_ref}.jsonl"


class OpenAIBatches:
    """OpenAI's Files + Batches API (``openai`` SDK), for ``/v1/chat/completions``."""

    name = "openai"
    limits = LIMITS["openai"]

    def __init__(self, request: Request) -> None:
        import openai

        self.model = request.model
        self.client = openai.OpenAI(
            api_key=_api_key(request), base_url=request.model.api_base, max_retries=5
        )

    def line(self, request: Request, index: int, custom_id: str) -> dict[str, Any]:
        body = {
            "model": wire_model(request.model),
            "messages": [dict(m) for m in request.messages],
            **_litellm_optional_params(request, index, "openai"),
            **request.model.extra_body,
        }
        return {
            "custom_id": custom_id,
            "method": "POST",
            "url": "/v1/chat/completions",
            "body": body,
        }

    def upload(self, lines_path: Path, batch_ref: str) -> str | None:
        with open(lines_path, "rb") as handle:
            uploaded = self.client.files.create(
                file=(file_name(batch_ref), handle), purpose="batch"
            )
        return str(uploaded.id)

    def create(self, file_id: str | None, lines_path: Path, metadata: dict[str, str]) -> str:
        assert file_id is not None
        batch = self.client.batches.create(
            input_file_id=file_id,
            endpoint="/v1/chat/completions",
            completion_window="24h",
            metadata=metadata,
        )
        return str(batch.id)

    def find(
        self, batch_ref: str, created_after: float, requests: int, custom_ids: Collection[str] = ()
    ) -> str | None:
        """The batch whose metadata names ``batch_ref`` (listing stops at older batches)."""
        for batch in self.client.batches.list(limit=100):
            if (batch.metadata or {}).get("gralgo_ref") == batch_ref:
                return str(batch.id)
            if batch.created_at < created_after - 3600:
                break
        return None

    def stray_files(self, batch_ref: str) -> list[str]:
        name = file_name(batch_ref)
        return [str(f.id) for f in self.client.files.list(purpose="batch") if f.filename == name]

    def delete_file(self, file_id: str) -> None:
        import openai

        try:
            self.client.files.delete(file_id)
        except openai.NotFoundError:
            pass

    def status(self, batch_id: str) -> BatchStatus:
        batch = self.client.batches.retrieve(batch_id)
        counts = batch.request_counts
        done = (counts.completed + counts.failed) if counts else 0
        total = counts.total if counts else 0
        final = batch.status in ("completed", "expired", "cancelled", "failed")
        return BatchStatus(batch.status, done, total, final)

    def results(self, batch_id: str) -> Iterator[LineResult]:
        batch = self.client.batches.retrieve(batch_id)
        for file_id in (batch.output_file_id, batch.error_file_id):
            if not file_id:
                continue
            with self.client.files.with_streaming_response.content(file_id) as response:
                for text in response.iter_lines():
                    if text.strip():
                        yield parse_openai_line(self.model.litellm_model, json.loads(text))

    def cancel(self, batch_id: str) -> None:
        self.client.batches.cancel(batch_id)

    def cleanup(self, batch_id: str) -> None:
        """Delete the batch's input, output and error files once its results are stored."""
        batch = self.client.batches.retrieve(batch_id)
        for file_id in (batch.input_file_id, batch.output_file_id, batch.error_file_id):
            if file_id:
                self.delete_file(file_id)


def _status_class(status: int) -> str:
    """The error class litellm gives an HTTP status (what a live call would store)."""
    return {
        400: "BadRequestError", 401: "AuthenticationError", 403: "PermissionDeniedError",
        404: "NotFoundError", 408: "Timeout", 429: "RateLimitError",
    }.get(status, "InternalServerError" if status >= 500 else "APIError")  # fmt: skip


def _time(value: Any) -> float:
    if isinstance(value, dt.datetime):
        return value.timestamp()
    return dt.datetime.fromisoformat(str(value).replace("Z", "+00:00")).timestamp()


class AnthropicBatches:
    """Anthropic's Message Batches API (``anthropic`` SDK)."""

    name = "anthropic"
    limits = LIMITS["anthropic"]

    def __init__(self, request: Request) -> None:
        import anthropic

        self.model = request.model
        base = request.model.api_base
        self.client = anthropic.Anthropic(
            api_key=_api_key(request),
            base_url=base.removesuffix("/v1") if base else None,
            max_retries=5,
        )

    def line(self, request: Request, index: int, custom_id: str) -> dict[str, Any]:
        optional = _litellm_optional_params(request, index, "anthropic")
        from litellm.llms.anthropic.chat.transformation import AnthropicConfig

        messages: list[Any] = [dict(m) for m in request.messages]
        params = AnthropicConfig().transform_request(
            wire_model(request.model), messages, optional, {}, {}
        )
        return {"custom_id": custom_id, "params": {**params, **request.model.extra_body}}

    def upload(self, lines_path: Path, batch_ref: str) -> str | None:
        return None  # requests travel in the create call

    def create(self, file_id: str | None, lines_path: Path, metadata: dict[str, str]) -> str:
        with open(lines_path, encoding="utf-8") as lines:
            requests = [json.loads(line) for line in lines]
        batch = self.client.messages.batches.create(requests=requests)
        return str(batch.id)

    def find(
        self, batch_ref: str, created_after: float, requests: int, custom_ids: Collection[str] = ()
    ) -> str | None:
        """Anthropic batches carry no metadata: the candidates are the batches created after
        our intent (minus clock skew) with its request count. One candidate is taken (its
        collection stores only lines whose samples the intent holds). Several: each one that
        ended is ours if its results' custom_ids are the intent's samples; while none matches
        and some are still running, ``UNDECIDED`` (the intent and its claims stay; nothing is
        resubmitted). None, or none matching once all ended: ``None`` (see ``design/batch.md``)."""
        found = []
        for batch in self.client.messages.batches.list(limit=100):
            created = _time(batch.created_at)
            if created < created_after - 300:
                break
            counts = batch.request_counts
            total = (
                counts.processing + counts.succeeded + counts.errored + counts.canceled
                + counts.expired
            )  # fmt: skip
            if total == requests:
                found.append(batch)
        if len(found) <= 1:
            return str(found[0].id) if found else None
        wanted = set(custom_ids)
        running = False
        for batch in found:
            if batch.processing_status != "ended":
                running = True
            elif {item.custom_id for item in self.client.messages.batches.results(batch.id)} == (
                wanted
            ):
                return str(batch.id)
        return UNDECIDED if running and wanted else None

    def stray_files(self, batch_ref: str) -> list[str]:
        return []

    def delete_file(self, file_id: str) -> None:
        return None

    def status(self, batch_id: str) -> BatchStatus:
        batch = self.client.messages.batches.retrieve(batch_id)
        c = batch.request_counts
        total = c.processing + c.succeeded + c.errored + c.canceled + c.expired
        return BatchStatus(
            batch.processing_status, total - c.processing, total, batch.processing_status == "ended"
        )

    def results(self, batch_id: str) -> Iterator[LineResult]:
        for item in self.client.messages.batches.results(batch_id):
            yield parse_anthropic_line(item.model_dump())

    def cancel(self, batch_id: str) -> None:
        self.client.messages.batches.cancel(batch_id)

    def cleanup(self, batch_id: str) -> None:
        return None  # results expire at Anthropic after 29 days; nothing uploaded


def parse_anthropic_line(item: dict[str, Any]) -> LineResult:
    """One line of a Message Batch's results (``MessageBatchIndividualResponse``)."""
    result, cid = item["result"], str(item["custom_id"])
    if result["type"] == "succeeded":
        return LineResult(cid, anthropic_fields(result["message"]))
    if result["type"] == "errored":
        error = result["error"]["error"]
        return LineResult(cid, None, _anthropic_class(error["type"]), error.get("message"))
    kind = "BatchExpired" if result["type"] == "expired" else "BatchCancelled"
    return LineResult(cid, None, kind, f"request {result['type']}")


def parse_openai_line(litellm_model: str, line: dict[str, Any]) -> LineResult:
    """One line of a batch's output or error file (OpenAI's documented format)."""
    cid = str(line["custom_id"])
    error = line.get("error")
    response = line.get("response") or {}
    if error:
        code = str(error.get("code") or "")
        kind = {"batch_expired": "BatchExpired", "batch_cancelled": "BatchCancelled"}
        return LineResult(cid, None, kind.get(code, "BatchRequestError"), error.get("message"))
    status = int(response.get("status_code") or 0)
    if status != 200:
        body = response.get("body") or {}
        message = (body.get("error") or {}).get("message") if isinstance(body, dict) else None
        return LineResult(cid, None, _status_class(status), message or f"HTTP {status}")
    body = response["body"]
    return LineResult(
        cid, parse_body(litellm_model, body, priced=False), logprobs=logprobs_from_response(body)
    )


def _anthropic_class(kind: str) -> str:
    return {
        "invalid_request_error": "BadRequestError", "authentication_error": "AuthenticationError",
        "permission_error": "PermissionDeniedError", "not_found_error": "NotFoundError",
        "rate_limit_error": "RateLimitError", "overloaded_error": "InternalServerError",
        "api_error": "InternalServerError", "timeout_error": "Timeout",
    }.get(kind, "APIError")  # fmt: skip


def anthropic_fields(message: dict[str, Any]) -> dict[str, Any]:
    """Ledger fields of an Anthropic message (text blocks: answer; thinking: reasoning)."""
    texts, thoughts = [], []
    for block in message.get("content") or []:
        if block.get("type") == "text":
            texts.append(block.get("text") or "")
        elif block.get("type") == "thinking":
            thoughts.append(block.get("thinking") or "")
    usage = message.get("usage") or {}
    return {
        "answer_text": "".join(texts),
        "reasoning_text": "".join(thoughts) or None,
        "finish_reason": _FINISH_REASONS.get(str(message.get("stop_reason")), "stop"),
        "prompt_tokens": int(usage.get("input_tokens") or 0),
        "completion_tokens": int(usage.get("output_tokens") or 0),
        "reasoning_tokens": None,
        "cost_usd": None,
    }


def custom_pair(custom_id: str) -> tuple[str, int] | None:
    """The (request key, index) of a result line; ``None`` for a line that is not ours."""
    try:
        return parse_custom_id(custom_id)
    except ValueError:
        return None
