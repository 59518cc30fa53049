"""Self-verification end to end with a scripted judge (labels, effectiveness, unparsed)."""
# ruff: noqa: E501  (judge replies keyed by their exact prompts read best on one line)

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from judge_helpers import make_samples, stub_judge_settings

from gralgo.analysis import open_judge
from gralgo.analysis._output import AnalysisOutput
from gralgo.analysis._self_verification import behaviour_table, run_self_verification
from gralgo.testing import StubServer

TEMPLATE = "$expected|$previous|$segment"
TEXT = "Edges a-b. Wait, is a-c there? No. But try BFS instead. So \\boxed{2}"


def test_self_verification_end_to_end(judge_stub: StubServer, tmp_path: Path) -> None:
    samples = make_samples([{"answer_text": TEXT, "expected": "2"}])
    judge_stub.control(
        answers={
            "2|Edges a-b. |Wait, is a-c there? No. ": '{"label": "self_verification", "effective": false}',
            "2|Edges a-b. Wait, is a-c there? No. |But try BFS instead. ": '{"label": "strategy_shift", "effective": null}',
            # the last segment: a self-verification without effectiveness, twice -> unparsed
            "2|Edges a-b. Wait, is a-c there? No. But try BFS instead. |So \\boxed{2}": '{"label": "self_verification"}',
        }
    )
    settings = stub_judge_settings(judge_stub, max_reasks=1)
    output = AnalysisOutput(tmp_path / "out")
    with open_judge(settings, tmp_path / "j.sqlite") as judge:
        segments = run_self_verification(
            samples, output, judge=judge, prompt_template=TEMPLATE, resamples=200
        )
    assert list(segments["label"].fillna("-")) == ["self_verification", "strategy_shift", "-"]
    assert list(segments["status"]) == ["ok", "ok", "unparsed"]
    table = pd.read_csv(tmp_path / "out" / "behaviours_by_task.csv")
    row = table.iloc[0]
    assert row["segments"] == 2
    assert row["self_verification"] == pytest.approx(0.5)
    assert row["strategy_shift"] == pytest.approx(0.5)
    assert row["effective_rate"] == pytest.approx(0.0)
    assert output.metrics["judge_unparsed"] == 1
    assert (tmp_path / "out" / "behaviours.png").is_file()


def test_behaviour_table_bootstrap_interval_contains_the_mean() -> None:
    rng = np.random.default_rng(0)
    labels = rng.choice(["self_verification", "other"], size=200, p=[0.3, 0.7])
    frame = pd.DataFrame(
        {
            "model": "m",
            "task": "t",
            "status": "ok",
            "label": labels,
            "effective": [
                bool(i % 4 == 0) if lab == "self_verification" else None
                for i, lab in enumerate(labels)
            ],
        }
    )
    row = behaviour_table(frame, resamples=500).iloc[0]
    low, high = (float(x) for x in row["self_verification_ci"].strip("[]").split(","))
    assert low < row["self_verification"] < high
    assert 0.2 < row["self_verification"] < 0.4
    assert high - low < 0.2
