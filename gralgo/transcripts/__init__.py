"""Transcripts: a job's ``samples.jsonl`` and its ``report.html`` viewer (summary on top, every
sample below, loaded lazily from the compressed shards in ``report_data/`` beside it, where
analyses may add theirs), rewritten only when their inputs changed.

Importing this package is cheap: everything loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gralgo.lazy import lazy_exports

if TYPE_CHECKING:
    from gralgo.transcripts._shards import (
        SHARD_DIR,
        item_shard,
        page_records,
        read_shard,
        remove_stale,
        write_shard,
    )
    from gralgo.transcripts._transcripts import (
        SampleFiles,
        write_job_samples,
        write_job_transcripts,
        write_transcripts,
    )


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "SHARD_DIR",
    "SampleFiles",
    "item_shard",
    "page_records",
    "read_shard",
    "remove_stale",
    "write_job_samples",
    "write_job_transcripts",
    "write_shard",
    "write_transcripts",
]
