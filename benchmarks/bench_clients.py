"""Chat-call paths side by side against the loopback stub, with real prompts, as multiples of ideal.

    python benchmarks/bench_clients.py [--per-level 37] [--latency 0.05] [--concurrency 64]
                                       [--rounds 3] [--inspect auto|off|PYTHON] [--json PATH]

Every path sends the same ``54 * --per-level`` prompts (all tasks and levels of the ``main``
dataset, ~10 KB each; 1,998 by default) with ``max_tokens`` and sampling as in ``main``, at most
``--concurrency`` in flight, to one stub whose every reply takes ``--latency`` s; the ideal is
``requests * latency / concurrency``. In-process paths (imports and connection pools warmed
first, so they time the calls alone): gralgo's runner (adaptive limiter, retries, a ledger
commit per sample) with the direct client and with litellm; bare ``litellm.acompletion`` under a
semaphore; the openai SDK on its aiohttp transport (the ``bench`` extra, ``httpx-aiohttp``;
skipped with a message when missing); a raw aiohttp client (the stub's own ceiling).
Whole-process paths, as users run them: ``python -m gralgo`` on those prompts (fresh ledger,
MLflow off), and ``inspect eval`` of the same prompts in its own venv (``--inspect auto``
creates ``outputs/bench-venvs/inspect-<version>`` from PyPI on first use; ``off`` skips it).
All paths run in every round, the order rotating; the table gives median, min and max.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import (
    REPO,
    Row,
    Sample,
    ensure_bench_dataset,
    interleaved,
    load_average,
    print_rows,
    process_sample,
    run_process,
    timed,
    write_rows,
)

sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one
from gralgo.ledger import Ledger, ModelSpec, Request, SamplingParams
from gralgo.run import run_samples
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, start_stub, stop_stub

INSPECT_VERSION = "0.3.285"
SAMPLING = {"max_tokens": 32768, "temperature": 0.6, "top_p": 0.95, "min_p": 0.0}
"""As in ``+experiment=main`` (conf/config.yaml sampling, main's max_tokens)."""

Call = Callable[[StubServer, list[str], int, str], Awaitable[None]]


def requests_for(api_base: str, prompts: list[str], tag: str) -> list[Request]:
    model = ModelSpec(
        name="stub", litellm_model="openai/stub-model", api_base=api_base, api_key_env=FAKE_KEY_ENV
    )
    sampling = SamplingParams(**SAMPLING)  # type: ignore[arg-type]
    return [
        Request(f"inst-{tag}-{i}", ({"role": "user", "content": text},), model, sampling)
        for i, text in enumerate(prompts)
    ]


async def runner(client: str, stub: StubServer, prompts: list[str], c: int, tag: str) -> None:
    requests = requests_for(stub.api_base, prompts, tag)
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
    assert report.done == len(prompts) and report.errors == {}, report


async def runner_direct(stub: StubServer, prompts: list[str], c: int, tag: str) -> None:
    await runner("direct", stub, prompts, c, tag)


async def runner_litellm(stub: StubServer, prompts: list[str], c: int, tag: str) -> None:
    await runner("litellm", stub, prompts, c, tag)


async def bare_litellm(stub: StubServer, prompts: list[str], c: int, tag: str) -> None:
    from gralgo.run import load_litellm

    litellm = load_litellm()
    semaphore = asyncio.Semaphore(c)

    async def one(text: str) -> None:
        async with semaphore:
            await litellm.acompletion(
                model="openai/stub-model", api_base=stub.api_base, api_key=FAKE_KEY,
                messages=[{"role": "user", "content": text}], timeout=30, num_retries=0,
                max_retries=0, **SAMPLING,
            )  # fmt: skip

    await asyncio.gather(*(one(t) for t in prompts))


async def openai_sdk_aiohttp(stub: StubServer, prompts: list[str], c: int, tag: str) -> None:
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

        async def one(text: str) -> None:
            async with semaphore:
                await client.chat.completions.create(
                    model="stub-model", messages=[{"role": "user", "content": text}],
                    max_tokens=SAMPLING["max_tokens"], temperature=SAMPLING["temperature"],
                    top_p=SAMPLING["top_p"], extra_body={"min_p": SAMPLING["min_p"]},
                )  # fmt: skip

        await asyncio.gather(*(one(t) for t in prompts))


async def raw_aiohttp(stub: StubServer, prompts: list[str], c: int, tag: str) -> None:
    import aiohttp

    semaphore = asyncio.Semaphore(c)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=c)) as session:

        async def one(text: str) -> None:
            body = {"model": "stub-model", "messages": [{"role": "user", "content": text}],
                    **SAMPLING}  # fmt: skip
            async with (
                semaphore,
                session.post(f"{stub.api_base}/chat/completions", json=body) as reply,
            ):
                await reply.read()

        await asyncio.gather(*(one(t) for t in prompts))


