"""Batch mode (``run.batch=on``): samples go through the provider's batch API at its price.

Protocol (``design/batch.md``), for each batch: claim its samples for the owner ``batch:<ref>``
with a lease as long as the completion window plus a margin, and record the intent, in one
transaction; write the request lines (the live request bodies, ``custom_id`` = request key and
sample index); upload; record the file id; create the batch with metadata naming the ref, the
job and the digest of its samples; record the batch id. Collecting (one collector per batch)
streams the result files into the ledger a chunk of lines at a time, each chunk stored with
its claims dropped in one transaction; closing the batch releases what it did not answer
(pending again, with the error class of its line). Every run first looks at the job's open
batches: it adopts a batch whose id was never recorded by finding it at the provider, abandons
an intent that never became a batch (deleting its uploaded file), and collects finished ones.
"""

from __future__ import annotations

import logging
import os
import secrets
import signal
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gralgo.ledger import (
    BatchRecord,
    LedgerStore,
    Pair,
    Request,
    SampleLogprobs,
    SampleRecord,
    custom_id,
    new_owner_id,
    owner_is_dead,
    pairs_digest,
)
from gralgo.redaction import redact_tokens
from gralgo.run._call_errors import redact
from gralgo.run._request_info import redact_known
from gralgo.run.batch._batch_price import BatchRates
from gralgo.run.batch._batch_progress import BatchProgress
from gralgo.run.batch._provider_apis import (
    COMPLETION_WINDOW_S,
    UNDECIDED,
    BatchStatus,
    LineResult,
    custom_pair,
)
from gralgo.run.batch._provider_registry import Provider, make_provider

log = logging.getLogger("gralgo")

CLAIM_MARGIN_S = 6 * 3600.0
"""A batch's samples stay claimed this long past the completion window (collection time)."""
INTENT_GRACE_S = 1800.0
"""An intent of a live process on another host is left alone this long (its upload runs)."""
COLLECT_LEASE_S = 600.0
STORE_CHUNK = 500
"""Result lines stored per transaction."""
PERMANENT = frozenset(
    {"BadRequestError", "AuthenticationError", "PermissionDeniedError", "NotFoundError"}
)
"""Error classes not sent again in this run (a new run tries them once more, as live runs do)."""
CRASH_ENV = "GRALGO_BATCH_CRASH_AT"
"""Test hook: the step at which the process kills itself with SIGKILL (the kill -9 tests)."""


def http_status(err: BaseException) -> int | None:
    """The HTTP status a provider SDK's error carries (``status_code`` or ``code``), if any."""
    for name in ("status_code", "code"):
        value = getattr(err, name, None)
        if isinstance(value, int):
            return value
    return None


def crash_point(step: str) -> None:
    """Die here (SIGKILL, as ``kill -9``) when the test hook names ``step``."""
    if os.environ.get(CRASH_ENV) == step:
        os.kill(os.getpid(), signal.SIGKILL)


@dataclass(frozen=True)
class BatchSettings:
    """``run.batch*``: how batch mode submits, waits and falls back."""

    wait: bool = True
    """Poll until every batch ended and is collected; else submit and return."""
    fallback: str = "none"
    """``live``: samples a batch returned with an error are called live; ``none``: resubmitted."""
    poll_s: float = 30.0
    """First polling interval (doubles up to ``max_poll_s``)."""
    max_poll_s: float = 300.0
    max_requests: int | None = None
    """Lines per batch (default: the provider's limit)."""
    collect: str = "endpoint"
    """``endpoint``: collect every finished batch at the endpoint; ``job``: only this job's."""


@dataclass
class BatchReport:
    """What :func:`run_batches` did."""

    batches_submitted: int = 0
    samples_submitted: int = 0
    adopted: int = 0
    """Batches created by a process that died before recording their id, found and adopted."""
    abandoned: int = 0
    """Intents that never became a batch (their samples are pending again)."""
    collected: int = 0
    done: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    """Result lines that failed, by error class (pending again)."""
    open_batches: int = 0
    """Batches still running at the provider when the run returned."""
    live_todo: list[tuple[Request, int]] = field(default_factory=list)
    """Samples to call live (``fallback=live``)."""
    submit_s: float = 0.0
    collect_s: float = 0.0
    cost: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def submitted_only(self) -> bool:
        """Batches are still running: the job is submitted, not finished."""
        return self.open_batches > 0


