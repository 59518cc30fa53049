"""What an evaluation job produced."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gralgo.publish import Completeness
    from gralgo.run import Plan


@dataclass(frozen=True)
class EvaluationResult:
    """What an evaluation produced."""

    output_dir: Path
    plan: Plan
    samples: int
    metrics: dict[str, float]
    artifacts: list[Path]
    run_id: str | None
    status: Completeness | None = None
    """How many samples exist; ``None`` for a dry run."""
    summary: str = ""
    """The job summary as printed (empty for a dry run)."""

    @property
    def complete(self) -> bool:
        """Every sample has a successful response and the run did not stop early."""
        return self.status is None or self.status.complete
