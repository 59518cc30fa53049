"""A re-run in a finished job's folder reuses its results only when nothing behind them changed."""

from __future__ import annotations

from pathlib import Path

import pytest

import gralgo.evaluate as evaluate_module
import gralgo.job._record as record_module
from gralgo.evaluate import evaluate
from gralgo.ledger import Ledger
from gralgo.results import JOB_FILE, read_job
from gralgo.testing import FAKE_KEY_ENV, StubServer


@pytest.fixture
def job_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every evaluation writes into one folder, as with a fixed ``hydra.run.dir``."""
    folder = tmp_path / "job"
    folder.mkdir()
    monkeypatch.setattr(evaluate_module, "job_output_dir", lambda settings: folder)
    return folder


def settings_for(make_settings, stub: StubServer, *extra: str):
    return make_settings(
        "model=openai_compatible",
        "model.name=stub-model",
        f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=2",
        "run.max_attempts=1",
        "run.failure_budget=1.0",
        "mlflow.enabled=false",
        "report.bootstrap_resamples=20",
        *extra,
    )


def untimed(summary: str) -> str:
    """A job summary without its wall-time line (each job prints its own time)."""
    return "".join(x for x in summary.splitlines(True) if not x.startswith("wall time"))


def mtimes(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): p.stat().st_mtime_ns
        for p in folder.rglob("*")
        if p.is_file() and p.name != JOB_FILE
    }


def test_unchanged_rerun_reuses_and_any_change_reports_again(
    make_settings, stub: StubServer, job_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = settings_for(make_settings, stub)
    first = evaluate(settings)
    assert first.complete and read_job(job_dir).results is not None
    written = mtimes(job_dir)
    printed = capsys.readouterr().out
    calls = stub.stats()["calls"]

    again = evaluate(settings)  # nothing changed: same summary, no file touched, no call
    assert untimed(again.summary) == untimed(first.summary) and again.metrics == first.metrics
    assert again.summary != first.summary  # its own wall time, not the first job's
    assert first.summary and first.summary in printed
    assert capsys.readouterr().out == again.summary
    assert mtimes(job_dir) == written and stub.stats()["calls"] == calls
    assert again.complete and again.samples == first.samples

    # A config value the results depend on: scored and reported again, then reused.
    changed = settings_for(make_settings, stub, "report.bootstrap_resamples=30")
    evaluate(changed)
    rewritten = mtimes(job_dir)
    assert rewritten["summary.csv"] != written["summary.csv"]
    evaluate(changed)
    assert mtimes(job_dir) == rewritten

    # A result file edited by hand is rewritten, not trusted.
    (job_dir / "summary.csv").write_text("edited\n", encoding="utf-8")
    evaluate(changed)
    assert (job_dir / "summary.csv").read_text(encoding="utf-8") != "edited\n"


def test_a_changed_sample_is_reported_again(make_settings, stub: StubServer, job_dir: Path) -> None:
    settings = settings_for(make_settings, stub)
    stub.control(faults=[{"kind": "status", "status": 500, "match": ""}])
    partial = evaluate(settings)  # every call fails: partial, never stamped
    assert not partial.complete and read_job(job_dir).results is None
    stub.control(faults=[])
    complete = evaluate(settings)  # the errors are retried, the job completes and is stamped
    assert complete.complete and read_job(job_dir).results is not None
    before = (job_dir / "samples.csv").stat().st_mtime_ns

    # The ledger's version of one sample changes (a rewritten error row adds attempts).
    key = read_job(job_dir).request_keys[0]
    with Ledger(settings.ledger_path) as ledger:
        conn = ledger._connection()
        conn.execute(
            "UPDATE samples SET attempts = attempts + 1 WHERE request_key = ? AND sample_index = 0",
            (key,),
        )
        conn.commit()
    evaluate(settings)
    assert (job_dir / "samples.csv").stat().st_mtime_ns != before


def test_a_rerun_in_a_new_folder_links_the_results_and_rewriting_them_leaves_the_first(
    make_settings, stub: StubServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    folders = iter([tmp_path / "first", tmp_path / "second", tmp_path / "second"])

    def next_folder(settings: object) -> Path:
        folder = next(folders)
        folder.mkdir(exist_ok=True)
        return folder

    monkeypatch.setattr(evaluate_module, "job_output_dir", next_folder)
    settings = settings_for(make_settings, stub)
    first = evaluate(settings)
    first_dir, second_dir = tmp_path / "first", tmp_path / "second"
    written = {name: (first_dir / name).read_bytes() for name in mtimes(first_dir)}
    first_mtimes = mtimes(first_dir)
    calls = stub.stats()["calls"]
    capsys.readouterr()

    # The same command again, in Hydra's next folder: no call, no scoring, the files linked.
    again = evaluate(settings)
    assert stub.stats()["calls"] == calls and again.metrics == first.metrics
    assert again.output_dir == second_dir and read_job(second_dir).results is not None
    assert str(second_dir.resolve()) in again.summary
    assert str(first_dir.resolve()) not in again.summary
    assert untimed(again.summary) == untimed(
        first.summary.replace(str(first_dir.resolve()), str(second_dir.resolve()))
    )
    assert capsys.readouterr().out == again.summary
    for name in ("summary.csv", "samples.csv", "report.html", "metrics.json"):
        assert (second_dir / name).samefile(first_dir / name), name
    record, source = read_job(second_dir), read_job(first_dir)  # each folder its own record
    assert record.results is not None and source.results is not None
    assert record.results.folder == str(second_dir.resolve())
    assert record.request_keys == source.request_keys
    assert {p.name for p in first.artifacts} <= {p.name for p in again.artifacts}

    # Reporting again into the second folder (a changed setting) never touches the first one.
    changed = settings_for(make_settings, stub, "report.bootstrap_resamples=30")
    evaluate(changed)
    assert mtimes(first_dir) == first_mtimes
    assert {name: (first_dir / name).read_bytes() for name in written} == written
    assert not (second_dir / "summary.csv").samefile(first_dir / "summary.csv")
    assert mtimes(second_dir)["summary.csv"] != first_mtimes["summary.csv"]  # rewritten


def test_results_edited_in_the_remembered_folder_are_not_linked(
    make_settings, stub: StubServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders = iter([tmp_path / "first", tmp_path / "second"])

    def next_folder(settings: object) -> Path:
        folder = next(folders)
        folder.mkdir()
        return folder

    monkeypatch.setattr(evaluate_module, "job_output_dir", next_folder)
    settings = settings_for(make_settings, stub)
    evaluate(settings)
    (tmp_path / "first" / "summary.csv").write_text("edited\n", encoding="utf-8")
    evaluate(settings)  # scored and reported again, from the ledger
    second = tmp_path / "second" / "summary.csv"
    assert second.read_text(encoding="utf-8") != "edited\n"
    assert not second.samefile(tmp_path / "first" / "summary.csv")


def test_a_job_of_another_sweep_parent_is_not_reused(
    make_settings, stub: StubServer, job_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With MLflow on, each sweep's parent run gets its own job runs: results stamped under one
    parent are not reused under another (here the parent is set directly)."""
    settings = settings_for(make_settings, stub)
    monkeypatch.setattr(record_module, "mlflow_parent", lambda settings: "sweep-1")
    evaluate(settings)
    written = mtimes(job_dir)
    evaluate(settings)
    assert mtimes(job_dir) == written  # same parent: reused
    monkeypatch.setattr(record_module, "mlflow_parent", lambda settings: "sweep-2")
    evaluate(settings)
    assert mtimes(job_dir)["summary.csv"] != written["summary.csv"]  # reported again


