"""Read stored logprobs (the ledger's ``logprobs`` table) for the samples of evaluated jobs:
the analyses' one way to them (entropy, segmentation by entropy)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from gralgo.ledger import LogprobStore, SampleLogprobs


def read_logprobs(
    ledgers: Sequence[Path], pairs: Iterable[tuple[str, int]]
) -> dict[tuple[str, int], SampleLogprobs]:
    """The stored logprobs of ``pairs`` ((request key, sample index)) in the SQLite ledger
    files ``ledgers`` (a later file's entry wins); samples without any are left out."""
    wanted = list(pairs)
    found: dict[tuple[str, int], SampleLogprobs] = {}
    for ledger in ledgers:
        store = LogprobStore(ledger)
        try:
            found.update(store.read(wanted))
        finally:
            store.close()
    return found
