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


def with_usage(table: pd.DataFrame, scored: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """``table`` plus summed tokens, cost (``None`` = unknown price) and latency per group."""
    import pandas as pd

    from gralgo.report._metrics import usage_metrics

    columns = ("prompt_tokens", "completion_tokens", "cost_usd", "latency_p50_s")
    rows = []
    for key, group in scored.groupby(list(by), sort=True, observed=True):
        usage = usage_metrics(group)
        keys = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(by, keys, strict=True)),
                     **{c: usage.get(c) for c in columns}})  # fmt: skip
    usage_frame = pd.DataFrame(rows, columns=[*by, *columns])
    merged = table.merge(usage_frame, on=list(by), how="left")
    merged["cost_usd"] = [f"${v:,.4f}" if v == v and v is not None else "unknown price"
                          for v in merged["cost_usd"]]  # fmt: skip
    return merged


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
    from gralgo.score import aggregate, instance_metrics

    by_task_level = aggregate(instance_metrics(scored, settings.k), by=["model", "task", "level"],
                              n_resamples=settings.bootstrap_resamples)  # fmt: skip
    tables = [("Overall", with_usage(summary_view(overall, ["model"]), scored, ["model"]))]
    tables += [(f"By {by}", with_usage(summary_view(table, ["model", by]), scored, ["model", by]))
               for by, table in parts.items()]  # fmt: skip
    keys = ["model", "task", "level"]
    tables.append(("By task and level",
                   with_usage(summary_view(by_task_level, keys), scored, keys)))  # fmt: skip
    facts = {
        "output folder": str(out_dir.resolve()),
        "dataset": str(Path(settings.dataset_dir).resolve()),
        "samples (JSONL)": "samples.jsonl",
    }
    return write_transcripts(
        scored, out_dir, dataset_dir=settings.dataset_dir, title=job_title(settings),
        tables=tables, figures=figures, facts=facts,
    )
