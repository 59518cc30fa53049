"""An LLM judge that goes through the evaluation runner and ledger, with strict parsing.

Every judge question is a :class:`~gralgo.run.Request` (temperature 0) sent by
:func:`gralgo.run._runner.run_samples_sync` and committed to a SQLite
:class:`~gralgo.ledger._sqlite.Ledger`, so judging inherits resume after a kill (a paid reply is
never asked again), rate limits, retries, the failure budget and dry runs. A reply is parsed by
a strict parser; when it fails, the judge is re-asked (the conversation plus the parse error)
up to ``max_reasks`` times. Re-asks are requests too, keyed by the whole conversation, so a
resumed analysis replays them from the ledger. A reply still invalid after the last re-ask is
``unparsed``: counted and reported, never guessed.
"""

from __future__ import annotations

import contextlib
import logging
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from gralgo.errors import ConfigError, GralgoError
from gralgo.ledger import ModelSpec, Request, SamplingParams

log = logging.getLogger("gralgo")

VerdictStatus = Literal["ok", "unparsed", "failed", "pending"]


class JudgeParseError(ValueError):
    """A judge reply that does not follow the required format; the message is shown to the
    judge when it is re-asked, so it says exactly what is wrong."""


class JudgeStoppedError(GralgoError):
    """The judge run stopped early (failure budget, bad key, unreachable server)."""


Parser = Callable[[str], Any]
"""Turns a reply into a value or raises :class:`JudgeParseError`."""


@dataclass(frozen=True)
class JudgeSettings:
    """Which model judges and how."""

    model: ModelSpec
    """The judge model (any ``conf/model`` entry, chosen by ``judge=<name>``)."""
    sampling: SamplingParams
    """Temperature 0 (greedy), so a judgement is reproducible where the provider allows."""
    model_config: Mapping[str, Any] = field(default_factory=dict)
    """The judge's plain model config (its ``server`` section starts the embedded model)."""
    max_reasks: int = 2
    """Re-asks after an invalid reply before it is counted as ``unparsed``."""
    reask_template: str = (
        "Your reply could not be used: $error\nReply again with only the required format."
    )
    """Follow-up message for an invalid reply (``$error`` is the parse error)."""
    max_concurrency: int = 4
    max_attempts: int = 6
    timeout_s: float = 600.0
    failure_budget: float = 0.25


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
    """Replies read (1 + re-asks)."""
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
    planned_prompt_tokens: int = 0
    """cl100k tokens of the planned requests' messages (dry run)."""
    estimated_cost_usd: float | None = None
    """Upper bound for the planned first asks (every reply at max_tokens); ``None``: unknown
    price. Re-asks come on top and cannot be known before the replies."""
    cost_unknown: bool = False
    """Some planned asks have no known price: the estimate is not a bound (shown as unknown)."""
    counts: dict[str, int] = field(default_factory=dict)
    """Verdicts by status."""
    stop_reason: str | None = None


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


