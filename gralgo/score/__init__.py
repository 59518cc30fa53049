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
    from gralgo.tasks import ANSWER_KINDS, normalize_answer

# Answer normalisation belongs to the task layer; re-exported for the callers that read it here.
_LAZY = {
    "GUESS_COLUMNS": "gralgo.score._baselines",
    "GUESS_LABELS": "gralgo.score._baselines",
    "GUESS_METRIC": "gralgo.score._baselines",
    "MIN_BASELINE_N": "gralgo.score._baselines",
    "TOO_SMALL": "gralgo.score._baselines",
    "baseline_text": "gralgo.score._baselines",
    "guess_scores": "gralgo.score._baselines",
    "CLUSTER_COLUMN": "gralgo.score._scoring",
    "RESAMPLES_COLUMN": "gralgo.score._scoring",
    "cluster_ids": "gralgo.score._scoring",
    "HARD": "gralgo.score._splits",
    "PAPER": "gralgo.score._splits",
    "SPLITS_COLUMN": "gralgo.score._splits",
    "in_split": "gralgo.score._splits",
    "splits_text": "gralgo.score._splits",
    "aggregate": "gralgo.score._scoring",
    "ANSWER_KINDS": "gralgo.tasks",
    "bootstrap_ci": "gralgo.score._metrics",
    "correlation_ci": "gralgo.score._metrics",
    "boxed_answer": "gralgo.score._scoring",
    "certificate_table": "gralgo.score._certificate_verdicts",
    "certificate_verdicts": "gralgo.score._certificate_verdicts",
    "check_certificate_answer": "gralgo.score._certificate_verdicts",
    "classify_outcome": "gralgo.score._outcome",
    "cons_at_k": "gralgo.score._metrics",
    "extract_boxed": "gralgo.score._extract",
    "instance_metrics": "gralgo.score._scoring",
    "recorded_resamples": "gralgo.score._scoring",
    "majority_vote": "gralgo.score._metrics",
    "NodeNames": "gralgo.score._certificate_reader",
    "normalize_answer": "gralgo.tasks",
    "normalized_scores": "gralgo.score._metrics",
    "Outcome": "gralgo.score._outcome",
    "pass_at_k": "gralgo.score._metrics",
    "pass_at_k_array": "gralgo.score._metrics",
    "read_certificate": "gralgo.score._certificate_reader",
    "SAMPLE_COLUMNS": "gralgo.score._scoring",
    "score_samples": "gralgo.score._scoring",
    "ScoringInputError": "gralgo.score._scoring",
}

__getattr__ = lazy_exports(__name__, _LAZY)


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
