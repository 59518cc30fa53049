"""Reports: the paper's tables, plots, the terminal summary, and MLflow runs."""

from gralgo.report._plots import plot_accuracy_by_level
from gralgo.report._tables import outcome_table, task_table, taxonomy_table, write_tables

__all__ = [
    "outcome_table",
    "plot_accuracy_by_level",
    "task_table",
    "taxonomy_table",
    "write_tables",
]
