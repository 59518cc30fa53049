"""Peak memory and wall time of re-running a finished ``+experiment=main`` job, by stored text.

    python benchmarks/bench_rerun_memory.py [--answer-kb 4] [--reasoning-kb 16] [--runs 2]
                                            [--scale 2] [--mlflow]

Builds (or reuses, under ``outputs/datasets/bench-main``) the main dataset (2,700 instances,
four formats). For each of three ledgers of k = 8 finished samples per instance (21,600
samples) -- tiny replies, realistic replies (answers of ``--answer-kb`` KB and reasoning of
``--reasoning-kb`` KB: about 430 MB of text with the defaults) and ``--scale`` times the
realistic text -- it runs the job once (it scores and reports), then re-runs it ``--runs``
times as fresh ``python -m gralgo`` processes: in a new folder each time, as Hydra does for a
plain re-run (nothing changed: the results are linked from the first folder), and in the first
folder (its stamp lets it reuse the folder); then once more without stamp or index (the full
path: scored and reported again, as after any change). Prints each re-run's peak RSS (the
child's ``ru_maxrss``) and wall time, the goals (400 MB, 3 s) for a re-run with realistic
replies, and how much peak memory grows per 100 MB of stored text (flat memory: far below
100 MB).

MLflow is off unless ``--mlflow`` (then the first job also logs its run: with realistic
replies 30.7 s and 498 MB, was 145 s and 4.3 GB; a re-run logs nothing). ``--only realistic``
measures one ledger size.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.evaluate import load_instances, resolve_model
from gralgo.job import INDEX_DIR
from gralgo.ledger import Ledger, SampleRecord
from gralgo.results import JOB_FILE, read_job, record_json
from gralgo.run import build_requests
from gralgo.settings import settings_from_config

GOAL_MB, GOAL_S = 400, 3.0
FILLER = "Let me check the neighbours of every node once more. "


def overrides(outputs: Path, mlflow: bool = False, job: str = "job") -> list[str]:
    return [
        "+experiment=main",
        "model=openai_compatible",
        "model.name=finished-model",
        "model.api_base=http://127.0.0.1:9/v1",
        f"paths.outputs={outputs}",
        f"dataset.dir={REPO / 'outputs' / 'datasets' / 'bench-main'}",
        f"hydra.run.dir={outputs / job}",
        f"mlflow.enabled={str(mlflow).lower()}",
    ]


def text_of(kb: int, tail: str) -> str:
    body = (FILLER * (kb * 1024 // len(FILLER) + 1))[: max(0, kb * 1024 - len(tail))]
    return body + tail


def fill_ledger(outputs: Path, answer_kb: int, reasoning_kb: int) -> int:
    with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
        cfg = compose("config", overrides=overrides(outputs))
    settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))
    instances = load_instances(settings)
    spec, sampling = resolve_model(settings)
    requests = build_requests(instances, settings.format, spec, sampling)
    reasoning = text_of(reasoning_kb, "") if reasoning_kb else None
    with Ledger(settings.ledger_path) as ledger:
        for instance, request in zip(instances, requests, strict=True):
            for index in range(settings.k):
                answer = instance.prompts[settings.format].answer if index % 3 else "0"
                ledger.record(SampleRecord(
                    request_key=request.key, sample_index=index, instance_id=instance.id,
                    model=spec.litellm_model,
                    answer_text=text_of(answer_kb, f"\\boxed{{{answer}}}"),
                    reasoning_text=reasoning, finish_reason="stop", prompt_tokens=1000,
                    completion_tokens=2000,
                ))  # fmt: skip
    return len(requests) * settings.k


def run_job(outputs: Path, mlflow: bool = False, job: str = "job") -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one ``python -m gralgo`` job in a fresh process."""
    command = [
        sys.executable,
        "-c",
        (
            "import resource, runpy, sys; sys.argv = ['gralgo', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('gralgo', run_name='__main__')\n"
            "finally:\n"
            "    print('MAXRSS_KB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
            " file=sys.stderr)"
        ),
        *overrides(outputs, mlflow, job),
    ]
    started = time.perf_counter()
    done = subprocess.run(
        command,
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    seconds = time.perf_counter() - started
    assert done.returncode == 0, done.stderr[-3000:]
    assert "(0 still to run" in done.stderr, done.stderr[-2000:]
    peak_kb = int(done.stderr.rsplit("MAXRSS_KB", 1)[1].split()[0])
    return seconds, peak_kb / 1024


def measure(
    label: str, answer_kb: int, reasoning_kb: int, args: argparse.Namespace
) -> tuple[float, float, float]:
    """Fill a fresh ledger, run the job once, re-run it; (stored MB, best s, peak MB)."""
    with tempfile.TemporaryDirectory() as tmp:
        outputs = Path(tmp) / "outputs"
        started = time.perf_counter()
        samples = fill_ledger(outputs, answer_kb, reasoning_kb)
        size = (outputs / "ledger.sqlite").stat().st_size / 2**20
        print(f"[{label}] ledger: {samples} samples, {size:.0f} MB "
              f"({time.perf_counter() - started:.1f} s to fill)", flush=True)  # fmt: skip
        seconds, peak = run_job(outputs, args.mlflow)
        print(f"[{label}] first job (scores, reports): {seconds:.2f} s, peak RSS {peak:.0f} MB",
              flush=True)  # fmt: skip
        new_folder = [run_job(outputs, args.mlflow, f"job-{i}") for i in range(args.runs)]
        same_folder = [run_job(outputs, args.mlflow) for _ in range(args.runs)]
        # The full path of a re-run that must score and report again (something changed):
        # the record's results and the index removed, everything else as it was.
        record = read_job(outputs / "job")
        (outputs / "job" / JOB_FILE).write_text(record_json(replace(record, results=None)))
        shutil.rmtree(outputs / INDEX_DIR)
        rebuild_s, rebuild_peak = run_job(outputs, args.mlflow)
    best_s, peak = min(s for s, _ in new_folder), max(p for _, p in new_folder)
    same_s, same_peak = min(s for s, _ in same_folder), max(p for _, p in same_folder)
    print(f"[{label}] re-run in a new folder (0 calls, results linked): best {best_s:.2f} s of "
          f"{args.runs}, peak RSS {peak:.0f} MB", flush=True)  # fmt: skip
    print(f"[{label}] re-run in the same folder (0 calls, results current): best {same_s:.2f} s "
          f"of {args.runs}, peak RSS {same_peak:.0f} MB", flush=True)  # fmt: skip
    print(f"[{label}] re-run that scores and reports again (0 calls): {rebuild_s:.2f} s, "
          f"peak RSS {rebuild_peak:.0f} MB", flush=True)  # fmt: skip
    return size, max(best_s, same_s), max(peak, same_peak, rebuild_peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answer-kb", type=int, default=4)
    parser.add_argument("--reasoning-kb", type=int, default=16)
    parser.add_argument("--scale", type=int, default=2, help="text multiple of the third ledger")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--mlflow", action="store_true", help="log to a temporary MLflow store")
    parser.add_argument(
        "--only", choices=("tiny", "realistic", "scaled"), help="measure one ledger size only"
    )
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    sizes = (
        ("tiny replies", 0, 0),
        ("realistic replies", args.answer_kb, args.reasoning_kb),
        (f"{args.scale}x realistic", args.scale * args.answer_kb, args.scale * args.reasoning_kb),
    )
    if args.only:
        sizes = tuple(size for size in sizes if size[0].startswith(args.only) or (
            args.only == "scaled" and size[0].endswith("x realistic")))  # fmt: skip
    results = {label: measure(label, a, r, args) for label, a, r in sizes}
    if "realistic replies" not in results or "tiny replies" not in results:
        return
    _, best_s, peak = results["realistic replies"]
    print(
        f"goals (realistic replies): peak <= {GOAL_MB} MB: "
        f"{'met' if peak <= GOAL_MB else 'NOT met'} ({peak:.0f} MB); wall <= {GOAL_S:.0f} s: "
        f"{'met' if best_s <= GOAL_S else 'NOT met'} ({best_s:.2f} s)"
    )
    tiny_mb, _, tiny_peak = results["tiny replies"]
    for label, (size, _, peak) in results.items():
        if label != "tiny replies":
            per_100 = (peak - tiny_peak) / max(size - tiny_mb, 1e-9) * 100
            print(
                f"memory growth, tiny -> {label}: {peak - tiny_peak:+.0f} MB for "
                f"{size - tiny_mb:.0f} MB more stored text ({per_100:+.1f} MB per 100 MB)"
            )
    print(f"load average at end: {os.getloadavg()[0]:.2f} (a busy machine inflates wall times)")


if __name__ == "__main__":
    main()
