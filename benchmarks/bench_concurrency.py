"""N identical processes on one ledger: model calls vs unique samples, and wall time.

    python benchmarks/bench_concurrency.py [--requests 30] [--k 4] [--latency 0.2] [N ...]

Starts the loopback stub server (gralgo.testing, which counts calls per prompt),
then for each N (default 1, 2 and 4) starts N copies of tests/run/ledger_worker.py on a fresh
ledger, releases them at the same moment, and prints one line per N: calls made vs unique
samples (equal = each sample paid exactly once), the most calls any one prompt got, and the
wall time from the release to the last worker's exit.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, start_stub, stop_stub

REPO = Path(__file__).resolve().parents[1]

WORKER = REPO / "tests" / "run" / "ledger_worker.py"


def run_once(
    stub: StubServer,
    processes: int,
    n: int,
    k: int,
    concurrency: int,
    latency: float,
    work: Path,
    ledger: str | None = None,
) -> tuple[str, float]:
    """Run ``processes`` workers on one fresh ledger (or ``ledger``: a file or a
    ``postgresql://`` URL); one line of results and the wall time."""
    go = work / f"go-{processes}-{time.monotonic_ns()}"
    ledger = ledger or str(work / f"ledger-{processes}.sqlite")
    args = [stub.api_base, str(ledger), str(n), str(k), str(concurrency), "60", str(go)]
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    workers = [
        subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env)
        for _ in range(processes)
    ]  # fmt: skip
    for worker in workers:
        assert worker.stdout is not None
        if worker.stdout.readline().strip() != "READY":
            raise RuntimeError(worker.communicate()[1][-2000:])
    stub.control(latency_s=latency)  # also resets the stub's counters
    t0 = time.perf_counter()
    go.touch()
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=600)
        if worker.returncode != 0:
            raise RuntimeError(err[-2000:])
        reports.append(json.loads(out.strip().splitlines()[-1]))
    wall = time.perf_counter() - t0
    stats = stub.stats()
    unique = n * k
    per_prompt = max(stats["by_prompt"].values()) if stats["by_prompt"] else 0
    verdict = "each paid once" if stats["calls"] == unique and per_prompt == k else "PAID TWICE"
    return (
        f"N={processes}: calls {stats['calls']} vs unique samples {unique} ({verdict}); "
        f"max calls per prompt {per_prompt} (k={k}); done per process "
        f"{[r['done'] for r in reports]}; wall {wall:.2f} s"
    ), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("processes", nargs="*", type=int, default=[1, 2, 4])
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--k", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--latency", type=float, default=0.2)
    opts = parser.parse_args()
    stub = start_stub()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for processes in opts.processes:
                line, _ = run_once(
                    stub,
                    processes,
                    opts.requests,
                    opts.k,
                    opts.concurrency,
                    opts.latency,
                    Path(tmp),
                )
                print(line, flush=True)
    finally:
        stop_stub(stub)


if __name__ == "__main__":
    main()
