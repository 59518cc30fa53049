"""A thin async client for OpenAI-compatible chat endpoints on one pooled aiohttp session.

litellm spends most of the runner's CPU on its own dispatch, HTTP path and per-call pricing
(issue 12: 5.7x the ideal time against a 50 ms loopback server). For self-hosted endpoints that
speak the OpenAI chat API (vLLM, SGLang, llama.cpp, LM Studio, Ollama's ``/v1``) this client
sends the same JSON body litellm sends and turns the reply into the same ledger fields as
:func:`gralgo.run._litellm_response.parse_response`. Failures raise exceptions named like litellm's
(``RateLimitError``, ``InternalServerError``, ``Timeout``...) with ``status_code`` and
``headers``, so :func:`gralgo.run._call_errors.classify` treats them, and the ledger stores them,
exactly as it does litellm's. Prices still come from litellm's price map: looked up once per
model, and litellm is imported only for a model that has a price.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.ledger import ModelSpec
from gralgo.run._call_errors import MalformedResponseError
from gralgo.run._price_map import has_price

if TYPE_CHECKING:
    import aiohttp

CLIENTS = ("auto", "litellm", "direct")
"""Values of ``run.client``."""
# litellm providers whose wire format is the OpenAI chat API, when given a server's api_base.
# OpenAI's own API (``openai/`` without an api_base) stays on litellm: it applies per-model
# rules there (reasoning models get ``max_completion_tokens`` instead of ``max_tokens``).
_OPENAI_COMPATIBLE = frozenset({"openai", "hosted_vllm", "lm_studio", "llamafile"})
# Ollama's native API (litellm's ``ollama_chat``) is not the OpenAI API; its ``/v1`` is. Only
# an explicit ``run.client=direct`` switches such a model over, since replies may differ.
_OLLAMA = frozenset({"ollama", "ollama_chat"})
# litellm 1.110's map_finish_reason for the reasons OpenAI-compatible servers send; anything
# else (and a missing reason) becomes "stop", as litellm does.
_FINISH_REASONS = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "function_call": "function_call",
    "content_filter": "content_filter",
    "content_filtered": "content_filter",
    "eos": "stop",
    "eos_token": "stop",
    "stop_sequence": "stop",
    "end_turn": "stop",
    "max_tokens": "length",
    "model_context_window_exceeded": "length",
    "tool_use": "tool_calls",
    "error": "stop",
}
_CONTEXT_WINDOW = re.compile(
    r"(?i)context[ _]length|maximum context|context window|too many tokens|prompt is too long"
)


class DirectClientError(Exception):
    """Base of the direct client's failures; ``classify`` reads ``status_code`` and ``headers``."""

    def __init__(
        self, message: str, status_code: int | None = None, headers: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.headers = headers or {}


# Named like the litellm exceptions that the same reply raises through litellm 1.110 (measured
# against the loopback stub), so both clients store the same ``error_class``.
class APIError(DirectClientError):
    """An HTTP error status without a more specific class (402, 403, 409, 413, 529...)."""


class BadRequestError(DirectClientError):
    """400 / 422: this request is wrong; retrying it will not help."""


class ContextWindowExceededError(BadRequestError):
    """400 whose message says the prompt is longer than the model's context."""


class AuthenticationError(DirectClientError):
    """401: the key is missing or wrong (stops the run)."""


class NotFoundError(DirectClientError):
    """404: unknown model or wrong api_base (stops the run)."""


class RateLimitError(DirectClientError):
    """429: the endpoint asks us to slow down (Retry-After in ``headers``)."""


class InternalServerError(DirectClientError):
    """500, or a 200 whose body is not a chat completion (litellm reports both as 500)."""


class BadGatewayError(DirectClientError):
    """502."""


class ServiceUnavailableError(DirectClientError):
    """503."""


class Timeout(DirectClientError):
    """No complete reply within the timeout, or a 408 / 504 from the server."""


class APIConnectionError(DirectClientError):
    """The connection failed before any HTTP status (refused, reset, DNS)."""


_STATUS_CLASSES: dict[int, type[DirectClientError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    404: NotFoundError,
    408: Timeout,
    422: BadRequestError,
    429: RateLimitError,
    500: InternalServerError,
    502: BadGatewayError,
    503: ServiceUnavailableError,
    504: Timeout,
}


def _provider(model: ModelSpec) -> str:
    return model.litellm_model.split("/", 1)[0] if "/" in model.litellm_model else "openai"


def self_hosted(litellm_model: str) -> bool:
    """Whether ``litellm_model`` names a provider of servers that speak the OpenAI chat API
    (litellm prices such a model only by its name in the price map, as :func:`has_price`)."""
    provider = litellm_model.split("/", 1)[0] if "/" in litellm_model else ""
    return provider in _OPENAI_COMPATIBLE or provider in _OLLAMA


def supports_direct(model: ModelSpec) -> bool:
    """Whether ``model`` is served over the OpenAI chat API that the direct client speaks."""
    provider = _provider(model)
    return model.api_base is not None and (provider in _OPENAI_COMPATIBLE or provider in _OLLAMA)


def choose_client(model: ModelSpec, choice: str) -> str:
    """``"direct"`` or ``"litellm"`` for ``model`` under ``run.client=choice``.

    ``auto`` picks the direct client for OpenAI-compatible servers (``openai/``,
    ``hosted_vllm/``, ``lm_studio/``, ``llamafile/`` with an api_base) and litellm for everything
    else: OpenAI's own API, Ollama's native API and every other provider.
    """
    if choice not in CLIENTS:
        raise UnknownChoiceError("run.client", choice, CLIENTS)
    if choice == "litellm":
        return "litellm"
    if choice == "direct":
        if not supports_direct(model):
            raise ConfigError(
                f"run.client=direct cannot call {model.litellm_model!r}: the direct client speaks "
                "API of a server given by model.api_base (openai/, hosted_vllm/, lm_studio/, "
                "llamafile/, ollama_chat/); use run.client=litellm or auto"
            )
        return "direct"
    return "direct" if supports_direct(model) and _provider(model) not in _OLLAMA else "litellm"


def chat_url(model: ModelSpec) -> str:
    """The ``/chat/completions`` URL of ``model``'s server (``model.api_base``)."""
    if model.api_base is None:
        raise ConfigError(f"the direct client needs model.api_base for {model.litellm_model!r}")
    base = model.api_base.rstrip("/")
    if _provider(model) in _OLLAMA and not base.endswith("/v1"):
        base += "/v1"
    return f"{base}/chat/completions"


def wire_model(model: ModelSpec) -> str:
    """The model id sent in the body: the litellm model string without its provider prefix."""
    return (
        model.litellm_model.split("/", 1)[1]
        if "/" in model.litellm_model
        else (model.litellm_model)
    )


def request_body(
    model: ModelSpec, messages: Sequence[Mapping[str, str]], params: Mapping[str, Any]
) -> dict[str, Any]:
    """The JSON body litellm sends for an OpenAI-compatible model (extra_body merged at top)."""
    return {"model": wire_model(model), "messages": messages, **params, **model.extra_body}


def encode_body(
    model: ModelSpec, messages: Sequence[Mapping[str, str]], params: Mapping[str, Any]
) -> bytes:
    """The bytes sent: :func:`request_body` as JSON (``json.dumps`` defaults, as litellm)."""
    return json.dumps(request_body(model, messages, params)).encode()


def response_cost(litellm_model: str, body: Mapping[str, Any]) -> float | None:
    """USD cost of a reply, priced by litellm exactly as after ``acompletion``; None if unknown."""
    if not has_price(litellm_model):
        return None
    from gralgo.run._litellm_response import load_litellm

    litellm = load_litellm()
    response = litellm.ModelResponse(**dict(body))
    response._hidden_params["custom_llm_provider"] = litellm_model.split("/", 1)[0]
    try:
        cost = litellm.completion_cost(completion_response=response, model=litellm_model)
    except Exception:  # litellm raises when it cannot price; the cost stays unknown
        return None
    return float(cost) if cost is not None else None


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def parse_body(litellm_model: str, body: Any, priced: bool = True) -> dict[str, Any]:
    """The ledger fields of a chat-completion body, as ``parse_response`` gives them
    (``priced=False``: ``cost_usd`` is left ``None`` for the caller to price)."""
    if not isinstance(body, dict) or "choices" not in body:
        raise InternalServerError("malformed response: no 'choices' in the body", 500)
    choices = body["choices"]
    if not choices:
        raise MalformedResponseError("response has no choices")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        raise MalformedResponseError("first choice has no message")
    raw_usage = body.get("usage")
    usage = raw_usage if isinstance(raw_usage, dict) else {}
    details = usage.get("completion_tokens_details")
    content = message.get("content")
    reasoning = message.get("reasoning_content")
    if reasoning is None:
        reasoning = message.get("reasoning")
    return {
        "answer_text": "" if content is None else str(content),
        "reasoning_text": _text(reasoning),
        "finish_reason": _FINISH_REASONS.get(choice.get("finish_reason"), "stop"),
        "prompt_tokens": int(usage.get("prompt_tokens") or 0),
        "completion_tokens": int(usage.get("completion_tokens") or 0),
        "reasoning_tokens": details.get("reasoning_tokens") if isinstance(details, dict) else None,
        "cost_usd": response_cost(litellm_model, body) if priced else None,
    }


def status_error(status: int, text: str, headers: Mapping[str, str]) -> DirectClientError:
    """The exception for an HTTP error reply, named as litellm names it."""
    try:
        payload = json.loads(text)
        error = payload.get("error") if isinstance(payload, dict) else None
        message = str(error.get("message", error) if isinstance(error, dict) else error or text)
    except ValueError:
        message = text
    cls = _STATUS_CLASSES.get(status, APIError)
    if cls is BadRequestError and _CONTEXT_WINDOW.search(message):
        cls = ContextWindowExceededError
    return cls(f"{cls.__name__} {status}: {message}", status, headers)


class DirectClient:
    """One pooled aiohttp session for all OpenAI-compatible calls of a run (open it in the loop).

    ``max_connections`` bounds the pool (the limiter already bounds calls in flight).
    """

    def __init__(self, timeout_s: float, max_connections: int = 0) -> None:
        self.timeout_s = timeout_s
        self.max_connections = max_connections
        self._session: aiohttp.ClientSession | None = None
        self._urls: dict[tuple[str, str | None], str] = {}
        """``chat_url`` of each (model, api_base)."""
        self._headers: dict[str | None, dict[str, str]] = {}
        """The request headers for each API key in use."""

    def session(self) -> aiohttp.ClientSession:
        if self._session is None:
            import aiohttp

            connector = aiohttp.TCPConnector(limit=self.max_connections, ttl_dns_cache=300)
            self._session = aiohttp.ClientSession(
                connector=connector,
                timeout=aiohttp.ClientTimeout(total=self.timeout_s),
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    def url(self, model: ModelSpec) -> str:
        """``chat_url(model)``, made once per model."""
        key = (model.litellm_model, model.api_base)
        url = self._urls.get(key)
        if url is None:
            url = self._urls[key] = chat_url(model)
        return url

    def headers(self, api_key: str | None) -> dict[str, str]:
        """The request headers for ``api_key`` (made once per key; aiohttp copies them)."""
        headers = self._headers.get(api_key)
        if headers is None:
            headers = self._headers[api_key] = {
                "Authorization": f"Bearer {api_key or 'no-key'}",
                "Content-Type": "application/json",
            }
        return headers

    async def complete(
        self,
        model: ModelSpec,
        messages: Sequence[Mapping[str, str]],
        params: Mapping[str, Any],
        api_key: str | None,
        data: bytes | None = None,
    ) -> dict[str, Any]:
        """Send one chat completion; return its ledger fields or raise a DirectClientError.
        ``data``: :func:`encode_body` of the same arguments, when the caller already has it.
        The session's total timeout bounds the whole call, the body's reading included."""
        import aiohttp

        if data is None:
            data = encode_body(model, messages, params)
        url, headers = self.url(model), self.headers(api_key)
        try:
            async with self.session().post(url, data=data, headers=headers) as reply:
                raw = await reply.read()
                if reply.status >= 400:
                    text = raw.decode("utf-8", errors="replace")
                    raise status_error(reply.status, text, reply.headers)
        except TimeoutError as exc:
            raise Timeout(f"Timeout: no reply within {self.timeout_s:g} s", 408) from exc
        except aiohttp.ClientError as exc:
            raise APIConnectionError(f"APIConnectionError: {exc}") from exc
        try:
            parsed = json.loads(raw)
        except ValueError as exc:  # classified as MalformedResponseError (a bounded retry)
            raise MalformedResponseError(
                f"the server answered {reply.status} with a body that is not JSON ({exc}): "
                f"{raw[:200]!r}"
            ) from exc
        return parse_body(model.litellm_model, parsed)
