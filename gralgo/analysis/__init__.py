"""Analyses of recorded responses (paper §3.1-3.3, Appendices F and H): segmentation, outcome
efficiency, token entropy, and judge pipelines that read finished evaluation jobs and write
their own results.

Pure computations (segments, efficiency, entropy) need no model; judge pipelines ask a judge
model through the evaluation runner and ledger (:mod:`gralgo.analysis._judge`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.analysis._analyze_settings import ANALYSES, AnalyzeSettings
from gralgo.analysis._efficiency import (
    EfficiencyResult,
    first_correct_segment,
    mean_efficiency,
    outcome_efficiency,
    prefix_token_counts,
    states_answer,
    tokenizer_for_model,
)
from gralgo.analysis._judge import Judge, JudgeParseError, JudgeQuery, JudgeSettings, open_judge
from gralgo.analysis._judge_window import known_context_window
from gralgo.analysis._run import run_analysis
from gralgo.analysis._text_split import (
    DEFAULT_MARKERS,
    Segment,
    SegmentationError,
    response_text,
    segment_at_markers,
    split_paragraphs,
)
from gralgo.analysis._token_entropy import (
    TokenLogprobs,
    dropped_mass,
    rank_high_entropy_tokens,
    segment_at_high_entropy,
    token_entropy,
)
from gralgo.lazy import lazy_exports

if _TYPE_CHECKING:
    from gralgo.analysis._entropy_pipeline import entropy_statistics
    from gralgo.analysis._output import AnalysisOutput
    from gralgo.analysis._overthinking import locate_answers
    from gralgo.analysis._parse import choice_parser
    from gralgo.analysis._segmentation_method import Segmentation
    from gralgo.analysis._token_entropy import ranked_tokens
    from gralgo.analysis._trace_facts import run_trace_facts


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "ANALYSES",
    "AnalysisOutput",
    "AnalyzeSettings",
    "DEFAULT_MARKERS",
    "EfficiencyResult",
    "Judge",
    "JudgeParseError",
    "JudgeQuery",
    "JudgeSettings",
    "Segment",
    "Segmentation",
    "SegmentationError",
    "TokenLogprobs",
    "choice_parser",
    "dropped_mass",
    "entropy_statistics",
    "first_correct_segment",
    "known_context_window",
    "locate_answers",
    "mean_efficiency",
    "open_judge",
    "outcome_efficiency",
    "prefix_token_counts",
    "rank_high_entropy_tokens",
    "ranked_tokens",
    "response_text",
    "run_analysis",
    "run_trace_facts",
    "segment_at_high_entropy",
    "segment_at_markers",
    "split_paragraphs",
    "states_answer",
    "token_entropy",
    "tokenizer_for_model",
]
