"""The job's transport from its settings: live calls, or provider batches when ``run.batch``
is on (``_transport``: the interface both keep)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.ledger import SampleRecord
from gralgo.run._live_transport import LiveSettings, LiveTransport
from gralgo.run._local_server import LocalServerSettings
from gralgo.run._transport import Transport

if TYPE_CHECKING:
    from gralgo.run.batch._batch_run import BatchSettings


def make_transport(
    batch: BatchSettings | None,
    live: LiveSettings,
    *,
    model: str,
    k: int,
    price: dict[str, float | None],
    pricer: Callable[[SampleRecord], float | None] | None = None,
    server: LocalServerSettings | None = None,
    work_dir: Path | None = None,
) -> Transport:
    """The job's transport: live, or (``batch``: ``run.batch`` when on) provider batches of
    the litellm ``model`` at its batch price (``price``: the configured ``input_per_1m``,
    ``output_per_1m``, ``batch_discount``); ``k`` samples a request; ``server`` an embedded
    model server the live calls start."""
    live_transport = LiveTransport(live, pricer=pricer, server=server, work_dir=work_dir)
    if batch is None:
        return live_transport
    from gralgo.run.batch._batch_price import batch_rates
    from gralgo.run.batch._batch_transport import BatchTransport

    return BatchTransport(
        batch,
        batch_rates(model, price),
        live_transport,
        k=k,
        pricer=pricer,
        work_dir=work_dir,
    )
