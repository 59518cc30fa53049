"""An LLM judge that goes through the evaluation runner and ledger, with strict parsing.

Every judge question is a :class:`~gralgo.run.Request` (temperature 0) sent by
:func:`gralgo.run._runner.run_samples_sync` -- through the evaluation's direct client for an
OpenAI-compatible endpoint (``run.client=auto``), litellm for the others -- and committed to a
SQLite :class:`~gralgo.ledger._sqlite.Ledger`, so judging inherits resume after a kill (a paid
reply is never asked again), rate limits, retries, the failure budget and dry runs. A reply is
parsed by a strict parser; when it fails, the judge is re-asked (the conversation plus the parse
error) up to ``max_reasks`` times. Re-asks are requests too, keyed by the whole conversation, so a
resumed analysis replays them from the ledger. A reply still invalid after the last re-ask is
``unparsed``: counted and reported, never guessed; a later run asks it afresh (the next sample
of the same request, with its own re-asks), ``max_fresh_asks`` times, so a stored invalid reply
is never replayed as final while asks remain. A refused reply (``finish_reason`` content filter)
counts as invalid. Each analysis stage may have its own judge (``analyze.judges``); the judge is
in every request key, so a changed judge or prompt is a new request. With ``analyze.batch=on``
the calls go through the provider's batch API instead (``_judge_batch``), stored the same way.
"""

from __future__ import annotations

import contextlib
import logging
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from gralgo.analysis._judge_plan import JudgePlan, StagePlan
from gralgo.config import AnalyzeConfig, RunConfig
from gralgo.errors import ConfigError
from gralgo.ledger import ModelSpec, Request, SamplingParams

log = logging.getLogger("gralgo")

VerdictStatus = Literal["ok", "unparsed", "failed", "pending"]


class JudgeParseError(ValueError):
    """A judge reply that does not follow the required format; the message is shown to the
    judge when it is re-asked, so it says exactly what is wrong."""


Parser = Callable[[str], Any]
"""Turns a reply into a value or raises :class:`JudgeParseError`."""


_ANALYZE, _RUN = AnalyzeConfig(), RunConfig()
"""One source of defaults: the ``analyze`` and ``run`` config schemas."""


@dataclass(frozen=True)
class JudgeSettings:
    """Which model judges and how."""

    model: ModelSpec
    """The judge model (any ``conf/model`` entry, chosen by ``judge=<name>``)."""
    sampling: SamplingParams
    """Temperature 0 (greedy), so a judgement is reproducible where the provider allows."""
    model_config: Mapping[str, Any] = field(default_factory=dict)
    """The judge's plain model config (its ``server`` section starts the embedded model)."""
    max_reasks: int = _ANALYZE.max_reasks
    """Re-asks after an invalid reply before it is counted as ``unparsed``."""
    reask_template: str = (
        "Your reply could not be used: $error\nReply again with only the required format."
    )
    """Follow-up message for an invalid reply (``$error`` is the parse error); the command
    reads it from ``analyze.reask_prompt`` (``conf/prompts/judge/reask.txt``)."""
    max_fresh_asks: int = _ANALYZE.max_fresh_asks
    """Later runs that ask a query afresh (a new sample of the same request, with its own
    re-asks) when its stored verdict is still invalid; 0 replays invalid verdicts as final."""
    context_tokens: int | None = None
    """The judge's context window in tokens (``None``: unknown, nothing is fitted to it)."""
    max_concurrency: int = 4
    client: str = _RUN.client
    """``run.client``: ``auto`` sends an OpenAI-compatible endpoint's calls through the
    evaluation's direct client (litellm for the other providers), ``litellm`` or ``direct``."""
    max_attempts: int = _RUN.max_attempts
    timeout_s: float = _RUN.timeout_s
    failure_budget: float = _RUN.failure_budget


@dataclass(frozen=True)
class JudgeQuery:
    """One question to the judge."""

    id: str
    """Stable id of what is judged (stored as the ledger row's instance id)."""
    prompt: str
    """The user message."""


