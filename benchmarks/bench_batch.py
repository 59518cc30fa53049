"""A ``+experiment=main`` job (21,600 samples) through batch mode against the loopback batch stub.

    python benchmarks/bench_batch.py [--provider openai|anthropic|gemini] [--kill STEP]
                                     [--rounds N] [--per-level N]
    python benchmarks/bench_batch.py --lines 10000,50000 [--provider openai|gemini]
                                     # memory of one batch as it grows

Reuses (or builds) the main dataset under ``outputs/datasets/bench-main`` (``--per-level``
other than 50 uses its own folder), starts ``batch_stub_server.py`` and runs the job as a user
would: ``python -m gralgo +experiment=main run.batch=on run.batch.wait=false`` (submit: exits 5),
then the same command again until it exits 0 (collect; batches take ``--delay`` s at the stub).
With ``--kill STEP`` the first command that reaches that step (``GRALGO_BATCH_CRASH_AT``) is
killed with SIGKILL there; the collect time and peak then count the runs after it.
Prints calls (lines the stub answered) vs samples, batches, submit and collect times and each
process's peak memory (max RSS); medians over ``--rounds`` rounds (each on a fresh ledger and
stub). Fails unless every sample was paid exactly once and is stored once.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, start_batch_stub

REPO = Path(__file__).resolve().parents[1]
# Runs gralgo's command line and prints this process's peak RSS (MiB) as its last stderr line.
WRAPPER = (
    "import atexit, resource, runpy, sys;"
    "atexit.register(lambda: print('PEAK_RSS_MIB', resource.getrusage(resource.RUSAGE_SELF)"
    ".ru_maxrss / 1024, file=sys.stderr));"
    "sys.argv = ['gralgo', *sys.argv[1:]];"
    "runpy.run_module('gralgo', run_name='__main__')"
)


def run(command: list[str], crash_at: str | None = None) -> tuple[int, float, float, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), FAKE_KEY_ENV: FAKE_KEY}
    env.pop("GRALGO_BATCH_CRASH_AT", None)
    if crash_at:
        env["GRALGO_BATCH_CRASH_AT"] = crash_at
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, *command], cwd=REPO, capture_output=True, text=True,
        env=env,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    peak = [
        float(line.split()[1])
        for line in done.stderr.splitlines()
        if line.startswith("PEAK_RSS_MIB")
    ]
    return done.returncode, seconds, peak[0] if peak else float("nan"), done.stderr


def one_round(args: argparse.Namespace, dataset: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        stub = start_batch_stub(Path(tmp) / "stub")
        try:
            model = {
                "anthropic": ["model=claude", f"model.api_base={stub.base}", "sampling.seed=null"],
                "gemini": ["model=gemini_2_5_flash", f"model.api_base={stub.base}/v1beta"],
                "openai": [
                    "model=openai_compatible", "model.name=stub-model",
                    f"model.api_base={stub.api_base}",
                ],
            }[args.provider]  # fmt: skip
            command = [
                "+experiment=main", *model, f"model.api_key_env={FAKE_KEY_ENV}",
                f"dataset.per_level={args.per_level}", "run.batch=on", "run.batch.wait=false",
                "mlflow.enabled=false", f"paths.outputs={tmp}/outputs",
                f"hydra.run.dir={tmp}/job", f"dataset.dir={dataset}",
            ]  # fmt: skip
            stub.control(delay_s=args.delay)
            rc, submit_s, submit_peak, err = run(command, args.kill)
            killed = rc == -9
            assert rc in (5, -9), f"first run exited {rc}: {err[-3000:]}"
            collect_s, collect_peak, runs = 0.0, 0.0, 0
            while True:  # the same command until it has collected everything
                time.sleep(1)
                crash = args.kill if args.kill and not killed else None
                rc, seconds, peak, err = run(command, crash)
                runs += 1
                if rc == -9:
                    killed = True
                    continue
                collect_s, collect_peak = collect_s + seconds, max(collect_peak, peak)
                if rc == 0:
                    break
                assert rc == 5 and runs < 100, f"collect run exited {rc}: {err[-3000:]}"
            assert killed or not args.kill, f"no run reached the step {args.kill}"
            stats = stub.stats()
        finally:
            stub.stop()
        conn = sqlite3.connect(Path(tmp) / "outputs" / "ledger.sqlite")
        stored, ok = conn.execute(
            "SELECT count(*), sum(error_class IS NULL) FROM samples"
        ).fetchone()
        conn.close()
    samples = 2700 * 8 * args.per_level // 50
    paid = stats["paid"]
    assert len(paid) == samples and set(paid.values()) == {1}, "a sample was paid twice or never"
    assert set(stats["submitted"].values()) == {1}, "a sample was in two batches"
    assert stored == ok == samples, f"{stored} rows, {ok} answered, {samples} samples"
    return {
        "samples": samples, "calls": sum(paid.values()), "batches": stats["created"],
        "submit_s": submit_s, "collect_s": collect_s, "collect_runs": runs,
        "submit_peak_mib": submit_peak, "collect_peak_mib": collect_peak,
    }  # fmt: skip


def lines_round(lines: int, provider: str = "openai") -> dict[str, float]:
    """One batch of ``lines`` one-line prompts (k = 2) submitted and collected in a fresh
    process; returns the collect time and the peak RSS of submitting and of collecting."""
    code = f"""
