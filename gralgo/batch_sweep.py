"""A batch-mode ``-m`` sweep submits every job's batches, then waits for all at its end.

The launcher's concern, in this one module: a job only sends its samples through its
transport (``gralgo.run.send_samples``), which leaves batches running when told not to wait.

1. :meth:`BatchSweepCallback.on_multirun_start` writes :data:`SWEEP_MARKER` into the sweep
   folder (a file: joblib's and submitit's workers are other processes, maybe other hosts).
2. Each job of such a sweep (``run.batch=on``, ``run.batch.wait=true``) runs with
   ``wait=false, collect=job`` (:func:`sweep_job_settings`, applied by the app before the
   job); when its transport leaves batches running (``BatchSubmitted``),
   :func:`leave_to_sweep` writes :data:`PENDING_MARKER` into its folder (its ledger, the
   digest its batches carry, its model endpoint, its overrides; no secret) instead of failing.
3. :meth:`BatchSweepCallback.on_multirun_end` polls every pending job's batches together (one
   progress display) and, once none is running, runs each such job again in its own folder
   (the same command with ``run.batch.collect=job``): it collects its batches and writes its
   results, reports and MLflow run. A job that still ends incomplete is recorded as a failed
   sweep job, so the sweep's exit status says so.

Nothing is held in memory across processes: the ledger holds the batches and their claims,
the folders hold the markers; a crash during the wait leaves both, and the same sweep command
again collects and submits nothing twice (``design/batch.md``). Registered in
``conf/config.yaml`` after the MLflow sweep callback: Hydra ends callbacks in reverse order,
so the jobs are collected before the parent run and comparison are finished.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hydra.experimental.callback import Callback
from omegaconf import DictConfig, OmegaConf

if TYPE_CHECKING:
    from gralgo.errors import BatchSubmitted
    from gralgo.settings import AppSettings

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
    """Its ``ModelSpec`` (endpoint and the *name* of its key variable, no secret)."""
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
    """Whether a job of the ``-m`` sweep in ``sweep_dir`` (``None``: not a sweep job) leaves
    its batches to the sweep's end."""
    return sweep_dir is not None and (sweep_dir / SWEEP_MARKER).is_file()


def sweep_job() -> tuple[Path | None, Path | None, list[str]]:
    """Inside a Hydra ``-m`` job: its sweep folder, its own folder and its command-line
    overrides; else ``(None, None, [])``."""
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    if not HydraConfig.initialized() or HydraConfig.get().mode != RunMode.MULTIRUN:
        return None, None, []
    hydra_cfg = HydraConfig.get()
    folder = Path(str(hydra_cfg.runtime.output_dir))
    return Path(str(hydra_cfg.sweep.dir)), folder, list(hydra_cfg.overrides.task)


def sweep_job_settings(settings: AppSettings) -> AppSettings:
    """A batch-mode job of a sweep whose end collects (``run.batch.wait=true``) submits and
    returns (``wait=false``); it then stores and prices only its own batches
    (``collect=job``). Any other job's settings as they are."""
    cfg = settings.run.batch
    if not (cfg.enabled and cfg.wait and sweep_collects_batches(sweep_job()[0])):
        return settings
    batch = replace(cfg, wait=False, collect="job")
    return replace(settings, run=replace(settings.run, batch=batch))


def leave_to_sweep(err: BatchSubmitted, settings: AppSettings | None) -> bool:
    """Record the job whose transport left batches running (``err``) for its sweep's end to
    collect: ``True`` when it is a job of a sweep that collects (not a failure), else
    ``False`` (the job says how to collect)."""
    sweep_dir, folder, overrides = sweep_job()
    if settings is None or not err.job or folder is None or not sweep_collects_batches(sweep_dir):
        return False
    cfg = settings.run.batch
    location = str(settings.ledger_url or settings.ledger_path)
    write_pending(folder, location, err.job, err.model, overrides, cfg.poll_s, cfg.max_poll_s)
    return True


def write_pending(
    folder: Path,
    ledger: str,
    job: str,
    model: Any,
    overrides: Sequence[str],
    poll_s: float,
    max_poll_s: float,
) -> None:
    """Leave this job's :data:`PENDING_MARKER` for the sweep's end (``model``: its
    ``ModelSpec``; ``overrides``: its command-line overrides, which the sweep's end runs
    again to collect it)."""
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


def job_statuses(jobs: Sequence[PendingJob]) -> list[Any]:
    """What the provider says now of each of the jobs' open batches (``BatchStatus``): the
    batch transport's poll, over every pending job of the sweep."""
    import contextlib

    from gralgo.ledger import ModelSpec, open_ledger
    from gralgo.run import batch_statuses

    with contextlib.ExitStack() as stack:
        ledgers = {loc: stack.enter_context(open_ledger(loc)) for loc in {j.ledger for j in jobs}}
        specs = [
            ModelSpec(**{**j.model, "drop_params": tuple(j.model.get("drop_params") or ())})
            for j in jobs
        ]
        return batch_statuses(
            [(ledgers[j.ledger], j.job, spec) for j, spec in zip(jobs, specs, strict=True)]
        )


def wait_for_batches(jobs: Sequence[PendingJob], progress: Any = None) -> None:
    """Poll the jobs' batches together (backoff from the jobs' ``poll_s`` to ``max_poll_s``)
    until none is running; ``progress`` (a ``BatchProgress``) shows them as one."""
    if not jobs:
        return
    delay = min(job.poll_s for job in jobs)
    most = max(job.max_poll_s for job in jobs)
    log.info("batch sweep: waiting for the batches of %d job(s)", len(jobs))
    while True:
        statuses = job_statuses(jobs)
        if all(s.final for s in statuses):
            return
        if progress is not None:
            progress.update(statuses)
        time.sleep(delay)
        delay = min(most, delay * 2)


class BatchSweepCallback(Callback):
    """Marks the sweep as collecting batches; at its end, waits for them and collects each job."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled

    def on_multirun_start(self, config: DictConfig, **kwargs: Any) -> None:
        if not self.enabled or OmegaConf.select(config, "dry_run", default=False):
            return
        mark_batch_sweep(Path(str(config.hydra.sweep.dir)))

    def on_multirun_end(self, config: DictConfig, **kwargs: Any) -> None:
        from gralgo.run import BatchProgress

        jobs = pending_jobs(Path(str(config.hydra.sweep.dir)))
        if not jobs:
            return
        with BatchProgress("sweep batches at the provider") as progress:
            wait_for_batches(jobs, progress)
        for job in jobs:
            collect_job(job)


def collect_job(job: PendingJob) -> int:
    """Run ``job`` again in its own folder: its batches have ended, so it collects them and
    writes its reports. A failure is recorded as the sweep's jobs record theirs; returns the
    exit status."""
    from gralgo.tracking import FailedJob, record_failure

    key = "run.batch.collect"
    overrides = [o for o in job.overrides if o.partition("=")[0].lstrip("+~") != key]
    command = [
        sys.executable, "-m", "gralgo", *overrides, "run.batch.collect=job",
        f"hydra.run.dir='{job.folder}'",
    ]  # fmt: skip
    log.info("batch sweep: collecting the job in %s", job.folder)
    status = subprocess.run(command, cwd=os.getcwd(), check=False).returncode
    if status < 0:  # killed by a signal
        status = 4
    if status == 0:
        job.collected()
        return 0
    cause = f"collecting its batches ended with exit {status} (see {job.folder})"
    record_failure(job.folder, FailedJob(f"{job.folder.name} ({job.folder})", status, cause))
    return status
