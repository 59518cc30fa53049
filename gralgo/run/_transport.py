"""How a job's samples reach the model: one interface, two transports (``design/batch.md``).

A transport sends the pending (request, sample index) pairs of a job live (``LiveTransport``:
the runner's concurrent calls) or in provider batches (``BatchTransport``, ``run.batch=on``),
in three steps: ``submit`` hands the samples over, ``poll`` says how many batches this run
leaves running at the provider, ``collect`` brings every reply into the ledger. Either way a
reply is claimed, turned into a ``SampleRecord`` and stored by the ledger's one row function
(``gralgo/ledger/_sample_row.py``), so the job after it (scoring, reports) does not know, or
ask, how its samples were sent. :func:`send_samples` is the one driver the job calls;
``_transport_choice.make_transport`` picks the transport from the settings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from gralgo.ledger import LedgerStore, Request


@dataclass(frozen=True)
class SendReport:
    """What sending a job's samples did, for its report."""

    transport: str = "live"
    stop_reason: str | None = None
    """Why the live runner stopped early (``None``: it did not)."""
    metrics: dict[str, float] = field(default_factory=dict)
    """Metrics of the sending (batch mode: ``batch_samples``, ``batch_cost_usd``...)."""
    note: str = ""
    """A line for the job's summary (batch mode: the samples paid at the batch price)."""


class Transport(Protocol):
    """A way of sending a job's samples: live calls or provider batches."""

    name: str
    """``live`` or ``batch``."""

    def check(self, requests: Sequence[Request], tool: bool) -> None:
        """Raise (one line naming the fix) when these requests cannot go this way, before
        anything is paid or written."""

    def settle(self, requests: Sequence[Request], ledger: LedgerStore) -> None:
        """Nothing is left to send: leave nothing open (batch: close answered batches)."""

    def submit(self, todo: Sequence[tuple[Request, int]], ledger: LedgerStore) -> None:
        """Hand the samples over (live: the endpoint is up and checked, no open batch holds
        them; batch: ended batches collected, new ones created)."""

    def poll(self) -> int:
        """Batches this run leaves running at the provider (0: :meth:`collect` brings all)."""

    def collect(self, started: Callable[[], None]) -> SendReport:
        """Bring the replies into the ledger; ``started()`` marks the job's run as begun
        (live: before the first call; batch: once the results are in)."""

    def close(self) -> None:
        """Release what :meth:`submit` opened (an embedded server, a progress display)."""


def send_samples(
    transport: Transport,
    requests: Sequence[Request],
    todo: Sequence[tuple[Request, int]],
    ledger: LedgerStore,
    started: Callable[[], None],
) -> SendReport:
    """Send ``todo`` (pending samples of ``requests``) through ``transport`` and collect them.

    Raises :class:`~gralgo.errors.BatchSubmitted` (carrying the job's batch digest and model)
    when batches are left running at the provider (``run.batch.wait=false``): ``started`` is
    then never called, so a job left at the provider is no run."""
    from gralgo.errors import BatchSubmitted

    if not todo:
        transport.settle(requests, ledger)
        return SendReport(transport.name)
    try:
        transport.submit(todo, ledger)
        running = transport.poll()
        if running:
            raise BatchSubmitted(
                f"submitted: {running} batch(es) still running at the provider",
                job=str(getattr(transport, "job", "")),
                model=todo[0][0].model,
            )
        return transport.collect(started)
    finally:
        transport.close()
