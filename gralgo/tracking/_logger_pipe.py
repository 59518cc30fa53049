"""The job's end of the pipe to its MLflow logging process (:mod:`gralgo.tracking._run_logger`,
which describes the messages): start the child, send it messages, read its replies."""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gralgo.errors import MlflowLoggingError

log = logging.getLogger("gralgo")

LOGGER_MODULE = "gralgo.tracking._run_logger"
"""The child, run as ``python -m``: the job imports nothing of it (nor MLflow)."""


class RunLogger:
    """The job's side of the child: start it, send it messages, read its replies."""

    def __init__(self) -> None:
        import gralgo

        root = str(Path(gralgo.__file__).resolve().parent.parent)  # the child imports this gralgo
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (root, os.environ.get("PYTHONPATH", "")) if p)}  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-m", LOGGER_MODULE],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, start_new_session=True,
        )  # fmt: skip
        self.open = True
        """Whether the child may still read messages (False once told to end, or gone)."""
        self.sent = False
        """Whether the child was sent anything (else it holds no run: :meth:`close` stops it)."""

    def send(self, *message: Any) -> None:
        """Send one message; a child that is gone is reported by :meth:`reply`."""
        assert self.process.stdin is not None
        if not self.open:
            return
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
            self.process.kill()  # it ignores SIGTERM
        if self.process.stdin is not None and not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except OSError:
                pass
        status = self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        return status


class PreparedLogger:
    """:func:`~gralgo.tracking.log_run` in a logging child started now, which imports MLflow
    while the caller works (an analysis: seconds of CPU off its end, on a core its reading
    leaves free); a context manager that stops a child never asked to log."""

    def __init__(self) -> None:
        self._logger: RunLogger | None = RunLogger()

    def scan(self, paths: Sequence[Path], secret_env_names: Sequence[str] = ()) -> None:
        """``paths`` are written: the child scans the large ones for secrets from now on (the
        run's :meth:`log_run` with the same ``secret_env_names`` then logs them unscanned if
        unchanged since). No reply: a scan that fails is done again as the file is logged."""
        if self._logger is not None:
            self._logger.send("scan", [str(p) for p in paths], list(secret_env_names))

    def log_run(self, **arguments: Any) -> str:
        """Log one finished run with :func:`~gralgo.tracking.log_run`'s ``arguments`` in the
        child; its run id. Raises :class:`MlflowLoggingError` with the child's error."""
        logger, self._logger = self._logger, None
        if logger is None:
            raise MlflowLoggingError("this prepared MLflow logger has logged its run already")
        logger.send("log_run", arguments)
        try:
            (run_id,) = logger.reply("run_logged")
        finally:
            status = logger.close()
        if status != 0:
            raise MlflowLoggingError(f"the MLflow logging process exited with status {status}")
        return str(run_id)

    def close(self) -> None:
        """Stop the child if it was never asked to log (it holds no run)."""
        logger, self._logger = self._logger, None
        if logger is not None:
            logger.close()

    def __enter__(self) -> PreparedLogger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def metrics_message(metrics: Mapping[str, float]) -> dict[str, float]:
    """Metrics as plain floats (numpy scalars pickle with numpy)."""
    return {str(k): float(v) for k, v in metrics.items()}