@dataclass(frozen=True)
class Verdict:
    """The judge's answer to one query."""

    query_id: str
    status: VerdictStatus
    """``ok`` (parsed), ``unparsed`` (invalid after every re-ask), ``failed`` (no reply: a
    permanent call error), ``pending`` (dry run or an early stop)."""
    value: Any = None
    """The parsed value when ``status == "ok"``."""
    asks: int = 0
    """Replies read in the last chain (1 + re-asks)."""
    fresh: int = 0
    """Which ask of the query this is (0: the first; n: asked afresh on n later runs)."""
    reply: str | None = None
    """The last reply text."""
    error: str | None = None
    """The last parse or call error."""


@dataclass
class JudgeReport:
    """What one :meth:`Judge.ask` did."""

    queries: int = 0
    calls_planned: int = 0
    """Requests that were not in the ledger (each round)."""
    calls_made: int = 0
    """Model calls, retries included (0 on a re-run from the ledger)."""
    reasks: int = 0
    """Re-asks sent in this run (a re-ask read back from the ledger is ``replayed_reasks``)."""
    fresh_asks: int = 0
    """Queries asked afresh in this run because their stored verdict was invalid (see
    ``max_fresh_asks``)."""
    replayed_reasks: int = 0
    """Re-asks and fresh asks whose replies were read from the ledger (no call in this run)."""
    planned_prompt_tokens: int = 0
    """cl100k tokens of the planned requests' messages (dry run)."""
    estimated_cost_usd: float | None = None
    """Cost of the planned asks with every reply at max_tokens; ``None``: unknown price."""
    cost_unknown: bool = False
    """Some planned asks have no known price: the estimate is not a bound (shown as unknown)."""
    counts: dict[str, int] = field(default_factory=dict)
    """Verdicts by status."""
    stop_reason: str | None = None

    def line(self, what: str = "questions") -> str:
        """What this ask did, for the summary: calls and re-asks of this run apart from the
        replies read back from the ledger."""
        return (
            f"Judge: {self.queries} {what}, {self.calls_made} calls made in this run "
            f"({self.reasks} re-asks, {self.fresh_asks} fresh asks); "
            f"{self.replayed_reasks} re-asks read from the ledger; verdicts {self.counts}.\n"
        )


def render_prompt(template: str, **values: object) -> str:
    """``template`` with ``$name`` placeholders filled; a missing value is a config error."""
    try:
        return string.Template(template).substitute({k: str(v) for k, v in values.items()})
    except (KeyError, ValueError) as err:
        raise ConfigError(
            f"judge prompt template has an unknown or malformed placeholder ({err}); "
            f"available: {sorted(values)}"
        ) from err


def load_prompt(path: Path) -> str:
    """A judge prompt template from its text file (``conf/prompts/judge/*.txt``)."""
    if not path.is_file():
        raise ConfigError(f"judge prompt file {path} does not exist (analysis.prompts)")
    return path.read_text(encoding="utf-8")


REFUSALS = frozenset({"content_filter", "refusal"})
"""Finish reasons of a reply the provider refused or filtered (treated as invalid)."""


def reply_value(record: Any, parse: Parser) -> Any:
    """The parsed value of a stored reply; a refused one is invalid like a malformed one."""
    if record.finish_reason in REFUSALS:
        raise JudgeParseError(f"the reply was refused (finish_reason {record.finish_reason})")
    return parse(record.answer_text or "")


@dataclass
class _Chain:
    """The conversation of one query in one fresh ask."""

    messages: list[dict[str, str]]
    fresh: int = 0
    round: int = 0
    called: bool = False
    """Whether this run asked the model anything for this query (then no fresh ask)."""


