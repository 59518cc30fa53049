"""Batch prices: litellm's price map batch fields where known, else the live price less the
configured ``model.price.batch_discount``. Here, not in ``_batch_run``, so that a job's plan prices
a batch without importing the batch runner (~0.03 s of CPU)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class BatchRates:
    """USD per token at the batch price (``None`` when unknown)."""

    input: float
    output: float
    source: str
    """``litellm`` (its batch price fields) or ``discount`` (live price x (1 - discount))."""


def batch_rates(litellm_model: str, price: Mapping[str, float | None]) -> BatchRates | None:
    """USD per token in a batch; ``None`` when neither litellm nor the config knows it.

    A configured live price (``input_per_1m``/``output_per_1m``) is the user's word: only the
    discount applies to it. Without one, litellm's ``*_cost_per_token_batches`` fields are used,
    then litellm's live price less the discount.
    """
    from gralgo.run._price_map import price_entry

    discount = price.get("batch_discount")
    configured = price.get("input_per_1m"), price.get("output_per_1m")
    if configured != (None, None):
        if None in configured or discount is None:
            return None
        keep = 1 - float(discount)
        return BatchRates(
            float(configured[0] or 0) * keep / 1e6, float(configured[1] or 0) * keep / 1e6,
            "discount",
        )  # fmt: skip
    for name in (litellm_model, litellm_model.split("/", 1)[-1]):
        entry = price_entry(name)
        if not isinstance(entry, dict):
            continue
        batch_in = entry.get("input_cost_per_token_batches")
        batch_out = entry.get("output_cost_per_token_batches")
        if batch_in is not None and batch_out is not None:
            return BatchRates(float(batch_in), float(batch_out), "litellm")
        live_in, live_out = entry.get("input_cost_per_token"), entry.get("output_cost_per_token")
        if discount is not None and live_in is not None and live_out is not None:
            keep = 1 - float(discount)
            return BatchRates(float(live_in) * keep, float(live_out) * keep, "discount")
    return None
