"""What the ledger stores about a request never holds a secret."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from gralgo.ledger import ModelSpec
from gralgo.redaction import REDACTED
from gralgo.run._request_info import redact_known, redacted_model_spec


def test_model_spec_is_stored_without_url_credentials_or_pasted_keys() -> None:
    spec = ModelSpec(
        name="m",
        litellm_model="openai/m",
        api_base="https://user:sk-live-SECRET123@host.example/v1?api_key=hunter22&region=eu",
        api_key_env="sk-pasted-KEY-999",
        extra_body={"auth_token": "tok-777", "chat_template_kwargs": {"enable_thinking": False}},
    )
    stored = json.dumps(redacted_model_spec(spec))
    for secret in ("SECRET123", "hunter22", "sk-pasted", "tok-777", "user:"):
        assert secret not in stored
    data = redacted_model_spec(spec)
    assert data["api_base"].startswith(f"https://{REDACTED}@host.example/v1")
    assert "region=eu" in data["api_base"]
    assert data["extra_body"]["chat_template_kwargs"] == {"enable_thinking": False}


def test_env_var_name_is_kept() -> None:
    spec = ModelSpec(name="m", litellm_model="openai/m", api_key_env="OPENAI_API_KEY")
    assert redacted_model_spec(spec)["api_key_env"] == "OPENAI_API_KEY"


def test_redact_known_masks_only_known_values_and_never_truncates() -> None:
    long_answer = "x" * 5000 + " my key is abcd-1234-efgh " + "sk-not-known-1234"
    out = redact_known(long_answer, ["abcd-1234-efgh", ""])
    assert out is not None
    assert "abcd-1234-efgh" not in out and "***" in out
    assert out.endswith("sk-not-known-1234")
    assert len(out) == len(long_answer) - len("abcd-1234-efgh") + len(REDACTED)
    assert redact_known(None, ["abcd"]) is None


def test_a_jobs_model_spec_and_sampling_are_described_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2,000 requests share one spec and one sampling: described once, stored alike."""
    from gralgo.dataset import Instance, PromptVariant
    from gralgo.ledger import Request, SamplingParams
    from gralgo.run import _request_info, describe_request

    made: list[ModelSpec] = []
    real = _request_info.redacted_model_spec
    monkeypatch.setattr(
        _request_info, "redacted_model_spec", lambda spec: made.append(spec) or real(spec)
    )
    spec = ModelSpec(name="m", litellm_model="openai/m", api_base="https://u:sk-SECRET1@h/v1")
    other = ModelSpec(name="o", litellm_model="openai/o", extra_body={"seed": 1})
    sampling, hot = SamplingParams(max_tokens=64), SamplingParams(temperature=1.0)
    instance = Instance(
        "id", "max_degree", "enumeration", "easy", 1, "standard", "s", 0, 0, "integer", {}, {},
        "1", {}, {}, prompts={"edge_list": PromptVariant("q", "1")},
    )  # fmt: skip
    pairs = [(spec, sampling)] * 3 + [(other, hot), (spec, sampling)]
    rows = [
        describe_request(
            Request("id", ({"role": "user", "content": f"q{i}"},), m, s), instance, "edge_list"
        )
        for i, (m, s) in enumerate(pairs)
    ]
    assert made == [spec, other, spec]  # once per spec in a row
    for row, (m, s) in zip(rows, pairs, strict=True):
        assert row.model_spec == json.dumps(
            real(m), sort_keys=True, ensure_ascii=False, separators=(",", ":")
        )
        assert json.loads(row.sampling) == asdict(s)
    assert "SECRET1" not in rows[0].model_spec


def test_the_ledger_describes_only_harmless_request_fields() -> None:
    spec = ModelSpec(
        name="m",
        litellm_model="openai/m",
        api_base="https://h/key/Zq9TOPSECRETvalue0123456789/v1",
        api_key_env="abc-not-a-name",
        extra_body={"chat_template_kwargs": {"enable_thinking": True}, "accessToken": "Zq9abc"},
    )
    data = redacted_model_spec(spec)
    assert data["extra_body"] == {
        "chat_template_kwargs": {"enable_thinking": True},
        "accessToken": REDACTED,
    }
    assert "Zq9TOPSECRET" not in str(data) and data["api_key_env"] == REDACTED
