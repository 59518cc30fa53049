"""Runner throughput against the loopback stub, next to bare litellm and the ideal rate.

    python benchmarks/bench_runner.py [--requests 2000] [--latency 0.05] [--concurrency 64]

Prints, from one process and one stub server: (1) the engine's request rate (``run_samples``
with the adaptive limiter, retries and a ledger commit per sample); (2) a bare
``asyncio.gather`` of ``litellm.acompletion`` under ``asyncio.Semaphore(concurrency)``;
(3) the ideal ``concurrency / latency``; (4) the time to re-run the finished set (0 calls).
Rates are medians of interleaved rounds (tiny payloads; ``bench_clients.py`` measures real
prompts).
Both (1) and (2) use the same litellm settings (``load_litellm``). The stub's own capacity
(a raw aiohttp client) is printed too, to show the stub is not what limits (1) and (2).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one

from gralgo.ledger import Ledger
from gralgo.run import load_litellm, run_samples
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, make_requests, start_stub, stop_stub


async def bare_litellm(stub: StubServer, n: int, concurrency: int, tag: str) -> float:
    """Requests per second of plain ``litellm.acompletion`` calls under a semaphore."""
    import litellm

    semaphore = asyncio.Semaphore(concurrency)
    requests = make_requests(stub.api_base, n, tag=tag)

    async def one(request: object) -> None:
        async with semaphore:
            await litellm.acompletion(
                model="openai/stub-model",
                api_base=stub.api_base,
                api_key=FAKE_KEY,
                messages=list(request.messages),
                max_tokens=64,
                temperature=0.6,
                top_p=0.95,  # type: ignore[attr-defined]
                min_p=0.0,
                timeout=30,
                num_retries=0,
                max_retries=0,
            )

    start = time.perf_counter()
    await asyncio.gather(*(one(r) for r in requests))
    return n / (time.perf_counter() - start)


async def stub_capacity(stub: StubServer, n: int, concurrency: int) -> float:
    """Requests per second a raw aiohttp client gets from the stub: the benchmark's ceiling."""
    import aiohttp

    semaphore = asyncio.Semaphore(concurrency)
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def one(i: int) -> None:
            body = {"model": "stub-model", "messages": [{"role": "user", "content": f"raw {i}"}]}
            async with semaphore, session.post(f"{stub.api_base}/chat/completions", json=body) as r:
                await r.read()

        start = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(n)))
        return n / (time.perf_counter() - start)


async def engine(
    stub: StubServer, ledger: Ledger, n: int, concurrency: int, tag: str
) -> tuple[float, int]:
    """Requests per second of ``run_samples`` (k = 1), and the number of calls it made."""
    requests = make_requests(stub.api_base, n, tag=tag)
    start = time.perf_counter()
    report = await run_samples(
        ledger.missing(requests, 1),
        ledger,
        max_concurrency=concurrency,
        max_attempts=3,
        timeout_s=30,
        failure_budget=0.1,
    )
    rate = n / (time.perf_counter() - start)
    assert report.done == n and report.errors == {}, report
    return rate, report.calls_made


async def rerun(
    stub: StubServer, ledger: Ledger, n: int, concurrency: int, tag: str, latency_s: float
) -> tuple[float, int]:
    """Seconds to re-run a finished set (plan from the ledger, then run nothing), and calls made."""
    stub.control(latency_s=latency_s)  # also resets the stub's call counter
    start = time.perf_counter()
    requests = make_requests(stub.api_base, n, tag=tag)
    await run_samples(
        ledger.missing(requests, 1),
        ledger,
        max_concurrency=concurrency,
        max_attempts=3,
        timeout_s=30,
        failure_budget=0.1,
    )
    elapsed = time.perf_counter() - start
    return elapsed, int(stub.stats()["calls"])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=4, help="bare/engine rounds (median)")
    args = parser.parse_args()
    os.environ[FAKE_KEY_ENV] = FAKE_KEY
    stub = start_stub("--latency", str(args.latency))
    try:
        litellm = load_litellm()
        print(
            f"litellm {importlib.metadata.version('litellm')} python {sys.version.split()[0]} "
            f"cpus {os.cpu_count()}; gralgo's litellm settings: suppress_debug_info="
            f"{litellm.suppress_debug_info}, turn_off_message_logging="
            f"{litellm.turn_off_message_logging}"
        )
        await bare_litellm(stub, 200, args.concurrency, "warmup")  # lazy imports, connection pool
        n, c = args.requests, args.concurrency
        bare_rates, engine_rates = [], []
        with tempfile.TemporaryDirectory() as tmp, Ledger(Path(tmp) / "bench.sqlite") as ledger:
            for round_no in range(args.rounds):
                # Alternate the order, and let litellm's background success logging drain
                # between phases, so neither side pays for the other's backlog.
                for phase in ("bare", "engine") if round_no % 2 == 0 else ("engine", "bare"):
                    await asyncio.sleep(1.0)
                    if phase == "bare":
                        bare_rates.append(await bare_litellm(stub, n, c, f"bare{round_no}"))
                    else:
                        rate, calls = await engine(stub, ledger, n, c, f"engine{round_no}")
                        engine_rates.append(rate)
                print(
                    f"round {round_no + 1}: bare litellm {bare_rates[-1]:7.0f} req/s | "
                    f"engine {engine_rates[-1]:7.0f} req/s ({calls} calls)"
                )
            rerun_s, rerun_calls = await rerun(stub, ledger, n, c, "engine0", args.latency)
        best_bare, best_engine = statistics.median(bare_rates), statistics.median(engine_rates)
        print(
            f"median of {args.rounds} interleaved rounds (min-max: engine "
            f"{min(engine_rates):.0f}-{max(engine_rates):.0f}, bare {min(bare_rates):.0f}-"
            f"{max(bare_rates):.0f} req/s); load average {os.getloadavg()[0]:.1f}"
        )
        print(
            f"(1) engine (run_samples + ledger):     {best_engine:7.0f} req/s  "
            f"({n} requests, {args.latency * 1000:.0f} ms latency, concurrency {c})"
        )
        print(
            f"(2) bare asyncio.gather of acompletion: {best_bare:7.0f} req/s  "
            f"-> engine / bare = {best_engine / best_bare:.2f} (target >= 0.90)"
        )
        print(f"(3) ideal concurrency / latency:        {c / args.latency:7.0f} req/s")
        capacity = await stub_capacity(stub, n, c)
        print(f"    stub capacity, raw aiohttp client:  {capacity:7.0f} req/s  (not the limit)")
        print(
            f"(4) re-run of the finished set:         {rerun_s:7.3f} s, {rerun_calls} model calls"
        )
    finally:
        stop_stub(stub)


if __name__ == "__main__":
    asyncio.run(main())
