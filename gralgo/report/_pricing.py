"""One pricing rule for every number a job shows: plan, samples, summary, MLflow, report.

The rule is the plan's (:func:`gralgo.run.estimate_cost`): a price configured in
``model.price`` (USD per 1M tokens, both rates) prices every sample from its tokens; one rate
missing leaves the cost unknown; without a configured price, the cost litellm's price map gave
when the sample was stored is kept (``None`` when the map does not know the model). A rate of 0
(a local model) is a real price of 0, never "unknown".
"""

from __future__ import annotations

import math
from collections.abc import Mapping
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


def priced_samples(
    frame: pd.DataFrame, litellm_model: str, price: Mapping[str, float | None]
) -> pd.DataFrame:
    """``frame`` with ``cost_usd`` from the configured price when one is set (see the module
    doc); unchanged otherwise. A sample without token counts (missing, errored) costs
    nothing known."""
    if not configured(price) or "cost_usd" not in frame.columns:
        return frame
    from gralgo.run import estimate_cost

    costs = []
    for prompt, completion in zip(frame["prompt_tokens"], frame["completion_tokens"],
                                  strict=True):  # fmt: skip
        p, c = _tokens(prompt), _tokens(completion)
        costs.append(None if p is None and c is None
                     else estimate_cost(litellm_model, p or 0, c or 0, price))  # fmt: skip
    out = frame.copy()
    out["cost_usd"] = [math.nan if v is None else float(v) for v in costs]
    return out
