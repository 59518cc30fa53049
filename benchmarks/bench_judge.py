"""Judge fan-out throughput against the loopback stub, next to the bare runner.

    python benchmarks/bench_judge.py [--requests 1000] [--latency 0.05] [--concurrency 64]
                                     [--rounds 3] [--json PATH]

Paths, interleaved in every round, each on a fresh ledger: (1) ``Judge.ask`` of ``--requests``
distinct questions whose scripted replies are valid JSON (ledger lookup, runner, parsing), in
this process; (2) the same as a fresh process (start-up, imports, litellm included);
(3) ``run_samples`` on the same number of plain requests, in this process. The ideal is
``requests * latency / concurrency``. Judge calls *are* runner requests, so (1) should match
(3) up to the parse and ledger-read overhead (goal: >= 0.9x the runner's rate).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import (
    CHILD,
    REPO,
    Row,
    Sample,
    child_process,
    interleaved,
    print_rows,
    report_parts,
    timed,
    write_rows,
)

sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, make_requests, start_stub, stop_stub  # noqa: E402


def prompts(n: int) -> list[str]:
    return [f"judge question {i}" for i in range(n)]


def ask_all(api_base: str, n: int, concurrency: int, ledger: Path) -> None:
    """``Judge.ask`` of ``n`` questions (the stub answers each with valid JSON)."""
    from gralgo.analysis import JudgeQuery, JudgeSettings, choice_parser, open_judge
    from gralgo.ledger import ModelSpec, SamplingParams

    settings = JudgeSettings(
        model=ModelSpec(name="stub", litellm_model="openai/stub-model", api_base=api_base,
                        api_key_env=FAKE_KEY_ENV),
        sampling=SamplingParams(temperature=0.0, top_p=1.0, max_tokens=64),
        max_concurrency=concurrency,
        timeout_s=30,
    )  # fmt: skip
    with open_judge(settings, ledger) as judge:
        _, report = judge.ask(
            [JudgeQuery(str(i), p) for i, p in enumerate(prompts(n))],
            choice_parser("family", ["greedy"]),
        )
    assert report.counts == {"ok": n}, report.counts


def run_bare(api_base: str, n: int, concurrency: int, ledger_path: Path) -> None:
    """``run_samples`` on ``n`` plain requests."""
    from gralgo.ledger import Ledger
    from gralgo.run import run_samples

    requests = make_requests(api_base, n, tag=f"bare-{ledger_path.stem}")
    with Ledger(ledger_path) as ledger:
        asyncio.run(run_samples([(r, 0) for r in requests], ledger, max_concurrency=concurrency,
                                max_attempts=3, timeout_s=30, failure_budget=0.5))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    parser.add_argument("--api-base", help=argparse.SUPPRESS)  # the child's stub
    parser.add_argument("--ledger", help=argparse.SUPPRESS)
    parser.add_argument(CHILD, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ[FAKE_KEY_ENV] = FAKE_KEY
    if args.child:
        started = time.perf_counter()
        ask_all(args.api_base, args.requests, args.concurrency, Path(args.ledger))
        report_parts({"ask": time.perf_counter() - started})
        return
    from gralgo.run import load_litellm

    load_litellm()  # imported once, outside the in-process timed regions
    stub = start_stub()
    n, script = args.requests, Path(__file__).resolve()
    try:
        answers = {p: '{"family": "greedy"}' for p in prompts(n)}
        stub.control(latency_s=args.latency, answers=answers)
        with tempfile.TemporaryDirectory() as tmp:

            def fresh(round_no: int) -> Sample:
                ledger = f"{tmp}/child-{round_no}.sqlite"
                return child_process(script, [
                    "--requests", str(n), "--concurrency", str(args.concurrency),
                    "--api-base", stub.api_base, "--ledger", ledger])  # fmt: skip

            def judge(round_no: int) -> Sample:
                ledger = Path(tmp) / f"judge-{round_no}.sqlite"
                return timed(lambda: ask_all(stub.api_base, n, args.concurrency, ledger))

            def bare(round_no: int) -> Sample:
                ledger = Path(tmp) / f"r{round_no}.sqlite"
                return timed(lambda: run_bare(stub.api_base, n, args.concurrency, ledger))

            results = interleaved(
                {"Judge.ask, in process": judge,
                 "Judge.ask, fresh process (start-up, imports, litellm)": fresh,
                 "run_samples (bare runner), in process": bare},
                args.rounds,
            )  # fmt: skip
    finally:
        stop_stub(stub)
    ideal = n * args.latency / args.concurrency
    note = f"{n:,} requests, {args.latency * 1000:.0f} ms stub, concurrency {args.concurrency}"
    rows = [Row("bench_judge", name, samples, ideal_s=ideal, note=note,
                goal=">= 0.9x the runner's rate")
            for name, samples in results.items()]  # fmt: skip
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
