"""Keep every paid response: write it to the ledger, else the rescue file, else memory.

The runner hands each finished sample to a :class:`ResponseKeeper`. Once a write fails the
runner stops starting calls; at the end :meth:`ResponseKeeper.raise_if_failed` saves whatever
is only in memory (rescue file, else a file in the temp directory, which may be on another
filesystem) and raises :class:`LedgerWriteError` saying how many responses went where.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

from gralgo.ledger._records import SampleRecord
from gralgo.ledger._sqlite import Ledger, LedgerWriteError


class ResponseKeeper:
    """Writes finished samples for one run and remembers any write failure."""

    def __init__(self, ledger: Ledger, owner: str) -> None:
        self.ledger, self.owner = ledger, owner
        self.stored = 0
        """Samples committed to the ledger."""
        self.rescued = 0
        """Samples appended to the ledger's rescue file (imported on its next open)."""
        self.unsaved: list[SampleRecord] = []
        """Samples neither file could take: in memory only, so far."""
        self.failure: BaseException | None = None
        """The first write failure."""

    def note(self, err: BaseException) -> None:
        """Record a write failure seen elsewhere (claiming work, for instance)."""
        if self.failure is None:
            self.failure = err

    def keep(self, rec: SampleRecord) -> bool:
        """Store ``rec`` durably; False when the ledger could not take it (stop the run)."""
        try:
            committed = self.ledger.record_durably(rec, owner=self.owner)
        except OSError as err:  # the rescue file could not be written either
            self.note(self.ledger.last_write_error or err)
            self.unsaved.append(rec)
            return False
        if committed:
            self.stored += 1
            return True
        self.rescued += 1
        self.note(self.ledger.last_write_error or OSError("ledger write failed"))
        return False

    def reason(self) -> str:
        return (
            f"the ledger {self.ledger.path} cannot be written ({self.failure}); no new calls are "
            "started"
        )

    def raise_if_failed(self) -> None:
        """After the run: save what is only in memory, then raise if any write failed."""
        if self.failure is None:
            return
        parts = [
            f"cannot write the ledger {self.ledger.path} ({self.failure}); the run stopped "
            "calling the model at once",
            f"{self.stored} responses are in the ledger",
        ]
        if self.unsaved:
            try:
                self.ledger.rescue(self.unsaved)
                self.rescued, self.unsaved = self.rescued + len(self.unsaved), []
            except OSError:
                pass
        if self.rescued:
            parts.append(f"{self.rescued} were saved in {self.ledger.rescue_path} (imported "
                         "on the next run)")  # fmt: skip
        if self.unsaved:
            fallback = self._fallback_path()
            try:
                self.ledger.rescue(self.unsaved, fallback)
                parts.append(
                    f"{len(self.unsaved)} could only be saved in {fallback}: move that file to "
                    f"{self.ledger.rescue_path} once there is space and the next run imports them"
                )
                self.unsaved = []
            except OSError:
                parts.append(f"{len(self.unsaved)} could not be saved anywhere (in memory only)")
        parts.append("free space (or set ledger.path on another filesystem) and run again: only "
                     "the missing samples are called")  # fmt: skip
        raise LedgerWriteError("; ".join(parts), self.unsaved)

    def _fallback_path(self) -> Path:
        name = f"gralgo-rescue-{self.ledger.path.name}-{os.getpid()}.jsonl"
        return Path(tempfile.gettempdir()) / name


WRITE_ERRORS = (sqlite3.Error, OSError)
"""What a failed ledger write raises."""
