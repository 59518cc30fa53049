"""A full ``+experiment=main`` job (21,600 samples) against the loopback stub, vs its ideal time.

    python benchmarks/bench_main_run.py [--latency 0.05] [--concurrency 64] [--client auto]

Reuses (or builds) the main dataset under ``outputs/datasets/bench-main``, starts the stub with
``--latency`` s per reply, and runs ``python -m gralgo +experiment=main`` on a fresh ledger with
``run.max_concurrency=--concurrency`` and ``run.client=--client`` (MLflow off). The ideal is
``samples * latency / concurrency``; the goal is at most 2x that for the whole job (imports,
planning, calls, scoring and reports included).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gralgo.testing import start_stub, stop_stub

REPO = Path(__file__).resolve().parents[1]

SAMPLES = 2700 * 8


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--client", default="auto", choices=["auto", "litellm", "direct"])
    args = parser.parse_args()
    ideal = SAMPLES * args.latency / args.concurrency
    stub = start_stub("--latency", str(args.latency))
    try:
        with tempfile.TemporaryDirectory() as tmp:
            command = [
                sys.executable,
                "-m",
                "gralgo",
                "+experiment=main",
                "model=openai_compatible",
                "model.name=stub-model",
                f"model.api_base={stub.api_base}",
                f"run.max_concurrency={args.concurrency}",
                f"run.client={args.client}",
                "mlflow.enabled=false",
                f"paths.outputs={tmp}/outputs",
                f"hydra.run.dir={tmp}/job",
                f"dataset.dir={REPO / 'outputs' / 'datasets' / 'bench-main'}",
            ]
            started = time.perf_counter()
            done = subprocess.run(
                command,
                cwd=REPO,
                capture_output=True,
                text=True,
                env={**os.environ, "PYTHONPATH": str(REPO)},
            )
            seconds = time.perf_counter() - started
            assert done.returncode == 0, done.stderr[-3000:]
        calls = stub.stats()["calls"]
    finally:
        stop_stub(stub)
    print(
        f"+experiment=main, run.client={args.client}: {calls} calls, {seconds:.1f} s; ideal "
        f"{ideal:.1f} s ({SAMPLES} samples x {args.latency * 1000:.0f} ms / {args.concurrency})"
        f" -> {seconds / ideal:.2f}x ideal (goal <= 2x: "
        f"{'met' if seconds <= 2 * ideal else 'NOT met'})"
    )


if __name__ == "__main__":
    main()
