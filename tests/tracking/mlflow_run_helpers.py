"""Helpers shared by the tests of a job's MLflow run and its logging process."""

from __future__ import annotations

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
