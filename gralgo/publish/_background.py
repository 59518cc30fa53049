"""Run one report step in a forked child while the parent writes the others (Linux).

The reports of a job are written by one process on a machine whose other cores sit idle once
the calls are done: the figure (matplotlib, about 0.6 s for ``main``) is drawn in a child
forked from the job, while the job encodes and writes the transcripts, whose page shows the
figure and is put together last. Elsewhere (no ``fork``, or ``GRALGO_FORK=off``) the step runs
at once, in process. A step that fails in the child fails the job as it would in process, with
the child's traceback; a child that dies without a word (killed: out of memory, a signal) costs
nothing but time: the step is run again in process (a WARNING says so), so the page keeps its
figure.
"""

from __future__ import annotations

import logging
import os
import pickle
import sys
import traceback
from collections.abc import Callable
from typing import Any

log = logging.getLogger("gralgo")

FORK_ENV = "GRALGO_FORK"
"""``off``: run background steps in process (the same files, one core)."""


class BackgroundError(RuntimeError):
    """A step run in a forked child failed; the message holds the child's traceback."""


class Background:
    """A step started with :func:`in_background`; :meth:`wait` returns once it is done."""

    def __init__(
        self,
        name: str,
        pid: int | None = None,
        pipe: int | None = None,
        again: Callable[[], Any] | None = None,
    ) -> None:
        self.name, self._pid, self._pipe = name, pid, pipe
        self._again = again
        """The step itself, run in process when the child dies without a word (killed)."""

    @property
    def pending(self) -> bool:
        """Whether the step runs in a child not yet waited for."""
        return self._pid is not None

    def wait(self) -> None:
        """Block until the step is done; raise :class:`BackgroundError` if it failed."""
        if self._pid is None or self._pipe is None:
            return
        pid, pipe, self._pid, self._pipe = self._pid, self._pipe, None, None
        with os.fdopen(pipe, "rb") as reader:  # read to EOF first: a long traceback fits
            report = reader.read()
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code == 0 and not report:
            return
        if not report and self._again is not None:  # killed (OOM, a signal): not the step's fault
            log.warning("%s: its child process died (exit status %d); done in this process instead",
                        self.name, code)  # fmt: skip
            self._again()
            return
        error, text = _failure(report)
        failure = BackgroundError(f"{self.name} failed in a child process (exit status {code})"
                                  + (f":\n{text}" if text else ""))  # fmt: skip
        if error is None:
            raise failure
        raise error from failure  # the step's own exception, as in process


def _failure(report: bytes) -> tuple[BaseException | None, str]:
    """The exception (if it unpickles) and traceback text a failed child sent."""
    try:
        error, text = pickle.loads(report)  # noqa: S301  (our own child, through our own pipe)
    except Exception:
        return None, report.decode("utf-8", errors="replace")
    return (error if isinstance(error, BaseException) else None), str(text)


def forking() -> bool:
    """Whether :func:`in_background` forks (Linux, unless ``GRALGO_FORK=off``)."""
    return sys.platform == "linux" and os.environ.get(FORK_ENV, "").lower() != "off"


def in_background(
    name: str, step: Callable[..., Any], *args: Any, fork: bool = True, **kwargs: Any
) -> Background:
    """Start ``step(*args, **kwargs)`` in a forked child (its result is dropped: it writes
    files); without fork (or with ``fork=False``: not worth it), run it now."""
    if not (fork and forking()):
        step(*args, **kwargs)
        return Background(name)
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the step, report a failure, never return to the caller
        code = 0
        try:
            os.close(reader)
            step(*args, **kwargs)
        except BaseException:  # noqa: BLE001  (any failure is the parent's to raise)
            code = 1
            text = traceback.format_exc()
            try:
                error = sys.exc_info()[1]
                try:
                    report = pickle.dumps((error, text))
                except Exception:  # an exception that does not pickle: its text only
                    report = pickle.dumps((None, text))
                with os.fdopen(writer, "wb") as out:
                    out.write(report)
            except BaseException:  # noqa: BLE001, S110  (the exit status still says it)
                pass
        finally:
            os._exit(code)
    os.close(writer)
    return Background(name, pid, reader, again=lambda: step(*args, **kwargs))
