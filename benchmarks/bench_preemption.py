"""Preemption: N processes on one ledger, each sent SIGTERM at a random moment, then a resume.

    python benchmarks/bench_preemption.py [--processes 4] [--requests 24] [--k 2]
        [--latency 0.5] [--rounds 3] [--seed 0]

Starts the loopback stub server (gralgo.testing, which counts calls), then per round: N copies
of tests/run/ledger_worker.py on a fresh ledger, released together; each gets SIGTERM at its
own random moment (seeded) while calls are in flight; then one worker resumes the job to the
end. Prints per round the calls made vs the unique samples (equal: no reply was paid twice,
none was lost to the signal), the calls made until every process had exited, and the wall
time of that interrupted phase; then the medians over the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, start_stub, stop_stub

REPO = Path(__file__).resolve().parents[1]
WORKER = REPO / "tests" / "run" / "ledger_worker.py"


def _workers(stub: StubServer, count: int, ledger: Path, n: int, k: int, go: Path) -> list[Any]:
    args = [stub.api_base, str(ledger), str(n), str(k), "8", "60", str(go)]
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    workers = [
        subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env)
        for _ in range(count)
    ]  # fmt: skip
    for worker in workers:
        if worker.stdout.readline().strip() != "READY":
            raise RuntimeError(worker.communicate()[1][-2000:])
    return workers


def one_round(
    stub: StubServer, opts: argparse.Namespace, rng: random.Random, work: Path
) -> dict[str, float]:
    ledger = work / f"ledger-{time.monotonic_ns()}.sqlite"
    go = work / f"go-{time.monotonic_ns()}"
    workers = _workers(stub, opts.processes, ledger, opts.requests, opts.k, go)
    stub.control(latency_s=opts.latency)  # also resets the stub's counters
    t0 = time.perf_counter()
    go.touch()
    moments = sorted((rng.uniform(0.3, 2.5), i) for i in range(len(workers)))
    for moment, i in moments:
        time.sleep(max(0.0, moment - (time.perf_counter() - t0)))
        workers[i].send_signal(signal.SIGTERM)
    codes, abandoned = [], 0
    for worker in workers:
        out, _ = worker.communicate(timeout=600)
        codes.append(worker.returncode)
        found = re.search(r"(\d+) calls in flight abandoned", out)
        abandoned += int(found.group(1)) if found else 0
    interrupted_s = time.perf_counter() - t0
    before = stub.stats()["calls"]
    stub.control(latency_s=0.0)
    go_again = work / f"go-{time.monotonic_ns()}"
    [resume] = _workers(stub, 1, ledger, opts.requests, opts.k, go_again)
    go_again.touch()
    out, err = resume.communicate(timeout=600)
    if resume.returncode != 0:
        raise RuntimeError(err[-2000:])
    after = stub.stats()["calls"]
    unique = opts.requests * opts.k
    if json.loads(out.strip().splitlines()[-1])["failed"]:
        raise RuntimeError("the resume left failed samples")
    return {"calls": before + after, "unique": unique, "before": before,
            "interrupted_s": interrupted_s, "exit4": sum(c == 4 for c in codes),
            "abandoned": abandoned}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--requests", type=int, default=24)
    parser.add_argument("--k", type=int, default=2)
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    opts = parser.parse_args()
    rng = random.Random(opts.seed)
    stub = start_stub()
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for r in range(opts.rounds):
                row = one_round(stub, opts, rng, Path(tmp))
                rows.append(row)
                verdict = "none paid twice" if row["calls"] == row["unique"] else "PAID TWICE"
                print(
                    f"round {r + 1}: calls {row['calls']} vs unique samples {row['unique']} "
                    f"({verdict}); {row['before']} calls until all had exited (resume: the rest), "
                    f"{row['exit4']}/{opts.processes} exited 4, {row['abandoned']} calls in "
                    "flight abandoned; interrupted phase "
                    f"{row['interrupted_s']:.2f} s",
                    flush=True,
                )
    finally:
        stop_stub(stub)
    print(
        f"median of {opts.rounds} rounds: calls {statistics.median(r['calls'] for r in rows):g} "
        f"vs unique samples {rows[0]['unique']}; interrupted phase "
        f"{statistics.median(r['interrupted_s'] for r in rows):.2f} s"
    )


if __name__ == "__main__":
    main()
