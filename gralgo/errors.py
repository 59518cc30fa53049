"""Exception types. Every error a user can cause has its own class and an actionable message."""

from __future__ import annotations


class GralgoError(Exception):
    """Base class for all gralgo errors."""


class UnknownChoiceError(GralgoError, ValueError):
    """A name (task, level, format, source, model, ...) that is not one of the valid choices."""

    def __init__(self, kind: str, name: object, choices: list[str] | tuple[str, ...]) -> None:
        self.kind, self.name, self.choices = kind, name, tuple(choices)
        super().__init__(
            f"unknown {kind} {name!r}; valid choices: {', '.join(sorted(map(str, choices)))}"
        )


class SourceFileError(GralgoError):
    """A missing or malformed graph source file; names the file and, where known, the line."""

    def __init__(self, path: object, message: str, line: int | None = None) -> None:
        self.path, self.line = str(path), line
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")


class SamplingError(GralgoError):
    """A constraint that cannot be met (source too small for a level, no k-core, ...)."""


class ConfigError(GralgoError, ValueError):
    """A configuration value that is invalid; names the config field to fix."""


class RunInterrupted(GralgoError):
    """The run was stopped by SIGTERM or SIGINT (Slurm's time limit, preemption, Ctrl-C): no new
    calls were started, the replies received were kept, the claims released."""

    def __init__(self, message: str, signal_name: str) -> None:
        super().__init__(message)
        self.signal_name = signal_name


class MlflowLoggingError(GralgoError):
    """The job's MLflow run could not be opened or logged (its results are in the job folder;
    the same command again logs them)."""


class IncompleteRunError(GralgoError):
    """A run that ended without every sample: stopped early, or samples missing or errored."""


class BatchSubmitted(GralgoError):
    """Batch mode with ``run.batch.wait=false``: batches are submitted and still running.

    ``job`` is the digest the job's batches carry and ``model`` its ``ModelSpec`` (no secret):
    a ``-m`` sweep that waits for its jobs' batches at its end records them
    (``gralgo.batch_sweep``); else the same command again collects them."""

    def __init__(self, message: str, job: str = "", model: object = None) -> None:
        super().__init__(message)
        self.job = job
        self.model = model
