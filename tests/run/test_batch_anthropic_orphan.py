"""An orphaned Anthropic batch (kill -9 after create, before its id is recorded) while another
batch with the same request count runs on the account: Anthropic batches carry no metadata, so
the next run waits for both to end and adopts the one whose results' custom_ids are its own,
instead of resubmitting (which would pay for those samples twice)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from test_batch_kill import check_paid_once, command, run

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub
from tests.conftest import needs

pytestmark = [pytest.mark.slow, needs("anthropic")]


def decoy_batch(batch_stub: BatchStub, requests: int) -> str:
    """Someone else's batch on the same account, as many requests as ours."""
    import anthropic

    client = anthropic.Anthropic(api_key=FAKE_KEY, base_url=batch_stub.base, max_retries=0)
    params = {
        "model": "claude-sonnet-4-5", "max_tokens": 16,
        "messages": [{"role": "user", "content": "another tool's question"}],
    }  # fmt: skip
    batch = client.messages.batches.create(
        requests=[{"custom_id": f"decoy-{i}", "params": params} for i in range(requests)]  # type: ignore[misc]
    )
    return str(batch.id)


def test_an_ambiguous_orphan_is_matched_by_its_custom_ids_not_resubmitted(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    # The orphan and the decoy run until the next run has found them and waits (hold, release).
    batch_stub.control(delay_s=0, hold=True, fail_every=0, expire=False)
    try:
        before = dict(batch_stub.stats()["paid"])
        tokens = "sampling.max_tokens=900"
        cmd = command(batch_stub, tmp_path, tmp_path / "cache", "anthropic", tokens)
        assert run(cmd, crash_at="after_create").returncode == -9
        decoy_batch(batch_stub, 4)  # run.batch.max_requests=4: the orphan holds 4 requests too
        batch_stub.control(hold=False)  # a batch the next run submits is not held
        again = subprocess.Popen(
            cmd, env={**os.environ, FAKE_KEY_ENV: FAKE_KEY}, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert again.stderr is not None
        stderr = ""
        for line in again.stderr:  # to its end if the run never waits
            stderr += line
            if "waiting for it to end" in line:
                break
        batch_stub.control(release=True)  # the orphan and the decoy end now
        stderr += again.stderr.read()
        assert again.wait(timeout=600) == 0, stderr[-3000:]
    finally:
        batch_stub.control(hold=False, release=True)
    assert "waiting for it to end" in stderr
    assert "adopted" in stderr
    check_paid_once(batch_stub, before, tmp_path)
