"""Time re-running a finished evaluation of the whole benchmark (21,600 samples).

    python benchmarks/bench_rerun.py [--per-level 50] [--rounds 3] [--json PATH]

Builds (or reuses) the main experiment's dataset (9 tasks x 6 levels x 50 instances), fills a
fresh ledger with k = 8 finished samples per instance (synthetic answers, as a finished run
leaves them) and evaluates it once (untimed: tables, plots, the MLflow run). Then, interleaved
in every round, re-runs of the same config, which must make zero model calls (the model's
api_base points at a closed port, so any call would fail): as a user runs it
(``python -m gralgo``, a fresh process) and ``evaluate`` in this process, each once with the
results linked into a new folder (nothing changed) and once without the results index (scored
and reported again). Goal: <= 5 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import (
    REPO,
    Row,
    Sample,
    ensure_bench_dataset,
    interleaved,
    load_average,
    print_rows,
    process_sample,
    run_process,
    timed,
    write_rows,
)

sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one


def overrides(outputs: Path, per_level: int) -> list[str]:
    return [
        "+experiment=main",
        f"dataset.per_level={per_level}",
        "model=openai_compatible",
        "model.name=finished-model",
        "model.api_base=http://127.0.0.1:9/v1",
        f"paths.outputs={outputs}",
        f"dataset.dir={ensure_bench_dataset()}",
    ]


def fill_ledger(settings) -> int:  # type: ignore[no-untyped-def]
    """k finished samples per instance in the job's ledger; how many."""
    from gralgo.evaluate import load_instances, resolve_model
    from gralgo.ledger import Ledger, SampleRecord
    from gralgo.run import build_requests

    instances = load_instances(settings)
    spec, sampling = resolve_model(settings)
    requests = build_requests(instances, settings.format, spec, sampling)
    with Ledger(settings.ledger_path) as ledger:
        for instance, request in zip(instances, requests, strict=True):
            for index in range(settings.k):
                answer = instance.prompts[settings.format].answer if index % 3 else "0"
                ledger.record(SampleRecord(
                    request_key=request.key, sample_index=index, instance_id=instance.id,
                    model=spec.litellm_model, answer_text=f"So... \\boxed{{{answer}}}",
                    finish_reason="stop", prompt_tokens=1000, completion_tokens=2000,
                ))  # fmt: skip
    return len(requests) * int(settings.k)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-level", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    args = parser.parse_args()
    from hydra import compose, initialize_config_dir
    from omegaconf import OmegaConf

    from gralgo.evaluate import evaluate
    from gralgo.job import INDEX_DIR
    from gralgo.settings import settings_from_config

    with tempfile.TemporaryDirectory() as tmp:
        outputs = Path(tmp) / "outputs"
        with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
            cfg = compose("config", overrides=overrides(outputs, args.per_level))
        settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))  # type: ignore[arg-type]
        samples = fill_ledger(settings)
        started = time.perf_counter()
        first = evaluate(settings)
        assert first.plan.samples_todo == 0 and first.samples == samples
        print(f"{samples:,} samples; first evaluation (untimed): "
              f"{time.perf_counter() - started:.1f} s", flush=True)  # fmt: skip
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        command = [sys.executable, "-m", "gralgo", *overrides(outputs, args.per_level)]

        def cli(rescore: bool):  # type: ignore[no-untyped-def]
            def run(round_no: int) -> Sample:
                if rescore:
                    shutil.rmtree(outputs / INDEX_DIR, ignore_errors=True)
                load = load_average()
                done = run_process(command, env=env, cwd=REPO)
                assert done.returncode == 0, done.stderr[-3000:]
                assert "(0 still to run" in done.stderr, done.stderr[-3000:]
                return process_sample(done, {}, load)

            return run

        def in_process(rescore: bool):  # type: ignore[no-untyped-def]
            def run(round_no: int) -> Sample:
                if rescore:
                    shutil.rmtree(outputs / INDEX_DIR, ignore_errors=True)
                results = []
                sample = timed(lambda: results.append(evaluate(settings)))
                assert results[0].plan.samples_todo == 0 and results[0].run_id == first.run_id
                return sample

            return run

        results = interleaved(
            {"`python -m gralgo` (fresh process), results linked": cli(False),
             "`python -m gralgo` (fresh process), scored and reported again": cli(True),
             "evaluate() in process, results linked": in_process(False),
             "evaluate() in process, scored and reported again": in_process(True)},
            args.rounds,
        )  # fmt: skip
    rows = [Row("bench_rerun", f"re-run of a finished {samples:,}-sample job, {name}", s,
                goal="<= 5 s", note="0 calls") for name, s in results.items()]  # fmt: skip
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
