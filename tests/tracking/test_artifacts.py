"""A run's artifacts stored once: linked into a local store, the job folder's bytes not copied."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gralgo.tracking._mlflow import log_run

pytestmark = pytest.mark.slow


def _disk_bytes(*roots: Path) -> int:
    """Bytes of the files under ``roots``, each file (inode) counted once, as ``du`` does."""
    seen: dict[tuple[int, int], int] = {}
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file():
                info = path.stat()
                seen[(info.st_dev, info.st_ino)] = info.st_size
    return sum(seen.values())


def test_a_job_folder_and_its_run_hold_each_file_once(tmp_path: Path) -> None:
    from mlflow import MlflowClient

    job = tmp_path / "job"
    (job / "tables").mkdir(parents=True)
    (job / "report.html").write_bytes(b"<html>" + os.urandom(400_000) + b"</html>")
    (job / "samples.jsonl").write_text('{"sample_index": 0}\n' * 20_000, encoding="utf-8")
    (job / "tables" / "outcomes.md").write_text("| a |\n", encoding="utf-8")
    uri = f"sqlite:///{tmp_path / 'store' / 'mlflow.db'}"

    run_id = log_run(
        tracking_uri=uri, experiment_name="gralgo", run_name="once", params={"k": "1"},
        tags={}, metrics={"accuracy": 0.5},
        artifacts=[job / "report.html", job / "samples.jsonl"], artifact_dir=job / "tables",
    )  # fmt: skip

    client = MlflowClient(tracking_uri=uri)
    names = {f.path for f in client.list_artifacts(run_id)}
    assert {"report.html", "samples.jsonl", "tables"} <= names
    logged = Path(client.download_artifacts(run_id, "report.html", str(tmp_path / "dl")))
    assert logged.read_bytes() == (job / "report.html").read_bytes()
    artifacts = tmp_path / "store" / "mlartifacts"  # beside the database (shared by all runs)
    assert _disk_bytes(job, artifacts) <= 1.2 * _disk_bytes(job)  # a copy would double it
    # The job rewriting its folder (it detaches its files first) leaves the logged bytes as
    # they were.
    from gralgo.job import detach_shared_files

    before = (job / "samples.jsonl").read_bytes()
    assert detach_shared_files(job) == 3
    (job / "samples.jsonl").write_text("rewritten\n", encoding="utf-8")
    again = Path(client.download_artifacts(run_id, "samples.jsonl", str(tmp_path / "dl2")))
    assert again.read_bytes() == before