class BatchRun:
    """One job's batch work: recover, submit, wait and collect."""

    def __init__(
        self,
        todo: Sequence[tuple[Request, int]],
        ledger: LedgerStore,
        job: str,
        settings: BatchSettings,
        rates: BatchRates | None,
        on_progress: Callable[[SampleRecord], None] | None = None,
        max_attempts: int = 3,
        work_dir: Path | None = None,
        progress: BatchProgress | None = None,
    ) -> None:
        self.progress = progress or BatchProgress()
        self.requests = {r.key: r for r, _ in todo}
        self.todo = list(dict.fromkeys((r.key, i) for r, i in todo))
        self.ledger, self.job, self.settings, self.rates = ledger, job, settings, rates
        self.on_progress, self.max_attempts = on_progress, max_attempts
        self.work_dir = work_dir
        self.owner = new_owner_id()
        self.provider: Provider = make_provider(todo[0][0])
        for name in ("httpx", "httpx2", "openai", "anthropic"):  # one line per HTTP call
            logging.getLogger(name).setLevel(logging.WARNING)
        self.secrets = tuple(
            sorted({os.environ.get(r.model.api_key_env, "") for r in self.requests.values()
                    if r.model.api_key_env} - {""})
        )  # fmt: skip
        self.limit = min(
            settings.max_requests or self.provider.limits.max_requests,
            self.provider.limits.max_requests,
        )
        self.report = BatchReport()
        self.sent: dict[Pair, int] = {}
        """Times each sample was put in a batch by this run."""
        self.no_resubmit: set[Pair] = set()
        self.logprobs: dict[Pair, SampleLogprobs] = {}
        """Logprobs of results waiting to be stored with their rows (requests that ask)."""
        self.foreign: dict[str, tuple[str, str] | None] = {}
        """(instance, model) of request keys of other jobs met in their batches."""
        self.foreign_logprobs: dict[str, bool] = {}
        """Whether those requests asked for logprobs (their ledger ``sampling``)."""

    # ---- submitting ---------------------------------------------------------------------
    def submittable(self) -> list[Pair]:
        done = self.ledger.completed(self.requests)
        return [
            p
            for p in self.todo
            if p not in done
            and p not in self.no_resubmit
            and self.sent.get(p, 0) < self.max_attempts
        ]

    def submit_all(self) -> None:
        t0 = time.perf_counter()
        candidates = self.submittable()
        while candidates:
            claimed = self.submit_one(candidates)
            if not claimed:
                break
            taken = set(claimed)
            candidates = [p for p in candidates if p not in taken]
        self.report.submit_s += time.perf_counter() - t0

    def submit_one(self, candidates: Sequence[Pair]) -> list[Pair]:
        """Claim, write, upload and create one batch; returns its samples (none: all held)."""
        now = time.time()
        ref = secrets.token_hex(8)
        draft = BatchRecord(
            batch_ref=ref, job=self.job, provider=self.provider.name,
            endpoint=self.provider.model.api_base or "", digest="", requests=0, state="intent",
            creator=self.owner, created_at=now,
            expires_at=now + getattr(self.provider, "window_s", COMPLETION_WINDOW_S)
            + CLAIM_MARGIN_S,
        )  # fmt: skip
        record, claimed = self.ledger.open_batch(draft, candidates, self.limit)
        if not claimed:
            return []
        crash_point("after_intent")
        path, kept = self.write_lines(ref, claimed)
        if len(kept) < len(claimed):  # over the byte limit: the rest goes in the next batch
            self.ledger.release_claims(record.owner, claimed[len(kept) :])
            self.ledger.update_batch(ref, digest=pairs_digest(kept), requests=len(kept))
            record = replace(record, digest=pairs_digest(kept), requests=len(kept))
        try:
            file_id = self.provider.upload(path, ref)
            crash_point("after_upload")
            self.ledger.update_batch(ref, state="uploaded", input_file_id=file_id)
            metadata = {"gralgo_ref": ref, "gralgo_job": self.job, "gralgo_digest": record.digest}
            batch_id = self.provider.create(file_id, path, metadata)
            crash_point("after_create")
            self.ledger.update_batch(ref, state="created", batch_id=batch_id)
            crash_point("after_record")
        finally:
            path.unlink(missing_ok=True)
        for pair in kept:
            self.sent[pair] = self.sent.get(pair, 0) + 1
        self.report.batches_submitted += 1
        self.report.samples_submitted += len(kept)
        log.info("batch: submitted %s (%d requests) as %s", ref, len(kept), batch_id)
        return kept

    def write_lines(self, ref: str, pairs: Sequence[Pair]) -> tuple[Path, list[Pair]]:
        """The request file (JSONL), written a line at a time; stops at the byte limit."""
        import json

        handle = tempfile.NamedTemporaryFile(
            "w", suffix=".jsonl", prefix=f"gralgo-{ref}-", dir=self.work_dir, delete=False,
            encoding="utf-8",
        )  # fmt: skip
        kept: list[Pair] = []
        size = 0
        with handle:
            for pair in pairs:
                line = self.provider.line(self.requests[pair[0]], pair[1], custom_id(pair))
                text = json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
                size += len(text.encode())
                if size > self.provider.limits.max_bytes and kept:
                    break
                handle.write(text)
                kept.append(pair)
        return Path(handle.name), kept

    # ---- recovering and collecting -------------------------------------------------------
    def recover_and_collect(self) -> list[BatchStatus]:
        """Adopt or abandon the job's unrecorded batches; collect the finished ones. Returns the
        status of those still running."""
        running: list[BatchStatus] = []
        for batch in self.open_batches():
            if batch.batch_id is None:
                adopted = self.adopt(batch)
                if adopted is None:
                    continue
                batch = adopted
            status = self.collect_batch(batch)
            if status is not None:
                running.append(status)
        return running

    def open_batches(self) -> list[BatchRecord]:
        """Open batches at this provider endpoint, of any job: a run collects whatever is
        ready there (a job whose config changed still gets its earlier batches stored); with
        ``collect=job``, only this job's."""
        endpoint = self.provider.model.api_base or ""
        return [
            b
            for b in self.ledger.batches(open_only=True)
            if b.provider == self.provider.name
            and b.endpoint == endpoint
            and (self.settings.collect == "endpoint" or b.job == self.job)
        ]

    def describe(self, key: str) -> tuple[str, str] | None:
        """(instance id, litellm model) of a request key: this job's, else the ledger's."""
        request = self.requests.get(key)
        if request is not None:
            return request.instance_id, request.model.litellm_model
        if key not in self.foreign:
            import json

            infos = self.ledger.requests([key], messages=False)
            self.foreign[key] = (
                (infos[0].instance_id, json.loads(infos[0].model_spec)["litellm_model"])
                if infos
                else None
            )
        return self.foreign[key]

    def wants_logprobs(self, key: str) -> bool:
        """Whether the request asked for logprobs (this job's, else as the ledger records it)."""
        request = self.requests.get(key)
        if request is not None:
            return bool(request.sampling.logprobs)
        if key not in self.foreign_logprobs:
            import json

            infos = self.ledger.requests([key], messages=False)
            asked = bool(infos) and bool(json.loads(infos[0].sampling).get("logprobs"))
            self.foreign_logprobs[key] = asked
        return self.foreign_logprobs[key]

    def adopt(self, batch: BatchRecord) -> BatchRecord | None:
        """The batch of an intent whose creator died before recording the id: found at the
        provider by its ref (adopted), or never created (abandoned, its file deleted)."""
        if batch.creator == self.owner:
            return None
        creator_gone = (
            owner_is_dead(batch.creator) or time.time() - batch.created_at > INTENT_GRACE_S
        )
        if not creator_gone or not self.ledger.take_batch(
            batch.batch_ref, self.owner, COLLECT_LEASE_S
        ):
            return None
        held = [custom_id(p) for p in self.ledger.batch_pairs(batch.batch_ref)]
        found = self.provider.find(batch.batch_ref, batch.created_at, batch.requests, held)
        if found == UNDECIDED:
            log.info("batch: %s may be a running batch; waiting for it to end", batch.batch_ref)
            return None
        if found is not None:
            self.ledger.update_batch(batch.batch_ref, state="created", batch_id=found)
            self.report.adopted += 1
            log.info(
                "batch: adopted %s (%s), created by a process that died", batch.batch_ref, found
            )
            return replace(batch, state="created", batch_id=found)
        try:
            stray = set(self.provider.stray_files(batch.batch_ref))
        except Exception as err:  # a server without GET /v1/files: the recorded upload only
            if http_status(err) not in (404, 405, 501):
                raise
            stray = set()
        if batch.input_file_id:
            stray.add(batch.input_file_id)
        for file_id in sorted(stray):
            self.provider.delete_file(file_id)
        self.ledger.finish_batch(batch.batch_ref, "abandoned", "never created at the provider")
        self.report.abandoned += 1
        log.info("batch: %s was never created; its samples are pending again", batch.batch_ref)
        return None

    def collect_batch(self, batch: BatchRecord) -> BatchStatus | None:
        """Store a finished batch's results; the status of a running one (else ``None``)."""
        assert batch.batch_id is not None
        if not self.ledger.take_batch(batch.batch_ref, self.owner, COLLECT_LEASE_S):
            return None  # another process collects it
        try:
            status = self.provider.status(batch.batch_id)
        except Exception as err:
            if http_status(err) != 404:
                raise
            unanswered = len(self.ledger.batch_pairs(batch.batch_ref))
            self.ledger.finish_batch(batch.batch_ref, "abandoned", "gone at the provider (404)")
            self.report.abandoned += 1
            log.warning(
                "batch: %s (%s) is gone at the provider (404): its %d unanswered sample(s) are "
                "pending again", batch.batch_ref, batch.batch_id, unanswered,
            )  # fmt: skip
            return None
        if not status.final:
            return status
        t0 = time.perf_counter()
        held = set(self.ledger.batch_pairs(batch.batch_ref))
        chunk: list[SampleRecord] = []
        stored = 0
        for number, line in enumerate(self.provider.results(batch.batch_id)):
            if number == 1:
                crash_point("mid_download")
            pair = custom_pair(line.custom_id)
            if pair is None or pair not in held:
                continue  # stored before a crash, or not ours
            described = self.describe(pair[0])
            if described is None:
                continue  # a request the ledger does not describe: left to expire
            held.discard(pair)
            chunk.append(self.record(pair, described, line, batch))
            if len(chunk) >= STORE_CHUNK:
                self.store(batch, chunk)
                stored += len(chunk)
                chunk = []
                crash_point("mid_store")
                self.ledger.take_batch(batch.batch_ref, self.owner, COLLECT_LEASE_S)
        self.store(batch, chunk)
        crash_point("mid_store")  # some results stored, the batch not yet closed
        missing = {
            "failed": "BatchFailed",
            "expired": "BatchExpired",
            "cancelled": "BatchCancelled",
        }
        for pair in held:  # no line at all (a failed batch; Gemini's expired): pending again
            if pair[0] in self.requests:
                self.note_error(pair, missing.get(status.status, "BatchMissing"))
        self.ledger.finish_batch(batch.batch_ref, "collected", status.status)
        try:
            self.provider.cleanup(batch.batch_id)
        except Exception as err:  # files deleted already (a crash after cleaning up)
            if http_status(err) != 404:
                raise
        self.report.collected += 1
        self.report.collect_s += time.perf_counter() - t0
        log.info(
            "batch: collected %s (%s, %d lines)",
            batch.batch_ref,
            status.status,
            stored + len(chunk),
        )
        return None

    def record(
        self, pair: Pair, described: tuple[str, str], line: LineResult, batch: BatchRecord
    ) -> SampleRecord:
        instance_id, model = described
        base = SampleRecord(
            pair[0], pair[1], instance_id, model, started_at=batch.created_at,
            finished_at=time.time(), batch_ref=batch.batch_ref,
        )  # fmt: skip
        if line.fields is None:
            return replace(
                base,
                error_class=line.error_class or "BatchRequestError",
                error_message=redact(line.error_message or "", self.secrets),
            )
        fields = dict(line.fields)
        if line.logprobs is not None and self.wants_logprobs(pair[0]):
            tokens = redact_tokens(line.logprobs.tokens, self.secrets)
            self.logprobs[pair] = replace(line.logprobs, tokens=tokens)
        for name in ("answer_text", "reasoning_text"):
            if fields.get(name):
                fields[name] = redact_known(fields[name], self.secrets)
        if self.rates is not None and pair[0] in self.requests:
            fields["cost_usd"] = (
                fields["prompt_tokens"] * self.rates.input
                + fields["completion_tokens"] * self.rates.output
            )
        return replace(base, **fields)

    def store(self, batch: BatchRecord, records: list[SampleRecord]) -> None:
        if not records:
            return
        pairs = [(r.request_key, r.sample_index) for r in records]
        logprobs = {p: self.logprobs.pop(p) for p in pairs if p in self.logprobs}
        self.ledger.store_batch_results(batch.batch_ref, records, logprobs)
        for rec in records:
            self.count(rec)

    def note_error(self, pair: Pair, error_class: str) -> None:
        request = self.requests[pair[0]]
        self.report.errors[error_class] = self.report.errors.get(error_class, 0) + 1
        self.after_error(pair, error_class, request)

    def count(self, rec: SampleRecord) -> None:
        if rec.request_key not in self.requests:
            return  # another job's sample, stored for it
        report = self.report
        if rec.ok:
            report.done += 1
            report.prompt_tokens += rec.prompt_tokens or 0
            report.completion_tokens += rec.completion_tokens or 0
            report.cost += rec.cost_usd or 0.0
        else:
            assert rec.error_class is not None
            report.errors[rec.error_class] = report.errors.get(rec.error_class, 0) + 1
            self.after_error(
                (rec.request_key, rec.sample_index), rec.error_class, self.requests[rec.request_key]
            )
        if self.on_progress is not None:
            self.on_progress(rec)

    def after_error(self, pair: Pair, error_class: str, request: Request) -> None:
        if error_class in PERMANENT:
            self.no_resubmit.add(pair)
        elif self.settings.fallback == "live":
            self.no_resubmit.add(pair)
            self.report.live_todo.append((request, pair[1]))

    # ---- the loop: submit, poll, collect (the transport's three steps) -------------------
    def run(self) -> BatchReport:
        try:
            self.submit()
            self.poll()
            return self.collect()
        finally:
            self.finish()

    def submit(self) -> None:
        """Collect what has ended at the endpoint, adopt or abandon orphans, then submit the
        pending samples in new batches."""
        self.recover_and_collect()
        self.submit_all()

    def poll(self) -> int:
        """Batches this run leaves running at the provider (``wait=false``: one look, after
        collecting what has ended; ``wait=true``: none, :meth:`collect` waits for them)."""
        if self.settings.wait:
            return 0
        self.recover_and_collect()
        self.report.open_batches = len(self.open_batches())
        return self.report.open_batches

    def collect(self) -> BatchReport:
        """With ``wait=true``: poll until every batch ended, storing each as it ends and
        resubmitting requeued samples; what this run did."""
        delay = self.settings.poll_s
        while self.settings.wait:
            running = self.recover_and_collect()
            if not self.open_batches():
                if self.submittable():
                    self.submit_all()  # requeued samples go in a new batch
                    if self.open_batches():
                        continue
                break
            self.progress.update(running)
            time.sleep(delay)
            delay = min(self.settings.max_poll_s, delay * 2)
        return self.report

    def finish(self) -> None:
        """Drop this run's collector leases (another run, in this process too, may collect
        what it polled) and close its progress display."""
        self.ledger.drop_collector(self.owner)
        self.progress.close()


