"""The response ledger: one SQLite row per (request key, sample index), safe across processes.

WAL mode lets readers and one writer work at once; ``busy_timeout`` makes concurrent writers
(Hydra multirun jobs sharing one file) wait instead of failing. A run's replies are committed
by one thread, those that arrive while a commit runs together (``record_group``; a sample is a
savepoint of the group), so a killed process loses only the calls in flight and the replies
not yet committed. A successful row is never
overwritten; an error row is replaced by a later attempt, and ``attempts`` adds up. The file
also describes its requests (``requests`` table) and the samples in flight (``claims``); the
schema is versioned (``_ledger_schema``). See ``design/ledger.md``.
"""

from __future__ import annotations

import itertools
import logging
import os
import random
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from gralgo.errors import GralgoError
from gralgo.ledger._batch_store import BatchStore
from gralgo.ledger._claims import (
    ClaimResult,
    Pair,
    claim,
    immediate,
    release,
    renew,
    savepoint,
)
from gralgo.ledger._logprobs import SQLITE_TABLE, LogprobStore, SampleLogprobs, logprob_row
from gralgo.ledger._normalise import restore_row
from gralgo.ledger._records import RequestInfo, SampleRecord
from gralgo.ledger._rescue import RescuedSample, append_lines, claim_rescue_files, read_entries
from gralgo.ledger._sample_row import sample_row
from gralgo.ledger._sqlite_schema import (
    REQUEST_COLUMNS,
    SAMPLE_COLUMNS,
    NewerLedgerError,
    migrate,
    request_columns,
    sample_columns,
    upsert_sample_sql,
)
from gralgo.ledger._store_base import LedgerCommon

log = logging.getLogger("gralgo")

BUSY_TIMEOUT_MS = 60_000
_CHUNK = 500  # keys per IN (...) query; well under SQLite's variable limit
_COLUMNS = SAMPLE_COLUMNS
_UPSERT = upsert_sample_sql("?")  # an error row gives way to any new record; a success is final
# The first description of a (key, instance) wins; a request key already fixes what was sent.
_INSERT_REQUEST = (
    f"INSERT OR IGNORE INTO requests ({', '.join(REQUEST_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(REQUEST_COLUMNS))})"
)


class LedgerError(GralgoError):
    """The ledger file cannot be used (not a database, corrupt, from a newer gralgo)."""


class LedgerWriteError(LedgerError):
    """Paid responses could not be written to the ledger (full disk, I/O error); the run
    stopped. The message says how many were saved and where; ``unsaved`` holds any response
    that could be saved nowhere."""

    def __init__(self, message: str, unsaved: Sequence[SampleRecord] = ()) -> None:
        super().__init__(message)
        self.unsaved = list(unsaved)


def _busy(err: BaseException) -> bool:
    return isinstance(err, sqlite3.OperationalError) and (
        "locked" in str(err) or "busy" in str(err)
    )


def _chunks(items: Sequence[str]) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


