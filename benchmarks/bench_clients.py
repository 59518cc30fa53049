"""Chat-call paths side by side against the loopback stub, as multiples of the ideal time.

    python benchmarks/bench_clients.py [--requests 2000] [--latency 0.05] [--concurrency 64]
                                       [--rounds 3] [--inspect-python PATH]

Each path sends ``--requests`` distinct chat requests with at most ``--concurrency`` in flight
to one stub whose every reply takes ``--latency`` s; the ideal time is
``requests * latency / concurrency``. Paths: gralgo's runner (adaptive limiter, retries, a
ledger commit per sample) with litellm and with the direct client; bare ``litellm.acompletion``
under a semaphore; the openai SDK on its aiohttp transport (``DefaultAioHttpClient``, needs
``httpx-aiohttp``); a raw aiohttp client (the stub's own ceiling). Rounds are interleaved, in a
rotating order, and the best round of each path counts. With ``--inspect-python`` (a venv with
inspect-ai), Inspect's ``openai-api`` provider runs the same load in that interpreter.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one

from gralgo.ledger import Ledger
from gralgo.run import run_samples
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, make_requests, start_stub, stop_stub

Path_ = Callable[[StubServer, int, int, str], Awaitable[None]]


async def runner(client: str, stub: StubServer, n: int, c: int, tag: str) -> None:
    requests = make_requests(stub.api_base, n, tag=tag)
    with tempfile.TemporaryDirectory() as tmp, Ledger(Path(tmp) / "l.sqlite") as ledger:
        report = await run_samples(
            ledger.missing(requests, 1),
            ledger,
            max_concurrency=c,
            max_attempts=3,
            timeout_s=30,
            failure_budget=0.1,
            client=client,
        )
    assert report.done == n and report.errors == {}, report


async def runner_litellm(stub: StubServer, n: int, c: int, tag: str) -> None:
    await runner("litellm", stub, n, c, tag)


async def runner_direct(stub: StubServer, n: int, c: int, tag: str) -> None:
    await runner("direct", stub, n, c, tag)


async def bare_litellm(stub: StubServer, n: int, c: int, tag: str) -> None:
    from gralgo.run import load_litellm

    litellm = load_litellm()
    semaphore = asyncio.Semaphore(c)

    async def one(request: object) -> None:
        async with semaphore:
            await litellm.acompletion(
                model="openai/stub-model",
                api_base=stub.api_base,
                api_key=FAKE_KEY,
                messages=list(request.messages),  # type: ignore[attr-defined]
                max_tokens=64,
                temperature=0.6,
                top_p=0.95,
                min_p=0.0,
                timeout=30,
                num_retries=0,
                max_retries=0,
            )

    await asyncio.gather(*(one(r) for r in make_requests(stub.api_base, n, tag=tag)))


async def openai_sdk_aiohttp(stub: StubServer, n: int, c: int, tag: str) -> None:
    import httpx
    from openai import AsyncOpenAI, DefaultAioHttpClient

    semaphore = asyncio.Semaphore(c)
    limits = httpx.Limits(max_connections=c, max_keepalive_connections=c)
    async with AsyncOpenAI(
        base_url=stub.api_base,
        api_key=FAKE_KEY,
        max_retries=0,
        http_client=DefaultAioHttpClient(limits=limits),
    ) as client:

        async def one(i: int) -> None:
            async with semaphore:
                await client.chat.completions.create(
                    model="stub-model",
                    messages=[{"role": "user", "content": f"{tag} {i}"}],
                    max_tokens=64,
                    temperature=0.6,
                    top_p=0.95,
                    extra_body={"min_p": 0.0},
                )

        await asyncio.gather(*(one(i) for i in range(n)))


async def raw_aiohttp(stub: StubServer, n: int, c: int, tag: str) -> None:
    import aiohttp

    semaphore = asyncio.Semaphore(c)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=c)) as session:

        async def one(i: int) -> None:
            body = {"model": "stub-model", "messages": [{"role": "user", "content": f"{tag} {i}"}]}
            async with (
                semaphore,
                session.post(f"{stub.api_base}/chat/completions", json=body) as reply,
            ):
                await reply.read()

        await asyncio.gather(*(one(i) for i in range(n)))


PATHS: dict[str, Path_] = {
    "gralgo runner (litellm)": runner_litellm,
    "bare litellm.acompletion + semaphore": bare_litellm,
    "gralgo runner (direct client)": runner_direct,
    "openai SDK, aiohttp transport (no runner)": openai_sdk_aiohttp,
    "raw aiohttp": raw_aiohttp,
}

INSPECT_SCRIPT = """
import asyncio, sys, time
from inspect_ai.model import get_model, GenerateConfig
n, c, base = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
async def main():
    model = get_model("openai-api/stub/stub-model", base_url=base, api_key="sk-x",
                      config=GenerateConfig(max_connections=c, max_tokens=64, max_retries=0))
    t0 = time.perf_counter()
    await asyncio.gather(*(model.generate(f"inspect {i}") for i in range(n)))
    print(time.perf_counter() - t0)
