"""Scoring: extract boxed answers, classify outcomes, and compute pass@k / cons@k / intervals.

``score_samples`` -> ``instance_metrics`` -> ``aggregate`` turns ledger samples into the numbers
in the paper's tables; the statistics themselves are pure functions in ``_metrics``.
"""

from gralgo.score._certificate_reader import NodeNames, read_certificate
from gralgo.score._certificate_verdicts import (
    certificate_table,
    certificate_verdicts,
    check_certificate_answer,
)
from gralgo.score._extract import extract_boxed
from gralgo.score._metrics import (
    bootstrap_ci,
    cons_at_k,
    majority_vote,
    normalized_scores,
    pass_at_k,
    pass_at_k_array,
)
from gralgo.score._outcome import Outcome, classify_outcome
from gralgo.score._scoring import (
    SAMPLE_COLUMNS,
    ScoringInputError,
    aggregate,
    boxed_answer,
    instance_metrics,
    score_samples,
)

# Answer normalisation belongs to the task layer; re-exported for the callers that read it here.
from gralgo.tasks import ANSWER_KINDS, normalize_answer

__all__ = [
    "boxed_answer",
    "ANSWER_KINDS",
    "NodeNames",
    "SAMPLE_COLUMNS",
    "Outcome",
    "ScoringInputError",
    "aggregate",
    "bootstrap_ci",
    "certificate_table",
    "certificate_verdicts",
    "check_certificate_answer",
    "classify_outcome",
    "cons_at_k",
    "extract_boxed",
    "instance_metrics",
    "majority_vote",
    "normalize_answer",
    "normalized_scores",
    "pass_at_k",
    "pass_at_k_array",
    "read_certificate",
    "score_samples",
]
