"""Job folders as gralgo writes them (``job.json``, ``metrics.json``, markers), made by hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gralgo.results import JobRecord, MlflowRun, ResultsState, record_json

MakeJob = Callable[..., Path]


@pytest.fixture
def make_job() -> MakeJob:
    """``make_job(folder, model=..., complete=True, metrics={...}, created_at=...)``."""

    def make(folder: Path, model: str = "m", *, complete: bool = True,
             metrics: dict[str, Any] | None = None, created_at: float = 1.0e9,
             mlflow: MlflowRun | None = None) -> Path:  # fmt: skip
        folder.mkdir(parents=True, exist_ok=True)
        results = ResultsState("in", "s", "", {}, "summary", 4, str(folder)) if complete else None
        record = JobRecord(
            ledger_path="/l.sqlite", dataset_dir="/d", model=model, litellm_model=f"x/{model}",
            format="edge_list", context="standard", k=2, sampling={},
            request_keys=("a", "b"), instance_ids=("i1", "i2"), created_at=created_at,
            results=results, mlflow=mlflow,
        )  # fmt: skip
        (folder / "job.json").write_text(record_json(record), "utf-8")
        if metrics is not None:
            (folder / "metrics.json").write_text(json.dumps(metrics), "utf-8")
        return folder

    return make
