"""A job's MLflow run opens when work starts and ends FINISHED, FAILED or KILLED."""

from __future__ import annotations

from pathlib import Path

import pytest

from gralgo.tracking._mlflow_job import JobRun, command_line, job_params, source_tags


def _client(settings):  # noqa: ANN001, ANN202
    from mlflow import MlflowClient

    return MlflowClient(tracking_uri=settings.mlflow.tracking_uri)


def test_command_line_and_source_tags() -> None:
    assert command_line(["/x/gralgo/__main__.py", "model=a b", "-m"]) == (
        "python -m gralgo 'model=a b' -m"
    )
    assert command_line(["/usr/bin/gralgo", "level=1"]) == "gralgo level=1"
    tags = source_tags(["/usr/bin/gralgo", "level=1"])
    assert tags["mlflow.source.name"] == "gralgo level=1"
    assert len(tags["mlflow.source.git.commit"]) == 40  # the tests run inside the repository


def test_params_hold_k_and_no_secret(make_settings) -> None:
    params = job_params(make_settings("sampling.k=3").report_settings())
    assert params["k"] == "3" and params["sampling.k"] == "3"


@pytest.mark.slow
def test_run_is_running_while_the_job_works_and_failed_after_a_crash(make_settings) -> None:
    settings = make_settings("level=1").report_settings()
    with pytest.raises(RuntimeError, match="boom"), JobRun(settings) as job_run:
        job_run.start()
        run_id = job_run.run_id  # opened (the store made) by the job's logging process first
        running = _client(settings).get_run(run_id)
        assert running.info.status == "RUNNING" and running.info.end_time is None
        raise RuntimeError("boom")
    failed = _client(settings).get_run(job_run.run_id)
    assert failed.info.status == "FAILED" and failed.info.end_time >= failed.info.start_time
    assert failed.data.params["k"] == str(settings.k)
    assert failed.data.tags["gralgo.kind"] == "job"


@pytest.mark.slow
def test_interrupted_job_is_killed_and_finished_job_logs_into_its_run(
    make_settings, tmp_path: Path
) -> None:
    settings = make_settings("level=1").report_settings()
    with pytest.raises(KeyboardInterrupt), JobRun(settings) as job_run:
        job_run.start()
        raise KeyboardInterrupt
    assert _client(settings).get_run(job_run.run_id).info.status == "KILLED"

    out = tmp_path / "job"
    out.mkdir()
    (out / "summary.csv").write_text("task,pass_at_k\nmax_degree,0.5\n")
    with JobRun(settings) as job_run:
        job_run.start()
        opened = job_run.run_id
        assert job_run.finish({"pass_at_k": 0.5}, [out / "summary.csv"], out) == opened
    run = _client(settings).get_run(opened)
    assert run.info.status == "FINISHED" and run.data.metrics == {"pass_at_k": 0.5}


def test_disabled_mlflow_logs_nothing(make_settings, tmp_path: Path) -> None:
    settings = make_settings("mlflow.enabled=false").report_settings()
    with JobRun(settings) as job_run:
        job_run.start()
        assert job_run.finish({"pass_at_k": 1.0}, [], tmp_path) is None
    assert not (settings.outputs_dir / "mlflow.db").exists()


@pytest.mark.slow
def test_partial_job_is_tagged_and_failed(make_settings, tmp_path: Path) -> None:
    settings = make_settings("level=1").report_settings()
    with JobRun(settings) as job_run:
        job_run.start()
        run_id = job_run.finish({"pass_at_k": 0.5}, [], tmp_path, complete=False)
    run = _client(settings).get_run(run_id)
    assert run.info.status == "FAILED" and run.data.tags["complete"] == "false"


