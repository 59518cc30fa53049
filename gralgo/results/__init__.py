"""Results: the public reader of stored samples, for a job folder or a whole ledger.

Every later stage (scoring, reports, analysis, outside tools) reads model outputs through
:func:`read_samples`; it never rebuilds request keys from a dataset and settings.
"""

from gralgo.results._current import (
    STAMP_FILE,
    ResultsStamp,
    file_states,
    files_unchanged,
    inputs_digest,
    read_stamp,
    rows_digest,
    samples_digest,
    write_stamp,
)
from gralgo.results._job import JOB_FILE, JobInfo, ResultsError, read_job, write_job
from gralgo.results._reader import COLUMNS, read_samples
from gralgo.results._sharing import (
    INDEX_DIR,
    detach_shared_files,
    link_files,
    relocate_summary,
    remember_folder,
    remembered_folder,
)
from gralgo.results._texts import JobTexts

__all__ = [
    "COLUMNS",
    "STAMP_FILE",
    "ResultsStamp",
    "file_states",
    "files_unchanged",
    "inputs_digest",
    "read_stamp",
    "rows_digest",
    "samples_digest",
    "write_stamp",
    "INDEX_DIR",
    "detach_shared_files",
    "link_files",
    "relocate_summary",
    "remember_folder",
    "remembered_folder",
    "JOB_FILE",
    "JobInfo",
    "JobTexts",
    "ResultsError",
    "read_job",
    "read_samples",
    "write_job",
]
