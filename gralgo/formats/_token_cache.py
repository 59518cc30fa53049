"""Token counts remembered on disk, keyed by the text's hash: a job's plan counts each prompt
once per machine, not once per job (counting 2,000 real prompts costs ~2.6 s of CPU)."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from gralgo.formats._tokens import count_tokens_many

log = logging.getLogger(__name__)

CACHE_FILE = "token_counts.sqlite"
_CHUNK = 500
"""Digests per query (SQLite allows 999 parameters on old builds)."""


def text_digest(text: str) -> bytes:
    """The cache key of ``text`` (16-byte BLAKE2b of its UTF-8)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def count_tokens_cached(
    texts: Sequence[str], cache_dir: Path | None, tokenizer: str = "cl100k_base"
) -> list[int]:
    """:func:`count_tokens_many` of ``texts``, from ``cache_dir/token_counts.sqlite`` where known.

    Counts not in the cache are computed and added. A cache that cannot be opened or written
    (read-only folder, a damaged file) is passed by: the counts are computed, never guessed.
    """
    if cache_dir is None:
        return count_tokens_many(texts, tokenizer)
    digests = [text_digest(t) for t in texts]
    try:
        with _open(Path(cache_dir) / CACHE_FILE) as db:
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
    except (sqlite3.Error, OSError) as err:
        log.info("token count cache in %s not used (%s): counting every prompt", cache_dir, err)
        return count_tokens_many(texts, tokenizer)


def _open(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30)
    db.execute(
        "CREATE TABLE IF NOT EXISTS counts (tokenizer TEXT NOT NULL, digest BLOB NOT NULL, "
        "n INTEGER NOT NULL, PRIMARY KEY (tokenizer, digest)) WITHOUT ROWID"
    )
    return db


def _lookup(db: sqlite3.Connection, tokenizer: str, digests: Sequence[bytes]) -> dict[bytes, int]:
    unique = list(dict.fromkeys(digests))
    out: dict[bytes, int] = {}
    for start in range(0, len(unique), _CHUNK):
        chunk = unique[start : start + _CHUNK]
        marks = ",".join("?" * len(chunk))
        rows = db.execute(
            f"SELECT digest, n FROM counts WHERE tokenizer = ? AND digest IN ({marks})",
            [tokenizer, *chunk],
        )
        out.update((bytes(d), int(n)) for d, n in rows)
    return out
