"""Time ``analysis=trace_facts`` over 21,600 synthetic responses (the issue-39 target).

9 tasks x 6 levels x 50 instances x 8 samples; each instance a random connected graph with
the level's node count (8-160, two-word names, edge weights 1-10); each response 1.5-3 KB of
reasoning stating graph facts (edges with weights, adjacency and non-adjacency, degrees,
distances, neighbour lists: about 65 claims; a fifth of the facts wrong) between filler
sentences with numbers and arithmetic, and a boxed answer (60 % correct). Timed: scoring,
segmentation, claim extraction and checking, the per-response and summary tables, the claims
CSV and the figure (everything after reading the job). Target: <= 60 s on 2 cores.

``--whole-process`` (as ``run_all.py`` runs it) adds the command users run,
``python -m gralgo command=analyze analysis=trace_facts analyze.inputs=[JOB]`` (MLflow on, the
default), timed as a whole process (wall, and its CPU and peak RSS from ``wait4``), on a real
``+experiment=main`` job of the same size made once, untimed: the ``main`` dataset's prompts
sent to the loopback stub, which serves each prompt k=8 distinct replies of the same kind,
built from that instance's own graph (weights where its edges have them). Beside it, in the
same rounds, the analysis in process on that job's responses (read first, untimed), so the
difference is what the command adds: interpreter, imports and Hydra, reading the job and its
instances' graphs, the judge ledger, MLflow. Each round writes a fresh analysis folder.
Run from the repository root:
``python benchmarks/bench_trace_facts.py [--responses N] [--workers W] [--rounds R]
[--whole-process]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx
import pandas as pd

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from gralgo.analysis import AnalysisOutput, Segmentation, run_trace_facts  # noqa: E402
from gralgo.dataset import LEVELS  # noqa: E402

sys.path.insert(0, str(REPO / "benchmarks"))
from _measure import (  # noqa: E402
    Row,
    Sample,
    compile_bytecode,
    ensure_bench_dataset,
    interleaved,
    load_average,
    print_rows,
    process_sample,
    run_process,
    write_rows,
)

ADJECTIVES = "amber ancient bright calm copper distant golden green hidden iron misty noble".split()
NOUNS = "abbey bridge canal castle garden harbour lake market mill orchard river tower".split()

FILLER = (
    "Let me think about this step by step, keeping a queue of nodes to visit.",
    "Step 3: so we have 5 candidates left, and 12 - 5 = 7.",
    "Wait, let me recount the list above before going on.",
    "Now 3 + 4 = 7, which is below the threshold of 9, so we continue.",
    "But I should double-check the previous computation carefully.",
)


@dataclass
class SyntheticInstance:
    graph: nx.Graph  # type: ignore[type-arg]
    params: dict[str, Any] = field(default_factory=dict)

    def to_networkx(self) -> nx.Graph:  # type: ignore[type-arg]
        return self.graph


def _graph(rng: random.Random, n: int) -> nx.Graph:  # type: ignore[type-arg]
    # 288 names: level 6 draws up to 160 nodes (12 x 12 = 144 ran out)
    names = rng.sample(
        [f"{a} {b}{side}" for side in ("", " north") for a in ADJECTIVES for b in NOUNS], n
    )
    graph: nx.Graph = nx.Graph()  # type: ignore[type-arg]
    for i in range(1, n):
        graph.add_edge(names[i], names[rng.randrange(i)], weight=rng.randint(1, 10))
    for _ in range(n):
        u, v = rng.sample(names, 2)
        graph.add_edge(u, v, weight=rng.randint(1, 10))
    return graph


def _response(rng: random.Random, graph: nx.Graph, answer: str) -> str:  # type: ignore[type-arg]
    """1.5-3 KB of reasoning stating facts about ``graph`` (a fifth of them wrong) and a boxed
    ``answer``. Weights only where the graph's edges have them (real graphs: some tasks'); a
    wrong edge of an unweighted graph names a random pair."""
    nodes, edges = list(graph), list(graph.edges)
    weighted = all("weight" in d for _, _, d in graph.edges(data=True))
    target = rng.randint(1500, 3000)
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < target:
        u, v = rng.choice(edges)
        a, b = rng.sample(nodes, 2)
        off = rng.random() < 0.2
        choice = rng.randrange(7)
        if choice == 0 and weighted:
            parts.append(f"{u} -- {v} (weight {graph.edges[u, v]['weight'] + off})")
        elif choice == 0:
            parts.append(f"{a} -- {b}" if off else f"{u} -- {v}")
        elif choice == 1:
            parts.append(f"{a} is connected to {b}.")
        elif choice == 2:
            parts.append(f"{u} has degree {graph.degree(u) + off}.")
        elif choice == 3:
            try:  # hops where the edges have no weights (networkx counts 1 each)
                d = nx.shortest_path_length(graph, a, b, weight="weight") + off
            except nx.NetworkXNoPath:
                continue
            parts.append(f"The distance from {a} to {b} is {d}.")
        elif choice == 4:
            parts.append(f"Neighbors of {u}: {', '.join(list(graph[u])[: 3 + off])}.")
        elif choice == 5:
            parts.append(f"{a} is not adjacent to {b}.")
        else:
            parts.append(rng.choice(FILLER))
    return "\n".join(parts) + f"\nSo the answer is \\boxed{{{answer}}}"


def synthetic_job(responses: int, seed: int = 0) -> tuple[pd.DataFrame, dict[str, Any]]:
    rng = random.Random(seed)
    per_instance = 8
    instances: dict[str, SyntheticInstance] = {}
    rows = []
    for i in range(responses // per_instance):
        level = 1 + i % 6
        graph = _graph(rng, rng.randint(*LEVELS[level]))
        instance_id = f"inst{i}"
        instances[instance_id] = SyntheticInstance(graph)
        for k in range(per_instance):
            correct = rng.random() < 0.6
            rows.append(
                {
                    "request_key": f"key{i}", "sample_index": k, "instance_id": instance_id,
                    "model": f"model{i % 3}", "litellm_model": "openai/gpt-4o",
                    "task": f"task{i % 9}", "taxonomy": "exploration", "complexity": "easy",
                    "level": level, "format": "edge_list", "context": "standard",
                    "answer_kind": "integer", "expected": "7",
                    "answer_text": _response(rng, graph, "7" if correct else "8"),
                    "reasoning_text": None, "finish_reason": "stop", "error_class": None,
                }
            )  # fmt: skip
    return pd.DataFrame(rows), instances


def _cpu() -> float:
    """CPU seconds of this process and its finished workers."""
    own, workers = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


PER_INSTANCE_JOB = 9 * 6 * 8
"""Responses of a ``+experiment=main`` job per ``dataset.per_level``: 9 tasks x 6 levels x k=8."""


def job_replies(dataset: Path, per_level: int, k: int = 8, seed: int = 0) -> dict[str, list[str]]:
    """Prompt -> ``k`` distinct replies for each instance of ``dataset`` a ``main`` job with
    ``dataset.per_level`` asks, built from the instance's own graph as :func:`synthetic_job`'s
    (60 % boxing the instance's answer, the rest ``-1``): the stub serves them in turn."""
    from gralgo.dataset import read_instances

    rng = random.Random(seed)
    replies: dict[str, list[str]] = {}
    for instance in read_instances(dataset, formats=["edge_list"], with_graphs=True):
        if instance.index >= per_level:
            continue
        prompt, graph = instance.prompts["edge_list"], instance.to_networkx()
        replies[prompt.text] = [
            _response(rng, graph, str(prompt.answer) if rng.random() < 0.6 else "-1")
            for _ in range(k)
        ]
    return replies


@dataclass
class PreparedJob:
    """A finished ``+experiment=main`` evaluation job against the stub (made once, untimed)."""

    folder: Path
    dataset: Path
    responses: int
    mean_chars: float
    mlflow_uri: str


def prepare_job(tmp: Path, per_level: int) -> PreparedJob:
    """Run ``python -m gralgo +experiment=main`` (``dataset.per_level`` instances per task and
    level, k=8, MLflow on: the analysis run nests under its run) against the loopback stub
    serving :func:`job_replies`."""
    from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, start_stub, stop_stub

    dataset = ensure_bench_dataset()
    built = time.perf_counter()
    replies = job_replies(dataset, per_level)
    sizes = [len(text) for texts in replies.values() for text in texts]
    mean = sum(sizes) / len(sizes)
    print(f"built {len(sizes)} replies for {len(replies)} prompts ({mean / 1000:.1f} KB mean, "
          f"{min(sizes)}-{max(sizes)} chars) in {time.perf_counter() - built:.1f} s")  # fmt: skip
    folder, uri = tmp / "job", f"sqlite:///{tmp}/mlflow.db"
    stub = start_stub()
    try:
        stub.control(answers=replies)
        command = [
            sys.executable, "-m", "gralgo", "+experiment=main", f"dataset.per_level={per_level}",
            "model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}",
            f"model.api_key_env={FAKE_KEY_ENV}", "run.max_concurrency=64", "mlflow.enabled=true",
            f"paths.outputs={tmp}/outputs", f"mlflow.tracking_uri={uri}",
            f"hydra.run.dir={folder}", f"dataset.dir={dataset}",
        ]  # fmt: skip
        started = time.perf_counter()
        done = run_process(command, env={**os.environ, FAKE_KEY_ENV: FAKE_KEY}, cwd=tmp)
        if done.returncode != 0:
            raise SystemExit(f"job failed:\n{done.stderr[-3000:]}")
        stats = stub.stats()
    finally:
        stop_stub(stub)
    uncanned = set(stats["by_prompt"]) - set(replies)
    calls = int(stats["calls"])
    if uncanned or calls != per_level * PER_INSTANCE_JOB:
        raise SystemExit(f"{calls} calls, {len(uncanned)} prompts without canned replies")
    print(f"job of {calls} samples in {time.perf_counter() - started:.1f} s: {folder}")
    return PreparedJob(folder, dataset, calls, mean, uri)


def analyze_command(job: PreparedJob, run_dir: Path, workers: int) -> list[str]:
    """``python -m gralgo command=analyze analysis=trace_facts`` on ``job``, as a user runs it
    (MLflow on, the default) into the fresh ``run_dir``."""
    return [
        sys.executable, "-m", "gralgo", "command=analyze", "analysis=trace_facts",
        f"analyze.inputs=[{job.folder}]", f"analysis.workers={workers}",
        f"paths.outputs={job.folder.parent}/outputs", f"mlflow.tracking_uri={job.mlflow_uri}",
        f"hydra.run.dir={run_dir}",
    ]  # fmt: skip


def whole_process_paths(
    job: PreparedJob, workers: int, claims: dict[str, list[int]]
) -> dict[str, Callable[[int], Sample]]:
    """The job analysed as a whole process and, on the same responses read first, in process;
    each round into a fresh folder (nothing of an earlier round is read back)."""
    from gralgo.dataset import read_instances
    from gralgo.results import read_samples

    samples = read_samples(job.folder, reasoning=True, prompts=True)
    instances = {i.id: i for i in read_instances(job.dataset, formats=[], with_graphs=True)}

    def whole(round_no: int) -> Sample:
        run_dir = job.folder.parent / f"analyze-{round_no}"
        if run_dir.exists():
            raise SystemExit(f"{run_dir} exists: a round must write a fresh analysis")
        load = load_average()
        done = run_process(analyze_command(job, run_dir, workers), cwd=job.folder.parent)
        if done.returncode != 0:
            raise SystemExit(f"analyze failed:\n{done.stderr[-3000:]}")
        metrics = json.loads((run_dir / "analysis" / "metrics.json").read_text())
        claims["whole"].append(int(metrics["claims"]))
        return process_sample(done, load=load)

    def in_process(_round: int) -> Sample:
        return analysed_in_process(samples, instances, workers, claims["job"], [job.folder])

    return {"whole process": whole, "job in process": in_process}


def analysed_in_process(
    samples: pd.DataFrame,
    instances: Any,
    workers: int,
    claims: list[int],
    report_jobs: Sequence[Path] = (),
) -> Sample:
    """One in-process run of the analysis into a fresh folder, timed; its claim count is
    appended to ``claims``."""
    load = load_average()
    cpu0 = _cpu()
    wall0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as out:
        table = run_trace_facts(
            samples,
            AnalysisOutput(Path(out)),
            instances=instances,
            segmentation=Segmentation(),
            workers=workers,
            report_jobs=report_jobs,
        )
    claims.append(int(table["claims"].sum()))
    return Sample(time.perf_counter() - wall0, load, cpu_s=_cpu() - cpu0)


GOAL = "<= 60 s on 2 cores"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--responses", type=int, default=21_600)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument(
        "--whole-process", action="store_true",
        help="also time `python -m gralgo command=analyze analysis=trace_facts` on a real "
        "+experiment=main job of --responses (a multiple of 432: 9 tasks x 6 levels x k=8; "
        "dataset.per_level = responses / 432), and the same responses in process",
    )  # fmt: skip
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    args = parser.parse_args()
    per_level = max(1, round(args.responses / PER_INSTANCE_JOB))
    if args.whole_process and args.responses != per_level * PER_INSTANCE_JOB:
        args.responses = per_level * PER_INSTANCE_JOB
        print(f"--responses {args.responses:,}: the job's size (per_level {per_level})")
    built = time.perf_counter()
    samples, instances = synthetic_job(args.responses)
    size = samples["answer_text"].str.len()
    print(f"built {len(samples)} responses ({size.mean() / 1000:.1f} KB mean, "
          f"{size.min()}-{size.max()} chars) in {time.perf_counter() - built:.1f} s")  # fmt: skip
    claims: dict[str, list[int]] = {"synthetic": [], "job": [], "whole": []}

    def one_round(_round: int) -> Sample:
        return analysed_in_process(samples, instances, args.workers, claims["synthetic"])

    paths: dict[str, Callable[[int], Sample]] = {"in process": one_round}
    with tempfile.TemporaryDirectory(prefix="bench-trace-facts-") as tmp:
        job = None
        if args.whole_process:
            compile_bytecode(REPO)
            job = prepare_job(Path(tmp), per_level)
            paths |= whole_process_paths(job, args.workers, claims)
        results = interleaved(paths, args.rounds)
    name = (f"analysis=trace_facts, {len(samples):,} responses (~{size.mean() / 1000:.1f} KB, "
            f"{claims['synthetic'][0]:,} claims), {args.workers} workers, in process")  # fmt: skip
    rows = [Row("bench_trace_facts", name, results["in process"], goal=GOAL)]
    if job is not None:
        rows += whole_process_rows(job, results, claims, args.workers)
    print_rows(rows)
    write_rows(args.json, rows)


