"""Time the analyses' programmatic parts over 21,600 responses of about 4k tokens each.

9 tasks x 6 levels x 50 instances x 8 samples of synthetic reasoning texts (about 15 KB, 4.2k
cl100k tokens each, with "wait" / "but" / "so" markers and a boxed answer; 60 % correct):

1. segmentation at the markers (Eq. 1) of all 21,600;
2. programmatic T-hat and outcome efficiency (Eq. 2) of the correct ones: scoring, locating
   the first correct segment, cl100k token counts (over ``--workers`` processes);
3. entropy from stored logprobs: ``--stored`` distinct responses' top-5 logprobs (4.2k steps
   each) are written to a temporary ledger (not timed); then all 21,600 rows are read back
   (cycling over the stored ones), decoded and turned into entropies, both segment counts
   and the token ranking over ``--workers`` processes. Nothing is scaled, so the workers'
   start-up is counted once, as in a real run.

The three parts run in ``--rounds`` interleaved rounds (1 2 3 1 2 3 ...); each prints its wall
time, its CPU time (this process plus its finished worker processes, from ``os.times``) and the
1-minute load average before and after it, and the end prints the medians. The target is on
wall time, measured as a user runs it (not CPU time divided by the cores): <= 30 s for all
21,600 responses on 2 cores. Run from the repository root:
``PYTHONPATH=. python benchmarks/bench_analysis.py [--workers 2] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from gralgo.analysis import entropy_statistics, locate_answers, ranked_tokens, segment_at_markers
from gralgo.ledger import LogprobStore, SampleLogprobs

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


class Timer:
    """Wall and CPU time (this process and its reaped children) of one benchmark part."""

    def __enter__(self) -> Timer:
        self.load = os.getloadavg()[0]
        self._wall, self._cpu = time.perf_counter(), self._cpu_now()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self._wall
        self.cpu = self._cpu_now() - self._cpu
        self.load_after = os.getloadavg()[0]

    @staticmethod
    def _cpu_now() -> float:
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system

    def line(self, scale: float = 1.0) -> str:
        return (
            f"{self.wall * scale:.1f} s wall, {self.cpu * scale:.1f} s CPU "
            f"(load {self.load:.1f} -> {self.load_after:.1f})"
        )


def run_round(samples: pd.DataFrame, ledger: Path, args: argparse.Namespace) -> dict[str, Timer]:
    """One round of the three parts, as a user's ``command=analyze`` runs them."""
    timers: dict[str, Timer] = {}
    with Timer() as timers["segmentation"]:
        n_segments = sum(len(segment_at_markers(t)) for t in samples["answer_text"])
    print(f"  1. segmentation ({n_segments / len(samples):.1f} segments each): "
          f"{timers['segmentation'].line()}")  # fmt: skip
    with Timer() as timers["zeta"]:
        per, _ = locate_answers(samples, workers=args.workers)
    print(
        f"  2. programmatic zeta of {len(per)} correct responses (zeta = "
        f"{per['ratio_programmatic'].mean():.3f}): {timers['zeta'].line()}"
    )
    with Timer() as timers["entropy"]:
        stats = entropy_statistics(
            [ledger],
            [(f"k{i % args.stored}", 0) for i in range(len(samples))],
            workers=args.workers,
            chunk=100,
        )
        ranking = ranked_tokens(stats.sums, stats.counts, min_count=5, top=40)
    print(
        f"  3. entropy (lower and upper bound, dropped mass) of {len(stats.rows)} responses, "
        f"top token {ranking[0].token!r}: {timers['entropy'].line()}"
    )
    return timers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--responses", type=int, default=N_RESPONSES)
    parser.add_argument("--workers", type=int, default=0, help="0 = every core")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; medians are reported")
    parser.add_argument(
        "--stored", type=int, default=1000, help="responses whose logprobs are stored and read back"
    )
    args = parser.parse_args()

    t0 = time.perf_counter()
    samples = samples_frame(args.responses)
    print(
        f"generated {len(samples)} responses in {time.perf_counter() - t0:.1f} s (not timed below)"
    )
    print(f"cores: {os.cpu_count()}, workers: {args.workers or os.cpu_count()}")
    rng = np.random.default_rng(0)
    steps = 4200
    with tempfile.TemporaryDirectory() as tmp:
        ledger = Path(tmp) / "ledger.sqlite"
        store = LogprobStore(ledger)
        tokens = tuple(f" {WORDS[i % len(WORDS)]}" for i in range(steps))
        for i in range(args.stored):
            top = np.sort(np.log(rng.dirichlet(np.ones(5), size=steps)), axis=1)[:, ::-1]
            store.record(
                f"k{i}",
                0,
                SampleLogprobs(tokens, top[:, 0].astype(np.float32), top.astype(np.float32)),
            )
        store.close()
        print(
            f"stored top-5 logprobs of {args.stored} responses "
            f"({ledger.stat().st_size / 1e6:.0f} MB)"
        )
        rounds = []
        for r in range(args.rounds):  # the parts interleave: 1 2 3 1 2 3 ...
            print(f"round {r + 1}:")
            rounds.append(run_round(samples, ledger, args))
    scale = N_RESPONSES / len(samples)
    totals = sorted(sum(t.wall for t in timers.values()) * scale for timers in rounds)
    cpus = sorted(sum(t.cpu for t in timers.values()) * scale for timers in rounds)
    loads = [t.load for timers in rounds for t in timers.values()]
    for part in ("segmentation", "zeta", "entropy"):
        walls = sorted(timers[part].wall * scale for timers in rounds)
        print(f"median {part}: {statistics.median(walls):.1f} s wall")
    print(
        f"median total wall for {N_RESPONSES} responses over {args.rounds} rounds"
        f"{f' (scaled x{scale:.1f})' if scale != 1 else ''}: {statistics.median(totals):.1f} s "
        f"(min {totals[0]:.1f}, max {totals[-1]:.1f}; target <= 30 s wall); median CPU "
        f"{statistics.median(cpus):.1f} s; 1-min load average {min(loads):.1f}-{max(loads):.1f} "
        f"on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
