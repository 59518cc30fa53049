"""Crash safety: resume after ``kill -9``, and two processes sharing one ledger."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gralgo.ledger import Ledger
from gralgo.run._litellm_response import load_litellm
from gralgo.run._runner import run_samples_sync
from gralgo.testing import StubServer, make_requests

REPO_ROOT = Path(__file__).resolve().parents[2]

# A child process: run samples ``first..last-1`` of the stub's requests, k per request.
CHILD = """
import sys
sys.path.insert(0, {repo!r})  # this checkout's gralgo
from gralgo.testing import make_requests
from gralgo.ledger._sqlite import Ledger
from gralgo.run._litellm_response import load_litellm
from gralgo.run._runner import run_samples_sync
api_base, ledger_path, first, last, k, conc = sys.argv[1:7]
requests = make_requests(api_base, int(last))[int(first):]
with Ledger(ledger_path) as ledger:
    report = run_samples_sync(ledger.missing(requests, int(k)), ledger, max_concurrency=int(conc),
                              max_attempts=3, timeout_s=10, failure_budget=0.5)
print("DONE", report.done, report.calls_made, flush=True)
"""


def spawn(
    stub: StubServer, ledger_path: Path, first: int, last: int, k: int, conc: int
) -> subprocess.Popen[str]:
    code = CHILD.format(repo=str(REPO_ROOT))
    args = [stub.api_base, str(ledger_path), str(first), str(last), str(k), str(conc)]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )


def ok_rows(path: Path) -> int:
    if not path.exists():
        return 0
    with sqlite3.connect(path, timeout=30) as conn:
        try:
            return int(
                conn.execute("SELECT COUNT(*) FROM samples WHERE error_class IS NULL").fetchone()[0]
            )
        except sqlite3.OperationalError:  # the child has not created the table yet
            return 0


@pytest.mark.slow
def test_resume_after_kill_9_makes_exactly_the_missing_calls(
    stub: StubServer, tmp_path: Path
) -> None:
    path, n, k = tmp_path / "ledger.sqlite", 60, 4
    stub.control(latency_s=0.1)
    child = spawn(stub, path, 0, n, k, conc=4)
    load_litellm()  # warm up here while the child starts (imports take seconds)
    deadline = time.monotonic() + 60
    while ok_rows(path) < 40:
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "child made no progress"
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=10)
    time.sleep(0.3)  # let the dead child's in-flight requests drain at the stub
    recorded = ok_rows(path)
    assert 40 <= recorded < n * k, "the child was killed mid-run"
    stub.control()
    requests = make_requests(stub.api_base, n)
    with Ledger(path) as ledger:
        todo = ledger.missing(requests, k)
        assert len(todo) == n * k - recorded
        report = run_samples_sync(
            todo, ledger, max_concurrency=32, max_attempts=3, timeout_s=10, failure_budget=0.5
        )
        assert report.done == n * k - recorded and report.errors == {}
        assert stub.stats()["calls"] == n * k - recorded
        rows = ledger.samples(r.key for r in requests)
        assert len(rows) == n * k and all(rec.ok for rec in rows.values())
        assert ledger.missing(requests, k) == []


@pytest.mark.slow
def test_two_processes_share_one_ledger(stub: StubServer, tmp_path: Path) -> None:
    """A child process and this one write overlapping work into one ledger at the same time."""
    path, k = tmp_path / "shared.sqlite", 3
    stub.control(latency_s=0.05)
    child = spawn(stub, path, 0, 60, k, conc=4)
    load_litellm()
    deadline = time.monotonic() + 60
    while ok_rows(path) == 0:  # start once the child is writing
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "child made no progress"
        time.sleep(0.02)
    requests = make_requests(stub.api_base, 90)
    with Ledger(path) as ledger:
        # newest first, so our own rows (60..89) are written while the child works on 0..29;
        # 30..59 overlap the child's work
        mine = [(r, i) for r in reversed(requests[30:]) for i in range(k)]
        report = run_samples_sync(
            mine, ledger, max_concurrency=8, max_attempts=3, timeout_s=10, failure_budget=0.5
        )
        assert report.done + report.done_elsewhere == len(mine) and report.errors == {}
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0 and out.startswith("DONE"), err[-2000:]
        assert child_rows_were_concurrent(path)
        rows = ledger.samples(r.key for r in requests)
        assert len(rows) == 90 * k and ledger.missing(requests, k) == []
        for request in requests:
            expected = f"\\boxed{{{len(request.messages[-1]['content'])}}}"
            for index in range(k):
                rec = rows[(request.key, index)]
                assert rec.ok and rec.answer_text == expected and rec.attempts == 1
                assert rec.instance_id == request.instance_id
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert stub.stats()["calls"] == 90 * k  # the overlap 30..59 was claimed, never paid twice


def child_rows_were_concurrent(path: Path) -> bool:
    """Our own rows (instances 60..89) began before the child's own rows (0..29) ended."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT instance_id, finished_at FROM samples").fetchall()
    number = {row[0]: int(row[0].rsplit("-", 1)[1]) for row in rows}
    child = [t for inst, t in rows if number[inst] < 30]
    mine = [t for inst, t in rows if number[inst] >= 60]
    return min(mine) < max(child)


def test_samples_answered_elsewhere_are_passed_over_without_waiting(
    stub: StubServer, tmp_path: Path
) -> None:
    """A run whose front samples another process answered after its plan moves past them at
    once. Before, each claim looked at ``max_concurrency`` of them and then slept a poll (1 s):
    a second process started beside the first on ``+experiment=main`` made no call and ended
    21,600 / 64 s = 5.6 min after the first."""
    path, k = tmp_path / "ledger.sqlite", 4
    requests = make_requests(stub.api_base, 40)
    with Ledger(path) as ledger:
        answered = [(r, i) for r in requests[:30] for i in range(k)]  # 120 answered "elsewhere"
        run_samples_sync(
            answered, ledger, max_concurrency=8, max_attempts=3, timeout_s=10, failure_budget=0.5
        )
        stub.control()  # reset the call counter
        everything = [(r, i) for r in requests for i in range(k)]  # as planned before they were
        t0 = time.perf_counter()
        report = run_samples_sync(
            everything, ledger, max_concurrency=4, max_attempts=3, timeout_s=10,
            failure_budget=0.5, client="direct",
        )  # fmt: skip
        elapsed = time.perf_counter() - t0
    assert report.done == 40 and report.done_elsewhere == 120, report
    assert stub.stats()["calls"] == 40
    assert elapsed < 3, f"{elapsed:.1f} s: the run slept between claims of answered samples"
