"""Build a whole dataset (tasks x levels, or the long-context variants) into a directory."""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gralgo.dataset._card import dataset_card
from gralgo.dataset._hard_split import log_shortfalls
from gralgo.dataset._long_context import build_long_context
from gralgo.dataset._spec import DatasetSpec, load_sources, plain_value
from gralgo.dataset._statistics import statistics_csv, statistics_markdown, summarise
from gralgo.dataset._store import (
    FORMAT_VERSION,
    MANIFEST,
    DatasetError,
    read_manifest,
    write_dataset_parts,
)
from gralgo.dataset._units import UnitResult, serialise, tasks_as_built

log = logging.getLogger(__name__)


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
    copied into the task files as each task completes, so peak memory is flat in the number of
    instances and little is left to do after the last unit.
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
            built: Iterable[tuple[str, list[UnitResult]]] = [
                (task, [serialise(items, parts / f"{task}.jsonl")])
                for task, items in build_long_context(spec).items()
            ]
        elif spec.erdos_renyi is not None:
            built = _build_erdos_renyi(spec, parts).items()
        else:  # tasks as they complete, assembled meanwhile; statistics in name order
            built = tasks_as_built(spec, parts, sources)
        by_task: dict[str, list[UnitResult]] = {}

        def handed_over() -> Iterator[tuple[str, list[tuple[Path, list[str]]]]]:
            for task, units in built:
                by_task[task] = units
                yield task, [(unit.path, unit.groups) for unit in units]

        summary: list[str] = []

        def extra_files() -> dict[str, str]:  # once every task is built
            names = list(by_task) if spec.long_context is not None else sorted(by_task)
            ordered = [by_task[task] for task in names]
            stats = summarise(s for units in ordered for unit in units for s in unit.stats)
            hard = [t for units in ordered for unit in units for t in unit.hard]
            log_shortfalls(hard, log)
            summary.append(statistics_markdown(stats, hard))
            counts = {task: sum(len(u.groups) for u in units) for task, units in by_task.items()}
            return {
                "statistics.csv": statistics_csv(stats),
                "statistics.md": summary[0],
                "README.md": dataset_card(spec, dict(sorted(counts.items())), summary[0]),
            }

        write_dataset_parts(
            directory, handed_over(), config=spec.description(), extra_files=extra_files
        )
    total = sum(len(unit.groups) for units in by_task.values() for unit in units)
    return BuildReport(directory, total, time.perf_counter() - started, summary[0])


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
    if wanted.get("hard_split") and have.get("hard_split") != wanted.get("hard_split"):
        out.append(f"hard_split: built {have.get('hard_split')!r}, wanted {wanted['hard_split']!r}")
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
