"""Write a job's transcripts: ``samples.jsonl`` and the self-contained ``report.html``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.report._html import HtmlReport, prompt_key, write_html_report
from gralgo.report._sample_log import sample_records, write_samples_jsonl

if TYPE_CHECKING:
    import pandas as pd

    from gralgo._settings import AppSettings

SUMMARY_COLUMNS: tuple[str, ...] = (
    "n_instances", "n_incomplete", "pass_at_k", "pass_at_k_lo", "pass_at_k_hi", "cons_at_k",
    "cons_at_k_lo", "cons_at_k_hi", "accuracy", "accuracy_lo", "accuracy_hi", "share_correct",
    "share_wrong", "share_no_answer", "share_truncated", "share_error",
)  # fmt: skip
"""Columns of an ``aggregate`` table shown in the page, after the grouping columns."""


def summary_view(table: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """``table`` (from ``aggregate``) reduced to its grouping and :data:`SUMMARY_COLUMNS`."""
    keep = [c for c in (*by, *SUMMARY_COLUMNS) if c in table.columns]
    return table[keep]


def prompts_of(scored: pd.DataFrame) -> dict[str, str]:
    """``instance|format`` -> prompt text, once per prompt (empty without a ``prompt`` column)."""
    if "prompt" not in scored.columns:
        return {}
    unique = scored.drop_duplicates(["instance_id", "format"])
    return {
        prompt_key(str(i), str(f)): str(p)
        for i, f, p in zip(unique["instance_id"], unique["format"], unique["prompt"], strict=True)
        if isinstance(p, str)
    }


def write_transcripts(
    scored: pd.DataFrame,
    out_dir: Path,
    *,
    dataset_dir: Path | str,
    title: str,
    tables: Sequence[tuple[str, pd.DataFrame]] = (),
    figures: Sequence[Path] = (),
    facts: Mapping[str, str] | None = None,
) -> list[Path]:
    """``out_dir/samples.jsonl`` and ``out_dir/report.html`` from the scored samples frame."""
    records = sample_records(scored)
    jsonl = write_samples_jsonl(records, out_dir / "samples.jsonl", dataset_dir)
    page = write_html_report(
        HtmlReport(title=title, records=records, prompts=prompts_of(scored), tables=tables,
                   figures=figures, facts=dict(facts or {})),
        out_dir / "report.html",
    )  # fmt: skip
    return [jsonl, page]


def job_title(settings: AppSettings) -> str:
    """``model · format · context · k = K``: what a job's page, plots and summary are about."""
    model = str(settings.model.get("name") or settings.model.get("litellm_model", "model"))
    return f"{model} · {settings.format} · {settings.context} · k = {settings.k}"


def write_job_transcripts(
    scored: pd.DataFrame,
    overall: pd.DataFrame,
    parts: Mapping[str, pd.DataFrame],
    figures: Sequence[Path],
    settings: AppSettings,
    out_dir: Path,
) -> list[Path]:
    """The job's ``samples.jsonl`` and ``report.html`` (overall and per-group summaries)."""
    tables = [("Overall", summary_view(overall, ["model"]))]
    tables += [(f"By {by}", summary_view(table, ["model", by])) for by, table in parts.items()]
    facts = {
        "output folder": str(out_dir.resolve()),
        "dataset": str(Path(settings.dataset_dir).resolve()),
        "samples (JSONL)": "samples.jsonl",
    }
    return write_transcripts(
        scored, out_dir, dataset_dir=settings.dataset_dir, title=job_title(settings),
        tables=tables, figures=figures, facts=facts,
    )
