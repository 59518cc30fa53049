"""Records shared by the runner, the ledger and scoring."""

from __future__ import annotations

import functools
import json
import json.encoder
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gralgo.seeding import stable_hash


@dataclass(frozen=True)
class ModelSpec:
    """Where and how to call a model (resolved from ``conf/model/*.yaml``); holds no secret."""

    name: str
    """Short display name used in tables and MLflow tags (e.g. ``gpt-5-mini``)."""
    litellm_model: str
    """The litellm model string (``openai/gpt-5-mini``, ``deepseek/deepseek-reasoner``...)."""
    api_base: str | None = None
    """Endpoint URL for self-hosted servers; ``None`` for the provider default."""
    api_key_env: str | None = None
    """Name of the environment variable that holds the API key (never the key itself)."""
    extra_body: dict[str, Any] = field(default_factory=dict)
    """Provider-specific request fields (e.g. ``chat_template_kwargs`` for Qwen3 thinking)."""
    drop_params: tuple[str, ...] = ()
    """Generation parameters this provider rejects; dropped and reported once."""
    endpoint_id: str | None = None
    """Stable identity used in request keys instead of ``api_base`` (a managed local server gets
    a new loopback port each run, but it is the same model file and server)."""


@dataclass(frozen=True)
class SamplingParams:
    """Generation parameters; every field is part of the request key."""

    temperature: float = 0.6
    top_p: float = 0.95
    min_p: float = 0.0
    max_tokens: int = 32768
    seed: int | None = None
    logprobs: bool | None = None
    """Ask for token log-probabilities; ``None`` is not sent (and leaves request keys as before)."""
    top_logprobs: int | None = None
    """Alternatives per token with ``logprobs``; ``None`` is not sent."""

    def as_request_fields(self, dropped: tuple[str, ...] = ()) -> dict[str, Any]:
        """Fields sent to litellm, without the dropped ones and without ``None`` values."""
        fields = {
            "temperature": self.temperature,
            "top_p": self.top_p,
            "min_p": self.min_p,
            "max_tokens": self.max_tokens,
            "seed": self.seed,
            "logprobs": self.logprobs,
            "top_logprobs": self.top_logprobs,
        }
        return {k: v for k, v in fields.items() if v is not None and k not in dropped}


@dataclass(frozen=True)
class Request:
    """One prompt to one model with fixed generation parameters; sampled ``k`` times."""

    instance_id: str
    messages: tuple[dict[str, str], ...]
    model: ModelSpec
    sampling: SamplingParams
    mode: str = "direct"
    """How the model is driven: ``direct`` (one answer) or another mode such as tool use."""

    @functools.cached_property
    def key(self) -> str:
        """Hash of everything that can change a response (not the instance id, not secrets).

        Computed once per request (prompts are long; runs look keys up many times).
        """
        return self._key_of(messages_json(self.messages)[0])

    def stored_messages(self) -> str:
        """The messages as the ledger's ``requests`` table holds them (sorted keys, no spaces);
        the key is computed on the way when it was not yet (each prompt escaped once for both)."""
        spaced, compact = messages_json(self.messages)
        if "key" not in self.__dict__:
            self.__dict__["key"] = self._key_of(spaced)  # where functools.cached_property keeps it
        return compact

    def _key_of(self, messages: str) -> str:
        """The key, given ``json.dumps(list(self.messages), sort_keys=True, ensure_ascii=False)``:
        the hash of ``json.dumps(payload, sort_keys=True, ensure_ascii=False)`` built around it."""
        before, after = _payload_around_messages(self.model, self.sampling, self.mode)
        return stable_hash(before + messages + after, length=32)


_AROUND: list[tuple[ModelSpec, SamplingParams, str, tuple[str, str]]] = []
"""The last model spec, sampling and mode keyed, with their payload's text: requests share them."""


def _payload_around_messages(
    model: ModelSpec, sampling: SamplingParams, mode: str
) -> tuple[str, str]:
    """The key payload's JSON before and after the messages' JSON (made once per spec object)."""
    last = _AROUND[0] if _AROUND else None
    if last is not None and last[0] is model and last[1] is sampling and last[2] == mode:
        return last[3]
    payload = {
        "model": model.litellm_model,
        "api_base": model.endpoint_id or model.api_base,
        "extra_body": model.extra_body,
        "params": sampling.as_request_fields(model.drop_params),
    }
    if mode != "direct":  # keys made before modes existed stay valid
        payload["mode"] = mode
    items = [(name, _dumps(value)) for name, value in payload.items()]
    items.append(("messages", "\0"))  # where the messages go (JSON escapes a real NUL)
    text = ", ".join(f"{_encode_text(name)}: {value}" for name, value in sorted(items))
    before, after = ("{" + text + "}").split("\0")
    _AROUND[:] = [(model, sampling, mode, (before, after))]
    return before, after


