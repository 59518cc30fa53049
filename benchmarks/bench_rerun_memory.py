"""Peak memory and wall time of re-running a finished ``+experiment=main`` with realistic replies.

    python benchmarks/bench_rerun_memory.py [--answer-kb 4] [--reasoning-kb 16] [--runs 2]

Builds (or reuses, under ``outputs/datasets/bench-main``) the main dataset (2,700 instances,
four formats), fills a fresh ledger with k = 8 finished samples per instance whose answers are
``--answer-kb`` KB and reasoning ``--reasoning-kb`` KB (21,600 samples; about 430 MB of text
with the defaults), runs the job once (it scores, reports and logs to a temporary MLflow store),
then re-runs it ``--runs`` times as fresh ``python -m gralgo`` processes. Prints each re-run's
peak RSS (the child's ``ru_maxrss``) and wall time against the goals (400 MB, 3 s), and the
peak RSS of the same re-run over a ledger with tiny replies, to show how memory grows with
stored response text.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hydra import compose, initialize_config_dir  # noqa: E402
from omegaconf import OmegaConf  # noqa: E402

from gralgo.evaluate import load_instances, resolve_model  # noqa: E402
from gralgo.run._ledger import Ledger  # noqa: E402
from gralgo.run._plan import build_requests  # noqa: E402
from gralgo.run._records import SampleRecord  # noqa: E402
from gralgo.settings import settings_from_config  # noqa: E402

GOAL_MB, GOAL_S = 400, 3.0
FILLER = "Let me check the neighbours of every node once more. "


def overrides(outputs: Path) -> list[str]:
    return [
        "+experiment=main",
        "model=openai_compatible",
        "model.name=finished-model",
        "model.api_base=http://127.0.0.1:9/v1",
        f"paths.outputs={outputs}",
        f"dataset.dir={REPO / 'outputs' / 'datasets' / 'bench-main'}",
        f"hydra.run.dir={outputs / 'job'}",
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


def run_job(outputs: Path) -> tuple[float, float]:
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
        *overrides(outputs),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answer-kb", type=int, default=4)
    parser.add_argument("--reasoning-kb", type=int, default=16)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    peaks: dict[str, float] = {}
    for label, answer_kb, reasoning_kb in (
        ("tiny replies", 0, 0),
        ("realistic replies", args.answer_kb, args.reasoning_kb),
    ):
        with tempfile.TemporaryDirectory() as tmp:
            outputs = Path(tmp) / "outputs"
            started = time.perf_counter()
            samples = fill_ledger(outputs, answer_kb, reasoning_kb)
            size = (outputs / "ledger.sqlite").stat().st_size / 2**20
            print(
                f"[{label}] ledger: {samples} samples, {size:.0f} MB "
                f"({time.perf_counter() - started:.1f} s to fill)"
            )
            seconds, peak = run_job(outputs)
            print(
                f"[{label}] first job (scores, reports, logs): {seconds:.2f} s, "
                f"peak RSS {peak:.0f} MB"
            )
            runs = [run_job(outputs) for _ in range(args.runs)]
            best_s, peak = min(s for s, _ in runs), max(p for _, p in runs)
            peaks[label] = peak
            print(
                f"[{label}] re-run (0 calls): best {best_s:.2f} s of {args.runs}, "
                f"peak RSS {peak:.0f} MB"
            )
            if label == "realistic replies":
                print(
                    f"goals: peak <= {GOAL_MB} MB: {'met' if peak <= GOAL_MB else 'NOT met'}; "
                    f"wall <= {GOAL_S:.0f} s: {'met' if best_s <= GOAL_S else 'NOT met'}"
                )
    print(
        f"memory growth from tiny to realistic replies: "
        f"{peaks['realistic replies'] - peaks['tiny replies']:+.0f} MB "
        f"(children's max RSS, this process: "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)"
    )


if __name__ == "__main__":
    main()