import json, os, resource, sys, tempfile, time
from pathlib import Path
from gralgo.ledger import Ledger
from gralgo.run.batch._batch_run import BatchSettings, run_batches
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, make_requests, start_batch_stub
os.environ[FAKE_KEY_ENV] = FAKE_KEY
tmp = Path(tempfile.mkdtemp())
stub = start_batch_stub(tmp / "stub")
try:
    requests = make_requests(stub.api_base, {lines} // 2, tag="lines")
    if {provider!r} == "gemini":
        from dataclasses import replace
        from gralgo.ledger import ModelSpec
        model = ModelSpec("g", "gemini/gemini-2.5-flash", stub.base + "/v1beta", FAKE_KEY_ENV)
        requests = [replace(r, model=model) for r in requests]
    todo = [(r, i) for r in requests for i in range(2)]
    with Ledger(tmp / "l.sqlite") as ledger:
        stub.control(delay_s=1)
        run_batches(todo, ledger, "j", BatchSettings(wait=False), None)
        submit_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        time.sleep(1.5)
        t0 = time.perf_counter()
        report = run_batches(todo, ledger, "j", BatchSettings(poll_s=0.1), None)
        seconds = time.perf_counter() - t0
        assert report.done == {lines} and report.batches_submitted == 0, report
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(dict(collect_s=seconds, submit_peak=submit_peak, collect_peak=peak)))
finally:
    stub.stop()
"""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--provider", default="openai", choices=["openai", "anthropic", "gemini"])
    parser.add_argument("--kill", default=None, help="crash step of the first run (kill -9)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--per-level", type=int, default=50)
    parser.add_argument("--delay", type=float, default=5.0, help="seconds a batch takes")
    parser.add_argument(
        "--lines", default="", help="instead: one batch of N lines each, e.g. 10000,50000"
    )
    args = parser.parse_args()
    if args.lines:  # memory of collecting one batch as it grows (rounds interleaved)
        sizes = [int(n) for n in args.lines.split(",")]
        runs: dict[int, list[dict[str, float]]] = {n: [] for n in sizes}
        for _ in range(args.rounds):
            for n in sizes:
                runs[n].append(lines_round(n, args.provider))
        for n in sizes:
            med = {k: statistics.median(r[k] for r in runs[n]) for k in runs[n][0]}
            print(
                f"one {args.provider} batch of {n} lines: collect {med['collect_s']:.1f} s; "
                f"peak RSS {med['submit_peak']:.0f} MiB after submitting, "
                f"{med['collect_peak']:.0f} MiB after collecting (median of {args.rounds})"
            )
        return
    name = "bench-main" if args.per_level == 50 else f"bench-main-{args.per_level}"
    dataset = REPO / "outputs" / "datasets" / name
    results = [one_round(args, dataset) for _ in range(args.rounds)]
    median = {k: statistics.median(r[k] for r in results) for k in results[0]}
    print(
        f"+experiment=main via run.batch=on ({args.provider}, kill: {args.kill or 'none'}, "
        f"median of {args.rounds}): {median['calls']:.0f} calls for {median['samples']:.0f} "
        f"samples (each paid once) in {median['batches']:.0f} batches; submit "
        f"{median['submit_s']:.1f} s (peak {median['submit_peak_mib']:.0f} MiB; nan: killed), "
        "collect "
        f"{median['collect_s']:.1f} s in {median['collect_runs']:.0f} run(s) (peak "
        f"{median['collect_peak_mib']:.0f} MiB)"
    )


if __name__ == "__main__":
    main()
