"""Helpers shared by the tests of a job's MLflow run and its logging process."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any


def run_client(settings: Any) -> Any:
    """An MLflow client on the job's tracking store."""
    from mlflow import MlflowClient

    return MlflowClient(tracking_uri=settings.mlflow.tracking_uri)


def job_results(tmp_path: Path) -> Path:
    """A job folder holding one result file to log."""
    out = tmp_path / "job"
    out.mkdir(exist_ok=True)
    (out / "summary.csv").write_text("task,pass_at_k\nmax_degree,0.5\n")
    return out


def settled_run(client: Any, run_id: str, timeout: float = 120.0) -> Any:
    """The run once it is no longer RUNNING (its logging process ends it), or as it is after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while client.get_run(run_id).info.status == "RUNNING" and time.monotonic() < deadline:
        time.sleep(0.2)
    return client.get_run(run_id)
