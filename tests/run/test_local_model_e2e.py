"""End to end: the real embedded model (Gemma 3 270M on llama.cpp) answers through litellm."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import time
from pathlib import Path

import pytest
from omegaconf import OmegaConf

from gralgo.run._local_server import LocalLlamaServer, server_settings_from_config
from gralgo.run._models import model_spec_from_config, preflight

pytestmark = [
    pytest.mark.local_model,
    pytest.mark.skipif(
        importlib.util.find_spec("llama_cpp") is None,
        reason="llama-cpp-python is not installed (bash scripts/install_local_model.sh; CI has it)",
    ),
]

CONF = Path(__file__).parents[2] / "conf" / "model" / "local.yaml"


def test_real_local_model_completes_one_request(tmp_path: Path) -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    cfg = OmegaConf.to_container(OmegaConf.load(CONF), resolve=True)
    assert isinstance(cfg, dict)
    spec = model_spec_from_config(cfg)
    settings = server_settings_from_config(cfg)
    assert settings is not None
    server = LocalLlamaServer(settings, log_path=tmp_path / "llama.log")
    with server as api_base:
        preflight(dataclasses.replace(spec, api_base=api_base))
        started = time.monotonic()
        response = litellm.completion(
            model=spec.litellm_model,
            api_base=api_base,
            api_key="no-key",
            messages=[{"role": "user", "content": "What is 2 + 3? Put the answer in \\boxed{}."}],
            max_tokens=16,
            temperature=0.6,
            top_p=0.95,
            min_p=0.0,
            seed=7,
        )
        elapsed = time.monotonic() - started
        pid = server.pid
    choice = response.choices[0]
    assert isinstance(choice.message.content, str) and choice.message.content
    assert choice.finish_reason in {"stop", "length"}
    assert 0 < response.usage.completion_tokens <= 16
    assert response.usage.prompt_tokens > 5
    assert pid is not None and not Path(f"/proc/{pid}").exists()
    print(f"server startup {server.startup_s:.2f} s, one 16-token completion {elapsed:.2f} s")


def test_default_smoke_pipeline_on_the_real_model(make_settings) -> None:
    """``python -m gralgo``'s job, shrunk: the embedded server, the ledger, scores, MLflow."""
    from gralgo.evaluate import evaluate
    from gralgo.ledger import Ledger

    settings = make_settings("task=[max_degree,path_sum]", "sampling.k=2", "sampling.max_tokens=24")
    result = evaluate(settings)
    assert result.plan.samples_todo == 4
    with Ledger(settings.ledger_path) as ledger:
        rows = ledger.samples(ledger_keys(settings))
    assert len(rows) == 4 and all(r.ok for r in rows.values())
    assert all(r.completion_tokens and r.completion_tokens <= 24 for r in rows.values())
    assert result.run_id is not None
    assert (result.output_dir / "llama_server.log").is_file()
    # Finished: a second run resumes from the ledger and starts no server.
    again = evaluate(
        make_settings("task=[max_degree,path_sum]", "sampling.k=2", "sampling.max_tokens=24")
    )
    assert again.plan.samples_todo == 0
    assert not (again.output_dir / "llama_server.log").exists()


def ledger_keys(settings) -> list[str]:
    from gralgo.evaluate import load_instances, resolve_model
    from gralgo.run._plan import build_requests

    spec, sampling = resolve_model(settings)
    return [
        r.key for r in build_requests(load_instances(settings), settings.format, spec, sampling)
    ]
