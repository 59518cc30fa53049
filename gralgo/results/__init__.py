"""Results: the public reader of stored samples and of job records (``job.json``).

Every later stage (scoring, reports, analysis, outside tools) reads model outputs through
:func:`read_samples`, their logprobs through :func:`read_logprobs` and a job's record through
:func:`read_job`; it never rebuilds request keys from a dataset and settings. ``gralgo.job``
writes the records.
"""

from gralgo.results._job import (
    JOB_FILE,
    FileStates,
    JobRecord,
    MlflowRun,
    ResultsError,
    ResultsState,
    read_job,
    record_json,
)
from gralgo.results._logprob_reader import read_logprobs
from gralgo.results._reader import COLUMNS, read_samples
from gralgo.results._texts import JobTexts

__all__ = [
    "COLUMNS",
    "FileStates",
    "JOB_FILE",
    "JobRecord",
    "JobTexts",
    "MlflowRun",
    "ResultsError",
    "ResultsState",
    "read_job",
    "read_logprobs",
    "read_samples",
    "record_json",
]
