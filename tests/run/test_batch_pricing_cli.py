"""A job's costs by each sample's origin: with a configured price, a sample a provider batch
answered costs the price less ``model.price.batch_discount`` and a live one the full price, in
``metrics.json`` (summary, MLflow) and ``samples.jsonl`` alike. Against the batch stub."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub, start_batch_stub
from tests.conftest import needs

pytestmark = [pytest.mark.slow, needs("openai")]
REPO = Path(__file__).resolve().parents[2]
IN, OUT, DISCOUNT = 2.0, 8.0, 0.5  # USD per 1M tokens; the batch pays half


@pytest.fixture(scope="module")
def stub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BatchStub]:
    server = start_batch_stub(tmp_path_factory.mktemp("batch-stub"))
    server.control(delay_s=0, fail_every=0, expire=False)
    yield server
    server.stop()


def run(stub: BatchStub, out: Path, *extra: str) -> Path:
    """Run one job (2 instances) into ``out/job``; returns its folder."""
    cmd = [
        sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=stub-price",
        f"model.api_base={stub.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]", "level=1", "dataset.per_level=2", "sampling.max_tokens=340",
        f"model.price.input_per_1m={IN}", f"model.price.output_per_1m={OUT}",
        f"model.price.batch_discount={DISCOUNT}", "run.batch.poll_s=0.05",
        "run.batch.max_poll_s=0.2", f"paths.outputs={out}", f"paths.cache={out / 'cache'}",
        f"hydra.run.dir={out / 'job'}", "mlflow.enabled=false", *extra,
    ]  # fmt: skip
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    done = subprocess.run(cmd, env=env, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return out / "job"


def live_cost(line: dict[str, object]) -> float:
    prompt, completion = line["prompt_tokens"], line["completion_tokens"]
    assert isinstance(prompt, int) and isinstance(completion, int)
    return (prompt * IN + completion * OUT) / 1e6


def lines(job: Path) -> list[dict[str, object]]:
    text = (job / "samples.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def total(job: Path) -> float:
    return float(json.loads((job / "metrics.json").read_text())["cost_usd"])


def test_a_batch_job_shows_batch_costs(stub: BatchStub, tmp_path: Path) -> None:
    job = run(stub, tmp_path, "sampling.k=2", "run.batch=on")
    samples = lines(job)
    assert len(samples) == 4
    assert total(job) == pytest.approx(sum(live_cost(s) for s in samples) * (1 - DISCOUNT))
    for sample in samples:
        assert sample["cost_usd"] == pytest.approx(live_cost(sample) * (1 - DISCOUNT))
    assert all(s.get("batch_ref") for s in samples)  # which batch answered it


def test_live_and_batch_samples_of_one_job_are_priced_by_their_origin(
    stub: BatchStub, tmp_path: Path
) -> None:
    run(stub, tmp_path, "sampling.k=1")  # sample 0 of each request: a live call
    job = run(stub, tmp_path, "sampling.k=2", "run.batch=on")  # sample 1: from a batch
    samples = lines(job)
    share = {0: 1.0, 1: 1 - DISCOUNT}  # by sample index: live, batch
    expected = sum(live_cost(s) * share[int(str(s["sample_index"]))] for s in samples)
    assert len(samples) == 4 and total(job) == pytest.approx(expected)
    for sample in samples:
        index = int(str(sample["sample_index"]))
        assert sample["cost_usd"] == pytest.approx(live_cost(sample) * share[index])
        assert bool(sample.get("batch_ref")) is (index == 1)
