"""Build a whole dataset (tasks x levels, or the long-context variants) into a directory."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gralgo.dataset._build import build_level
from gralgo.dataset._card import dataset_card
from gralgo.dataset._instance import Instance
from gralgo.dataset._long_context import build_long_context
from gralgo.dataset._spec import DatasetSpec, load_sources, load_sources_for, plain_value
from gralgo.dataset._statistics import (
    GraphStats,
    graph_stats,
    statistics_csv,
    statistics_markdown,
    summarise,
)
from gralgo.dataset._store import (
    FORMAT_VERSION,
    MANIFEST,
    DatasetError,
    read_manifest,
    write_dataset_parts,
)

log = logging.getLogger(__name__)


_WORKER_SOURCES: dict[str, Any] = {}


@dataclass(frozen=True)
class UnitResult:
    """One built unit (a task's level, or a task's variants): its JSON lines, already written to
    ``path`` in order, each line's count group, and graph statistics. The lines stay on disk, so
    a build's memory does not grow with the number of instances."""

    path: Path
    groups: list[str]
    stats: list[GraphStats]


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


def _build_unit(args: tuple[DatasetSpec, str, int, Path]) -> UnitResult:
    """Worker: one (task, level) into its part file; sources come from the on-disk parse cache."""
    from gralgo.tasks import make_task

    spec, task_name, level, path = args
    task = make_task(task_name, spec.tasks[task_name])
    name = task.settings.source
    key = _source_key(spec, name)
    if key not in _WORKER_SOURCES:
        _WORKER_SOURCES[key] = load_sources_for(spec, [name])[name]
    return serialise(build_level(task, _WORKER_SOURCES[key], level, spec.options), path)


def _source_key(spec: DatasetSpec, name: str) -> str:
    """Keyed by the whole source config: one process may build several specs (tests, library)."""
    return repr((name, plain_value(spec.sources.get(name)), str(spec.cache_dir)))


@dataclass(frozen=True)
class BuildReport:
    """What a build produced."""

    directory: Path
    total: int
    seconds: float
    statistics_markdown: str


def build_dataset(spec: DatasetSpec, directory: Path) -> BuildReport:
    """Build every instance of ``spec`` and write them atomically into ``directory``.

    Instances go to part files (one per unit, beside ``directory``) as they are made and are
    copied into the task files at the end, so peak memory is flat in the number of instances.
    """
    started = time.perf_counter()
    sources = load_sources(spec)  # parse once here; forked workers inherit them
    directory = Path(directory)
    directory.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(
        prefix=f".{directory.name}.parts-", dir=directory.parent
    ) as tmp:
        parts = Path(tmp)
        if spec.long_context is not None:
            by_task = {
                task: [serialise(items, parts / f"{task}.jsonl")]
                for task, items in build_long_context(spec).items()
            }
        elif spec.erdos_renyi is not None:
            by_task = _build_erdos_renyi(spec, parts)
        else:
            by_task = _build_all_tasks(spec, parts, sources)
        stats = summarise(s for units in by_task.values() for unit in units for s in unit.stats)
        markdown = statistics_markdown(stats)
        counts = {task: sum(len(unit.groups) for unit in units) for task, units in by_task.items()}
        write_dataset_parts(
            directory,
            {task: [(unit.path, unit.groups) for unit in units] for task, units in by_task.items()},
            config=spec.description(),
            extra_files={
                "statistics.csv": statistics_csv(stats),
                "statistics.md": markdown,
                "README.md": dataset_card(spec, counts, markdown),
            },
        )
    total = sum(counts.values())
    return BuildReport(directory, total, time.perf_counter() - started, markdown)


def _build_all_tasks(
    spec: DatasetSpec, parts: Path, sources: Mapping[str, Any]
) -> dict[str, list[UnitResult]]:
    """Every (task, level) unit into its part file, spread over worker processes; the units come
    back in a fixed order. ``sources`` (the spec's, loaded) are left where forked workers find
    them instead of reading the cache again (spawned workers still read it)."""
    for name, graph in sources.items():  # an earlier build's copy keeps its warm caches
        _WORKER_SOURCES.setdefault(_source_key(spec, name), graph)
    units = [
        (spec, name, level, parts / f"{name}.level-{level}.jsonl")
        for name in sorted(spec.tasks)
        for level in spec.levels
    ]
    workers = max(1, min(spec.workers or (os.cpu_count() or 1), len(units)))
    if workers == 1:
        results = [_build_unit(unit) for unit in units]
    else:
        from concurrent.futures import ProcessPoolExecutor  # a job never builds: not imported

        # Forked workers share the modules imported here: scipy's graph routines (Dijkstra,
        # BFS, components) cost each worker 0.3 s of imports otherwise.
        import scipy.sparse.csgraph  # noqa: F401

        # Largest levels first so no worker is left with one big unit at the end.
        order = sorted(range(len(units)), key=lambda i: -units[i][2])
        with ProcessPoolExecutor(max_workers=workers) as pool:
            done = dict(zip(order, pool.map(_build_unit, [units[i] for i in order]), strict=True))
        results = [done[i] for i in range(len(units))]
    by_task: dict[str, list[UnitResult]] = {name: [] for name in sorted(spec.tasks)}
    for (_, name, _, _), unit in zip(units, results, strict=True):
        by_task[name].append(unit)
    return by_task