def whole_process_rows(
    job: PreparedJob,
    results: dict[str, list[Sample]],
    claims: dict[str, list[int]],
    workers: int,
) -> list[Row]:
    """The whole-process row (with what it adds to the in-process path on the same responses)
    and that in-process row."""
    if set(claims["whole"]) != set(claims["job"]) or len(set(claims["job"])) != 1:
        raise SystemExit(f"claims differ between the paths or rounds: {claims}")
    what = (f"a {job.responses:,}-response `+experiment=main` job (real graphs, "
            f"~{job.mean_chars / 1000:.1f} KB, {claims['job'][0]:,} claims), "
            f"{workers} workers")  # fmt: skip
    whole, inner = results["whole process"], results["job in process"]

    def median(samples: list[Sample], key: str) -> float:
        return statistics.median(float(getattr(s, key) or 0) for s in samples)

    added = (f"start-up, reading the job and instances, and MLflow add "
             f"{median(whole, 'seconds') - median(inner, 'seconds'):.2f} s wall, "
             f"{median(whole, 'cpu_s') - median(inner, 'cpu_s'):.2f} s CPU to the in-process "
             f"path on the same responses")  # fmt: skip
    return [
        Row("bench_trace_facts", f"`python -m gralgo command=analyze analysis=trace_facts` on "
            f"{what}, MLflow on (default), whole process", whole, goal=GOAL, note=added),
        Row("bench_trace_facts", f"analysis=trace_facts on the same job's responses (read "
            f"first), {workers} workers, in process", inner, goal=GOAL),
    ]  # fmt: skip


if __name__ == "__main__":
    main()
