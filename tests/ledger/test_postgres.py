"""The PostgreSQL ledger against a real server: the SQLite ledger's rules and claim protocol."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gralgo.ledger import RequestInfo, SampleRecord
from gralgo.ledger._postgres import PostgresLedger, PostgresLedgerError, redact_url
from gralgo.testing import PostgresServer, run_sql

pytest.importorskip("psycopg")
PAIRS = [("k", 0), ("k", 1), ("j", 0)]
_names = itertools.count()


@pytest.fixture()
def url(postgres: PostgresServer) -> str:
    """A fresh database on the session's server."""
    return postgres.new_database(f"ledger{next(_names)}")


@pytest.fixture()
def ledgers(url: str, tmp_path: Path) -> Iterator[tuple[PostgresLedger, PostgresLedger]]:
    """Two handles on one server ledger, as two machines would have."""
    a, b = PostgresLedger(url, tmp_path), PostgresLedger(url, tmp_path)
    yield a, b
    a.close()
    b.close()


def test_success_is_final_and_error_rows_give_way(ledgers) -> None:
    a, b = ledgers
    a.record(SampleRecord("k", 0, "i", "m", error_class="Timeout", attempts=2))
    b.record(SampleRecord("k", 0, "i", "m", answer_text="42", cost_usd=1e-7, started_at=1.5e9))
    a.record(SampleRecord("k", 0, "i", "m", answer_text="overwritten?"))
    rec = b.samples(["k"])[("k", 0)]
    assert (rec.answer_text, rec.attempts, rec.error_class) == ("42", 3, None)
    assert rec.cost_usd == 1e-7 and rec.started_at == 1.5e9  # double precision, not float4
    assert a.completed(["k", "j"]) == {("k", 0)} and len(a.all_samples()) == 1


def test_a_sample_is_claimed_by_one_owner_only(ledgers) -> None:
    a, b = ledgers
    assert a.claim(PAIRS, "A", lease_s=30, limit=2).claimed == PAIRS[:2]
    second = b.claim(PAIRS, "B", lease_s=30, limit=10)
    assert second.held == PAIRS[:2] and second.claimed == [("j", 0)]
    assert a.claim(PAIRS, "A", lease_s=30, limit=10).claimed == PAIRS[:2]


def test_recording_releases_the_claim_and_a_watcher_sees_it_stored(ledgers) -> None:
    a, b = ledgers
    a.claim(PAIRS, "A", lease_s=30, limit=10)
    a.record(SampleRecord("k", 0, "i", "m", answer_text="x"), owner="A")
    a.record(SampleRecord("k", 1, "i", "m", error_class="Timeout", attempts=6), owner="A")
    a.release_claims("A", [("j", 0)])
    found = b.claim(PAIRS, "B", lease_s=30, limit=10, watched=frozenset(PAIRS))
    assert found.answered == [("k", 0)] and found.stored == [("k", 1)]
    assert found.claimed == [("j", 0)]


def test_leases_expire_unless_renewed(ledgers) -> None:
    a, b = ledgers
    a.claim(PAIRS, "other-host:1:dead", lease_s=0.3, limit=10)
    assert b.claim(PAIRS, "B", lease_s=30, limit=10).claimed == []
    time.sleep(0.35)
    assert b.claim(PAIRS, "B", lease_s=30, limit=10).claimed == PAIRS
    assert b.renew_claims("B", lease_s=30) == 3
    b.release_claims("B")
    assert a.claim(PAIRS, "A", lease_s=30, limit=10).claimed == PAIRS


def test_requests_are_described_once(ledgers) -> None:
    a, b = ledgers
    info = RequestInfo(
        "k",
        "inst",
        "max_degree",
        "t",
        "c",
        1,
        "edge_list",
        "standard",
        "direct",
        "int",
        "3",
        "{}",
        "{}",
        "[]",
    )
    a.register_requests([info])
    b.register_requests([info])
    assert b.requests(["k"]) == [info] == a.requests()


def test_unreachable_server_names_the_url_without_its_password() -> None:
    with pytest.raises(PostgresLedgerError, match=r"gralgo:\*\*\*@127\.0\.0\.1:9/") as err:
        PostgresLedger("postgresql://gralgo:hunter2@127.0.0.1:9/x?connect_timeout=2")
    assert "hunter2" not in str(err.value)
    assert redact_url("postgresql://u:p@h/db") == "postgresql://u:***@h/db"


