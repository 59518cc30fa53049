"""Reports: the paper's tables, plots, the terminal summary, and MLflow runs.

Importing this package is cheap: the settings records load eagerly, everything that needs pandas,
matplotlib or MLflow loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gralgo.lazy import lazy_exports
from gralgo.report._job_settings import MlflowSettings, ReportSettings
from gralgo.report._sweep_failures import FAILED_JOBS, FailedJob, record_failure

if TYPE_CHECKING:
    from gralgo.report._certificate_table import certificate_report
    from gralgo.report._clock import JobClock, retimed_summary
    from gralgo.report._compare import collect_instances, write_comparison
    from gralgo.report._hydra_callbacks import parent_run_id_for_job
    from gralgo.report._mlflow import flatten_params, log_run
    from gralgo.report._mlflow_job import JobRun
    from gralgo.report._mlflow_runs import run_exists
    from gralgo.report._plots import plot_accuracy_by_level
    from gralgo.report._secrets import redact_config
    from gralgo.report._summary import Completeness, completeness, write_reports
    from gralgo.report._tables import outcome_table, task_table, taxonomy_table, write_tables
    from gralgo.report._terminal import locations_for, print_job_summary

_LAZY = {
    "run_exists": "gralgo.report._mlflow_runs",
    "Completeness": "gralgo.report._summary",
    "JobClock": "gralgo.report._clock",
    "retimed_summary": "gralgo.report._clock",
    "JobRun": "gralgo.report._mlflow_job",
    "certificate_report": "gralgo.report._certificate_table",
    "collect_instances": "gralgo.report._compare",
    "completeness": "gralgo.report._summary",
    "flatten_params": "gralgo.report._mlflow",
    "locations_for": "gralgo.report._terminal",
    "log_run": "gralgo.report._mlflow",
    "print_job_summary": "gralgo.report._terminal",
    "redact_config": "gralgo.report._secrets",
    "write_comparison": "gralgo.report._compare",
    "write_reports": "gralgo.report._summary",
    "outcome_table": "gralgo.report._tables",
    "parent_run_id_for_job": "gralgo.report._hydra_callbacks",
    "plot_accuracy_by_level": "gralgo.report._plots",
    "task_table": "gralgo.report._tables",
    "taxonomy_table": "gralgo.report._tables",
    "write_tables": "gralgo.report._tables",
}

__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "Completeness",
    "FAILED_JOBS",
    "FailedJob",
    "JobClock",
    "JobRun",
    "MlflowSettings",
    "ReportSettings",
    "certificate_report",
    "collect_instances",
    "completeness",
    "flatten_params",
    "locations_for",
    "log_run",
    "outcome_table",
    "parent_run_id_for_job",
    "plot_accuracy_by_level",
    "print_job_summary",
    "record_failure",
    "redact_config",
    "run_exists",
    "retimed_summary",
    "task_table",
    "taxonomy_table",
    "write_comparison",
    "write_reports",
    "write_tables",
]
