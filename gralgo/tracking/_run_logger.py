"""The process that logs one job's MLflow run (``python -m gralgo.tracking._run_logger``).

A job never imports MLflow (its import alone costs ~2.5 s of CPU, mostly ``mlflow.genai``, which
``mlflow/__init__.py`` imports unconditionally); in a thread of the job it would hold the GIL
against the event loop that sends the model calls. This child process, started niced when the
job enters its work (before its plan), imports MLflow and its SQL store, opens the run when the
job's calls begin and waits; the job sends it its sample files (``samples.jsonl``, the page's
shards) as soon as they are written, which it logs while the job writes the rest of its reports
(the samples table from ``samples.jsonl`` is written meanwhile by a process of its own), then
the results when its reports are written, and waits for it at its end. Messages are pickled
over its stdin and stdout (the child's own prints go to stderr):

    job -> child: ("open", settings, parent_id, argv)     child -> job: ("opened", run_id, exp_id)
                  ("samples", files, out_dir)   (no reply: its error is the next reply)
                  ("log", metrics, artifacts, out_dir, complete)         ("logged",)
                  ("close", late_metrics)                                ("closed",)
                  ("end", "FAILED" | "KILLED")  the job failed or was interrupted
                  ("scan", paths, env_names)    (no reply)  written files, scanned from now on
                  ("log_run", arguments)        ("run_logged", run_id)   a finished run in one
                                                go (:class:`~gralgo.tracking.PreparedLogger`)
    every reply also carries the child's warnings, which the job logs; ("error", line, warnings)
    says the step failed (the run is then FAILED) and the child exits 1.

If the job dies (even by SIGKILL) its end of the pipe closes: the child then marks an open run
KILLED with ``complete=false``. The child runs in its own session and ignores SIGTERM and SIGINT
(a Ctrl-C at the terminal, or Slurm's SIGTERM to every process of a preempted job): the job tells
it how it ended (``end``), or its pipe closes.
"""

from __future__ import annotations

import logging
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gralgo.tracking._mlflow import FileStamp

log = logging.getLogger("gralgo")

NICENESS = 10
"""The child's niceness: it yields the CPU to the job's calls and reports."""


class _Warnings(logging.Handler):
    """Collects the warnings logged in the child, to be sent with its next reply."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())

    def take(self) -> list[str]:
        taken, self.messages = self.messages, []
        return taken


def serve(inbox: IO[bytes], outbox: IO[bytes]) -> int:
    """The child's loop: open, log and close one run as the job says; its exit status."""
    # MLflow's own imports first, while the job still plans: the run then opens at once.
    from mlflow.store.tracking.sqlalchemy_store import SqlAlchemyStore  # noqa: F401

    from gralgo.tracking._mlflow import end_run, log_run, scan_beside
    from gralgo.tracking._mlflow_job import (
        SampleLog,
        close_job_run,
        log_results_of_job,
        log_sample_files,
        start_job_run,
    )

    warnings = _Warnings()
    logging.getLogger("gralgo").addHandler(warnings)
    logging.getLogger("gralgo").setLevel(logging.INFO)
    settings: Any = None
    run_id: str | None = None
    complete = True
    early: SampleLog | None = None
    """The sample files logged ahead of the results, and the samples table being written."""
    scans: list[tuple[list[str], Callable[[], dict[str, FileStamp]]]] = []
    """Files scanned for secrets ahead of ``log_run``, with the variables they were scanned for."""

    def answer(*message: Any) -> None:
        try:
            pickle.dump((*message, warnings.take()), outbox, protocol=pickle.HIGHEST_PROTOCOL)
            outbox.flush()
        except OSError as err:  # BrokenPipeError: the job is gone
            raise _JobGone from err

    def end(status: str) -> None:  # the job failed, was interrupted or died
        from mlflow import MlflowClient

        if settings is None or run_id is None:
            return
        MlflowClient(tracking_uri=settings.mlflow.tracking_uri).set_tag(run_id, "complete",
                                                                         "false")  # fmt: skip
        end_run(tracking_uri=settings.mlflow.tracking_uri, run_id=run_id, status=status)

    try:
        while True:
            try:
                kind, *args = pickle.load(inbox)
            except EOFError:  # the job is gone without a word: killed
                end("KILLED")
                return 0
            try:
                if kind == "open":
                    settings, parent_run_id, argv = args  # the job's command line, not ours
                    run_id, experiment_id = start_job_run(settings, parent_run_id, argv)
                    answer("opened", run_id, experiment_id)
                elif kind == "samples":  # written: logged now, the table started
                    files, out_dir = args
                    early = log_sample_files(settings, _opened(run_id), files, out_dir)
                elif kind == "log":
                    metrics, artifacts, out_dir, complete = args
                    logged, early = early, None  # its table is logged (or discarded) there
                    log_results_of_job(settings, _opened(run_id), metrics, artifacts, out_dir,
                                       logged)  # fmt: skip
                    answer("logged")
                elif kind == "close":
                    (late,) = args
                    close_job_run(settings, _opened(run_id), late, complete)
                    run_id = None  # closed: nothing left to end
                    answer("closed")
                    return 0
                elif kind == "end":
                    end(args[0])
                    return 0
                elif kind == "scan":  # written files: scanned for secrets from now on
                    paths, names = args
                    scans.append((names, scan_beside([Path(p) for p in paths], names)))
                elif kind == "log_run":  # a finished run (an analysis's), in one go
                    (arguments,) = args
                    names = list(arguments.get("secret_env_names", ()))
                    clean = {k: v for n, wait in scans for k, v in wait().items() if n == names}
                    answer("run_logged", log_run(**arguments, clean=clean))
                    return 0
                else:
                    raise ValueError(f"unknown message {kind!r}")
            except _JobGone:
                end("KILLED")
                return 0
            except Exception as err:
                if run_id is not None:
                    try:
                        end_run(tracking_uri=settings.mlflow.tracking_uri, run_id=run_id,
                                status="FAILED")  # fmt: skip
                    except Exception as second:  # the first error is the one to report
                        log.warning("could not mark MLflow run %s FAILED: %s", run_id, second)
                line = " ".join(f"{type(err).__name__}: {err}".split())
                try:
                    answer("error", line)
                except _JobGone:
                    pass
                return 1
    finally:  # a run ended before its results were logged: its table is not wanted
        if early is not None:
            early.discard()


class _JobGone(Exception):
    """The job's end of the pipe is closed."""


def _opened(run_id: str | None) -> str:
    if run_id is None:
        raise ValueError("no run was opened")
    return run_id


def main() -> int:
    """Serve the job on stdin/stdout; everything else printed goes to stderr."""
    import signal

    os.nice(NICENESS)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, signal.SIG_IGN)
    outbox = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        return serve(sys.stdin.buffer, outbox)
    finally:
        try:
            outbox.close()
        except OSError:  # the job is gone
            pass


if __name__ == "__main__":
    status = main()
    # The run is closed or ended and every reply flushed: skip the interpreter's teardown of
    # MLflow and SQLAlchemy (~1 s at load, which the job would wait for at its very end).
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
