"""One function stores every reply (``_sample_row.sample_row``): live and batch samples take
the same normalisation into the same rows, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gralgo.ledger import BatchRecord, Ledger, SampleRecord, _sample_row, canonical
from gralgo.ledger._normalise import MARKER

_names = itertools.count()
TEXTS = ["lone \ud800 surrogate", "a NUL \x00 here", MARKER + "looks escaped", "plain"]


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    if request.param == "sqlite":
        ledger: Any = Ledger(tmp_path / "l.sqlite")
    else:
        pytest.importorskip("psycopg")
        from gralgo.ledger._postgres import PostgresLedger

        server = request.getfixturevalue("postgres")
        ledger = PostgresLedger(server.new_database(f"rows{next(_names)}"), tmp_path)
    yield ledger
    ledger.close()


def _batch(store: Any, pairs: list[tuple[str, int]]) -> str:
    now = time.time()
    draft = BatchRecord(
        batch_ref="b1", job="j", provider="openai", endpoint="", digest="", requests=0,
        state="intent", creator="host:1:x", created_at=now, expires_at=now + 3600,
    )  # fmt: skip
    record, claimed = store.open_batch(draft, pairs, limit=len(pairs))
    assert claimed == pairs
    return record.batch_ref


def _raw(store: Any, key: str) -> tuple[Any, ...]:
    """The stored row's texts as the database holds them (not restored)."""
    sql = store._sql(
        "SELECT answer_text, reasoning_text, error_message FROM samples WHERE request_key = ?"
    )
    return tuple(store._batch_read().execute(sql, (key,)).fetchone())


def _rec(key: str, text: str) -> SampleRecord:
    return SampleRecord(
        key, 0, "inst", "openai/m", answer_text=text, reasoning_text=text, error_message=text
    )


def test_live_and_batch_samples_go_through_the_one_row_function(
    store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real = _sample_row.storable_record

    def spy(rec: SampleRecord) -> SampleRecord:
        seen.append(rec.request_key)
        return real(rec)

    monkeypatch.setattr(_sample_row, "storable_record", spy)
    store.record(_rec("live", "a"))
    store.record(_rec("live-owned", "a"), owner="host:1:x")
    ref = _batch(store, [("batched", 0)])
    store.store_batch_results(ref, [_rec("batched", "a")])
    assert seen == ["live", "live-owned", "batched"]


# ids without the texts: a lone surrogate in a test id crashes an xdist worker (UTF-8 pipe).
@pytest.mark.parametrize("text", TEXTS, ids=["surrogate", "nul", "marker", "plain"])
def test_a_batch_reply_is_stored_exactly_as_the_live_path_stores_it(store: Any, text: str) -> None:
    """A lone surrogate (SQLite, PostgreSQL) or NUL (PostgreSQL) in a batch reply is stored,
    byte for byte as a live reply, and reads back as the one entry made it (``canonical``: a
    lone surrogate becomes U+FFFD, everything else as received); its claim is dropped."""
    store.record(_rec("live", text))
    ref = _batch(store, [("batched", 0)])
    store.store_batch_results(ref, [_rec("batched", text)])
    assert _raw(store, "batched") == _raw(store, "live")
    assert store.batch_pairs(ref) == []
    rows = store.samples(["live", "batched"])
    live, batched = rows[("live", 0)], rows[("batched", 0)]
    expected = canonical(text)
    assert batched.answer_text == live.answer_text == expected
    assert batched.reasoning_text == batched.error_message == expected
    assert (live.batch_ref, batched.batch_ref) == (None, ref)


def test_the_live_and_the_batch_transport_store_through_the_one_row_function(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The job's one driver (``gralgo.run.send_samples``) sends half the samples live and half
    in a batch (against the batch stub): every reply of both reaches the ledger through the one
    row function, and the rows differ only in the batch that answered."""
    pytest.importorskip("openai")
    from gralgo.run import BatchSettings, LiveSettings, make_transport, send_samples
    from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, make_requests, start_batch_stub

    seen: list[str] = []
    real = _sample_row.storable_record

    def spy(rec: SampleRecord) -> SampleRecord:
        seen.append(rec.request_key)
        return real(rec)

    monkeypatch.setattr(_sample_row, "storable_record", spy)
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    stub = start_batch_stub(tmp_path / "stub")
    try:
        stub.control(delay_s=0, fail_every=0, expire=False)
        requests = make_requests(stub.api_base, 4, tag="transport")
        live = LiveSettings(max_concurrency=2, max_attempts=1, timeout_s=30, client="litellm")
        batch = BatchSettings(poll_s=0.05, max_poll_s=0.2)
        price: dict[str, float | None] = dict.fromkeys(
            ("input_per_1m", "output_per_1m", "batch_discount")
        )
        sent, started = [], []
        with Ledger(tmp_path / "l.sqlite") as ledger:
            for settings, part in ((None, requests[:2]), (batch, requests[2:])):
                transport = make_transport(
                    settings, live, model=part[0].model.litellm_model, k=1, price=price
                )
                todo = [(r, 0) for r in part]
                report = send_samples(transport, part, todo, ledger, lambda: started.append(1))
                sent.append(report.transport)
            rows = ledger.samples([r.key for r in requests])
    finally:
        stub.stop()
    assert sent == ["live", "batch"] and started == [1, 1]
    assert sorted(seen) == sorted(r.key for r in requests)  # each reply once, through the one
    assert all(row.ok for row in rows.values())
    origin = [rows[(r.key, 0)].batch_ref is not None for r in requests]
    assert origin == [False, False, True, True]
