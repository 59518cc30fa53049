"""The viewer's catalog reads every job's status and numbers from what the job wrote."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from gralgo.results import MlflowRun
from gralgo.view import read_catalog

MakeJob = Callable[..., Path]

METRICS = {
    "pass_at_k": 0.625, "pass_at_k_lo": 0.479, "pass_at_k_hi": 0.771, "n_incomplete": 0,
    "prompt_tokens": 1000, "completion_tokens": 728, "cost_usd": 0.0123, "wall_time_s": 12.8,
    "task/max_degree/pass_at_k": 0.5, "task/diameter/pass_at_k": 0.75,
}  # fmt: skip


def test_each_status_is_read_from_the_jobs_own_files(tmp_path: Path, make_job: MakeJob) -> None:
    runs = tmp_path / "runs" / "2026-12-06"
    make_job(runs / "a", "done", metrics=METRICS, created_at=5.0,
             mlflow=MlflowRun("r1", "sqlite:///m.db", "7"))  # fmt: skip
    make_job(runs / "b", "half", complete=False, metrics={**METRICS, "n_incomplete": 3},
             created_at=4.0)  # fmt: skip
    failed = make_job(runs / "c", "broke", complete=False, created_at=3.0)
    (failed / "FAILED.json").write_text(json.dumps({"job": "#2", "status": 3, "cause": "x"}))
    pending = make_job(runs / "d", "batched", complete=False, created_at=2.0)
    (pending / "BATCH_PENDING.json").write_text("{}")
    make_job(runs / "e", "running", complete=False, created_at=1.0)
    (runs / "f").mkdir()
    (runs / "f" / "job.json").write_text("{not json")

    catalog = read_catalog(tmp_path)
    assert [(j.model, j.status) for j in catalog.jobs] == [
        ("done", "complete"), ("half", "partial"), ("broke", "failed"),
        ("batched", "batch pending"), ("running", "unfinished"),
    ]  # fmt: skip
    done = catalog.jobs[0]
    assert (done.pass_at_k, done.pass_at_k_lo, done.pass_at_k_hi) == (0.625, 0.479, 0.771)
    assert done.tasks == ("diameter", "max_degree")
    assert (done.samples, done.cost_usd, done.duration_s) == (4, 0.0123, 12.8)
    assert done.mlflow_page.startswith("#/experiments/7/runs/r1")
    assert "3 instance(s) incomplete" in catalog.jobs[1].cause
    assert catalog.jobs[2].cause == "exit 3: x"
    assert len(catalog.unreadable) == 1 and "job.json" in catalog.unreadable[0]


def test_a_sweep_is_listed_with_its_jobs_and_study_page(tmp_path: Path, make_job: MakeJob) -> None:
    sweep = tmp_path / "multirun" / "s"
    for number in range(3):
        make_job(sweep / str(number), f"m{number}", metrics=METRICS)
    (sweep / "multirun.yaml").write_text("{}")
    study = sweep / "comparison" / "study.html"
    study.parent.mkdir()
    study.write_text("<html></html>")
    (tmp_path / "datasets" / "x").mkdir(parents=True)  # never walked into

    catalog = read_catalog(tmp_path)
    assert len(catalog.jobs) == 3 and all(job.sweep == sweep for job in catalog.jobs)
    assert [(s.folder, s.jobs, s.study) for s in catalog.sweeps] == [(sweep, 3, study)]


def test_no_cost_is_unknown_not_zero(tmp_path: Path, make_job: MakeJob) -> None:
    metrics = {k: v for k, v in METRICS.items() if k != "cost_usd"}
    make_job(tmp_path / "a", metrics=metrics)
    assert read_catalog(tmp_path).jobs[0].cost_usd is None
