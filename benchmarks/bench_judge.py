"""Judge fan-out throughput against the loopback stub, next to the direct runner, and the time
an analysis takes before its first judge call.

    python benchmarks/bench_judge.py [--requests 1000] [--latency 0.05] [--concurrency 64]
                                     [--responses 2000] [--rounds 3] [--json PATH]

Paths, interleaved in every round, each on a fresh ledger: (1) ``Judge.ask`` of ``--requests``
distinct questions whose scripted replies are valid JSON (ledger lookup, runner through the
direct client as ``run.client=auto`` chooses for an OpenAI-compatible endpoint, parsing), in
this process; (2) the same as a fresh process (start-up, imports included); (3)
``run_samples`` on the same number of plain requests with ``client="auto"`` (the evaluation's
direct runner), in this process; (4) ``run_analysis`` of ``analysis=overthinking`` on
``--responses`` synthetic correct responses (~3k cl100k tokens, 12 marker segments each) with
the stub as judge, in this process: the parts give the wall and CPU seconds before its first
judge call (the plan included) and of the whole analysis. The ideal of (1)-(3) is
``requests * latency / concurrency``; (1) should match (3) up to the parse and ledger-read
overhead (goals: >= 0.9x the runner's rate, <= 1.5x the ideal; (4) <= 5 s before the first
judge call).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import (
    CHILD,
    REPO,
    Row,
    Sample,
    child_process,
    cpu_now,
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
    """``run_samples`` on ``n`` plain requests through the direct client (``run.client=auto``)."""
    from gralgo.ledger import Ledger
    from gralgo.run import run_samples

    requests = make_requests(api_base, n, tag=f"bare-{ledger_path.stem}")
    with Ledger(ledger_path) as ledger:
        asyncio.run(run_samples([(r, 0) for r in requests], ledger, max_concurrency=concurrency,
                                max_attempts=3, timeout_s=30, failure_budget=0.5,
                                client="auto"))  # fmt: skip


def responses(n: int) -> Any:
    """``n`` correct responses of ~3k cl100k tokens in 12 marker segments (a results frame)."""
    import pandas as pd

    words = "We check the edges of node {0} and count its neighbours carefully. " * 20
    rows = []
    for i in range(n):
        ends = (" So far so good.", " Wait, recheck.")
        body = "\n\n".join(words.format(j) + ends[j % 2] for j in range(12))
        answer = str(i % 7)
        rows.append({
            "request_key": f"key{i}", "sample_index": 0, "instance_id": f"inst{i}",
            "prompt": f"Problem {i % 500}: the largest degree of the graph " + "a-b " * 400,
            "answer_text": f"{body} So the answer is {answer}. \\boxed{{{answer}}}",
            "expected": answer, "model": "m1", "litellm_model": "hosted_vllm/m1",
            "task": "max_degree", "taxonomy": "enumeration", "complexity": "easy", "level": 1,
            "format": "edge_list", "context": "standard", "mode": "direct",
            "answer_kind": "integer", "reasoning_text": None, "finish_reason": "stop",
            "prompt_tokens": 10, "completion_tokens": 10, "reasoning_tokens": 0, "cost_usd": 0.0,
            "latency_s": 0.1, "started_at": 0.0, "finished_at": 0.1, "error_class": None,
            "error_message": None, "attempts": 1, "sampling": "{}", "transcript": None,
        })  # fmt: skip
    return pd.DataFrame(rows)


def analyse(api_base: str, frame: Any, concurrency: int, folder: Path) -> dict[str, float]:
    """``run_analysis(overthinking)`` of ``frame`` with the stub as judge: seconds (wall, CPU)
    before the first judge call and for the whole analysis."""
    import gralgo.run
    from gralgo.analysis import AnalyzeSettings, JudgeSettings, run_analysis
    from gralgo.ledger import ModelSpec, SamplingParams

    first: list[tuple[float, float]] = []
    runner = gralgo.run.run_samples_sync  # the judge hands its requests to it

    def noted(*args: Any, **kwargs: Any) -> Any:
        if not first:
            first.append((time.perf_counter(), cpu_now()))
        return runner(*args, **kwargs)

    judge = JudgeSettings(
        model=ModelSpec(name="stub", litellm_model="openai/stub-model", api_base=api_base,
                        api_key_env=FAKE_KEY_ENV),
        sampling=SamplingParams(temperature=0.0, top_p=1.0, max_tokens=64),
        max_concurrency=concurrency, timeout_s=30, context_tokens=32768, max_fresh_asks=0,
    )  # fmt: skip
    settings = AnalyzeSettings(
        analysis="overthinking", inputs=(), judge=judge, judge_ledger=folder / "judge.sqlite",
        options={"prompts": {"first_correct": "prompts/judge/first_correct.txt"}},
        output_dir=folder / "analysis", prompts_dir=REPO / "conf", min_parsed=0.0,
    )  # fmt: skip
    gralgo.run.run_samples_sync = noted
    try:
        cpu0, t0 = cpu_now(), time.perf_counter()
        run_analysis(settings, frame)
        wall, cpu = time.perf_counter() - t0, cpu_now() - cpu0
    finally:
        gralgo.run.run_samples_sync = runner
    return {"before_first_call": first[0][0] - t0, "cpu_before_first_call": first[0][1] - cpu0,
            "analysis": wall, "analysis_cpu": cpu}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--responses", type=int, default=2000)
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
    stub = start_stub()
    frame = responses(args.responses)
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

            def analysis(round_no: int) -> Sample:
                folder = Path(tmp) / f"analysis-{round_no}"
                parts: dict[str, float] = {}
                sample = timed(lambda: parts.update(
                    analyse(stub.api_base, frame, args.concurrency, folder)))  # fmt: skip
                sample.extra = parts
                return sample

            results = interleaved(
                {"Judge.ask (direct client), in process": judge,
                 "Judge.ask (direct client), fresh process (start-up, imports)": fresh,
                 "run_samples (direct runner, client=auto), in process": bare,
                 f"analysis=overthinking of {args.responses:,} responses, in process": analysis},
                args.rounds,
            )  # fmt: skip
    finally:
        stop_stub(stub)
    ideal = n * args.latency / args.concurrency
    note = f"{n:,} requests, {args.latency * 1000:.0f} ms stub, concurrency {args.concurrency}"
    rows = [Row("bench_judge", name, samples, ideal_s=ideal, note=note,
                goal=">= 0.9x the runner's rate, <= 1.5x ideal")
            for name, samples in results.items() if not name.startswith("analysis")]  # fmt: skip
    rows += [Row("bench_judge", name, samples, goal="<= 5 s before the first judge call",
                 note=f"{args.responses:,} responses of ~3k tokens, 50 ms stub judge")
             for name, samples in results.items() if name.startswith("analysis")]  # fmt: skip
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
