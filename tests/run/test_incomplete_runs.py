"""A run that stops early or ends with missing samples says so: exit 3, ERROR line, partial."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.testing import FAKE_KEY_ENV, StubServer

REPO = Path(__file__).resolve().parents[2]


def cli(
    tmp_path: Path,
    stub: StubServer,
    *extra: str,
    key_env: str = FAKE_KEY_ENV,
    flags: tuple[str, ...] = (),
) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable,
        "-m",
        "gralgo",
        *flags,
        "model=openai_compatible",
        "model.name=stub",
        f"model.api_base={stub.api_base}",
        f"model.api_key_env={key_env}",
        "task=max_degree",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=2",
        f"paths.outputs={tmp_path / 'outputs'}",
        *extra,
    ]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_fatal_401_exits_3_with_one_error_line_and_a_failed_mlflow_run(
    stub: StubServer, tmp_path: Path
) -> None:
    stub.control(faults=[{"kind": "status", "status": 401}])
    done = cli(tmp_path, stub, f"hydra.run.dir={tmp_path / 'run'}")
    assert done.returncode == 3, done.stderr[-3000:]
    errors = [line for line in done.stderr.splitlines() if "[ERROR]" in line]
    assert len(errors) == 1, done.stderr[-3000:]
    assert "run stopped early" in errors[0] and "incomplete: 0 of 4 samples" in errors[0]
    assert "re-run the same command" in errors[0]
    assert "no instance has all its samples" in done.stderr  # not just "nothing to plot"

    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=f"sqlite:///{tmp_path / 'outputs'}/mlflow.db")
    experiment = client.get_experiment_by_name("gralgo")
    (run,) = client.search_runs([experiment.experiment_id])
    assert run.data.tags["complete"] == "false"
    assert run.info.status == "FAILED"


def test_errored_samples_mark_the_tables_partial(make_settings, stub: StubServer) -> None:
    from gralgo.evaluate import evaluate, load_instances

    settings = make_settings(
        "model=openai_compatible",
        "model.name=stub",
        f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}",
        "task=max_degree",
        "level=1",
        "dataset.per_level=3",
        "sampling.k=2",
        "run.max_attempts=1",
        "run.failure_budget=1.0",
        "mlflow.enabled=false",
    )
    failing = [i.prompts["edge_list"].text for i in load_instances(settings) if i.index == 2]
    stub.control(faults=[{"kind": "status", "status": 500, "match": t} for t in failing])
    result = evaluate(settings)
    assert not result.complete
    assert result.status is not None
    assert result.status.line().startswith("incomplete: 4 of 6 samples (2 ")
    first = (result.output_dir / "tables" / "taxonomy_by_level.md").read_text().splitlines()[0]
    assert first.startswith("> **Partial results** (incomplete: 4 of 6 samples")
    assert result.metrics["complete"] == 0.0

    stub.control()
    healed = evaluate(settings)
    assert healed.complete
    first = (healed.output_dir / "tables" / "taxonomy_by_level.md").read_text().splitlines()[0]
    assert "Partial" not in first


@pytest.mark.slow
def test_a_failing_sweep_job_does_not_stop_the_others(stub: StubServer, tmp_path: Path) -> None:
    stub.control()
    done = cli(
        tmp_path,
        stub,
        "mlflow.enabled=false",
        f"hydra.sweep.dir={tmp_path / 'sweep'}",
        key_env="GRALGO_NO_SUCH_KEY_VAR,null",
        flags=("-m",),
    )
    assert done.returncode == 2, done.stderr[-3000:]
    assert stub.stats()["calls"] == 2 * 2, done.stderr[-3000:]  # the second job ran
    assert "1 sweep job(s) failed" in done.stderr
    assert "job #0" in done.stderr and "GRALGO_NO_SUCH_KEY_VAR" in done.stderr
    assert (tmp_path / "sweep" / "1" / "samples.csv").is_file()


@pytest.mark.slow
def test_a_sweep_with_a_failed_job_marks_its_parent_run_failed(
    stub: StubServer, tmp_path: Path
) -> None:
    stub.control()
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    done = cli(
        tmp_path,
        stub,
        f"mlflow.tracking_uri={uri}",
        f"hydra.sweep.dir={tmp_path / 's'}",
        key_env="GRALGO_NO_SUCH_KEY_VAR,null",
        flags=("-m",),
    )
    assert done.returncode == 2, done.stderr[-3000:]
    assert (tmp_path / "s" / "0" / "FAILED.json").is_file()
    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=uri)
    experiment = client.get_experiment_by_name("gralgo")
    runs = client.search_runs([experiment.experiment_id], "tags.`gralgo.kind` = 'sweep'")
    assert [r.info.status for r in runs] == ["FAILED"]
