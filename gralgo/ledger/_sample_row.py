"""The one way a sample becomes a stored row, for every reply: live, batch, rescued.

Both ledgers (SQLite, PostgreSQL) write ``samples`` rows only through :func:`sample_row`, so a
reply's texts are made storable once (``_normalise.storable_record``, lossless) whichever way
it was sent: a lone surrogate or a NUL in a batch reply is stored exactly as in a live one.
"""

from __future__ import annotations

from dataclasses import replace

from gralgo.ledger._normalise import storable_record
from gralgo.ledger._records import SampleRecord
from gralgo.ledger._sqlite_schema import SAMPLE_COLUMNS


def sample_row(rec: SampleRecord, batch_ref: str | None = None) -> tuple[object, ...]:
    """``rec``'s values in ``samples`` column order, texts made storable; with ``batch_ref``,
    the row names that batch. (``dataclasses.astuple`` deep-copies: 20x slower.)"""
    if batch_ref is not None and rec.batch_ref != batch_ref:
        rec = replace(rec, batch_ref=batch_ref)
    rec = storable_record(rec)
    return tuple(getattr(rec, c) for c in SAMPLE_COLUMNS)
