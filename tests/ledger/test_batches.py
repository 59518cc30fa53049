"""Provider batches in the ledger (schema v3): intent and claims in one step, collection, and
the v2 -> v3 migration, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import itertools
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gralgo.ledger import BatchRecord, Ledger, SampleRecord, custom_id, pairs_digest
from gralgo.ledger import parse_custom_id as parse
from gralgo.ledger._sqlite_schema import MIGRATIONS, SCHEMA_VERSION

_names = itertools.count()
PAIRS = [(f"{i:032x}", s) for i in range(3) for s in range(2)]


def draft(ref: str = "r1", job: str = "job1", window_s: float = 3600) -> BatchRecord:
    now = time.time()
    return BatchRecord(
        batch_ref=ref, job=job, provider="openai", endpoint="", digest="", requests=0,
        state="intent", creator="host:1:x", created_at=now, expires_at=now + window_s,
    )  # fmt: skip


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    if request.param == "sqlite":
        ledger: Any = Ledger(tmp_path / "l.sqlite")
    else:
        pytest.importorskip("psycopg")
        from gralgo.ledger._postgres import PostgresLedger

        server = request.getfixturevalue("postgres")
        ledger = PostgresLedger(server.new_database(f"batches{next(_names)}"), tmp_path)
    yield ledger
    ledger.close()


def ok(pair: tuple[str, int], text: str = "a") -> SampleRecord:
    return SampleRecord(pair[0], pair[1], "inst", "openai/m", answer_text=text)


def test_custom_ids_round_trip_and_fit_anthropic_rules() -> None:
    import re

    for pair in PAIRS:
        assert parse(custom_id(pair)) == pair
        assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", custom_id(pair))
    with pytest.raises(ValueError):
        parse("nope")


def test_a_batch_claims_its_samples_and_records_its_intent_at_once(store: Any) -> None:
    record, claimed = store.open_batch(draft(), PAIRS, limit=4)
    assert claimed == PAIRS[:4]
    assert record.requests == 4 and record.digest == pairs_digest(PAIRS[:4])
    assert store.batches("job1") == [record]
    assert store.batch_pairs("r1") == sorted(PAIRS[:4])
    # a second batch (another process) gets only what is left; a live process is held off
    second, rest = store.open_batch(draft("r2"), PAIRS, limit=10)
    assert rest == PAIRS[4:]
    assert store.claim(PAIRS, "host:2:y", 60, 10).claimed == []
    # nothing free: nothing recorded
    third, none = store.open_batch(draft("r3"), PAIRS, limit=10)
    assert none == [] and store.batch("r3") is None


def test_batch_claims_outlive_their_process_but_not_their_window(store: Any) -> None:
    store.open_batch(draft(window_s=-1), PAIRS, limit=2)  # lease already over
    assert store.claim(PAIRS[:2], "host:2:y", 60, 10).claimed == PAIRS[:2]


def test_collecting_stores_results_and_releases_the_rest(store: Any) -> None:
    record, claimed = store.open_batch(draft(), PAIRS, limit=6)
    store.update_batch("r1", state="created", batch_id="batch_1", input_file_id="file_1")
    assert store.take_batch("r1", "host:9:c", 60)
    assert not store.take_batch("r1", "other:1:d", 60)  # one collector at a time
    store.store_batch_results("r1", [ok(p) for p in claimed[:3]])
    store.store_batch_results("r1", [ok(claimed[0], "again")])  # a success row stays final
    assert store.batch_pairs("r1") == sorted(claimed[3:])
    store.finish_batch("r1", "collected", "expired")
    assert store.batch_pairs("r1") == []
    done = store.batch("r1")
    assert (done.state, done.note, done.batch_id) == ("collected", "expired", "batch_1")
    assert store.batches("job1", open_only=True) == []
    stored = store.samples([claimed[0][0]])[claimed[0]]
    assert (stored.answer_text, stored.batch_ref) == ("a", "r1")  # which batch answered it
    # the released samples are free again
    assert store.claim(PAIRS, "host:2:y", 60, 10).claimed == claimed[3:]
    assert not store.take_batch("r1", "host:9:c", 60)  # a closed batch is not collected


def test_bad_updates_are_refused(store: Any) -> None:
    store.open_batch(draft(), PAIRS, limit=1)
    with pytest.raises(ValueError):
        store.update_batch("r1", state="bogus")
    with pytest.raises(ValueError):
        store.update_batch("r1", password="x")
    with pytest.raises(ValueError):
        store.finish_batch("r1", "created", None)


def test_version_2_sqlite_ledger_gains_batches_and_keeps_its_claims(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    for step in MIGRATIONS[:2]:
        step(conn)
    conn.execute("PRAGMA user_version = 2")
    conn.execute("INSERT INTO claims VALUES ('k', 0, 'h:1:x', 1e12)")
    conn.close()
    with Ledger(path) as ledger:
        assert ledger.claim([("k", 0)], "h:2:y", 60, 1).held == [("k", 0)]
        ledger.open_batch(draft(), [("k", 1)], 1)
        assert [b.batch_ref for b in ledger.batches()] == ["r1"]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_version_2_server_ledger_gains_batches(tmp_path: Path, postgres: Any) -> None:
    pytest.importorskip("psycopg")
    from gralgo.ledger._postgres import PostgresLedger
    from gralgo.ledger._postgres_schema import MIGRATIONS as PG_MIGRATIONS
    from gralgo.testing import run_sql

    url = postgres.new_database(f"v2ledger{next(_names)}")
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for step in PG_MIGRATIONS[:2]:
            step(conn)
        conn.execute("CREATE TABLE gralgo_schema (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO gralgo_schema VALUES (2)")
        conn.execute("INSERT INTO claims VALUES ('k', 0, 'h:1:x', 1e12)")
    with PostgresLedger(url, tmp_path) as ledger:
        assert ledger.claim([("k", 0)], "h:2:y", 60, 1).held == [("k", 0)]
        ledger.open_batch(replace(draft(), job="j"), [("k", 1)], 1)
        assert [b.job for b in ledger.batches()] == ["j"]
    assert run_sql(url, "SELECT version FROM gralgo_schema") == [(SCHEMA_VERSION,)]


def test_a_collector_gives_its_leases_up(store: Any) -> None:
    store.open_batch(draft(), PAIRS, limit=2)
    assert store.take_batch("r1", "host:1:a", 600)
    assert not store.take_batch("r1", "host:1:b", 600)
    store.drop_collector("host:1:a")
    assert store.take_batch("r1", "host:1:b", 600)