IN_PROCESS: dict[str, tuple[Call, str | None]] = {
    "gralgo runner, direct client": (runner_direct, None),
    "gralgo runner, litellm": (runner_litellm, None),
    "bare litellm.acompletion + semaphore": (bare_litellm, None),
    "openai SDK, aiohttp transport (no runner)": (openai_sdk_aiohttp, "httpx_aiohttp"),
    "raw aiohttp": (raw_aiohttp, None),
}
"""Path -> (call, module it needs beyond gralgo's own dependencies)."""

INSPECT_TASK = """
from inspect_ai import Task, task
from inspect_ai.dataset import json_dataset
from inspect_ai.scorer import match
from inspect_ai.solver import generate


@task
def gralgo_prompts():
    return Task(dataset=json_dataset("prompts.jsonl"), solver=generate(), scorer=match())
"""


def inspect_python(choice: str) -> tuple[str | None, str]:
    """The venv interpreter with inspect-ai, or ``None`` and why it is skipped."""
    if choice == "off":
        return None, "not requested (--inspect off)"
    if choice != "auto":
        return choice, ""
    venv = REPO / "outputs" / "bench-venvs" / f"inspect-{INSPECT_VERSION}"
    python = venv / "bin" / "python"
    if not (venv / "bin" / "inspect").is_file():
        print(f"creating {venv} (inspect-ai=={INSPECT_VERSION} from PyPI; once) ...", flush=True)
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", f"inspect-ai=={INSPECT_VERSION}",
                 "openai"],
                check=True, timeout=1200,
            )  # fmt: skip
        except (subprocess.SubprocessError, OSError) as err:
            return None, f"could not create the inspect-ai venv ({err})"
    return str(python), ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-level", type=int, default=37)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--inspect", default="auto", help="auto | off | path of a python")
    parser.add_argument("--only", nargs="*", help="measure only these paths (names as printed)")
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    args = parser.parse_args()
    if args.rounds < 3:
        print("note: fewer than 3 rounds; the median is not robust", file=sys.stderr)
    os.environ[FAKE_KEY_ENV] = FAKE_KEY
    dataset = ensure_bench_dataset()
    from gralgo.dataset import read_instances

    instances = read_instances(
        dataset, per_level=args.per_level, formats=["edge_list"], with_graphs=False
    )
    prompts = [i.prompts["edge_list"].text for i in instances]
    n, c = len(prompts), args.concurrency
    ideal = n * args.latency / c
    skipped: dict[str, str] = {}
    # Dependencies first: a path that cannot run is skipped now, not after all the timing.
    for name, (_, module) in IN_PROCESS.items():
        if module and importlib.util.find_spec(module) is None:
            skipped[name] = f"needs {module} (pip install -e '.[bench]')"
    python, why = inspect_python(args.inspect)
    if python is None:
        skipped["inspect eval (whole process, own venv)"] = why
    wanted = set(args.only) if args.only else None
    stub = start_stub("--latency", str(args.latency))
    tmp = Path(tempfile.mkdtemp(prefix="bench-clients-"))
    loop = asyncio.new_event_loop()

    def in_process(call: Call, name: str) -> Callable[[int], Sample]:
        def run(round_no: int) -> Sample:
            tag = f"r{round_no}-{name}"
            return timed(lambda: loop.run_until_complete(call(stub, prompts, c, tag)))

        return run

    def gralgo_cli(round_no: int) -> Sample:
        folder = tmp / f"gralgo-{round_no}"
        command = [
            sys.executable, "-m", "gralgo", "level=all", f"dataset.per_level={args.per_level}",
            "sampling.k=1", f"sampling.max_tokens={SAMPLING['max_tokens']}",
            "model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}",
            f"model.api_key_env={FAKE_KEY_ENV}", f"run.max_concurrency={c}", "mlflow.enabled=false",
            f"paths.outputs={folder}/outputs", f"hydra.run.dir={folder}/job",
            f"dataset.dir={dataset}",
        ]  # fmt: skip
        load = load_average()
        done = run_process(command, env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=tmp)
        if done.returncode != 0:
            raise SystemExit(f"gralgo job failed:\n{done.stderr[-3000:]}")
        metrics = json.loads((folder / "job" / "metrics.json").read_text())
        parts = {k[5:-2]: v for k, v in metrics.items() if k.startswith("time_")}
        return process_sample(done, parts, load)

    def inspect_eval(round_no: int) -> Sample:
        assert python is not None
        folder = tmp / f"inspect-{round_no}"
        folder.mkdir()
        (folder / "task.py").write_text(INSPECT_TASK)
        with open(folder / "prompts.jsonl", "w", encoding="utf-8") as handle:
            for i, instance in enumerate(instances):
                answer = instance.prompts["edge_list"].answer
                handle.write(json.dumps({"id": i, "input": prompts[i], "target": answer}) + "\n")
        inspect = str(Path(python).parent / "inspect")
        command = [
            inspect, "eval", "task.py", "--model", "openai-api/stub/stub-model",
            "--max-connections", str(c), "--max-tokens", str(SAMPLING["max_tokens"]),
            "--temperature", str(SAMPLING["temperature"]), "--top-p", str(SAMPLING["top_p"]),
            "--max-retries", "0", "--log-dir", "logs", "--display", "none",
        ]  # fmt: skip
        env = {**os.environ, "STUB_BASE_URL": stub.api_base, "STUB_API_KEY": FAKE_KEY}
        load = load_average()
        done = run_process(command, env=env, cwd=folder)
        if done.returncode != 0:
            raise SystemExit(f"inspect eval failed:\n{done.stderr[-3000:]}")
        return process_sample(done, {}, load)

    paths: dict[str, Callable[[int], Sample]] = {}
    for name, (call, _) in IN_PROCESS.items():
        if name not in skipped and (wanted is None or name in wanted):
            paths[name] = in_process(call, name)
    if wanted is None or "python -m gralgo (whole process)" in wanted:
        paths["python -m gralgo (whole process)"] = gralgo_cli
    inspect_name = "inspect eval (whole process, own venv)"
    if inspect_name not in skipped and (wanted is None or inspect_name in wanted):
        paths[inspect_name] = inspect_eval
    try:
        for name, (call, _) in IN_PROCESS.items():  # warm up: imports, connection pools
            if name in paths:
                loop.run_until_complete(call(stub, prompts[:200], c, f"warm-{name}"))
        results = interleaved(paths, args.rounds)
    finally:
        loop.close()
        stop_stub(stub)
        shutil.rmtree(tmp, ignore_errors=True)
    versions = ", ".join(
        f"{p} {importlib.metadata.version(p)}"
        for p in ("litellm", "openai", "aiohttp")
        if importlib.util.find_spec(p.replace("-", "_"))
    )
    note = (f"{n} real prompts (avg {sum(map(len, prompts)) / n / 1000:.1f} KB), "
            f"{args.latency * 1000:.0f} ms stub, concurrency {c}")  # fmt: skip
    rows = [
        Row("bench_clients", name, samples, ideal_s=ideal, note=note,
            goal="runner, direct client <= 1.5x ideal" if "direct" in name else "")
        for name, samples in results.items()
    ]  # fmt: skip
    rows += [Row("bench_clients", name, [], skipped=why) for name, why in skipped.items()]
    print(f"{versions}; inspect-ai {INSPECT_VERSION if python else '-'}; cpus {os.cpu_count()}")
    print_rows(rows)
    write_rows(args.json, rows)
    sys.stdout.flush()
    sys.stderr.flush()
    # Every row is written. The interpreter's teardown after litellm's and aiohttp's loops has
    # crashed with SIGSEGV (exit -11 in a full run), which marked the whole benchmark failed.
    os._exit(0)


if __name__ == "__main__":
    main()
