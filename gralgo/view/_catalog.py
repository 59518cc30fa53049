"""Every job and sweep under an outputs folder, read from the files each job already wrote.

A job folder is any folder holding ``job.json`` (its record); its numbers come from its
``metrics.json`` (the same figures the summary, the tables and MLflow show: nothing is
recomputed here, so an interval is the one the job computed). A sweep folder holds Hydra's
``multirun.yaml``; its comparison page, when ``command=compare`` or the sweep wrote one, is
``comparison/study.html`` inside it or in a compare run that names it.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from gralgo.results import JOB_FILE, JobRecord, ResultsError, read_job
from gralgo.tracking import FAILED_MARKER

JobStatus = Literal["complete", "partial", "failed", "batch pending", "unfinished"]
PENDING_MARKER = "BATCH_PENDING.json"
"""Left in a job folder by a batch-mode sweep whose batches still run (``gralgo.run``)."""
METRICS_FILE = "metrics.json"
SKIPPED_FOLDERS = frozenset({"datasets", ".hydra", "comparison", "analysis", "audit"})


@dataclass(frozen=True)
class JobEntry:
    """One evaluation job as the run viewer lists it."""

    folder: Path
    """The job folder (holds ``job.json``)."""
    sweep: Path | None
    """The sweep folder the job belongs to (None for a single run)."""
    model: str
    tasks: tuple[str, ...]
    """Tasks with results in ``metrics.json`` (empty when the job has no metrics yet)."""
    format: str
    context: str
    mode: str
    k: int
    status: JobStatus
    cause: str
    """Why a job is not complete (its failure or incompleteness), else ''."""
    pass_at_k: float | None
    pass_at_k_lo: float | None
    pass_at_k_hi: float | None
    n_instances: int
    """Instances asked (from the record)."""
    samples: int
    """Samples asked: instances x k."""
    completion_tokens: float | None
    prompt_tokens: float | None
    cost_usd: float | None
    """None when no price is known (an unknown cost is not zero)."""
    duration_s: float | None
    """The job's own wall time (``wall_time_s`` of its metrics)."""
    started_at: float
    """Unix time the job started (its record's ``created_at``)."""
    report: Path | None
    """The job's ``report.html`` (transcripts), when written."""
    mlflow_uri: str
    """The MLflow tracking store the job was logged to ('' when not logged)."""
    mlflow_page: str
    """The MLflow UI fragment of the job's run (``#/experiments/…``), '' when not logged."""


@dataclass(frozen=True)
class SweepEntry:
    """One ``-m`` sweep folder and its comparison page."""

    folder: Path
    jobs: int
    study: Path | None
    """``comparison/study.html`` (the leaderboard and paired comparisons), when written."""
    started_at: float


@dataclass(frozen=True)
class Catalog:
    """Everything the run viewer lists, newest first."""

    root: Path
    jobs: tuple[JobEntry, ...]
    sweeps: tuple[SweepEntry, ...]
    unreadable: tuple[str, ...]
    """Job folders whose ``job.json`` could not be read, with the reason (listed, not hidden)."""


def _number(metrics: Mapping[str, Any], name: str) -> float | None:
    value = metrics.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _status(
    folder: Path, record: JobRecord, metrics: Mapping[str, Any] | None
) -> tuple[JobStatus, str]:
    failed = _read_json(folder / FAILED_MARKER)
    if failed is not None:
        return "failed", f"exit {failed.get('status')}: {failed.get('cause', '')}"
    if (folder / PENDING_MARKER).is_file():
        return "batch pending", "batches submitted; run the same command again to collect"
    if metrics is None:
        return "unfinished", "no results: still running, or stopped before its reports"
    missing = _number(metrics, "n_incomplete") or 0.0
    if record.results is None or missing > 0:
        return "partial", f"{int(missing)} instance(s) incomplete: re-run to resume"
    return "complete", ""


def _tasks(metrics: Mapping[str, Any]) -> tuple[str, ...]:
    names = {
        key.split("/")[1] for key in metrics if key.startswith("task/") and key.count("/") == 2
    }
    return tuple(sorted(names))


def read_entry(folder: Path, sweep: Path | None = None) -> JobEntry:
    """The :class:`JobEntry` of one job folder (raises ``ResultsError`` for an unreadable one)."""
    from gralgo.tracking import ui_path

    record = read_job(folder)
    metrics = _read_json(folder / METRICS_FILE)
    status, cause = _status(folder, record, metrics)
    values = metrics or {}
    run = record.mlflow
    report = folder / "report.html"
    return JobEntry(
        folder=folder,
        sweep=sweep,
        model=record.model,
        tasks=_tasks(values),
        format=record.format,
        context=record.context,
        mode=record.mode,
        k=record.k,
        status=status,
        cause=cause,
        pass_at_k=_number(values, "pass_at_k"),
        pass_at_k_lo=_number(values, "pass_at_k_lo"),
        pass_at_k_hi=_number(values, "pass_at_k_hi"),
        n_instances=len(record.instance_ids),
        samples=len(record.instance_ids) * record.k,
        completion_tokens=_number(values, "completion_tokens"),
        prompt_tokens=_number(values, "prompt_tokens"),
        cost_usd=_number(values, "cost_usd"),
        duration_s=_number(values, "wall_time_s"),
        started_at=record.created_at,
        report=report if report.is_file() else None,
        mlflow_uri=run.tracking_uri if run else "",
        mlflow_page=ui_path(run.experiment_id, run.run_id) if run and run.experiment_id else "",
    )


def _walk(root: Path) -> Iterator[Path]:
    """Folders under ``root`` (not following links), skipping datasets and job internals."""
    for current, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_FOLDERS and not d.startswith("."))
        if JOB_FILE in files:
            dirs[:] = []  # a job folder holds no other job
        yield Path(current)


def _study_of(sweep: Path) -> Path | None:
    study = sweep / "comparison" / "study.html"
    return study if study.is_file() else None


def read_catalog(root: Path) -> Catalog:
    """Every job and sweep under ``root`` (an outputs folder), newest first."""
    root = root.expanduser()
    jobs: list[JobEntry] = []
    sweeps: list[SweepEntry] = []
    unreadable: list[str] = []
    sweep_dirs: set[Path] = set()
    for folder in _walk(root):
        if (folder / "multirun.yaml").is_file():
            sweep_dirs.add(folder)
        if not (folder / JOB_FILE).is_file():
            continue
        parent = folder.parent
        sweep = parent if (parent / "multirun.yaml").is_file() else None
        try:
            jobs.append(read_entry(folder, sweep))
        except ResultsError as err:
            unreadable.append(str(err))
    for sweep in sorted(sweep_dirs):
        members = [job for job in jobs if job.sweep == sweep]
        started = min((job.started_at for job in members), default=sweep.stat().st_mtime)
        sweeps.append(SweepEntry(sweep, len(members), _study_of(sweep), started))
    jobs.sort(key=lambda j: (-j.started_at, str(j.folder)))
    sweeps.sort(key=lambda s: (-s.started_at, str(s.folder)))
    return Catalog(root, tuple(jobs), tuple(sweeps), tuple(unreadable))
