"""Time scoring 21,600 responses: score_samples + instance_metrics + aggregate + tables.

    python benchmarks/bench_scoring.py [--per-level 50] [--rounds 3] [--json PATH]

9 tasks x 6 levels x 50 instances x 8 samples of synthetic but realistic answer texts: most are
reasoning-like texts of 1-6 KB ending in a boxed answer (some with earlier, superseded boxes and
LaTeX formatting), some have no box, some errored, some were cut off by the length limit.
Paths, interleaved in every round: a fresh process (start-up, imports, reading the samples
from a pickle, scoring, tables) and the same step in this process after imports (the answer
cache cleared each round). Target: <= 3 s on 2 cores.
"""

from __future__ import annotations

import argparse
import random
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

import pandas as pd  # noqa: E402

from gralgo.seeding import rng_for  # noqa: E402

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


def build_samples(per_level: int = INSTANCES_PER_LEVEL) -> pd.DataFrame:
    """9 x 6 x ``per_level`` x 8 synthetic samples with the columns score_samples expects."""
    rng = rng_for("bench_scoring")
    rows = []
    for task, taxonomy, complexity, kind in TASKS:
        for level in LEVELS:
            for i in range(per_level):
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


def score_all(samples: pd.DataFrame, out_dir: str) -> dict[str, float]:
    """Score, per instance, aggregate (x2) and write the tables; seconds per part."""
    from gralgo.report import write_tables
    from gralgo.score import aggregate, instance_metrics, normalize_answer, score_samples

    normalize_answer.cache_clear()
    start = time.perf_counter()
    scored = score_samples(samples)
    t_score = time.perf_counter()
    inst = instance_metrics(scored, k=K)
    t_inst = time.perf_counter()
    agg = aggregate(inst, by=["model", "task", "level"])
    aggregate(inst, by=["model", "taxonomy", "level"])
    t_agg = time.perf_counter()
    write_tables(inst, agg, out_dir)
    end = time.perf_counter()
    return {"score_samples": t_score - start, "instance_metrics": t_inst - t_score,
            "aggregate": t_agg - t_inst, "tables": end - t_agg}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-level", type=int, default=INSTANCES_PER_LEVEL)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    parser.add_argument("--input", help=argparse.SUPPRESS)  # the child's pickled samples
    parser.add_argument(CHILD, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # a fresh process: read the samples as a re-scoring job would, then score
        started = time.perf_counter()
        samples = pd.read_pickle(args.input)
        read_s = time.perf_counter() - started
        with tempfile.TemporaryDirectory() as out_dir:
            report_parts({"read": read_s, **score_all(samples, out_dir)})
        return
    samples = build_samples(args.per_level)
    size_mb = samples["answer_text"].dropna().str.len().sum() / 1e6
    n = len(samples)
    print(f"samples: {n:,} ({size_mb:.1f} MB of answer text)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        pickled = Path(tmp) / "samples.pkl"
        samples.to_pickle(pickled)
        script = Path(__file__).resolve()

        def in_process(round_no: int) -> Sample:
            parts: dict[str, float] = {}
            sample = timed(lambda: parts.update(score_all(samples, f"{tmp}/t{round_no}")))
            sample.extra = parts
            return sample

        results = interleaved(
            {"fresh process (start-up, imports, read samples, score, tables)":
                 lambda _: child_process(script, ["--input", str(pickled)]),
             "in process (score, per instance, aggregate, tables)": in_process},
            args.rounds,
        )  # fmt: skip
    rows = [Row("bench_scoring", f"{name}, {n:,} responses ({size_mb:.0f} MB)", samples_,
                goal="<= 3 s") for name, samples_ in results.items()]  # fmt: skip
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
