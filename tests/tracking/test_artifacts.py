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


def test_the_pages_shards_are_logged_in_their_folder_so_mlflows_copy_opens(tmp_path: Path) -> None:
    """report.html loads its samples from report_data/ beside it: a run holding the page but
    not the shards would show a page that cannot read its samples."""
    from mlflow import MlflowClient

    from gralgo.tracking._mlflow import create_run, end_run, log_results

    job = tmp_path / "job"
    (job / "report_data").mkdir(parents=True)
    (job / "report.html").write_text("<html></html>", encoding="utf-8")
    shard = job / "report_data" / "index-00000.js"
    shard.write_text('gralgoShard("index",0,"");\n', encoding="utf-8")
    uri = f"sqlite:///{tmp_path / 'store' / 'mlflow.db'}"
    run_id = create_run(tracking_uri=uri, experiment_name="gralgo", run_name="shards",
                        tags={}, params={"k": "1"})  # fmt: skip
    log_results(tracking_uri=uri, run_id=run_id, metrics={"accuracy": 0.5},
                artifacts=[job / "report.html", shard], artifact_root=job)  # fmt: skip
    end_run(tracking_uri=uri, run_id=run_id)
    client = MlflowClient(tracking_uri=uri)
    assert {f.path for f in client.list_artifacts(run_id)} >= {"report.html", "report_data"}
    assert [f.path for f in client.list_artifacts(run_id, "report_data")] == [
        "report_data/index-00000.js"
    ]
