"""Publish a job's results: score its samples and write its report folder (tables, figures,
metrics, transcripts, all scrubbed of secrets), say whether it is complete, and print the
summary with where everything went (files, MLflow).

Importing this package is cheap: everything loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gralgo.lazy import lazy_exports

if TYPE_CHECKING:
    from gralgo.publish._summary import Completeness, completeness, write_reports
    from gralgo.publish._terminal import locations_for, print_job_summary


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "Completeness",
    "completeness",
    "locations_for",
    "print_job_summary",
    "write_reports",
]
