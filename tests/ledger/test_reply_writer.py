"""Group commit (issue 37): replies written together, each still durable before it is counted.

Both stores commit a group of samples in one transaction, with the same rows as one commit per
sample; a sample the group cannot take is written on its own (retried, else rescued), so a
failing write still keeps every reply of the group; the writer thread writes a lone reply at
once and the replies that arrive while it commits in its next transaction.
"""

from __future__ import annotations

import asyncio
import errno
import itertools
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gralgo.ledger import (
    Ledger,
    PostgresLedger,
    ResponseKeeper,
    SampleLogprobs,
    SampleRecord,
    read_rescue,
)
from gralgo.ledger._reply_writer import ReplyWriter
from gralgo.ledger._rescue import read_entries
from gralgo.testing import PostgresServer

_names = itertools.count()
OWNER = "host:1:abc"


def _rec(i: int, text: str = "\\boxed{1}") -> SampleRecord:
    return SampleRecord(f"k{i // 4}", i % 4, f"inst-{i}", "openai/m", answer_text=text,
                        reasoning_text="r" * 1500, prompt_tokens=9, attempts=1)  # fmt: skip


def _logprobs(n: int) -> SampleLogprobs:
    return SampleLogprobs(tuple(f"t{i}" for i in range(n)), np.full(n, -0.5), np.full((n, 2), -1.5))


@pytest.fixture(params=["sqlite", "postgres"])
def make_ledger(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Any]:  # a factory: two stores side by side
    opened: list[Any] = []

    def make() -> Any:
        n = next(_names)
        if request.param == "sqlite":
            ledger: Any = Ledger(tmp_path / f"l{n}" / "ledger.sqlite")
        else:
            pytest.importorskip("psycopg")
            server: PostgresServer = request.getfixturevalue("postgres")
            ledger = PostgresLedger(server.new_database(f"group{n}"), tmp_path / f"r{n}")
        opened.append(ledger)
        return ledger

    yield make
    for ledger in opened:
        ledger.close()


def _claim_all(ledger: Any, records: list[SampleRecord]) -> None:
    pairs = [(r.request_key, r.sample_index) for r in records]
    assert len(ledger.claim(pairs, OWNER, 60, len(pairs)).claimed) == len(pairs)


def _rows(ledger: Any) -> list[tuple[object, ...]]:
    return [tuple(vars(r).values()) for r in ledger.all_samples()]


def test_a_group_stores_the_same_rows_and_drops_the_same_claims_as_one_commit_each(
    make_ledger: Any,
) -> None:
    records = [_rec(i, text) for i, text in enumerate(["a", "\x00b", "\ud800", "", "é" * 9])]
    records.append(replace(_rec(9), answer_text=None, error_class="Timeout", attempts=3))
    lps = {1: _logprobs(3), 4: _logprobs(2)}
    one, group = make_ledger(), make_ledger()
    for ledger in (one, group):
        _claim_all(ledger, records)
    for i, rec in enumerate(records):
        one.record(rec, OWNER, lps[i]) if i in lps else one.record(rec, OWNER)
    items = [(rec, lps.get(i)) for i, rec in enumerate(records)]
    assert group.record_group(items, OWNER) == len(records)
    assert _rows(group) == _rows(one)
    pairs = [(r.request_key, r.sample_index) for r in records]
    assert (
        group.read_logprobs(pairs).keys() == one.read_logprobs(pairs).keys() == {pairs[1], pairs[4]}
    )
    # every claim went with its row: the other owner can claim nothing, all are answered
    found = group.claim(pairs, "other:2:x", 60, len(pairs))
    assert found.claimed == [pairs[5]] and found.held == []  # only the error row is open


