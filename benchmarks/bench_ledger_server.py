"""4 processes x 2,000 samples sharing one PostgreSQL ledger: calls vs unique samples, throughput.

    python benchmarks/bench_ledger_server.py [--processes 4] [--requests 500] [--k 4]
                                             [--concurrency 32] [--latency 0.05] [--sqlite]

Starts a throwaway PostgreSQL server (gralgo.testing.PostgresServer: initdb + pg_ctl in /tmp; needs
the server binaries and ``psycopg``) and the loopback stub, then starts ``--processes`` copies of
tests/run/ledger_worker.py that all want the same ``--requests`` x ``--k`` samples from one
server ledger (as jobs on several machines would), releases them together and prints the
calls made vs unique samples (equal: each sample paid once), samples per process and the
throughput (unique samples per second of wall time). ``--sqlite`` also runs the same load on
one local SQLite ledger file, for comparison.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# This checkout's gralgo, bench_concurrency beside us, and the tests' PostgreSQL fixture.
sys.path[:0] = [str(REPO), str(REPO / "benchmarks"), str(REPO / "tests" / "run")]

from bench_concurrency import run_once

from gralgo.testing import PostgresServer, start_stub, stop_stub


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--k", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--sqlite", action="store_true", help="also run on a SQLite file")
    opts = parser.parse_args()
    unique = opts.requests * opts.k
    server, stub = PostgresServer(), start_stub()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            ledgers = {"postgresql": server.new_database("bench")}
            if opts.sqlite:
                ledgers["sqlite"] = str(Path(tmp) / "bench.sqlite")
            for kind, location in ledgers.items():
                line, wall = run_once(
                    stub,
                    opts.processes,
                    opts.requests,
                    opts.k,
                    opts.concurrency,
                    opts.latency,
                    Path(tmp),
                    ledger=location,
                )
                print(
                    f"[{kind}] {line}; throughput {unique / wall:.0f} unique samples/s "
                    f"(each process wants all {unique})",
                    flush=True,
                )
    finally:
        stop_stub(stub)
        server.stop()


if __name__ == "__main__":
    main()
