"""Batch mode through the command line against the loopback batch stub: kill -9 at every step
of a batch's life, two processes at once, wait=false, refusals. After every scenario each
sample was in exactly one batch that answered it, was paid once and is stored once."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub
from tests.conftest import needs

pytestmark = [pytest.mark.slow, needs("openai", "anthropic")]
SAMPLES = 3 * 2  # 3 instances x k = 2
STEPS = [
    "after_intent",
    "after_upload",
    "after_create",
    "after_record",
    "mid_download",
    "mid_store",
]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


def command(batch_stub: BatchStub, out: Path, cache: Path, provider: str, *extra: str) -> list[str]:
    model = (
        ["model=claude", f"model.api_base={batch_stub.base}"]
        if provider == "anthropic"
        else [
            "model=openai_compatible",
            "model.name=stub-model",
            f"model.api_base={batch_stub.api_base}",
        ]
    )
    return [
        sys.executable, "-m", "gralgo", *model, f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]", "level=1", "dataset.per_level=3", "sampling.k=2",
        "sampling.seed=null", "run.batch=on", "run.batch.poll_s=0.05", "run.batch.max_poll_s=0.2",
        "run.batch.max_requests=4", f"paths.outputs={out}", f"paths.cache={cache}",
        "mlflow.enabled=false", *extra,
    ]  # fmt: skip


def run(
    cmd: list[str], crash_at: str | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    env.pop("GRALGO_BATCH_CRASH_AT", None)
    if crash_at:
        env["GRALGO_BATCH_CRASH_AT"] = crash_at
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)


def ledger_rows(out: Path) -> list[tuple[str, int, int, int]]:
    conn = sqlite3.connect(out / "ledger.sqlite")
    try:
        return list(
            conn.execute(
                "SELECT request_key, sample_index, error_class IS NULL, attempts FROM samples"
            )
        )
    finally:
        conn.close()


def open_batches(out: Path) -> int:
    conn = sqlite3.connect(out / "ledger.sqlite")
    try:
        return int(
            conn.execute(
                "SELECT count(*) FROM batches WHERE state IN ('intent', 'uploaded', 'created')"
            ).fetchone()[0]
        )
    finally:
        conn.close()


def check_paid_once(batch_stub: BatchStub, before: dict[str, int], out: Path) -> None:
    """Every sample of this job: answered by the provider once, in one batch, stored once."""
    stats = batch_stub.stats()
    rows = ledger_rows(out)
    keys = {f"{k}-{i}" for k, i, _, _ in rows}
    assert len(rows) == SAMPLES and all(ok for _, _, ok, _ in rows)
    paid = {c: n - before.get(c, 0) for c, n in stats["paid"].items() if c in keys}
    assert paid == dict.fromkeys(keys, 1)
    submitted = {c: n for c, n in stats["submitted"].items() if c in keys}
    assert submitted == dict.fromkeys(keys, 1)  # each sample in exactly one batch
    assert open_batches(out) == 0
    assert stats["files"] == 0  # every uploaded request file deleted (used or orphaned)


@pytest.mark.parametrize("step", STEPS)
def test_kill_9_at_every_step_pays_each_sample_once_openai(
    batch_stub: BatchStub, cache: Path, tmp_path: Path, step: str
) -> None:
    batch_stub.control(delay_s=0.3, fail_every=0, expire=False)
    before = dict(batch_stub.stats()["paid"])
    cmd = command(
        batch_stub, tmp_path, cache, "openai", f"sampling.max_tokens={STEPS.index(step) + 100}"
    )
    killed = run(cmd, crash_at=step)
    assert killed.returncode == -9, killed.stderr[-2000:]
    again = run(cmd)
    assert again.returncode == 0, again.stderr[-3000:]
    if step == "after_create":
        assert "adopted" in again.stderr
    if step in ("after_intent", "after_upload"):
        assert "was never created" in again.stderr
    check_paid_once(batch_stub, before, tmp_path)


@pytest.mark.parametrize("step", ["after_create", "mid_store"])
def test_kill_9_anthropic(batch_stub: BatchStub, cache: Path, tmp_path: Path, step: str) -> None:
    batch_stub.control(delay_s=0.3, fail_every=0, expire=False)
    before = dict(batch_stub.stats()["paid"])
    cmd = command(
        batch_stub, tmp_path, cache, "anthropic", f"sampling.max_tokens={STEPS.index(step) + 200}"
    )
    assert run(cmd, crash_at=step).returncode == -9
    again = run(cmd)
    assert again.returncode == 0, again.stderr[-3000:]
    check_paid_once(batch_stub, before, tmp_path)


def test_two_processes_at_once_share_the_work(
    batch_stub: BatchStub, cache: Path, tmp_path: Path
) -> None:
    batch_stub.control(delay_s=1.0, fail_every=0, expire=False)
    before = dict(batch_stub.stats()["paid"])
    cmd = command(batch_stub, tmp_path, cache, "openai", "sampling.max_tokens=300")
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    env.pop("GRALGO_BATCH_CRASH_AT", None)
    procs = [
        subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs[0][1][-2000:] + outputs[1][1][-2000:]
    check_paid_once(batch_stub, before, tmp_path)


def test_wait_false_submits_exits_5_and_the_same_command_collects(
    batch_stub: BatchStub, cache: Path, tmp_path: Path
) -> None:
    # The batches run until released (hold): still running however long the first run takes.
    batch_stub.control(delay_s=0, hold=True, fail_every=0, expire=False)
    try:
        before = dict(batch_stub.stats()["paid"])
        cmd = command(
            batch_stub, tmp_path, cache, "openai", "sampling.max_tokens=400", "run.batch.wait=false"
        )
        first = run(cmd, timeout=120)  # a run that waits anyway would wait forever
    finally:
        batch_stub.control(hold=False, release=True)  # they end now
    assert first.returncode == 5, first.stderr[-2000:]
    assert "submitted: 2 batch(es) still running" in first.stderr
    assert "collect with the same command: python -m gralgo " in first.stderr
    second = run(cmd)
    assert second.returncode == 0, second.stderr[-2000:]
    assert "batch mode: 6 samples at the batch price" in second.stdout
    check_paid_once(batch_stub, before, tmp_path)


def test_expired_batches_keep_their_results_and_the_rest_is_resubmitted(
    batch_stub: BatchStub, cache: Path, tmp_path: Path
) -> None:
    batch_stub.control(delay_s=0.1, fail_every=0, expire=True, expire_fraction=0.5)
    cmd = command(
        batch_stub, tmp_path, cache, "openai", "sampling.max_tokens=500", "run.max_attempts=2"
    )
    first = run(cmd)
    batch_stub.control(expire=False)
    # half of each batch expired and went back to pending; the resubmission expired half again
    rows = ledger_rows(tmp_path)
    assert first.returncode == 3, first.stderr[-2000:]
    assert sum(ok for _, _, ok, _ in rows) >= 3
    assert "BatchExpired" in first.stderr
    second = run(cmd)
    assert second.returncode == 0, second.stderr[-2000:]
    assert all(ok for _, _, ok, _ in ledger_rows(tmp_path))


def test_tool_mode_refuses_batch_mode_before_anything_runs(
    batch_stub: BatchStub, cache: Path, tmp_path: Path
) -> None:
    result = run(command(batch_stub, tmp_path, cache, "openai", "mode=tool"))
    assert result.returncode == 2
    assert "run.batch=on cannot run mode=tool" in result.stderr
    assert not (tmp_path / "ledger.sqlite").exists()


def test_a_live_run_refuses_samples_held_by_running_batches(
    batch_stub: BatchStub, cache: Path, tmp_path: Path
) -> None:
    batch_stub.control(delay_s=600, fail_every=0, expire=False)
    cmd = command(
        batch_stub, tmp_path, cache, "openai", "sampling.max_tokens=600", "run.batch.wait=false"
    )
    assert run(cmd).returncode == 5
    live = run([arg if arg != "run.batch=on" else "run.batch=off" for arg in cmd])
    assert live.returncode == 2, live.stderr[-2000:]
    assert (
        "are in provider batches that are still open; run the same command with run.batch=on"
        in (live.stderr)
    )
    batch_stub.control(delay_s=0)