def _set_answers(ledger_path: Path, text: str) -> None:
    import sqlite3

    conn = sqlite3.connect(ledger_path)
    conn.execute("UPDATE samples SET answer_text = ?", (text,))
    conn.commit()
    conn.close()


def test_a_ledger_restored_in_place_is_not_reused(
    make_settings, stub: StubServer, job_dir: Path, tmp_path: Path
) -> None:
    """A backup copied over the ledger keeps its device and inode (and every key, index,
    finish reason and attempt count): only the answers differ. The results follow them."""
    import shutil

    settings = settings_for(make_settings, stub)
    evaluate(settings)
    backup = tmp_path / "backup.sqlite"
    shutil.copyfile(settings.ledger_path, backup)
    inode = settings.ledger_path.stat().st_ino
    _set_answers(settings.ledger_path, "\\boxed{12345}")
    evaluate(settings)  # the edited answers are reported
    assert "12345" in (job_dir / "samples.csv").read_text(encoding="utf-8")
    written = mtimes(job_dir)["samples.csv"]

    shutil.copyfile(backup, settings.ledger_path)  # restored in place: same inode, old answers
    assert settings.ledger_path.stat().st_ino == inode
    calls = stub.stats()["calls"]
    evaluate(settings)
    assert stub.stats()["calls"] == calls  # nothing to call: every sample is there
    assert mtimes(job_dir)["samples.csv"] != written
    assert "12345" not in (job_dir / "samples.csv").read_text(encoding="utf-8")


