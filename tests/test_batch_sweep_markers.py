"""A batch sweep's markers (``gralgo/batch_sweep.py``): a job leaves its batches to the sweep
only when the sweep says so, and the pending marker keeps what the sweep's end runs again."""

from __future__ import annotations

from pathlib import Path

from gralgo.batch_sweep import (
    leave_to_sweep,
    mark_batch_sweep,
    pending_jobs,
    sweep_collects_batches,
    sweep_job_settings,
    write_pending,
)
from gralgo.errors import BatchSubmitted
from gralgo.ledger import ModelSpec


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


def test_outside_a_sweep_a_job_waits_and_its_submitted_batches_are_its_own(make_settings) -> None:
    """No Hydra sweep: the settings stay (the job waits), and batches left running are no
    sweep's to collect (the job exits 5 naming the command)."""
    settings = make_settings("run.batch.enabled=on")
    assert sweep_job_settings(settings) is settings
    err = BatchSubmitted("submitted", job="digest", model=ModelSpec("m", "openai/m"))
    assert not leave_to_sweep(err, settings)
