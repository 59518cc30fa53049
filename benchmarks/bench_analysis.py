"""Time the analyses' programmatic parts over 21,600 responses of about 4k tokens each.

9 tasks x 6 levels x 50 instances x 8 samples of synthetic reasoning texts (about 15 KB, 4.2k
cl100k tokens each, with "wait" / "but" / "so" markers and a boxed answer; 60 % correct):

1. segmentation at the markers (Eq. 1) of all 21,600;
2. programmatic T-hat and outcome efficiency (Eq. 2) of the correct ones: scoring, locating
   the first correct segment, cl100k token counts (over ``--workers`` processes);
3. entropy from stored logprobs: the top-5 logprobs (4.2k steps) of every response, all
   distinct (about 1 GB; ``--stored N`` keeps N and cycles over them, for a quick check), are
   written to a temporary ledger (not timed) and evicted from the page cache before each
   round; then all rows are read back cold, decoded and turned into entropies, both segment
   counts and the token ranking over ``--workers`` processes. Nothing is scaled.

Each round (``--rounds``, default 3) times the three parts together as one wall time (the
target) with each part's wall time and the CPU time (this process plus its finished workers),
and records the load average; the table gives the median, min and max (parts: wall and
``_cpu`` seconds; on a shared machine the CPU time is the figure that compares across loads).

Target: <= 30 s wall on 2 idle cores. Run from the repository root:
``python benchmarks/bench_analysis.py [--workers 2] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import REPO, Row, Sample, load_average, print_rows, write_rows

sys.path.insert(0, str(REPO))
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


def evict(path: Path) -> None:
    """Drop ``path``'s pages from the page cache, so the next read comes from the disk."""
    for part in path.parent.glob(f"{path.name}*"):  # the database and its WAL
        with open(part, "rb") as handle:
            os.fsync(handle.fileno())
            os.posix_fadvise(handle.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--responses", type=int, default=N_RESPONSES)
    parser.add_argument("--workers", type=int, default=0, help="0 = every core")
    parser.add_argument(
        "--stored",
        type=int,
        default=0,
        help="distinct responses whose logprobs are stored and read back (0 = all of them)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    args = parser.parse_args()
    stored = args.stored or args.responses

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
        for i in range(stored):
            top = np.sort(np.log(rng.dirichlet(np.ones(5), size=steps)), axis=1)[:, ::-1]
            store.record(
                f"k{i}",
                0,
                SampleLogprobs(tokens, top[:, 0].astype(np.float32), top.astype(np.float32)),
            )
        store.close()
        size_mb = sum(p.stat().st_size for p in Path(tmp).glob("ledger.sqlite*")) / 1e6
        print(f"stored the top-5 logprobs of {stored} distinct responses: {size_mb:.0f} MB")
        rounds: list[Sample] = []
        for round_no in range(args.rounds):
            evict(ledger)  # every round reads the ledger cold, as a new analysis run does
            time.sleep(0.5)
            load = load_average()
            with Timer() as whole:
                with Timer() as segment:
                    n_segments = sum(len(segment_at_markers(t)) for t in samples["answer_text"])
                with Timer() as zeta:
                    per, _ = locate_answers(samples, workers=args.workers)
                with Timer() as entropy:
                    stats = entropy_statistics(
                        [ledger],
                        [(f"k{i % stored}", 0) for i in range(len(samples))],
                        workers=args.workers,
                        chunk=100,
                    )
                    ranking = ranked_tokens(stats.sums, stats.counts, min_count=5, top=40)
            print(
                f"round {round_no + 1}: 1. segmentation ({n_segments / len(samples):.1f} segments "
                f"each) {segment.line()}; 2. programmatic zeta of {len(per)} correct responses "
                f"(mean {per['tokens'].mean():.0f} tokens, zeta "
                f"{per['ratio_programmatic'].mean():.3f}) {zeta.line()}; 3. entropy of "
                f"{len(stats.rows)} responses read cold, top token {ranking[0].token!r} "
                f"{entropy.line()}; whole {whole.line()}",
                flush=True,
            )
            rounds.append(
                Sample(
                    whole.wall,
                    load,
                    cpu_s=whole.cpu,
                    extra={
                        "segmentation": segment.wall,
                        "zeta": zeta.wall,
                        "entropy_cold": entropy.wall,
                        # CPU per part: the figure that compares across loads
                        "segmentation_cpu": segment.cpu,
                        "zeta_cpu": zeta.cpu,
                        "entropy_cold_cpu": entropy.cpu,
                    },
                )
            )
    row = Row(
        "bench_analysis",
        f"programmatic analyses of {len(samples):,} responses (~4.2k tokens), "
        f"{stored:,} distinct stored logprobs ({size_mb:.0f} MB, read cold), "
        f"{args.workers or os.cpu_count()} workers",
        rounds,
        goal="<= 30 s wall (idle, 2 cores)",
        note="in process; wall time, nothing scaled",
    )
    print_rows([row])
    write_rows(args.json, [row])


if __name__ == "__main__":
    main()