def _build_erdos_renyi(spec: DatasetSpec, parts: Path) -> dict[str, list[UnitResult]]:
    from gralgo.dataset._erdos_renyi import build_erdos_renyi_task
    from gralgo.tasks import make_task

    assert spec.erdos_renyi is not None
    sources = load_sources(spec)
    out = {}
    for name in sorted(spec.tasks):
        settings = spec.tasks[name]
        task = make_task(name, settings)
        instances = build_erdos_renyi_task(
            task, sources[settings.source], spec.erdos_renyi, spec.options
        )
        out[name] = [serialise(instances, parts / f"{name}.jsonl")]
    return out


def ensure_dataset(
    spec: DatasetSpec,
    directory: Path,
    *,
    explicit: bool = False,
    formats: Sequence[str] | None = None,
) -> Path:
    """The dataset folder to read ``spec``'s instances from; built only when there is none.

    A folder that holds this spec's dataset, or a larger one it is a slice of (fewer tasks,
    levels or formats, a smaller ``per_level``; same seed, generator and sources), is used as
    it is: an evaluation never rewrites a built dataset. A folder holding other data is an
    error naming the difference. ``explicit`` (``dataset.dir`` was given) only changes the
    advice; ``formats`` are the formats the caller reads (default: the spec's). A lock file
    beside the directory makes parallel jobs (a multirun sweep) build it once: the others wait,
    then find the finished dataset.
    """
    import fcntl

    directory = Path(directory)
    directory.parent.mkdir(parents=True, exist_ok=True)
    wanted = plain_value(spec.description())
    if _usable(directory, wanted, explicit, formats):
        return directory
    with open(directory.with_name(f".{directory.name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _usable(directory, wanted, explicit, formats):  # built by another job meanwhile
            return directory
        report = build_dataset(spec, directory)
    log.info("built %d instances in %.1f s into %s", report.total, report.seconds, directory)
    return directory


def _usable(
    directory: Path, wanted: dict[str, Any], explicit: bool, formats: Sequence[str] | None
) -> bool:
    """True when ``directory`` holds ``wanted`` (or a superset); False when it holds nothing."""
    if not (directory / MANIFEST).is_file():
        return False
    manifest = read_manifest(directory)
    differences = slice_differences(manifest, wanted, formats)
    if not differences:
        return True
    advice = (
        "choose another dataset.dir, or drop dataset.dir to build this config into its own "
        "folder under paths.outputs/datasets"
        if explicit
        else f"move {directory} away to rebuild it"
    )
    raise DatasetError(
        f"dataset at {directory} does not hold the data this config needs "
        f"({'; '.join(differences)}); an evaluation never rewrites a built dataset: {advice}"
    )


def slice_differences(
    manifest: Mapping[str, Any], wanted: Mapping[str, Any], formats: Sequence[str] | None = None
) -> list[str]:
    """Why ``wanted`` is not a slice of the dataset described by ``manifest`` ([] = it is).

    ``formats``: the formats that must be there (default: all of ``wanted``'s).
    """
    have = manifest.get("config") or {}
    out: list[str] = []
    if manifest.get("format_version") != FORMAT_VERSION:
        out.append(f"dataset format {manifest.get('format_version')} != {FORMAT_VERSION}")
    for key in ("generator", "seed", "max_attempts", "long_context"):
        if have.get(key) != wanted.get(key):
            out.append(f"{key}: built {have.get(key)!r}, wanted {wanted.get(key)!r}")
    have_tasks = have.get("tasks") or {}
    for name, settings in sorted((wanted.get("tasks") or {}).items()):
        if name not in have_tasks:
            out.append(f"task {name} not built (built: {', '.join(sorted(have_tasks))})")
        elif have_tasks[name] != settings:
            out.append(f"task.{name} settings differ from the built ones")
    for name, config in sorted((wanted.get("sources") or {}).items()):
        if (have.get("sources") or {}).get(name) != config:
            out.append(f"source {name} differs from the built one")
        elif (have.get("source_content") or {}).get(name) != (
            wanted.get("source_content") or {}
        ).get(name):
            out.append(f"source {name}'s files changed since the build")
    missing_levels = sorted(set(wanted.get("levels") or []) - set(have.get("levels") or []))
    if missing_levels:
        out.append(f"levels {missing_levels} not built (built: {have.get('levels')})")
    if int(wanted.get("per_level") or 0) > int(have.get("per_level") or 0):
        out.append(f"per_level {wanted.get('per_level')} > built {have.get('per_level')}")
    needed = wanted.get("formats") or [] if formats is None else formats
    missing_formats = sorted(set(needed) - set(have.get("formats") or []))
    if missing_formats:
        out.append(f"formats {missing_formats} not built (built: {have.get('formats')})")
    return out
