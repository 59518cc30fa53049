"""Time ``analysis=trace_facts`` over 21,600 synthetic responses (the issue-39 target).

9 tasks x 6 levels x 50 instances x 8 samples; each instance a random connected graph with
the level's node count (8-160, two-word names, edge weights 1-10); each response 1.5-3 KB of
reasoning stating graph facts (edges with weights, adjacency and non-adjacency, degrees,
distances, neighbour lists: about 65 claims; a fifth of the facts wrong) between filler
sentences with numbers and arithmetic, and a boxed answer (60 % correct). Timed: scoring,
segmentation, claim extraction and checking, the per-response and summary tables, the claims
CSV and the figure (everything after reading the job). Target: <= 60 s on 2 cores.
Run from the repository root:
``python benchmarks/bench_trace_facts.py [--responses N] [--workers W]``.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
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
from _measure import Row, Sample, interleaved, load_average, print_rows, write_rows  # noqa: E402

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
    nodes, edges = list(graph), list(graph.edges)
    target = rng.randint(1500, 3000)
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < target:
        u, v = rng.choice(edges)
        a, b = rng.sample(nodes, 2)
        off = rng.random() < 0.2
        weight = graph.edges[u, v]["weight"] + off
        choice = rng.randrange(7)
        if choice == 0:
            parts.append(f"{u} -- {v} (weight {weight})")
        elif choice == 1:
            parts.append(f"{a} is connected to {b}.")
        elif choice == 2:
            parts.append(f"{u} has degree {graph.degree(u) + off}.")
        elif choice == 3:
            d = nx.shortest_path_length(graph, a, b, weight="weight") + off
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--responses", type=int, default=21_600)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    args = parser.parse_args()
    built = time.perf_counter()
    samples, instances = synthetic_job(args.responses)
    size = samples["answer_text"].str.len()
    print(f"built {len(samples)} responses ({size.mean() / 1000:.1f} KB mean, "
          f"{size.min()}-{size.max()} chars) in {time.perf_counter() - built:.1f} s")  # fmt: skip
    claims: list[int] = []

    def one_round(_round: int) -> Sample:
        load = load_average()
        cpu0 = _cpu()
        wall0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as out:
            table = run_trace_facts(
                samples,
                AnalysisOutput(Path(out)),
                instances=instances,
                segmentation=Segmentation(),
                workers=args.workers,
            )
        claims.append(int(table["claims"].sum()))
        return Sample(time.perf_counter() - wall0, load, cpu_s=_cpu() - cpu0)

    results = interleaved({"in process": one_round}, args.rounds)
    name = (f"analysis=trace_facts, {len(samples):,} responses (~{size.mean() / 1000:.1f} KB, "
            f"{claims[0]:,} claims), {args.workers} workers, in process")  # fmt: skip
    rows = [Row("bench_trace_facts", name, results["in process"], goal="<= 60 s on 2 cores")]
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
