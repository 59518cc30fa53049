"""Time scoring 21,600 responses: score_samples + instance_metrics + aggregate + tables.

9 tasks x 6 levels x 50 instances x 8 samples of synthetic but realistic answer texts: most are
reasoning-like texts of 1-6 KB ending in a boxed answer (some with earlier, superseded boxes and
LaTeX formatting), some have no box, some errored, some were cut off by the length limit.
Target: <= 3 s on 2 cores. Run: ``python benchmarks/bench_scoring.py``.
"""

from __future__ import annotations

import random
import tempfile
import time

import pandas as pd

from gralgo.report import write_tables
from gralgo.score import aggregate, instance_metrics, normalize_answer, score_samples
from gralgo.seeding import rng_for

TASKS = (  # name, taxonomy, complexity, answer kind (the paper's nine tasks)
    ("max_degree", "enumeration", "easy", "integer"),
    ("path_sum", "exploration", "easy", "integer"),
    ("max_kcore", "intuition", "easy", "integer"),
    ("max_triangle", "enumeration", "medium", "integer"),
    ("distance_k", "exploration", "medium", "integer"),
    ("mst", "intuition", "medium", "integer"),
    ("max_clique", "enumeration", "hard", "integer"),
    ("diameter", "exploration", "hard", "integer"),
    ("distance_threshold", "intuition", "hard", "node"),
)
LEVELS = range(1, 7)
INSTANCES_PER_LEVEL = 50
K = 8
AIRPORTS = (
    "Charles de Gaulle International Airport",
    "Zürich Airport",
    "O'Hare International Airport",
    "Aéroport de Nice Côte d'Azur",
    "Washington, D.C. Dulles",
    "Sydney Kingsford Smith",
)
FILLER = (
    "Let me list the neighbours of each node and count them carefully. ",
    "Node {a} is connected to {b}, so the running total becomes {c}. ",
    "Wait, I need to double-check the edge between {a} and {b}. ",
    "Going back over the adjacency list, nothing else changes here. ",
    "So far the best candidate is {c}; let me verify the remaining nodes. ",
)


def _reasoning(rng: random.Random, size: int) -> str:
    parts, length = [], 0
    while length < size:
        part = rng.choice(FILLER).format(
            a=rng.randrange(200), b=rng.randrange(200), c=rng.randrange(1000)
        )
        parts.append(part)
        length += len(part)
    return "".join(parts)


def _formatted(answer: str, rng: random.Random) -> str:
    style = rng.randrange(6)
    if style == 1 and answer.isdigit() and len(answer) > 3:
        answer = f"{int(answer):,}"
    return [
        r"\boxed{%s}",
        r"$\boxed{%s}$",
        r"\boxed{\text{%s}}",
        r"\boxed{%s.}",
        r"**Answer:** \boxed{ %s }",
        r"\[\boxed{\mathbf{%s}}\]",
    ][style] % answer


def _sample(rng: random.Random, expected: str, kind: str) -> dict[str, object]:
    roll = rng.random()
    if roll < 0.03:
        return {"answer_text": None, "finish_reason": None, "error_class": "RateLimitError"}
    body = _reasoning(rng, rng.choice((200, 1000, 3000, 6000)))
    if roll < 0.07:
        tail = rng.choice(("", r" so the answer is \boxed{1"))
        return {"answer_text": body + tail, "finish_reason": "length", "error_class": None}
    if roll < 0.15:
        return {
            "answer_text": body + "I cannot determine the answer.",
            "finish_reason": "stop",
            "error_class": None,
        }
    if kind == "node":
        answer = expected if rng.random() < 0.5 else rng.choice(AIRPORTS)
        answer = answer.upper() if rng.random() < 0.2 else answer
    else:
        answer = expected if rng.random() < 0.5 else str(int(expected) + rng.randrange(-3, 4))
    earlier = (
        rf"A first guess is \boxed{{{rng.randrange(100)}}}, but let me recheck. "
        if rng.random() < 0.2
        else ""
    )
    return {
        "answer_text": earlier + body + "\n\nFinal answer: " + _formatted(answer, rng),
        "finish_reason": "stop",
        "error_class": None,
    }


def build_samples() -> pd.DataFrame:
    """21,600 synthetic samples with the columns score_samples expects."""
    rng = rng_for("bench_scoring")
    rows = []
    for task, taxonomy, complexity, kind in TASKS:
        for level in LEVELS:
            for i in range(INSTANCES_PER_LEVEL):
                expected = rng.choice(AIRPORTS) if kind == "node" else str(rng.randrange(1, 5000))
                for s in range(K):
                    rows.append(
                        {
                            "instance_id": f"{task}-L{level}-{i:03d}",
                            "model": "bench-model",
                            "task": task,
                            "taxonomy": taxonomy,
                            "complexity": complexity,
                            "level": level,
                            "format": "edge_list",
                            "context": "standard",
                            "sample_index": s,
                            "expected": expected,
                            "answer_kind": kind,
                            **_sample(rng, expected, kind),
                        }
                    )
    return pd.DataFrame(rows)


def main() -> None:
    samples = build_samples()
    size_mb = samples["answer_text"].dropna().str.len().sum() / 1e6
    normalize_answer.cache_clear()
    with tempfile.TemporaryDirectory() as out_dir:
        start = time.perf_counter()
        scored = score_samples(samples)
        t_score = time.perf_counter()
        inst = instance_metrics(scored, k=K)
        t_inst = time.perf_counter()
        agg = aggregate(inst, by=["model", "task", "level"])
        aggregate(inst, by=["model", "taxonomy", "level"])
        t_agg = time.perf_counter()
        paths = write_tables(inst, agg, out_dir)
        end = time.perf_counter()
    print(
        f"samples: {len(samples):,} ({size_mb:.1f} MB of answer text), "
        f"instances: {len(inst):,}, tables written: {len(paths)}"
    )
    print(f"outcomes: {scored['outcome'].value_counts().sort_index().to_dict()}")
    print(f"score_samples     {t_score - start:6.3f} s")
    print(f"instance_metrics  {t_inst - t_score:6.3f} s")
    print(f"aggregate (x2)    {t_agg - t_inst:6.3f} s")
    print(f"tables            {end - t_agg:6.3f} s")
    print(f"total             {end - start:6.3f} s  (target <= 3 s)")


if __name__ == "__main__":
    main()
