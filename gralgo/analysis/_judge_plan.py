"""The priced plan of an analysis's judge calls: per stage, requests, tokens and cost.

Built before any call (the judge runs the pipeline without calling, from the ledger's
contents) and printed first; ``analyze.max_cost_usd`` is checked against its upper bound.
"""

from __future__ import annotations

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

    def add(self, other: StagePlan) -> None:
        self.queries += other.queries
        self.replayed += other.replayed
        self.requests += other.requests
        self.estimated += other.estimated
        self.prompt_tokens += other.prompt_tokens
        self.cost_usd = add_costs(self.cost_usd, other.cost_usd)
        self.cost_bound_usd = add_costs(self.cost_bound_usd, other.cost_bound_usd)


def add_costs(a: float | None, b: float | None) -> float | None:
    """The sum of two costs; unknown (``None``) if either is."""
    return None if a is None or b is None else a + b


def _usd(value: float | None) -> str:
    return "unknown (no price)" if value is None else f"${value:,.4f}"


@dataclass
class JudgePlan:
    """The priced plan of one analysis: one :class:`StagePlan` per judge stage, in order."""

    stages: dict[str, StagePlan] = field(default_factory=dict)

    def stage(self, name: str, model: str) -> StagePlan:
        return self.stages.setdefault(name, StagePlan(name, model))

    @property
    def requests(self) -> int:
        return sum(s.requests for s in self.stages.values())

    @property
    def cost_usd(self) -> float | None:
        total: float | None = 0.0
        for s in self.stages.values():
            total = add_costs(total, s.cost_usd)
        return total

    @property
    def cost_bound_usd(self) -> float | None:
        total: float | None = 0.0
        for s in self.stages.values():
            total = add_costs(total, s.cost_bound_usd)
        return total

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
            "their cap. Tokens are cl100k counts of the messages.\n"
        )
