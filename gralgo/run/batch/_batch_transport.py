"""The batch transport (``run.batch=on``): a job's samples sent through the provider's batch API.

The :class:`~gralgo.run._transport.Transport` steps map onto one :class:`BatchRun`: ``submit``
collects what has ended at the endpoint, adopts orphans and creates the new batches; ``poll``
counts the batches this run leaves running (``wait=false``); ``collect`` waits for the rest,
stores every result line through the ledger's one row function, calls failed lines live with
``fallback=live`` (through the live transport) and returns the run's batch metrics.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gralgo.errors import ConfigError
from gralgo.ledger import LedgerStore, Request, SampleRecord, SamplingParams
from gralgo.run._live_transport import LiveTransport
from gralgo.run._transport import SendReport
from gralgo.run.batch._batch_price import BatchRates
from gralgo.run.batch._batch_progress import BatchProgress
from gralgo.run.batch._batch_run import BatchReport, BatchRun, BatchSettings, close_answered_batches
from gralgo.run.batch._provider_apis import provider_of
from gralgo.seeding import stable_hash

log = logging.getLogger("gralgo")


class BatchTransport:
    """Send a job's pending samples in provider batches, at the batch price."""

    name = "batch"

    def __init__(
        self,
        settings: BatchSettings,
        rates: BatchRates | None,
        live: LiveTransport,
        *,
        k: int,
        pricer: Callable[[SampleRecord], float | None] | None = None,
        work_dir: Path | None = None,
    ) -> None:
        self.settings, self.rates, self.live = settings, rates, live
        self.k, self.pricer, self.work_dir = k, pricer, work_dir
        self.job = ""
        """The digest this job's batches carry (``batches.job``), set by :meth:`submit`."""
        self.run: BatchRun | None = None
        self.ledger: LedgerStore | None = None
        self.display = contextlib.ExitStack()
        self.closed = False

    def check(self, requests: Sequence[Request], tool: bool) -> None:
        """Refuse tool mode (a conversation is several dependent turns, a batch line one) and
        a provider without a batch API here, before anything is paid or written."""
        if tool:
            raise ConfigError(
                "run.batch=on cannot run mode=tool: a tool conversation takes several turns, "
                "each depending on the last, and a batch request is one turn; set run.batch=off"
            )
        if requests:
            provider_of(requests[0])

    def settle(self, requests: Sequence[Request], ledger: LedgerStore) -> None:
        """Nothing to send: close the endpoint's batches whose every result is stored."""
        if requests:
            close_answered_batches(requests[0], ledger)

    def submit(self, todo: Sequence[tuple[Request, int]], ledger: LedgerStore) -> None:
        from gralgo.run._progress import RunProgress

        keys = sorted({r.key for r, _ in todo})
        model = todo[0][0].model
        self.job = stable_hash(json.dumps([model.litellm_model, self.k, keys]), length=16)
        if self.rates is None:
            log.warning("batch: no batch price known for %s: costs stay unknown", model.name)
        host = self.display.enter_context(RunProgress(len(todo), "batch", cost=self.pricer))
        self.ledger = ledger
        self.run = BatchRun(
            todo, ledger, self.job, self.settings, self.rates, on_progress=host,
            max_attempts=self.live.settings.max_attempts, work_dir=self.work_dir,
            progress=BatchProgress(host=host),
        )  # fmt: skip
        self.run.submit()

    def poll(self) -> int:
        assert self.run is not None
        running = self.run.poll()
        if running:
            self._log(self.run.report)
        return running

    def collect(self, started: Callable[[], None]) -> SendReport:
        """Wait for the batches (``wait=true``), store their results, call what failed live
        (``fallback=live``); ``started`` once done (a job left at the provider is no run)."""
        assert self.run is not None and self.ledger is not None
        report = self.run.collect()
        self.close()
        self._log(report)
        if report.live_todo:
            log.warning(
                "batch: run.batch.fallback=live: %d sample(s) a batch returned with an error "
                "are called live (full price)", len(report.live_todo),
            )  # fmt: skip
            self.live.call(report.live_todo, self.ledger)
        started()
        metrics = {
            "batch_samples": float(report.done),
            "batch_calls": float(report.samples_submitted),
            "batch_count": float(report.batches_submitted),
        }
        if self.rates is not None:  # an unknown price is no metric (not $0)
            metrics["batch_cost_usd"] = report.cost
        price = "unknown price" if self.rates is None else f"${report.cost:,.4f}"
        note = (
            f"batch mode: {report.done} samples at the batch price ({price}) in "
            f"{report.batches_submitted} batch(es); costs in this report are batch prices"
        )
        return SendReport(self.name, metrics=metrics, note=note)

    def close(self) -> None:
        if self.run is not None and not self.closed:
            self.run.finish()
        self.closed = True
        self.display.close()

    @staticmethod
    def _log(report: BatchReport) -> None:
        log.info(
            "batch: %d batch(es) submitted (%d samples), %d collected, %d adopted after a "
            "crash, %d stored, errors %s; submit %.1f s, collect %.1f s",
            report.batches_submitted, report.samples_submitted, report.collected,
            report.adopted, report.done, report.errors or "none", report.submit_s,
            report.collect_s,
        )  # fmt: skip


def batch_statuses(jobs: Sequence[tuple[LedgerStore, str, Any]]) -> list[Any]:
    """What the provider says now of the open batches of each ``(ledger, job digest, model
    spec)`` (``BatchStatus``): the poll of a sweep that waits for its jobs' batches together."""
    from gralgo.run.batch._batch_run import crash_point
    from gralgo.run.batch._provider_registry import make_provider

    statuses = []
    providers: dict[str, Any] = {}
    for ledger, job, model in jobs:
        for batch in ledger.batches(open_only=True):
            if batch.job != job or batch.batch_id is None:
                continue  # another job's, or an intent of a process that died (adopted later)
            key = json.dumps([model.litellm_model, model.api_base, model.api_key_env])
            if key not in providers:
                providers[key] = make_provider(Request("", (), model, SamplingParams()))
            statuses.append(providers[key].status(batch.batch_id))
    crash_point("sweep_wait")
    return statuses