class Judge:
    """Asks the judge model through the runner; one instance per ledger."""

    def __init__(self, settings: JudgeSettings, ledger: Any, *, dry_run: bool = False) -> None:
        self.settings = settings
        self.ledger = ledger
        self.dry_run = dry_run
        self._stack = contextlib.ExitStack()
        self._live: ModelSpec | None = None
        self.planned = JudgeReport()
        """Totals over every :meth:`ask` of this judge (for the dry-run plan)."""
        self.verdict_counts: dict[str, int] = {}
        """Verdicts by status over every :meth:`ask` (failed/pending: the run is partial)."""
        self.stop_reason: str | None = None
        """Why a judge run stopped early (failure budget, bad key), the first time it did."""

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def request(self, query_id: str, messages: Sequence[Mapping[str, str]]) -> Request:
        return Request(
            query_id, tuple(dict(m) for m in messages), self.settings.model, self.settings.sampling
        )

    def ask(
        self, queries: Sequence[JudgeQuery], parse: Parser | Mapping[str, Parser]
    ) -> tuple[dict[str, Verdict], JudgeReport]:
        """Verdicts for ``queries`` (by query id), asking only what the ledger lacks.

        ``parse`` is one parser for every query, or one per query id (when the valid replies
        depend on the query, e.g. the number of segments it shows).
        """
        parsers = {q.id: parse if callable(parse) else parse[q.id] for q in queries}
        report = JudgeReport(queries=len(queries))
        conversations = {q.id: [{"role": "user", "content": q.prompt}] for q in queries}
        verdicts: dict[str, Verdict] = {}
        open_ids = list(dict.fromkeys(q.id for q in queries))
        for round_no in range(self.settings.max_reasks + 1):
            if not open_ids:
                break
            requests = {qid: self.request(qid, conversations[qid]) for qid in open_ids}
            replies = self._replies(list(requests.values()), report)
            still_open = []
            for qid in open_ids:
                record = replies.get(requests[qid].key)
                asks = round_no + 1
                if record is None:
                    verdicts[qid] = Verdict(qid, "pending", asks=round_no)
                    continue
                if not record.ok:
                    verdicts[qid] = Verdict(
                        qid,
                        "failed",
                        asks=asks,
                        error=f"{record.error_class}: {record.error_message}",
                    )
                    continue
                reply = record.answer_text or ""
                try:
                    value = parsers[qid](reply)
                except JudgeParseError as err:
                    verdicts[qid] = Verdict(qid, "unparsed", asks=asks, reply=reply, error=str(err))
                    if round_no < self.settings.max_reasks:
                        conversations[qid] = [
                            *conversations[qid],
                            {"role": "assistant", "content": reply},
                            {
                                "role": "user",
                                "content": render_prompt(
                                    self.settings.reask_template, error=str(err)
                                ),
                            },
                        ]
                        still_open.append(qid)
                    continue
                verdicts[qid] = Verdict(qid, "ok", value=value, asks=asks, reply=reply)
            report.reasks += len(still_open)
            open_ids = still_open
        counts: dict[str, int] = {}
        for verdict in verdicts.values():
            counts[verdict.status] = counts.get(verdict.status, 0) + 1
        report.counts = dict(sorted(counts.items()))
        for status, count in counts.items():
            self.verdict_counts[status] = self.verdict_counts.get(status, 0) + count
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

    def _replies(self, requests: list[Request], report: JudgeReport) -> dict[str, Any]:
        """Ledger rows for ``requests`` after calling the model for the missing ones."""
        todo = self.ledger.missing(requests, 1)
        report.calls_planned += len(todo)
        if todo and self.dry_run:
            self._estimate(todo, report)
        if todo and not self.dry_run and report.stop_reason is None:
            from gralgo.run import run_samples_sync

            live = self._endpoint()
            run = run_samples_sync(
                [(replace(r, model=live), i) for r, i in todo],
                self.ledger,
                max_concurrency=self.settings.max_concurrency,
                max_attempts=self.settings.max_attempts,
                timeout_s=self.settings.timeout_s,
                failure_budget=self.settings.failure_budget,
            )
            report.calls_made += run.calls_made
            if run.fatal_stopped:
                report.stop_reason = run.stop_reason
                self.stop_reason = self.stop_reason or run.stop_reason
                log.warning("judge run stopped: %s", run.stop_reason)
        rows = self.ledger.samples([r.key for r in requests])
        return {key: rec for (key, index), rec in rows.items() if index == 0}

    def _estimate(self, todo: Sequence[tuple[Request, int]], report: JudgeReport) -> None:
        from gralgo.formats import count_tokens
        from gralgo.run import estimate_cost

        tokens = sum(count_tokens("\n".join(m["content"] for m in r.messages)) for r, _ in todo)
        report.planned_prompt_tokens += tokens
        cost = estimate_cost(
            self.settings.model.litellm_model,
            tokens,
            len(todo) * self.settings.sampling.max_tokens,
            self.settings.model_config.get("price"),
        )
        if cost is None:
            report.cost_unknown = bool(todo)  # a partial sum would understate the bound
        else:
            report.estimated_cost_usd = (report.estimated_cost_usd or 0.0) + cost

    def _endpoint(self) -> ModelSpec:
        """The judge spec with a live ``api_base`` (starts the embedded server once)."""
        if self._live is None:
            from gralgo.run import LocalLlamaServer, preflight, server_settings_from_config

            server = server_settings_from_config(self.settings.model_config)
            spec = self.settings.model
            if server is not None:
                api_base = self._stack.enter_context(LocalLlamaServer(server))
                spec = replace(spec, api_base=api_base)
            preflight(spec)
            self._live = spec
        return self._live


@contextlib.contextmanager
def open_judge(
    settings: JudgeSettings, ledger_path: Path, *, dry_run: bool = False
) -> Iterator[Judge]:
    """A :class:`Judge` on its own ledger file (created when missing)."""
    from gralgo.ledger import Ledger

    ledger_path.parent.mkdir(parents=True, exist_ok=True)
    with Ledger(ledger_path) as ledger, Judge(settings, ledger, dry_run=dry_run) as judge:
        yield judge
