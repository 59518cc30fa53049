"""Judge fan-out throughput against the loopback stub, next to the bare runner.

    python benchmarks/bench_judge.py [--requests 1000] [--latency 0.05] [--concurrency 64]

(1) ``Judge.ask`` of ``--requests`` distinct questions whose scripted replies are valid JSON
(ledger lookup, runner, parsing); (2) ``run_samples`` on the same number of plain requests;
(3) the ideal ``concurrency / latency``. Judge calls *are* runner requests, so (1) should match
(2) up to the parse and ledger-read overhead.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one

from gralgo.analysis import (
    JudgeQuery,
    JudgeSettings,
    choice_parser,
    open_judge,
)
from gralgo.ledger import Ledger, ModelSpec, SamplingParams
from gralgo.run import load_litellm, run_samples
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, make_requests, start_stub, stop_stub


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=64)
    args = parser.parse_args()
    os.environ[FAKE_KEY_ENV] = FAKE_KEY
    load_litellm()  # imported once, outside the timed regions
    stub = start_stub()
    try:
        prompts = [f"judge question {i}" for i in range(args.requests)]
        stub.control(latency_s=args.latency, answers={p: '{"family": "greedy"}' for p in prompts})
        settings = JudgeSettings(
            model=ModelSpec(
                name="stub",
                litellm_model="openai/stub-model",
                api_base=stub.api_base,
                api_key_env=FAKE_KEY_ENV,
            ),
            sampling=SamplingParams(temperature=0.0, top_p=1.0, max_tokens=64),
            max_concurrency=args.concurrency,
            timeout_s=30,
        )
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            with open_judge(settings, Path(tmp) / "judge.sqlite") as judge:
                verdicts, report = judge.ask(
                    [JudgeQuery(str(i), p) for i, p in enumerate(prompts)],
                    choice_parser("family", ["greedy"]),
                )
            judge_rate = args.requests / (time.perf_counter() - t0)
            assert report.counts == {"ok": args.requests}, report.counts
            requests = make_requests(stub.api_base, args.requests, tag="bare")
            with Ledger(Path(tmp) / "runner.sqlite") as ledger:
                t0 = time.perf_counter()
                asyncio.run(
                    run_samples(
                        [(r, 0) for r in requests],
                        ledger,
                        max_concurrency=args.concurrency,
                        max_attempts=3,
                        timeout_s=30,
                        failure_budget=0.5,
                    )
                )
                runner_rate = args.requests / (time.perf_counter() - t0)
    finally:
        stop_stub(stub)
    print(
        f"judge fan-out: {judge_rate:.0f} req/s; runner: {runner_rate:.0f} req/s "
        f"({judge_rate / runner_rate:.2f}x); ideal {args.concurrency / args.latency:.0f} req/s"
    )


if __name__ == "__main__":
    main()
