"""Failed jobs of a ``-m`` sweep: each writes a marker in its folder, the sweep collects them.

Jobs may run in other processes (joblib, submitit), so a failure is recorded on disk, not in
memory; the sweep's end (``MlflowSweepCallback.on_multirun_end``) collects the markers, marks
the parent run FAILED, and the CLI exits non-zero listing them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

FAILED_MARKER = "FAILED.json"


@dataclass(frozen=True)
class FailedJob:
    """One sweep job that did not finish cleanly."""

    job: str
    """``#<num> (<output dir>)``."""
    status: int
    """Its exit status (2 config/user error, 3 incomplete)."""
    cause: str
    """The error message."""


FAILED_JOBS: list[FailedJob] = []
"""Failures collected at the end of this process's sweep (read by the CLI)."""


def record_failure(output_dir: Path, job: FailedJob) -> None:
    """Write ``job``'s failure marker into its output folder."""
    output_dir.mkdir(parents=True, exist_ok=True)
    (output_dir / FAILED_MARKER).write_text(
        json.dumps({"job": job.job, "status": job.status, "cause": job.cause}), encoding="utf-8"
    )


def collect_failures(sweep_dir: Path) -> list[FailedJob]:
    """The failure markers of a sweep's jobs, in job order; also kept in :data:`FAILED_JOBS`."""
    found = []
    for marker in sorted(sweep_dir.glob(f"*/{FAILED_MARKER}"), key=lambda p: p.parent.name):
        data = json.loads(marker.read_text(encoding="utf-8"))
        found.append(FailedJob(str(data["job"]), int(data["status"]), str(data["cause"])))
    FAILED_JOBS[:] = found
    return found
