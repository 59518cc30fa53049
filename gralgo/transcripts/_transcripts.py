"""Write a job's transcripts: ``samples.jsonl``, ``report.html`` and the shards it loads."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gralgo.transcripts._html import (
    HtmlReport,
    page_head,
    prompt_key,
    write_page,
    write_shards,
)
from gralgo.transcripts._sample_log import TextLookup, jsonl_text, record_chunks, record_view
from gralgo.transcripts._shards import SHARD_DIR

if TYPE_CHECKING:
    import pandas as pd

    from gralgo.report import ReportSettings

SUMMARY_COLUMNS: tuple[str, ...] = (
    "n_instances", "n_incomplete", "pass_at_k", "pass_at_k_lo", "pass_at_k_hi", "cons_at_k",
    "cons_at_k_lo", "cons_at_k_hi", "accuracy", "accuracy_lo", "accuracy_hi", "share_correct",
    "share_wrong", "share_no_answer", "share_truncated", "share_error",
    "guess_pass_draws", "guess_pass_top_k", "guess_cons", "hard_n_instances", "hard_pass_at_k",
    "hard_cons_at_k", "hard_accuracy", "heuristic", "best heuristic",
)  # fmt: skip
"""Columns of an ``aggregate`` table shown in the page, after the grouping columns: scores of
the paper split, the guessing baselines of the same instances (``guess_pass_*`` beside pass@k,
``guess_cons`` beside cons@k), the hard split; the last two (heuristic baselines,
``gralgo.report._tables.guess_baselines``) only in the per-task-and-level table, where the
report adds them."""


def summary_view(table: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """``table`` (from ``aggregate``) reduced to its grouping and :data:`SUMMARY_COLUMNS`."""
    keep = [c for c in (*by, *SUMMARY_COLUMNS) if c in table.columns]
    return table[keep]


def with_usage(table: pd.DataFrame, usage: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """``table`` plus summed tokens, cost ("unknown price" when unpriced) and median latency
    per group; ``usage`` comes from :func:`gralgo.report._flat_metrics.usage_frame`."""
    keys = list(by)
    grouped = usage.groupby(keys, sort=True, observed=True)
    sums = grouped[["prompt_tokens", "completion_tokens", "cost_usd"]].sum(min_count=1)
    sums["latency_p50_s"] = grouped["latency_s"].median()
    merged = table.merge(sums.reset_index(), on=keys, how="left")
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


def certificate_text(certificate: object) -> str:
    """A certificate (dict or its JSON text) as lines ``key: value``, lists comma-joined."""
    if isinstance(certificate, str):
        text = certificate
        try:
            certificate = json.loads(text)
        except ValueError:
            return text
    if not isinstance(certificate, Mapping):
        return "" if certificate is None else str(certificate)
    lines = []
    for key, value in certificate.items():
        if isinstance(value, list | tuple):
            if any(issubclass(kind, list | tuple) for kind in set(map(type, value))):
                shown = ", ".join(
                    "(" + ", ".join(map(str, v)) + ")" if isinstance(v, list | tuple) else str(v)
                    for v in value
                )
            else:  # no nested list (most certificates): one C-level join
                shown = ", ".join(map(str, value))
            lines.append(f"{key} ({len(value)}): {shown}")
        else:
            lines.append(f"{key}: {_CERTIFICATE_VALUE.encode(value)}")
    return "\n".join(lines)


_CERTIFICATE_VALUE = json.JSONEncoder(ensure_ascii=False, default=str)
"""What ``json.dumps(value, ensure_ascii=False, default=str)`` encodes with, made once: that
call builds a new encoder each time."""


def certificates_of(scored: pd.DataFrame) -> dict[str, str]:
    """Instance id -> :func:`certificate_text` of its exact answer's certificate, once per
    instance (empty without a ``certificate`` column, or for an empty certificate)."""
    if "certificate" not in scored.columns:
        return {}
    unique = scored.drop_duplicates("instance_id")
    pairs = zip(unique["instance_id"], unique["certificate"], strict=True)
    texts = {str(i): certificate_text(c) for i, c in pairs}
    return {i: t for i, t in texts.items() if t}


@dataclass(frozen=True)
class SampleFiles:
    """What :func:`write_sample_files` wrote: ``samples.jsonl`` and the page's shards."""

    jsonl: Path
    shards: list[Path]
    samples: int
    """Samples in the shards (the page's count)."""


