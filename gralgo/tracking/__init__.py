"""Tracking: MLflow runs, one per job and one parent run per multirun sweep (the Hydra callback,
its jobs' failure markers), with every param, tag and artifact scrubbed of secrets.

Importing this package is cheap: the sweep's failure records load eagerly, everything that needs
MLflow or Hydra loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gralgo.lazy import lazy_exports
from gralgo.tracking._sweep_failures import FAILED_JOBS, FAILED_MARKER, FailedJob, record_failure

if TYPE_CHECKING:
    from gralgo.tracking._hydra_callbacks import MlflowSweepCallback, parent_run_id_for_job
    from gralgo.tracking._logger_pipe import PreparedLogger
    from gralgo.tracking._mlflow import flatten_params, log_run, ui_command, ui_path
    from gralgo.tracking._mlflow_job import JobRun
    from gralgo.tracking._mlflow_runs import run_exists
    from gralgo.tracking._secrets import redact_config, scrub_texts, secret_env_names


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "FAILED_JOBS",
    "FAILED_MARKER",
    "FailedJob",
    "JobRun",
    "MlflowSweepCallback",
    "PreparedLogger",
    "flatten_params",
    "log_run",
    "parent_run_id_for_job",
    "record_failure",
    "redact_config",
    "run_exists",
    "scrub_texts",
    "secret_env_names",
    "ui_command",
    "ui_path",
]
