"""The batch runner in process against the loopback stub: splitting by limits, partial
failures, cancellation, live fallback, Anthropic, batch prices."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from gralgo.ledger import Ledger, ModelSpec, Request
from gralgo.run.batch._batch_price import batch_rates
from gralgo.run.batch._batch_run import BatchRates, BatchSettings, run_batches
from gralgo.run.batch._provider_apis import OpenAIBatches
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub, make_requests
from tests.conftest import needs

pytestmark = needs("openai", "anthropic")
FAST = BatchSettings(poll_s=0.05, max_poll_s=0.2)


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch, batch_stub: BatchStub) -> None:
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    batch_stub.control(delay_s=0, fail_every=0, expire=False)


def todo(requests: list[Request], k: int) -> list[tuple[Request, int]]:
    return [(r, i) for r in requests for i in range(k)]


def test_work_is_split_by_the_request_limit_and_k_samples_are_k_lines(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    requests = make_requests(batch_stub.api_base, 5, tag="split")
    before = batch_stub.stats()["created"]
    with Ledger(tmp_path / "l.sqlite") as ledger:
        report = run_batches(todo(requests, 3), ledger, "j", replace(FAST, max_requests=4), None)
        assert (report.batches_submitted, report.samples_submitted, report.done) == (4, 15, 15)
        assert batch_stub.stats()["created"] - before == 4
        assert len(ledger.completed([r.key for r in requests])) == 15
        assert {b.requests for b in ledger.batches()} == {4, 3}


def test_failed_lines_go_back_to_pending_with_their_error_and_are_resubmitted(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    batch_stub.control(fail_every=3)
    requests = make_requests(batch_stub.api_base, 4, tag="fail")
    with Ledger(tmp_path / "l.sqlite") as ledger:
        report = run_batches(todo(requests, 3), ledger, "j", FAST, None, max_attempts=3)
        assert report.errors["InternalServerError"] >= 4
        assert report.done == 12  # the resubmitted lines succeeded later
        rows = ledger.samples([r.key for r in requests])
        assert all(rec.ok for rec in rows.values())
        assert max(rec.attempts for rec in rows.values()) >= 2


def test_a_cancelled_batch_keeps_its_results_and_the_rest_is_submitted_again(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    batch_stub.control(delay_s=20)
    requests = make_requests(batch_stub.api_base, 4, tag="cancel")
    with Ledger(tmp_path / "l.sqlite") as ledger:
        first = run_batches(todo(requests, 2), ledger, "j", replace(FAST, wait=False), None)
        assert first.submitted_only and first.open_batches == 1
        [batch] = ledger.batches(open_only=True)
        assert batch.batch_id is not None
        provider = OpenAIBatches(requests[0])
        while provider.status(batch.batch_id).done < 2:  # part of it answered at the provider
            time.sleep(0.5)
        provider.cancel(batch.batch_id)
        batch_stub.control(delay_s=0)
        second = run_batches(todo(requests, 2), ledger, "j", FAST, None)
        assert 0 < second.errors["BatchCancelled"] < 8
        kept = 8 - second.errors["BatchCancelled"]
        assert second.done == 8 and second.batches_submitted == 1
        assert second.samples_submitted == 8 - kept  # the cancelled batch's answers were kept
        assert ledger.batches()[0].note == "cancelled"


def test_fallback_live_calls_the_failed_samples_live(batch_stub: BatchStub, tmp_path: Path) -> None:
    batch_stub.control(fail_every=2)
    requests = make_requests(batch_stub.api_base, 3, tag="fallback")
    with Ledger(tmp_path / "l.sqlite") as ledger:
        report = run_batches(todo(requests, 2), ledger, "j", replace(FAST, fallback="live"), None)
    assert report.batches_submitted == 1 and len(report.live_todo) == 3
    assert report.done == 3


def test_anthropic_batches_store_answers_reasoning_and_batch_costs(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    batch_stub.control(reasoning=True)
    model = ModelSpec("c", "anthropic/claude-sonnet-4-5", batch_stub.base, FAKE_KEY_ENV)
    requests = [
        replace(r, model=model) for r in make_requests(batch_stub.api_base, 3, tag="claude")
    ]
    rates = batch_rates(model.litellm_model, {})
    assert rates is not None and rates.source == "litellm"
    assert rates.input == pytest.approx(1.5e-6) and rates.output == pytest.approx(7.5e-6)
    with Ledger(tmp_path / "l.sqlite") as ledger:
        report = run_batches(todo(requests, 2), ledger, "j", FAST, rates)
        rows = ledger.samples([r.key for r in requests]).values()
    assert report.done == 6
    for rec in rows:
        assert rec.reasoning_text == "hmm" and rec.answer_text.startswith("\\boxed{")
        expected = rec.prompt_tokens * 1.5e-6 + rec.completion_tokens * 7.5e-6
        assert rec.cost_usd == pytest.approx(expected)
    batch_stub.control(reasoning=False)


def test_batch_prices_come_from_litellm_else_the_configured_discount() -> None:
    gpt = batch_rates("openai/gpt-5-mini", {})
    assert gpt == BatchRates(1.25e-7, 1e-6, "litellm")
    configured = batch_rates(
        "x/y", {"input_per_1m": 2.0, "output_per_1m": 8.0, "batch_discount": 0.5}
    )
    assert configured == BatchRates(1e-6, 4e-6, "discount")
    assert batch_rates("x/y", {"input_per_1m": 2.0, "output_per_1m": 8.0}) is None
    assert batch_rates("openai/no-such-model", {}) is None


def dead_owner() -> str:
    """An owner id of this host whose process does not exist."""
    import socket

    return f"{socket.gethostname()}:{2**22 + 12345}:dead"


def orphan(batch_stub: BatchStub, ledger: Ledger, requests: list[Request], create: bool) -> str:
    """What a process killed after its upload (``create=False``) or after creating the batch
    but before recording its id (``create=True``) leaves behind; returns the batch ref."""
    import json

    from gralgo.ledger import BatchRecord, custom_id

    now = time.time()
    draft = BatchRecord(
        "orphan" + ("c" if create else "u"), "j", "openai", batch_stub.api_base, "", 0, "intent",
        dead_owner(), now, now + 3600,
    )  # fmt: skip
    record, claimed = ledger.open_batch(draft, [(r.key, 0) for r in requests], 100)
    provider = OpenAIBatches(requests[0])
    path = Path(tempfile_dir()) / f"{record.batch_ref}.jsonl"
    path.write_text(
        "".join(
            json.dumps(provider.line(requests[0], 0, custom_id(p)) | {"custom_id": custom_id(p)})
            + "\n"
            for p in claimed
        )
    )
    file_id = provider.upload(path, record.batch_ref)
    if create:
        ledger.update_batch(record.batch_ref, state="uploaded", input_file_id=file_id)
        provider.create(file_id, path, {"gralgo_ref": record.batch_ref})
    return record.batch_ref


def tempfile_dir() -> str:
    import tempfile

    return tempfile.mkdtemp()


def test_a_batch_whose_id_was_never_recorded_is_adopted_not_resubmitted(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    requests = make_requests(batch_stub.api_base, 3, tag="adopt")
    before = batch_stub.stats()
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ref = orphan(batch_stub, ledger, requests, create=True)
        report = run_batches(todo(requests, 1), ledger, "j", FAST, None)
        assert (report.adopted, report.batches_submitted, report.done) == (1, 0, 3)
        assert ledger.batch(ref).state == "collected"  # type: ignore[union-attr]
    after = batch_stub.stats()
    assert after["created"] - before["created"] == 1  # only the orphan: nothing resubmitted
    assert after["files"] == 0


def test_an_upload_never_made_a_batch_is_deleted_and_its_samples_resubmitted(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    requests = make_requests(batch_stub.api_base, 3, tag="upload")
    with Ledger(tmp_path / "l.sqlite") as ledger:
        ref = orphan(batch_stub, ledger, requests, create=False)
        assert batch_stub.stats()["files"] == 1
        report = run_batches(todo(requests, 1), ledger, "j", FAST, None)
        assert (report.abandoned, report.batches_submitted, report.done) == (1, 1, 3)
        assert ledger.batch(ref).state == "abandoned"  # type: ignore[union-attr]
    assert batch_stub.stats()["files"] == 0


class _HttpError(Exception):
    """A provider SDK error with an HTTP status (as openai's, anthropic's and google's carry)."""

    def __init__(self, status_code: int) -> None:
        super().__init__(f"HTTP {status_code}")
        self.status_code = status_code


def test_a_batch_deleted_at_the_provider_releases_its_claims_and_is_sent_again(
    batch_stub: BatchStub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34, item 3: GET of the batch answers 404. The run says so, closes it as
    abandoned (its samples pending again at once, not after the 30 h lease) and goes on."""
    requests = make_requests(batch_stub.api_base, 3, tag="gone404")
    batch_stub.control(delay_s=30)  # still running when the run returns
    with Ledger(tmp_path / "l.sqlite") as ledger:
        first = run_batches(todo(requests, 1), ledger, "j", replace(FAST, wait=False), None)
        batch_stub.control(delay_s=0)
        assert first.batches_submitted == 1
        [gone] = ledger.batches(open_only=True)
        real = OpenAIBatches.status

        def status(self: OpenAIBatches, batch_id: str):  # type: ignore[no-untyped-def]
            if batch_id == gone.batch_id:
                raise _HttpError(404)
            return real(self, batch_id)

        monkeypatch.setattr(OpenAIBatches, "status", status)
        report = run_batches(todo(requests, 1), ledger, "j", FAST, None)
        assert (report.abandoned, report.batches_submitted, report.done) == (1, 1, 3)
        assert ledger.batch(gone.batch_ref).state == "abandoned"  # type: ignore[union-attr]
        assert "(404)" in (ledger.batch(gone.batch_ref).note or "")  # type: ignore[union-attr]
        assert len(ledger.completed([r.key for r in requests])) == 3


def test_a_server_without_the_files_listing_still_abandons_an_upload_never_made_a_batch(
    batch_stub: BatchStub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34, item 3: an OpenAI-compatible server without ``GET /v1/files`` (405) after a
    crash right after the upload: the recorded upload is deleted, the samples sent again."""
    requests = make_requests(batch_stub.api_base, 3, tag="nofiles")

    def no_listing(self: OpenAIBatches, batch_ref: str) -> list[str]:
        raise _HttpError(405)

    with Ledger(tmp_path / "l.sqlite") as ledger:
        ref = orphan(batch_stub, ledger, requests, create=False)
        monkeypatch.setattr(OpenAIBatches, "stray_files", no_listing)
        report = run_batches(todo(requests, 1), ledger, "j", FAST, None)
        assert (report.abandoned, report.batches_submitted, report.done) == (1, 1, 3)
        assert ledger.batch(ref).state == "abandoned"  # type: ignore[union-attr]


def test_a_batch_whose_every_result_is_stored_is_closed_by_a_job_with_nothing_to_send(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    """Issue 34, item 3: a crash after storing every row, before closing the batch, left it
    ``created``; a later job (nothing left to send) closes it. One still holding samples is
    left to a batch run."""
    from gralgo.run.batch._batch_run import close_answered_batches

    requests = make_requests(batch_stub.api_base, 4, tag="allstored")
    with Ledger(tmp_path / "l.sqlite") as ledger:
        run_batches(todo(requests[:2], 1), ledger, "j", FAST, None)
        [done] = ledger.batches()
        ledger.update_batch(done.batch_ref, state="created")  # as the crash left it
        orphan(batch_stub, ledger, requests[2:], create=True)  # holds its samples
        assert len(ledger.batches(open_only=True)) == 2
        assert close_answered_batches(requests[0], ledger) == 1
        assert ledger.batch(done.batch_ref).state == "collected"  # type: ignore[union-attr]
        [still] = ledger.batches(open_only=True)
        assert still.batch_ref != done.batch_ref and ledger.batch_pairs(still.batch_ref)
