"""Hydra callback: a batch-mode sweep submits every job's batches, then waits for all at its end.

With ``-m ... run.batch=on`` (and ``run.batch.wait=true``, the default) each job submits its
batches and returns at once, leaving a marker in its folder (``gralgo.run`` writes it); when
the launcher has run every job (one by one in this process, or in worker processes at once),
:meth:`BatchSweepCallback.on_multirun_end` polls every job's batches together, with one
progress display, and once none is running runs each such job again in its own folder: the
same command with ``run.batch.collect=job`` (each job stores and prices its own samples), which
collects its batches and writes its results, reports and MLflow run. A
job that still ends incomplete is recorded as a failed sweep job, so the sweep's exit status
says so. A crash during the wait leaves the batches and their claims in the ledger: the same
sweep command again collects them and submits nothing twice (``design/batch.md``).

Registered in ``conf/config.yaml`` after the MLflow sweep callback: Hydra ends callbacks in
reverse order, so the jobs are collected before the parent run and comparison are finished.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from typing import Any

from hydra.experimental.callback import Callback
from omegaconf import DictConfig, OmegaConf

log = logging.getLogger("gralgo")


class BatchSweepCallback(Callback):
    """Marks the sweep as collecting batches; at its end, waits for them and collects each job."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled

    def on_multirun_start(self, config: DictConfig, **kwargs: Any) -> None:
        if not self.enabled or OmegaConf.select(config, "dry_run", default=False):
            return
        from pathlib import Path

        from gralgo.run import mark_batch_sweep

        mark_batch_sweep(Path(str(config.hydra.sweep.dir)))

    def on_multirun_end(self, config: DictConfig, **kwargs: Any) -> None:
        from pathlib import Path

        from gralgo.run import BatchProgress, pending_jobs, wait_for_batches

        jobs = pending_jobs(Path(str(config.hydra.sweep.dir)))
        if not jobs:
            return
        with BatchProgress("sweep batches at the provider") as progress:
            wait_for_batches(jobs, progress)
        for job in jobs:
            collect_job(job)


def collect_job(job: Any) -> int:
    """Run ``job`` (a ``PendingJob``) again in its own folder: its batches have ended, so it
    collects them and writes its reports. A failure is recorded as the sweep's jobs record
    theirs; returns the exit status."""
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