asyncio.run(main())
"""


def inspect_seconds(python: str, stub: StubServer, n: int, c: int) -> float | str:
    out = subprocess.run(
        [python, "-c", INSPECT_SCRIPT, str(n), str(c), stub.api_base],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "STUB_API_KEY": FAKE_KEY},
    )
    if out.returncode != 0:
        return f"failed: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else '?'}"
    return float(out.stdout.split()[-1])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--inspect-python", help="python of a venv with inspect-ai installed")
    parser.add_argument(
        "--only",
        nargs="*",
        choices=sorted(PATHS),
        metavar="PATH",
        help="measure only these paths (names as in the table)",
    )
    args = parser.parse_args()
    os.environ[FAKE_KEY_ENV] = FAKE_KEY
    n, c = args.requests, args.concurrency
    ideal = n * args.latency / c
    stub = start_stub("--latency", str(args.latency))
    best: dict[str, float] = {}
    try:
        names = args.only or list(PATHS)
        for name in names:  # warm up: imports, connection pools
            await PATHS[name](stub, min(200, n), c, f"warm-{names.index(name)}")
        for round_no in range(args.rounds):
            order = names[round_no % len(names) :] + names[: round_no % len(names)]
            for name in order:
                await asyncio.sleep(0.5)
                t0 = time.perf_counter()
                await PATHS[name](stub, n, c, f"r{round_no}-{names.index(name)}")
                best[name] = min(best.get(name, float("inf")), time.perf_counter() - t0)
        inspect: float | str = "not measured (no --inspect-python)"
        if args.inspect_python:
            inspect = inspect_seconds(args.inspect_python, stub, n, c)
    finally:
        stop_stub(stub)
    versions = ", ".join(
        f"{p} {importlib.metadata.version(p)}"
        for p in ("litellm", "openai", "aiohttp", "httpx-aiohttp")
    )
    print(
        f"{n} requests, {args.latency * 1000:.0f} ms latency, concurrency {c}, "
        f"ideal {ideal:.2f} s; best of {args.rounds}; cpus {os.cpu_count()}; {versions}"
    )
    print("| path | seconds | x ideal |\n|---|---|---|")
    for name in names:
        print(f"| {name} | {best[name]:.2f} | {best[name] / ideal:.2f} |")
    if isinstance(inspect, float):
        print(
            f"| Inspect AI (openai-api provider, {c} connections) | {inspect:.2f} | "
            f"{inspect / ideal:.2f} |"
        )
    else:
        print(f"| Inspect AI | - | {inspect} |")
    if "gralgo runner (direct client)" in best:
        direct = best["gralgo runner (direct client)"] / ideal
        print(
            f"goal: runner with the direct client <= 1.5x ideal: {direct:.2f}x "
            f"{'met' if direct <= 1.5 else 'NOT met'}"
        )


if __name__ == "__main__":
    asyncio.run(main())
