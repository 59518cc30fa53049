"""The SQLite ledger: round trip, overwrite rules, missing samples, speed, concurrent writers."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
from dataclasses import fields, replace
from pathlib import Path

import pytest

from gralgo.ledger import Ledger, ModelSpec, Request, SampleRecord, SamplingParams

MODEL = ModelSpec(name="m", litellm_model="openai/m", api_base="http://127.0.0.1:1/v1")


def request(i: int) -> Request:
    return Request(
        f"inst-{i}", ({"role": "user", "content": f"prompt {i}"},), MODEL, SamplingParams()
    )


def full_record(key: str, index: int) -> SampleRecord:
    return SampleRecord(
        request_key=key,
        sample_index=index,
        instance_id="inst-x",
        model="openai/m",
        answer_text="The answer is \\boxed{42} — ünïcode",
        reasoning_text="because…",
        finish_reason="stop",
        prompt_tokens=120,
        completion_tokens=33,
        reasoning_tokens=7,
        cost_usd=0.00125,
        latency_s=1.5,
        started_at=1_700_000_000.25,
        finished_at=1_700_000_001.75,
        attempts=2,
    )


def error_record(key: str, index: int, attempts: int = 1) -> SampleRecord:
    return SampleRecord(
        key,
        index,
        "inst-x",
        "openai/m",
        error_class="Timeout",
        error_message="timed out",
        attempts=attempts,
    )


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    rec = full_record("k1", 3)
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ledger.record(rec)
        assert ledger.samples(["k1"]) == {("k1", 3): rec}
    with Ledger(tmp_path / "l.sqlite") as reopened:  # committed, visible to a new connection
        stored = reopened.samples(["k1", "other"])[("k1", 3)]
    assert all(getattr(stored, f.name) == getattr(rec, f.name) for f in fields(SampleRecord))


def test_success_is_never_overwritten(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l.sqlite") as ledger:
        first = full_record("k", 0)
        ledger.record(first)
        ledger.record(replace(first, answer_text="different"))
        ledger.record(error_record("k", 0))
        assert ledger.samples(["k"])[("k", 0)] == first


def test_error_row_is_replaced_by_later_success_and_attempts_add_up(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ledger.record(error_record("k", 0, attempts=3))
        ledger.record(error_record("k", 0, attempts=2))
        assert ledger.samples(["k"])[("k", 0)].attempts == 5
        ledger.record(replace(full_record("k", 0), attempts=1))
        stored = ledger.samples(["k"])[("k", 0)]
        assert stored.ok and stored.answer_text == full_record("k", 0).answer_text
        assert stored.attempts == 6 and stored.error_message is None


def test_missing_lists_absent_and_errored_samples_in_order(tmp_path: Path) -> None:
    requests = [request(i) for i in range(3)]
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ledger.record(full_record(requests[0].key, 0))
        ledger.record(full_record(requests[0].key, 1))
        ledger.record(error_record(requests[1].key, 1))
        ledger.record(full_record(requests[1].key, 0))
        todo = ledger.missing(
            requests + [requests[2]], 2
        )  # a duplicate request is one piece of work
        assert [(r.instance_id, i) for r, i in todo] == [
            ("inst-1", 1),
            ("inst-2", 0),
            ("inst-2", 1),
        ]
        assert ledger.missing(requests, 0) == []
        with pytest.raises(ValueError):
            ledger.missing(requests, -1)


def test_wal_mode_and_busy_timeout(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ledger.record(full_record("k", 0))
        conn = ledger._connection()
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 10_000


def test_rechecking_21600_finished_samples_finds_nothing_to_do(tmp_path: Path) -> None:
    """How fast this is, is measured by benchmarks/bench_rerun.py, not asserted here."""
    requests = [request(i) for i in range(2700)]
    with Ledger(tmp_path / "l.sqlite") as ledger:
        conn = ledger._connection()
        conn.execute("BEGIN")
        for r in requests:
            for index in range(8):
                ledger.record(replace(full_record(r.key, index), instance_id=r.instance_id))
        conn.execute("COMMIT")
        assert ledger.missing(requests, 8) == []
        assert len(ledger.samples(r.key for r in requests)) == 21_600


def test_each_thread_gets_its_own_connection(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l.sqlite") as ledger:

        def write(base: int) -> None:
            for i in range(50):
                ledger.record(full_record(f"t{base}", i))

        threads = [threading.Thread(target=write, args=(b,)) for b in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(ledger.samples(f"t{b}" for b in range(4))) == 200
        assert len(ledger._connections) >= 2


def _write_many(path: str, tag: str, count: int) -> None:
    with Ledger(path) as ledger:
        for i in range(count):
            ledger.record(full_record(f"{tag}-{i % 50}", i // 50))
            ledger.record(full_record(f"shared-{i % 50}", i // 50))  # overlapping rows


def test_processes_write_one_ledger_concurrently(tmp_path: Path) -> None:
    path = str(tmp_path / "l.sqlite")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_many, args=(path, f"p{n}", 200)) for n in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    with Ledger(path) as ledger:
        keys = [f"p{n}-{i}" for n in range(3) for i in range(50)] + [
            f"shared-{i}" for i in range(50)
        ]
        assert len(ledger.samples(keys)) == 4 * 200
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_unwritable_ledger_rescues_samples_and_imports_them(tmp_path) -> None:
    import sqlite3

    from gralgo.ledger import Ledger, SampleRecord

    rec = SampleRecord("key", 0, "inst", "m", answer_text="\\boxed{3}", finish_reason="stop")
    ledger = Ledger(tmp_path / "ledger.sqlite")

    def broken(*_args: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    ledger.record = broken  # type: ignore[method-assign]
    assert ledger.record_durably(rec, attempts=2) is False
    assert ledger.rescue_path.is_file()
    ledger.close()
    with Ledger(tmp_path / "ledger.sqlite") as reopened:
        assert reopened.samples(["key"]) == {("key", 0): rec}
        assert not reopened.rescue_path.exists()


def test_both_ledgers_have_every_method_of_the_ledger_protocol_with_its_signature() -> None:
    """``LedgerStore`` (what ``open_ledger`` returns, checked by mypy) matches both stores."""
    import inspect

    from gralgo.ledger import LedgerStore, PostgresLedger

    members = [n for n in vars(LedgerStore) if not n.startswith("_") or n in ("__enter__",)]
    assert {"record", "store_batch_results", "claim", "rows", "path"} <= set(members)
    for store in (Ledger, PostgresLedger):
        for name in members:
            wanted = getattr(LedgerStore, name)
            if isinstance(wanted, property):
                continue  # attributes set in __init__ (mypy checks their types)
            assert inspect.signature(getattr(store, name)) == inspect.signature(wanted), (
                f"{store.__name__}.{name}"
            )
