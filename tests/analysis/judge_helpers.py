"""Helpers shared by the analysis tests: a judge aimed at the loopback stub."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

from gralgo.analysis import JudgeSettings
from gralgo.ledger import ModelSpec, SamplingParams
from gralgo.testing import FAKE_KEY_ENV, StubServer


def stub_judge_settings(stub: StubServer, max_reasks: int = 2) -> JudgeSettings:
    """A judge aimed at the stub, temperature 0, no backoff worth waiting for."""
    model = ModelSpec(
        name="stub-judge",
        litellm_model="openai/stub-model",
        api_base=stub.api_base,
        api_key_env=FAKE_KEY_ENV,
    )
    return JudgeSettings(
        model=model,
        sampling=SamplingParams(temperature=0.0, top_p=1.0, max_tokens=256),
        max_reasks=max_reasks,
        max_attempts=2,
        timeout_s=10,
    )


def make_samples(rows: list[dict]) -> pd.DataFrame:
    """A results-reader frame (contract C1 columns) from a few hand-made responses.

    Each row gives at least ``answer_text`` and ``expected``; the rest gets plain defaults.
    """
    import pandas as pd

    base = {
        "model": "m1",
        "litellm_model": "hosted_vllm/m1",
        "task": "max_degree",
        "taxonomy": "enumeration",
        "complexity": "easy",
        "level": 1,
        "format": "edge_list",
        "context": "standard",
        "mode": "direct",
        "answer_kind": "integer",
        "reasoning_text": None,
        "finish_reason": "stop",
        "prompt_tokens": 10,
        "completion_tokens": 10,
        "reasoning_tokens": 0,
        "cost_usd": 0.0,
        "latency_s": 0.1,
        "started_at": 0.0,
        "finished_at": 0.1,
        "error_class": None,
        "error_message": None,
        "attempts": 1,
        "sampling": "{}",
        "transcript": None,
    }
    out = []
    for i, row in enumerate(rows):
        full = {
            **base,
            "request_key": f"key{i}",
            "sample_index": 0,
            "instance_id": f"inst{i}",
            "prompt": f"Problem {i}: find the answer.",
            **row,
        }
        out.append(full)
    return pd.DataFrame(out)
