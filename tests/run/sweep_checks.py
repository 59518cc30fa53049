"""Checks shared by the sweep tests: one MLflow parent run with its jobs nested under it."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def parent_and_children(outputs: Path, n_children: int) -> tuple[Any, list[Any]]:
    """The sweep's MLflow parent run and its job runs (asserting exactly one parent)."""
    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=f"sqlite:///{outputs}/mlflow.db")
    experiment = client.get_experiment_by_name("gralgo")
    runs = client.search_runs([experiment.experiment_id])
    parents = [r for r in runs if "mlflow.parentRunId" not in r.data.tags]
    children = [r for r in runs if "mlflow.parentRunId" in r.data.tags]
    assert len(parents) == 1 and len(children) == n_children
    assert {r.data.tags["mlflow.parentRunId"] for r in children} == {parents[0].info.run_id}
    return parents[0], children
