"""The ledger on a PostgreSQL server, for jobs on several machines (``ledger.url=postgresql://``).

Same rows, same rules and the same claim/lease protocol as the SQLite :class:`Ledger`: a
success row is final, an error row gives way and its attempts add up; a sample is claimed
before its call in one transaction that also checks it is not answered, and storing a result
drops its claim in the same transaction. Where SQLite serialises claimers with ``BEGIN
IMMEDIATE``, claim transactions here take one transaction-scoped advisory lock, so two
machines never both claim a sample. Tables are created, or migrated from an older version, on
first use under the same lock (``_postgres_schema``).
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import astuple
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gralgo.errors import GralgoError
from gralgo.ledger._batch_store import BatchStore
from gralgo.ledger._claims import ClaimDecision, ClaimResult, Pair, SampleState
from gralgo.ledger._logprobs import POSTGRES_TABLE, SampleLogprobs, decode_row, logprob_row
from gralgo.ledger._normalise import restore_row
from gralgo.ledger._postgres_schema import LOCK_KEY, NewerServerLedgerError, migrate
from gralgo.ledger._records import RequestInfo, SampleRecord
from gralgo.ledger._rescue import RescuedSample, append_lines, claim_rescue_files, read_entries
from gralgo.ledger._sample_row import sample_row
from gralgo.ledger._sqlite_schema import (
    REQUEST_COLUMNS,
    SAMPLE_COLUMNS,
    request_columns,
    sample_columns,
    upsert_sample_sql,
)
from gralgo.ledger._store_base import LedgerCommon

if TYPE_CHECKING:
    import psycopg

_ROWS_CHUNK = 500  # request keys per query of rows()
_CLAIM_BATCH = 4  # pairs looked up per round trip, as a multiple of the claim limit
_UPSERT = upsert_sample_sql("%s")
_INSERT_REQUEST = (
    f"INSERT INTO requests ({', '.join(REQUEST_COLUMNS)}) "
    f"VALUES ({', '.join(['%s'] * len(REQUEST_COLUMNS))}) ON CONFLICT DO NOTHING"
)
_STATE = """SELECT p.k, p.i, s.request_key IS NOT NULL, s.error_class IS NULL, c.owner, c.expires_at
FROM unnest(%s::text[], %s::int[]) WITH ORDINALITY AS p(k, i, n)
LEFT JOIN samples s ON s.request_key = p.k AND s.sample_index = p.i
LEFT JOIN claims c ON c.request_key = p.k AND c.sample_index = p.i ORDER BY p.n"""
_CLAIM = (
    "INSERT INTO claims (request_key, sample_index, owner, expires_at) VALUES (%s, %s, %s, %s) "
    "ON CONFLICT (request_key, sample_index) DO UPDATE SET owner = excluded.owner, "
    "expires_at = excluded.expires_at"
)
_LOGPROBS_UPSERT = (
    "INSERT INTO logprobs VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (request_key, "
    "sample_index) DO UPDATE SET n_tokens = excluded.n_tokens, top_n = excluded.top_n, "
    "tokens = excluded.tokens, chosen = excluded.chosen, top = excluded.top"
)
_PASSWORD = re.compile(r"(://[^:/@]+:)[^@]*@")


class ServerLocation(str):
    """The ledger's URL without its password (for messages); ``name`` is a file-safe slug."""

    @property
    def name(self) -> str:
        return re.sub(r"[^A-Za-z0-9._-]+", "-", self.split("://", 1)[-1]).strip("-")


class PostgresLedgerError(GralgoError):
    """The server ledger cannot be used (driver missing, server unreachable, newer schema)."""


def redact_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    return _PASSWORD.sub(r"\1***@", url)


def _connect(url: str) -> psycopg.Connection[Any]:
    try:
        import psycopg
    except ImportError as err:
        raise PostgresLedgerError(
            "ledger.url needs the PostgreSQL driver: pip install -e .[postgres]"
        ) from err
    try:
        return psycopg.connect(url, autocommit=True)
    except psycopg.Error as err:
        raise PostgresLedgerError(
            f"cannot connect to the ledger server {redact_url(url)}: {err}"
        ) from err


