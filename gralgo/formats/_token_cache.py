"""Token counts remembered on disk, keyed by the text's hash: a job's plan counts each prompt
once per machine, not once per job (counting 2,000 real prompts costs ~2.6 s of CPU).

A caller that already holds a hash covering each text (a request key) passes it as the text's
name: counts are then also kept by name, and a later lookup by those names needs no hashing
of the texts (~40 ms of CPU for the 21 MB of prompts of a 2,000-sample job)."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from gralgo.formats._tokens import count_tokens_many

log = logging.getLogger(__name__)

CACHE_FILE = "token_counts.sqlite"
K = TypeVar("K", bytes, str)
_CHUNK = 500
"""Digests per query (SQLite allows 999 parameters on old builds)."""


def text_digest(text: str) -> bytes:
    """The cache key of ``text`` (16-byte BLAKE2b of its UTF-8)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def count_tokens_cached(
    texts: Sequence[str],
    cache_dir: Path | None,
    tokenizer: str = "cl100k_base",
    names: Sequence[str] | None = None,
) -> list[int]:
    """:func:`count_tokens_many` of ``texts``, from ``cache_dir/token_counts.sqlite`` where known.

    Counts not in the cache are computed and added. ``names`` (one per text) are strings that
    each stand for their text alone, such as a hash covering it: when every name is known its
    count is taken without reading the texts; otherwise the counts are found as without names
    and remembered by name too. A cache that cannot be opened or written (read-only folder, a
    damaged file) is passed by: the counts are computed, never guessed.
    """
    if cache_dir is None:
        return count_tokens_many(texts, tokenizer)
    try:
        with _open(Path(cache_dir) / CACHE_FILE) as db:
            if names is not None:
                by_name = _lookup(db, tokenizer, names, "named")
                if len(by_name) == len(set(names)):
                    return [by_name[name] for name in names]
            counts = _counts(db, tokenizer, texts)
            if names is not None:
                with db:
                    db.executemany(
                        "INSERT OR IGNORE INTO named VALUES (?, ?, ?)",
                        [(tokenizer, name, n) for name, n in zip(names, counts, strict=True)],
                    )
            return counts
    except (sqlite3.Error, OSError) as err:
        log.info("token count cache in %s not used (%s): counting every prompt", cache_dir, err)
        return count_tokens_many(texts, tokenizer)


def _counts(db: sqlite3.Connection, tokenizer: str, texts: Sequence[str]) -> list[int]:
    """The counts of ``texts`` by their digests, counting and adding those not yet known."""
    digests = [text_digest(t) for t in texts]
    known = _lookup(db, tokenizer, digests)
    missing = sorted({i for i, d in enumerate(digests) if d not in known})
    if missing:
        counted = count_tokens_many([texts[i] for i in missing], tokenizer)
        new = {digests[i]: n for i, n in zip(missing, counted, strict=True)}
        with db:
            db.executemany(
                "INSERT OR IGNORE INTO counts VALUES (?, ?, ?)",
                [(tokenizer, d, n) for d, n in new.items()],
            )
        known |= new
    return [known[d] for d in digests]


def _open(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30)
    db.execute(
        "CREATE TABLE IF NOT EXISTS counts (tokenizer TEXT NOT NULL, digest BLOB NOT NULL, "
        "n INTEGER NOT NULL, PRIMARY KEY (tokenizer, digest)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE IF NOT EXISTS named (tokenizer TEXT NOT NULL, name TEXT NOT NULL, "
        "n INTEGER NOT NULL, PRIMARY KEY (tokenizer, name)) WITHOUT ROWID"
    )
    return db


def _lookup(
    db: sqlite3.Connection, tokenizer: str, keys: Sequence[K], table: str = "counts"
) -> dict[K, int]:
    """The known counts of ``keys``: digests in ``counts``, names in ``named``."""
    column = "digest" if table == "counts" else "name"
    unique = list(dict.fromkeys(keys))
    out: dict[K, int] = {}
    if not unique:
        return out
    kind = type(unique[0])  # SQLite gives a BLOB back as bytes, TEXT as str
    for start in range(0, len(unique), _CHUNK):
        chunk: list[K] = unique[start : start + _CHUNK]
        marks = ",".join("?" * len(chunk))
        rows = db.execute(
            f"SELECT {column}, n FROM {table} WHERE tokenizer = ? AND {column} IN ({marks})",
            [tokenizer, *chunk],
        )
        out.update((kind(key), int(n)) for key, n in rows)
    return out
