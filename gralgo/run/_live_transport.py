"""The live transport: a job's samples sent as concurrent calls by the runner (``_runner``).

``submit`` refuses samples that open provider batches hold (a live run would wait up to 30 h
for their claims), starts the embedded model server when the model has one and checks the
endpoint (``preflight``), nothing paid yet; ``poll`` leaves nothing running; ``collect`` calls
and stores every sample with a progress bar.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from gralgo.errors import ConfigError
from gralgo.ledger import LedgerStore, Request, SampleRecord
from gralgo.run._local_server import LocalLlamaServer, LocalServerSettings
from gralgo.run._models import preflight
from gralgo.run._progress import RunProgress, describe_run
from gralgo.run._runner import RunReport, run_samples_sync
from gralgo.run._tool_loop import ToolLoopSettings
from gralgo.run._transport import SendReport

log = logging.getLogger("gralgo")


@dataclass(frozen=True)
class LiveSettings:
    """``run.*``: how the runner calls the model live."""

    max_concurrency: int = 16
    max_attempts: int = 3
    timeout_s: float = 600.0
    failure_budget: float = 0.1
    tool: ToolLoopSettings | None = None
    """``mode=tool``: the tool-use loop's settings."""
    client: str = "auto"
    grace_s: float = 25.0


def refuse_held_by_batches(todo: Sequence[tuple[Request, int]], ledger: LedgerStore) -> None:
    """A live run must not wait up to 30 hours for samples that sit in running batches: say
    how to collect them instead (before anything is paid)."""
    open_batches = ledger.batches(open_only=True)
    if not open_batches:
        return
    wanted = {(r.key, i) for r, i in todo}
    held = sum(len(wanted.intersection(ledger.batch_pairs(b.batch_ref))) for b in open_batches)
    if held:
        raise ConfigError(
            f"{held} of this job's samples are in provider batches that are still open; run "
            "the same command with run.batch=on to collect them (nothing is paid twice)"
        )


class LiveTransport:
    """Send a job's pending samples as live calls."""

    name = "live"

    def __init__(
        self,
        settings: LiveSettings,
        *,
        pricer: Callable[[SampleRecord], float | None] | None = None,
        server: LocalServerSettings | None = None,
        work_dir: Path | None = None,
    ) -> None:
        self.settings, self.pricer, self.server, self.work_dir = settings, pricer, server, work_dir
        self.stack = contextlib.ExitStack()
        self.todo: list[tuple[Request, int]] = []
        self.ledger: LedgerStore | None = None

    def check(self, requests: Sequence[Request], tool: bool) -> None:
        """Every request can be called live."""

    def settle(self, requests: Sequence[Request], ledger: LedgerStore) -> None:
        """Nothing to send, nothing left open."""

    def submit(self, todo: Sequence[tuple[Request, int]], ledger: LedgerStore) -> None:
        refuse_held_by_batches(todo, ledger)
        spec = todo[0][0].model
        if self.server is not None:
            log_path = None if self.work_dir is None else self.work_dir / "llama_server.log"
            server = LocalLlamaServer(self.server, log_path=log_path)
            spec = replace(spec, api_base=self.stack.enter_context(server))
        preflight(spec)  # a missing key or a dead endpoint stops here: no run is started
        # The same spec (no managed server): the requests as they are, keys computed.
        live = {r.key: r if r.model is spec else replace(r, model=spec) for r, _ in todo}
        self.todo = [(live[r.key], i) for r, i in todo]
        self.ledger = ledger

    def poll(self) -> int:
        return 0

    def collect(self, started: Callable[[], None]) -> SendReport:
        """``started()`` (the run's real duration, a crash shown as failed), then call and
        store every sample."""
        assert self.ledger is not None
        started()
        report = self.call(self.todo, self.ledger)
        log.info("run: %s", describe_run(report))
        return SendReport(self.name, stop_reason=report.stop_reason)

    def call(self, todo: Sequence[tuple[Request, int]], ledger: LedgerStore) -> RunReport:
        """Call and store ``todo`` with a progress bar (also a batch run's live fallback)."""
        with RunProgress(len(todo), cost=self.pricer) as progress:
            return run_samples_sync(
                todo,
                ledger,
                max_concurrency=self.settings.max_concurrency,
                max_attempts=self.settings.max_attempts,
                timeout_s=self.settings.timeout_s,
                failure_budget=self.settings.failure_budget,
                on_progress=progress,
                tool=self.settings.tool,
                client=self.settings.client,
                grace_s=self.settings.grace_s,
            )

    def close(self) -> None:
        self.stack.close()
