"""An orphaned Anthropic batch (kill -9 after create, before its id is recorded) while another
batch with the same request count runs on the account: Anthropic batches carry no metadata, so
the next run waits for both to end and adopts the one whose results' custom_ids are its own,
instead of resubmitting (which would pay for those samples twice)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_batch_kill import check_paid_once, command, run

from gralgo.testing import FAKE_KEY, BatchStub

anthropic = pytest.importorskip("anthropic")
pytestmark = pytest.mark.slow


def decoy_batch(batch_stub: BatchStub, requests: int) -> str:
    """Someone else's batch on the same account, as many requests as ours."""
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
    # Longer than the next run takes to start on a loaded machine: the orphan is still running.
    batch_stub.control(delay_s=30.0, fail_every=0, expire=False)
    before = dict(batch_stub.stats()["paid"])
    cmd = command(batch_stub, tmp_path, tmp_path / "cache", "anthropic", "sampling.max_tokens=900")
    assert run(cmd, crash_at="after_create").returncode == -9
    decoy_batch(batch_stub, 4)  # run.batch.max_requests=4: the orphan holds 4 requests too
    again = run(cmd)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "waiting for it to end" in again.stderr
    assert "adopted" in again.stderr
    check_paid_once(batch_stub, before, tmp_path)
    batch_stub.control(delay_s=0)
