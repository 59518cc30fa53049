"""The process that logs one job's MLflow run (``python -m gralgo.tracking._run_logger``).

A job never imports MLflow (its import alone costs ~2.5 s of CPU, mostly ``mlflow.genai``, which
``mlflow/__init__.py`` imports unconditionally); in a thread of the job it would hold the GIL
against the event loop that sends the model calls. This child process, started niced when the
job enters its work (before its plan), imports MLflow and its SQL store, opens the run when the
job's calls begin and waits; the job sends it the results when its reports are written and waits
for it at its end. Messages are pickled over its stdin and stdout
(the child's own prints go to stderr):

    job -> child: ("open", settings, parent_run_id)       child -> job: ("opened", run_id, exp_id)
                  ("log", metrics, artifacts, out_dir, complete)         ("logged",)
                  ("close", late_metrics)                                ("closed",)
                  ("end", "FAILED" | "KILLED")  the job failed or was interrupted
    every reply also carries the child's warnings, which the job logs; ("error", line, warnings)
    says the step failed (the run is then FAILED) and the child exits 1.

If the job dies (even by SIGKILL) its end of the pipe closes: the child then marks an open run
KILLED with ``complete=false``. The child runs in its own session, so a Ctrl-C at the terminal
reaches only the job, which tells it (``end``).
"""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from gralgo.errors import MlflowLoggingError

log = logging.getLogger("gralgo")

NICENESS = 10
"""The child's niceness: it yields the CPU to the job's calls and reports."""


class RunLogger:
    """The job's side of the child: start it, send it messages, read its replies."""

    def __init__(self) -> None:
        import gralgo

        root = str(Path(gralgo.__file__).resolve().parent.parent)  # the child imports this gralgo
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (root, os.environ.get("PYTHONPATH", "")) if p)}  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gralgo.tracking._run_logger"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, start_new_session=True,
        )  # fmt: skip
        self.open = True
        """Whether the child may still read messages (False once told to end, or gone)."""
        self.sent = False
        """Whether the child was sent anything (else it holds no run: :meth:`close` stops it)."""

    def send(self, *message: Any) -> None:
        """Send one message; a child that is gone is reported by :meth:`reply`."""
        assert self.process.stdin is not None
        self.sent = True
        try:
            pickle.dump(message, self.process.stdin, protocol=pickle.HIGHEST_PROTOCOL)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            self.open = False

    def reply(self, expected: str) -> tuple[Any, ...]:
        """The child's next reply, which must be ``expected``; its warnings are logged here.
        Raises :class:`MlflowLoggingError` with the child's error, or when it died."""
        assert self.process.stdout is not None
        try:
            kind, *rest = pickle.load(self.process.stdout)
        except (EOFError, pickle.UnpicklingError, OSError) as err:
            self.open = False
            status = self.process.wait()
            raise MlflowLoggingError(
                f"the MLflow logging process ended (exit status {status}) before it replied "
                f"'{expected}' ({type(err).__name__}); see its output above"
            ) from None
        *values, warnings = rest
        for warning in warnings:
            log.warning("%s", warning)
        if kind == "error":
            self.open = False
            self.process.wait()
            raise MlflowLoggingError(
                f"MLflow logging failed: {values[0]} (the results are in the job folder: fix "
                "the store, or set mlflow.enabled=false, and run the same command again)"
            )
        if kind != expected:
            raise MlflowLoggingError(f"MLflow logging process replied {kind!r}, not {expected!r}")
        return tuple(values)

    def close(self) -> int:
        """Close the pipe and wait for the child's exit; its status. A child never sent a
        message (still importing MLflow, holding no run) is stopped, not waited for."""
        self.open = False
        if not self.sent:
            self.process.terminate()
        if self.process.stdin is not None and not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except OSError:
                pass
        status = self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        return status


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

    from gralgo.tracking._mlflow import end_run
    from gralgo.tracking._mlflow_job import close_job_run, log_results_of_job, start_job_run

    warnings = _Warnings()
    logging.getLogger("gralgo").addHandler(warnings)
    logging.getLogger("gralgo").setLevel(logging.INFO)
    settings: Any = None
    run_id: str | None = None
    complete = True

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

    while True:
        try:
            kind, *args = pickle.load(inbox)
        except EOFError:  # the job is gone without a word: killed
            end("KILLED")
            return 0
        try:
            if kind == "open":
                settings, parent_run_id = args
                run_id, experiment_id = start_job_run(settings, parent_run_id)
                answer("opened", run_id, experiment_id)
            elif kind == "log":
                metrics, artifacts, out_dir, complete = args
                log_results_of_job(settings, _opened(run_id), metrics, artifacts, out_dir)
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


class _JobGone(Exception):
    """The job's end of the pipe is closed."""


def _opened(run_id: str | None) -> str:
    if run_id is None:
        raise ValueError("no run was opened")
    return run_id


def main() -> int:
    """Serve the job on stdin/stdout; everything else printed goes to stderr."""
    os.nice(NICENESS)
    outbox = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        return serve(sys.stdin.buffer, outbox)
    finally:
        try:
            outbox.close()
        except OSError:  # the job is gone
            pass


def metrics_message(metrics: Mapping[str, float]) -> dict[str, float]:
    """Metrics as plain floats (numpy scalars pickle with numpy)."""
    return {str(k): float(v) for k, v in metrics.items()}


if __name__ == "__main__":
    sys.exit(main())
