"""A full disk: no new calls, every paid response kept somewhere, a clear error (item 3)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from gralgo.errors import GralgoError
from gralgo.ledger import Ledger, LedgerWriteError, read_rescue
from gralgo.run._runner import run_samples_sync
from gralgo.testing import StubServer

REPO = Path(__file__).resolve().parents[2]


def disk_full_after(monkeypatch: pytest.MonkeyPatch, ledger: Ledger, commits: int) -> None:
    """Commits beyond the first ``commits`` fail with ENOSPC."""
    real = ledger.record
    count = {"n": 0}

    def record(rec, owner=None):  # type: ignore[no-untyped-def]
        count["n"] += 1
        if count["n"] > commits:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(rec, owner)

    monkeypatch.setattr(ledger, "record", record)


def run(ledger: Ledger, requests) -> None:  # type: ignore[no-untyped-def]
    run_samples_sync([(r, 0) for r in requests], ledger, max_concurrency=4, max_attempts=2,
                     timeout_s=10, failure_budget=1.0)  # fmt: skip


def stored_keys(path: Path) -> set[str]:
    with Ledger(path) as ledger:
        return {rec.request_key for rec in ledger.all_samples()}


def test_enospc_stops_calls_and_rescues_every_response(
    stub: StubServer, requests_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub.control(latency_s=0.05)
    requests = requests_for(40)
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    disk_full_after(monkeypatch, ledger, commits=5)
    with pytest.raises(LedgerWriteError) as caught:
        run(ledger, requests)
    ledger.close()
    message = str(caught.value)
    calls = stub.stats()["calls"]
    assert isinstance(caught.value, GralgoError)
    assert str(path) in message and "No space left" in message
    assert "5 responses are in the ledger" in message
    assert f"{calls - 5} were saved in {path}.rescue.jsonl" in message
    # Stopped at once: the calls in flight finish, plus at most one wave (the replies that land
    # while the failing commit runs each hand their slot to a claimed sample: drive()).
    assert calls <= 5 + 2 * 4 + 1
    rescued, invalid = read_rescue(Path(f"{path}.rescue.jsonl"))
    assert len(rescued) == calls - 5 and invalid == []
    # the next open imports them: every paid response is in the ledger
    assert len(stored_keys(path)) == calls


def test_when_the_rescue_file_fails_too_responses_go_to_the_temp_dir(
    stub: StubServer, requests_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests = requests_for(12)
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    disk_full_after(monkeypatch, ledger, commits=2)
    real_rescue = ledger.rescue

    def rescue(records, target=None):  # type: ignore[no-untyped-def]
        if target is None or target == ledger.rescue_path:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_rescue(records, target)

    monkeypatch.setattr(ledger, "rescue", rescue)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    with pytest.raises(LedgerWriteError, match="could only be saved in") as caught:
        run(ledger, requests)
    ledger.close()
    calls = stub.stats()["calls"]
    [fallback] = (tmp_path / "tmp").glob("gralgo-rescue-*/ledger.sqlite.rescue.jsonl.*")
    assert str(fallback) in str(caught.value) and caught.value.unsaved == []
    assert "the next run on this machine imports them" in str(caught.value)
    assert len(read_rescue(fallback)[0]) == calls - 2
    # the next open imports them by itself (issue 34: nothing to move by hand, nothing paid
    # again), and only into this ledger: another ledger of the same name leaves them alone
    other = tmp_path / "other" / "ledger.sqlite"
    assert stored_keys(other) == set() and fallback.exists()
    assert len(stored_keys(path)) == calls
    assert not fallback.exists()


def test_when_nothing_can_be_written_the_error_carries_the_responses(
    stub: StubServer, requests_for, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests = requests_for(6)
    ledger = Ledger(tmp_path / "ledger.sqlite")
    disk_full_after(monkeypatch, ledger, commits=0)

    def rescue(records, target=None):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(ledger, "rescue", rescue)
    with pytest.raises(LedgerWriteError, match="could not be saved anywhere") as caught:
        run(ledger, requests)
    ledger.close()
    assert len(caught.value.unsaved) == stub.stats()["calls"] >= 1
    assert all(rec.ok and rec.answer_text for rec in caught.value.unsaved)


# A child whose files cannot grow past a few pages (RLIMIT_FSIZE): a real write failure.
CHILD = """
import json, os, resource, signal, sys
sys.path.insert(0, {repo!r})  # this checkout's gralgo
from gralgo.testing import make_requests
from gralgo.ledger._sqlite import Ledger, LedgerWriteError
from gralgo.run._litellm_response import load_litellm
from gralgo.run._runner import run_samples_sync
api_base, path = sys.argv[1:3]
load_litellm()
requests = make_requests(api_base, 60)
ledger = Ledger(path)
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too-big write fails with EFBIG instead
sizes = [os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p)]
limit = max(sizes) + 40 * 1024  # room for a few commits, then the WAL cannot grow
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
try:
    run_samples_sync([(r, 0) for r in requests], ledger, max_concurrency=4, max_attempts=2,
                     timeout_s=10, failure_budget=1.0)
except LedgerWriteError as err:
    print(json.dumps({{"error": str(err), "unsaved": len(err.unsaved)}}), flush=True)
    sys.exit(2)
print(json.dumps({{"error": None}}), flush=True)
"""


@pytest.mark.slow
def test_file_size_limit_in_a_real_process(stub: StubServer, tmp_path: Path) -> None:
    import json

    path = tmp_path / "ledger.sqlite"
    code = CHILD.format(repo=str(REPO))
    done = subprocess.run([sys.executable, "-c", code, stub.api_base, str(path)],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ})  # fmt: skip
    assert done.returncode == 2, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    calls = stub.stats()["calls"]
    assert str(path) in result["error"] and result["unsaved"] == 0
    assert 0 < calls < 60  # stopped early
    assert "responses are in the ledger" in result["error"]
    # The limit is hit by a reply's commit (that reply is rescued) or by a claim window or lease
    # renewal (the writer thread had already committed every reply): either way every paid
    # response is in the ledger once it is opened again (the rescue file imported).
    rescued = "were saved in" in result["error"]
    assert rescued == ("rescued responses are imported" in result["error"])
    assert len(stored_keys(path)) == calls  # nothing paid was lost


def test_full_disk_before_any_call_is_a_clear_error(tmp_path: Path) -> None:
    import sqlite3

    from gralgo.ledger import RequestInfo

    ledger = Ledger(tmp_path / "ledger.sqlite")

    class FullDisk:
        def execute(self, sql: str, *args: object) -> object:
            if sql.startswith("BEGIN"):
                return None
            raise sqlite3.OperationalError("database or disk is full")

        executemany = execute

    ledger._connection = lambda: FullDisk()  # type: ignore[assignment,method-assign,return-value]
    info = RequestInfo("k", "i", "t", "x", "easy", 1, "edge_list", "standard", "direct",
                       "integer", "1", "{}", "{}", "[]")  # fmt: skip
    with pytest.raises(LedgerWriteError, match="ledger.sqlite.*disk is full.*nothing was called"):
        ledger.register_requests([info])
