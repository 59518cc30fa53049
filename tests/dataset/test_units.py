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


def test_the_heap_is_frozen_only_while_units_are_built() -> None:
    """gc.freeze() keeps the collector off the loaded heap during the build (and in the forked
    workers), young collections less often; afterwards this process's objects are collectable
    again and its thresholds are its own."""
    import gc

    from gralgo.dataset._units import YOUNG_COLLECTION_EVERY, frozen_heap

    assert gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    alive = [[n] for n in range(100)]  # tracked containers alive before the build
    with frozen_heap():
        assert gc.get_freeze_count() >= len(alive)
        assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, *thresholds[1:])
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds
    try:
        with frozen_heap():
            raise RuntimeError("a unit failed")
    except RuntimeError:
        pass
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds
