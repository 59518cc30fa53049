"""Progress of running batches from the provider's request counts: done / total and an ETA.

On a terminal it is a Rich progress bar (a row of the job's own display when there is one,
since Rich shows one live display at a time); elsewhere (a log file, CI, Slurm) one log line
per poll. The ETA is the pace since the first poll of the current set of batches (requests
finished before this process started do not make it look faster than it is).
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Sequence
from types import TracebackType
from typing import Any, Protocol

from gralgo.run._progress import format_duration

log = logging.getLogger("gralgo")


class Counts(Protocol):
    """What a provider says of one batch (``BatchStatus``)."""

    @property
    def done(self) -> int: ...
    @property
    def total(self) -> int: ...


class Rows(Protocol):
    """A live display to add a row to (``RunProgress``)."""

    def add_row(self, description: str) -> int: ...
    def update_row(self, row: int, done: int, total: int, stats: str, times: str) -> None: ...


def batch_eta(elapsed_s: float, done_since: int, left: int) -> float | None:
    """Seconds left at the pace since the first poll; ``None`` before anything finished."""
    if done_since <= 0 or elapsed_s <= 0:
        return None
    return elapsed_s / done_since * left


def progress_line(done: int, total: int, batches: int, eta_s: float | None) -> str:
    """The non-terminal form: requests done of total, share, ETA."""
    share = 100 * done / total if total else 0.0
    return (
        f"batch: {done}/{total} requests done in {batches} running batch(es) ({share:.0f}%), "
        f"ETA {format_duration(eta_s)}"
    )


class BatchProgress:
    """Call :meth:`update` with the running batches' counts after every poll."""

    def __init__(
        self,
        description: str = "at the provider",
        *,
        host: Rows | None = None,
        tty: bool | None = None,
        console: Any = None,
    ) -> None:
        self.description = description
        self.tty = sys.stderr.isatty() if tty is None else tty
        self.host, self.console = host, console
        self._row: int | None = None
        self._own: Any = None
        self._first: tuple[float, int] | None = None
        """(monotonic time, requests done) at the first poll of the current set of batches."""
        self._total = 0

    def update(self, running: Sequence[Counts]) -> str | None:
        """Show the running batches' progress; returns the line shown (``None``: nothing runs)."""
        done, total = sum(s.done for s in running), sum(s.total for s in running)
        if not total:
            return None
        now = time.monotonic()
        if self._first is None or total != self._total:  # a batch ended or was added
            self._first, self._total = (now, done), total
        eta = batch_eta(now - self._first[0], done - self._first[1], total - done)
        batches = sum(1 for s in running if not getattr(s, "final", False))
        if not self.tty:
            line = progress_line(done, total, batches, eta)
            log.info("%s", line)
            return line
        stats = f"{batches} running batch(es)"
        times = f"ETA {format_duration(eta)}"
        self._show(done, total, stats, times)
        return f"{done}/{total} {stats} {times}"

    def _show(self, done: int, total: int, stats: str, times: str) -> None:
        if self.host is None and self._own is None:
            from gralgo.run._progress import RunProgress

            self._own = RunProgress(0, self.description, console=self.console)
            self._own.hide_main()
            self._own.__enter__()
            self.host = self._own
        assert self.host is not None
        if self._row is None:
            self._row = self.host.add_row(self.description)
        self.host.update_row(self._row, done, total, stats, times)

    def close(self) -> None:
        if self._own is not None:
            self._own.__exit__(None, None, None)
            self._own = None

    def __enter__(self) -> BatchProgress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
