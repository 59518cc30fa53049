"""Runs a killed process left RUNNING are ended by the next run of the same job; a run that
no longer exists is known as such."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.tracking._mlflow_job import JobRun
from gralgo.tracking._mlflow_runs import JOB_TAG, owner_is_gone, process_tags, run_exists
from tests.tracking.mlflow_run_helpers import job_results, run_client


@pytest.mark.slow
def test_a_dead_logging_process_fails_the_job_and_the_next_run_ends_its_run(
    make_settings, tmp_path: Path
) -> None:
    import os
    import signal

    from gralgo.errors import MlflowLoggingError

    settings = make_settings("level=1").report_settings()
    out = job_results(tmp_path)
    with (
        pytest.raises(MlflowLoggingError, match=r"^the MLflow logging process ended \(exit .* -9"),
        JobRun(settings) as job_run,
    ):
        job_run.start()
        orphan = str(job_run.run_id)
        assert job_run._logger is not None
        os.kill(job_run._logger.process.pid, signal.SIGKILL)
        job_run.finish({"pass_at_k": 0.5}, [out / "summary.csv"], out)
        job_run.wait()
    client = run_client(settings)
    left = client.get_run(orphan)
    assert left.info.status == "RUNNING"
    assert left.data.tags.get("complete") != "true"  # tagged only once everything is logged

    with JobRun(settings) as job_run:  # the same job again
        job_run.start()
        run_id = job_run.finish({"pass_at_k": 0.5}, [out / "summary.csv"], out)
    ended = client.get_run(orphan)
    assert ended.info.status == "KILLED" and ended.data.tags["complete"] == "false"
    assert ended.data.tags[JOB_TAG] == client.get_run(str(run_id)).data.tags[JOB_TAG]
    experiment = ended.info.experiment_id
    complete = client.search_runs([experiment], filter_string="tags.complete = 'true'")
    assert [r.info.run_id for r in complete] == [run_id]
    assert not client.search_runs([experiment], filter_string="attributes.status = 'RUNNING'")


@pytest.mark.slow
def test_a_running_run_of_a_live_process_is_left_alone(make_settings) -> None:
    settings = make_settings("level=1").report_settings()
    with JobRun(settings) as first:
        first.start()
        with JobRun(settings) as second:
            second.start()
            assert second.run_id != first.run_id
        assert run_client(settings).get_run(str(first.run_id)).info.status == "RUNNING"


def test_the_owner_of_a_run_is_gone_only_when_its_process_is() -> None:
    mine = process_tags()
    assert not owner_is_gone(mine)
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    assert owner_is_gone({**mine, "gralgo.pid": done.stdout.strip(), "gralgo.pid_start": "1"})
    assert not owner_is_gone({**mine, "gralgo.host": "another-host", "gralgo.pid": "1"})
    assert not owner_is_gone({})
    assert owner_is_gone({**mine, "gralgo.pid": "1", "gralgo.pid_start": "x"})  # pid reused


@pytest.mark.slow
def test_run_exists_reads_the_store(make_settings, tmp_path: Path) -> None:
    settings = make_settings("level=1").report_settings()
    uri = settings.mlflow.tracking_uri
    assert not run_exists(uri, "0" * 32)  # no store yet
    with JobRun(settings) as job_run:
        job_run.start()
        run_id = job_run.finish({"pass_at_k": 0.5}, [], job_results(tmp_path))
    assert run_id is not None and run_exists(uri, run_id)
    assert not run_exists(uri, "0" * 32)
    run_client(settings).delete_run(run_id)
    assert not run_exists(uri, run_id)
    assert not run_exists(f"sqlite:///{tmp_path / 'missing.db'}", run_id)
