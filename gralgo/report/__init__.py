"""Reports: the paper's tables, plots, the terminal summary, and MLflow runs.

Importing this package is cheap: the settings records load eagerly, everything that needs pandas,
matplotlib or MLflow loads on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gralgo.report._job_settings import MlflowSettings, ReportSettings
from gralgo.report._sweep_failures import FAILED_JOBS, FailedJob, collect_failures, record_failure

if TYPE_CHECKING:
    from gralgo.report._plots import plot_accuracy_by_level
    from gralgo.report._tables import outcome_table, task_table, taxonomy_table, write_tables

_LAZY = {
    "outcome_table": "gralgo.report._tables",
    "plot_accuracy_by_level": "gralgo.report._plots",
    "task_table": "gralgo.report._tables",
    "taxonomy_table": "gralgo.report._tables",
    "write_tables": "gralgo.report._tables",
}


def __getattr__(name: str) -> Any:
    """Load a heavy public name on first use (PEP 562)."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FAILED_JOBS",
    "FailedJob",
    "collect_failures",
    "record_failure",
    "MlflowSettings",
    "ReportSettings",
    "outcome_table",
    "plot_accuracy_by_level",
    "task_table",
    "taxonomy_table",
    "write_tables",
]