def write_sample_files(
    scored: pd.DataFrame,
    out_dir: Path,
    *,
    dataset_dir: Path | str,
    texts: TextLookup | None = None,
) -> SampleFiles:
    """``out_dir/samples.jsonl`` and the page's sample shards (``out_dir/report_data/``) from
    the scored samples frame, in one pass a chunk of samples at a time; the answer and reasoning
    texts the frame lacks are read per chunk from ``texts`` (see :func:`record_chunks`). The
    page itself (:func:`write_transcripts`) needs only their count."""
    frame = record_view(scored)
    report = HtmlReport(title="", prompts=prompts_of(scored), certificates=certificates_of(scored))
    jsonl_path = out_dir / "samples.jsonl"
    out_dir.mkdir(parents=True, exist_ok=True)
    with jsonl_path.open("w", encoding="utf-8") as jsonl:

        def chunks() -> Iterator[pd.DataFrame]:
            for chunk in record_chunks(frame, texts):  # read and written in one pass
                jsonl.write(jsonl_text(chunk, dataset_dir))
                yield chunk

        shards, samples = write_shards(report, out_dir / SHARD_DIR, chunks())
    return SampleFiles(jsonl_path, shards, samples)


def write_transcripts(
    scored: pd.DataFrame,
    out_dir: Path,
    *,
    dataset_dir: Path | str,
    title: str,
    tables: Sequence[tuple[str, pd.DataFrame]] = (),
    figures: Sequence[Path] = (),
    facts: Mapping[str, str] | None = None,
    texts: TextLookup | None = None,
    summary_html: str = "",
    sample_files: SampleFiles | None = None,
) -> list[Path]:
    """``out_dir/samples.jsonl``, ``out_dir/report.html`` and the page's sample shards
    (``out_dir/report_data/``) from the scored samples frame; their paths (those two first,
    then the shards). ``sample_files``: the first and the shards, already written
    (:func:`write_sample_files`, e.g. while the job drew its figure)."""
    if sample_files is None:
        sample_files = write_sample_files(scored, out_dir, dataset_dir=dataset_dir, texts=texts)
    report = HtmlReport(title=title, prompts={}, tables=tables, figures=figures,
                        facts=dict(facts or {}), summary_html=summary_html)  # fmt: skip
    page_path = out_dir / "report.html"
    shards = sample_files.shards
    write_page(report, page_path, len(shards) // 2, sample_files.samples, page_head(report))
    return [sample_files.jsonl, page_path, *shards]


def batch_samples(scored: pd.DataFrame, config: Mapping[str, Any]) -> int:
    """How many samples a provider batch answered: the ``batch_ref`` column where the frame has
    it, else every sample when ``run.batch`` is on."""
    if "batch_ref" in scored.columns:
        return int(scored["batch_ref"].notna().sum())
    return len(scored) if ((config.get("run") or {}).get("batch") or {}).get("enabled") else 0


def write_job_transcripts(
    scored: pd.DataFrame,
    overall: pd.DataFrame,
    parts: Mapping[str, pd.DataFrame],
    figures: Sequence[Path],
    settings: ReportSettings,
    out_dir: Path,
    by_task_level: pd.DataFrame | None = None,
    tables_dir: Path | None = None,
    sample_files: SampleFiles | None = None,
) -> list[Path]:
    """The job's ``samples.jsonl`` and ``report.html`` (headline, task grids, per-group
    summaries) and the page's shards (``sample_files`` when written already, else now:
    :func:`write_job_samples`).

    ``by_task_level`` is ``aggregate(inst, by=["model", "task", "level"])`` when the caller has
    it already (computed here otherwise); the baseline rows beside the models come from the
    paper tables under ``tables_dir``."""
    from gralgo.report import usage_frame
    from gralgo.score import aggregate, instance_metrics

    if by_task_level is None:
        by_task_level = aggregate(instance_metrics(scored, settings.k),
                                  by=["model", "task", "level"],
                                  n_resamples=settings.bootstrap_resamples)  # fmt: skip
    usage = usage_frame(scored)
    tables = [("Overall", with_usage(summary_view(overall, ["model"]), usage, ["model"]))]
    tables += [(f"By {by}", with_usage(summary_view(table, ["model", by]), usage, ["model", by]))
               for by, table in parts.items()]  # fmt: skip
    keys = ["model", "task", "level"]
    tables.append(("By task and level",
                   with_usage(summary_view(by_task_level, keys), usage, keys)))  # fmt: skip
    summary = job_summary_html(scored, overall, parts.get("task"), by_task_level, usage,
                               settings.k, tables_dir)  # fmt: skip
    facts = {
        "output folder": str(out_dir.resolve()),
        "dataset": str(Path(settings.dataset_dir).resolve()),
        "samples (JSONL)": "samples.jsonl",
    }
    batch, total = batch_samples(scored, settings.config), len(scored)
    if batch and batch == total:
        summary = "<p><b>Costs are batch prices</b> (run.batch=on).</p>\n" + summary
        facts["costs"] = "batch prices (the provider's batch API, run.batch=on)"
    elif batch:
        summary = (f"<p><b>Costs mix batch and live prices</b>: {batch:,} of {total:,} samples "
                   "at batch prices (marked “(batch)”), the rest at live prices.</p>\n"
                   + summary)  # fmt: skip
        facts["costs"] = f"batch prices for {batch:,} of {total:,} samples, live for the rest"
    if sample_files is None:
        sample_files = write_job_samples(scored, settings, out_dir)
    return write_transcripts(scored, out_dir, dataset_dir=settings.dataset_dir,
                             title=settings.title, tables=tables, figures=figures,
                             facts=facts, summary_html=summary,
                             sample_files=sample_files)  # fmt: skip


def write_job_samples(scored: pd.DataFrame, settings: ReportSettings, out_dir: Path) -> SampleFiles:
    """The job's ``samples.jsonl`` and the page's shards (:func:`write_sample_files`); texts
    ``scored`` lacks (the evaluation reads no reasoning) come from the job's ledger."""
    from gralgo.results import JOB_FILE, JobTexts

    if (out_dir / JOB_FILE).is_file() and not {"answer_text", "reasoning_text"} <= set(scored):
        with JobTexts(out_dir) as stored:  # texts the frame left out, read a chunk at a time
            return write_sample_files(scored, out_dir, dataset_dir=settings.dataset_dir,
                                      texts=stored.texts)  # fmt: skip
    return write_sample_files(scored, out_dir, dataset_dir=settings.dataset_dir)


def job_summary_html(
    scored: pd.DataFrame,
    overall: pd.DataFrame,
    by_task: pd.DataFrame | None,
    by_task_level: pd.DataFrame,
    usage: pd.DataFrame,
    k: int,
    tables_dir: Path | None,
) -> str:
    """The top of the page: headline per model, task grid per level with the baselines the
    tables carry, and the interval figure (see :mod:`gralgo.transcripts._summary_html`)."""
    import pandas as pd

    from gralgo.transcripts._summary_html import (
        baseline_rows,
        headline_html,
        interval_figure_svg,
        level_grids_html,
    )

    models = sorted(map(str, overall["model"].unique()))
    baselines = (baseline_rows(tables_dir, models) if tables_dir is not None
                 else pd.DataFrame(columns=["name", "task", "level", "value"]))  # fmt: skip
    distinct = scored.drop_duplicates(["task", "level", "instance_id"])
    counts = {(str(t), int(lv)): int(n) for (t, lv), n in
              distinct.groupby(["task", "level"]).size().items()}  # fmt: skip
    tasks = scored.drop_duplicates("task")
    complexity = (
        {str(t): str(c) for t, c in zip(tasks["task"], tasks["complexity"], strict=True)}
        if "complexity" in scored.columns else {}
    )  # fmt: skip
    parts = [headline_html(overall, usage, k)]
    if "level" in by_task_level.columns and by_task_level["pass_at_k"].notna().any():
        parts.append(level_grids_html(by_task_level, baselines, counts, k, complexity))
    if by_task is not None:
        parts.append(interval_figure_svg(by_task, k))
    return "\n".join(p for p in parts if p)
