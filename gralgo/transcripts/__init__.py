"""Transcripts: a job's ``samples.jsonl`` and its self-contained ``report.html`` viewer (summary
on top, every sample below), rewritten only when their inputs changed.

Importing this package is cheap: everything loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gralgo.lazy import lazy_exports

if TYPE_CHECKING:
    from gralgo.transcripts._transcripts import write_job_transcripts

_LAZY = {
    "write_job_transcripts": "gralgo.transcripts._transcripts",
}

__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "write_job_transcripts",
]
