"""The build's units: handed out largest first, by the measured cost table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gralgo.dataset._units import UNIT_SECONDS, largest_first, unit_seconds


def test_units_are_handed_out_largest_first() -> None:
    units: list[Any] = [
        (None, task, level, Path(f"{task}.{level}"))
        for task in sorted(UNIT_SECONDS)
        for level in range(1, 7)
    ]
    order = largest_first(units)
    assert sorted(order) == list(range(len(units)))
    costs = [UNIT_SECONDS[units[i][1]][units[i][2] - 1] for i in order]
    assert costs == sorted(costs, reverse=True)
    # distance_threshold's level 1 costs more than most level 6s: not left for the end
    dt1 = units.index((None, "distance_threshold", 1, Path("distance_threshold.1")))
    assert order.index(dt1) < len(units) // 4
    assert order[0] == units.index((None, "distance_threshold", 6, Path("distance_threshold.6")))


def test_unknown_units_cost_the_median() -> None:
    everything = sorted(s for row in UNIT_SECONDS.values() for s in row)
    median = (everything[len(everything) // 2 - 1] + everything[len(everything) // 2]) / 2
    assert unit_seconds("new_task", 3) == median
    assert unit_seconds("diameter", 7) == median
    assert unit_seconds("diameter", 6) == UNIT_SECONDS["diameter"][5]
