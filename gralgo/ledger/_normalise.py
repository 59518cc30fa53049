"""The one entry of every received text: made renderable (:func:`canonical`) and storable.

Every reply text (live, batch, tool-loop turns and their tool-call arguments, judge replies,
logprob tokens) passes :func:`canonical` once, where it enters: a lone surrogate (half of a
UTF-16 pair, which a JSON body can spell as ``"\\ud800"`` but no UTF-8 file, SQLite, pandas'
encoder or the next request can hold) becomes U+FFFD, the replacement character. Nothing else
changes: NUL, control characters, huge and empty texts are valid text and every writer after
the entry (the ledgers, ``samples.jsonl``, ``report.html``, the study page, MLflow, the next
tool turn) takes them as they come. The ledger writers call :func:`storable_record`, which
applies :func:`canonical` too, so no path can skip it.

PostgreSQL refuses NUL in a ``text`` value. A text holding NUL is stored as :data:`MARKER`
followed by its Python ``unicode_escape`` form (ASCII), and :func:`restore` turns it back into
the exact text. A text that already starts with the marker is wrapped too, so every stored text
decodes to the canonical text received. Ordinary texts are stored unchanged (old ledgers read
as before); an old row that kept a lone surrogate escaped reads back canonical.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any

from gralgo.ledger._records import SampleRecord

MARKER = "\u27e6gralgo:esc\u27e7"
"""Prefix of a text stored escaped (``⟦gralgo:esc⟧``)."""
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"
"""What a lone surrogate becomes (U+FFFD)."""
_TEXT_FIELDS = tuple(f.name for f in fields(SampleRecord) if f.name != "request_key")


def canonical(text: str) -> str:
    """``text`` with a surrogate pair joined into its character and every lone surrogate
    replaced by U+FFFD (the same object when it has none): valid Unicode that every encoder,
    file and request takes."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def storable(text: str) -> str:
    """:func:`canonical` ``text`` as every store can hold it (unchanged unless it holds NUL, a
    surrogate or starts with the marker)."""
    if _UNSTORABLE.search(text) is None and not text.startswith(MARKER):
        return text
    text = canonical(text)
    if "\x00" not in text and not text.startswith(MARKER):
        return text
    return MARKER + text.encode("unicode_escape").decode("ascii")


def restore(value: Any) -> Any:
    """The canonical text of a value :func:`storable` produced (other values unchanged)."""
    if isinstance(value, str) and value.startswith(MARKER):
        try:
            text = value[len(MARKER) :].encode("ascii").decode("unicode_escape")
        except UnicodeError:  # not written by storable(): leave it as stored
            return value
        return canonical(text)  # a row written before canonical() may hold a surrogate
    return value


def storable_record(rec: SampleRecord) -> SampleRecord:
    """``rec`` with every text field made :func:`storable` (the same object when none changes):
    what every ledger writer (live row, batch rows, rescue lines) stores."""
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
