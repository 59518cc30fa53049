"""MLflow metrics: one naming scheme, k never in a name, unknown cost absent (not zero)."""

from __future__ import annotations

import pandas as pd
import pytest

from gralgo.report._flat_metrics import usage_metrics


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
    from gralgo.report._flat_metrics import grouped_usage_metrics, usage_frame

    usage = usage_frame(scored_frame)
    expected: dict[str, float] = {}
    for value, group in scored_frame.groupby("task"):
        expected.update(usage_metrics(group, f"task/{value}/"))
    assert grouped_usage_metrics(usage, "task") == pytest.approx(expected)


def test_mlflow_gets_a_few_metrics_with_levels_as_steps() -> None:
    from gralgo.report._flat_metrics import mlflow_entries

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


def test_mlflow_gets_the_baselines_beside_the_scores_and_the_hard_split() -> None:
    from gralgo.report._flat_metrics import mlflow_entries, score_metrics

    row = {"pass_at_k": 0.5, "guess_pass_draws": 0.43, "guess_pass_top_k": 0.63,
           "guess_cons": 0.14, "hard_n_instances": 50, "hard_pass_at_k": 0.1,
           "hard_cons_at_k": float("nan"), "n_instances": 54}  # fmt: skip
    metrics = score_metrics(row) | score_metrics(row, "task/max_degree/")
    metrics["task_level/max_degree/3/guess_pass_top_k"] = 0.6
    assert "hard_cons_at_k" not in metrics  # NaN: absent, not 0
    logged = {(name, step) for name, _, step in mlflow_entries(metrics)}
    for name in ("guess_pass_draws", "guess_pass_top_k", "guess_cons", "hard_pass_at_k"):
        assert (name, 0) in logged and (f"task/max_degree/{name}", 0) in logged
    assert ("guess_pass_top_k_by_level/max_degree", 3) in logged
