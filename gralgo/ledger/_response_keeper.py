"""Keep every paid response: write it to the ledger, else the rescue file, else memory.

One rule: once a reply has been received, nothing loses it. The runner hands each finished
sample (with its logprobs) to a :class:`ResponseKeeper`; whatever the store raises (full disk,
server gone, a value it refuses) the sample goes to the rescue file, and once a write fails the
runner stops starting calls. At the end :meth:`ResponseKeeper.raise_if_failed` saves whatever
is only in memory (rescue file, else a file in the temp directory, which may be on another
filesystem; the next open imports both) and raises :class:`LedgerWriteError` naming the real
cause and how many responses went where.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from gralgo.ledger._claims import Pair
from gralgo.ledger._logprobs import SampleLogprobs
from gralgo.ledger._records import SampleRecord
from gralgo.ledger._rescue import fallback_path
from gralgo.ledger._sqlite import LedgerWriteError
from gralgo.ledger._store_protocol import LedgerStore

_NO_SPACE = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def is_out_of_space(err: BaseException | None) -> bool:
    """Whether ``err`` says the disk (or quota) is full."""
    if isinstance(err, OSError) and err.errno in _NO_SPACE:
        return True
    return isinstance(err, sqlite3.Error) and "full" in str(err).lower()


class ResponseKeeper:
    """Writes finished samples for one run and remembers any write failure."""

    def __init__(self, ledger: LedgerStore, owner: str) -> None:
        self.ledger, self.owner = ledger, owner
        self.stored = 0
        """Samples committed to the ledger."""
        self.rescued = 0
        """Samples appended to the ledger's rescue file (imported on its next open)."""
        self.unsaved: list[SampleRecord] = []
        """Samples neither file could take: in memory only, so far."""
        self.unsaved_logprobs: dict[Pair, SampleLogprobs] = {}
        """The logprobs of :attr:`unsaved` samples that have them."""
        self.failure: BaseException | None = None
        """The first write failure."""

    def note(self, err: BaseException) -> None:
        """Record a write failure seen elsewhere (claiming work, for instance)."""
        if self.failure is None:
            self.failure = err

    def keep(self, rec: SampleRecord, logprobs: SampleLogprobs | None = None) -> bool:
        """Store ``rec`` (with its ``logprobs``) durably; False when the ledger did not take
        it (it is then in the rescue file or in memory; stop the run)."""
        try:
            committed = self.ledger.record_durably(rec, owner=self.owner, logprobs=logprobs)
        except Exception as err:  # the rescue file could not be written either
            self.note(self.ledger.last_write_error or err)
            self.unsaved.append(rec)
            if logprobs is not None:
                self.unsaved_logprobs[(rec.request_key, rec.sample_index)] = logprobs
            return False
        if committed:
            self.stored += 1
            return True
        self.rescued += 1
        self.note(self.ledger.last_write_error or OSError("ledger write failed"))
        return False

    def keep_group(self, items: Sequence[tuple[SampleRecord, SampleLogprobs | None]]) -> list[bool]:
        """:meth:`keep` for several samples, committed together (``record_group``): from the
        first sample the group did not commit on, each is kept on its own (retried, else
        rescued, else in memory). One outcome per sample, as :meth:`keep` returns it."""
        if self.failure is not None:  # the store already failed: every reply its own way
            written = 0
        else:
            written = self.ledger.record_group(items, owner=self.owner)
        self.stored += written
        return [True] * written + [self.keep(rec, logprobs) for rec, logprobs in items[written:]]

    def reason(self) -> str:
        return (
            f"the ledger {self.ledger.path} did not take a response ({self._cause()}); no new "
            "calls are started"
        )

    def _cause(self) -> str:
        return f"{type(self.failure).__name__}: {self.failure}"

    def _advice(self) -> str:
        if is_out_of_space(self.failure):
            return ("free space (or set ledger.path on another filesystem) and run again: only "
                    "the missing samples are called")  # fmt: skip
        if not self.rescued:
            return "run again once the cause is fixed: only the missing samples are called"
        return ("run again once the cause is fixed: the rescued responses are imported (a "
                "response the ledger still refuses is set aside with the cause, never paid "
                "again) and only the missing samples are called")  # fmt: skip

    def raise_if_failed(self) -> None:
        """After the run: save what is only in memory, then raise if any write failed."""
        if self.failure is None:
            return
        parts = [
            f"cannot write the ledger {self.ledger.path} ({self._cause()}); the run stopped "
            "calling the model at once",
            f"{self.stored} responses are in the ledger",
        ]
        if self.unsaved:
            try:
                self._rescue(None)
                self.rescued, self.unsaved = self.rescued + len(self.unsaved), []
            except Exception:  # noqa: S110  (the temp directory is tried next)
                pass
        if self.rescued:
            parts.append(f"{self.rescued} were saved in {self.ledger.rescue_path} (imported "
                         "on the next run)")  # fmt: skip
        if self.unsaved:
            fallback = self._fallback_path()
            try:
                self._rescue(fallback)
                parts.append(
                    f"{len(self.unsaved)} could only be saved in {fallback}: the next run on "
                    "this machine imports them (free space first)"
                )
                self.unsaved = []
            except Exception:
                parts.append(f"{len(self.unsaved)} could not be saved anywhere (in memory only)")
        parts.append(self._advice())
        raise LedgerWriteError("; ".join(parts), self.unsaved)

    def _rescue(self, path: Path | None) -> None:
        if self.unsaved_logprobs:
            self.ledger.rescue(self.unsaved, path, logprobs=self.unsaved_logprobs)
        else:
            self.ledger.rescue(self.unsaved, path)

    def _fallback_path(self) -> Path:
        return fallback_path(self.ledger.rescue_path)  # imported by the next open


WRITE_ERRORS = (sqlite3.Error, OSError)
"""What a failed ledger write raises."""
