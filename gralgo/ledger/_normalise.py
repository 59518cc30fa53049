"""Lossless normalisation of texts a store cannot represent (lone surrogates, NUL).

SQLite's driver refuses a lone surrogate (``"\\ud800"`` cannot be encoded as UTF-8) and
PostgreSQL refuses NUL in a ``text`` value; both can arrive in a paid reply. Such a text is
stored as :data:`MARKER` followed by its Python ``unicode_escape`` form (ASCII; every lone
surrogate stays its own ``\\udXXX`` escape, where JSON would join a pair into one character),
and :func:`restore` turns it back into the exact original. A text that already starts with the
marker is wrapped too, so every stored text decodes to what was received. Ordinary texts are
stored unchanged (old ledgers read as before).
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any

from gralgo.ledger._records import SampleRecord

MARKER = "\u27e6gralgo:esc\u27e7"
"""Prefix of a text stored escaped (``⟦gralgo:esc⟧``)."""
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_TEXT_FIELDS = tuple(f.name for f in fields(SampleRecord) if f.name != "request_key")


def storable(text: str) -> str:
    """``text`` as every store can hold it (unchanged unless it holds NUL or a surrogate)."""
    if _UNSTORABLE.search(text) is None and not text.startswith(MARKER):
        return text
    return MARKER + text.encode("unicode_escape").decode("ascii")


def restore(value: Any) -> Any:
    """The original of a value :func:`storable` produced (other values unchanged)."""
    if isinstance(value, str) and value.startswith(MARKER):
        try:
            return value[len(MARKER) :].encode("ascii").decode("unicode_escape")
        except UnicodeError:  # not written by storable(): leave it as stored
            return value
    return value


def storable_record(rec: SampleRecord) -> SampleRecord:
    """``rec`` with every text field made :func:`storable` (the same object when none changes)."""
    changes: dict[str, Any] = {
        name: storable(value)
        for name in _TEXT_FIELDS
        if isinstance(value := getattr(rec, name), str) and storable(value) is not value
    }
    return replace(rec, **changes) if changes else rec


def restored_record(rec: SampleRecord) -> SampleRecord:
    """The inverse of :func:`storable_record`."""
    changes: dict[str, Any] = {
        name: restore(value)
        for name in _TEXT_FIELDS
        if isinstance(value := getattr(rec, name), str) and value.startswith(MARKER)
    }
    return replace(rec, **changes) if changes else rec


def restore_row(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A stored row with every :func:`storable` text restored."""
    if any(isinstance(v, str) and v.startswith(MARKER) for v in row):
        return tuple(restore(v) for v in row)
    return row
