"""What the SQLite and the PostgreSQL ledgers share: resume planning, rescue files, closing."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from gralgo.ledger._claims import Pair
from gralgo.ledger._logprobs import SampleLogprobs
from gralgo.ledger._records import Request, SampleRecord
from gralgo.ledger._rescue import RescuedSample, append_records, set_aside_line


class LedgerCommon:
    """Base of :class:`~gralgo.ledger._sqlite.Ledger` and ``PostgresLedger``.

    A subclass sets ``_lock``, ``_connections`` (keyed by (pid, thread id)) and
    :attr:`rescue_path`, and implements :meth:`completed`.
    """

    _lock: threading.Lock
    _connections: dict[tuple[int, int], Any]
    rescue_path: Path
    """Where samples go when the ledger cannot take them (imported on the next open)."""
    last_write_error: BaseException | None
    """Why the last write the store refused failed (kept for the run's message)."""

    def completed(self, request_keys: Iterable[str]) -> set[tuple[str, int]]:
        raise NotImplementedError

    def record_durably(
        self,
        rec: SampleRecord,
        attempts: int = 5,
        owner: str | None = None,
        logprobs: SampleLogprobs | None = None,
    ) -> bool:
        """Commit ``rec`` (and its ``logprobs``), retrying while the store says a retry may
        help (:meth:`_worth_retrying`: a locked file, a lost server); when the store does not
        take it, for any reason (full disk, I/O error, a value it refuses), append both to
        :attr:`rescue_path` (fsynced) so a paid reply is never lost. True if committed, False
        if rescued; raises ``OSError`` when the rescue file cannot be written either. The
        cause is kept in :attr:`last_write_error`. One rule for every store."""
        for attempt in range(attempts):
            try:
                if logprobs is None:
                    self.record(rec, owner)
                else:
                    self.record(rec, owner, logprobs)
                return True
            except Exception as err:  # whatever the cause, the reply goes to the rescue file
                self.last_write_error = err
                if not self._worth_retrying(err):
                    break  # the store refused this value: retrying changes nothing
                if attempt + 1 < attempts:
                    time.sleep(0.2 * 2**attempt)
        if logprobs is None:
            self.rescue([rec])
        else:
            self.rescue([rec], logprobs={(rec.request_key, rec.sample_index): logprobs})
        return False

    def record(
        self, rec: SampleRecord, owner: str | None = None, logprobs: SampleLogprobs | None = None
    ) -> None:
        raise NotImplementedError

    def record_group(
        self, items: Sequence[tuple[SampleRecord, SampleLogprobs | None]], owner: str | None = None
    ) -> int:
        """Commit the leading ``items`` in one transaction (group commit), each written by
        :meth:`record` (inside the group, a savepoint of it); stops at the first that fails and
        returns how many are committed (0 when the commit itself fails). Never raises: the cause
        is in :attr:`last_write_error`, and the caller writes the rest one by one
        (:meth:`record_durably`: retried, else rescued)."""
        written = 0
        try:
            with self._group_transaction():
                for rec, logprobs in items:
                    try:
                        if logprobs is None:
                            self.record(rec, owner)
                        else:
                            self.record(rec, owner, logprobs)
                    except Exception as err:  # the group's earlier samples are still committed
                        self.last_write_error = err
                        break
                    written += 1
        except Exception as err:  # the commit failed (or the failed write ended the transaction)
            self.last_write_error = err
            return 0
        return written

    def _group_transaction(self) -> AbstractContextManager[object]:
        """A write transaction on this thread's connection, committed on exit."""
        raise NotImplementedError

    def close_thread_connection(self) -> None:
        """Close the connection this thread opened (a writer thread that ends)."""
        with self._lock:
            conn = self._connections.pop((os.getpid(), threading.get_ident()), None)
        if conn is not None:
            conn.close()

    def _worth_retrying(self, err: BaseException) -> bool:
        raise NotImplementedError

    def missing(self, requests: Sequence[Request], k: int) -> list[tuple[Request, int]]:
        """Samples 0..k-1 of each request that have no row or only an error row, in input order.

        Requests with the same key (identical prompt, model and parameters) are one piece of
        work: only the first is returned.
        """
        if k < 0:
            raise ValueError(f"k must be >= 0, got {k}")
        unique: dict[str, Request] = {}
        for request in requests:
            unique.setdefault(request.key, request)
        done = self.completed(unique)
        return [
            (request, index)
            for key, request in unique.items()
            for index in range(k)
            if (key, index) not in done
        ]

    def rescue(
        self,
        records: Sequence[SampleRecord],
        path: Path | None = None,
        logprobs: Mapping[Pair, SampleLogprobs] | None = None,
    ) -> None:
        """Append ``records`` (with their ``logprobs``) to ``path`` (default
        :attr:`rescue_path`), fsynced; raises ``OSError`` when that fails."""
        target = path or self.rescue_path
        target.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            append_records(target, records, logprobs)

    def _import_one_by_one(
        self, entries: Sequence[RescuedSample], write: Callable[[RescuedSample], None]
    ) -> list[str]:
        """Write each rescued sample on its own; the lines the store refuses, with the cause
        (a store that cannot be written at all raises, so the file is kept)."""
        refused: list[str] = []
        for entry in entries:
            try:
                write(entry)
            except Exception as err:  # one bad line must not block the others
                if self._unreachable(err):
                    raise
                refused.append(set_aside_line(entry.line, err))
        return refused

    def _unreachable(self, err: BaseException) -> bool:
        """Whether ``err`` means the store cannot be written now at all (not this sample)."""
        return isinstance(err, OSError)

    def close(self) -> None:
        """Close every connection this ledger opened in this process."""
        with self._lock:
            pid = os.getpid()
            for owner, conn in list(self._connections.items()):
                if owner[0] == pid:
                    conn.close()
                del self._connections[owner]

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