def test_a_sample_the_group_refuses_is_rescued_and_the_others_are_stored(
    make_ledger: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The third sample's row is written, then its logprobs are refused: that sample alone is
    undone (a savepoint) and rescued; the group's others are stored."""
    import gralgo.ledger._postgres
    import gralgo.ledger._sqlite
    from gralgo.ledger._logprobs import logprob_row

    ledger = make_ledger()
    records = [_rec(i) for i in range(6)]
    _claim_all(ledger, records)

    def refused(key: str, index: int, data: SampleLogprobs) -> tuple[Any, ...]:
        if (key, index) == (records[2].request_key, records[2].sample_index):
            raise ValueError("a value the store refuses")
        return logprob_row(key, index, data)

    for module in (gralgo.ledger._sqlite, gralgo.ledger._postgres):
        monkeypatch.setattr(module, "logprob_row", refused)
    keeper = ResponseKeeper(ledger, OWNER)
    outcomes = keeper.keep_group([(r, _logprobs(2)) for r in records])
    assert outcomes == [True, True, False, True, True, True]
    assert (keeper.stored, keeper.rescued) == (5, 1)
    assert isinstance(keeper.failure, ValueError)
    stored = {r.instance_id for r in ledger.all_samples()}
    assert stored == {"inst-0", "inst-1", "inst-3", "inst-4", "inst-5"}  # inst-2 undone alone
    [entry], _ = read_entries(ledger.rescue_path)
    assert entry.record == records[2] and entry.logprobs is not None


def test_a_full_disk_keeps_every_reply_of_a_group_stored_or_rescued(tmp_path: Path) -> None:
    """A real SQLITE_FULL (the file may not grow) inside a group: nothing is lost."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    conn = ledger._connection()
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages + 3}")
    records = [_rec(i, "x" * 3000) for i in range(12)]
    keeper = ResponseKeeper(ledger, OWNER)
    outcomes = keeper.keep_group([(r, None) for r in records])
    assert not all(outcomes) and keeper.failure is not None
    assert keeper.stored + keeper.rescued == len(records) and keeper.unsaved == []
    in_file = {r.instance_id for r in read_rescue(ledger.rescue_path)[0]}
    in_db = {r.instance_id for r in ledger.all_samples()}
    assert in_file.isdisjoint(in_db) and in_file | in_db == {r.instance_id for r in records}
    assert [r.instance_id for r, ok in zip(records, outcomes, strict=True) if ok] == sorted(
        in_db, key=lambda name: int(name.split("-")[1])
    )
    ledger.close()


def test_when_the_commit_fails_every_reply_of_the_group_takes_its_own_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = Ledger(tmp_path / "ledger.sqlite")
    records = [_rec(i) for i in range(5)]

    class FailingCommit:
        def __enter__(self) -> None:
            ledger._connection().execute("BEGIN IMMEDIATE")

        def __exit__(self, *exc: object) -> None:
            ledger._connection().execute("ROLLBACK")
            raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(ledger, "_group_transaction", FailingCommit)
    assert ledger.record_group([(r, None) for r in records]) == 0
    assert ledger.all_samples() == []
    keeper = ResponseKeeper(ledger, OWNER)
    assert keeper.keep_group([(r, None) for r in records]) == [True] * 5  # one by one
    assert keeper.failure is None and len(ledger.all_samples()) == 5
    ledger.close()


def test_the_writer_commits_a_lone_reply_at_once_and_what_lands_meanwhile_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = Ledger(tmp_path / "ledger.sqlite")
    groups: list[int] = []
    real_group = ledger.record_group
    first_commit = threading.Event()

    def record_group(items: Any, owner: str | None = None) -> int:
        groups.append(len(items))
        if len(groups) == 1:
            first_commit.set()
            time.sleep(0.3)  # a slow commit: the next replies land meanwhile
        return int(real_group(items, owner))

    monkeypatch.setattr(ledger, "record_group", record_group)
    keeper = ResponseKeeper(ledger, OWNER)

    async def run() -> list[bool]:
        writer = ReplyWriter(keeper, on_failure=lambda: None)
        lone = asyncio.ensure_future(writer.keep(_rec(0)))
        await asyncio.to_thread(first_commit.wait)
        later = [asyncio.ensure_future(writer.keep(_rec(i))) for i in range(1, 6)]
        done = await asyncio.gather(lone, *later)
        started = time.perf_counter()
        assert await writer.keep(_rec(6))  # alone again: its own commit, no wait for company
        assert time.perf_counter() - started < 0.25
        await writer.close()
        return list(done)

    assert asyncio.run(run()) == [True] * 6
    assert groups == [1, 5, 1]
    assert len(ledger.all_samples()) == 7 and keeper.stored == 7
    ledger.close()


def test_a_reply_is_durable_before_the_writer_reports_it(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    keeper = ResponseKeeper(ledger, OWNER)

    async def run() -> None:
        writer = ReplyWriter(keeper, on_failure=lambda: None)

        async def one(i: int) -> None:
            assert await writer.keep(_rec(i))
            with sqlite3.connect(path) as other:  # another process's view
                rows = other.execute("SELECT count(*) FROM samples WHERE instance_id = ?",
                                     (f"inst-{i}",)).fetchone()  # fmt: skip
            assert rows == (1,)

        await asyncio.gather(*(one(i) for i in range(40)))
        await writer.close()

    asyncio.run(run())
    ledger.close()


def test_a_failed_group_stops_the_run_before_its_waiters_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = Ledger(tmp_path / "ledger.sqlite")

    def record(rec: SampleRecord, owner: str | None = None, logprobs: Any = None) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(ledger, "record", record)
    keeper = ResponseKeeper(ledger, OWNER)
    stopped: list[bool] = []

    async def run() -> list[tuple[bool, bool]]:
        writer = ReplyWriter(keeper, on_failure=lambda: stopped.append(True))

        async def one(i: int) -> tuple[bool, bool]:
            ok = await writer.keep(_rec(i))
            return ok, bool(stopped)  # the stop came first

        seen = await asyncio.gather(*(one(i) for i in range(8)))
        await writer.close()
        return seen

    assert asyncio.run(run()) == [(False, True)] * 8
    assert keeper.rescued == 8 and len(read_rescue(ledger.rescue_path)[0]) == 8
    ledger.close()
