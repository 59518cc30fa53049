"""Token log-probabilities of a sample, stored compactly beside the ledger's sample rows.

Requested with ``sampling.logprobs=true sampling.top_logprobs=N`` (both part of the request
key). One row per (request key, sample index) in the ledger's ``logprobs`` table (the SQLite
file's, or the PostgreSQL server's), written in the same transaction as the sample row (and
kept with it in the rescue file when the store cannot take them), so a stored sample that asked
for logprobs has them:

* ``tokens``: the generated tokens' text, JSON, zlib-compressed;
* ``chosen``: their log-probabilities, float16;
* ``top``: the ``(n_tokens, top_n)`` top-N log-probabilities (strings of the alternatives are
  not kept: entropy needs only the numbers), float16, ``-inf`` padding.

float16 keeps about 3 significant digits (entropies change by < 0.1 %) and halves the size:
4k tokens with top-5 take about 45 KB. Floats are stored raw (they do not compress), so
reading them back costs nothing but the copy.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gralgo.ledger._normalise import MARKER, restore, storable

_COLUMNS_SQL = (
    "(request_key TEXT NOT NULL, sample_index INTEGER NOT NULL, n_tokens INTEGER NOT NULL, "
    "top_n INTEGER NOT NULL, tokens {blob} NOT NULL, chosen {blob} NOT NULL, top {blob} NOT "
    "NULL, PRIMARY KEY (request_key, sample_index))"
)
SQLITE_TABLE = "CREATE TABLE IF NOT EXISTS logprobs " + _COLUMNS_SQL.format(blob="BLOB")
"""The SQLite table (created beside the versioned schema, as it always was)."""
POSTGRES_TABLE = "CREATE TABLE IF NOT EXISTS logprobs " + _COLUMNS_SQL.format(blob="BYTEA")
"""The same table on a PostgreSQL ledger server."""
_SCHEMA = SQLITE_TABLE
_CHUNK = 500
_MARKER_ASCII = MARKER.strip("\u27e6\u27e7").encode("ascii")
"""``gralgo:esc``: in every stored JSON of a token list holding an escaped token."""


@dataclass(frozen=True)
class SampleLogprobs:
    """The logprobs of one stored sample."""

    tokens: tuple[str, ...]
    """Generated tokens' text, in order."""
    chosen: np.ndarray
    """``(n_tokens,)`` log-probability of each generated token."""
    top: np.ndarray
    """``(n_tokens, top_n)`` top-N log-probabilities per step; ``-inf`` pads short rows."""


def _get(item: Any, name: str) -> Any:
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


def logprobs_from_response(response: Any) -> SampleLogprobs | None:
    """The logprobs of a chat completion's first choice (OpenAI format), or ``None``."""
    choices = _get(response, "choices") or []
    if not choices:
        return None
    content = _get(_get(choices[0], "logprobs"), "content")
    if not content:
        return None
    tokens, chosen, tops = [], [], []
    for step in content:
        tokens.append(str(_get(step, "token") or ""))
        chosen.append(float(_get(step, "logprob") or 0.0))
        tops.append(
            [
                float(_get(alt, "logprob"))
                for alt in (_get(step, "top_logprobs") or [])
                if _get(alt, "logprob") is not None
            ]
        )
    width = max((len(t) for t in tops), default=0)
    top = np.full((len(tops), max(width, 1)), -np.inf, dtype=np.float32)
    for i, row in enumerate(tops):
        if row:
            top[i, : len(row)] = row
        else:  # no alternatives returned: the chosen token alone
            top[i, 0] = chosen[i]
    return SampleLogprobs(tuple(tokens), np.asarray(chosen, dtype=np.float32), top)


