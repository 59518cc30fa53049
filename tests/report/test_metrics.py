"""MLflow metrics: one naming scheme, k never in a name, unknown cost absent (not zero)."""

from __future__ import annotations

import pandas as pd
import pytest

from gralgo.report._metrics import job_metrics, usage_metrics
from gralgo.report._summary import breakdowns
from gralgo.score import aggregate, instance_metrics


def test_job_metrics_names_and_values(scored_frame: pd.DataFrame) -> None:
    one_model = scored_frame[scored_frame["model"] == "model-a"]  # a job evaluates one model
    inst = instance_metrics(one_model, 2)
    overall = aggregate(inst, by=["model"], n_resamples=50)
    metrics = job_metrics(overall, breakdowns(inst, 50), one_model)
    assert metrics["pass_at_k"] == pytest.approx(1.0)  # both complete model-a instances solved
    assert metrics["accuracy"] == pytest.approx(0.75)
    assert metrics["accuracy_lo"] <= metrics["accuracy"] <= metrics["accuracy_hi"]
    assert metrics["task/diameter/share_wrong"] == pytest.approx(0.5)
    assert metrics["taxonomy/enumeration/accuracy"] == pytest.approx(1.0)
    assert {"level/1/pass_at_k", "level/2/pass_at_k", "complexity/easy/cons_at_k"} <= set(metrics)
    assert metrics["prompt_tokens"] == 5 * 100  # the errored sample's usage counts too
    assert metrics["task/max_degree/cost_usd"] == pytest.approx(0.002)
    assert "task/diameter/cost_usd" not in metrics  # no price known: unknown, not $0
    assert metrics["latency_p95_s"] == pytest.approx(1.5)
    assert not any(name.endswith(("_at_2", "@2")) for name in metrics)


def test_missing_samples_have_no_usage() -> None:
    frame = pd.DataFrame(
        {
            "error_class": ["Missing", None],
            "prompt_tokens": [50, 7],
            "completion_tokens": [None, 3],
            "latency_s": [9.0, 1.0],
        }
    )
    assert usage_metrics(frame) == {
        "prompt_tokens": 7.0,
        "completion_tokens": 3.0,
        "latency_p50_s": 1.0,
        "latency_p95_s": 1.0,
    }


def test_grouped_usage_matches_one_group_at_a_time(scored_frame: pd.DataFrame) -> None:
    from gralgo.report._metrics import grouped_usage_metrics, usage_frame

    usage = usage_frame(scored_frame)
    expected: dict[str, float] = {}
    for value, group in scored_frame.groupby("task"):
        expected.update(usage_metrics(group, f"task/{value}/"))
    assert grouped_usage_metrics(usage, "task") == pytest.approx(expected)


def test_mlflow_gets_a_few_metrics_with_levels_as_steps() -> None:
    from gralgo.report._metrics import mlflow_entries

    metrics = {
        "pass_at_k": 0.5, "cost_usd": 1.0, "level/1/pass_at_k": 0.75, "level/3/pass_at_k": 0.25,
        "level/1/share_wrong": 0.2, "task/max_degree/pass_at_k": 0.5,
        "task/max_degree/latency_p50_s": 3.0, "task_level/max_degree/3/pass_at_k": 0.125,
        "task_level/max_degree/3/accuracy": 0.1,
    }  # fmt: skip
    assert mlflow_entries(metrics) == [
        ("cost_usd", 1.0, 0),
        ("pass_at_k_by_level", 0.75, 1),
        ("pass_at_k_by_level", 0.25, 3),
        ("pass_at_k", 0.5, 0),
        ("task/max_degree/pass_at_k", 0.5, 0),
        ("pass_at_k_by_level/max_degree", 0.125, 3),
    ]
