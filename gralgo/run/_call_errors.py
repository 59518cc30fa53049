"""Classify model-call failures (retry, give up, stop the run) and redact secrets from messages."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

from gralgo.redaction import redact as redact_secrets

_TRANSIENT_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529})
_RUN_STOPPING_STATUS = frozenset({401, 402, 403, 404})
# litellm / openai class names, checked along the exception's MRO (most specific first).
_RUN_STOPPING_NAMES = frozenset(
    {
        "AuthenticationError",
        "PermissionDeniedError",
        "NotFoundError",
        "BudgetExceededError",
        "PaymentRequiredError",
        "LiteLLMUnknownProvider",
    }
)
_PERMANENT_NAMES = frozenset(
    {
        "BadRequestError",
        "ContextWindowExceededError",
        "ContentPolicyViolationError",
        "UnsupportedParamsError",
        "UnprocessableEntityError",
        "InvalidRequestError",
    }
)
_TRANSIENT_NAMES = frozenset(
    {
        "RateLimitError",
        "Timeout",
        "APITimeoutError",
        "APIConnectionError",
        "InternalServerError",
        "ServiceUnavailableError",
        "BadGatewayError",
        "APIResponseValidationError",
        "MalformedResponseError",
        "TimeoutError",
        "ConnectionError",
        "JSONDecodeError",
    }
)
MAX_MESSAGE_CHARS = 2000
MALFORMED_ATTEMPTS = 2
"""Calls a sample gets at most when the server answers 200 with a body that is not JSON: one
retry (a torn reply), not ``run.max_attempts`` (a server that always does it is broken)."""
_JSON_ERROR = re.compile(
    r"(Expecting value|Expecting property name enclosed in double quotes|Unterminated string "
    r"starting at|Expecting '[,:]' delimiter|Extra data|Invalid control character at|"
    r"Invalid \\(?:uXXXX )?escape): line \d+ column \d+ \(char \d+\)"
)
""":class:`json.JSONDecodeError`'s message, as litellm passes it on in a 500 it makes up."""
_AUTH_STATUS = frozenset({401, 403})
_AUTH_NAMES = frozenset({"AuthenticationError", "PermissionDeniedError"})


def setting_to_fix(exc: BaseException, api_key_env: str | None, api_base: str | None) -> str:
    """For a failure that stops the run, the config setting to fix, as a sentence to append
    ('' when none applies): a refused key names ``model.api_key_env``, an unknown model
    ``model.litellm_model`` / ``model.api_base``."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    status = _status_code(exc)
    if status in _AUTH_STATUS or names & _AUTH_NAMES:
        holder = f"the variable {api_key_env}" if api_key_env else "no variable (none is set)"
        return (f"; the endpoint refused the key: model.api_key_env names the environment "
                f"variable that holds it (now {holder}): export the right key there, or point "
                "model.api_key_env at the variable that holds it")  # fmt: skip
    if status == 404 or "NotFoundError" in names:
        where = f" at {api_base}" if api_base else ""
        return (f"; the model or endpoint was not found{where}: check model.litellm_model "
                "and model.api_base")  # fmt: skip
    return ""


class MalformedResponseError(Exception):
    """The server answered, but the body is not a usable chat completion (transient)."""


def _is_unparsable_body(exc: BaseException) -> bool:
    """Whether ``exc`` reports a 200 reply whose body is not JSON (litellm says 500)."""
    seen: BaseException | None = exc
    for _ in range(4):  # the exception and what it was raised from
        if seen is None:
            break
        if isinstance(seen, json.JSONDecodeError):
            return True
        seen = seen.__cause__ or seen.__context__
    return "InternalServerError" in type(exc).__name__ and bool(_JSON_ERROR.search(str(exc)))


@dataclass(frozen=True)
class FailureKind:
    """What the runner should do after one failed call."""

    error_class: str
    """Name of the exception class, stored in the ledger."""
    retry: bool
    """Transient: worth another attempt after a backoff."""
    stops_run: bool
    """Every later call would fail the same way (bad key, unknown model): stop the run."""
    rate_limited: bool
    """A 429: the endpoint asks us to slow down."""
    retry_after_s: float | None
    """Seconds from the Retry-After header, when present."""
    max_attempts: int | None = None
    """At most this many calls for such a failure (``None``: ``run.max_attempts``)."""


def _status_code(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None)
    return code if isinstance(code, int) else None


def retry_after_seconds(exc: BaseException) -> float | None:
    """Seconds to wait from the Retry-After(-ms) header on the exception's response, if any."""
    for source in (getattr(exc, "response", None), exc):
        headers = getattr(source, "headers", None) or getattr(
            source, "litellm_response_headers", None
        )
        if not headers:
            continue
        millis = headers.get("retry-after-ms")
        if millis is not None:
            try:
                return max(0.0, float(millis) / 1000)
            except ValueError:
                pass
        value = headers.get("retry-after")
        if value is None:
            continue
        try:
            return max(0.0, float(value))
        except ValueError:
            try:  # an HTTP date
                return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
            except (TypeError, ValueError):
                return None
    return None


def classify(exc: BaseException) -> FailureKind:
    """Decide whether ``exc`` is retried, ends the sample, or stops the whole run.

    A 200 reply whose body is not JSON is a provider error, ``MalformedResponseError``, retried
    once (:data:`MALFORMED_ATTEMPTS`), whichever client saw it."""
    if _is_unparsable_body(exc):
        return FailureKind("MalformedResponseError", True, False, False, None, MALFORMED_ATTEMPTS)
    names = [cls.__name__ for cls in type(exc).__mro__]
    status = _status_code(exc)
    rate_limited = "RateLimitError" in names or status == 429
    stops_run = retry = False
    for name in names:  # most specific class decides
        if name in _RUN_STOPPING_NAMES:
            stops_run = True
            break
        if name in _PERMANENT_NAMES:
            break
        if name in _TRANSIENT_NAMES:
            retry = True
            break
    else:
        if isinstance(exc, (asyncio.TimeoutError, ConnectionError, OSError)):
            retry = True
        elif status in _RUN_STOPPING_STATUS:
            stops_run = True
        elif status is not None:
            retry = status in _TRANSIENT_STATUS or status >= 500
    return FailureKind(
        error_class=type(exc).__name__,
        retry=retry or rate_limited,
        stops_run=stops_run and not rate_limited,
        rate_limited=rate_limited,
        retry_after_s=retry_after_seconds(exc) if rate_limited or retry else None,
    )


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with every given secret and anything that looks like a key or token masked
    (:func:`gralgo.redaction.redact`), cut to :data:`MAX_MESSAGE_CHARS`."""
    text = redact_secrets(text, secrets)
    if len(text) > MAX_MESSAGE_CHARS:
        text = text[:MAX_MESSAGE_CHARS] + "…"
    return text
