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

_LAZY = {
    "GUESS_ROW_METRIC": "gralgo.report._tables",
    "PASS": "gralgo.report._tables",
    "HEURISTIC": "gralgo.report._tables",
    "JobClock": "gralgo.report._clock",
    "NoResultsError": "gralgo.report._compare",
    "certificate_report": "gralgo.report._certificate_table",
    "collect_instances": "gralgo.report._compare",
    "skipped_jobs": "gralgo.report._compare",
    "guess_baselines": "gralgo.report._tables",
    "job_metrics": "gralgo.report._flat_metrics",
    "markdown_table": "gralgo.report._tables",
    "mlflow_entries": "gralgo.report._flat_metrics",
    "outcome_table": "gralgo.report._tables",
    "plot_accuracy_by_level": "gralgo.report._plots",
    "plot_long_context": "gralgo.report._paper_figures",
    "priced_samples": "gralgo.report._pricing",
    "sample_pricer": "gralgo.report._pricing",
    "retimed_summary": "gralgo.report._clock",
    "task_table": "gralgo.report._tables",
    "taxonomy_table": "gralgo.report._tables",
    "tokens_per_second": "gralgo.report._flat_metrics",
    "usage_frame": "gralgo.report._flat_metrics",
    "wall_time_line": "gralgo.report._clock",
    "write_comparison": "gralgo.report._compare",
    "write_tables": "gralgo.report._tables",
}

__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
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
