"""One pricing rule through a whole job against the stub: the plan, each stored sample, the
summary, metrics.json, the MLflow run and report.html show the same cost from ``model.price``
(0 a real $0, as the local model is priced); without a price, "unknown price" and no metric."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gralgo.evaluate import evaluate
from gralgo.testing import FAKE_KEY_ENV, StubServer


def _job(make_settings: Any, stub: StubServer, *price: str) -> Any:
    return make_settings(
        "model=openai_compatible", "model.name=stub-unpriced-model",
        f"model.api_base={stub.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree,mst_weight]", "level=1", "dataset.per_level=2", "sampling.k=2",
        "report.bootstrap_resamples=20", *price,
    )  # fmt: skip


def _mlflow_metrics(settings: Any, run_id: str) -> dict[str, float]:
    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=settings.mlflow.tracking_uri)
    return dict(client.get_run(run_id).data.metrics)


def test_the_local_model_preset_is_priced_at_zero(make_settings: Any) -> None:
    price = make_settings("model=local").model.price
    assert (price.input_per_1m, price.output_per_1m) == (0.0, 0.0)


@pytest.mark.parametrize("rates", [(0.0, 0.0), (1.0, 2.0)])
def test_a_configured_price_is_the_cost_everywhere_a_job_shows_one(
    make_settings: Any, stub: StubServer, rates: tuple[float, float], monkeypatch: Any
) -> None:
    from gralgo.run._progress import RunProgress

    bars: list[str] = []
    close = RunProgress.__exit__

    def closing(self: RunProgress, *exc: Any) -> None:
        bars.append(self._stats())
        close(self, *exc)

    monkeypatch.setattr(RunProgress, "__exit__", closing)
    settings = _job(make_settings, stub, f"model.price.input_per_1m={rates[0]}",
                    f"model.price.output_per_1m={rates[1]}")  # fmt: skip
    result = evaluate(settings)
    plan = result.plan
    assert plan.estimated_cost_usd == pytest.approx(
        (plan.prompt_tokens_todo * rates[0] + plan.max_completion_tokens_todo * rates[1]) / 1e6
    )
    assert "unknown price" not in " ".join(plan.lines())
    records = [json.loads(line) for line in (result.output_dir / "samples.jsonl").open()]
    assert len(records) == 4 * 2
    for record in records:  # each sample from its own tokens
        tokens = record["prompt_tokens"] * rates[0] + record["completion_tokens"] * rates[1]
        assert record["cost_usd"] == pytest.approx(tokens / 1e6)
    total = sum(r["cost_usd"] for r in records)
    shown = f"${total:,.4f}"  # $0.0000 for the local model's price: a price, not "unknown"
    assert result.metrics["cost_usd"] == pytest.approx(total)
    saved = json.loads((result.output_dir / "metrics.json").read_text())
    assert saved["cost_usd"] == pytest.approx(total)
    assert _mlflow_metrics(settings, str(result.run_id))["cost_usd"] == pytest.approx(total)
    assert shown in result.summary and "unknown price" not in result.summary
    page = (result.output_dir / "report.html").read_text(encoding="utf-8")
    headline = page[page.index('id="headline"') :]
    assert shown in headline[: headline.index("</table>")]
    assert "unknown price" not in page


def test_without_a_price_the_cost_is_unknown_everywhere_and_no_metric(
    make_settings: Any, stub: StubServer
) -> None:
    settings = _job(make_settings, stub)
    result = evaluate(settings)
    assert result.plan.estimated_cost_usd is None
    assert "estimated cost: unknown price" in result.plan.lines()
    records = [json.loads(line) for line in (result.output_dir / "samples.jsonl").open()]
    assert {r["cost_usd"] for r in records} == {None}
    assert "cost_usd" not in result.metrics  # unknown is no metric, not $0
    assert "cost_usd" not in _mlflow_metrics(settings, str(result.run_id))
    assert "unknown price" in result.summary
    assert "unknown price" in (result.output_dir / "report.html").read_text(encoding="utf-8")
