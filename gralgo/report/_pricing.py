"""One pricing rule for every number a job shows: plan, samples, summary, MLflow, report.

The rule is the plan's (:func:`gralgo.run.estimate_cost`): a price configured in
``model.price`` (USD per 1M tokens, both rates) prices every sample from its tokens; one rate
missing leaves the cost unknown; without a configured price, the cost litellm's price map gave
when the sample was stored is kept (``None`` when the map does not know the model). A rate of 0
(a local model) is a real price of 0, never "unknown". A sample a provider batch answered
(``batch_ref`` set) costs the batch price (:func:`gralgo.run.batch_rates`): with a configured
price, that price less ``model.price.batch_discount`` (unknown without a discount); without
one, the batch cost stored with it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd


def configured(price: Mapping[str, float | None]) -> bool:
    """Whether ``model.price`` sets a rate (then it decides every cost)."""
    return any(price.get(name) is not None for name in ("input_per_1m", "output_per_1m"))


def _tokens(value: Any) -> int | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) else int(number)


def _is_batch(value: Any) -> bool:
    return isinstance(value, str) and value != ""


def sample_cost(
    litellm_model: str,
    price: Mapping[str, float | None],
    prompt_tokens: Any,
    completion_tokens: Any,
    stored_cost: float | None,
    batch_ref: Any = None,
) -> float | None:
    """One sample's cost by the rule of the module doc: the configured price from its tokens
    (the batch price for a ``batch_ref``), else ``stored_cost`` (litellm's, or ``None``)."""
    if not configured(price):
        return stored_cost
    from gralgo.run import batch_rates, estimate_cost

    p, c = _tokens(prompt_tokens), _tokens(completion_tokens)
    if p is None and c is None:
        return None
    if not _is_batch(batch_ref):
        return estimate_cost(litellm_model, p or 0, c or 0, price)
    rates = batch_rates(litellm_model, price)
    if rates is None:  # no discount known: unknown, not the live price
        return None
    return (p or 0) * rates.input + (c or 0) * rates.output


def sample_pricer(
    litellm_model: str, price: Mapping[str, float | None]
) -> Callable[[Any], float | None]:
    """``record -> cost`` for a stored sample record (``prompt_tokens``, ``completion_tokens``,
    ``cost_usd``, ``batch_ref``): :func:`sample_cost`, for the progress bar."""

    def cost(record: Any) -> float | None:
        return sample_cost(
            litellm_model, price, record.prompt_tokens, record.completion_tokens,
            record.cost_usd, getattr(record, "batch_ref", None),
        )  # fmt: skip

    return cost


def priced_samples(
    frame: pd.DataFrame, litellm_model: str, price: Mapping[str, float | None]
) -> pd.DataFrame:
    """``frame`` with ``cost_usd`` from the configured price when one is set (see the module
    doc), at the batch price for a sample with a ``batch_ref``; unchanged otherwise. A sample
    without token counts (missing, errored) costs nothing known."""
    if not configured(price) or "cost_usd" not in frame.columns:
        return frame
    origins = frame["batch_ref"] if "batch_ref" in frame.columns else [None] * len(frame)
    costs = [
        sample_cost(litellm_model, price, prompt, completion, None, origin)
        for prompt, completion, origin in zip(
            frame["prompt_tokens"], frame["completion_tokens"], origins, strict=True
        )
    ]
    out = frame.copy()
    out["cost_usd"] = [math.nan if v is None else float(v) for v in costs]
    return out
