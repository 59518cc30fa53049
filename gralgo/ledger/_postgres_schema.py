"""The PostgreSQL ledger's schema, its version (table ``gralgo_schema``) and forward migrations.

Version numbers mean what they mean for the SQLite ledger (``_ledger_schema``): 0 is one
``samples`` table, 1 adds ``samples.transcript`` and ``requests``, 2 adds ``claims``, 3 adds
``batches``, 4 adds ``samples.batch_ref``. Every
step is idempotent (``IF NOT EXISTS``), and all of them run in one transaction under the
ledger's advisory lock, so machines opening an old database at once migrate it exactly once
(PostgreSQL's DDL is transactional: a failed step leaves the old version). The first server
ledgers wrote version 1 with the whole version-2 layout already there; migrating such a
database from 1 to 2 finds everything in place. A database from a newer gralgo is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gralgo.ledger._sqlite_schema import (
    REQUEST_COLUMNS,
    SAMPLE_COLUMNS,
    SCHEMA_VERSION,
    V3_BATCHES_INDEX,
)

if TYPE_CHECKING:
    import psycopg

    Connection = psycopg.Connection[Any]
else:
    Connection = Any

LOCK_KEY = 0x6772616C676F  # "gralgo": the advisory lock that serialises claims and migrations

# The samples table as version 0 (never change: old databases start here).
_V0_SAMPLES = """CREATE TABLE IF NOT EXISTS samples (
    request_key TEXT NOT NULL, sample_index INTEGER NOT NULL, instance_id TEXT NOT NULL,
    model TEXT NOT NULL, answer_text TEXT, reasoning_text TEXT, finish_reason TEXT,
    prompt_tokens INTEGER, completion_tokens INTEGER, reasoning_tokens INTEGER,
    cost_usd DOUBLE PRECISION, latency_s DOUBLE PRECISION, started_at DOUBLE PRECISION,
    finished_at DOUBLE PRECISION, error_class TEXT, error_message TEXT,
    attempts INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (request_key, sample_index))"""

_V1_REQUESTS = """CREATE TABLE IF NOT EXISTS requests (
    request_key TEXT NOT NULL, instance_id TEXT NOT NULL, task TEXT NOT NULL,
    taxonomy TEXT NOT NULL, complexity TEXT NOT NULL, level INTEGER NOT NULL,
    format TEXT NOT NULL, context TEXT NOT NULL, mode TEXT NOT NULL DEFAULT 'direct',
    answer_kind TEXT NOT NULL, expected TEXT NOT NULL, model_spec TEXT NOT NULL,
    sampling TEXT NOT NULL, messages TEXT NOT NULL, PRIMARY KEY (request_key, instance_id))"""

_V2_CLAIMS = """CREATE TABLE IF NOT EXISTS claims (
    request_key TEXT NOT NULL, sample_index INTEGER NOT NULL, owner TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (request_key, sample_index))"""


def _to_v1(conn: Connection) -> None:
    """Add the nullable ``samples.transcript`` column and the ``requests`` table."""
    conn.execute(_V0_SAMPLES)
    conn.execute("ALTER TABLE samples ADD COLUMN IF NOT EXISTS transcript TEXT")
    conn.execute(_V1_REQUESTS)


def _to_v2(conn: Connection) -> None:
    """Add the ``claims`` table (samples in flight, with an owner and a lease)."""
    conn.execute(_V2_CLAIMS)
    conn.execute("CREATE INDEX IF NOT EXISTS claims_owner ON claims (owner)")


_V3_BATCHES = """CREATE TABLE IF NOT EXISTS batches (
    batch_ref TEXT PRIMARY KEY, job TEXT NOT NULL, provider TEXT NOT NULL,
    endpoint TEXT NOT NULL, digest TEXT NOT NULL, requests INTEGER NOT NULL, state TEXT NOT NULL,
    creator TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL, input_file_id TEXT, batch_id TEXT, collector TEXT,
    collector_until DOUBLE PRECISION, finished_at DOUBLE PRECISION, note TEXT)"""


def _to_v3(conn: Connection) -> None:
    """Add the ``batches`` table (provider batches: intent, upload, creation, collection)."""
    conn.execute(_V3_BATCHES)
    conn.execute(V3_BATCHES_INDEX)


def _to_v4(conn: Connection) -> None:
    """Add the nullable ``samples.batch_ref`` column (older rows read as live calls)."""
    conn.execute("ALTER TABLE samples ADD COLUMN IF NOT EXISTS batch_ref TEXT")


# MIGRATIONS[v] turns a version-v database into version v+1 (the SQLite ledger's numbering).
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_to_v1, _to_v2, _to_v3, _to_v4)
assert len(MIGRATIONS) == SCHEMA_VERSION


class NewerServerLedgerError(Exception):
    """The database was written by a newer gralgo (its schema version is above ours)."""


def stored_version(conn: Connection) -> int:
    """The database's schema version; 0 when it has no ``gralgo_schema`` table or row."""
    # A catalog query, not to_regclass(): that reads a cache an advisory lock does not refresh.
    exists = conn.execute(
        "SELECT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema() "
        "AND tablename = 'gralgo_schema')"
    ).fetchone()
    if not exists or not exists[0]:
        return 0
    row = conn.execute("SELECT max(version) FROM gralgo_schema").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def _columns(conn: Connection, table: str) -> set[str]:
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
        "AND table_schema = current_schema()",
        (table,),
    ).fetchall()
    return {row[0] for row in rows}


def migrate(conn: Connection) -> int:
    """Bring the database to :data:`SCHEMA_VERSION`; returns the version it had before.

    ``conn`` must be in autocommit mode. Raises :class:`NewerServerLedgerError` for a database
    from a newer gralgo (nothing is changed then).
    """
    version = stored_version(conn)
    if version == SCHEMA_VERSION:
        return version
    if version > SCHEMA_VERSION:
        raise NewerServerLedgerError(
            f"schema version {version}, this gralgo knows {SCHEMA_VERSION}"
        )
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
        before = stored_version(conn)  # another machine may have migrated meanwhile
        if before > SCHEMA_VERSION:
            raise NewerServerLedgerError(
                f"schema version {before}, this gralgo knows {SCHEMA_VERSION}"
            )
        if before == SCHEMA_VERSION:
            return before
        for step in MIGRATIONS[before:]:
            step(conn)
        conn.execute("CREATE TABLE IF NOT EXISTS gralgo_schema (version INTEGER NOT NULL)")
        conn.execute("DELETE FROM gralgo_schema")
        conn.execute("INSERT INTO gralgo_schema VALUES (%s)", (SCHEMA_VERSION,))
        assert _columns(conn, "samples") >= set(SAMPLE_COLUMNS), "samples schema out of sync"
        assert _columns(conn, "requests") == set(REQUEST_COLUMNS), "requests schema out of sync"
    return before
