"""The dataset's splits: ``paper`` (the paper's sampling) and ``hard`` (no heuristic solves it).

Both come from one stream of draws per (task, level) (``build_level``): ``paper`` is its first
``per_level`` instances, ``hard`` the first ``per_level`` that no heuristic of the suite solves
(a filtered split, documented as such in ``design/data.md``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from gralgo.dataset._instance import Instance


def hard_slice(per_level: int, draw_factor: int | None) -> Callable[[Instance], Instance | None]:
    """A filter over a cell-ordered read of a built dataset: the instances (and splits) a build
    with this smaller ``per_level`` holds (``draw_factor``: the build's ``hard_split``, None
    when it has none). Call it on the instances in file order (task, context, level, index)."""
    counts: Counter[tuple[str, str, int]] = Counter()

    def keep(instance: Instance) -> Instance | None:
        cell = (instance.task, instance.context, instance.level)
        paper = instance.index < per_level
        hard = (
            draw_factor is not None
            and "hard" in instance.splits
            and counts[cell] < per_level
            and instance.index < per_level * max(1, draw_factor)
        )
        if hard:
            counts[cell] += 1
        splits = split_names(paper, hard)
        return replace(instance, splits=splits) if splits else None

    return keep


def split_names(paper: bool, hard: bool) -> tuple[str, ...]:
    """The splits of an instance (empty: a further draw that is not hard, not kept)."""
    return (("paper",) if paper else ()) + (("hard",) if hard else ())
