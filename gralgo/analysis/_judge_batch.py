"""Judge calls through the provider's batch API (``analyze.batch=on``).

A judge question is one turn, so it fits a batch line: the same :class:`~gralgo.ledger.Request`
(same request key, the fresh ask as the sample index) as the live judge sends, claimed by its
batch in the judge ledger and stored there when collected, so the verdicts are read, re-asked
and replayed exactly as for live calls. Each :meth:`Judge.ask` round (a stage, or a round of
re-asks) is one set of batches: with ``wait=true`` the round waits for them; with
``wait=false`` the first round that leaves batches running stops this run's submitting (later
rounds depend on its replies), the analysis exits 5 ("submitted"), and the same command later
collects them and submits the next round.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gralgo.errors import ConfigError
from gralgo.ledger import Request

log = logging.getLogger("gralgo")


@dataclass(frozen=True)
class JudgeBatchResult:
    """What one round of judge batches did."""

    submitted: int
    """Requests put in new batches (a re-run collecting earlier batches submits none)."""
    open_batches: int
    """Batches still running when the round returned (``wait=false``)."""
    live_todo: list[tuple[Request, int]]
    """Errored lines to call live (``fallback=live``)."""


def check_batch_judge(settings: Any) -> None:
    """Refuse batch mode for a judge that cannot do it (an embedded model, a provider with no
    batch API here), before anything is paid."""
    from gralgo.ledger import SamplingParams
    from gralgo.run import provider_of

    if settings.model_config.get("server"):
        raise ConfigError(
            f"analyze.batch=on: judge {settings.model.name} is an embedded local model, which "
            "has no batch API; set analyze.batch=off"
        )
    provider_of(Request("", (), settings.model, SamplingParams()))


def ask_in_batches(
    todo: Sequence[tuple[Request, int]], ledger: Any, settings: Any, batch: Any, stage: str
) -> JudgeBatchResult:
    """Send ``todo`` (judge requests, fresh-ask index) for ``stage`` through batches of
    ``batch`` (a ``BatchSettings``); results land in ``ledger`` under their request keys."""
    from gralgo.run import BatchProgress, batch_rates, run_batches
    from gralgo.seeding import stable_hash

    keys = sorted({r.key for r, _ in todo})
    job = stable_hash(json.dumps(["judge", stage, settings.model.litellm_model, keys]), length=16)
    price = dict(settings.model_config.get("price") or {})
    rates = batch_rates(settings.model.litellm_model, price)
    with BatchProgress(f"judge {stage} batches") as progress:
        report = run_batches(
            todo, ledger, job, batch, rates, max_attempts=settings.max_attempts,
            progress=progress,
        )  # fmt: skip
    log.info(
        "judge %s: %d batch(es) submitted (%d requests), %d collected, %d stored, errors %s",
        stage, report.batches_submitted, report.samples_submitted, report.collected,
        report.done, report.errors or "none",
    )  # fmt: skip
    return JudgeBatchResult(report.samples_submitted, report.open_batches, report.live_todo)