class LogprobStore:
    """The ``logprobs`` table of a ledger file (one connection per process and thread)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._local = threading.local()

    def _connection(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None or getattr(self._local, "pid", None) != os.getpid():
            conn = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            conn.execute("PRAGMA busy_timeout = 60000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(_SCHEMA)
            self._local.conn, self._local.pid = conn, os.getpid()
        return conn

    def record(self, request_key: str, sample_index: int, data: SampleLogprobs) -> None:
        """Store (or replace) the logprobs of one sample."""
        self._connection().execute(
            "INSERT OR REPLACE INTO logprobs VALUES (?, ?, ?, ?, ?, ?, ?)",
            logprob_row(request_key, sample_index, data),
        )

    def read(self, keys: Iterable[tuple[str, int]]) -> dict[tuple[str, int], SampleLogprobs]:
        """Stored logprobs for the given (request key, sample index) pairs (absent: left out)."""
        wanted = set(keys)
        request_keys = sorted({k for k, _ in wanted})
        out: dict[tuple[str, int], SampleLogprobs] = {}
        if not self.path.is_file():
            return out
        conn = self._connection()
        for start in range(0, len(request_keys), _CHUNK):
            chunk = request_keys[start : start + _CHUNK]
            rows = conn.execute(
                "SELECT request_key, sample_index, n_tokens, top_n, tokens, chosen, top FROM "
                f"logprobs WHERE request_key IN ({', '.join('?' * len(chunk))})",
                chunk,
            )
            for key, index, n, top_n, tokens, chosen, top in rows:
                if (key, index) in wanted:
                    out[(key, index)] = _decode(n, top_n, tokens, chosen, top)
        return out

    def __iter__(self) -> Iterator[tuple[tuple[str, int], SampleLogprobs]]:
        for key, index, n, top_n, tokens, chosen, top in self._connection().execute(
            "SELECT request_key, sample_index, n_tokens, top_n, tokens, chosen, top FROM logprobs "
            "ORDER BY request_key, sample_index"
        ):
            yield (key, index), _decode(n, top_n, tokens, chosen, top)

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


def logprob_row(request_key: str, sample_index: int, data: SampleLogprobs) -> tuple[Any, ...]:
    """The ``logprobs`` row of one sample (tokens as ASCII JSON: lone surrogates survive)."""
    return (
        request_key,
        sample_index,
        len(data.tokens),
        int(data.top.shape[1]),
        zlib.compress(json.dumps([storable(t) for t in data.tokens]).encode()),
        data.chosen.astype(np.float16).tobytes(),
        data.top.astype(np.float16).tobytes(),
    )


def logprobs_to_json(data: SampleLogprobs) -> dict[str, Any]:
    """Plain data for a rescue line (floats as stored: float16 precision)."""
    return {
        "tokens": [storable(t) for t in data.tokens],
        "chosen": data.chosen.astype(np.float16).astype(float).tolist(),
        "top": data.top.astype(np.float16).astype(float).tolist(),
    }


def logprobs_from_json(value: Any) -> SampleLogprobs | None:
    """The inverse of :func:`logprobs_to_json` (``None`` when ``value`` is not one)."""
    try:
        tokens = tuple(restore(str(t)) for t in value["tokens"])
        chosen = np.asarray(value["chosen"], dtype=np.float32).reshape(len(tokens))
        top = np.asarray(value["top"], dtype=np.float32).reshape(len(tokens), -1)
    except (KeyError, TypeError, ValueError):
        return None
    return SampleLogprobs(tokens, chosen, top)


def decode_row(row: Sequence[Any]) -> SampleLogprobs:
    """The logprobs of a stored ``(n_tokens, top_n, tokens, chosen, top)`` row."""
    n, top_n, tokens, chosen, top = row
    return _decode(n, top_n, bytes(tokens), bytes(chosen), bytes(top))


def decode_tokens(blob: bytes) -> list[str]:
    """The tokens of a stored ``tokens`` column, restored (:func:`restore`).

    Only a text that :func:`storable` escaped starts with the marker, whose ASCII part
    (``gralgo:esc``) appears in the JSON however it was written: without it in the blob, the
    tokens are the JSON strings as they are (no per-token restore, most of the decoding time).
    """
    raw = zlib.decompress(blob)
    tokens: list[str] = json.loads(raw)
    if _MARKER_ASCII in raw:
        return [restore(t) for t in tokens]
    return tokens


def _decode(n: int, top_n: int, tokens: bytes, chosen: bytes, top: bytes) -> SampleLogprobs:
    return SampleLogprobs(
        tuple(decode_tokens(tokens)),
        np.frombuffer(chosen, dtype=np.float16).astype(np.float32),
        np.frombuffer(top, dtype=np.float16).astype(np.float32).reshape(n, top_n),
    )
