"""A Hydra multirun sweep from the command line: one MLflow parent, nested jobs, comparison."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sweep_checks import parent_and_children

from gralgo.testing import StubServer

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_sweep_groups_jobs_under_a_parent_run(stub: StubServer, tmp_path: Path) -> None:
    outputs = tmp_path / "outputs"
    command = [
        sys.executable,
        "-m",
        "gralgo",
        "-m",
        "model=openai_compatible",
        f"model.api_base={stub.api_base}",
        "model.name=stub-a,stub-b",
        "task=max_degree",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=2",
        f"paths.outputs={outputs}",
        f"hydra.sweep.dir={tmp_path / 'sweep'}",
    ]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert stub.stats()["calls"] == 2 * 2 * 2  # two models x two instances x k

    parent, children = parent_and_children(outputs, 2)
    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=f"sqlite:///{outputs}/mlflow.db")
    assert {r.data.tags["model"] for r in children} == {"stub-a", "stub-b"}
    assert parent.info.status == "FINISHED"
    # Named by what varies, with each job's numbers and a figure comparing them.
    assert parent.info.run_name == "model.name=stub-a,stub-b"
    assert {"stub-a/pass_at_k", "stub-b/pass_at_k", "stub-b/cons_at_k_hi"} <= set(
        parent.data.metrics
    )
    assert "comparison/jobs.png" in {
        a.path for a in client.list_artifacts(parent.info.run_id, "comparison")
    }
    comparison = {a.path for a in client.list_artifacts(parent.info.run_id, "comparison")}
    assert "comparison/z_scores.md" in comparison
    assert "comparison/study.html" in comparison  # the study page, beside the tables
    study = (tmp_path / "sweep" / "comparison" / "study.html").read_text(encoding="utf-8")
    assert "Study: stub-a, stub-b" in study and 'class="paired sortable"' in study
    assert '<img src="jobs.png"' in study  # the jobs side by side, on the page itself
    # The sweep's output names where its results are (it named neither).
    sweep_dir = tmp_path / "sweep"
    assert f"study page     {sweep_dir / 'comparison' / 'study.html'}" in done.stdout
    assert f"MLflow parent  run {parent.info.run_id}" in done.stdout
    jobs_link = f"its jobs: http://127.0.0.1:5000/#/experiments/{parent.info.experiment_id}/runs?"
    assert jobs_link in done.stdout
    assert f"every run      gralgo view {outputs}" in done.stdout
    table = tmp_path / "sweep" / "comparison" / "edge_list-standard" / "taxonomy_by_level.md"
    text = table.read_text()
    assert "| stub-a |" in text and "| stub-b |" in text


@pytest.mark.slow
def test_compare_command_reads_job_folders(stub: StubServer, tmp_path: Path) -> None:
    outputs = tmp_path / "outputs"
    for name in ("m1", "m2"):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "gralgo",
                "model=openai_compatible",
                f"model.name={name}",
                f"model.api_base={stub.api_base}",
                "task=[max_degree,diameter]",
                "level=1",
                "dataset.per_level=1",
                "sampling.k=1",
                "mlflow.enabled=false",
                f"paths.outputs={outputs}",
                f"hydra.run.dir={tmp_path / name}",
            ],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-3000:]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gralgo",
            "command=compare",
            f"compare.inputs=[{tmp_path / 'm1'},{tmp_path / 'm2'}]",
            f"hydra.run.dir={tmp_path / 'cmp'}",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Normalised scores" in done.stdout
    study = tmp_path / "cmp" / "comparison" / "study.html"
    assert f"study page (leaderboard, paired comparisons): {study}" in done.stdout
    assert "Study: m1, m2" in study.read_text(encoding="utf-8")
    tasks = tmp_path / "cmp" / "comparison" / "edge_list-standard" / "tasks_level1.md"
    assert "| m1 |" in tasks.read_text() and "| m2 |" in tasks.read_text()
