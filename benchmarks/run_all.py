"""Run every benchmark on the shared rules and write one table: ``benchmarks/results/``.

    python benchmarks/run_all.py [--quick] [--inspect auto|off] [--only NAME ... [--merge]]
                                 [--update-readme]

Each benchmark runs as its own process and appends its rows (median, min and max of >= 3
interleaved rounds, the load average of each round, whole-process and in-process paths with
their parts) to one JSON-lines file; this script then writes ``benchmarks/results/results.md``
and ``results.json`` with the machine, the commit, the load average before and after, and how
long the run took. The README's performance table is ``results.md``'s table. Each row names its
run, commit and time; ``--only NAME --merge`` re-runs some benchmarks and keeps the other rows of
the earlier ``results.json``, listed as kept (with their commit and time) in the header.

Full run (the first five: about 20 min on an idle 2-core machine, estimated from their parts
measured at load 2-4; the next five add a few minutes, not yet measured idle; the first run also
builds the ``main`` dataset and the inspect-ai venv, ~5 min more): bench_clients (1,998 real
prompts, Inspect in its venv), bench_job (1,998-sample job as users run it: MLflow on, the
default, and off as a second row; 1.5 KB replies with a usage block), bench_job
--experiment-main (21,600 samples, the same two rows), bench_build (2,700 instances, plus one
27,000-instance build for memory), bench_analysis (21,600 responses, ~1 GB of distinct logprobs
read cold), bench_scoring (21,600 responses), bench_certificates (21,600 answers), bench_rerun
(re-runs of a finished 21,600-sample job), bench_judge (1,000 judge requests),
bench_long_context (750 instances), each of these five beside a fresh process; last,
bench_report_open (main's 21,600-sample report.html opened from file:// in headless Chromium,
~1 min; a skipped row where Chromium or Playwright is missing), then bench_trace_facts
(`analysis=trace_facts` over 21,600 synthetic responses in process, and as `python -m gralgo
command=analyze` on a real 21,600-response `main` job beside the same responses in process;
3 rounds). ``--quick``:
small sizes, no Inspect, no 10x build, no ``+experiment=main``: for checking that everything
runs, not for quoting (the first five took 21 min at load 9-15 on the shared machine; minutes
idle).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import REPO, compile_bytecode, ensure_bench_dataset, load_average, markdown_table

RESULTS = REPO / "benchmarks" / "results"


def plan(quick: bool, inspect: str) -> list[tuple[str, list[str]]]:
    """(name, arguments) of every benchmark run, in order."""
    if quick:
        return [
            ("bench_clients", ["bench_clients.py", "--per-level", "5", "--inspect", "off"]),
            ("bench_job", ["bench_job.py", "--per-level", "5"]),
            ("bench_build", ["bench_build.py", "--per-level", "5"]),
            ("bench_analysis", ["bench_analysis.py", "--responses", "540", "--workers", "2"]),
            ("bench_scoring", ["bench_scoring.py", "--per-level", "5"]),
            ("bench_certificates", ["bench_certificates.py", "--per-level", "5"]),
            ("bench_rerun", ["bench_rerun.py", "--per-level", "5"]),
            ("bench_judge", ["bench_judge.py", "--requests", "200"]),
            ("bench_long_context", ["bench_long_context.py", "--per-level", "5"]),
            ("bench_report_open", ["bench_report_open.py", "--samples", "2000"]),
            (
                "bench_trace_facts",
                ["bench_trace_facts.py", "--responses", "2160", "--whole-process"],
            ),
        ]
    return [
        ("bench_clients", ["bench_clients.py", "--inspect", inspect]),
        ("bench_job", ["bench_job.py", "--rounds", "5"]),  # a 7 s job: 3 rounds left +-0.9 s
        ("bench_job_main", ["bench_job.py", "--experiment-main", "--rounds", "5"]),  # +-1 s at 3
        ("bench_build", ["bench_build.py", "--scale", "10"]),
        ("bench_analysis", ["bench_analysis.py", "--workers", "2"]),
        ("bench_scoring", ["bench_scoring.py"]),
        ("bench_certificates", ["bench_certificates.py"]),
        ("bench_rerun", ["bench_rerun.py"]),
        ("bench_judge", ["bench_judge.py"]),
        ("bench_long_context", ["bench_long_context.py"]),
        ("bench_report_open", ["bench_report_open.py"]),
        ("bench_trace_facts", ["bench_trace_facts.py", "--rounds", "3", "--whole-process"]),
    ]


def kept_rows(results: Path, ran: set[str]) -> list[dict[str, object]]:
    """The rows of ``results`` (an earlier results.json) whose run is not among ``ran``."""
    if not results.is_file():
        return []
    earlier = json.loads(results.read_text(encoding="utf-8"))
    context = earlier.get("context", {})
    return [
        {"commit": context.get("commit"), "date_utc": context.get("date_utc"), **row}
        for row in earlier.get("rows", [])
        if row.get("run") and row["run"] not in ran
    ]


BEGIN, END = "<!-- benchmarks/results/results.md: begin -->", "<!-- results.md: end -->"


def with_results(readme: str, results: str) -> str:
    """``readme`` with the text between the benchmark markers replaced by ``results``."""
    head, found, rest = readme.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not (found and found_end):
        raise SystemExit(f"README.md has no {BEGIN} ... {END} block")
    return f"{head}{BEGIN}\n{results.strip()}\n{END}{tail}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: checks, not quotes")
    parser.add_argument("--inspect", default="auto", choices=["auto", "off"])
    parser.add_argument("--only", nargs="*", help="run only these benchmarks (names as listed)")
    parser.add_argument("--out", type=Path, help="default: benchmarks/results (quick: .../quick)")
    parser.add_argument(
        "--merge",
        action="store_true",
        help="keep the earlier results.json's rows of the benchmarks not run now (with --only)",
    )
    parser.add_argument(
        "--update-readme",
        action="store_true",
        help="put results.md between the benchmark markers in README.md",
    )
    args = parser.parse_args()
    args.out = args.out or (RESULTS / "quick" if args.quick else RESULTS)
    compile_bytecode()
    ensure_bench_dataset()
    runs = [(n, a) for n, a in plan(args.quick, args.inspect) if not args.only or n in args.only]
    started, load_before = time.monotonic(), load_average()
    failures: list[str] = []
    runs_of: dict[str, int] = {}  # run name -> how many rows it wrote
    with tempfile.TemporaryDirectory() as tmp:
        rows_file = Path(tmp) / "rows.jsonl"
        rows_file.touch()
        for name, arguments in runs:
            script = REPO / "benchmarks" / arguments[0]
            print(f"== {name}: {' '.join(arguments)}", flush=True)
            t0, before = time.monotonic(), len(rows_file.read_text().splitlines())
            done = subprocess.run(
                [sys.executable, str(script), *arguments[1:], "--json", str(rows_file)],
                cwd=REPO,
                env={**os.environ, "PYTHONPATH": str(REPO)},
            )
            print(f"== {name}: {time.monotonic() - t0:.0f} s, exit {done.returncode}", flush=True)
            if done.returncode != 0:
                failures.append(f"{name} (exit {done.returncode})")
            runs_of[name] = len(rows_file.read_text().splitlines()) - before
        lines = rows_file.read_text().splitlines()
    seconds = time.monotonic() - started
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    date_utc = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    rows, at = [], 0
    for name, count in runs_of.items():  # each row names its run, commit and time
        for line in lines[at : at + count]:
            rows.append({**json.loads(line), "run": name, "commit": commit, "date_utc": date_utc})
        at += count
    kept = kept_rows(args.out / "results.json", set(runs_of)) if args.merge else []
    context = {
        "mode": "quick" if args.quick else "full",
        "commit": commit,
        "date_utc": date_utc,
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}",
        "load_before": load_before,
        "load_after": load_average(),
        "duration_s": round(seconds, 1),
        "failed": failures,
        "kept": sorted({(r["run"], r["commit"], r["date_utc"]) for r in kept}),
    }
    order = [name for name, _ in plan(args.quick, args.inspect)]
    rows = sorted(kept + rows, key=lambda r: order.index(r["run"]) if r["run"] in order else 99)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.json").write_text(
        json.dumps({"context": context, "rows": rows}, indent=2) + "\n", encoding="utf-8"
    )
    header = (
        f"Benchmarks ({context['mode']} run), commit {commit}, {context['date_utc']} UTC, "
        f"{context['machine']}; load average {load_before} before, {context['load_after']} "
        f"after; took {seconds / 60:.1f} min{' (the benchmarks run now)' if kept else ''}. "
        "Median and min–max of the interleaved rounds; "
        "the load average of each round is listed beside it; gralgo's bytecode compiled first."
    )
    if kept:
        header += (
            " Kept from earlier runs (`--merge`): "
            + "; ".join(f"{run} (commit {c}, {d} UTC)" for run, c, d in context["kept"])
            + "."
        )
    failed = f"\n\nFAILED: {', '.join(failures)}" if failures else ""
    (args.out / "results.md").write_text(
        f"{header}\n\n{markdown_table(rows)}{failed}\n", encoding="utf-8"
    )
    print(f"wrote {args.out / 'results.md'} and results.json in {seconds / 60:.1f} min")
    if args.update_readme:
        readme = REPO / "README.md"
        text = (args.out / "results.md").read_text(encoding="utf-8")
        readme.write_text(with_results(readme.read_text(encoding="utf-8"), text), encoding="utf-8")
        print(f"README.md's performance table replaced by {args.out / 'results.md'}")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
