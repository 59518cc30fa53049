"""Batch mode settings: the run.batch=on shorthand, checks, the plan's batch price, refusals."""

from __future__ import annotations

import pytest

from gralgo.__main__ import batch_shorthand
from gralgo.errors import GralgoError
from gralgo.evaluate import job_transport, plan_batch_price
from gralgo.run._plan import Plan


def test_run_batch_on_is_short_for_run_batch_enabled() -> None:
    assert batch_shorthand("run.batch=on") == "run.batch.enabled=on"
    assert batch_shorthand("run.batch=off") == "run.batch.enabled=off"
    assert batch_shorthand("run.batch.wait=false") == "run.batch.wait=false"
    assert batch_shorthand("run.batchy=on") == "run.batchy=on"


def test_batch_settings_are_checked(make_settings) -> None:
    settings = make_settings("run.batch.enabled=on", "run.batch.fallback=live")
    assert settings.run.batch.enabled and settings.run.batch.fallback == "live"
    with pytest.raises(GralgoError, match="run.batch.fallback"):
        make_settings("run.batch.fallback=sometimes")
    with pytest.raises(GralgoError, match="model.price.batch_discount"):
        make_settings("model.price.batch_discount=1.5")


def test_every_plan_prints_the_batch_price(make_settings) -> None:
    off = make_settings("model=gpt5_mini")
    cost, note = plan_batch_price(off, 1_000_000, 1_000_000)
    assert cost == pytest.approx(0.125 + 1.0) and note == "litellm batch prices"
    plan = Plan(1, 1, 1, 1_000_000, 1_000_000, 2.25, cost, note, batch=False)
    assert plan.lines()[-1] == ("batch price: <= $1.12 (litellm batch prices; with run.batch=on)")
    local = make_settings("model=openai_compatible", "model.name=m", "model.api_base=http://x/v1")
    assert plan_batch_price(local, 10, 10) == (
        None, "no batch price known: set model.price.batch_discount"
    )  # fmt: skip
    discounted = make_settings(
        "model=openai_compatible", "model.name=m", "model.api_base=http://x/v1",
        "model.price.input_per_1m=2", "model.price.output_per_1m=8",
        "model.price.batch_discount=0.5",
    )  # fmt: skip
    assert plan_batch_price(discounted, 1_000_000, 1_000_000) == (5.0, "live price less discount")
    gemini = make_settings("model=gemini_2_5_pro")  # litellm has Gemini's batch prices
    assert plan_batch_price(gemini, 1_000_000, 1_000_000) == (5.625, "litellm batch prices")
    deepseek = make_settings("model=deepseek_chat")
    assert plan_batch_price(deepseek, 1, 1) == (None, "deepseek has no batch API in gralgo")


def test_tool_mode_and_providers_without_a_batch_api_are_refused(make_settings) -> None:
    tool = make_settings("run.batch.enabled=on", "mode=tool")
    with pytest.raises(GralgoError, match="cannot run mode=tool"):
        job_transport(tool).check([], tool=True)
    job_transport(make_settings("mode=tool")).check([], tool=True)  # live: a tool loop runs
    deepseek = make_settings("run.batch.enabled=on", "model=deepseek_chat")
    from gralgo.ledger import ModelSpec, Request, SamplingParams

    request = Request(
        "i", ({"role": "user", "content": "q"},),
        ModelSpec("d", deepseek.model.litellm_model), SamplingParams(),
    )  # fmt: skip
    with pytest.raises(GralgoError, match="has no batch API here"):
        job_transport(deepseek).check([request], tool=False)
