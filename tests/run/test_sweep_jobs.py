"""A sweep job's batch markers (``run/batch/_sweep_jobs.py``): what the app passes in (sweep
folder, overrides) is what the sweep's end reads back; nothing is read from Hydra here."""

from __future__ import annotations

from pathlib import Path

from gralgo.ledger import ModelSpec
from gralgo.run.batch._sweep_jobs import (
    mark_batch_sweep,
    pending_jobs,
    sweep_collects_batches,
    write_pending,
)


def test_a_job_leaves_its_batches_to_the_sweep_only_when_the_sweep_says_so(tmp_path: Path) -> None:
    assert not sweep_collects_batches(None)  # not a sweep job
    assert not sweep_collects_batches(tmp_path)  # a sweep without the marker
    mark_batch_sweep(tmp_path)
    assert sweep_collects_batches(tmp_path)


def test_the_pending_marker_keeps_the_overrides_the_app_passed(tmp_path: Path) -> None:
    model = ModelSpec("m", "openai/m", api_key_env="OPENAI_API_KEY")
    job = tmp_path / "0"
    overrides = ["model=gpt", "run.batch=on"]
    write_pending(job, "/l.sqlite", "digest", model, overrides, 1.0, 5.0)
    (found,) = pending_jobs(tmp_path)
    assert (found.folder, found.ledger, found.job) == (job, "/l.sqlite", "digest")
    assert found.overrides == overrides and (found.poll_s, found.max_poll_s) == (1.0, 5.0)
    assert found.model["litellm_model"] == "openai/m"