_encode_text = json.encoder.encode_basestring
"""A string as ``json.dumps(..., ensure_ascii=False)`` writes it (the C escaper when present)."""


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def messages_json(messages: Sequence[Any]) -> tuple[str, str]:
    """``json.dumps(list(messages), sort_keys=True, ensure_ascii=False)`` and the same with
    ``separators=(",", ":")``, escaping each text once for both.

    The fast path takes messages that are dicts of strings (every prompt gralgo builds); any
    other value goes through :func:`json.dumps` twice.
    """
    spaced: list[str] = []  # pieces joined once at the end: a prompt's text is copied once
    compact: list[str] = []
    for message in messages:
        if type(message) is not dict or not all(
            type(k) is str and type(v) is str for k, v in message.items()
        ):
            plain = list(messages)
            return _dumps(plain), json.dumps(
                plain, sort_keys=True, ensure_ascii=False, separators=(",", ":")
            )
        spaced.append(", {" if spaced else "{")
        compact.append(",{" if compact else "{")
        for n, (name, text) in enumerate(sorted(message.items())):
            name_json, text_json = _encode_text(name), _encode_text(text)
            spaced.extend((", " if n else "", name_json, ": ", text_json))
            compact.extend(("," if n else "", name_json, ":", text_json))
        spaced.append("}")
        compact.append("}")
    return "[" + "".join(spaced) + "]", "[" + "".join(compact) + "]"


@dataclass(frozen=True)
class SampleRecord:
    """One completed (or failed) sample of a request, as stored in the ledger."""

    request_key: str
    """:attr:`Request.key` of the request this answers."""
    sample_index: int
    """0..k-1; (request_key, sample_index) is unique in the ledger."""
    instance_id: str
    """The dataset instance that the request was built from."""
    model: str
    """litellm model string, for filtering."""
    answer_text: str | None = None
    """The final answer content (never the reasoning)."""
    reasoning_text: str | None = None
    """Reasoning / thinking text when the provider returns it separately."""
    finish_reason: str | None = None
    """``stop``, ``length``, ... as reported by the provider."""
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    cost_usd: float | None = None
    """Cost in USD when the price is known (the batch price for a batch sample), else ``None``."""
    latency_s: float | None = None
    started_at: float | None = None
    """Unix time the call started."""
    finished_at: float | None = None
    error_class: str | None = None
    """Exception class name when the sample failed; ``None`` on success."""
    error_message: str | None = None
    """Error text with secrets redacted."""
    attempts: int = 1
    """How many calls this sample took (retries included)."""
    transcript: str | None = None
    """JSON of the whole conversation in tool mode; ``None`` for a direct answer."""
    batch_ref: str | None = None
    """The provider batch that answered it (``BatchRecord.batch_ref``); ``None``: a live call.
    Its price is the batch price (``gralgo.run.batch_rates``)."""

    @property
    def ok(self) -> bool:
        return self.error_class is None


@dataclass(frozen=True)
class RequestInfo:
    """One row of the ledger's ``requests`` table: what was asked, so a ledger describes itself."""

    request_key: str
    """:attr:`Request.key`."""
    instance_id: str
    """The dataset instance the request was built from."""
    task: str
    taxonomy: str
    """enumeration / exploration / intuition."""
    complexity: str
    """easy / medium / hard."""
    level: int
    """Size level 1..6 (0 for long-context instances)."""
    format: str
    """Graph serialisation format of the prompt."""
    context: str
    """``standard`` or a long-context variant such as ``8k``."""
    mode: str
    """:attr:`Request.mode`."""
    answer_kind: str
    """``integer`` or ``node``."""
    expected: str
    """The expected answer as the prompt shows it."""
    model_spec: str
    """JSON of the :class:`ModelSpec`, secrets redacted."""
    sampling: str
    """JSON of the :class:`SamplingParams` as configured."""
    messages: str
    """JSON of the messages sent."""
