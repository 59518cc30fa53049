"""The ledger's SQLite schema, its version (``PRAGMA user_version``) and forward migrations.

Version 0 is the original file: one ``samples`` table. Each later version is one migration,
applied in order inside a single ``BEGIN IMMEDIATE`` transaction, so concurrent processes
opening an old ledger migrate it exactly once. A ledger from a newer gralgo is refused rather
than written with an older schema.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import fields

from gralgo.ledger._records import RequestInfo, SampleRecord

SCHEMA_VERSION = 4

SAMPLE_COLUMNS = tuple(f.name for f in fields(SampleRecord))
REQUEST_COLUMNS = tuple(f.name for f in fields(RequestInfo))


def sample_columns(columns: Sequence[str]) -> list[str]:
    """``request_key, sample_index`` then ``columns``: a checked column list for a SELECT."""
    unknown = [c for c in columns if c not in SAMPLE_COLUMNS]
    if unknown:
        raise ValueError(f"unknown sample columns {unknown}; known: {list(SAMPLE_COLUMNS)}")
    return ["request_key", "sample_index", *columns]


def request_columns(messages: bool = True) -> list[str]:
    """The ``requests`` columns in :class:`RequestInfo` order; without ``messages``, an empty
    string stands in for the prompt messages (the bulk of the table)."""
    return [c if messages or c != "messages" else "'' AS messages" for c in REQUEST_COLUMNS]


# The samples table exactly as version 0 created it (never change: old files start here).
_V0_SAMPLES = """CREATE TABLE IF NOT EXISTS samples (
    request_key TEXT NOT NULL, sample_index INTEGER NOT NULL, instance_id TEXT NOT NULL,
    model TEXT NOT NULL, answer_text TEXT, reasoning_text TEXT, finish_reason TEXT,
    prompt_tokens INTEGER, completion_tokens INTEGER, reasoning_tokens INTEGER, cost_usd REAL,
    latency_s REAL, started_at REAL, finished_at REAL, error_class TEXT, error_message TEXT,
    attempts INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (request_key, sample_index))"""

_V1_REQUESTS = """CREATE TABLE IF NOT EXISTS requests (
    request_key TEXT NOT NULL, instance_id TEXT NOT NULL, task TEXT NOT NULL,
    taxonomy TEXT NOT NULL, complexity TEXT NOT NULL, level INTEGER NOT NULL,
    format TEXT NOT NULL, context TEXT NOT NULL, mode TEXT NOT NULL DEFAULT 'direct',
    answer_kind TEXT NOT NULL, expected TEXT NOT NULL, model_spec TEXT NOT NULL,
    sampling TEXT NOT NULL, messages TEXT NOT NULL,
    PRIMARY KEY (request_key, instance_id))"""

_V2_CLAIMS = """CREATE TABLE IF NOT EXISTS claims (
    request_key TEXT NOT NULL, sample_index INTEGER NOT NULL, owner TEXT NOT NULL,
    expires_at REAL NOT NULL, PRIMARY KEY (request_key, sample_index))"""


# Provider batches (``_batches``): intent, upload, creation and collection of each.
V3_BATCHES = """CREATE TABLE IF NOT EXISTS batches (
    batch_ref TEXT PRIMARY KEY, job TEXT NOT NULL, provider TEXT NOT NULL,
    endpoint TEXT NOT NULL, digest TEXT NOT NULL, requests INTEGER NOT NULL, state TEXT NOT NULL,
    creator TEXT NOT NULL, created_at REAL NOT NULL, expires_at REAL NOT NULL,
    input_file_id TEXT, batch_id TEXT, collector TEXT, collector_until REAL, finished_at REAL,
    note TEXT)"""
V3_BATCHES_INDEX = "CREATE INDEX IF NOT EXISTS batches_job ON batches (job, state)"
V3_CLAIMS_INDEX = "CREATE INDEX IF NOT EXISTS claims_owner ON claims (owner)"


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def _to_v1(conn: sqlite3.Connection) -> None:
    """Add the ``requests`` table and the nullable ``samples.transcript`` column."""
    conn.execute(_V0_SAMPLES)
    if "transcript" not in _columns(conn, "samples"):
        conn.execute("ALTER TABLE samples ADD COLUMN transcript TEXT")
    conn.execute(_V1_REQUESTS)


def _to_v2(conn: sqlite3.Connection) -> None:
    """Add the ``claims`` table (samples in flight, with an owner and a lease)."""
    conn.execute(_V2_CLAIMS)


def _to_v3(conn: sqlite3.Connection) -> None:
    """Add the ``batches`` table (provider batches) and an index of claims by owner."""
    conn.execute(V3_BATCHES)
    conn.execute(V3_BATCHES_INDEX)
    conn.execute(V3_CLAIMS_INDEX)


def _to_v4(conn: sqlite3.Connection) -> None:
    """Add the nullable ``samples.batch_ref`` column (the batch that answered a sample; older
    rows read as live calls)."""
    if "batch_ref" not in _columns(conn, "samples"):
        conn.execute("ALTER TABLE samples ADD COLUMN batch_ref TEXT")


# MIGRATIONS[v] turns a version-v file into version v+1.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_to_v1, _to_v2, _to_v3, _to_v4)
assert len(MIGRATIONS) == SCHEMA_VERSION


class NewerLedgerError(Exception):
    """The file was written by a newer gralgo (its schema version is above ours)."""


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the open ledger to :data:`SCHEMA_VERSION`; returns the version it had before.

    ``conn`` must be in autocommit mode (``isolation_level=None``).
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version == SCHEMA_VERSION:
        return version
    if version > SCHEMA_VERSION:
        raise NewerLedgerError(f"schema version {version}, this gralgo knows {SCHEMA_VERSION}")
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Re-read under the write lock: another process may have migrated meanwhile.
        before = int(conn.execute("PRAGMA user_version").fetchone()[0])
        for step in MIGRATIONS[before:]:
            step(conn)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    assert _columns(conn, "samples") >= set(SAMPLE_COLUMNS), "samples schema out of sync"
    assert _columns(conn, "requests") == set(REQUEST_COLUMNS), "requests schema out of sync"
    return before


def upsert_sample_sql(placeholder: str) -> str:
    """Store a sample: an error row gives way to any new record (adding its attempts); a success
    row is final. Both ledgers use this rule, and re-run reuse (``gralgo.results``) relies on it:
    a sample's (error class, attempts) changes whenever its row does.

    ``placeholder`` is the driver's parameter marker (``?`` for SQLite, ``%s`` for psycopg)."""
    values = ", ".join([placeholder] * len(SAMPLE_COLUMNS))
    updates = ", ".join(
        f"{c} = excluded.{c}"
        for c in SAMPLE_COLUMNS
        if c not in ("request_key", "sample_index", "attempts")
    )
    return (
        f"INSERT INTO samples ({', '.join(SAMPLE_COLUMNS)}) VALUES ({values}) "
        f"ON CONFLICT (request_key, sample_index) DO UPDATE SET {updates}, "
        "attempts = samples.attempts + excluded.attempts WHERE samples.error_class IS NOT NULL"
    )
