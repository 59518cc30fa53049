"""From dataset instances to model requests, and the dry-run plan."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gralgo.dataset import Instance
from gralgo.ledger import ModelSpec, Request, SamplingParams
from gralgo.run._modes import ModeSettings, mode_messages


def build_requests(
    instances: Sequence[Instance],
    fmt: str,
    model: ModelSpec,
    sampling: SamplingParams,
    mode: ModeSettings | None = None,
    task_options: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[Request]:
    """One request per instance: its prompt in ``fmt``, asked as ``mode`` (default direct: a
    single user message). ``task_options`` (task name -> options) rebuild certificate prompts."""
    mode = mode or ModeSettings()
    options = task_options or {}
    return [
        Request(
            instance.id,
            mode_messages(instance, fmt, mode, options.get(instance.task)),
            model,
            sampling,
            mode=mode.name,
        )
        for instance in instances
    ]


@dataclass(frozen=True)
class Plan:
    """What a run would do: requests, samples still to make, and an estimate of their cost."""

    requests: int
    samples_total: int
    samples_todo: int
    prompt_tokens_todo: int | None
    """``None``: not counted (a job with no price to estimate; a dry run always counts)."""
    max_completion_tokens_todo: int
    estimated_cost_usd: float | None
    """Upper-bound cost (every sample uses max_tokens); ``None`` when the price is unknown."""
    batch_cost_usd: float | None = None
    """The same at the batch price (``run.batch=on``); ``None`` when unknown."""
    batch_note: str = ""
    """Where the batch price comes from, or why there is none; empty: not shown."""
    batch: bool = False
    """The run goes through the batch API (``run.batch=on``)."""
    typical_completion_tokens: float | None = None
    """Completion tokens of a typical reply (configured or observed); ``None``: unknown."""
    typical_cost_usd: float | None = None
    """The cost if every pending sample's reply is typical; ``None`` when unknown."""
    typical_note: str = ""
    """Where the typical reply length comes from, or how to give one."""

    def lines(self) -> list[str]:
        cost = (
            "unknown price"
            if self.estimated_cost_usd is None
            else (f"<= ${self.estimated_cost_usd:,.2f}")
        )
        return [
            f"requests: {self.requests} x k -> {self.samples_total} samples "
            f"({self.samples_todo} still to run, the rest are in the ledger)",
            "prompt tokens to send: "
            + (
                "not counted (no price to estimate; dry_run=true counts them)"
                if self.prompt_tokens_todo is None
                else f"{self.prompt_tokens_todo:,}"
            ),
            f"completion tokens at most: {self.max_completion_tokens_todo:,}",
            f"estimated cost: {cost}",
            *([self._typical_line()] if self.typical_note else []),
            *self._batch_lines(),
        ]

    def _typical_line(self) -> str:
        if self.typical_completion_tokens is None:
            return f"typical cost: unknown ({self.typical_note})"
        tokens = f"{self.typical_completion_tokens:,.0f} completion tokens a reply"
        if self.typical_cost_usd is None:
            return f"typical cost: unknown price ({tokens}, {self.typical_note})"
        return f"typical cost: ~${self.typical_cost_usd:,.2f} ({tokens}, {self.typical_note})"

    def _batch_lines(self) -> list[str]:
        if not self.batch_note:
            return []
        if self.batch_cost_usd is None:
            return [f"batch price: unknown ({self.batch_note})"]
        chosen = "run.batch=on: this run pays it" if self.batch else "with run.batch=on"
        return [f"batch price: <= ${self.batch_cost_usd:,.2f} ({self.batch_note}; {chosen})"]


def estimate_cost(
    litellm_model: str,
    prompt_tokens: int,
    completion_tokens: int,
    price: Mapping[str, float | None] | None = None,
) -> float | None:
    """USD cost from the config's price (per 1M tokens) or litellm's price map; None if unknown.

    A configured price needs both rates: with one missing the cost is unknown (reasoning models
    are mostly completion tokens, so pricing the missing side at 0 would understate it badly).
    A rate of 0 (a local model) is a real price of 0. With neither, litellm's map is asked.
    """
    rates = (price or {}).get("input_per_1m"), (price or {}).get("output_per_1m")
    if rates != (None, None):
        input_rate, output_rate = rates
        if input_rate is None or output_rate is None:
            return None
        return (prompt_tokens * float(input_rate) + completion_tokens * float(output_rate)) / 1e6
    from gralgo.run._direct_client import self_hosted
    from gralgo.run._price_map import has_price

    if self_hosted(litellm_model) and not has_price(litellm_model):
        return None  # litellm finds these by name in the same map: no 8 s import to learn that
    import os

    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=litellm_model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens
        )
    except Exception:  # litellm raises a bare Exception for unmapped models
        return None
    return float(prompt_cost) + float(completion_cost)
