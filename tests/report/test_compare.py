"""``command=compare`` says which job folders it left out and why, and fails with nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from gralgo.report import NoResultsError, collect_instances, skipped_jobs
from gralgo.results import JobRecord, ResultsState, record_json

REPO = Path(__file__).resolve().parents[2]


def _job(folder: Path, model: str, *, complete: bool, incomplete: bool = False) -> Path:
    folder.mkdir(parents=True)
    results = ResultsState("in", "s", "", {}, "summary", 2, str(folder)) if complete else None
    record = JobRecord("/l", "/d", model, f"x/{model}", "edge_list", "standard", 1, {},
                       ("a",), ("i1",), results=results)  # fmt: skip
    (folder / "job.json").write_text(record_json(record), "utf-8")
    return folder


def _instances(folder: Path, model: str, incomplete: bool) -> None:
    pd.DataFrame({
        "model": [model, model], "format": "edge_list", "context": "standard", "mode": "direct",
        "instance_id": ["i1", "i2"], "task": "max_degree", "level": 1, "k": 1,
        "pass_at_k": [1.0, 0.0], "cons_at_k": [1.0, 0.0], "accuracy": [1.0, 0.0],
        "incomplete": [incomplete, incomplete],
    }).to_csv(folder / "instances.csv", index=False)  # fmt: skip


def test_left_out_jobs_are_named_with_why(tmp_path: Path) -> None:
    good = _job(tmp_path / "good", "a", complete=True)
    _instances(good, "a", incomplete=False)
    failed = _job(tmp_path / "failed", "b", complete=False)
    (failed / "FAILED.json").write_text('{"status": 3, "cause": "errors"}')
    _job(tmp_path / "stopped", "c", complete=False)
    partial = _job(tmp_path / "partial", "d", complete=False)
    _instances(partial, "d", incomplete=False)

    notes = skipped_jobs([tmp_path])
    assert [n.split(":")[0] for n in notes] == [
        str(tmp_path / "failed"),
        str(tmp_path / "partial"),
        str(tmp_path / "stopped"),
    ]
    assert "the job failed" in notes[0] and "only its complete instances" in notes[1]
    assert "no results" in notes[2]
    assert sorted(collect_instances([tmp_path])["model"].unique()) == ["a", "d"]


def test_nothing_comparable_is_an_error(tmp_path: Path) -> None:
    only = _job(tmp_path / "only", "a", complete=False)
    _instances(only, "a", incomplete=True)
    with pytest.raises(NoResultsError, match="no job has a complete instance"):
        collect_instances([tmp_path])


@pytest.mark.slow
def test_compare_of_a_failed_job_exits_2_naming_it(tmp_path: Path) -> None:
    """It exited 0 and never said it left the folder out."""
    failed = _job(tmp_path / "failed", "b", complete=False)
    (failed / "FAILED.json").write_text('{"status": 3, "cause": "errors"}')
    done = subprocess.run(
        [sys.executable, "-m", "gralgo", "command=compare", f"compare.inputs=[{failed}]",
         f"paths.outputs={tmp_path / 'out'}", "mlflow.enabled=false"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"{failed}: left out, the job failed" in done.stderr
