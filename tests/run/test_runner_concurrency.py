"""N identical processes on one ledger pay for each sample exactly once; a killed owner's
claims are taken over (lease expiry itself is tested in test_ledger_claims.py)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gralgo.testing import StubServer

WORKER = Path(__file__).resolve().parent / "ledger_worker.py"


def start_workers(
    stub: StubServer,
    ledger: Path,
    go: Path,
    count: int,
    n: int,
    k: int,
    lease_s: float = 60,
    client: str = "litellm",
) -> list[subprocess.Popen[str]]:
    """``count`` ledger workers, each READY (imports done) and waiting for ``go``."""
    args = [stub.api_base, str(ledger), str(n), str(k), "4", str(lease_s), str(go), client]
    workers = [
        subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=dict(os.environ))
        for _ in range(count)
    ]  # fmt: skip
    for worker in workers:
        assert worker.stdout is not None
        line = worker.stdout.readline()
        assert line.strip() == "READY", worker.communicate()[1][-2000:]
    return workers


def results(workers: list[subprocess.Popen[str]]) -> list[dict]:
    out = []
    for worker in workers:
        stdout, stderr = worker.communicate(timeout=300)
        assert worker.returncode == 0, stderr[-3000:]
        out.append(json.loads(stdout.strip().splitlines()[-1]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("count", "client"), [(2, "direct"), (4, "litellm")]
)  # each client once (the direct one imports no litellm); claims do not depend on the client
def test_identical_processes_pay_each_sample_once(
    stub: StubServer, tmp_path: Path, count: int, client: str
) -> None:
    n, k = 12, 3
    stub.control(latency_s=0.1)
    go = tmp_path / "go"
    workers = start_workers(stub, tmp_path / "l.sqlite", go, count, n, k, client=client)
    stub.control(latency_s=0.1)  # reset the counters once every worker is ready
    go.touch()
    reports = results(workers)
    stats = stub.stats()
    assert stats["calls"] == n * k, reports
    assert sorted(stats["by_prompt"].values()) == [k] * n
    assert sum(r["done"] for r in reports) == n * k
    # every worker ends with every sample accounted for: its own or another's
    # each worker accounts for every sample it needed: called it, or found it done elsewhere
    assert all(r["done"] + r["done_elsewhere"] == r["todo"] for r in reports), reports
    assert max(r["todo"] for r in reports) == n * k, reports  # the first to start needed all


@pytest.mark.slow
def test_killed_owners_samples_are_taken_over_without_waiting_out_the_lease(
    stub: StubServer, tmp_path: Path
) -> None:
    n, k, lease = 4, 2, 30.0
    stub.control(latency_s=30)  # the first owner's calls never return before it dies
    go = tmp_path / "go"
    ledger = tmp_path / "l.sqlite"
    [victim] = start_workers(stub, ledger, go, 1, n, k, lease_s=lease)
    go.touch()
    deadline = time.monotonic() + 30
    while True:  # wait until it holds claims
        with sqlite3.connect(ledger, timeout=30) as conn:
            try:
                if conn.execute("SELECT COUNT(*) FROM claims").fetchone()[0] > 0:
                    break
            except sqlite3.OperationalError:
                pass
        assert time.monotonic() < deadline
        time.sleep(0.05)
    go2 = tmp_path / "go2"
    [heir] = start_workers(stub, ledger, go2, 1, n, k, lease_s=lease)
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(timeout=10)
    stub.control(latency_s=0.0)
    go2.touch()
    [report] = results([heir])
    assert report["done"] == n * k and stub.stats()["calls"] == n * k
    # the dead owner ran on this host: its pid is gone, so its leases (>= 20 s left) are void
    assert report["elapsed_s"] < lease / 2