def close_answered_batches(request: Request, ledger: LedgerStore) -> int:
    """Close the open batches at ``request``'s provider endpoint whose every sample is stored
    (a crash after storing, before closing) and delete their files there; how many. A job with
    nothing left to send calls this, so no such batch stays open."""
    provider = make_provider(request)
    endpoint = request.model.api_base or ""
    closed = 0
    for batch in ledger.batches(open_only=True):
        if batch.provider != provider.name or batch.endpoint != endpoint:
            continue
        if batch.batch_id is None or ledger.batch_pairs(batch.batch_ref):
            continue  # not created yet, or still holding samples: a batch run collects it
        ledger.finish_batch(batch.batch_ref, "collected", "every result already stored")
        try:
            provider.cleanup(batch.batch_id)
        except Exception as err:  # the files may be gone already: the ledger is what counts
            log.info("batch: could not delete the files of %s: %s", batch.batch_ref, err)
        log.info("batch: closed %s (every result already stored)", batch.batch_ref)
        closed += 1
    return closed


def run_batches(
    todo: Sequence[tuple[Request, int]],
    ledger: LedgerStore,
    job: str,
    settings: BatchSettings,
    rates: BatchRates | None,
    *,
    on_progress: Callable[[SampleRecord], None] | None = None,
    max_attempts: int = 3,
    work_dir: Path | None = None,
    progress: BatchProgress | None = None,
) -> BatchReport:
    """Submit ``todo`` through the provider's batch API and (with ``settings.wait``) collect it.

    Samples already answered, or held by another live process or batch, are not sent. Errors
    of result lines are stored as error rows (pending again) and resubmitted in a new batch up
    to ``max_attempts`` times per sample (``fallback=live``: returned in ``live_todo``)."""
    if not todo:
        return BatchReport()
    return BatchRun(
        todo, ledger, job, settings, rates, on_progress, max_attempts, work_dir, progress
    ).run()
