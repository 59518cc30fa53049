"""An endpoint litellm would read from the environment is part of the request key."""

from __future__ import annotations

import pytest

from gralgo.errors import ConfigError
from gralgo.ledger import Request, SamplingParams
from gralgo.run._endpoint_env import endpoint_from_environment, endpoint_variables
from gralgo.run._models import model_spec_from_config

MODEL = {"name": "m", "litellm_model": "openai/gpt-5-mini"}
ENDPOINT_VARIABLES = ("OPENAI_API_BASE", "OPENAI_BASE_URL", "HOSTED_VLLM_API_BASE",
                      "ANTHROPIC_BASE_URL", "USE_LITELLM_PROXY")  # fmt: skip


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENDPOINT_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def key(spec_config: dict) -> str:
    spec = model_spec_from_config(spec_config)
    messages = ({"role": "user", "content": "q"},)
    return Request("i", messages, spec, SamplingParams()).key


def test_without_endpoint_variables_keys_are_unchanged() -> None:
    assert model_spec_from_config(MODEL).api_base is None
    assert key(MODEL) == "c0e999b0b9cef98c293ea2a018adb6f5"  # as before environments counted


def test_an_endpoint_from_the_environment_changes_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = key(MODEL)
    monkeypatch.setenv("OPENAI_API_BASE", "http://a.example/v1/")
    assert model_spec_from_config(MODEL).api_base == "http://a.example/v1"
    at_a = key(MODEL)
    monkeypatch.setenv("OPENAI_API_BASE", "http://b.example/v1")
    at_b = key(MODEL)
    assert len({plain, at_a, at_b}) == 3
    # the same endpoint named in the config gives the same key as from the environment
    assert key({**MODEL, "api_base": "http://b.example/v1"}) == at_b
    # a configured api_base wins over the environment
    assert model_spec_from_config({**MODEL, "api_base": "http://c/v1"}).api_base == "http://c/v1"


def test_the_variables_read_follow_the_provider() -> None:
    assert "OPENAI_BASE_URL" in endpoint_variables("openai/gpt-5")
    assert "OPENAI_API_BASE" in endpoint_variables("gpt-4o")
    assert "ANTHROPIC_BASE_URL" in endpoint_variables("claude-3-5-sonnet")
    assert "HOSTED_VLLM_API_BASE" in endpoint_variables("hosted_vllm/Qwen/Qwen3-32B")
    assert "DEEPSEEK_API_BASE" in endpoint_variables("deepseek/deepseek-reasoner")
    env = {"HOSTED_VLLM_API_BASE": "http://vllm:8000/v1", "OPENAI_API_BASE": "http://o/v1"}
    assert endpoint_from_environment("hosted_vllm/Qwen/Qwen3-32B", env) == "http://vllm:8000/v1"
    assert endpoint_from_environment("deepseek/deepseek-reasoner", env) is None


def test_conflicting_proxied_or_credentialed_endpoints_are_refused() -> None:
    both = {"OPENAI_API_BASE": "http://a/v1", "OPENAI_BASE_URL": "http://b/v1"}
    with pytest.raises(ConfigError, match="OPENAI_API_BASE and OPENAI_BASE_URL"):
        endpoint_from_environment("openai/gpt-5", both)
    same = {"OPENAI_API_BASE": "http://a/v1", "OPENAI_BASE_URL": "http://a/v1/"}
    assert endpoint_from_environment("openai/gpt-5", same) == "http://a/v1"
    with pytest.raises(ConfigError, match="USE_LITELLM_PROXY"):
        endpoint_from_environment("openai/gpt-5", {"USE_LITELLM_PROXY": "true"})
    with pytest.raises(ConfigError, match="OPENAI_API_BASE") as err:
        endpoint_from_environment("openai/gpt-5", {"OPENAI_API_BASE": "http://h/v1?api_key=s3cr"})
    assert "s3cr" not in str(err.value)
