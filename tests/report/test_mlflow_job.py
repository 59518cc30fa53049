"""A job's MLflow run opens when work starts and ends FINISHED, FAILED or KILLED."""

from __future__ import annotations

from pathlib import Path

import pytest

from gralgo.report._mlflow_job import JobRun, command_line, job_params, source_tags


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
        running = _client(settings).get_run(job_run.run_id)
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


def test_the_samples_table_keeps_the_answer_end_and_no_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from mlflow import MlflowClient

    from gralgo.report._mlflow_job import (
        SAMPLES_TABLE_ARTIFACT,
        TABLE_TEXT_CHARS,
        log_samples_table,
        shorten,
    )

    secret = "named-secret-value-1234"
    monkeypatch.setenv("GRALGO_TEST_TABLE_SECRET", secret)
    # The secret straddles the cut: scrubbing after cutting would leave a piece of it.
    answer = "x" * 5000 + secret + "y" * (TABLE_TEXT_CHARS - 9 - 12) + "\\boxed{7}"
    rows = [
        {"sample_index": 0, "answer_text": answer, "reasoning_text": "r" * 9000, "prompt_ref": 1},
        {"sample_index": 1, "answer_text": "\\boxed{3}", "reasoning_text": None},
    ]
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    client = MlflowClient(tracking_uri=uri)
    run_id = client.create_run(client.create_experiment("table")).info.run_id

    log_samples_table(uri, run_id, samples, ["GRALGO_TEST_TABLE_SECRET"])
    local = Path(client.download_artifacts(run_id, SAMPLES_TABLE_ARTIFACT, str(tmp_path)))
    logged = json.loads(local.read_text(encoding="utf-8"))
    table = [dict(zip(logged["columns"], row, strict=True)) for row in logged["data"]]
    assert "prompt_ref" not in logged["columns"]
    first, second = table
    assert first["answer_text"].endswith("\\boxed{7}") and "value-1234" not in first["answer_text"]
    assert len(first["answer_text"]) < TABLE_TEXT_CHARS + 80
    assert first["reasoning_text"].startswith("r" * TABLE_TEXT_CHARS)
    assert (
        "9000" not in first["reasoning_text"] and "7,000 characters cut" in first["reasoning_text"]
    )
    assert second["answer_text"] == "\\boxed{3}" and second["reasoning_text"] is None
    assert shorten("abc", keep_end=True, limit=3) == "abc"
