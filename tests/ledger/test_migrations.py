"""Ledger schema: version, forward migration of a version-0 file, requests table, bad files."""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from gralgo.errors import GralgoError
from gralgo.ledger import (
    Ledger,
    LedgerError,
    ModelSpec,
    Request,
    RequestInfo,
    SampleRecord,
    SamplingParams,
)
from gralgo.ledger._sqlite_schema import SCHEMA_VERSION

# Written by the code before schema versions existed (commit a8eb6d8): three requests
# "prompt 0..2" to MODEL, sample 0 answered \boxed{i}, sample 1 of the last a Timeout.
V0_LEDGER = Path(__file__).parent / "data" / "ledger_v0.sqlite"
V0_KEYS = (
    "2aff3158747d0827a796983ecea82088",
    "36b2137640f1fa2b6e961597f472f170",
    "227f90d7380e6d5fea6c1ad572895c83",
)
MODEL = ModelSpec(name="m", litellm_model="openai/m", api_base="http://127.0.0.1:1/v1")


def v0_request(i: int) -> Request:
    return Request(
        f"inst-{i}", ({"role": "user", "content": f"prompt {i}"},), MODEL, SamplingParams()
    )


def info(key: str, instance: str = "inst-0") -> RequestInfo:
    return RequestInfo(
        request_key=key, instance_id=instance, task="max_degree", taxonomy="enumeration",
        complexity="easy", level=1, format="edge_list", context="standard", mode="direct",
        answer_kind="integer", expected="3", model_spec='{"name":"m"}', sampling="{}",
        messages='[{"content":"prompt 0","role":"user"}]',
    )  # fmt: skip


def user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_request_keys_of_existing_ledgers_are_unchanged() -> None:
    assert tuple(v0_request(i).key for i in range(3)) == V0_KEYS


def test_version_0_ledger_is_migrated_and_keeps_every_row(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copy(V0_LEDGER, path)
    assert user_version(path) == 0
    with Ledger(path) as ledger:
        rows = ledger.samples(V0_KEYS)
        assert ledger.completed(V0_KEYS) == {(k, 0) for k in V0_KEYS}
        ledger.register_requests([info(V0_KEYS[0])])
        assert ledger.requests([V0_KEYS[0]]) == [info(V0_KEYS[0])]
    assert user_version(path) == SCHEMA_VERSION
    assert [rows[(k, 0)].answer_text for k in V0_KEYS] == ["\\boxed{0}", "\\boxed{1}", "\\boxed{2}"]
    assert rows[(V0_KEYS[2], 1)].error_class == "Timeout"
    assert rows[(V0_KEYS[2], 1)].attempts == 2
    assert all(rec.transcript is None for rec in rows.values())
    with Ledger(path) as again:  # a second open is a no-op
        assert again.samples(V0_KEYS) == rows


def test_new_ledger_has_current_version_and_transcript_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    rec = SampleRecord("k", 0, "i", "m", answer_text="a", transcript=json.dumps([{"x": 1}]))
    with Ledger(path) as ledger:
        ledger.record(rec)
        assert ledger.samples(["k"]) == {("k", 0): rec}
    assert user_version(path) == SCHEMA_VERSION


def test_register_requests_first_description_wins_and_instances_share_a_key(
    tmp_path: Path,
) -> None:
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ledger.register_requests([info("k"), info("k", "inst-1")])
        ledger.register_requests([replace(info("k"), expected="9")])
        stored = ledger.requests(["k"])
    assert [(i.instance_id, i.expected) for i in stored] == [("inst-0", "3"), ("inst-1", "3")]


@pytest.mark.parametrize(
    "content", [b"this is not a database at all" * 200, b"SQLite format 3\x00" + b"\xff" * 5000]
)
def test_corrupt_ledger_error_names_the_path(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.sqlite"
    path.write_bytes(content)
    with pytest.raises(LedgerError, match="broken.sqlite") as caught:
        Ledger(path)
    assert isinstance(caught.value, GralgoError)


def test_ledger_from_a_newer_gralgo_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite"
    Ledger(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(LedgerError, match="newer gralgo"):
        Ledger(path)


def _open_and_write(path: str, tag: str) -> None:
    with Ledger(path) as ledger:
        ledger.record(SampleRecord(tag, 0, "i", "m", answer_text="x"))


def test_processes_opening_a_fresh_ledger_at_once_all_succeed(tmp_path: Path) -> None:
    import multiprocessing

    context = multiprocessing.get_context("fork")
    for round_ in range(8):  # the race (WAL switch while another process migrates) is rare
        path = str(tmp_path / f"fresh-{round_}.sqlite")
        workers = [context.Process(target=_open_and_write, args=(path, f"p{n}")) for n in range(5)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=120)
        assert [w.exitcode for w in workers] == [0] * 5
        assert user_version(Path(path)) == SCHEMA_VERSION


def v3_ledger(path: Path) -> None:
    """``path``: the version-0 ledger taken to version 3 by the steps of that time."""
    from gralgo.ledger._sqlite_schema import MIGRATIONS

    shutil.copy(V0_LEDGER, path)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for step in MIGRATIONS[:3]:
            step(conn)
        conn.execute("PRAGMA user_version = 3")
    finally:
        conn.close()


def test_version_3_ledger_gains_batch_ref_and_its_rows_read_as_live_calls(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v3.sqlite"
    v3_ledger(path)
    with Ledger(path) as ledger:
        rows = ledger.samples(V0_KEYS)
        assert len(rows) == 4 and all(rec.batch_ref is None for rec in rows.values())
        ledger.store_batch_results("b-1", [SampleRecord("new", 0, "i", "m", answer_text="a")])
        assert ledger.samples(["new"])[("new", 0)].batch_ref == "b-1"
        read = list(ledger.rows(V0_KEYS[:1], ["batch_ref"]))
    assert read == [(V0_KEYS[0], 0, None)]
    assert user_version(path) == SCHEMA_VERSION == 4
