"""Score one job's samples and write its reports: per-sample table, paper tables, plot, metrics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from gralgo._settings import AppSettings

SAMPLE_TABLE_COLUMNS = (
    "instance_id", "model", "task", "taxonomy", "complexity", "level", "format", "context",
    "sample_index", "expected", "extracted", "outcome", "finish_reason", "error_class",
    "prompt_tokens", "completion_tokens", "reasoning_tokens", "cost_usd", "latency_s",
)  # fmt: skip


def long_context_markdown(inst: pd.DataFrame) -> str:
    """Accuracy per task and prompt length (the paper's Figure 3 as a table)."""
    from gralgo.report._tables import markdown_table

    means = inst[~inst["incomplete"]].groupby(["task", "context"])[["pass_at_k", "cons_at_k"]]
    table = means.mean().reset_index()
    table["tokens"] = table["context"].str.rstrip("k").astype(int)
    table = table.sort_values(["task", "tokens"])
    rows = [[r.task, r.context, r.pass_at_k, r.cons_at_k] for r in table.itertuples()]
    return markdown_table(["task", "context", "p@k", "c@k"], rows) + "\n"


BREAKDOWN_GROUPS = ("task", "taxonomy", "complexity", "level")


def breakdowns(inst: pd.DataFrame, resamples: int) -> dict[str, pd.DataFrame]:
    """Accuracy with intervals and outcome shares per model and each of the breakdown groups."""
    from gralgo.score import aggregate

    return {by: aggregate(inst, by=["model", by], n_resamples=resamples)
            for by in BREAKDOWN_GROUPS}


def breakdown_table(parts: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """The breakdowns stacked in one table, with a ``by`` column naming the grouping."""
    import pandas as pd

    stacked = []
    for by, part in parts.items():
        part = part.copy()
        part.insert(1, "by", by)
        stacked.append(part.rename(columns={by: "group"}).astype({"group": str}))
    return pd.concat(stacked, ignore_index=True)


def write_reports(frame: pd.DataFrame, settings: AppSettings,
                  out_dir: Path) -> tuple[list[Path], dict[str, float]]:
    """Score ``frame`` (one row per sample) and write every report file under ``out_dir``."""
    from gralgo.report._plots import plot_accuracy_by_level
    from gralgo.report._secrets import redact_config
    from gralgo.report._tables import write_tables
    from gralgo.score import aggregate, instance_metrics, score_samples

    out_dir.mkdir(parents=True, exist_ok=True)
    scored = score_samples(frame)
    inst = instance_metrics(scored, settings.k)
    resamples = settings.bootstrap_resamples
    overall = aggregate(inst, by=["model"], n_resamples=resamples)
    parts = breakdowns(inst, resamples)  # computed once: tables, metrics and summary share it
    by_task = parts["task"]
    artifacts: list[Path] = []

    samples_path = out_dir / "samples.csv"
    scored[[c for c in SAMPLE_TABLE_COLUMNS if c in scored.columns]].to_csv(
        samples_path, index=False
    )
    instances_path = out_dir / "instances.csv"
    inst.to_csv(instances_path, index=False, float_format="%.6g")
    summary_path = out_dir / "summary.csv"
    by_task.to_csv(summary_path, index=False, float_format="%.6g")
    breakdown_path = out_dir / "breakdown.csv"
    breakdown_table(parts).to_csv(breakdown_path, index=False, float_format="%.6g")
    artifacts += [samples_path, instances_path, summary_path, breakdown_path]

    tables_dir = out_dir / "tables"
    agg = None
    if settings.dataset.long_context is None:
        agg = aggregate(inst, by=["model", "task", "level"], n_resamples=resamples)
        artifacts += write_tables(inst, agg, tables_dir)
        artifacts.append(plot_accuracy_by_level(inst, out_dir / "accuracy_by_level.png"))
    else:
        tables_dir.mkdir(parents=True, exist_ok=True)
        path = tables_dir / "long_context.md"
        path.write_text(long_context_markdown(inst), encoding="utf-8")
        artifacts.append(path)
        from gralgo.report._paper_figures import plot_long_context

        artifacts.append(plot_long_context(inst, out_dir / "accuracy_by_context.png"))

    config_path = out_dir / "config.json"
    config_path.write_text(
        json.dumps(redact_config(settings.config), indent=2, sort_keys=True, default=str),
        encoding="utf-8",
    )
    artifacts.append(config_path)
    from gralgo.report._metrics import job_metrics
    from gralgo.report._transcripts import write_job_transcripts

    figures = [p for p in artifacts if p.suffix == ".png"]
    artifacts += write_job_transcripts(scored, overall, parts, figures, settings, out_dir, agg)
    metrics = job_metrics(overall, parts, scored)
    return artifacts, metrics  # the caller prints the summary (gralgo.report._terminal)
