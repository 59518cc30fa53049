"""Open the ledger a location names: a PostgreSQL server URL or a SQLite file."""

from __future__ import annotations

import os

from gralgo.ledger._sqlite import Ledger
from gralgo.ledger._store_protocol import LedgerStore


def open_ledger(location: str | os.PathLike[str]) -> LedgerStore:
    """A :class:`PostgresLedger` for a ``postgresql://`` URL, else the SQLite ``Ledger`` file."""
    text = str(location)
    if text.startswith(("postgresql://", "postgres://")):
        from gralgo.ledger._postgres import PostgresLedger

        return PostgresLedger(text)
    return Ledger(location)
