"""The audit's held-out check scores the heuristic suite on a seed it was not designed on."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gralgo.dataset._heldout import DEVELOPMENT_SEEDS, heldout_check
from gralgo.tasks import Heuristic
from gralgo.tasks.max_degree import MaxDegreeTask


def _spec(make_settings: Any) -> Any:
    spec = make_settings("task=max_degree", "level=1").dataset
    return dataclasses.replace(spec, workers=1)


def test_a_strategy_beating_chance_on_the_held_out_seed_is_reported(
    make_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted strategy that knows the answer must be reported; the honest suite's rows are
    all there, each with its accuracy, chance and n."""
    oracle = Heuristic(
        "planted_oracle", "algorithm", "the exact answer (planted by the test)",
        lambda problem: [MaxDegreeTask.solve(None, problem).answer],  # type: ignore[arg-type]
    )  # fmt: skip
    monkeypatch.setattr(MaxDegreeTask, "heuristics", (*MaxDegreeTask.heuristics, oracle))
    seed = 5
    assert seed not in DEVELOPMENT_SEEDS
    check = heldout_check(_spec(make_settings), seed=seed, per_level=12)
    names = {row.heuristic for row in check.rows}
    assert "planted_oracle" in names and len(names) >= 7  # the suite: at least 6 + the plant
    flagged = {(r.task, r.level, r.heuristic) for r in check.above_chance}
    assert ("max_degree", 1, "planted_oracle") in flagged
    row = next(r for r in check.rows if r.heuristic == "planted_oracle")
    assert (row.accuracy, row.n) == (1.0, 12) and row.chance < 0.9
    text = check.markdown()
    assert "Held-out heuristic check (seed 5, 12 per task and level)" in text
    assert "| max_degree | 1 | planted_oracle | 100% |" in text
