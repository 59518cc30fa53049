"""Runs and evaluation jobs on a PostgreSQL ledger (a real server): resume, several processes."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from test_runner_concurrency import results, start_workers

from gralgo.ledger import PostgresLedger, open_ledger
from gralgo.run._runner import run_samples_sync
from gralgo.testing import PostgresServer, StubServer, make_requests, run_sql

pytest.importorskip("psycopg")
_names = itertools.count()


@pytest.fixture()
def url(postgres: PostgresServer) -> str:
    """A fresh database on the session's server."""
    return postgres.new_database(f"runs{next(_names)}")


def test_runner_on_a_server_ledger_resumes_with_zero_calls(
    stub: StubServer, url: str, tmp_path: Path
) -> None:
    requests = make_requests(stub.api_base, 10, tag="pg")
    options = dict(max_concurrency=8, max_attempts=3, timeout_s=5, failure_budget=0.5)
    with open_ledger(url) as ledger:
        assert isinstance(ledger, PostgresLedger)
        report = run_samples_sync(ledger.missing(requests, 2), ledger, client="direct", **options)
        assert report.done == 20 and stub.stats()["calls"] == 20
        stub.control()
        assert ledger.missing(requests, 2) == [] and stub.stats()["calls"] == 0
        assert ledger.samples(r.key for r in requests)[(requests[0].key, 1)].answer_text


@pytest.mark.slow
def test_four_processes_share_one_server_ledger_and_pay_each_sample_once(
    stub: StubServer, url: str, tmp_path: Path
) -> None:
    n, k = 12, 3
    stub.control(latency_s=0.1)
    go = tmp_path / "go"
    # The direct client (no litellm import in each of the four): the server ledger's claims are
    # what is tested here; four litellm processes share a ledger in test_runner_concurrency.py.
    workers = start_workers(stub, url, go, 4, n, k, client="direct")  # type: ignore[arg-type]
    stub.control(latency_s=0.1)
    go.touch()
    reports = results(workers)
    assert stub.stats()["calls"] == n * k, reports
    assert sum(r["done"] for r in reports) == n * k
    # each worker accounts for every sample it needed: called it, or found it done elsewhere
    assert all(r["done"] + r["done_elsewhere"] == r["todo"] for r in reports), reports
    assert max(r["todo"] for r in reports) == n * k, reports  # the first to start needed all


def test_evaluation_job_with_ledger_url_stores_and_reads_on_the_server(
    make_settings, stub: StubServer, url: str, tmp_path: Path
) -> None:
    from gralgo.evaluate import evaluate

    settings = make_settings(
        "model=openai_compatible",
        "model.name=stub-model",
        f"model.api_base={stub.api_base}",
        "task=max_degree",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=2",
        "mlflow.enabled=false",
        f"ledger.url='{url}'",
    )
    assert settings.ledger_url == url
    first = evaluate(settings)
    assert first.samples == 4 and stub.stats()["calls"] == 4
    assert not settings.ledger_path.exists()  # nothing went to the SQLite file
    stub.control()
    again = evaluate(settings)
    assert again.plan.samples_todo == 0 and stub.stats()["calls"] == 0
    with PostgresLedger(url, tmp_path) as ledger:
        assert len(ledger.all_samples()) == 4 and len(ledger.requests()) == 2


def test_ledger_url_with_a_password_is_refused(make_settings) -> None:
    from gralgo.errors import ConfigError

    with pytest.raises(ConfigError, match="PGPASSWORD"):
        make_settings("ledger.url='postgresql://u:secret@db.example:5432/gralgo'")
    with pytest.raises(ConfigError, match="postgresql://"):
        make_settings("ledger.url='mysql://u@db/gralgo'")


def test_a_rerun_on_a_server_ledger_links_results_until_its_samples_change(
    make_settings, stub: StubServer, url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gralgo.evaluate as evaluate_module

    folders = iter(tmp_path / name for name in ("first", "second", "third"))

    def next_folder(settings: object) -> Path:
        folder = next(folders)
        folder.mkdir()
        return folder

    monkeypatch.setattr(evaluate_module, "job_output_dir", next_folder)
    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}",
        "task=max_degree", "level=1", "dataset.per_level=2", "sampling.k=2",
        "mlflow.enabled=false", f"ledger.url='{url}'",
    )  # fmt: skip
    evaluate_module.evaluate(settings)
    stub.control()
    evaluate_module.evaluate(settings)  # unchanged: linked from the first folder
    assert stub.stats()["calls"] == 0
    assert (tmp_path / "second" / "summary.csv").samefile(tmp_path / "first" / "summary.csv")

    # Other answers restored into the same table (as from a backup): scored again, no call.
    run_sql(url, "UPDATE samples SET answer_text = '\\boxed{424242}'")
    again = evaluate_module.evaluate(settings)
    assert stub.stats()["calls"] == 0 and again.complete
    third = tmp_path / "third" / "summary.csv"
    assert third.is_file() and not third.samefile(tmp_path / "first" / "summary.csv")
    assert "424242" in (tmp_path / "third" / "samples.csv").read_text(encoding="utf-8")


def test_failed_lease_renewals_are_reported_and_stop_new_calls(
    stub: StubServer, url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    import logging

    import psycopg

    requests = make_requests(stub.api_base, 12, tag="renew")
    stub.control(latency_s=1.0)
    with PostgresLedger(url, tmp_path) as ledger:

        def renew(owner: str, lease_s: float) -> int:
            raise psycopg.OperationalError("server closed the connection unexpectedly")

        monkeypatch.setattr(ledger, "renew_claims", renew)
        with caplog.at_level(logging.WARNING, logger="gralgo"):
            report = run_samples_sync([(r, 0) for r in requests], ledger, client="direct",
                                      max_concurrency=2, max_attempts=1, timeout_s=10,
                                      failure_budget=1.0, lease_s=0.6)  # fmt: skip
        stored = len(ledger.all_samples())
    assert "cannot renew this run's claims" in caplog.text  # visible, not silent
    assert report.fatal_stopped and "cannot renew" in (report.stop_reason or "")
    assert report.not_started > 0  # stopped claiming: no new calls on lapsed leases
    assert stored == stub.stats()["calls"]  # the calls in flight were still kept


def test_a_renewal_the_server_refuses_is_reported_and_renewal_goes_on(
    stub: StubServer, url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A real server error (the ledger's connections terminated mid-call): the renewal task
    says so, reconnects and renews again, and every paid call is stored."""
    import logging
    import threading

    requests = make_requests(stub.api_base, 4, tag="renewkill")
    stub.control(latency_s=2.0)
    terminate = (
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    with PostgresLedger(url, tmp_path) as ledger:
        timer = threading.Timer(0.8, run_sql, (url, terminate))
        timer.start()
        with caplog.at_level(logging.WARNING, logger="gralgo"):
            report = run_samples_sync([(r, 0) for r in requests], ledger, client="direct",
                                      max_concurrency=2, max_attempts=1, timeout_s=10,
                                      failure_budget=1.0, lease_s=0.6)  # fmt: skip
        timer.join()
        stored = len(ledger.all_samples())
    assert "cannot renew this run's claims" in caplog.text  # a psycopg error, not swallowed
    assert "renewed again" in caplog.text
    assert not report.fatal_stopped and report.done == 4
    assert stored == stub.stats()["calls"] == 4
