"""Error classification (retry / give up / stop the run) and secret redaction."""

from __future__ import annotations

import httpx
import pytest

from gralgo.redaction import REDACTED
from gralgo.run._call_errors import MalformedResponseError, classify, redact, retry_after_seconds
from gralgo.run._litellm_response import load_litellm as load_litellm


def litellm_error(name: str, status: int, headers: dict[str, str] | None = None) -> Exception:
    """A litellm exception built the way litellm builds it for an OpenAI-compatible server."""
    litellm = load_litellm()  # sets the offline cost map before the import
    response = httpx.Response(
        status,
        headers=headers or {},
        request=httpx.Request("POST", "http://127.0.0.1/v1/chat/completions"),
    )
    cls = getattr(litellm, name)
    if name in ("Timeout", "APIConnectionError"):
        return cls(message="boom", model="m", llm_provider="openai")
    return cls(message="boom", model="m", llm_provider="openai", response=response)


@pytest.mark.parametrize(
    ("name", "status", "retry", "stops_run"),
    [
        ("RateLimitError", 429, True, False),
        ("InternalServerError", 500, True, False),
        ("ServiceUnavailableError", 503, True, False),
        ("Timeout", 408, True, False),
        ("APIConnectionError", 500, True, False),
        ("AuthenticationError", 401, False, True),
        ("PermissionDeniedError", 403, False, True),
        ("NotFoundError", 404, False, True),
        ("BadRequestError", 400, False, False),
        ("ContextWindowExceededError", 400, False, False),
    ],
)
def test_litellm_exceptions(name: str, status: int, retry: bool, stops_run: bool) -> None:
    kind = classify(litellm_error(name, status))
    assert (kind.error_class, kind.retry, kind.stops_run) == (name, retry, stops_run)
    assert kind.rate_limited == (status == 429)


def test_retry_after_header_is_read_from_the_response() -> None:
    exc = litellm_error("RateLimitError", 429, {"Retry-After": "7"})
    assert retry_after_seconds(exc) == 7.0 and classify(exc).retry_after_s == 7.0
    assert retry_after_seconds(litellm_error("RateLimitError", 429)) is None
    assert (
        retry_after_seconds(litellm_error("RateLimitError", 429, {"retry-after-ms": "1500"})) == 1.5
    )
    when = "Wed, 21 Oct 2015 07:28:00 GMT"  # a date in the past: no wait
    assert retry_after_seconds(litellm_error("RateLimitError", 429, {"Retry-After": when})) == 0.0


def test_plain_python_failures() -> None:
    assert classify(TimeoutError()).retry
    assert classify(ConnectionResetError()).retry
    assert classify(MalformedResponseError("no choices")).retry
    unknown = classify(ValueError("bug"))
    assert not unknown.retry and not unknown.stops_run


def test_redact_removes_key_values_and_key_shapes() -> None:
    text = (
        "auth failed for sk-test-SECRET123; header Authorization: Bearer abc.def-ghi "
        "api_key='xyz987654' and my-own-token-value"
    )
    clean = redact(text, ["my-own-token-value"])
    for secret in ("SECRET123", "abc.def-ghi", "xyz987654", "my-own-token-value"):
        assert secret not in clean
    assert clean.startswith(f"auth failed for {REDACTED}") and len(redact("x" * 10_000)) < 2100


def test_redact_keeps_ordinary_text() -> None:
    assert redact("injected 500: server overloaded") == "injected 500: server overloaded"


def test_error_messages_use_the_one_redaction_path() -> None:
    from gralgo.redaction import redact as redact_everywhere

    text = "x sk-abcdefghijkl y Bearer abcdefghijkl z api_key='zzzzzzzzzz' known-secret-1"
    assert redact(text, ["known-secret-1"]) == redact_everywhere(text, ["known-secret-1"])
