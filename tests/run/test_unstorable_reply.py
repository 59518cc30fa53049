"""A reply whose parts cannot be stored is kept as an ``UnstorableResponse`` row with what could
be kept (its answer, tokens and timing), not dropped."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gralgo.ledger import Ledger
from gralgo.run import _runner, run_samples_sync
from gralgo.testing import StubServer, make_requests


def test_logprobs_that_fail_keep_the_answer(
    stub: StubServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(raw: object) -> None:
        raise ValueError("odd logprobs")

    monkeypatch.setattr(_runner, "logprobs_from_response", broken)
    requests = [
        replace(r, sampling=replace(r.sampling, logprobs=True, top_logprobs=1))
        for r in make_requests(stub.api_base, 1, tag="unstorable-lp")
    ]
    stub.control(answers={requests[0].messages[-1]["content"]: "the answer 7"})
    with Ledger(tmp_path / "ledger.sqlite") as ledger:
        run_samples_sync([(requests[0], 0)], ledger, max_concurrency=1, max_attempts=1,
                         timeout_s=20, failure_budget=1.0)  # fmt: skip
        rec = ledger.samples([requests[0].key])[(requests[0].key, 0)]
    assert rec.error_class == "UnstorableResponse"
    assert "odd logprobs" in (rec.error_message or "")
    assert rec.answer_text == "the answer 7" and rec.completion_tokens
    assert rec.attempts == 1 and rec.latency_s is not None and rec.started_at is not None


def test_fields_that_fail_give_an_error_row_with_timing(
    stub: StubServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: object, fields: object) -> None:
        raise TypeError("odd fields")

    monkeypatch.setattr(_runner._LiveRun, "redacted", broken)
    request = make_requests(stub.api_base, 1, tag="unstorable-fields")[0]
    with Ledger(tmp_path / "ledger.sqlite") as ledger:
        report = run_samples_sync([(request, 0)], ledger, max_concurrency=1, max_attempts=1,
                                  timeout_s=20, failure_budget=1.0, client="direct")  # fmt: skip
        rec = ledger.samples([request.key])[(request.key, 0)]
    assert report.errors == {"UnstorableResponse": 1}
    assert (rec.error_class, rec.answer_text, rec.instance_id) == (
        "UnstorableResponse", None, request.instance_id,
    )  # fmt: skip
    assert rec.attempts == 1 and rec.finished_at is not None and rec.model == "openai/stub-model"
