"""The job's wall time (summary, metrics.json, MLflow) covers the whole process, in parts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer

REPO = Path(__file__).resolve().parents[2]
PARTS = ("start_up", "dataset", "plan", "calls", "scoring", "reports", "mlflow")


@pytest.mark.slow
def test_cli_job_reports_the_whole_process_time_with_its_parts(
    stub: StubServer, tmp_path: Path
) -> None:
    stub.control(latency_s=0.2)
    job = tmp_path / "job"
    command = [
        sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=stub-model",
        f"model.api_base={stub.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]", "level=1", "dataset.per_level=2", "sampling.k=1",
        "run.max_concurrency=1", "report.bootstrap_resamples=20",
        f"paths.outputs={tmp_path / 'outputs'}", f"paths.cache={tmp_path / 'cache'}",
        f"hydra.run.dir={job}",
    ]  # fmt: skip
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY, "PYTHONPATH": str(REPO)}
    started = time.monotonic()
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    whole = time.monotonic() - started
    assert done.returncode == 0, done.stderr[-2000:]
    metrics = json.loads((job / "metrics.json").read_text())
    parts = {p: metrics[f"time_{p}_s"] for p in PARTS}
    assert parts["calls"] >= 2 * 0.2  # two calls, one at a time
    assert parts["start_up"] > 0.3  # Python, Hydra and the config before the job starts
    assert sum(parts.values()) == pytest.approx(metrics["wall_time_s"], abs=0.05)
    # The whole process, less only its exit, not just the calls.
    assert whole - 1.5 < metrics["wall_time_s"] <= whole
    assert metrics["wall_time_s"] > parts["calls"] + parts["start_up"]
    line = next(x for x in done.stdout.splitlines() if x.startswith("wall time"))
    assert "start-up" in line and "calls" in line and "MLflow" in line
    # The model's speed, as the smoke run prints it: completion tokens over the calls' latency
    # (each call took at least the stub's 0.2 s).
    speed = next(x for x in done.stdout.splitlines() if x.startswith("model speed"))
    assert speed.endswith(" completion tokens/s per call"), speed
    assert float(speed.split()[2]) == pytest.approx(metrics["completion_tokens_per_s"], abs=0.05)
    assert 0 < metrics["completion_tokens_per_s"] <= metrics["completion_tokens"] / (2 * 0.2)

    # MLflow's wall_time_s is the same whole-job figure (its own logging included, up to the
    # run's close).
    from mlflow import MlflowClient

    from gralgo.results import read_job

    record = read_job(job).mlflow
    assert record is not None
    run_id = record.run_id
    logged = (
        MlflowClient(tracking_uri=f"sqlite:///{tmp_path / 'outputs'}/mlflow.db")
        .get_run(run_id)
        .data.metrics
    )
    assert logged["wall_time_s"] > logged["time_calls_s"] + logged["time_start_up_s"]
    assert logged["time_mlflow_s"] > 0
    # One reading of the clock for both (MLflow keeps 4 significant digits).
    for name in ("wall_time_s", *(f"time_{p}_s" for p in PARTS)):
        assert logged[name] == pytest.approx(metrics[name], rel=1e-3, abs=1e-3), name

    # A re-run that reuses the results prints its own (short) time, not the first job's.
    again = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr[-2000:]
    reprinted = next(x for x in again.stdout.splitlines() if x.startswith("wall time"))
    assert reprinted.endswith("(results reused)") and reprinted != line
