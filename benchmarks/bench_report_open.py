"""Time how long a job's ``report.html`` takes to open in headless Chromium (issue 37).

A synthetic scored job of N samples (9 tasks, 6 levels, k = 8 per instance, like
``+experiment=main``'s 21,600) is written with the checkout's ``write_transcripts``, then opened
from ``file://`` in the system's Chromium (Playwright, as the tests drive it), a fresh page
per round. Timed: from navigation to the first sample rows shown ("open"), to every sample's
row known to the filters ("all"), and one sample opened (its texts shown). Also printed: the
page's size and the shards' total. ``--text-chars`` sets the answer + reasoning text per sample
(``main``'s 78 MB page holds ~3,600 characters per sample; the shards the page opens with hold
no text, so a 10x job may use short texts to stay within the benchmark's CPU budget). Runs
against whatever ``gralgo`` is first on ``PYTHONPATH``: point it at an old checkout for the
"before" figure. ``python benchmarks/bench_report_open.py [--samples N] [--rounds R] [--json
PATH]`` (``run_all.py`` runs it; where Chromium or Playwright is missing, it writes a row saying
so and exits 0: the other benchmarks still run).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import Row, Sample, print_rows, write_rows

CHROMIUM = os.environ.get("GRALGO_CHROMIUM", "/usr/bin/chromium")
TASKS = ("max_degree", "max_weight_triangle", "max_clique", "distance_k", "distance_threshold",
         "diameter", "path_sum", "max_kcore", "mst_weight")  # fmt: skip
WORDS = (
    "node edge weight path the so we check neighbours of distance is then total queue "
    "visit next compare smaller larger answer wait recount step"
).split()


def synthetic_job(samples: int, text_chars: int, seed: int = 0) -> pd.DataFrame:
    """A scored job frame of ``samples`` rows (k = 8), with ``text_chars`` of text each."""
    rng = random.Random(seed)
    pool = []
    for _ in range(500):  # distinct texts, reused: generating 780 MB of text would dominate
        words = []
        while sum(map(len, words)) + len(words) < text_chars:
            words.append(rng.choice(WORDS) if rng.random() < 0.8 else str(rng.randint(0, 999)))
        pool.append(" ".join(words))
    rows = []
    for n in range(samples):
        instance, sample = divmod(n, 8)
        task = TASKS[instance % len(TASKS)]
        level = 1 + (instance // len(TASKS)) % 6
        text = pool[rng.randrange(len(pool))]
        right = rng.random() < 0.6
        rows.append({
            "instance_id": f"{instance:012x}", "model": "bench-model", "task": task,
            "taxonomy": "enumeration", "complexity": "easy", "level": level,
            "format": "edge_list", "context": "standard", "graph_nodes": 10 * level,
            "graph_edges": 25 * level, "sample_index": sample,
            "outcome": "correct" if right else "wrong", "expected": "4",
            "extracted": "4" if right else "7", "answer_text": text[: len(text) // 10],
            "reasoning_text": text, "finish_reason": "stop", "error_class": None,
            "error_message": None, "prompt_tokens": 1200, "completion_tokens": 800,
            "reasoning_tokens": 0, "cost_usd": 0.001, "latency_s": 2.0,
            "request_key": f"key-{instance:012x}", "prompt": f"PROMPT {instance} " + "x" * 2000,
        })  # fmt: skip
    return pd.DataFrame(rows)


def open_times(page_path: Path, rounds: int) -> list[dict[str, float]]:
    """Per round: seconds to the first rows, to every row, and to one opened sample."""
    from playwright.sync_api import sync_playwright

    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--no-sandbox", "--disable-gpu"])  # fmt: skip
        try:
            for _ in range(rounds):
                page = browser.new_page()
                start = time.perf_counter()
                page.goto(page_path.as_uri(), wait_until="commit", timeout=600_000)
                page.wait_for_selector("#samples tr.sample", timeout=600_000)
                first = time.perf_counter() - start
                page.wait_for_function(
                    "!document.documentElement.dataset.samples || "
                    "document.documentElement.dataset.samples === 'loaded'",
                    timeout=600_000,
                )
                every = time.perf_counter() - start
                clicked = time.perf_counter()
                page.locator("#samples tr.sample").nth(3).click()
                page.wait_for_selector("#samples tr.detail", timeout=600_000)
                detail = time.perf_counter() - clicked
                found.append({"open_s": first, "all_s": every, "sample_s": detail})
                page.close()
        finally:
            browser.close()
    return found


GOAL = "opens (first rows) in < 2 s"


def missing_browser() -> str:
    """Why the page cannot be opened here ('' when Chromium and Playwright are there)."""
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (set GRALGO_CHROMIUM)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=21_600)
    parser.add_argument("--text-chars", type=int, default=3_600)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result row to this JSON-lines file")
    args = parser.parse_args(argv)
    name = f"{args.samples:,}-sample job's report.html from file:// (headless Chromium)"
    why = missing_browser()
    if why:
        print(f"bench_report_open: skipped: {why}")
        write_rows(args.json, [Row("bench_report_open", name, [], goal=GOAL, skipped=why)])
        return 0
    from gralgo.transcripts import write_transcripts

    frame = synthetic_job(args.samples, args.text_chars)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        started = time.process_time()
        write_transcripts(frame, out, dataset_dir=out / "ds", title="bench")
        write_s = time.process_time() - started
        page = out / "report.html"
        shards = out / "report_data"
        shard_bytes = sum(p.stat().st_size for p in shards.iterdir()) if shards.is_dir() else 0
        page_bytes = page.stat().st_size
        load = os.getloadavg()[0]
        rounds = open_times(page, args.rounds)
    print(f"gralgo from {Path(sys.modules['gralgo'].__file__ or '').parent}; "
          f"load {load:.2f} -> {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(_report(args, page_bytes, shard_bytes, write_s, rounds))
    sizes = {"page MB": page_bytes / 1e6, "shards MB": shard_bytes / 1e6, "write CPU": write_s}
    samples = [
        Sample(r["open_s"], load, extra={"every row": r["all_s"], "one sample": r["sample_s"],
                                         **sizes})
        for r in rounds
    ]  # fmt: skip
    note = f"{args.text_chars:,} text characters per sample; seconds to the first rows shown"
    row = Row("bench_report_open", name, samples, goal=GOAL, note=note)
    print_rows([row])
    write_rows(args.json, [row])
    return 0


def _report(args: Any, page_bytes: int, shard_bytes: int, write_s: float,
            rounds: list[dict[str, float]]) -> str:  # fmt: skip
    def median(name: str) -> str:
        values = [r[name] for r in rounds]
        return f"{statistics.median(values):.2f} s (min {min(values):.2f}, max {max(values):.2f})"

    return (
        f"samples {args.samples:,} ({args.text_chars:,} text chars each): report.html "
        f"{page_bytes / 1e6:.2f} MB, shards {shard_bytes / 1e6:.2f} MB, write CPU {write_s:.2f} s"
        f"\n  open (first rows) {median('open_s')}\n  every row {median('all_s')}"
        f"\n  one sample opened {median('sample_s')}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