def test_a_sample_the_server_cannot_take_is_rescued_and_imported_next_time(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    ledger = PostgresLedger(url, tmp_path)

    def refuse(rec: SampleRecord, owner: str | None = None) -> None:
        raise psycopg.OperationalError("server closed the connection")

    monkeypatch.setattr(ledger, "record", refuse)
    monkeypatch.setattr(time, "sleep", lambda s: None)
    assert not ledger.record_durably(SampleRecord("k", 0, "i", "m", answer_text="paid"))
    assert isinstance(ledger.last_write_error, psycopg.OperationalError)
    assert ledger.rescue_path.is_file() and "127.0.0.1" in ledger.path.name
    ledger.close()
    with PostgresLedger(url, tmp_path) as reopened:
        assert reopened.samples(["k"])[("k", 0)].answer_text == "paid"
    assert not ledger.rescue_path.exists()


_V0_SAMPLES_DDL = """CREATE TABLE samples (
    request_key TEXT NOT NULL, sample_index INTEGER NOT NULL, instance_id TEXT NOT NULL,
    model TEXT NOT NULL, answer_text TEXT, reasoning_text TEXT, finish_reason TEXT,
    prompt_tokens INTEGER, completion_tokens INTEGER, reasoning_tokens INTEGER,
    cost_usd DOUBLE PRECISION, latency_s DOUBLE PRECISION, started_at DOUBLE PRECISION,
    finished_at DOUBLE PRECISION, error_class TEXT, error_message TEXT,
    attempts INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (request_key, sample_index))"""
# The first server ledger (its "version 1"): samples with transcript, requests and claims.
_FIRST_SERVER_DDL = (
    _V0_SAMPLES_DDL,
    "ALTER TABLE samples ADD COLUMN transcript TEXT",
    """CREATE TABLE requests (
    request_key TEXT NOT NULL, instance_id TEXT NOT NULL, task TEXT NOT NULL,
    taxonomy TEXT NOT NULL, complexity TEXT NOT NULL, level INTEGER NOT NULL,
    format TEXT NOT NULL, context TEXT NOT NULL, mode TEXT NOT NULL DEFAULT 'direct',
    answer_kind TEXT NOT NULL, expected TEXT NOT NULL, model_spec TEXT NOT NULL,
    sampling TEXT NOT NULL, messages TEXT NOT NULL, PRIMARY KEY (request_key, instance_id))""",
    """CREATE TABLE claims (
    request_key TEXT NOT NULL, sample_index INTEGER NOT NULL, owner TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (request_key, sample_index))""",
    "CREATE INDEX claims_owner ON claims (owner)",
    "CREATE TABLE gralgo_schema (version INTEGER NOT NULL)",
    "INSERT INTO gralgo_schema VALUES (1)",
)
_V0_ROW = (
    "INSERT INTO samples (request_key, sample_index, instance_id, model, answer_text, "
    "error_class, attempts) VALUES ('k', 0, 'i', 'm', '\\boxed{4}', NULL, 1), "
    "('k', 1, 'i', 'm', NULL, 'Timeout', 2)"
)


def _versions(url: str) -> list[tuple[object, ...]]:
    return run_sql(url, "SELECT version FROM gralgo_schema")


def test_new_server_ledger_has_the_sqlite_schema_version(url: str, tmp_path: Path) -> None:
    from gralgo.ledger._sqlite_schema import SCHEMA_VERSION

    with PostgresLedger(url, tmp_path):
        pass
    assert _versions(url) == [(SCHEMA_VERSION,)]
    with PostgresLedger(url, tmp_path):  # a second open changes nothing
        pass
    assert _versions(url) == [(SCHEMA_VERSION,)]


def test_version_0_server_ledger_is_migrated_and_keeps_every_row(url: str, tmp_path: Path) -> None:
    from gralgo.ledger._sqlite_schema import SCHEMA_VERSION

    run_sql(url, _V0_SAMPLES_DDL, _V0_ROW)
    with PostgresLedger(url, tmp_path) as ledger:
        rows = ledger.samples(["k"])
        assert rows[("k", 0)].answer_text == "\\boxed{4}" and rows[("k", 0)].transcript is None
        assert (rows[("k", 1)].error_class, rows[("k", 1)].attempts) == ("Timeout", 2)
        assert ledger.completed(["k"]) == {("k", 0)}
        ledger.register_requests([_info("k", "i")])  # version 1: requests
        assert [r.instance_id for r in ledger.requests(["k"])] == ["i"]
        assert ledger.claim([("k", 1)], "me", 60, 1).claimed == [("k", 1)]  # version 2: claims
        ledger.record(SampleRecord("k", 1, "i", "m", answer_text="x", transcript="[]"), "me")
        assert ledger.samples(["k"])[("k", 1)].transcript == "[]"
    assert _versions(url) == [(SCHEMA_VERSION,)]


def test_first_server_ledgers_version_1_migrates_to_2_unchanged(url: str, tmp_path: Path) -> None:
    from gralgo.ledger._sqlite_schema import SCHEMA_VERSION

    run_sql(url, *_FIRST_SERVER_DDL, _V0_ROW,
         "INSERT INTO claims VALUES ('k', 1, 'other-owner', 1e12)")  # fmt: skip
    with PostgresLedger(url, tmp_path) as ledger:
        assert ledger.samples(["k"])[("k", 0)].answer_text == "\\boxed{4}"
        assert ledger.claim([("k", 1)], "me", 60, 1).held == [("k", 1)]  # the claim survived
    assert _versions(url) == [(SCHEMA_VERSION,)]


def test_a_server_ledger_from_a_newer_gralgo_is_refused_untouched(url: str, tmp_path: Path) -> None:
    run_sql(url, *_FIRST_SERVER_DDL[:-1], "INSERT INTO gralgo_schema VALUES (99)")
    with pytest.raises(PostgresLedgerError, match="newer gralgo.*schema version 99") as err:
        PostgresLedger(url, tmp_path)
    assert "upgrade gralgo" in str(err.value) and "ledger.url" in str(err.value)
    assert _versions(url) == [(99,)]


def test_machines_opening_an_old_server_ledger_at_once_migrate_it_once(
    url: str, tmp_path: Path
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from gralgo.ledger._postgres_schema import migrate
    from gralgo.ledger._sqlite_schema import SCHEMA_VERSION

    run_sql(url, _V0_SAMPLES_DDL, _V0_ROW)
    import psycopg

    def open_and_migrate(_: int) -> int:
        with psycopg.connect(url, autocommit=True) as conn:
            return migrate(conn)

    with ThreadPoolExecutor(4) as pool:
        before = list(pool.map(open_and_migrate, range(4)))
    assert sorted(before) == [0] + [SCHEMA_VERSION] * 3  # one migrated, three found it done
    assert _versions(url) == [(SCHEMA_VERSION,)]


def _info(key: str, instance: str) -> RequestInfo:
    return RequestInfo(
        request_key=key, instance_id=instance, task="max_degree", taxonomy="enumeration",
        complexity="easy", level=1, format="edge_list", context="standard", mode="direct",
        answer_kind="integer", expected="4", model_spec='{"name":"m"}', sampling="{}",
        messages="[]",
    )  # fmt: skip


def test_rows_read_only_the_asked_columns_a_chunk_of_keys_at_a_time(
    url: str, tmp_path: Path
) -> None:
    with PostgresLedger(url, tmp_path) as ledger:
        ledger.record(SampleRecord("k", 1, "i", "m", answer_text="a1", reasoning_text="r1"))
        ledger.record(SampleRecord("k", 0, "i", "m", answer_text="a0", reasoning_text="r0"))
        ledger.record(SampleRecord("j", 0, "i", "m", error_class="Timeout"))
        assert list(ledger.rows(["k"], ["reasoning_text"])) == [("k", 0, "r0"), ("k", 1, "r1")]
        assert list(ledger.rows(None, ["error_class"])) == [
            ("j", 0, "Timeout"), ("k", 0, None), ("k", 1, None)
        ]  # fmt: skip
        abandoned = ledger.rows(["k"], [])
        assert next(abandoned) == ("k", 0)
        ledger.record(SampleRecord("j", 0, "i", "m", answer_text="later"))  # not held back
        with PostgresLedger(url, tmp_path) as other:
            assert other.completed(["j"]) == {("j", 0)}
        with pytest.raises(ValueError, match="unknown sample columns"):
            list(ledger.rows(["k"], ["1; DROP TABLE samples"]))
        assert [r.request_key for r in ledger.requests(messages=False)] == []


# Version 3 added provider batches (never change: old databases start here).
_V3_DDL = (
    *_FIRST_SERVER_DDL[:-1],
    """CREATE TABLE batches (
    batch_ref TEXT PRIMARY KEY, job TEXT NOT NULL, provider TEXT NOT NULL,
    endpoint TEXT NOT NULL, digest TEXT NOT NULL, requests INTEGER NOT NULL, state TEXT NOT NULL,
    creator TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL, input_file_id TEXT, batch_id TEXT, collector TEXT,
    collector_until DOUBLE PRECISION, finished_at DOUBLE PRECISION, note TEXT)""",
    "CREATE INDEX batches_job ON batches (job, state)",
    "INSERT INTO gralgo_schema VALUES (3)",
)


def test_version_3_server_ledger_gains_batch_ref_and_old_rows_read_as_live(
    url: str, tmp_path: Path
) -> None:
    from gralgo.ledger._sqlite_schema import SCHEMA_VERSION

    run_sql(url, *_V3_DDL, _V0_ROW)
    with PostgresLedger(url, tmp_path) as ledger:
        rows = ledger.samples(["k"])
        assert rows[("k", 0)].answer_text == "\\boxed{4}"
        assert [rows[p].batch_ref for p in (("k", 0), ("k", 1))] == [None, None]
        ledger.store_batch_results("b-1", [SampleRecord("k", 1, "i", "m", answer_text="x")])
        assert ledger.samples(["k"])[("k", 1)].batch_ref == "b-1"
        assert list(ledger.rows(["k"], ["batch_ref"])) == [("k", 0, None), ("k", 1, "b-1")]
    assert _versions(url) == [(SCHEMA_VERSION,)] and SCHEMA_VERSION == 4
