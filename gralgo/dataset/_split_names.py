"""The dataset's splits: ``paper`` (the paper's sampling) and ``hard`` (no heuristic solves it).

``paper`` is the first ``per_level`` draws of a (task, level)'s stream; ``hard`` is drawn by
the same sampler in a stream of its own (``gralgo.dataset._hard_split``), the first
``per_level`` draws no heuristic of the suite solves (a filtered split, documented as such in
``design/data.md``). No instance is in both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from gralgo.dataset._instance import Instance


def hard(instance: Instance) -> bool:
    """Whether ``instance`` belongs to the ``hard`` split."""
    return "hard" in instance.splits


def hard_slice(per_level: int) -> Callable[[Instance], Instance | None]:
    """A filter over a cell-ordered read of a built dataset: the instances (and splits) a build
    with this smaller ``per_level`` holds: the first ``per_level`` paper and the first
    ``per_level`` hard instances of each cell (the hard stream does not depend on
    ``per_level``). Call it on the instances in file order (task, context, level, index)."""
    counts: Counter[tuple[str, str, int]] = Counter()

    def keep(instance: Instance) -> Instance | None:
        cell = (instance.task, instance.context, instance.level)
        paper = "paper" in instance.splits and instance.index < per_level
        is_hard = hard(instance) and counts[cell] < per_level
        if is_hard:
            counts[cell] += 1
        splits = split_names(paper, is_hard)
        if not splits:
            return None
        return instance if splits == instance.splits else replace(instance, splits=splits)

    return keep


def split_names(paper: bool, hard: bool) -> tuple[str, ...]:
    """The splits of an instance (empty: not kept)."""
    return (("paper",) if paper else ()) + (("hard",) if hard else ())
