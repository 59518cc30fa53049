"""Time re-running a finished evaluation of the whole benchmark (21,600 samples).

    python benchmarks/bench_rerun.py

Builds (or reuses) the main experiment's dataset (9 tasks x 6 levels x 50 instances), fills a
fresh ledger with k = 8 finished samples per instance (synthetic answers, as a finished run
leaves them), then times ``evaluate`` on the same config: it must make zero model calls (the
model's api_base points at a closed port, so any call would fail). The first evaluation builds
every table, plot and the MLflow run from the ledger alone; a re-run in a new folder links
those results (nothing changed); a re-run without the results index scores and reports again.
Also times the plain re-run as a fresh CLI process.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.evaluate import evaluate, load_instances, resolve_model
from gralgo.job import INDEX_DIR
from gralgo.ledger import Ledger, SampleRecord
from gralgo.run import build_requests
from gralgo.settings import settings_from_config

REPO = Path(__file__).resolve().parents[1]


def overrides(outputs: Path) -> list[str]:
    return [
        "+experiment=main",
        "model=openai_compatible",
        "model.name=finished-model",
        "model.api_base=http://127.0.0.1:9/v1",
        f"paths.outputs={outputs}",
        f"dataset.dir={REPO / 'outputs' / 'datasets' / 'bench-main'}",
    ]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        outputs = Path(tmp) / "outputs"
        with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
            cfg = compose("config", overrides=overrides(outputs))
        settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))
        started = time.perf_counter()
        instances = load_instances(settings)
        print(f"dataset ready: {len(instances)} instances ({time.perf_counter() - started:.1f} s)")
        spec, sampling = resolve_model(settings)
        requests = build_requests(instances, settings.format, spec, sampling)
        started = time.perf_counter()
        with Ledger(settings.ledger_path) as ledger:
            for instance, request in zip(instances, requests, strict=True):
                for index in range(settings.k):
                    answer = instance.prompts[settings.format].answer if index % 3 else "0"
                    ledger.record(SampleRecord(
                        request_key=request.key, sample_index=index, instance_id=instance.id,
                        model=spec.litellm_model, answer_text=f"So... \\boxed{{{answer}}}",
                        finish_reason="stop", prompt_tokens=1000, completion_tokens=2000,
                    ))  # fmt: skip
        samples = len(requests) * settings.k
        print(f"ledger filled with {samples} samples ({time.perf_counter() - started:.1f} s)")

        started = time.perf_counter()
        result = evaluate(settings)
        seconds = time.perf_counter() - started
        assert result.plan.samples_todo == 0 and result.samples == samples
        print(
            f"first evaluation of the filled ledger: 0 calls, {result.samples} samples scored "
            f"and reported, new MLflow run: {seconds:.2f} s"
        )
        started = time.perf_counter()
        again = evaluate(settings)
        seconds = time.perf_counter() - started
        assert again.plan.samples_todo == 0 and again.run_id == result.run_id
        assert again.output_dir != result.output_dir
        print(f"re-run in the same process (0 calls, results linked into a new folder): "
              f"{seconds:.2f} s")  # fmt: skip
        shutil.rmtree(outputs / INDEX_DIR)
        started = time.perf_counter()
        again = evaluate(settings)
        seconds = time.perf_counter() - started
        assert again.plan.samples_todo == 0 and again.run_id == result.run_id
        print(f"re-run in the same process that scores and reports again (0 calls, tables "
              f"rebuilt, no duplicate MLflow run): {seconds:.2f} s")  # fmt: skip

        command = [sys.executable, "-m", "gralgo", *overrides(outputs)]
        started = time.perf_counter()
        done = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
        seconds = time.perf_counter() - started
        assert done.returncode == 0, done.stderr[-3000:]
        assert "(0 still to run" in done.stderr
        print(f"re-run as a new CLI process (imports included; results linked): {seconds:.2f} s")


if __name__ == "__main__":
    main()
