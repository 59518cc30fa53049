"""One pricing rule: a configured price prices plan, samples, summary, MLflow and report; a
sample a provider batch answered at the batch price."""

from __future__ import annotations

import math

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


def _mixed() -> pd.DataFrame:
    """A live sample, two a batch answered (one stored at a batch cost), one missing."""
    return pd.DataFrame({"prompt_tokens": [1000, 1000, 3000, None],
                         "completion_tokens": [500, 500, 100, None],
                         "cost_usd": [None, 0.25, None, None],
                         "batch_ref": [None, "b-1", "b-2", None]})  # fmt: skip


def test_a_batch_sample_costs_the_configured_price_less_the_batch_discount() -> None:
    price = {"input_per_1m": 1.0, "output_per_1m": 2.0, "batch_discount": 0.5}
    costs = priced_samples(_mixed(), MODEL, price)["cost_usd"].tolist()
    live = (1000 * 1 + 500 * 2) / 1e6
    assert costs[:3] == [pytest.approx(live), pytest.approx(live * 0.5),
                         pytest.approx((3000 * 1 + 100 * 2) / 1e6 * 0.5)]  # fmt: skip
    assert math.isnan(costs[3])


def test_a_batch_sample_without_a_known_discount_has_no_known_cost() -> None:
    costs = priced_samples(_mixed(), MODEL, {"input_per_1m": 1.0, "output_per_1m": 2.0})
    values = costs["cost_usd"].tolist()
    assert values[0] == pytest.approx((1000 * 1 + 500 * 2) / 1e6)  # the live one: live price
    assert math.isnan(values[1]) and math.isnan(values[2])  # not the live price


def test_without_a_configured_price_a_batch_sample_keeps_its_stored_batch_cost() -> None:
    stored = _mixed()
    price = {"input_per_1m": None, "output_per_1m": None, "batch_discount": 0.5}
    assert priced_samples(stored, MODEL, price) is stored
