"""Run model samples through ``litellm.acompletion``: adaptive limits, retries, ledger commits.

Each (request, sample index) becomes one task. A task takes a slot from its endpoint's
:class:`AdaptiveLimiter`, calls the model, and hands the outcome to the ledger's writer thread
(:class:`~gralgo.ledger.ReplyWriter`, group commit); it counts only once committed.
Transient failures are retried with exponential backoff and full jitter; a 429 also halves
the endpoint's limit and pauses it for Retry-After. Failures that every later call would share
(bad key, unknown model) stop the run; once the share of failed samples exceeds the failure
budget, no new work starts and the run returns a report.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import os
import signal
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ParamSpec, TypeVar

from gralgo.errors import ConfigError, RunInterrupted
from gralgo.ledger import (
    LedgerStore,
    Pair,
    ReplyWriter,
    Request,
    ResponseKeeper,
    SampleLogprobs,
    SampleRecord,
    logprobs_from_response,
    new_owner_id,
)
from gralgo.redaction import redact_tokens
from gralgo.run._call_errors import classify, redact, setting_to_fix
from gralgo.run._direct_client import DirectClient, choose_client, encode_body
from gralgo.run._limiter import AdaptiveLimiter
from gralgo.run._litellm_response import load_litellm, parse_response
from gralgo.run._request_info import redact_known
from gralgo.run._tool_loop import ToolLoopSettings
from gralgo.seeding import rng_for

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("gralgo")

MIN_SAMPLES_FOR_BUDGET = 20
GRACE_S = 25.0
"""After SIGTERM/SIGINT, how long the replies in flight are still received (``run.grace_s``)."""
_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
LEASE_S = 60.0
"""How long a claim outlives its owner; renewed every third of it while the call runs."""
BACKOFF_BASE_S = 0.5
BACKOFF_CAP_S = 30.0


@dataclass
class RunReport:
    """What a call to :func:`run_samples` did."""

    done: int = 0
    """Samples that ended in a successful response (recorded in the ledger)."""
    errors: dict[str, int] = field(default_factory=dict)
    """Samples that ended in a permanent failure, by error class."""
    fatal_stopped: bool = False
    """The run stopped early: a run-stopping error or the failure budget was exceeded."""
    stop_reason: str | None = None
    """Why the run stopped early, for the user."""
    not_started: int = 0
    """Samples never attempted because the run stopped early."""
    calls_made: int = 0
    """Model calls, retries included."""
    retries: int = 0
    rate_limited: int = 0
    """429 responses seen."""
    elapsed_s: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reasoning_tokens: int = 0
    cost: float = 0.0
    """Summed USD cost of the samples whose price litellm knows."""
    cost_unknown: int = 0
    """Successful samples without a known price."""
    min_concurrency: dict[str, int] = field(default_factory=dict)
    """Lowest concurrency limit reached per endpoint (below the maximum after rate limiting)."""
    done_elsewhere: int = 0
    """Samples another process answered (or finished) while this run waited for them."""

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    @property
    def failed(self) -> int:
        return sum(self.errors.values())


def endpoint_of(request: Request) -> str:
    """The rate-limit domain of a request: its api_base, else its provider prefix."""
    return request.model.api_base or request.model.litellm_model.split("/", 1)[0]


def _api_key(request: Request) -> str | None:
    env = request.model.api_key_env
    if env is None:
        return None
    value = os.environ.get(env)
    if not value:
        raise ConfigError(
            f"model.api_key_env names ${env}, which is not set; export it or fix model.api_key_env"
        )
    return value


@dataclass(frozen=True)
class _DirectParts:
    """What the direct calls of ``request`` share, made once for its k samples."""

    request: Request
    messages: list[dict[str, str]]
    params: dict[str, Any]
    """Sampling fields, before the per-sample seed (never mutated)."""
    body: bytes | None
    """The encoded body when every sample sends the same (no seed), else ``None``."""


class _LiveRun:
    """One :func:`run_samples` call in progress: the state its sample tasks share (clients,
    per-model limiters, counters, failure budget) and the loop that drives them."""

    def __init__(
        self,
        total: int,
        ledger: LedgerStore,
        max_concurrency: int,
        max_attempts: int,
        timeout_s: float,
        failure_budget: float,
        on_progress: Callable[[SampleRecord], None] | None,
        secrets: tuple[str, ...],
        backoff_base_s: float,
        lease_s: float,
        tool: ToolLoopSettings | None = None,
        client: str = "litellm",
    ) -> None:
        self.tool = tool or ToolLoopSettings()
        self.client = client
        self.direct = DirectClient(timeout_s)
        # litellm (about 8 s to import) loads only when some model goes through it: up front
        # for run.client=litellm, else on the first request that needs it.
        self.litellm = load_litellm() if client == "litellm" else None
        self.total, self.ledger = total, ledger
        self.max_concurrency, self.max_attempts = max_concurrency, max_attempts
        self.timeout_s, self.failure_budget = timeout_s, failure_budget
        self.on_progress, self.secrets = on_progress, secrets
        self.backoff_base_s = backoff_base_s
        self.owner, self.lease_s = new_owner_id(), lease_s
        self.keeper = ResponseKeeper(ledger, self.owner)
        self.poll_s = min(1.0, lease_s / 4)
        self.limiters: dict[str, AdaptiveLimiter] = {}
        self.prepared: dict[str, _DirectParts] = {}
        """Direct-call bodies of the latest requests, by request key (see :meth:`direct_parts`)."""
        self.max_prepared = max_concurrency  # the requests in flight on one endpoint, at most
        self.report = RunReport()
        self.errors: Counter[str] = Counter()
        self.stopped = False
        self.interrupted: str | None = None
        """The name of the first stop signal received (SIGTERM, SIGINT), if any."""
        self.grace_deadline = float("inf")
        """Monotonic time until which replies in flight are still awaited after a signal."""
        self.in_flight = 0
        """Samples whose call is under way."""
        self.abandoned = 0
        """Samples whose call was still in flight when the run gave up waiting."""
        self.queued = 0
        """Claimed samples waiting for their first call's slot."""
        self.succeeded = 0
        """Samples whose reply was received (committed or not): the failure budget's count."""
        self.wake = asyncio.Event()
        """Set when :meth:`drive` has work: room to claim, a failed task, a stop."""

    def on_signal(self, signum: int, grace_s: float) -> None:
        """First SIGTERM/SIGINT: start no call, keep receiving for ``grace_s``; second: stop
        waiting at once (what was received is kept either way)."""
        name = signal.Signals(signum).name
        if self.interrupted is None:
            self.interrupted = name
            self.grace_deadline = time.monotonic() + grace_s
            self.stop(f"interrupted by {name}")
            log.warning(
                "%s: no new calls; waiting up to %gs for %d replies in flight (a second signal "
                "stops at once)", name, grace_s, self.in_flight,
            )  # fmt: skip
        else:
            self.grace_deadline = time.monotonic()

    async def drive(self, todo: Sequence[tuple[Request, int]]) -> None:
        """Claim samples ahead of the calls and run them; wait for samples others hold.

        Twice as many samples are claimed as may be in flight (``window``), a quarter of that
        at a time: a slot freed by a reply goes at once to a claimed sample waiting on its
        endpoint's limiter, not after that reply's commit and a new claim (which left about a
        tenth of the slots idle with 50 ms replies), and a claim is one transaction for a quarter
        of the window, not one per reply."""
        remaining: dict[Pair, tuple[Request, int]] = {}
        for request, index in todo:
            remaining.setdefault((request.key, index), (request, index))
        window = 2 * self.max_concurrency * len({endpoint_of(r) for r, _ in todo})
        refill = window - max(1, window // 4)  # claim again once no more than this are running
        watched: set[Pair] = set()
        running: set[asyncio.Task[None]] = set()
        finished: list[asyncio.Task[None]] = []

        def on_done(task: asyncio.Task[None]) -> None:
            finished.append(task)
            if len(running) - len(finished) <= refill or task.cancelled() or task.exception():
                self.wake.set()  # room to claim again, or a failure to raise

        def collect() -> None:
            for task in finished:
                running.discard(task)
                task.result()  # a ledger failure must not pass silently
            finished.clear()

        renewer = asyncio.create_task(self.renew_leases())
        self.writer = ReplyWriter(self.keeper, lambda: self.stop(self.keeper.reason()))
        try:
            while remaining and not self.stopped:
                if len(running) <= refill:
                    limit = window - len(running)
                    # Each pair a claim looks at is claimed, answered (dropped), held (then
                    # watched) or, if watched, stored (dropped): this many from the front always
                    # suffice, where a copy of all that remains per freed slot grew as n².
                    candidates = list(itertools.islice(remaining, limit + len(watched)))
                    try:
                        found = self.ledger.claim(
                            candidates, self.owner, self.lease_s, limit, frozenset(watched)
                        )
                    except Exception as err:  # full disk, server gone: finish in flight, stop
                        self.keeper.note(err)
                        self.stop(self.keeper.reason())
                        break
                    for pair in (*found.answered, *found.stored):
                        del remaining[pair]
                        watched.discard(pair)
                        self.report.done_elsewhere += 1
                    watched.update(found.held)
                    for pair in found.claimed:
                        task = asyncio.create_task(self.sample(*remaining.pop(pair)))
                        task.add_done_callback(on_done)
                        running.add(task)
                    if (found.answered or found.stored) and len(running) <= refill:
                        # The front held samples done elsewhere (another process is ahead):
                        # look further at once, not after a poll, letting the calls run first.
                        await asyncio.sleep(0)
                        collect()
                        continue
                if not remaining:
                    break
                self.wake.clear()
                if not running:
                    await asyncio.sleep(self.poll_s)
                elif not finished or len(running) - len(finished) > refill:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(self.poll_s):  # a poll for held samples
                            await self.wake.wait()
                collect()
            collect()
            while running:  # after a stop: receive the replies in flight (within the grace)
                done, running = await asyncio.wait(running, timeout=0.05)
                for task in done:
                    task.result()
                if time.monotonic() >= self.grace_deadline:
                    self.abandoned = self.in_flight
                    self.report.not_started += self.queued  # claimed, never sent
                    break
            self.report.not_started += len(remaining)
        finally:
            renewer.cancel()
            for task in running:
                task.cancel()
            await self.writer.close()  # every received reply durable before the claims go
            try:
                self.ledger.release_claims(self.owner)
            except Exception as err:  # unreleased claims expire by themselves
                log.warning("could not release this run's claims (%s); they expire in %gs",
                            redact(str(err), self.secrets), self.lease_s)  # fmt: skip

    async def renew_leases(self) -> None:
        """Extend this run's leases every third of a lease. A failed renewal is reported and
        retried; once renewals have failed for a whole lease, the claims may have lapsed
        (another process may take those samples), so the run starts no new call."""
        last_ok = time.monotonic()
        failing = False
        while True:
            await asyncio.sleep(self.lease_s / 3)
            try:
                self.ledger.renew_claims(self.owner, self.lease_s)
            except Exception as err:  # any store, any error: visible, never silent
                message = redact(f"{type(err).__name__}: {err}", self.secrets)
                if not failing:
                    log.warning("cannot renew this run's claims on the ledger %s (%s); retrying",
                                self.ledger.path, message)  # fmt: skip
                failing = True
                if time.monotonic() - last_ok >= self.lease_s:
                    self.stop(
                        f"cannot renew this run's claims on the ledger {self.ledger.path} for "
                        f"{self.lease_s:g}s ({message}); no new calls are started (the calls in "
                        "flight are kept)"
                    )
                continue
            if failing:
                log.warning("claims on the ledger %s renewed again", self.ledger.path)
            failing, last_ok = False, time.monotonic()

    def limiter(self, request: Request) -> AdaptiveLimiter:
        endpoint = endpoint_of(request)
        if endpoint not in self.limiters:
            self.limiters[endpoint] = AdaptiveLimiter(self.max_concurrency)
        return self.limiters[endpoint]

    def stop(self, reason: str) -> None:
        if not self.stopped:
            self.stopped = True
            self.report.fatal_stopped = True
            self.report.stop_reason = reason
            self.wake.set()  # the drive loop stops claiming now, not after a poll

    def uses_direct_client(self, request: Request) -> bool:
        """Whether this request goes through the direct client (logprobs and tool
        conversations go through litellm, which returns them in its own shapes)."""
        if request.mode == "tool" or request.sampling.logprobs:
            return False
        return self.client == "direct" or (
            self.client == "auto" and choose_client(request.model, "auto") == "direct"
        )

    def direct_parts(self, request: Request) -> _DirectParts:
        """What every direct call of ``request`` sends, made once for its k samples (without a
        seed they send the same bytes: the prompt is encoded once); the latest few are kept."""
        parts = self.prepared.get(request.key)
        if parts is None or parts.request is not request:
            if len(self.prepared) >= self.max_prepared:
                del self.prepared[next(iter(self.prepared))]
            messages = [dict(m) for m in request.messages]
            params = dict(request.sampling.as_request_fields(request.model.drop_params))
            body = None if "seed" in params else encode_body(request.model, messages, params)
            parts = self.prepared[request.key] = _DirectParts(request, messages, params, body)
        return parts

    def litellm_module(self) -> Any:
        if self.litellm is None:
            self.litellm = load_litellm()
        return self.litellm

    async def respond(self, request: Request, index: int) -> tuple[dict[str, Any], Any]:
        """The ledger fields of one sample (one call, or a whole tool conversation) and the raw
        litellm response of a single call (else ``None``), whose logprobs are kept."""
        if self.uses_direct_client(request):
            parts = self.direct_parts(request)
            params = parts.params
            if parts.body is None:  # sample i sends seed + i
                params = {**params, "seed": int(params["seed"]) + index}
            fields = await self.direct.complete(  # its one timeout bounds the whole call
                request.model, parts.messages, params, _api_key(request), parts.body
            )
            return fields, None
        litellm = self.litellm_module()
        if request.mode != "tool":
            raw = await self.call(request, index)
            return parse_response(litellm, raw), raw
        from gralgo.run._tool_loop import litellm_complete, run_tool_loop, sample_fields

        async def acall(messages: list[dict[str, Any]], **extra: Any) -> Any:
            return await self.call(request, index, messages, **extra)

        complete = litellm_complete(litellm, acall)
        result = await run_tool_loop(request.messages, complete, self.tool)
        return sample_fields(result), None

    async def call(
        self,
        request: Request,
        index: int,
        messages: Sequence[Mapping[str, Any]] | None = None,
        **extra: Any,
    ) -> Any:
        """One litellm call; ``messages`` replaces the request's (a later turn of a
        conversation) and ``extra`` adds arguments (tools)."""
        kwargs: dict[str, Any] = dict(request.sampling.as_request_fields(request.model.drop_params))
        if "seed" in kwargs:
            kwargs["seed"] = int(kwargs["seed"]) + index
        if request.model.api_base:
            kwargs["api_base"] = request.model.api_base
        api_key = _api_key(request)
        if api_key is not None:
            kwargs["api_key"] = api_key
        elif request.model.api_base:
            # Keyless self-hosted servers (llama.cpp, vLLM without --api-key): the OpenAI client
            # still insists on a key, and must not pick up an unrelated OPENAI_API_KEY.
            kwargs["api_key"] = "no-key"
        if request.model.extra_body:
            kwargs["extra_body"] = dict(request.model.extra_body)
        # Safety net above litellm's own timeout, so a stuck connection cannot hang the run.
        async with asyncio.timeout(self.timeout_s * 1.5 + 5):
            return await self.litellm_module().acompletion(
                model=request.model.litellm_model,
                messages=[dict(m) for m in (request.messages if messages is None else messages)],
                timeout=self.timeout_s,
                num_retries=0,
                max_retries=0,
                **kwargs,
                **extra,
            )

    async def sample(self, request: Request, index: int) -> None:
        """Call until success, a permanent failure, ``max_attempts`` or a stop; record once."""
        if self.stopped:
            self.report.not_started += 1
            return
        limiter = self.limiter(request)
        ids: dict[str, Any] = {
            "request_key": request.key,
            "sample_index": index,
            "instance_id": request.instance_id,
            "model": request.model.litellm_model,
        }
        last_error: SampleRecord | None = None
        for attempt in itertools.count(1):
            self.queued += attempt == 1
            try:
                epoch = await limiter.acquire()
            finally:
                self.queued -= attempt == 1
            if self.stopped:
                limiter.release()
                if last_error is None:
                    self.report.not_started += 1
                else:
                    await self.finish(last_error)
                return
            self.report.calls_made += 1
            started, t0 = time.time(), time.perf_counter()
            self.in_flight += 1
            try:
                fields, raw = await self.respond(request, index)
            except Exception as exc:  # classified below; nothing escapes a sample task
                self.in_flight -= 1
                kind = classify(exc)
                if kind.rate_limited:  # pause the endpoint before the freed slot is handed on
                    self.report.rate_limited += 1
                    limiter.rate_limited(epoch, kind.retry_after_s)
                limiter.release()
                message = redact(str(exc), self.secrets)
                last_error = SampleRecord(
                    **ids,
                    error_class=kind.error_class,
                    error_message=message,
                    attempts=attempt,
                    latency_s=time.perf_counter() - t0,
                    started_at=started,
                    finished_at=time.time(),
                )
                if kind.stops_run:
                    fix = setting_to_fix(exc, request.model.api_key_env, request.model.api_base)
                    self.stop(f"{kind.error_class}: {message}{fix}")
                bound = min(self.max_attempts, kind.max_attempts or self.max_attempts)
                if self.stopped or not kind.retry or attempt >= bound:
                    await self.finish(last_error)
                    return
                self.report.retries += 1
                if not kind.rate_limited:  # a 429 waits out the limiter's pause instead
                    await asyncio.sleep(self.backoff_s(request, index, attempt))
                continue
            except BaseException:  # cancelled after the grace: this reply was never received
                self.in_flight -= 1
                limiter.release()
                raise
            self.in_flight -= 1
            limiter.release()
            limiter.succeeded()
            # The reply is received: from here on nothing may lose it (the keeper stores it,
            # else rescues it, whatever goes wrong).
            timing: dict[str, Any] = {
                "attempts": attempt,
                "latency_s": time.perf_counter() - t0,
                "started_at": started,
                "finished_at": time.time(),
            }
            logprobs: SampleLogprobs | None = None
            rec: SampleRecord | None = None
            try:
                rec = SampleRecord(**{**ids, **timing, **self.redacted(fields)})
                if request.sampling.logprobs and raw is not None:
                    logprobs = self.redacted_logprobs(logprobs_from_response(raw))
            except Exception as exc:  # an odd reply: keep what can be kept, as an error row
                error: dict[str, Any] = {
                    "error_class": "UnstorableResponse",
                    "error_message": redact(repr(exc), self.secrets),
                }
                rec = (
                    SampleRecord(**ids, **timing, **error) if rec is None else replace(rec, **error)
                )
            await self.finish(rec, logprobs)
            return

    def redacted(self, fields: dict[str, Any]) -> dict[str, Any]:
        """``fields`` with every key the model echoed masked (it must not be stored)."""
        out = dict(fields)
        for name in ("answer_text", "reasoning_text", "transcript"):
            if out.get(name):
                out[name] = redact_known(out[name], self.secrets)
        return out

    def redacted_logprobs(self, data: SampleLogprobs | None) -> SampleLogprobs | None:
        """``data`` with tokens that spell a secret masked (see :func:`redact_tokens`)."""
        if data is None:
            return None
        return replace(data, tokens=redact_tokens(data.tokens, self.secrets))

    def backoff_s(self, request: Request, index: int, attempt: int) -> float:
        """Exponential backoff with full jitter, seeded so a re-run waits the same way."""
        cap = min(BACKOFF_CAP_S, self.backoff_base_s * 2 ** (attempt - 1))
        return rng_for("backoff", request.key, index, attempt).uniform(0, cap)

    async def finish(self, rec: SampleRecord, logprobs: SampleLogprobs | None = None) -> None:
        """Count ``rec`` once it is durable (the writer stops the run if the ledger failed).
        The failure budget counts it at once, before its commit: the slot it freed may already
        be a claimed sample's, which must not start a call once the budget is spent."""
        if rec.ok:
            self.succeeded += 1
        else:
            assert rec.error_class is not None
            self.errors[rec.error_class] += 1
            self._check_budget()
        await self.writer.keep(rec, logprobs)
        report = self.report
        if rec.ok:
            report.done += 1
            report.prompt_tokens += rec.prompt_tokens or 0
            report.completion_tokens += rec.completion_tokens or 0
            report.reasoning_tokens += rec.reasoning_tokens or 0
            if rec.cost_usd is None:
                report.cost_unknown += 1
            else:
                report.cost += rec.cost_usd
        if self.on_progress is not None:
            self.on_progress(rec)

    def _check_budget(self) -> None:
        failed = sum(self.errors.values())
        finished = failed + self.succeeded
        if (
            finished >= min(MIN_SAMPLES_FOR_BUDGET, self.total)
            and failed / finished > self.failure_budget
        ):
            self.stop(
                f"{failed} of {finished} samples failed ({failed / finished:.0%}), more than the "
                f"failure budget run.failure_budget={self.failure_budget:g}; "
                f"errors: {dict(sorted(self.errors.items()))}"
            )


async def run_samples(
    todo: Sequence[tuple[Request, int]],
    ledger: LedgerStore,
    *,
    max_concurrency: int,
    max_attempts: int,
    timeout_s: float,
    failure_budget: float,
    on_progress: Callable[[SampleRecord], None] | None = None,
    backoff_base_s: float = BACKOFF_BASE_S,
    client: str = "litellm",
    lease_s: float = LEASE_S,
    tool: ToolLoopSettings | None = None,
    grace_s: float = GRACE_S,
) -> RunReport:
    """Call the model for every (request, sample index) in ``todo``; commit each to ``ledger``.

    Sample ``i`` of a request sends ``seed + i`` when the request's sampling sets a seed. The
    API key is read from ``os.environ[model.api_key_env]`` at call time and never stored.
    ``client`` is ``run.client``: ``litellm``, ``direct`` (OpenAI-compatible endpoints over one
    pooled aiohttp session, see ``_direct_client``) or ``auto`` (direct where it applies).
    Each sample is claimed in the ledger before its call (lease ``lease_s``, renewed while
    the call runs), so processes sharing the ledger never pay for one sample twice: a sample
    another live process holds is waited for, not called. When the ledger cannot be written
    (full disk) no new call starts, the calls in flight finish, every response is kept (rescue
    file, else a temp file) and :class:`~gralgo.ledger._sqlite.LedgerWriteError` is raised.
    A ``tool``-mode request runs a whole tool conversation (``tool`` bounds it) as one sample:
    it is stored complete with its transcript, or not at all (then re-run).
    On SIGTERM or SIGINT (Slurm's time limit or preemption, Ctrl-C) no new call starts, the
    replies in flight are received and stored for up to ``grace_s`` seconds (a second signal
    stops waiting at once), the claims are released and :class:`~gralgo.errors.RunInterrupted`
    is raised.
    """
    if max_concurrency < 1:
        raise ConfigError(f"run.max_concurrency must be >= 1, got {max_concurrency}")
    if max_attempts < 1:
        raise ConfigError(f"run.max_attempts must be >= 1, got {max_attempts}")
    if not 0 <= failure_budget <= 1:
        raise ConfigError(f"run.failure_budget must be in [0, 1], got {failure_budget}")
    t0 = time.perf_counter()
    if not todo:
        return RunReport()
    secrets = tuple(
        sorted({os.environ.get(r.model.api_key_env, "") for r, _ in todo if r.model.api_key_env})
    )
    for request, _ in todo:  # a missing key is reported before any call is made
        _api_key(request)
    if any(request.mode == "tool" for request, _ in todo):  # fail closed before any call
        from gralgo.sandbox import detect_isolation, memory_cgroup_mode

        sandbox = (tool or ToolLoopSettings()).sandbox
        detect_isolation(sandbox.allow_unisolated)
        memory_cgroup_mode(sandbox.allow_no_memory_cgroup)
    if client != "litellm":  # an impossible choice fails here, before any call
        chosen = {choose_client(r.model, client) for r, _ in todo}
        client = chosen.pop() if len(chosen) == 1 else client
    run = _LiveRun(
        len(todo),
        ledger,
        max_concurrency,
        max_attempts,
        timeout_s,
        failure_budget,
        on_progress,
        secrets,
        backoff_base_s,
        lease_s,
        tool,
        client,
    )
    handled = _catch_stop_signals(run, grace_s)
    try:
        await run.drive(todo)
    finally:
        _release_stop_signals(handled)
        await run.direct.close()
    run.keeper.raise_if_failed()
    if run.interrupted is not None:
        raise RunInterrupted(interrupted_message(run), run.interrupted)
    report = run.report
    report.errors = dict(sorted(run.errors.items()))
    report.elapsed_s = time.perf_counter() - t0
    report.min_concurrency = {e: lim.min_limit_seen for e, lim in sorted(run.limiters.items())}
    return report


def interrupted_message(run: _LiveRun) -> str:
    report = run.report
    return (
        f"interrupted by {run.interrupted}: {run.keeper.stored} replies stored"
        + (f", {run.keeper.rescued} rescued" if run.keeper.rescued else "")
        + f", {run.abandoned} calls in flight abandoned, {report.not_started} samples not started;"
        " claims released; run the same command again to resume (only the missing samples are "
        "called)"
    )


def _catch_stop_signals(run: _LiveRun, grace_s: float) -> list[tuple[int, Any]]:
    """Route SIGTERM/SIGINT to ``run`` while it runs (main thread only; elsewhere the default
    handling stays). Returns the signals handled with the handlers they had before."""
    loop = asyncio.get_running_loop()
    handled: list[tuple[int, Any]] = []
    for signum in _STOP_SIGNALS:
        previous = signal.getsignal(signum)
        try:
            loop.add_signal_handler(signum, run.on_signal, signum, grace_s)
        except (RuntimeError, ValueError, NotImplementedError):  # not the main thread
            continue
        handled.append((signum, previous))
    return handled


def _release_stop_signals(handled: list[tuple[int, Any]]) -> None:
    """Give the signals back to the handlers they had (submitit's, Hydra's, the default)."""
    loop = asyncio.get_running_loop()
    for signum, previous in handled:
        loop.remove_signal_handler(signum)
        if previous is not None:
            signal.signal(signum, previous)


def _blocking(run: Callable[P, Coroutine[Any, Any, R]]) -> Callable[P, R]:
    """``run`` as a blocking function with the same signature (it runs its own event loop)."""

    @functools.wraps(run)
    def blocking(*args: P.args, **kwargs: P.kwargs) -> R:
        return asyncio.run(run(*args, **kwargs))

    return blocking


run_samples_sync = _blocking(run_samples)
"""Blocking :func:`run_samples` (same arguments; runs its own event loop)."""
