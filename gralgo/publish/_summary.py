"""Score one job's samples and write its reports: per-sample table, paper tables, plot, metrics."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from gralgo.publish._forked import Pending
    from gralgo.report import ReportSettings
    from gralgo.transcripts import SampleFiles

log = logging.getLogger("gralgo")


@dataclass(frozen=True)
class Completeness:
    """How much of a job's samples exist: a job with missing or errored samples is partial."""

    total: int
    """Samples the job asked for (requests x k)."""
    done: int
    """Samples with a successful response."""
    errors: dict[str, int]
    """Missing or errored samples by error class (``Missing`` = never stored)."""
    stop_reason: str | None = None
    """Why the run stopped early, when it did."""

    @property
    def complete(self) -> bool:
        return self.done == self.total and self.stop_reason is None

    def line(self) -> str:
        """``incomplete: X of Y samples ...`` (or ``complete: ...``)."""
        if self.complete:
            return f"complete: {self.done} of {self.total} samples"
        errors = ", ".join(f"{n} {kind}" for kind, n in sorted(self.errors.items()))
        return f"incomplete: {self.done} of {self.total} samples" + (
            f" ({errors})" if errors else ""
        )

    def cause(self) -> str:
        """One line with the cause and the fix, for the job's ERROR message."""
        fix = "re-run the same command to resume: only missing and errored samples are called again"
        if self.stop_reason:
            return (
                f"run stopped early: {self.stop_reason}; {self.line()}; fix the cause, then {fix}"
            )
        return f"{self.line()}; {fix}"


def completeness(frame: pd.DataFrame, stop_reason: str | None = None) -> Completeness:
    """Completeness of a samples table (``error_class`` set = missing or errored)."""
    errored = frame["error_class"].dropna()
    return Completeness(
        total=len(frame),
        done=len(frame) - len(errored),
        errors={str(k): int(v) for k, v in errored.value_counts().sort_index().items()},
        stop_reason=stop_reason,
    )


def mark_partial(paths: list[Path], status: Completeness) -> None:
    """Put a 'partial results' line at the top of every Markdown table in ``paths``."""
    banner = (
        f"> **Partial results** ({status.line()}): re-run the same command to complete them.\n\n"
    )
    for path in paths:
        if path.suffix == ".md":
            path.write_text(banner + path.read_text(encoding="utf-8"), encoding="utf-8")


def scrub_text_columns(frame: pd.DataFrame, env_names: list[str]) -> pd.DataFrame:
    """A copy of ``frame`` with secret values masked in its text columns (each distinct text
    scrubbed once: most repeat, e.g. task and model names)."""
    from gralgo.tracking import scrub_texts

    out = frame.copy()
    for column in out.columns:
        if out[column].dtype == object:
            values = out[column].tolist()
            distinct = list(dict.fromkeys(v for v in values if isinstance(v, str)))
            scrubbed = dict(zip(distinct, scrub_texts(distinct, env_names), strict=True))
            out[column] = [scrubbed.get(v, v) if isinstance(v, str) else v for v in values]
    return out


SAMPLE_TABLE_COLUMNS = (
    "instance_id", "model", "task", "taxonomy", "complexity", "level", "format", "context",
    "mode", "sample_index", "expected", "extracted", "outcome", "finish_reason", "error_class",
    "prompt_tokens", "completion_tokens", "reasoning_tokens", "cost_usd", "latency_s",
)  # fmt: skip


def long_context_markdown(inst: pd.DataFrame) -> str:
    """Accuracy per task and prompt length (the paper's Figure 3 as a table)."""
    from gralgo.report import markdown_table
    from gralgo.score import PAPER, in_split

    done = inst[~inst["incomplete"].to_numpy(dtype=bool) & in_split(inst, PAPER)]
    means = done.groupby(["task", "context"])[["pass_at_k", "cons_at_k"]]
    table = means.mean().reset_index()
    table["tokens"] = table["context"].str.rstrip("k").astype(int)
    table = table.sort_values(["task", "tokens"])
    rows = [[r.task, r.context, r.pass_at_k, r.cons_at_k] for r in table.itertuples()]
    return markdown_table(["task", "context", "p@k", "c@k"], rows) + "\n"


