"""The build's units of work (one task's level each), written to part files by worker processes
and handed back as each task completes, so the parent assembles a task's file while the workers
still draw the others."""

from __future__ import annotations

import itertools
import os
import statistics
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gralgo.dataset._build import build_level
from gralgo.dataset._hard_split import HardTally, build_hard_split
from gralgo.dataset._instance import Instance
from gralgo.dataset._spec import DatasetSpec, load_sources_for, plain_value
from gralgo.dataset._statistics import GraphStats, graph_stats

_WORKER_SOURCES: dict[str, Any] = {}

Unit = tuple[DatasetSpec, str, int, Path]
"""(spec, task name, level, part file)."""

UNIT_SECONDS: Mapping[str, tuple[float, ...]] = {
    "diameter": (0.20, 0.16, 0.23, 0.37, 0.52, 0.76),
    "distance_k": (0.13, 0.07, 0.08, 0.12, 0.16, 0.24),
    "distance_threshold": (1.18, 1.03, 1.15, 1.21, 1.78, 2.32),
    "max_clique": (0.29, 0.25, 0.38, 0.50, 0.74, 1.14),
    "max_degree": (0.21, 0.13, 0.18, 0.15, 0.23, 1.46),
    "max_kcore": (0.32, 0.27, 0.25, 0.31, 0.37, 0.64),
    "max_weight_triangle": (0.18, 0.16, 0.22, 0.34, 0.38, 0.74),
    "mst_weight": (0.17, 0.08, 0.12, 0.20, 0.25, 0.24),
    "path_sum": (0.08, 0.05, 0.07, 0.10, 0.14, 0.21),
}
"""CPU seconds of each (task, level) of the default build (50 per level, measured under load):
only the order the units are handed out in (largest first, so no worker is left with a big unit
at the end), never what they draw. A task missing here counts as the median."""


@dataclass(frozen=True)
class UnitResult:
    """One built unit (a task's level, or a task's variants): its JSON lines, already written to
    ``path`` in order, each line's count group, and graph statistics. The lines stay on disk, so
    a build's memory does not grow with the number of instances."""

    path: Path
    groups: list[str]
    stats: list[GraphStats]
    hard: list[HardTally] = field(default_factory=list)
    """The hard split's tally of the unit's cell (empty without a hard split)."""


def serialise(instances: Iterable[Instance], path: Path) -> UnitResult:
    """Write ``instances`` to ``path`` one JSON line each as they come; keep only small records."""
    groups: list[str] = []
    stats: list[GraphStats] = []
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for instance in instances:
            handle.write(instance.to_json())
            handle.write("\n")
            groups.append(sys.intern(f"{instance.context}/level-{instance.level}"))
            stats.append(graph_stats(instance))
    return UnitResult(path, groups, stats)


def build_unit(args: Unit) -> UnitResult:
    """Worker: one (task, level) into its part file; sources come from the on-disk parse cache."""
    from gralgo.tasks import make_task

    spec, task_name, level, path = args
    task = make_task(task_name, spec.tasks[task_name])
    name = task.settings.source
    key = source_key(spec, name)
    if key not in _WORKER_SOURCES:
        _WORKER_SOURCES[key] = load_sources_for(spec, [name])[name]
    source = _WORKER_SOURCES[key]
    tallies: list[HardTally] = []
    built: Iterable[Instance] = build_level(task, source, level, spec.options)
    if spec.options.hard_split:  # after the paper split, in a stream of its own
        built = itertools.chain(built, build_hard_split(task, source, level, spec.options, tallies))
    return replace(serialise(built, path), hard=tallies)


def source_key(spec: DatasetSpec, name: str) -> str:
    """Keyed by the whole source config: one process may build several specs (tests, library)."""
    return repr((name, plain_value(spec.sources.get(name)), str(spec.cache_dir)))


def unit_seconds(task: str, level: int) -> float:
    """The expected cost of a unit (:data:`UNIT_SECONDS`), for ordering the work."""
    row = UNIT_SECONDS.get(task)
    if row is not None and 1 <= level <= len(row):
        return row[level - 1]
    return statistics.median(s for r in UNIT_SECONDS.values() for s in r)


def largest_first(units: Sequence[Unit]) -> list[int]:
    """Unit indices by expected cost, largest first (ties in the units' order)."""
    return sorted(range(len(units)), key=lambda i: -unit_seconds(units[i][1], units[i][2]))


def tasks_as_built(
    spec: DatasetSpec, parts: Path, sources: Mapping[str, Any]
) -> Iterator[tuple[str, list[UnitResult]]]:
    """Every (task, level) unit into its part file, spread over worker processes: each task's
    units (in level order) as soon as all of them are written, tasks in the order they complete.

    ``sources`` (the spec's, loaded) are left where forked workers find them instead of reading
    the cache again (spawned workers still read it).
    """
    for name, graph in sources.items():  # an earlier build's copy keeps its warm caches
        _WORKER_SOURCES.setdefault(source_key(spec, name), graph)
    units: list[Unit] = [
        (spec, name, level, parts / f"{name}.level-{level}.jsonl")
        for name in sorted(spec.tasks)
        for level in spec.levels
    ]
    workers = max(1, min(spec.workers or (os.cpu_count() or 1), len(units)))
    if workers > 1:
        # Forked workers share the modules imported here: scipy's graph
        # routines (Floyd-Warshall, BFS, components) cost each worker 0.3 s of imports otherwise.
        import scipy.sparse.csgraph  # noqa: F401
    if workers == 1:
        for name in sorted(spec.tasks):
            yield name, [build_unit(unit) for unit in units if unit[1] == name]
    else:
        yield from _in_workers(spec, units, workers)


def _in_workers(
    spec: DatasetSpec, units: list[Unit], workers: int
) -> Iterator[tuple[str, list[UnitResult]]]:
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures: dict[Future[UnitResult], Unit] = {}
        for i in largest_first(units):
            futures[pool.submit(build_unit, units[i])] = units[i]
        left = {name: sum(u[1] == name for u in units) for name in spec.tasks}
        done: dict[tuple[str, int], UnitResult] = {}
        pending = set(futures)
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: futures[f][1:3]):
                    _, name, level, _ = futures[future]
                    done[name, level] = future.result()
                    left[name] -= 1
                    if not left[name]:
                        yield name, [done.pop((name, lv)) for lv in spec.levels]
        except BaseException:
            for future in pending:  # a failed unit (or the caller's error) stops the build
                future.cancel()
            raise
