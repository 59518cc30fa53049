"""The rescue file: valid lines imported, bad ones kept, nothing deleted before it is safe."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

import gralgo.ledger._sqlite as ledger_module
from gralgo.ledger import Ledger, SampleRecord


def rec(i: int) -> SampleRecord:
    return SampleRecord(
        f"k{i}", 0, f"i{i}", "m", answer_text=f"\\boxed{{{i}}}", finish_reason="stop"
    )


def line(i: int) -> str:
    return json.dumps(asdict(rec(i))) + "\n"


def leftovers(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.glob(path.name + ".rescue.jsonl*"))


def test_torn_and_garbage_lines_are_kept_and_valid_lines_imported(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite"
    torn = line(3)[:25]  # a crash mid-write leaves a partial last line
    Path(f"{path}.rescue.jsonl").write_text(
        line(0) + "garbage {\n" + line(1) + '{"unknown_field": 1}\n' + "\n" + line(2) + torn
    )
    with Ledger(path) as ledger:
        stored = ledger.all_samples()
        kept = ledger.invalid_rescue_path.read_text().splitlines()
    assert stored == [rec(0), rec(1), rec(2)]
    assert kept == ["garbage {", '{"unknown_field": 1}', torn]
    assert leftovers(path) == []  # everything is either imported or kept


def test_locked_database_leaves_the_file_for_the_next_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "l.sqlite"
    Ledger(path).close()
    Path(f"{path}.rescue.jsonl").write_text(line(0) + line(1))
    monkeypatch.setattr(ledger_module, "BUSY_TIMEOUT_MS", 100)
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with Ledger(path) as ledger:
            pass
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    [left] = leftovers(path)
    assert left.startswith(f"l.sqlite.rescue.jsonl.{os.getpid()}.")
    with Ledger(path) as ledger:  # the next open (same process) adopts and imports it
        assert ledger.all_samples() == [rec(0), rec(1)]
    assert leftovers(path) == []


def test_file_left_by_a_dead_importer_is_adopted_but_a_live_ones_is_not(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite"
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    Path(f"{path}.rescue.jsonl.{child.pid}").write_text(line(0))  # the pre-fix naming
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        Path(f"{path}.rescue.jsonl.{live.pid}.abc").write_text(line(1))
        with Ledger(path) as ledger:
            assert ledger.all_samples() == [rec(0)]
        assert leftovers(path) == [f"l.sqlite.rescue.jsonl.{live.pid}.abc"]
    finally:
        live.kill()
        live.wait()
    with Ledger(path) as ledger:  # once its importer is gone
        assert ledger.all_samples() == [rec(0), rec(1)]


def test_claimed_file_is_not_deleted_when_bad_lines_cannot_be_kept(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite"
    Path(f"{path}.rescue.jsonl").write_text(line(0) + "garbage\n")
    Path(f"{path}.rescue-invalid.jsonl").mkdir()  # cannot be appended to
    with Ledger(path) as ledger:
        assert ledger.all_samples() == []  # rolled back together
    [left] = leftovers(path)
    assert Path(path.parent / left).read_text() == line(0) + "garbage\n"


def test_a_batch_sample_round_trips_through_the_rescue_file_with_its_batch(
    tmp_path: Path,
) -> None:
    from dataclasses import replace

    from gralgo.ledger._rescue import append_records, parse_line

    batch = replace(rec(7), prompt_tokens=5, completion_tokens=3, cost_usd=1e-6, batch_ref="b-9")
    assert parse_line(json.dumps(asdict(batch))) == batch
    path = tmp_path / "l.sqlite"
    append_records(Path(f"{path}.rescue.jsonl"), [batch, rec(8)])
    with Ledger(path) as ledger:
        assert ledger.all_samples() == [batch, rec(8)]  # every column, batch_ref included
