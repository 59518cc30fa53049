"""Logprobs of batch results (``sampling.logprobs=true``) reach the ledger's logprob side table
exactly as a live call's do: the same samples run live and through a batch store equal rows."""

from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import Path

import numpy as np
import pytest

from gralgo.ledger import Ledger, ModelSpec, Request
from gralgo.run.batch._batch_run import BatchSettings, run_batches
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub, make_requests
from tests.conftest import needs

pytestmark = needs("openai")
FAST = BatchSettings(poll_s=0.05, max_poll_s=0.2)


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch, batch_stub: BatchStub) -> None:
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    batch_stub.control(delay_s=0, fail_every=0, expire=False)


def with_logprobs(requests: list[Request], top: int | None) -> list[Request]:
    return [
        replace(r, sampling=replace(r.sampling, logprobs=True, top_logprobs=top)) for r in requests
    ]


def test_batch_results_store_the_logprobs_a_live_call_stores(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    from gralgo.run import run_samples_sync

    requests = with_logprobs(make_requests(batch_stub.api_base, 3, tag="lp"), 3)
    todo = [(r, i) for r in requests for i in range(2)]
    pairs = [(r.key, i) for r, i in todo]
    with Ledger(tmp_path / "live.sqlite") as live:
        run_samples_sync(
            todo, live, max_concurrency=1, max_attempts=1, timeout_s=30, failure_budget=1.0,
            client="litellm",
        )  # fmt: skip
        expected = live.read_logprobs(pairs)
    with Ledger(tmp_path / "batch.sqlite") as ledger:
        report = run_batches(todo, ledger, "j", FAST, None)
        assert report.done == 6
        stored = ledger.read_logprobs(pairs)
    assert len(expected) == len(stored) == 6
    for pair in pairs:
        assert stored[pair].tokens == expected[pair].tokens
        assert np.array_equal(stored[pair].chosen, expected[pair].chosen)
        assert np.array_equal(stored[pair].top, expected[pair].top)
    assert stored[pairs[0]].top.shape == (3, 3)


def test_no_logprobs_are_stored_when_the_request_did_not_ask(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    requests = make_requests(batch_stub.api_base, 2, tag="nolp")
    todo = [(r, 0) for r in requests]
    with Ledger(tmp_path / "batch.sqlite") as ledger:
        assert run_batches(todo, ledger, "j", FAST, None).done == 2
        assert ledger.read_logprobs([(r.key, 0) for r in requests]) == {}


def test_gemini_batch_results_store_their_logprobs(batch_stub: BatchStub, tmp_path: Path) -> None:
    pytest.importorskip("google.genai")
    model = ModelSpec(
        "gemini-2.5-flash", "gemini/gemini-2.5-flash", f"{batch_stub.base}/v1beta", FAKE_KEY_ENV
    )
    requests = [replace(r, model=model) for r in make_requests(batch_stub.api_base, 2, tag="glp")]
    requests = with_logprobs(requests, None)
    todo = [(r, 0) for r in requests]
    with Ledger(tmp_path / "batch.sqlite") as ledger:
        assert run_batches(todo, ledger, "j", FAST, None).done == 2
        stored = ledger.read_logprobs([(r.key, 0) for r in requests])
    assert len(stored) == 2
    data = next(iter(stored.values()))
    assert data.tokens[0] == "\\boxed{"
    assert np.allclose(data.chosen, [-0.25, -0.5, -0.75])


def test_another_jobs_run_stores_the_logprobs_its_batch_asked_for(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    """Job A submits (wait=false); a run of job B on the same endpoint collects A's batch and
    stores A's logprobs, as A's request (in the ledger) asked."""
    import json

    from gralgo.ledger import RequestInfo

    batch_stub.control(delay_s=1.0)
    mine = with_logprobs(make_requests(batch_stub.api_base, 2, tag="jobA"), 2)
    other = make_requests(batch_stub.api_base, 1, tag="jobB")
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ledger.register_requests(
            RequestInfo(
                request_key=r.key,
                instance_id=r.instance_id,
                task="max_degree",
                taxonomy="enumeration",
                complexity="easy",
                level=1,
                format="edge_list",
                context="standard",
                mode="direct",
                answer_kind="integer",
                expected="3",
                model_spec=json.dumps({"litellm_model": r.model.litellm_model}),
                sampling=json.dumps(asdict(r.sampling)),
                messages="[]",
            )  # fmt: skip
            for r in mine
        )
        first = run_batches([(r, 0) for r in mine], ledger, "A", replace(FAST, wait=False), None)
        assert first.submitted_only
        batch_stub.control(delay_s=0)
        run_batches([(r, 0) for r in other], ledger, "B", FAST, None)
        assert ledger.batches(open_only=True) == []
        stored = ledger.read_logprobs([(r.key, 0) for r in mine])
    assert len(stored) == 2
    assert next(iter(stored.values())).top.shape == (3, 2)