def test_the_record_of_an_unchanged_ledger_is_trusted_without_reading_it(
    make_settings, stub: StubServer, job_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the ledger's files are exactly as when the samples were digested, a re-run does not
    read the samples again; once the file changed, it digests their content again."""
    settings = settings_for(make_settings, stub)
    evaluate(settings)
    record = read_job(job_dir)
    assert record.results is not None and record.results.ledger_files
    digested: list[int] = []
    real = record_module.samples_digest
    monkeypatch.setattr(record_module, "samples_digest",
                        lambda *a: digested.append(1) or real(*a))  # fmt: skip
    written = mtimes(job_dir)
    evaluate(settings)
    assert digested == [] and mtimes(job_dir) == written
    _set_answers(settings.ledger_path, "\\boxed{1}")
    evaluate(settings)
    assert digested  # the file changed: its content was digested (and differed: reported)
    assert mtimes(job_dir)["samples.csv"] != written["samples.csv"]


def test_an_old_folder_with_a_results_stamp_is_not_reused(
    make_settings, stub: StubServer, job_dir: Path
) -> None:
    """A folder from an older gralgo (job.json version 1 and ``.results.stamp``) reads fine and
    is reported again, never trusted."""
    import json

    settings = settings_for(make_settings, stub)
    evaluate(settings)
    data = json.loads((job_dir / "job.json").read_text(encoding="utf-8"))
    old = {k: v for k, v in data.items() if k not in ("results", "transcripts", "mlflow")}
    (job_dir / "job.json").write_text(json.dumps({**old, "version": 1}), encoding="utf-8")
    (job_dir / ".results.stamp").write_text("{}", encoding="utf-8")
    assert read_job(job_dir).results is None
    written = mtimes(job_dir)
    evaluate(settings)
    assert mtimes(job_dir)["summary.csv"] != written["summary.csv"]
    assert read_job(job_dir).results is not None


@pytest.mark.slow
def test_a_deleted_mlflow_run_is_logged_again(
    make_settings, stub: StubServer, job_dir: Path
) -> None:
    """The record names the MLflow run; when the store lost it, the re-run logs a new one
    instead of printing a link to nothing."""
    from mlflow import MlflowClient

    settings = settings_for(make_settings, stub, "mlflow.enabled=true")
    first = evaluate(settings)
    assert first.run_id is not None
    again = evaluate(settings)
    assert again.run_id == first.run_id  # reused: the run is still there
    client = MlflowClient(tracking_uri=settings.mlflow.tracking_uri)
    client.delete_run(first.run_id)
    third = evaluate(settings)
    assert third.run_id not in (None, first.run_id)
    assert client.get_run(str(third.run_id)).info.status == "FINISHED"
    record = read_job(job_dir)
    assert record.mlflow is not None and record.mlflow.run_id == third.run_id


@pytest.mark.slow
def test_the_record_digests_are_taken_while_mlflow_logs(
    make_settings, stub: StubServer, job_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With MLflow on, the samples and inputs are digested once, after the job's ledger is
    closed and before the job waits for its run to be logged (not after); the record they make
    is trusted by a re-run without reading the samples again."""
    from gralgo.tracking import JobRun

    events: list[str] = []
    real_version, real_wait = record_module._samples_version, JobRun.wait
    monkeypatch.setattr(record_module, "_samples_version",
                        lambda *a: events.append("digests") or real_version(*a))  # fmt: skip
    monkeypatch.setattr(JobRun, "wait", lambda self: events.append("wait") or real_wait(self))
    real_rows = Ledger.rows

    def rows(self: Ledger, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        events.append("rows")
        return real_rows(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Ledger, "rows", rows)
    settings = settings_for(make_settings, stub, "mlflow.enabled=true")
    first = evaluate(settings)
    assert events.count("digests") == 1
    assert events.index("digests") < events.index("wait")  # while the child logs
    record = read_job(job_dir)
    assert record.results is not None and record.results.ledger_files  # it held still
    assert record.mlflow is not None and record.mlflow.run_id == first.run_id
    events.clear()
    again = evaluate(settings)
    assert again.run_id == first.run_id and "rows" not in events  # trusted, not read again


def test_an_endpoint_set_by_the_environment_gets_its_own_samples(
    make_settings, stub: StubServer, job_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no ``model.api_base``, litellm calls ``OPENAI_API_BASE``: another endpoint there is
    another request (its own calls, its own results), never the first endpoint's answers."""
    monkeypatch.setenv("OPENAI_API_BASE", stub.api_base)
    settings = settings_for(make_settings, stub, "model.api_base=null")
    first = evaluate(settings)
    calls, keys = stub.stats()["calls"], read_job(job_dir).request_keys
    assert first.complete and calls > 0
    evaluate(settings)
    assert stub.stats()["calls"] == calls  # the same endpoint: reused
    monkeypatch.setenv("OPENAI_API_BASE", stub.api_base.replace("127.0.0.1", "localhost"))
    other = evaluate(settings)
    assert other.complete and stub.stats()["calls"] == 2 * calls
    assert set(read_job(job_dir).request_keys).isdisjoint(keys)


def test_new_code_or_a_touched_dataset_file_is_reported_again(
    make_settings, stub: StubServer, job_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The job record's inputs cover gralgo's source and every dataset file (issue 18 item 3
    mutants: the stamp without the code digest, or without the dataset files)."""
    import os

    from gralgo.job import _digests

    settings = settings_for(make_settings, stub)
    evaluate(settings)
    written = mtimes(job_dir)["summary.csv"]
    monkeypatch.setattr(_digests, "package_digest", lambda: b"other source")
    evaluate(settings)
    rewritten = mtimes(job_dir)["summary.csv"]
    assert rewritten != written
    evaluate(settings)
    assert mtimes(job_dir)["summary.csv"] == rewritten  # then reused
    dataset_file = next(p for p in sorted(settings.dataset_dir.rglob("*.jsonl")))
    os.utime(dataset_file, ns=(1, 1))  # same bytes, another modification time
    evaluate(settings)
    assert mtimes(job_dir)["summary.csv"] != rewritten


def test_a_server_ledger_is_digested_again_on_every_rerun(
    make_settings, stub: StubServer, job_dir: Path, postgres, caplog: pytest.LogCaptureFixture
) -> None:
    """A PostgreSQL ledger has no files whose state could vouch for it: each re-run reads its
    samples' digest again, so other answers restored into the table are reported, not reused."""
    pytest.importorskip("psycopg")
    from gralgo.testing import run_sql

    url = postgres.new_database("reuse_digest")
    settings = settings_for(make_settings, stub, f"ledger.url='{url}'")
    assert evaluate(settings).complete and read_job(job_dir).results is not None
    calls = stub.stats()["calls"]
    with caplog.at_level("INFO", logger="gralgo"):
        evaluate(settings)  # unchanged: reused, after digesting the samples again
    assert "digesting its samples again" in caplog.text
    assert "424242" not in (job_dir / "samples.csv").read_text(encoding="utf-8")

    run_sql(url, "UPDATE samples SET answer_text = '\\boxed{424242}'")  # as from a backup
    again = evaluate(settings)
    assert again.complete and stub.stats()["calls"] == calls  # scored again, nothing called
    assert "424242" in (job_dir / "samples.csv").read_text(encoding="utf-8")
