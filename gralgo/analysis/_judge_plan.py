"""The priced plan of an analysis's judge calls: per stage, requests, tokens and cost.

Built before any call (the judge runs the pipeline without calling, from the ledger's
contents) and printed first; ``analyze.max_cost_usd`` is checked against its upper bound. With
``analyze.batch=on`` the same requests are priced at the batch price too (``batch_rates``:
litellm's batch prices, else the price less ``batch_discount``), and the budget is held to
that bound, unless ``fallback=live`` may call any of them live at full price.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass
class StagePlan:
    """What one judge stage of an analysis asks (or would ask), before any call is made."""

    stage: str
    model: str
    """The stage's judge (display name)."""
    queries: int = 0
    replayed: int = 0
    """Queries whose final verdict is already in the ledger (0 calls)."""
    requests: int = 0
    """Requests to make: not in the ledger (first asks, stored re-asks' continuations, fresh
    asks of stored invalid verdicts)."""
    estimated: int = 0
    """Of ``requests``: those that depend on replies not made yet (a later stage), counted by
    the earlier stage's fan-out cap, so an upper bound."""
    prompt_tokens: int = 0
    """cl100k tokens of those requests' messages (estimated ones: their upper bound)."""
    cost_usd: float | None = 0.0
    """Every planned request answered at max_tokens, no re-ask; ``None``: unknown price."""
    cost_bound_usd: float | None = 0.0
    """Upper bound: every request re-asked ``max_reasks`` times, every reply at max_tokens."""
    batch_cost_usd: float | None = 0.0
    """``cost_usd`` at the batch price (priced only with ``analyze.batch=on``)."""
    batch_cost_bound_usd: float | None = 0.0
    """``cost_bound_usd`` at the batch price."""

    def add(self, other: StagePlan) -> None:
        self.queries += other.queries
        self.replayed += other.replayed
        self.requests += other.requests
        self.estimated += other.estimated
        self.prompt_tokens += other.prompt_tokens
        self.cost_usd = add_costs(self.cost_usd, other.cost_usd)
        self.cost_bound_usd = add_costs(self.cost_bound_usd, other.cost_bound_usd)
        self.batch_cost_usd = add_costs(self.batch_cost_usd, other.batch_cost_usd)
        self.batch_cost_bound_usd = add_costs(self.batch_cost_bound_usd, other.batch_cost_bound_usd)

    def price(
        self,
        litellm_model: str,
        price: Mapping[str, float | None] | None,
        tokens: tuple[tuple[int, int], tuple[int, int]],
        batch: bool,
    ) -> None:
        """Set the costs of ``tokens`` ((prompt, completion) of the first asks, of the bound):
        at the live price, and at the batch price when ``batch``."""
        from gralgo.run import batch_rates, estimate_cost

        first, bound = tokens
        self.cost_usd = estimate_cost(litellm_model, *first, price)
        self.cost_bound_usd = estimate_cost(litellm_model, *bound, price)
        if not batch:
            return
        rates = batch_rates(litellm_model, dict(price or {}))
        self.batch_cost_usd, self.batch_cost_bound_usd = (
            (None, None)
            if rates is None
            else tuple(p * rates.input + c * rates.output for p, c in (first, bound))
        )


def add_costs(a: float | None, b: float | None) -> float | None:
    """The sum of two costs; unknown (``None``) if either is."""
    return None if a is None or b is None else a + b


def _usd(value: float | None) -> str:
    return "unknown (no price)" if value is None else f"${value:,.4f}"


@dataclass
class JudgePlan:
    """The priced plan of one analysis: one :class:`StagePlan` per judge stage, in order."""

    stages: dict[str, StagePlan] = field(default_factory=dict)
    batch: str | None = None
    """``analyze.batch=on``: its fallback (``none`` or ``live``); ``None``: live calls."""

    def stage(self, name: str, model: str) -> StagePlan:
        return self.stages.setdefault(name, StagePlan(name, model))

    def _total(self, name: str) -> float | None:
        total: float | None = 0.0
        for s in self.stages.values():
            total = add_costs(total, getattr(s, name))
        return total

    @property
    def batch_cost_usd(self) -> float | None:
        return self._total("batch_cost_usd")

    @property
    def batch_cost_bound_usd(self) -> float | None:
        return self._total("batch_cost_bound_usd")

    @property
    def budget_bound_usd(self) -> float | None:
        """The bound ``analyze.max_cost_usd`` is held to: the batch price's in batch mode
        (``fallback=live`` may call any request live: then the live price's)."""
        if self.batch is not None and self.batch != "live":
            return self.batch_cost_bound_usd
        return self.cost_bound_usd

    @property
    def requests(self) -> int:
        return sum(s.requests for s in self.stages.values())

    @property
    def cost_usd(self) -> float | None:
        return self._total("cost_usd")

    @property
    def cost_bound_usd(self) -> float | None:
        return self._total("cost_bound_usd")

    def markdown(self) -> str:
        """The plan as a Markdown table and a total line (also logged before any call)."""
        lines = [
            "| stage | judge | queries | in ledger | requests | of which estimated | "
            "prompt tokens | cost | cost upper bound |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for s in self.stages.values():
            lines.append(
                f"| {s.stage} | {s.model} | {s.queries} | {s.replayed} | {s.requests} | "
                f"{s.estimated} | {s.prompt_tokens:,} | {_usd(s.cost_usd)} | "
                f"{_usd(s.cost_bound_usd)} |"
            )
        return (
            "\n".join(lines)
            + f"\n\nTotal: {self.requests} judge requests, cost {_usd(self.cost_usd)} "
            f"(every reply at max_tokens), at most {_usd(self.cost_bound_usd)} with every "
            "re-ask. Estimated requests depend on replies not made yet and are counted at "
            "their cap. Tokens are cl100k counts of the messages.\n" + self._batch_line()
        )

    def _batch_line(self) -> str:
        if self.batch is None:
            return ""
        held = (
            "analyze.max_cost_usd is held to the live bound: fallback=live may call any "
            "request live at full price"
            if self.batch == "live"
            else "analyze.max_cost_usd is held to this bound"
        )
        bound = self.batch_cost_bound_usd
        if bound is None:
            return (
                "\nBatch price (analyze.batch=on): unknown (set the judge's "
                f"price.batch_discount); {held}.\n"
            )
        return (
            f"\nBatch price (analyze.batch=on: this run pays it): cost "
            f"{_usd(self.batch_cost_usd)}, at most {_usd(bound)} with every re-ask; {held}.\n"
        )
