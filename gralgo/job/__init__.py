"""One evaluation job's record (``job.json``) and its reuse: the one module that writes the
record (``_record``), the digests of what results are made of (``_digests``), and the links
that share one job's results with a re-run in another folder (``_links``). Records are read
through :func:`gralgo.results.read_job`.
"""

from gralgo.job._digests import inputs_digest, ledger_files_state, rows_digest, samples_digest
from gralgo.job._links import INDEX_DIR, detach_shared_files
from gralgo.job._record import (
    ResultsDigests,
    finish_record,
    results_digests,
    reuse_results,
    start_record,
)
from gralgo.job._result import EvaluationResult

__all__ = [
    "EvaluationResult",
    "INDEX_DIR",
    "ResultsDigests",
    "detach_shared_files",
    "finish_record",
    "inputs_digest",
    "ledger_files_state",
    "results_digests",
    "reuse_results",
    "rows_digest",
    "samples_digest",
    "start_record",
]
