"""Dry-run cost estimates: a configured price needs both rates; 0 is a price, missing is not."""

from __future__ import annotations

import pytest

from gralgo.run._plan import Plan, estimate_cost

# A model litellm's price map does not know: only the configured price can give a cost.
UNMAPPED = "openai/no-such-model-in-any-price-map"


def plan(cost: float | None) -> Plan:
    return Plan(
        requests=1,
        samples_total=2,
        samples_todo=2,
        prompt_tokens_todo=1_000,
        max_completion_tokens_todo=2_000_000,
        estimated_cost_usd=cost,
    )


def test_both_rates_price_prompt_and_completion_tokens() -> None:
    price = {"input_per_1m": 1.0, "output_per_1m": 4.0}
    assert estimate_cost(UNMAPPED, 1_000_000, 2_000_000, price) == pytest.approx(9.0)


def test_zero_rates_are_a_price_of_zero() -> None:
    price = {"input_per_1m": 0.0, "output_per_1m": 0.0}
    cost = estimate_cost(UNMAPPED, 1_000_000, 2_000_000, price)
    assert cost == 0.0
    assert "estimated cost: <= $0.00" in plan(cost).lines()


@pytest.mark.parametrize(
    "price",
    [
        {"input_per_1m": 1.0, "output_per_1m": None},  # reasoning models: mostly output tokens
        {"input_per_1m": 1.0},
        {"input_per_1m": None, "output_per_1m": 4.0},
    ],
)
def test_a_missing_rate_makes_the_cost_unknown(price: dict[str, float | None]) -> None:
    cost = estimate_cost(UNMAPPED, 1_000_000, 2_000_000, price)
    assert cost is None
    assert "estimated cost: unknown price" in plan(cost).lines()


def test_without_a_price_an_unmapped_model_is_unknown() -> None:
    empty = {"input_per_1m": None, "output_per_1m": None}
    assert estimate_cost(UNMAPPED, 1_000, 1_000, empty) is None
    assert estimate_cost(UNMAPPED, 1_000, 1_000, None) is None


def test_an_unpriced_self_hosted_model_is_unknown_without_importing_litellm() -> None:
    code = (
        "import sys\n"
        "from gralgo.run._plan import estimate_cost\n"
        "assert estimate_cost('hosted_vllm/Qwen/Qwen3-32B', 10, 10) is None\n"
        "assert estimate_cost('openai/no-such-model-in-any-price-map', 10, 10) is None\n"
        "assert 'litellm' not in sys.modules\n"
        "assert estimate_cost('openai/gpt-4o-mini', 10**6, 0) > 0  # priced: litellm's map\n"
    )
    run_fresh_python(code)


def test_the_batch_price_of_a_plan_does_not_import_the_batch_runner() -> None:
    code = (
        "import sys\n"
        "from gralgo.run import batch_rates\n"
        "rates = batch_rates('openai/gpt-4o-mini', {'batch_discount': 0.5})\n"
        "assert rates is not None and rates.input > 0, rates\n"
        "assert batch_rates('openai/x', {'input_per_1m': 2.0, 'output_per_1m': 4.0,\n"
        "                                'batch_discount': 0.5}).input == 1e-6\n"
        "assert 'gralgo.run.batch._batch_run' not in sys.modules\n"
        "from gralgo.run.batch._batch_run import BatchRates\n"
        "assert BatchRates is type(rates)  # the runner's name is the same class\n"
    )
    run_fresh_python(code)


def run_fresh_python(code: str) -> None:
    """Run ``code`` in a fresh interpreter (so ``sys.modules`` shows what it imported)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