@pytest.mark.slow
def test_two_jobs_logging_one_dataset_at_once_both_link_it(
    make_settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race CI met: both jobs find the dataset row missing, the later insert is refused."""
    import json

    from mlflow.exceptions import MlflowException
    from mlflow.store.tracking.sqlalchemy_store import SqlAlchemyStore

    from gralgo.tracking._mlflow import create_run
    from gralgo.tracking._mlflow_job import log_dataset_input

    settings = make_settings("level=1").report_settings()
    dataset_dir = tmp_path / "datasets" / "abc123"
    dataset_dir.mkdir(parents=True)
    manifest = {
        "format_version": 1,
        "config": {},
        "counts": {},
        "files": {},
        "content_hash": "f" * 64,
    }
    (dataset_dir / "manifest.json").write_text(json.dumps(manifest))
    uri, name = settings.mlflow.tracking_uri, settings.mlflow.experiment_name
    winner, loser = (
        create_run(tracking_uri=uri, experiment_name=name, run_name=n, tags={}) for n in "ab"
    )
    original = SqlAlchemyStore._log_inputs_impl
    refused = "(sqlite3.IntegrityError) UNIQUE constraint failed: datasets.experiment_id"
    calls = []

    def racing(self, experiment_id, run_id, dataset_inputs=None, models=None):  # noqa: ANN001, ANN202
        calls.append(run_id)
        if len(calls) == 1:  # the other job inserts the same dataset between check and insert
            original(self, experiment_id, winner, dataset_inputs, models)
            raise MlflowException(refused)
        return original(self, experiment_id, run_id, dataset_inputs, models)

    monkeypatch.setattr(SqlAlchemyStore, "_log_inputs_impl", racing)
    log_dataset_input(uri, loser, dataset_dir)
    assert calls == [loser, loser]
    for run_id in (winner, loser):
        inputs = _client(settings).get_run(run_id).inputs.dataset_inputs
        assert [i.dataset.name for i in inputs] == ["gralgobench-abc123"]


@pytest.mark.slow
def test_results_are_logged_by_a_child_process_and_its_error_raised_on_leaving(
    make_settings, tmp_path: Path
) -> None:
    import os

    from gralgo.errors import MlflowLoggingError

    settings = make_settings("level=1").report_settings()
    returned = []
    with (
        pytest.raises(MlflowLoggingError, match=r"^MLflow logging failed: .*missing.png does not"),
        JobRun(settings) as job_run,
    ):
        job_run.start()
        returned.append(job_run.finish({"pass_at_k": 0.5}, [tmp_path / "missing.png"], tmp_path))
    assert returned == [job_run.run_id]  # finish returned while the logging went on
    run = _client(settings).get_run(job_run.run_id)
    assert run.info.status == "FAILED"
    assert run.data.tags["gralgo.pid"] != str(os.getpid())  # opened by the logging process


def test_params_are_the_evaluated_settings_not_the_whole_config(make_settings) -> None:
    params = job_params(make_settings().report_settings())
    assert {"model.name", "sampling.k", "sampling.temperature", "level", "format.name",
            "mode.name", "dataset.seed", "k"} <= set(params)  # fmt: skip
    assert len(params) <= 80, len(params)
    assert not [name for name in params if name.split(".")[0] in {"task", "judge", "analyze"}]


def _artifacts(settings, run_id: str) -> dict[str, bytes]:  # noqa: ANN001
    """Every artifact of the run with its bytes (a local store: read in place)."""
    from urllib.parse import urlparse

    uri = _client(settings).get_run(run_id).info.artifact_uri
    root = Path(urlparse(uri).path if uri.startswith("file:") else uri)
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.slow
def test_sample_files_logged_while_the_reports_are_written_make_the_same_run(
    make_settings, tmp_path: Path
) -> None:
    """The job hands the child its sample files before the rest of its reports: the run holds
    the same artifacts, each once, and the same samples table as when all come at the end."""
    settings = make_settings("level=1").report_settings()
    out = tmp_path / "job"
    (out / "report_data").mkdir(parents=True)
    (out / "tables").mkdir()
    record = '{"instance_id":"i1","answer_text":"so \\\\boxed{4}","reasoning_text":"r"}\n'
    (out / "samples.jsonl").write_text(record * 3)
    (out / "report_data" / "index-00000.js").write_text('gralgoShard("index",0,"");\n')
    (out / "summary.csv").write_text("task,pass_at_k\nmax_degree,0.5\n")
    (out / "tables" / "by_task.md").write_text("| task |\n")
    samples = [out / "samples.jsonl", out / "report_data" / "index-00000.js"]
    artifacts = [*samples, out / "summary.csv"]
    runs = []
    for early in (False, True):
        with JobRun(settings) as job_run:
            job_run.start()
            if early:
                job_run.samples_written(samples, out)
            runs.append(job_run.finish({"pass_at_k": 0.5}, artifacts, out))
    late, early_run = (_artifacts(settings, run_id) for run_id in runs)
    assert sorted(late) == sorted(early_run) == [
        "report_data/index-00000.js", "samples.jsonl", "samples_table.json", "summary.csv",
        "tables/by_task.md",
    ]  # fmt: skip
    assert late == early_run
    assert _client(settings).get_run(runs[1]).info.status == "FINISHED"