class PostgresLedger(BatchStore, LedgerCommon):
    """The :class:`gralgo.ledger._sqlite.Ledger` API on a PostgreSQL database.

    One connection per process and thread. ``rescue_dir`` holds samples that could not be
    written (server gone): they are imported on the next open, as with the SQLite ledger.
    """

    def __init__(self, url: str, rescue_dir: str | os.PathLike[str] = "outputs") -> None:
        self.url = url
        self.path = ServerLocation(redact_url(url))
        """Where the ledger is, for messages (the URL without its password)."""
        self.rescue_path = Path(rescue_dir) / f"{self.path.name}.rescue.jsonl"
        """Samples the server could not take, kept on this machine for its next job."""
        self.last_write_error: BaseException | None = None
        """Why the last failed commit failed (for the run's final error)."""
        self._lock = threading.Lock()
        self._connections: dict[tuple[int, int], psycopg.Connection[Any]] = {}
        self._create_schema()
        self._import_rescued()

    def _connection(self) -> psycopg.Connection[Any]:
        owner = (os.getpid(), threading.get_ident())
        conn = self._connections.get(owner)
        if conn is None or conn.closed:
            conn = _connect(self.url)
            with self._lock:
                self._connections[owner] = conn
        return conn

    _placeholder = "%s"
    _logprobs_upsert = _LOGPROBS_UPSERT
    _logprobs_table = POSTGRES_TABLE

    @contextmanager
    def _batch_transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """A transaction under the ledger's advisory lock (serialises batch claims)."""
        conn = self._connection()
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            yield conn

    def _batch_read(self) -> psycopg.Connection[Any]:
        return self._connection()

    def _group_transaction(self) -> AbstractContextManager[object]:
        """A transaction: :meth:`record`'s own inside it is a savepoint (psycopg nests them)."""
        return self._connection().transaction()

    def _executemany(
        self, conn: psycopg.Connection[Any], sql: str, rows: Sequence[tuple[object, ...]]
    ) -> None:
        with conn.cursor() as cursor:
            cursor.executemany(sql, rows)

    def _create_schema(self) -> None:
        """Create or migrate the tables (``_postgres_schema``); refuse a newer schema. The
        ``logprobs`` side table sits beside the versioned schema, as in a SQLite ledger."""
        conn = self._connection()
        try:
            migrate(conn)
        except NewerServerLedgerError as err:
            raise PostgresLedgerError(
                f"ledger {self.path} was written by a newer gralgo ({err}); upgrade gralgo or "
                "point ledger.url at another database"
            ) from err
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            conn.execute(POSTGRES_TABLE)

    def record(
        self,
        rec: SampleRecord,
        owner: str | None = None,
        logprobs: SampleLogprobs | None = None,
    ) -> None:
        """Commit one sample (success rows are final) with its ``logprobs``, in one
        transaction; with ``owner``, drop its claim too."""
        conn = self._connection()
        with conn.transaction():
            conn.execute(_UPSERT, sample_row(rec))
            if logprobs is not None:
                conn.execute(
                    _LOGPROBS_UPSERT, logprob_row(rec.request_key, rec.sample_index, logprobs)
                )
            if owner is not None:
                conn.execute(
                    "DELETE FROM claims WHERE request_key = %s AND sample_index = %s "
                    "AND owner = %s",
                    (rec.request_key, rec.sample_index, owner),
                )

    def read_logprobs(self, pairs: Iterable[Pair]) -> dict[Pair, SampleLogprobs]:
        """Stored logprobs of the given samples (absent ones left out)."""
        wanted = set(pairs)
        rows = (
            self._connection()
            .execute(
                "SELECT request_key, sample_index, n_tokens, top_n, tokens, chosen, top FROM "
                "logprobs WHERE request_key = ANY(%s)",
                (sorted({key for key, _ in wanted}),),
            )
            .fetchall()
        )
        return {(row[0], row[1]): decode_row(row[2:]) for row in rows if (row[0], row[1]) in wanted}

    def _worth_retrying(self, err: BaseException) -> bool:
        """A lost connection or server (reconnect, retry), not a value the server refused."""
        self.close_thread_connection()
        return self._unreachable(err)

    def _unreachable(self, err: BaseException) -> bool:
        """A lost connection or server (retry, keep the rescue file), not a refused value."""
        import psycopg

        return isinstance(
            err, OSError | PostgresLedgerError | psycopg.OperationalError | psycopg.InterfaceError
        )

    def _import_rescued(self) -> None:
        """Move samples this machine rescued earlier into the server, one by one; a line the
        server refuses is set aside with the cause (beside the file, ``.invalid``) and the
        others go on. While the server cannot be written at all, the file is kept."""
        for claimed in claim_rescue_files(self.rescue_path):
            entries, invalid = read_entries(claimed)
            try:
                invalid += self._import_one_by_one(entries, self._write_entry)
            except Exception as err:
                if not self._unreachable(err):
                    raise
                continue  # kept: a later open imports it
            if invalid:
                append_lines(self.invalid_rescue_path, invalid)
            claimed.unlink()

    @property
    def invalid_rescue_path(self) -> Path:
        """Where rescued lines that do not parse or that the server refuses are kept."""
        return self.rescue_path.with_name(f"{self.path.name}.rescue-invalid.jsonl")

    def _write_entry(self, entry: RescuedSample) -> None:
        self.record(entry.record, None, entry.logprobs)

    def claim(
        self,
        pairs: Sequence[Pair],
        owner: str,
        lease_s: float,
        limit: int,
        watched: frozenset[Pair] = frozenset(),
    ) -> ClaimResult:
        """Claim up to ``limit`` unanswered, unclaimed samples for ``owner`` (rule:
        :class:`~gralgo.ledger._claims.ClaimDecision`, shared with the SQLite store)."""
        decision = ClaimDecision(owner, watched)
        conn = self._connection()
        batch = max(1, limit) * _CLAIM_BATCH
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            for start in range(0, len(pairs), batch):
                if len(decision.result.claimed) >= limit:
                    break
                chunk = pairs[start : start + batch]
                rows = conn.execute(
                    _STATE, ([k for k, _ in chunk], [i for _, i in chunk])
                ).fetchall()
                new: list[tuple[str, int, str, float]] = []
                for key, index, has_row, ok, holder, expires in rows:
                    if len(decision.result.claimed) >= limit:
                        break
                    state = SampleState(bool(has_row), bool(ok), holder, expires or 0.0)
                    if decision.take((key, index), state):
                        new.append((key, index, owner, decision.now + lease_s))
                if new:
                    with conn.cursor() as cursor:
                        cursor.executemany(_CLAIM, new)
        return decision.result

    def renew_claims(self, owner: str, lease_s: float) -> int:
        """Extend every lease ``owner`` holds by ``lease_s`` from now (a failure drops the
        connection, so the next renewal reconnects)."""
        try:
            cursor = self._connection().execute(
                "UPDATE claims SET expires_at = %s WHERE owner = %s",
                (time.time() + lease_s, owner),
            )
        except Exception:
            self.close_thread_connection()
            raise
        return cursor.rowcount

    def release_claims(self, owner: str, pairs: Sequence[Pair] | None = None) -> None:
        """Give up ``owner``'s claims on ``pairs`` (all when ``None``)."""
        conn = self._connection()
        if pairs is None:
            conn.execute("DELETE FROM claims WHERE owner = %s", (owner,))
            return
        with conn.transaction(), conn.cursor() as cursor:
            cursor.executemany(
                "DELETE FROM claims WHERE request_key = %s AND sample_index = %s AND owner = %s",
                [(*pair, owner) for pair in pairs],
            )

    def register_requests(self, infos: Iterable[RequestInfo]) -> None:
        """Describe requests (task, level, prompt, model, sampling...) in one transaction."""
        rows = [astuple(info) for info in infos]
        if not rows:
            return
        conn = self._connection()
        with conn.transaction(), conn.cursor() as cursor:
            cursor.executemany(_INSERT_REQUEST, rows)

    def requests(
        self, request_keys: Iterable[str] | None = None, *, messages: bool = True
    ) -> list[RequestInfo]:
        """Descriptions of the given request keys (all when ``None``), by key then instance;
        ``messages=False`` does not read the prompts (``messages`` is then ``""``)."""
        select = f"SELECT {', '.join(request_columns(messages))} FROM requests"
        conn = self._connection()
        if request_keys is None:
            rows = conn.execute(select + " ORDER BY request_key, instance_id").fetchall()
        else:
            rows = conn.execute(
                select + " WHERE request_key = ANY(%s) ORDER BY request_key, instance_id",
                (sorted(set(request_keys)),),
            ).fetchall()
        return [RequestInfo(*row) for row in rows]

    def all_samples(self) -> list[SampleRecord]:
        """Every stored row, by request key and sample index."""
        columns = ", ".join(SAMPLE_COLUMNS)
        query = f"SELECT {columns} FROM samples ORDER BY request_key, sample_index"
        rows = self._connection().execute(query).fetchall()
        return [SampleRecord(*restore_row(row)) for row in rows]

    def identity(self) -> str:
        """What tells this ledger apart from a rebuilt one at the same place: the server, the
        database's oid and the samples table's file node (new after a drop, a re-created
        database or a TRUNCATE; also after VACUUM FULL, which only costs a re-score)."""
        row = (
            self._connection()
            .execute(
                "SELECT inet_server_addr(), inet_server_port(), current_database(), "
                "(SELECT oid FROM pg_database WHERE datname = current_database()), "
                "pg_relation_filenode('samples')"
            )
            .fetchone()
        )
        return "postgresql:" + ":".join(str(part) for part in row or ())

    def rows(
        self, request_keys: Iterable[str] | None, columns: Sequence[str]
    ) -> Iterator[tuple[object, ...]]:
        """``(request_key, sample_index, *columns)`` of the stored rows for ``request_keys``
        (all when ``None``), by key then index, one query per chunk of keys (no transaction is
        held between chunks, so an abandoned iterator blocks nothing)."""
        select = f"SELECT {', '.join(sample_columns(columns))} FROM samples"
        conn = self._connection()
        if request_keys is None:
            distinct = conn.execute("SELECT DISTINCT request_key FROM samples ORDER BY 1")
            keys = [row[0] for row in distinct.fetchall()]
        else:
            keys = sorted(set(request_keys))
        for start in range(0, len(keys), _ROWS_CHUNK):
            yield from map(
                restore_row,
                conn.execute(
                    select + " WHERE request_key = ANY(%s) ORDER BY request_key, sample_index",
                    (keys[start : start + _ROWS_CHUNK],),
                ).fetchall(),
            )

    def samples(self, request_keys: Iterable[str]) -> dict[tuple[str, int], SampleRecord]:
        """All stored rows for the given request keys, keyed by (request key, sample index)."""
        rows = (
            self._connection()
            .execute(
                f"SELECT {', '.join(SAMPLE_COLUMNS)} FROM samples WHERE request_key = ANY(%s) "
                "ORDER BY request_key, sample_index",
                (sorted(set(request_keys)),),
            )
            .fetchall()
        )
        return {(row[0], row[1]): SampleRecord(*restore_row(row)) for row in rows}

    def completed(self, request_keys: Iterable[str]) -> set[tuple[str, int]]:
        """The (request key, sample index) pairs that have a successful row."""
        rows = (
            self._connection()
            .execute(
                "SELECT request_key, sample_index FROM samples WHERE error_class IS NULL "
                "AND request_key = ANY(%s)",
                (sorted(set(request_keys)),),
            )
            .fetchall()
        )
        return {(key, index) for key, index in rows}