class Ledger(BatchStore, LedgerCommon):
    """Append-mostly store of :class:`SampleRecord` rows in one SQLite file.

    Each thread (and each process after a fork) gets its own connection; use the ledger as a
    context manager or call :meth:`close`.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Where samples go when the database cannot be written (imported on the next open).
        self.rescue_path = self.path.with_name(self.path.name + ".rescue.jsonl")
        self._lock = threading.Lock()
        self._connections: dict[tuple[int, int], sqlite3.Connection] = {}
        self.last_write_error: BaseException | None = None
        """Why the last failed commit failed (for the run's final error)."""
        self._connection()  # create the file and schema now, so errors surface here
        self._import_rescued()

    def _connection(self) -> sqlite3.Connection:
        owner = (os.getpid(), threading.get_ident())
        conn = self._connections.get(owner)
        if conn is not None:
            return conn
        try:
            conn = sqlite3.connect(
                self.path,
                timeout=BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,
                check_same_thread=False,
            )
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._set_up(conn)
        except NewerLedgerError as err:
            raise LedgerError(
                f"ledger {self.path} was written by a newer gralgo ({err}); upgrade gralgo or "
                "point ledger.path at another file"
            ) from err
        except sqlite3.DatabaseError as err:
            if isinstance(err, sqlite3.OperationalError) and "locked" in str(err):
                raise
            raise LedgerError(
                f"ledger {self.path} is not a usable SQLite database ({err}); move it aside "
                "(its samples are then re-run) or point ledger.path at another file"
            ) from err
        with self._lock:
            self._connections[owner] = conn
        return conn

    @staticmethod
    def _set_up(conn: sqlite3.Connection) -> None:
        """WAL mode and the current schema. Switching a fresh file to WAL can fail with
        "locked" without waiting for the busy timeout while another process sets it up, so
        that step is retried here."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        for attempt in itertools.count():
            try:
                if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    conn.execute("PRAGMA journal_mode = WAL")
                # NORMAL in WAL mode survives a process kill (power loss drops the last commits).
                conn.execute("PRAGMA synchronous = NORMAL")
                migrate(conn)
                return
            except sqlite3.OperationalError as err:
                busy = "locked" in str(err) or "busy" in str(err)
                if not busy or time.monotonic() > deadline:
                    raise
                time.sleep(min(0.5, 0.01 * 2**attempt) * random.random())

    def _batch_transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        return immediate(self._connection())

    def _group_transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        return immediate(self._connection())

    def _batch_read(self) -> sqlite3.Connection:
        return self._connection()

    @property
    def invalid_rescue_path(self) -> Path:
        """Where rescued lines that do not parse are kept (never imported, never deleted)."""
        return self.path.with_name(self.path.name + ".rescue-invalid.jsonl")

    def _worth_retrying(self, err: BaseException) -> bool:
        """A locked database: the same write may go through a moment later."""
        return _busy(err)

    def _import_rescued(self) -> None:
        """Move samples rescued by earlier runs into the database (see ``_rescue``): all in
        one transaction, else (a line the database refuses) one by one, setting aside the
        lines it refuses with the cause."""
        for claimed in claim_rescue_files(self.rescue_path):
            entries: list[RescuedSample] = []
            try:
                entries, invalid = read_entries(claimed)
                try:
                    with immediate(self._connection()) as conn:
                        for entry in entries:
                            self._write(conn, entry.record, None, entry.logprobs)
                        if invalid:  # inside the transaction: both happen or neither
                            append_lines(self.invalid_rescue_path, invalid)
                except Exception as err:
                    if self._unreachable(err):
                        raise
                    invalid += self._import_one_by_one(entries, self._write_entry)
                    append_lines(self.invalid_rescue_path, invalid)
            except (sqlite3.Error, OSError) as err:
                log.warning(
                    "could not import %d rescued samples from %s (%s); the file is kept and "
                    "imported by a later run", len(entries), claimed, err,
                )  # fmt: skip
                continue
            if invalid:
                log.warning(
                    "%d rescued lines in %s were not imported (unreadable, or refused by the "
                    "database: the cause is on each line); kept in %s", len(invalid), claimed,
                    self.invalid_rescue_path,
                )  # fmt: skip
            claimed.unlink()

    def _unreachable(self, err: BaseException) -> bool:
        return isinstance(err, OSError) or _busy(err)

    def _write_entry(self, entry: RescuedSample) -> None:
        with immediate(self._connection()) as conn:
            self._write(conn, entry.record, None, entry.logprobs)

    @staticmethod
    def _write(
        conn: sqlite3.Connection,
        rec: SampleRecord,
        owner: str | None,
        logprobs: SampleLogprobs | None,
    ) -> None:
        """The statements of one sample's commit (the caller holds the transaction)."""
        conn.execute(_UPSERT, sample_row(rec))
        if logprobs is not None:
            conn.execute(SQLITE_TABLE)
            conn.execute(
                "INSERT OR REPLACE INTO logprobs VALUES (?, ?, ?, ?, ?, ?, ?)",
                logprob_row(rec.request_key, rec.sample_index, logprobs),
            )
        if owner is not None:
            conn.execute(
                "DELETE FROM claims WHERE request_key = ? AND sample_index = ? AND owner = ?",
                (rec.request_key, rec.sample_index, owner),
            )

    def record(
        self,
        rec: SampleRecord,
        owner: str | None = None,
        logprobs: SampleLogprobs | None = None,
    ) -> None:
        """Commit one sample now (success rows are never overwritten), with its ``logprobs``
        in the same transaction; with ``owner``, drop that owner's claim on it too. Inside a
        group's transaction (:meth:`record_group`) the sample is a savepoint of it."""
        conn = self._connection()
        if conn.in_transaction:
            with savepoint(conn):
                self._write(conn, rec, owner, logprobs)
        elif owner is None and logprobs is None:
            conn.execute(_UPSERT, sample_row(rec))
        else:
            with immediate(conn):
                self._write(conn, rec, owner, logprobs)

    def read_logprobs(self, pairs: Iterable[Pair]) -> dict[Pair, SampleLogprobs]:
        """Stored logprobs of the given samples (absent ones left out)."""
        store = LogprobStore(self.path)
        try:
            return store.read(pairs)
        finally:
            store.close()

    def claim(
        self,
        pairs: Sequence[Pair],
        owner: str,
        lease_s: float,
        limit: int,
        watched: frozenset[Pair] = frozenset(),
    ) -> ClaimResult:
        """Claim up to ``limit`` unanswered, unclaimed samples for ``owner`` (see ``_claims``)."""
        return claim(self._connection(), pairs, owner, lease_s, limit, watched)

    def renew_claims(self, owner: str, lease_s: float) -> int:
        """Extend every lease ``owner`` holds by ``lease_s`` from now."""
        return renew(self._connection(), owner, lease_s)

    def release_claims(self, owner: str, pairs: Sequence[Pair] | None = None) -> None:
        """Give up ``owner``'s claims on ``pairs`` (all when ``None``)."""
        release(self._connection(), owner, pairs)

    def register_requests(self, infos: Iterable[RequestInfo]) -> None:
        """Describe requests (task, level, prompt, model, sampling...) in one transaction."""
        rows = [tuple(getattr(info, c) for c in REQUEST_COLUMNS) for info in infos]
        if not rows:
            return
        conn = self._connection()
        try:
            with immediate(conn):
                conn.executemany(_INSERT_REQUEST, rows)
        except sqlite3.OperationalError as err:
            if "locked" in str(err) or "busy" in str(err):
                raise
            raise LedgerWriteError(
                f"cannot write the ledger {self.path} ({err}); nothing was called: free space "
                "(or set ledger.path on another filesystem) and run again"
            ) from err

    def requests(
        self, request_keys: Iterable[str] | None = None, *, messages: bool = True
    ) -> list[RequestInfo]:
        """Descriptions of the given request keys (all when ``None``), by key then instance;
        ``messages=False`` does not read the prompts (``messages`` is then ``""``)."""
        conn = self._connection()
        select = f"SELECT {', '.join(request_columns(messages))} FROM requests"
        if request_keys is None:
            rows = list(conn.execute(select + " ORDER BY request_key, instance_id"))
        else:
            rows = []
            for chunk in _chunks(sorted(set(request_keys))):
                rows.extend(
                    conn.execute(
                        f"{select} WHERE request_key IN ({', '.join('?' * len(chunk))}) "
                        "ORDER BY request_key, instance_id",
                        chunk,
                    )
                )
        return [RequestInfo(*row) for row in rows]

    def all_samples(self) -> list[SampleRecord]:
        """Every stored row, by request key and sample index."""
        rows = self._connection().execute(
            f"SELECT {', '.join(_COLUMNS)} FROM samples ORDER BY request_key, sample_index"
        )
        return [SampleRecord(*restore_row(row)) for row in rows]

    def identity(self) -> str:
        """What tells this ledger apart from a rebuilt one at the same place: the file's device
        and inode (a copy or a new file has others). Results stamps record it."""
        stat = self.path.stat()
        return f"sqlite:{stat.st_dev}:{stat.st_ino}"

    def rows(
        self, request_keys: Iterable[str] | None, columns: Sequence[str]
    ) -> Iterator[tuple[object, ...]]:
        """``(request_key, sample_index, *columns)`` of the stored rows for ``request_keys``
        (all when ``None``), by key then index, read a chunk of keys at a time: a reader that
        needs no text never loads it."""
        select = f"SELECT {', '.join(sample_columns(columns))} FROM samples"
        conn = self._connection()
        if request_keys is None:
            yield from map(
                restore_row, conn.execute(select + " ORDER BY request_key, sample_index")
            )
            return
        for chunk in _chunks(sorted(set(request_keys))):
            yield from map(
                restore_row,
                conn.execute(
                    f"{select} WHERE request_key IN ({', '.join('?' * len(chunk))}) "
                    "ORDER BY request_key, sample_index",
                    chunk,
                ),
            )

    def samples(self, request_keys: Iterable[str]) -> dict[tuple[str, int], SampleRecord]:
        """All stored rows for the given request keys, keyed by (request key, sample index)."""
        keys = sorted(set(request_keys))
        conn = self._connection()
        out: dict[tuple[str, int], SampleRecord] = {}
        for chunk in _chunks(keys):
            rows = conn.execute(
                f"SELECT {', '.join(_COLUMNS)} FROM samples WHERE request_key IN "
                f"({', '.join('?' * len(chunk))}) ORDER BY request_key, sample_index",
                chunk,
            )
            for row in rows:
                rec = SampleRecord(*restore_row(row))
                out[(rec.request_key, rec.sample_index)] = rec
        return out

    def completed(self, request_keys: Iterable[str]) -> set[tuple[str, int]]:
        """The (request key, sample index) pairs that have a successful row."""
        keys = sorted(set(request_keys))
        conn = self._connection()
        done: set[tuple[str, int]] = set()
        for chunk in _chunks(keys):
            done.update(
                conn.execute(
                    "SELECT request_key, sample_index FROM samples WHERE error_class IS NULL "
                    f"AND request_key IN ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            )
        return done
