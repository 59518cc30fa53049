"""Secrets never survive redaction: config values, env values, key patterns."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.tracking._secrets import (
    REDACTED,
    is_secret_key,
    redact_config,
    scrub_text,
    secret_env_names,
)

KEY = "zq-very-secret-value-0123456789"  # matches no built-in pattern: only the env lookup finds it


def test_secret_keys_masked_env_names_kept(monkeypatch) -> None:
    monkeypatch.setenv("MY_PROVIDER_CREDS", KEY)
    cfg = {
        "model": {
            "name": "gpt",
            "api_key_env": "MY_PROVIDER_CREDS",
            "api_key": "whatever-literal",
            "extra_body": {"headers": {"Authorization": "Basic abcdefgh"}},
            "notes": f"the key is {KEY}",
        },
        "db": {"password": "hunter2", "token": None},
        "sampling": {"max_tokens": 32768, "temperature": 0.6},
        "secrets": [{"client_secret": "x"}],
        "servers": [{"name": "a", "client_secret": "y"}],
    }
    original = copy.deepcopy(cfg)
    out = redact_config(cfg)
    assert cfg == original  # input untouched
    assert out["model"]["api_key_env"] == "MY_PROVIDER_CREDS"
    assert out["model"]["api_key"] == REDACTED
    assert out["model"]["extra_body"]["headers"]["Authorization"] == REDACTED
    assert out["model"]["notes"] == f"the key is {REDACTED}"
    assert out["db"] == {"password": REDACTED, "token": None}
    assert out["sampling"] == {"max_tokens": 32768, "temperature": 0.6}
    assert out["secrets"] == REDACTED  # a list under a secret-looking key is masked whole
    assert out["servers"] == [{"name": "a", "client_secret": REDACTED}]
    assert KEY not in repr(out)
    assert secret_env_names(cfg) == ["MY_PROVIDER_CREDS"]


def test_a_config_is_redacted_with_the_environment_read_once(monkeypatch) -> None:
    """Each of a job's ~300 config strings is scrubbed against the same secrets: the environment
    is read for them once, not once per string (10 ms of a job's reports)."""
    import gralgo.redaction

    monkeypatch.setenv("MY_PROVIDER_CREDS", KEY)
    reads: list[int] = []
    real = gralgo.redaction.environ_copy

    def counted() -> dict[str, str]:
        reads.append(1)
        return real()

    monkeypatch.setattr(gralgo.redaction, "environ_copy", counted)
    cfg = {"model": {"api_key_env": "MY_PROVIDER_CREDS"},
           "notes": [f"text {i} {KEY}" for i in range(50)]}  # fmt: skip
    out = redact_config(cfg)
    assert out["notes"] == [f"text {i} {REDACTED}" for i in range(50)]
    assert len(reads) == 1


def test_is_secret_key() -> None:
    for key in ("api_key", "OPENAI_API_KEY", "token", "Authorization", "db_password", "secret"):
        assert is_secret_key(key), key
    for key in ("api_key_env", "max_tokens", "prompt_tokens", "name", "temperature", "model"):
        assert not is_secret_key(key), key


def test_scrub_text_patterns_and_env(monkeypatch) -> None:
    monkeypatch.setenv("UNLISTED_SERVICE_TOKEN", "tok-abcdefghijk")  # found by its name
    monkeypatch.setenv("NAMED_VAR", KEY)  # found because a config names it
    monkeypatch.setenv("SHORT_KEY", "abc")  # too short to mask safely
    text = (
        "auth failed for sk-proj-AbC123xyz987 with header Authorization: Bearer eyJhbGciOi.J9 "
        f"and {KEY} and tok-abcdefghijk; abc stays; AIzaSyA1234567890abcdefghijkl"
    )
    out = scrub_text(text, ["NAMED_VAR"])
    for secret in ("sk-proj-AbC123xyz987", "eyJhbGciOi.J9", KEY, "tok-abcdefghijk", "AIzaSyA"):
        assert secret not in out
    assert "abc stays" in out and out.count(REDACTED) == 5
    assert scrub_text("no secrets here: 42 tokens") == "no secrets here: 42 tokens"


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=8, max_size=40),
       st.text(max_size=50), st.text(max_size=50))  # fmt: skip
def test_env_value_never_survives(monkeypatch_value: str, before: str, after: str) -> None:
    import os

    os.environ["GRALGO_PROP_TEST_SECRET"] = monkeypatch_value
    try:
        out = scrub_text(before + monkeypatch_value + after, ["GRALGO_PROP_TEST_SECRET"])
        assert monkeypatch_value not in out
    finally:
        del os.environ["GRALGO_PROP_TEST_SECRET"]


def test_scrub_texts_masks_named_values_once_read(monkeypatch) -> None:
    from gralgo.tracking._secrets import REDACTED, scrub_texts

    monkeypatch.setenv("MY_PLAIN_VAR", "plainvalue42")
    out = scrub_texts(["x plainvalue42 y", None, 3, "sk-abcdefghijkl"], ["MY_PLAIN_VAR"])
    assert out == [f"x {REDACTED} y", None, 3, REDACTED]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([
    "sk-", "SK-", "AIza", "ghp_", "github_pat_", "hf_", "Bearer ", "BEARER\t", "bEaReR  ",
    "abcdefgh", "0123456789ABCDEFGHIJ", "_", "-", " ", "x", "é", "\n", '"',
]), max_size=40))  # fmt: skip
def test_the_clues_skip_only_texts_no_pattern_matches(words: list[str]) -> None:
    from gralgo.tracking._secrets import _SECRET_PATTERNS, REDACTED, _scrub_patterns

    text = "".join(words)
    expected = text
    for pattern in _SECRET_PATTERNS:
        expected = pattern.sub(REDACTED, expected)
    assert _scrub_patterns(text) == expected
