"""A whole evaluation job as a user runs it (``python -m gralgo ...``), with its parts.

    python benchmarks/bench_job.py [--per-level 37] [--k 1] [--rounds 3] [--latency 0.05]
                                   [--solves 0.5] [--reply-chars 1536] [--concurrency 64]
                                   [--experiment-main] [--mlflow on,off] [--json PATH]

Default: 9 tasks x 6 levels x 37 instances = 1,998 samples of real ``main`` prompts (the dataset
under ``outputs/datasets/bench-main``, built once) against the loopback stub with ``--latency`` s
per reply, answering ``--solves`` of the prompts right (the expected answer, boxed; chosen per
prompt by a hash, so every round and path gets the same replies) and the rest ``\\boxed{-1}``, so
scoring and reports see a realistic mix. Each reply is ``--reply-chars`` characters of reasoning
before its boxed answer, with a usage block counting the prompt's and the reply's tokens (the
stub's ``reply_chars``): the size a model's replies have, not ``\\boxed{N}`` with 11/7 tokens.
Paths, interleaved in every round, each on a fresh ledger: ``MLflow on`` (the default, as users
run it; the MLflow store already exists, as for a user's second job: an untimed small job makes
it first) and ``MLflow off``.
Each round reports the process's wall time (parent's clock), its own CPU time and peak RSS
(``wait4``), and the parts the job records in ``metrics.json`` (start-up, dataset, plan, calls,
scoring, reports, MLflow), wall and CPU. The fixed cost is the CPU time outside the calls part;
goal <= 2.5 s. ``--experiment-main`` runs ``+experiment=main`` (21,600 samples) instead, goal <=
1.3x its ideal end to end with MLflow on. The MLflow-on row also says what MLflow adds (its
median less the MLflow-off row's; goal <= 1 s). ``--baseline DIR`` (a checkout of older code,
e.g. ``git worktree add /tmp/old main``) adds the same paths run with that code, interleaved
with these, for before/after comparisons.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import (
    REPO,
    Row,
    Sample,
    compile_bytecode,
    ensure_bench_dataset,
    interleaved,
    load_average,
    print_rows,
    process_sample,
    right_answers,
    run_process,
    write_rows,
)

sys.path.insert(0, str(REPO))
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, start_stub, stop_stub

NAMES = {"on": "MLflow on (default; store exists)", "off": "MLflow off"}
"""The paths' names, by ``--mlflow`` value."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-level", type=int, default=37)
    parser.add_argument("--k", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument(
        "--solves", type=float, default=0.5,
        help="share of the prompts the stub answers right (deterministic per prompt)",
    )  # fmt: skip
    parser.add_argument(
        "--reply-chars", type=int, default=1536,
        help="characters of reasoning in each reply before its boxed answer (0: bare answers)",
    )  # fmt: skip
    parser.add_argument(
        "--mlflow", default="on,off", help="the MLflow paths to time: on,off (default), on or off"
    )
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--client", default="auto", choices=["auto", "litellm", "direct"])
    parser.add_argument("--experiment-main", action="store_true")
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    parser.add_argument("--baseline", type=Path, help="also run these paths with this checkout")
    args = parser.parse_args()
    compile_bytecode(REPO)
    if args.baseline:
        compile_bytecode(args.baseline.resolve())
    dataset = ensure_bench_dataset()
    if args.experiment_main:
        selection = ["+experiment=main"]
        samples = 2700 * 8
        label = "+experiment=main (21,600 samples)"
        goal = "<= 1.3x ideal end to end, MLflow on (idle machine)"
    else:
        selection = ["level=all", f"dataset.per_level={args.per_level}", f"sampling.k={args.k}"]
        samples = 9 * 6 * args.per_level * args.k
        label = f"{samples:,}-sample job"
        goal = "fixed cost (CPU outside calls) <= 2.5 s"
    ideal = samples * args.latency / args.concurrency
    small = ["level=1", "task=[max_degree]", "dataset.per_level=2", "sampling.k=1"]
    small_samples = 2
    answers = right_answers()  # the stub answers a realistic mix, right and wrong
    stub = start_stub("--latency", str(args.latency))
    atexit.register(stop_stub, stub)  # also when a job fails: no stub left holding our pipes
    with tempfile.TemporaryDirectory(prefix="bench-job-") as tmp:

        def job(mlflow: bool, code: Path = REPO, warm_up: bool = False):  # type: ignore[no-untyped-def]
            env = {**os.environ, "PYTHONPATH": str(code), FAKE_KEY_ENV: FAKE_KEY}
            tag = "" if code == REPO else "baseline-"

            def run(round_no: int) -> Sample:
                folder = Path(tmp) / f"{tag}{'mlflow' if mlflow else 'plain'}-{round_no}"
                chosen = small if warm_up else selection
                command = [
                    sys.executable, "-m", "gralgo", *chosen, "model=openai_compatible",
                    "model.name=stub-model", f"model.api_base={stub.api_base}",
                    f"model.api_key_env={FAKE_KEY_ENV}", f"run.max_concurrency={args.concurrency}",
                    f"run.client={args.client}", f"mlflow.enabled={str(mlflow).lower()}",
                    f"paths.outputs={folder}/outputs", f"mlflow.tracking_uri=sqlite:///{tmp}/mlflow.db",
                    f"hydra.run.dir={folder}/job", f"dataset.dir={dataset}",
                ]  # fmt: skip
                stub.control(  # also resets the call counter
                    latency_s=args.latency,
                    answers=answers,
                    skills={"stub-model": args.solves},
                    reply_chars=args.reply_chars,
                )
                load = load_average()
                done = run_process(command, env=env, cwd=Path(tmp))
                if done.returncode != 0:
                    raise SystemExit(f"job failed:\n{done.stderr[-3000:]}")
                calls = int(stub.stats()["calls"])
                if calls != (small_samples if warm_up else samples):
                    raise SystemExit(f"{calls} calls for {samples} samples")
                metrics = json.loads((folder / "job" / "metrics.json").read_text())
                parts = {
                    k.removeprefix("time_").removesuffix("_s"): v
                    for k, v in metrics.items()
                    if k.startswith("time_")
                }
                parts |= {  # CPU per part: the machine is shared, wall times are not the job's
                    f"CPU {k.removeprefix('cpu_').removesuffix('_s')}": v
                    for k, v in metrics.items()
                    if k.startswith("cpu_") and k != "cpu_time_s"
                }
                parts["exit"] = done.seconds - metrics["wall_time_s"]
                parts["fixed_cpu"] = done.cpu_s - metrics.get("cpu_calls_s", 0.0)
                return process_sample(done, parts, load)

            return run

        chosen = [m.strip() for m in args.mlflow.split(",") if m.strip()]
        if not chosen or set(chosen) - {"on", "off"}:
            raise SystemExit(f"--mlflow {args.mlflow}: give on, off or on,off")
        if "on" in chosen:  # the first MLflow job creates the store: a small one, not timed
            job(True, warm_up=True)(-1)
        paths = {NAMES[m]: job(m == "on") for m in chosen}
        if args.baseline:
            old = args.baseline.resolve()
            paths |= {f"baseline {old}, {name}": job(name != NAMES["off"], old) for name in paths}
        results = interleaved(paths, args.rounds)
    note = (
        f"{args.latency * 1000:.0f} ms stub solving {args.solves:.0%} of its prompts, "
        f"{args.reply_chars:,}-character replies, concurrency {args.concurrency}"
    )
    rows = [
        Row(
            "bench_job",
            f"{label}, `python -m gralgo`, {name}",
            samples_,
            ideal_s=ideal,
            goal=goal,
            note=note + mlflow_added(results, name),
        )  # fmt: skip
        for name, samples_ in results.items()
    ]
    print_rows(rows)
    write_rows(args.json, rows)


def mlflow_added(results: dict[str, list[Sample]], name: str) -> str:
    """For an MLflow-on path: what MLflow adds, its median wall time less the MLflow-off path's
    of the same code (goal <= 1 s); else nothing."""
    off = name.replace(NAMES["on"], NAMES["off"])
    if off == name or off not in results:
        return ""
    on_s = statistics.median(s.seconds for s in results[name])
    off_s = statistics.median(s.seconds for s in results[off])
    return f"; MLflow adds {on_s - off_s:.2f} s (goal <= 1 s)"


if __name__ == "__main__":
    main()