class Judge:
    """Asks the judge model(s) through the runner; one instance per ledger.

    ``stages`` maps an analysis stage (e.g. ``section``, ``classify``) to its own judge; the
    stages not listed use ``settings``. With ``dry_run`` nothing is called: every ask is only
    planned (:attr:`plan`), from the ledger's contents.
    """

    def __init__(
        self,
        settings: JudgeSettings,
        ledger: Any,
        *,
        dry_run: bool = False,
        stages: Mapping[str, JudgeSettings] | None = None,
        batch: Any = None,
    ) -> None:
        self.settings = settings
        self.batch = batch
        """A ``BatchSettings``: judge calls through the provider's batch API (else live)."""
        self.open_batches = 0
        """Batches left running (``wait=false``): no later round is submitted in this run."""
        self.stages = dict(stages or {})
        self.ledger = ledger
        self.dry_run = dry_run
        self._stack = contextlib.ExitStack()
        self._live: dict[int, ModelSpec] = {}
        self.planned = JudgeReport()
        """Totals over every :meth:`ask` of this judge."""
        self.plan = JudgePlan()
        """Per stage: what was (or would be) asked, with tokens and cost."""
        self.verdicts: dict[str, int] = {}
        """Verdicts by status over every :meth:`ask` (the parse rate of the run)."""
        self.stage_verdicts: dict[str, dict[str, int]] = {}
        """Verdicts by status per stage (each stage's parse rate: ``analyze.min_parsed``)."""
        self.stop_reason: str | None = None
        """Why a judge run stopped early (failure budget, bad key), the first time it did."""

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def settings_for(self, stage: str) -> JudgeSettings:
        return self.stages.get(stage, self.settings)

    def request(
        self, query_id: str, messages: Sequence[Mapping[str, str]], stage: str = "judge"
    ) -> Request:
        settings = self.settings_for(stage)
        return Request(
            query_id, tuple(dict(m) for m in messages), settings.model, settings.sampling
        )

    def ask(
        self,
        queries: Sequence[JudgeQuery],
        parse: Parser | Mapping[str, Parser],
        stage: str = "judge",
    ) -> tuple[dict[str, Verdict], JudgeReport]:
        """Verdicts for ``queries`` (by query id), asking only what the ledger lacks.

        ``parse`` is one parser for every query, or one per query id (when the valid replies
        depend on the query, e.g. the number of segments it shows). An invalid reply is
        re-asked up to ``max_reasks`` times; a query whose stored verdict is still invalid is
        asked afresh on a later run (sample ``n`` of the same request), ``max_fresh_asks`` times.
        """
        settings = self.settings_for(stage)
        parsers = {q.id: parse if callable(parse) else parse[q.id] for q in queries}
        report = JudgeReport(queries=len(queries))
        stage_plan = StagePlan(stage, settings.model.name, queries=len(queries))
        prompts = {q.id: q.prompt for q in queries}
        chains = {qid: _Chain([{"role": "user", "content": prompts[qid]}]) for qid in prompts}
        verdicts: dict[str, Verdict] = {}
        open_ids = list(chains)
        while open_ids:
            requests = {qid: self.request(qid, chains[qid].messages, stage) for qid in open_ids}
            pairs = [(requests[qid], chains[qid].fresh) for qid in open_ids]
            replies, asked = self._replies(pairs, report, stage_plan, settings)
            still_open = []
            for qid in open_ids:
                chain = chains[qid]
                pair = (requests[qid].key, chain.fresh)
                chain.called |= pair in asked
                if chain.round or chain.fresh:  # a re-ask or a fresh ask: this run's, or stored
                    if pair not in asked:
                        report.replayed_reasks += 1
                    elif chain.round:
                        report.reasks += 1
                    else:
                        report.fresh_asks += 1
                record = replies.get(pair)
                asks = chain.round + 1
                if record is None:
                    verdicts[qid] = Verdict(qid, "pending", asks=chain.round, fresh=chain.fresh)
                    continue
                if not record.ok:
                    error = f"{record.error_class}: {record.error_message}"
                    verdicts[qid] = Verdict(
                        qid, "failed", asks=asks, fresh=chain.fresh, error=error
                    )
                    continue
                reply = record.answer_text or ""
                try:
                    value = reply_value(record, parsers[qid])
                except JudgeParseError as err:
                    verdicts[qid] = Verdict(
                        qid, "unparsed", asks=asks, fresh=chain.fresh, reply=reply, error=str(err)
                    )
                    if chain.round < settings.max_reasks:
                        chain.messages = [
                            *chain.messages,
                            {"role": "assistant", "content": reply},
                            {
                                "role": "user",
                                "content": render_prompt(settings.reask_template, error=str(err)),
                            },
                        ]
                        chain.round += 1
                        still_open.append(qid)
                    elif not chain.called and chain.fresh < settings.max_fresh_asks:
                        # Stored by an earlier run and still invalid: ask afresh, once a run.
                        chains[qid] = _Chain(
                            [{"role": "user", "content": prompts[qid]}], fresh=chain.fresh + 1
                        )
                        still_open.append(qid)
                    continue
                verdicts[qid] = Verdict(
                    qid, "ok", value=value, asks=asks, fresh=chain.fresh, reply=reply
                )
            open_ids = still_open
        counts: dict[str, int] = {}
        for verdict in verdicts.values():
            counts[verdict.status] = counts.get(verdict.status, 0) + 1
        report.counts = dict(sorted(counts.items()))
        by_stage = self.stage_verdicts.setdefault(stage, {})
        for status, count in counts.items():
            self.verdicts[status] = self.verdicts.get(status, 0) + count
            by_stage[status] = by_stage.get(status, 0) + count
        stage_plan.replayed = sum(
            1
            for qid, verdict in verdicts.items()
            if not chains[qid].called and verdict.status in ("ok", "unparsed")
        )
        self.plan.stage(stage, settings.model.name).add(stage_plan)
        self.planned.queries += report.queries
        self.planned.calls_planned += report.calls_planned
        self.planned.calls_made += report.calls_made
        self.planned.planned_prompt_tokens += report.planned_prompt_tokens
        self.planned.cost_unknown |= report.cost_unknown
        if report.estimated_cost_usd is not None:
            self.planned.estimated_cost_usd = (
                self.planned.estimated_cost_usd or 0.0
            ) + report.estimated_cost_usd
        return verdicts, report

    def expect(self, stage: str, requests: int, prompt_tokens: int) -> None:
        """Plan ``requests`` of a later ``stage`` that depend on replies not made yet, with
        ``prompt_tokens`` (an upper bound of) their messages' tokens: the dry-run plan prices
        every stage, not only the first."""
        settings = self.settings_for(stage)
        plan = StagePlan(stage, settings.model.name, queries=requests)
        plan.requests = plan.estimated = requests
        plan.prompt_tokens = prompt_tokens
        self._price(plan, settings, requests, prompt_tokens)
        self.plan.stage(stage, settings.model.name).add(plan)

    def _price(
        self, plan: StagePlan, settings: JudgeSettings, requests: int, prompt_tokens: int
    ) -> None:
        """Price ``requests`` into ``plan``: every reply at max_tokens, and the upper bound with
        every re-ask (at the batch price too in batch mode)."""
        from gralgo.formats import count_tokens

        if not requests:
            return
        out = settings.sampling.max_tokens
        r = settings.max_reasks
        # Re-ask j carries the conversation so far: j replies (<= max_tokens each) and j
        # follow-ups (the template plus a parse error that quotes at most the reply).
        follow_up = count_tokens(settings.reask_template) + out + 64
        bound_in = (r + 1) * prompt_tokens + requests * (out + follow_up) * r * (r + 1) // 2
        tokens = (prompt_tokens, requests * out), (bound_in, requests * (r + 1) * out)
        price = settings.model_config.get("price")
        plan.price(settings.model.litellm_model, price, tokens, self.plan.batch is not None)

    def _replies(
        self,
        pairs: list[tuple[Request, int]],
        report: JudgeReport,
        stage_plan: StagePlan,
        settings: JudgeSettings,
    ) -> tuple[dict[tuple[str, int], Any], set[tuple[str, int]]]:
        """Ledger rows for ``pairs`` (request, sample) after calling the model for the missing
        ones, and the pairs asked now."""
        done = self.ledger.completed({r.key for r, _ in pairs})
        todo = list({(r.key, i): (r, i) for r, i in pairs if (r.key, i) not in done}.values())
        report.calls_planned += len(todo)
        if todo and self.dry_run:  # the plan (the run after it calls; its tokens are counted)
            self._estimate(todo, report, stage_plan, settings)
        asked = set() if self.dry_run else {(r.key, i) for r, i in todo}
        if todo and not self.dry_run and self.batch is not None:
            todo = self._batches(todo, report, settings, stage_plan.stage)
        if todo and not self.dry_run and report.stop_reason is None:
            from gralgo.run import run_samples_sync

            live = self._endpoint(settings)
            run = run_samples_sync(
                [(replace(r, model=live), i) for r, i in todo],
                self.ledger,
                max_concurrency=settings.max_concurrency,
                max_attempts=settings.max_attempts,
                timeout_s=settings.timeout_s,
                failure_budget=settings.failure_budget,
                client=settings.client,
            )
            report.calls_made += run.calls_made
            if run.fatal_stopped:
                report.stop_reason = run.stop_reason
                self.stop_reason = self.stop_reason or run.stop_reason
                log.warning("judge run stopped: %s", run.stop_reason)
        rows = self.ledger.samples([r.key for r, _ in pairs])
        return rows, asked

    def _batches(
        self,
        todo: list[tuple[Request, int]],
        report: JudgeReport,
        settings: JudgeSettings,
        stage: str,
    ) -> list[tuple[Request, int]]:
        """Send ``todo`` through batches (once no batch of this run is left running); returns
        what is to be called live (``fallback=live``)."""
        if self.open_batches:
            return []  # this round depends on replies still running at the provider
        from gralgo.analysis._judge_batch import ask_in_batches

        done = ask_in_batches(todo, self.ledger, settings, self.batch, stage)
        report.calls_made += done.submitted
        self.open_batches = done.open_batches
        return done.live_todo

    def _estimate(
        self,
        todo: Sequence[tuple[Request, int]],
        report: JudgeReport,
        stage_plan: StagePlan,
        settings: JudgeSettings,
    ) -> None:
        from gralgo.formats import count_tokens_many

        texts = ["\n".join(m["content"] for m in r.messages) for r, _ in todo]
        tokens = sum(count_tokens_many(texts))  # on every core (tiktoken frees the GIL)
        report.planned_prompt_tokens += tokens
        part = StagePlan(stage_plan.stage, stage_plan.model, requests=len(todo))
        part.prompt_tokens = tokens
        self._price(part, settings, len(todo), tokens)
        stage_plan.add(part)
        first = part.cost_usd
        if first is None:
            report.cost_unknown = True  # a partial sum would understate the bound
        else:
            report.estimated_cost_usd = (report.estimated_cost_usd or 0.0) + first

    def _endpoint(self, settings: JudgeSettings) -> ModelSpec:
        """The judge spec with a live ``api_base`` (starts an embedded server once)."""
        live = self._live.get(id(settings))
        if live is None:
            from gralgo.run import LocalLlamaServer, preflight, server_settings_from_config

            server = server_settings_from_config(settings.model_config)
            spec = settings.model
            if server is not None:
                api_base = self._stack.enter_context(LocalLlamaServer(server))
                spec = replace(spec, api_base=api_base)
            preflight(spec)
            self._live[id(settings)] = live = spec
        return live


@contextlib.contextmanager
def open_judge(
    settings: JudgeSettings,
    ledger_path: Path,
    *,
    dry_run: bool = False,
    stages: Mapping[str, JudgeSettings] | None = None,
    batch: Any = None,
) -> Iterator[Judge]:
    """A :class:`Judge` on its own ledger file (created when missing); ``batch`` (a
    ``BatchSettings``) sends its calls through the provider's batch API."""
    from gralgo.ledger import Ledger

    ledger_path.parent.mkdir(parents=True, exist_ok=True)
    with (
        Ledger(ledger_path) as ledger,
        Judge(settings, ledger, dry_run=dry_run, stages=stages, batch=batch) as judge,
    ):
        yield judge
