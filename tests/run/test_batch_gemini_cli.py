"""Gemini batch mode through the command line against the loopback stub: a whole job, and
kill -9 after the job is created but before its name is recorded (adopted through the ref in
its display name) and mid-store. Every sample is in one batch, paid once and stored once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_batch_kill import STEPS, check_paid_once, ledger_rows, run

from gralgo.testing import FAKE_KEY_ENV, BatchStub
from tests.conftest import needs

pytestmark = [pytest.mark.slow, needs("google.genai")]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


def command(batch_stub: BatchStub, out: Path, cache: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "gralgo", "model=gemini_2_5_flash",
        f"model.api_base={batch_stub.base}/v1beta", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]", "level=1", "dataset.per_level=3", "sampling.k=2",
        "sampling.seed=null", "run.batch=on", "run.batch.poll_s=0.05", "run.batch.max_poll_s=0.2",
        "run.batch.max_requests=4", f"paths.outputs={out}", f"paths.cache={cache}",
        "mlflow.enabled=false", *extra,
    ]  # fmt: skip


def test_a_gemini_job_runs_through_the_batch_api(
    batch_stub: BatchStub, cache: Path, tmp_path: Path
) -> None:
    batch_stub.control(delay_s=0.3, fail_every=0, expire=False)
    before = dict(batch_stub.stats()["paid"])
    done = run(command(batch_stub, tmp_path, cache, "sampling.max_tokens=700"))
    assert done.returncode == 0, done.stderr[-3000:]
    assert "batch mode: 6 samples at the batch price" in done.stdout
    assert "batch: submitted" in done.stderr and "batches/" in done.stderr
    check_paid_once(batch_stub, before, tmp_path)
    assert all(ok for _, _, ok, _ in ledger_rows(tmp_path))


@pytest.mark.parametrize("step", ["after_create", "mid_store"])
def test_kill_9_gemini(batch_stub: BatchStub, cache: Path, tmp_path: Path, step: str) -> None:
    batch_stub.control(delay_s=0.3, fail_every=0, expire=False)
    before = dict(batch_stub.stats()["paid"])
    cmd = command(batch_stub, tmp_path, cache, f"sampling.max_tokens={STEPS.index(step) + 800}")
    killed = run(cmd, crash_at=step)
    assert killed.returncode == -9, killed.stderr[-2000:]
    again = run(cmd)
    assert again.returncode == 0, again.stderr[-3000:]
    if step == "after_create":
        assert "adopted" in again.stderr
    check_paid_once(batch_stub, before, tmp_path)
