"""One pricing rule: a configured price prices plan, samples, summary, MLflow and report."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from gralgo.report._pricing import priced_samples
from gralgo.run import estimate_cost

MODEL = "openai/some-unpriced-model"


def _samples() -> pd.DataFrame:
    return pd.DataFrame({"prompt_tokens": [1000, 3000, None], "completion_tokens": [500, 100, None],
                         "cost_usd": [None, None, None]})  # fmt: skip


def test_a_configured_price_prices_every_sample_as_the_plan_does() -> None:
    price = {"input_per_1m": 1.0, "output_per_1m": 2.0}
    costs = priced_samples(_samples(), MODEL, price)["cost_usd"].tolist()
    assert costs[:2] == [pytest.approx(estimate_cost(MODEL, 1000, 500, price)),
                         pytest.approx(estimate_cost(MODEL, 3000, 100, price))]  # fmt: skip
    assert costs[0] == pytest.approx((1000 * 1 + 500 * 2) / 1e6)
    assert math.isnan(costs[2])  # a sample without tokens (missing) has no known cost


def test_a_zero_price_is_zero_not_unknown_and_half_a_price_is_unknown() -> None:
    zero = priced_samples(_samples(), MODEL, {"input_per_1m": 0.0, "output_per_1m": 0.0})
    assert zero["cost_usd"].tolist()[:2] == [0.0, 0.0]
    half = priced_samples(_samples(), MODEL, {"input_per_1m": 1.0, "output_per_1m": None})
    assert half["cost_usd"].isna().all()


def test_without_a_configured_price_the_stored_cost_stays() -> None:
    stored = _samples().assign(cost_usd=[0.5, None, None])
    kept = priced_samples(stored, MODEL, {"input_per_1m": None, "output_per_1m": None})
    assert kept is stored


def _frame() -> pd.DataFrame:
    rows = []
    for index in range(2):
        for sample in range(2):
            rows.append({
                "instance_id": f"i{index}", "model": "m", "task": "max_degree",
                "taxonomy": "enumeration", "complexity": "easy", "level": 1,
                "format": "edge_list", "context": "standard", "sample_index": sample,
                "answer_text": "\\boxed{4}", "finish_reason": "stop", "error_class": None,
                "expected": "4", "answer_kind": "integer", "prompt_tokens": 1000,
                "completion_tokens": 500, "reasoning_tokens": 0, "cost_usd": None,
                "latency_s": 1.0, "request_key": f"k{index}", "prompt": "p",
                "graph_nodes": 5, "graph_edges": 4,
            })  # fmt: skip
    return pd.DataFrame(rows)


@pytest.mark.parametrize("rates", [(0.0, 0.0), (1.0, 2.0)])
def test_summary_metrics_and_samples_use_the_configured_price(
    make_settings: Any, tmp_path: Path, rates: tuple[float, float]
) -> None:
    from gralgo.report import write_reports
    from gralgo.report._terminal import summary_text

    settings = make_settings(
        "sampling.k=2", "report.bootstrap_resamples=20", "mlflow.enabled=false",
        f"model.price.input_per_1m={rates[0]}", f"model.price.output_per_1m={rates[1]}",
    ).report_settings()  # fmt: skip
    _, metrics, _ = write_reports(_frame(), settings, tmp_path)
    expected = 4 * (1000 * rates[0] + 500 * rates[1]) / 1e6
    assert metrics["cost_usd"] == pytest.approx(expected)  # what MLflow logs
    assert metrics["task/max_degree/cost_usd"] == pytest.approx(expected)
    text = summary_text(metrics, 2, "t")
    assert "unknown price" not in text and f"${expected:,.4f}" in text
    samples = pd.read_csv(tmp_path / "samples.csv")
    assert samples["cost_usd"].sum() == pytest.approx(expected)
    assert "unknown price" not in (tmp_path / "report.html").read_text(encoding="utf-8")
