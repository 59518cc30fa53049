"""One step of a large job's reports run in a forked child while the job writes the rest.

After a job's calls, its reports run on one core while the other sits idle (the model server
has stopped answering). The transcripts (``samples.jsonl`` and the page's shards: every sample's
text read from the ledger, JSON-encoded and compressed) need only the scored samples, so a job
of :data:`FORK_FROM_SAMPLES` samples or more writes them in a forked child while it writes its
tables, CSVs and figure. The child inherits the samples from the parent's memory (nothing is
pickled but its result), with the parent's objects frozen out of its garbage collector (a
collection would otherwise write every inherited object's header: copy-on-write). Elsewhere (no
``fork``, or macOS, or a thread alive that might hold a lock the child would need) the step runs
in the job itself, at once.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

FORK_FROM_SAMPLES = 5_000
"""Jobs with fewer samples run the step in the job: the fork's own cost (its page tables, the
pages both processes touch) is then about what it saves."""


class Pending(Generic[T]):
    """A step's result: :meth:`result` waits for it (or raises the step's error); :meth:`cancel`
    stops a child whose result is no longer wanted (the job failed meanwhile)."""

    def __init__(self, value: T | None = None, pid: int | None = None, fd: int | None = None):
        self._value = value
        self._pid = pid
        self._fd = fd

    def result(self) -> T:
        if self._pid is None:
            return self._value  # type: ignore[return-value]  # ran in the job: its value
        pid, fd = self._pid, self._fd
        assert fd is not None
        try:
            with os.fdopen(fd, "rb") as pipe:
                self._fd = None
                data = pipe.read()
            _, status = os.waitpid(pid, 0)
            self._pid = None
        finally:
            self.cancel()
        if not data:
            raise RuntimeError(
                f"the forked report writer (process {pid}) ended with wait status {status} "
                "before it sent its result"
            )
        kind, value = pickle.loads(data)
        if kind == "error":
            raise value
        self._value = value
        return value  # type: ignore[no-any-return]

    def cancel(self) -> None:
        """Kill and reap the child if it still runs (idempotent)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._pid is not None:
            pid, self._pid = self._pid, None
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)


def can_fork() -> bool:
    """Whether a child forked now is safe: Linux (macOS frameworks break in a forked child) and
    no thread but this one (a lock held by another thread would stay held in the child)."""
    return (
        sys.platform == "linux"
        and hasattr(os, "fork")
        and threading.active_count() == 1
        and threading.current_thread() is threading.main_thread()
    )


def forked(step: Callable[[], T], samples: int) -> Pending[T]:
    """``step()`` in a forked child when the job has ``samples >=`` :data:`FORK_FROM_SAMPLES`
    and :func:`can_fork`, else now in the job; its :class:`Pending` result. The value must
    pickle (it is sent back over a pipe), as must the step's error (else its text is sent)."""
    if samples < FORK_FROM_SAMPLES or not can_fork():
        return Pending(step())
    read_fd, write_fd = os.pipe()
    freeze = gc.get_freeze_count() == 0  # leave a caller's own freeze alone
    if freeze:
        gc.freeze()  # the child's collections leave the inherited heap alone
    try:
        pid = os.fork()
    except OSError:
        if freeze:
            gc.unfreeze()
        os.close(read_fd)
        os.close(write_fd)
        return Pending(step())
    if pid == 0:  # the child: run the step, send its result, exit without any teardown
        try:
            os.close(read_fd)
            _send(write_fd, step)
        finally:
            os._exit(0)
    if freeze:
        gc.unfreeze()
    os.close(write_fd)
    return Pending(pid=pid, fd=read_fd)


def _send(fd: int, step: Callable[[], object]) -> None:
    try:
        data = pickle.dumps(("ok", step()))
    except BaseException as err:  # noqa: BLE001 - every error goes to the parent
        err.add_note("".join(traceback.format_exception(err)).rstrip())
        try:
            data = pickle.dumps(("error", err))
        except Exception:  # an error that does not pickle: its text
            data = pickle.dumps(("error", RuntimeError(f"{type(err).__name__}: {err}")))
    sys.stdout.flush()
    sys.stderr.flush()
    with os.fdopen(fd, "wb") as pipe:
        pipe.write(data)
