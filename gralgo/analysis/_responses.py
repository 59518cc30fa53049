"""The responses an analysis reads: results-reader rows, scored, with their full text."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from gralgo.analysis._text_split import response_text
from gralgo.errors import GralgoError

REQUIRED_COLUMNS: tuple[str, ...] = (
    "request_key",
    "sample_index",
    "instance_id",
    "model",
    "litellm_model",
    "task",
    "taxonomy",
    "complexity",
    "level",
    "format",
    "context",
    "answer_kind",
    "expected",
    "answer_text",
    "reasoning_text",
    "finish_reason",
    "error_class",
)


class AnalysisInputError(GralgoError, ValueError):
    """Results an analysis cannot use (missing columns, no responses)."""


def require_columns(frame: pd.DataFrame, columns: Sequence[str], what: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise AnalysisInputError(
            f"{what} needs columns {missing}, which the results do not have; read them with "
            "gralgo.results.read_samples(path, reasoning=True, prompts=True)"
        )


def scored_responses(samples: pd.DataFrame) -> pd.DataFrame:
    """Successful samples, scored (``outcome``, ``correct``), with ``text`` = reasoning + answer
    and ``item`` = a stable id ``<request_key>:<sample_index>``."""
    from gralgo.score import score_samples

    require_columns(samples, REQUIRED_COLUMNS, "the analysis")
    ok = samples[samples["error_class"].isna()].reset_index(drop=True)
    scored = score_samples(ok)
    scored["text"] = [
        response_text(a if isinstance(a, str) else None, r if isinstance(r, str) else None)
        for a, r in zip(
            scored["answer_text"].tolist(), scored["reasoning_text"].tolist(), strict=True
        )
    ]
    scored["item"] = [
        f"{k}:{i}"
        for k, i in zip(
            scored["request_key"].tolist(), scored["sample_index"].tolist(), strict=True
        )
    ]
    return scored


def problem_text(row: pd.Series) -> str:
    """The problem as the model saw it (the ``prompt`` column), for the judge."""
    prompt = row.get("prompt")
    if not isinstance(prompt, str) or not prompt:
        raise AnalysisInputError(
            "the judge needs each problem's prompt: read results with prompts=True"
        )
    return prompt
