"""Issue 20 item 7: one analysis with a real model as judge, end to end: the embedded llama.cpp
model (no key, no network) judges algorithm families; its replies go through the real prompt,
the strict parser and the re-asks, and the parse rate is reported."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from judge_helpers import make_samples
from test_analyze_command import plain_config

from gralgo.analysis import run_analysis
from gralgo.settings import analyze_settings_from_config

RESPONSES = [
    {"answer_text": "I check every node's degree one by one: 2, 3, 1. \\boxed{3}", "expected": "3"},
    {"answer_text": "Start at node 0, BFS layer by layer. \\boxed{2}", "expected": "4"},
    {"answer_text": "Pick the node that looks busiest. \\boxed{5}", "expected": "5"},
]


@pytest.mark.local_model
def test_local_model_judges_algorithm_families(tmp_path: Path) -> None:
    cfg = plain_config(*cfg_overrides(tmp_path))
    settings = analyze_settings_from_config(cfg, tmp_path / "analysis")
    assert settings.judge.model.endpoint_id and settings.judge.context_tokens == 8192
    samples = make_samples(RESPONSES)
    result = run_analysis(settings, samples)
    labelled = pd.read_csv(tmp_path / "analysis" / "responses.csv")
    statuses = list(labelled["status"])
    # Every question was answered by the model (no failed call) and parsed or counted.
    assert set(statuses) <= {"ok", "unparsed"} and len(statuses) == 3
    ok = statuses.count("ok")
    assert result.metrics["judge_parse_rate"] == pytest.approx(ok / 3)
    # An unparsed verdict was re-asked once before it was counted.
    assert result.metrics["judge_calls"] == 3 + statuses.count("unparsed")
    assert "Judge parse rate" in result.summary.read_text()
    assert "| family | gemma-3-270m |" in result.summary.read_text()  # the plan came first
    print(f"local judge parse rate: {ok}/3 = {ok / 3:.0%}; statuses {statuses}")
    print(labelled[["item", "status", "family"]].to_string())
    # A re-run replays from the judge ledger (fresh asks off): no call.
    again = analyze_settings_from_config(
        plain_config(*cfg_overrides(tmp_path), "analyze.max_fresh_asks=0"), tmp_path / "again"
    )
    assert run_analysis(again, samples).metrics["judge_calls"] == 0


def cfg_overrides(tmp_path: Path) -> list[str]:
    return [
        "command=analyze",
        "analysis=algorithm_families",
        f"paths.outputs={tmp_path / 'outputs'}",
        "mlflow.enabled=false",
        "analyze.max_tokens=48",
        "analyze.max_reasks=1",
    ]
