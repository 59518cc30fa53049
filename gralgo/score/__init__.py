"""Scoring: extract boxed answers, classify outcomes, and compute pass@k / cons@k / intervals.

``score_samples`` -> ``instance_metrics`` -> ``aggregate`` turns ledger samples into the numbers
in the paper's tables; the statistics themselves are pure functions in ``_metrics``.

Importing this package is cheap: everything loads on first use (the certificate reader's
networkx only for certificate mode).
"""

from typing import TYPE_CHECKING

from gralgo.lazy import lazy_exports

if TYPE_CHECKING:
    from gralgo.score._baselines import (
        GUESS_COLUMNS,
        GUESS_LABELS,
        GUESS_METRIC,
        MIN_BASELINE_N,
        TOO_SMALL,
        baseline_text,
        guess_scores,
    )
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
        correlation_ci,
        majority_vote,
        normalized_scores,
        pass_at_k,
        pass_at_k_array,
    )
    from gralgo.score._outcome import Outcome, classify_outcome
    from gralgo.score._scoring import (
        CLUSTER_COLUMN,
        RESAMPLES_COLUMN,
        SAMPLE_COLUMNS,
        ScoringInputError,
        aggregate,
        boxed_answer,
        cluster_ids,
        instance_metrics,
        recorded_resamples,
        score_samples,
    )
    from gralgo.score._splits import HARD, PAPER, SPLITS_COLUMN, in_split, splits_text

    # Answer normalisation belongs to the task layer; re-exported for the callers that read it here.
    from gralgo.tasks import ANSWER_KINDS, normalize_answer


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "GUESS_COLUMNS",
    "GUESS_LABELS",
    "GUESS_METRIC",
    "MIN_BASELINE_N",
    "TOO_SMALL",
    "baseline_text",
    "guess_scores",
    "CLUSTER_COLUMN",
    "RESAMPLES_COLUMN",
    "cluster_ids",
    "HARD",
    "PAPER",
    "SPLITS_COLUMN",
    "in_split",
    "splits_text",
    "boxed_answer",
    "ANSWER_KINDS",
    "NodeNames",
    "SAMPLE_COLUMNS",
    "Outcome",
    "ScoringInputError",
    "aggregate",
    "bootstrap_ci",
    "correlation_ci",
    "certificate_table",
    "certificate_verdicts",
    "check_certificate_answer",
    "classify_outcome",
    "cons_at_k",
    "extract_boxed",
    "instance_metrics",
    "recorded_resamples",
    "majority_vote",
    "normalize_answer",
    "normalized_scores",
    "pass_at_k",
    "pass_at_k_array",
    "read_certificate",
    "score_samples",
]
