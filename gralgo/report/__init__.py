"""Reports: the paper's tables and figures, a job's metrics, prices and clock, and the
comparison of jobs (tables, ``study.html``).

Importing this package is cheap: the settings records load eagerly, everything that needs pandas
or matplotlib loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gralgo.lazy import lazy_exports
from gralgo.report._job_settings import MlflowSettings, ReportSettings

if TYPE_CHECKING:
    from gralgo.report._best_heuristic import with_best_heuristic
    from gralgo.report._certificate_table import certificate_report
    from gralgo.report._clock import JobClock, retimed_summary, wall_time_line
    from gralgo.report._compare import (
        NoResultsError,
        collect_instances,
        skipped_jobs,
        write_comparison,
    )
    from gralgo.report._flat_metrics import (
        job_metrics,
        mlflow_entries,
        tokens_per_second,
        usage_frame,
    )
    from gralgo.report._paper_figures import plot_long_context
    from gralgo.report._plots import plot_accuracy_by_level
    from gralgo.report._pricing import priced_samples, sample_pricer
    from gralgo.report._tables import (
        GUESS_ROW_METRIC,
        HEURISTIC,
        PASS,
        guess_baselines,
        markdown_table,
        outcome_table,
        task_table,
        taxonomy_table,
        write_tables,
    )


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "with_best_heuristic",
    "GUESS_ROW_METRIC",
    "HEURISTIC",
    "PASS",
    "JobClock",
    "MlflowSettings",
    "NoResultsError",
    "ReportSettings",
    "certificate_report",
    "collect_instances",
    "skipped_jobs",
    "guess_baselines",
    "job_metrics",
    "markdown_table",
    "mlflow_entries",
    "outcome_table",
    "plot_accuracy_by_level",
    "plot_long_context",
    "priced_samples",
    "sample_pricer",
    "retimed_summary",
    "task_table",
    "taxonomy_table",
    "tokens_per_second",
    "usage_frame",
    "wall_time_line",
    "write_comparison",
    "write_tables",
]
