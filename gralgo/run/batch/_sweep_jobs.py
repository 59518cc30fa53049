"""A ``-m`` sweep in batch mode: every job submits, then the sweep waits for all at its end.

A job of a sweep whose end collects batches (``gralgo.batch_sweep.BatchSweepCallback`` left
:data:`SWEEP_MARKER` in the sweep folder) submits its batches without
waiting (as ``run.batch.wait=false``), writes :data:`PENDING_MARKER` into its folder (its
ledger, its batches' job digest, the model's endpoint, its command-line overrides) and exits 5.
Whatever the launcher (jobs in this process one by one, or in worker processes at once), every
job has submitted when the sweep ends; the callback then polls every pending job's batches
together (one progress display) and, when none is running, runs each pending job again in its
own folder, which collects its results and writes its reports. Nothing here is held in memory
across processes: the ledger holds the batches and their claims, the folders hold the markers.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gralgo.ledger import ModelSpec, Request, SamplingParams

log = logging.getLogger("gralgo")

SWEEP_MARKER = "batch_sweep.json"
"""In the sweep folder: this sweep's end waits for its jobs' batches and collects them."""
PENDING_MARKER = "BATCH_PENDING.json"
"""In a job folder: the job submitted batches that were still running when it returned."""


@dataclass(frozen=True)
class PendingJob:
    """A sweep job whose batches were still running when it returned."""

    folder: Path
    ledger: str
    """Its ledger: a SQLite path or a ``postgresql://`` URL (no password)."""
    job: str
    """The digest its batches carry (``batches.job``)."""
    model: dict[str, Any]
    """Its :class:`ModelSpec` (endpoint and the *name* of its key variable, no secret)."""
    overrides: list[str]
    """Its command-line overrides (Hydra's ``overrides.task``): the command that collects."""
    poll_s: float = 30.0
    max_poll_s: float = 300.0

    def collected(self) -> None:
        """The job was collected: its marker goes."""
        (self.folder / PENDING_MARKER).unlink(missing_ok=True)


def mark_batch_sweep(sweep_dir: Path) -> None:
    """Declare that this sweep's end waits for its jobs' batches and collects the jobs."""
    sweep_dir.mkdir(parents=True, exist_ok=True)
    (sweep_dir / SWEEP_MARKER).write_text('{"collect_at_end": true}\n', encoding="utf-8")


def sweep_collects_batches(sweep_dir: Path | None) -> bool:
    """Whether a job of the ``-m`` sweep in ``sweep_dir`` (``None``: not a sweep job; the app
    reads it from Hydra at the edge) leaves its batches to the sweep's end."""
    return sweep_dir is not None and (sweep_dir / SWEEP_MARKER).is_file()


def write_pending(
    folder: Path,
    ledger: str,
    job: str,
    model: ModelSpec,
    overrides: Sequence[str],
    poll_s: float,
    max_poll_s: float,
) -> None:
    """Leave this job's :data:`PENDING_MARKER` for the sweep's end (``overrides``: the job's
    command-line overrides, which the sweep's end runs again to collect it)."""
    record = PendingJob(folder, ledger, job, asdict(model), list(overrides), poll_s, max_poll_s)
    data = {**asdict(record), "folder": str(folder)}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / PENDING_MARKER).write_text(json.dumps(data, indent=2), encoding="utf-8")


def pending_jobs(sweep_dir: Path) -> list[PendingJob]:
    """The sweep's jobs that left batches running, in job order."""
    found = []
    for marker in sorted(sweep_dir.glob(f"*/{PENDING_MARKER}"), key=lambda p: p.parent.name):
        data = json.loads(marker.read_text(encoding="utf-8"))
        found.append(PendingJob(**{**data, "folder": Path(data["folder"])}))
    return found


def _provider(model: dict[str, Any]) -> Any:
    from gralgo.run.batch._provider_registry import make_provider

    spec = ModelSpec(**{**model, "drop_params": tuple(model.get("drop_params") or ())})
    return make_provider(Request("", (), spec, SamplingParams()))


def batch_statuses(jobs: Sequence[PendingJob]) -> list[Any]:
    """What the provider says now of each of the jobs' open batches (``BatchStatus``)."""
    from gralgo.ledger import open_ledger

    statuses = []
    by_ledger: dict[str, list[PendingJob]] = {}
    for job in jobs:
        by_ledger.setdefault(job.ledger, []).append(job)
    providers: dict[str, Any] = {}
    for location, members in by_ledger.items():
        wanted = {job.job: job for job in members}
        with open_ledger(location) as ledger:
            batches = [b for b in ledger.batches(open_only=True) if b.job in wanted]
        for batch in batches:
            if batch.batch_id is None:
                continue  # an intent of a process that died: the job's run adopts or drops it
            model = wanted[batch.job].model
            key = json.dumps(model, sort_keys=True)
            if key not in providers:
                providers[key] = _provider(model)
            statuses.append(providers[key].status(batch.batch_id))
    return statuses


def wait_for_batches(jobs: Sequence[PendingJob], progress: Any = None) -> None:
    """Poll the jobs' batches together (backoff from the jobs' ``poll_s`` to ``max_poll_s``)
    until none is running; ``progress`` (a ``BatchProgress``) shows them as one."""
    if not jobs:
        return
    delay = min(job.poll_s for job in jobs)
    most = max(job.max_poll_s for job in jobs)
    log.info("batch sweep: waiting for the batches of %d job(s)", len(jobs))
    from gralgo.run.batch._batch_run import crash_point

    while True:
        statuses = batch_statuses(jobs)
        crash_point("sweep_wait")
        if all(s.final for s in statuses):
            return
        if progress is not None:
            progress.update(statuses)
        time.sleep(delay)
        delay = min(most, delay * 2)
