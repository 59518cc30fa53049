"""Time the analyses' programmatic parts over 21,600 responses of about 4k tokens each.

9 tasks x 6 levels x 50 instances x 8 samples of synthetic reasoning texts (about 15 KB, 4.2k
cl100k tokens each, with "wait" / "but" / "so" markers and a boxed answer; 60 % correct):

1. segmentation at the markers (Eq. 1) of all 21,600;
2. programmatic T-hat and outcome efficiency (Eq. 2) of the correct ones: scoring, locating
   the first correct segment, cl100k token counts (over ``--workers`` processes);
3. entropy from stored logprobs: ``--stored`` responses' top-5 logprobs (4.2k steps each) are
   written to a temporary ledger, then read back, decoded and turned into entropies and the
   token ranking over ``--workers`` processes; the time is scaled to 21,600 responses (linear:
   one row per response). CPU time is this process's only (workers excluded) when workers > 1.

Target: <= 30 s on 2 cores. Run from the repository root:
``PYTHONPATH=. python benchmarks/bench_analysis.py [--workers 2]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from gralgo.analysis._entropy import ranked_tokens
from gralgo.analysis._entropy_analysis import entropy_statistics
from gralgo.analysis._overthinking import locate_answers
from gralgo.analysis._segment import segment_at_markers
from gralgo.run._logprobs import LogprobStore, SampleLogprobs

N_RESPONSES = 9 * 6 * 50 * 8
WORDS = (
    "node",
    "edge",
    "degree",
    "neighbour",
    "count",
    "Rue",
    "de",
    "Rivoli",
    "check",
    "list",
    "the",
    "of",
    "is",
    "and",
    "we",
    "have",
    "then",
    "total",
    "path",
    "visit",
)
MARKERS = ("Wait,", "But", "So")


def make_text(rng: random.Random, answer: int, correct: bool) -> str:
    words = []
    for _ in range(3000):
        r = rng.random()
        if r < 0.006:
            words.append(rng.choice(MARKERS))
        elif r < 0.1:
            words.append(str(rng.randint(0, 99)))
        else:
            words.append(rng.choice(WORDS))
        if rng.random() < 0.02:
            words.append(".\n\n")
    final = answer if correct else answer + 1
    return " ".join(words) + f" So the answer is \\boxed{{{final}}}"


def samples_frame(n: int) -> pd.DataFrame:
    rng = random.Random(0)
    rows = []
    for i in range(n):
        answer = rng.randint(1, 200)
        rows.append(
            {
                "request_key": f"k{i}",
                "sample_index": 0,
                "instance_id": f"i{i}",
                "model": "m",
                "litellm_model": "hosted_vllm/m",
                "task": "max_degree",
                "taxonomy": "enumeration",
                "complexity": "easy",
                "level": 1 + i % 6,
                "format": "edge_list",
                "context": "standard",
                "answer_kind": "integer",
                "expected": str(answer),
                "answer_text": make_text(rng, answer, rng.random() < 0.6),
                "reasoning_text": None,
                "finish_reason": "stop",
                "error_class": None,
            }
        )
    return pd.DataFrame(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--responses", type=int, default=N_RESPONSES)
    parser.add_argument("--workers", type=int, default=0, help="0 = every core")
    parser.add_argument(
        "--stored", type=int, default=1000, help="responses whose logprobs are stored and read back"
    )
    args = parser.parse_args()

    t0 = time.perf_counter()
    samples = samples_frame(args.responses)
    print(
        f"generated {len(samples)} responses in {time.perf_counter() - t0:.1f} s (not timed below)"
    )

    scale = N_RESPONSES / len(samples)
    t0, c0 = time.perf_counter(), time.process_time()
    n_segments = sum(len(segment_at_markers(t)) for t in samples["answer_text"])
    t_segment, c_segment = time.perf_counter() - t0, time.process_time() - c0
    print(
        f"1. segmentation of {len(samples)} responses: {t_segment:.1f} s wall, "
        f"{c_segment:.1f} s CPU ({n_segments / len(samples):.1f} segments each)"
    )

    t0, c0 = time.perf_counter(), time.process_time()
    per, _ = locate_answers(samples, workers=args.workers)
    t_zeta, c_zeta = time.perf_counter() - t0, time.process_time() - c0
    print(
        f"2. programmatic zeta of {len(per)} correct responses "
        f"(mean {per['tokens'].mean():.0f} tokens): {t_zeta:.1f} s wall, {c_zeta:.1f} s CPU "
        f"(this process; workers={args.workers}), zeta = "
        f"{per['ratio_programmatic'].mean():.3f}"
    )

    rng = np.random.default_rng(0)
    steps = 4200
    with tempfile.TemporaryDirectory() as tmp:
        store = LogprobStore(Path(tmp) / "ledger.sqlite")
        tokens = tuple(f" {WORDS[i % len(WORDS)]}" for i in range(steps))
        for i in range(args.stored):
            top = np.sort(np.log(rng.dirichlet(np.ones(5), size=steps)), axis=1)[:, ::-1]
            store.record(
                f"k{i}",
                0,
                SampleLogprobs(tokens, top[:, 0].astype(np.float32), top.astype(np.float32)),
            )
        size_mb = (Path(tmp) / "ledger.sqlite").stat().st_size / 1e6
        store.close()
        t0, c0 = time.perf_counter(), time.process_time()
        stats = entropy_statistics(
            [Path(tmp) / "ledger.sqlite"],
            [(f"k{i}", 0) for i in range(args.stored)],
            workers=args.workers,
            chunk=100,
        )
        ranking = ranked_tokens(stats.sums, stats.counts, min_count=5, top=40)
        t_entropy = (time.perf_counter() - t0) * N_RESPONSES / args.stored
        c_entropy = (time.process_time() - c0) * N_RESPONSES / args.stored
    print(
        f"3. entropy from stored top-5 logprobs: {args.stored} responses ({size_mb:.0f} MB) "
        f"-> {t_entropy:.1f} s wall, {c_entropy:.1f} s CPU scaled to {N_RESPONSES}; "
        f"top token {ranking[0].token!r}"
    )
    total = (t_segment + t_zeta) * scale + t_entropy
    print(
        f"total for {N_RESPONSES} responses (scaled x{scale:.1f} where fewer were run): "
        f"{total:.1f} s wall (target <= 30 s on 2 cores); CPU of this process: "
        f"{(c_segment + c_zeta) * scale + c_entropy:.1f} s"
    )


if __name__ == "__main__":
    main()