BREAKDOWN_GROUPS = ("task", "taxonomy", "complexity", "level")


def breakdowns(inst: pd.DataFrame, resamples: int) -> dict[str, pd.DataFrame]:
    """Accuracy with intervals and outcome shares per model and each of the breakdown groups."""
    from gralgo.score import aggregate

    return {by: aggregate(inst, by=["model", by], n_resamples=resamples) for by in BREAKDOWN_GROUPS}


def breakdown_table(parts: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """The breakdowns stacked in one table, with a ``by`` column naming the grouping (its
    values as text, converted once after stacking)."""
    import pandas as pd

    stacked = []
    for by, part in parts.items():
        part = part.rename(columns={by: "group"})  # a new frame: the insert leaves parts alone
        part.insert(1, "by", by)
        stacked.append(part)
    table = pd.concat(stacked, ignore_index=True)
    table["group"] = table["group"].astype(str)
    return table


def with_baselines(by_task_level: pd.DataFrame, guesses: pd.DataFrame) -> pd.DataFrame:
    """``aggregate(inst, by=[model, task, level])`` (which holds the guessing baselines of the
    same instances) plus the best named heuristic and the ``best heuristic`` baseline of each
    (task, level) (the tables' rows); ``guesses`` is ``guess_baselines(inst)``."""
    from gralgo.report import HEURISTIC

    if guesses.empty or not {"task", "level"} <= set(by_task_level.columns):
        return by_task_level
    if not guesses[HEURISTIC].notna().any():
        return by_task_level
    return by_task_level.merge(
        guesses[["task", "level", "heuristic", HEURISTIC]], on=["task", "level"], how="left"
    )


def write_reports(
    frame: pd.DataFrame,
    settings: ReportSettings,
    out_dir: Path,
    status: Completeness | None = None,
    samples_written: Callable[[Sequence[Path]], None] | None = None,
) -> tuple[list[Path], dict[str, float]]:
    """Score ``frame`` (one row per sample) and write every report file under ``out_dir``;
    the files and the metrics. ``samples_written`` is told the sample files (``samples.jsonl``,
    the page's shards) once they are written, before the page (MLflow logs them meanwhile).

    A partial job (``status`` not complete) gets its Markdown tables marked as partial; when no
    instance completed, the tables and the plot are skipped (there is nothing to show).
    """
    from gralgo.publish._forked import forked
    from gralgo.report import priced_samples
    from gralgo.score import score_samples
    from gralgo.transcripts import write_job_samples

    out_dir.mkdir(parents=True, exist_ok=True)
    scored = score_samples(priced_samples(frame, settings.litellm_model, settings.price))
    # samples.jsonl and the page's shards need only the scored samples: a large job writes
    # them in a forked child while it writes the rest below (see gralgo.publish._forked).
    sample_files = forked(lambda: write_job_samples(scored, settings, out_dir), len(scored))
    try:
        return _write_reports(frame, scored, settings, out_dir, status, sample_files,
                              samples_written)  # fmt: skip
    finally:
        sample_files.cancel()


def _write_reports(
    frame: pd.DataFrame,
    scored: pd.DataFrame,
    settings: ReportSettings,
    out_dir: Path,
    status: Completeness | None,
    sample_files: Pending[SampleFiles],
    samples_written: Callable[[Sequence[Path]], None] | None,
) -> tuple[list[Path], dict[str, float]]:
    from gralgo.report import (
        guess_baselines,
        plot_accuracy_by_level,
        with_best_heuristic,
        write_tables,
    )
    from gralgo.score import RESAMPLES_COLUMN, aggregate, instance_metrics
    from gralgo.tracking import redact_config, secret_env_names

    inst = instance_metrics(scored, settings.k)
    inst["mode"] = settings.mode  # compare/sweeps keep direct and tool results apart
    resamples = settings.bootstrap_resamples
    inst[RESAMPLES_COLUMN] = resamples  # a study of instances.csv draws the same intervals
    overall = aggregate(inst, by=["model"], n_resamples=resamples)
    parts = breakdowns(inst, resamples)  # computed once: tables, metrics and summary share it
    nothing_done = bool(inst["incomplete"].all())
    # once: the tables, the plot, the page, the CSVs and the metrics share it
    guesses = guess_baselines(inst) if settings.by_level and not nothing_done else None
    if guesses is not None:  # the best heuristic beside every breakdown and the whole job
        parts = {by: with_best_heuristic(part, guesses, [by]) for by, part in parts.items()}
        overall = with_best_heuristic(overall, guesses.assign(model=overall["model"].iloc[0]),
                                      ["model"])  # fmt: skip
    by_task = parts["task"]
    artifacts: list[Path] = []

    samples_path = out_dir / "samples.csv"
    # Model text (extracted and voted answers): a key the model echoes is masked.
    env_names = secret_env_names(settings.config)
    table = scored[[c for c in SAMPLE_TABLE_COLUMNS if c in scored.columns]]
    scrub_text_columns(table, env_names).to_csv(samples_path, index=False)
    instances_path = out_dir / "instances.csv"
    # Full precision (shortest round-trip text): a comparison of these instances draws the
    # same intervals as the job (6 digits moved 0.625 to 0.62500025: "0.63" against "0.62").
    scrub_text_columns(inst, env_names).to_csv(instances_path, index=False)
    summary_path = out_dir / "summary.csv"
    by_task.to_csv(summary_path, index=False, float_format="%.6g")
    breakdown_path = out_dir / "breakdown.csv"
    breakdown_table(parts).to_csv(breakdown_path, index=False, float_format="%.6g")
    artifacts += [samples_path, instances_path, summary_path, breakdown_path]

    status = status or completeness(frame)
    tables_dir = out_dir / "tables"
    tables: list[Path] = []
    agg = None
    if nothing_done:
        log.warning("no instance has all its samples (%s): no tables, no plot", status.line())
    elif settings.by_level:
        assert guesses is not None
        agg = aggregate(inst, by=["model", "task", "level"], n_resamples=resamples)
        tables += write_tables(inst, agg, tables_dir, guesses=guesses)
        figure = out_dir / "accuracy_by_level.png"
        plot_accuracy_by_level(inst, figure, guesses=guesses, n_resamples=resamples)
        artifacts.append(figure)
    else:
        tables_dir.mkdir(parents=True, exist_ok=True)
        path = tables_dir / "long_context.md"
        path.write_text(long_context_markdown(inst), encoding="utf-8")
        tables.append(path)
        from gralgo.report import plot_long_context

        figure = out_dir / "accuracy_by_context.png"
        plot_long_context(inst, figure, n_resamples=resamples)
        artifacts.append(figure)
    if not status.complete:
        mark_partial(tables, status)
    artifacts += tables

    config_path = out_dir / "config.json"
    config_path.write_text(
        json.dumps(redact_config(settings.config), indent=2, sort_keys=True, default=str),
        encoding="utf-8",
    )
    artifacts.append(config_path)
    from gralgo.report import job_metrics
    from gralgo.transcripts import write_job_transcripts

    figures = [p for p in artifacts if p.suffix == ".png"]
    written = sample_files.result()
    if samples_written is not None:
        samples_written([written.jsonl, *written.shards])
    page_by_task_level = None if agg is None or guesses is None else with_baselines(agg, guesses)
    pages = write_job_transcripts(
        scored,
        overall,
        parts,
        figures,
        settings,
        out_dir,
        page_by_task_level,
        tables_dir if agg is not None else None,
        written,
    )
    artifacts += pages
    cells = None if agg is None or guesses is None else with_best_heuristic(
        agg, guesses, ["task", "level"])  # fmt: skip
    metrics = job_metrics(overall, parts, scored, cells)
    metrics.update(
        samples_total=float(status.total),
        samples_done=float(status.done),
        complete=float(status.complete),
    )
    return artifacts, metrics  # the caller prints the summary (gralgo.publish._terminal)
