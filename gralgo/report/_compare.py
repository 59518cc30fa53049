"""Compare models across jobs: the paper's tables with one row per model, and z-scores.

Each evaluation job writes ``instances.csv`` (per-instance pass@k / cons@k). This module
collects them from job or sweep folders and writes the combined tables, one set per
(format, context) setting, plus the normalised scores of Appendix H.2.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.errors import GralgoError
from gralgo.report._study import comparison_warnings, write_study_page

log = logging.getLogger("gralgo")

if TYPE_CHECKING:
    import pandas as pd

INSTANCE_TABLE = "instances.csv"


class NoResultsError(GralgoError):
    """No ``instances.csv`` under the folders given for a comparison."""


def find_instance_tables(inputs: Iterable[Path]) -> list[Path]:
    """Every ``instances.csv`` in the given files or folders (searched recursively), sorted."""
    found: set[Path] = set()
    for item in map(Path, inputs):
        if item.is_file():
            found.add(item)
        elif item.is_dir():
            found.update(item.rglob(INSTANCE_TABLE))
        else:
            raise NoResultsError(f"{item} does not exist")
    if not found:
        raise NoResultsError(f"no {INSTANCE_TABLE} under {[str(p) for p in inputs]}")
    return sorted(found)


def skipped_jobs(inputs: Iterable[Path]) -> list[str]:
    """The job folders under ``inputs`` a comparison leaves out (wholly or in part), each with
    why: a failed job, batches still pending, a job stopped before its reports, a partial job
    whose incomplete instances are not compared."""
    from gralgo.results import JOB_FILE, ResultsError, read_job

    notes = []
    for item in map(Path, inputs):
        jobs = [item] if (item / JOB_FILE).is_file() else sorted(
            p.parent for p in item.rglob(JOB_FILE)) if item.is_dir() else []  # fmt: skip
        for folder in jobs:
            failed, pending = folder / "FAILED.json", folder / "BATCH_PENDING.json"
            try:
                record = read_job(folder)
            except ResultsError as err:
                notes.append(f"{folder}: left out, its job.json cannot be read ({err})")
                continue
            if failed.is_file():
                notes.append(f"{folder}: left out, the job failed ({failed.read_text('utf-8')})")
            elif pending.is_file():
                notes.append(f"{folder}: left out, its batches are still pending (re-run it)")
            elif not (folder / INSTANCE_TABLE).is_file():
                notes.append(f"{folder}: left out, no results (stopped before its reports)")
            elif record.results is None:
                notes.append(f"{folder}: partial ({record.model}): only its complete "
                             "instances are compared; re-run it to finish")  # fmt: skip
    return notes


def job_sandbox_backend(instance_table: Path) -> str:
    """The sandbox backend a tool-mode job ran model code in, from the ``job.json`` of the job
    folder holding ``instance_table`` ("" for other modes, "unrecorded" for older tool jobs)."""
    import json

    for folder in list(instance_table.parents)[:3]:
        job = folder / "job.json"
        if job.is_file():
            try:
                data = json.loads(job.read_text("utf-8"))
            except (OSError, ValueError):
                break
            if data.get("mode") != "tool":
                return ""
            return str((data.get("sandbox") or {}).get("sandbox_backend", "unrecorded"))
    return ""


def collect_instances(inputs: Iterable[Path]) -> pd.DataFrame:
    """Per-instance results of all jobs; a later job's row replaces an earlier one. Column
    ``job_dir`` names the folder each row came from (the study page links its samples)."""
    import pandas as pd

    inputs = list(inputs)
    frames = [
        pd.read_csv(path).assign(
            sandbox_backend=job_sandbox_backend(path), job_dir=str(path.parent.resolve())
        )
        for path in find_instance_tables(inputs)
    ]
    table = pd.concat(frames, ignore_index=True)
    table["incomplete"] = table["incomplete"].astype(bool)
    if "mode" not in table.columns:  # jobs from before answer modes
        table["mode"] = "direct"
    table["mode"] = table["mode"].fillna("direct")
    keys = ["model", "format", "context", "mode", "instance_id"]
    table = table.drop_duplicates(keys, keep="last").reset_index(drop=True)
    if table["incomplete"].all():
        raise NoResultsError(
            f"nothing to compare under {[str(p) for p in inputs]}: no job has a complete "
            "instance (re-run the jobs to finish them)"
        )
    return table


def z_score_table(inst: pd.DataFrame) -> pd.DataFrame:
    """Normalised pass@k and cons@k scores (0-100) per model and task, eq. 5-6 of the paper."""
    from gralgo.score import normalized_scores

    done = inst[~inst["incomplete"]]
    means = done.groupby(["model", "task"], sort=True)[["pass_at_k", "cons_at_k"]].mean()
    table = normalized_scores(means.reset_index(), "pass_at_k")
    return normalized_scores(table, "cons_at_k")


def write_comparison(inst: pd.DataFrame, out_dir: Path) -> list[Path]:
    """Combined tables under ``out_dir/<format>-<context>/``, ``out_dir/z_scores.{md,csv}``
    and the study page ``out_dir/study.html`` (leaderboard, paired comparisons)."""
    from gralgo.report._tables import markdown_table, write_tables
    from gralgo.report._tool_use import write_tool_use
    from gralgo.score import aggregate

    out_dir.mkdir(parents=True, exist_ok=True)
    for warning in comparison_warnings(inst):
        log.warning("compare: %s", warning)
    written: list[Path] = []
    if "mode" not in inst.columns:
        inst = inst.assign(mode="direct")
    for (fmt, context, mode), group in inst.groupby(["format", "context", "mode"], sort=True):
        agg = aggregate(group, by=["model", "task", "level"])
        suffix = "" if mode == "direct" else f"-{mode}"
        written += write_tables(group, agg, out_dir / f"{fmt}-{context}{suffix}")
    written += write_tool_use(inst, out_dir)
    direct = inst[inst["mode"] == "direct"]
    base = direct if not direct.empty else inst
    written += write_comparison_figures(base, out_dir)
    if base.loc[base["context"] == STANDARD, "format"].nunique() > 1:
        path = out_dir / "formats.md"
        path.write_text(formats_markdown(base[base["context"] == STANDARD]), encoding="utf-8")
        written.append(path)
    scores = z_score_table(base)
    csv_path = out_dir / "z_scores.csv"
    scores.to_csv(csv_path, index=False, float_format="%.6g")
    rows = [
        [r.model, r.task, r.pass_at_k, r.pass_at_k_score, r.cons_at_k, r.cons_at_k_score]
        for r in scores.itertuples()
    ]
    md_path = out_dir / "z_scores.md"
    md_path.write_text(
        "### Normalised scores (z-score per task over models, rescaled to 0-100)\n\n"
        + markdown_table(["model", "task", "p@k", "p@k score", "c@k", "c@k score"], rows)
        + "\n",
        encoding="utf-8",
    )
    return [*written, csv_path, md_path, write_study_page(inst, out_dir)]


STANDARD = "standard"


def write_comparison_figures(inst: pd.DataFrame, out_dir: Path) -> list[Path]:
    """Figures 11-18 per format (several models), Figure 3 per format (long context)."""
    from gralgo.report._paper_figures import plot_long_context, plot_taxonomy_comparison

    written: list[Path] = []
    for fmt, group in inst.groupby("format", sort=True):
        standard = group[group["context"] == STANDARD]
        if standard["model"].nunique() > 1 and (~standard["incomplete"].astype(bool)).any():
            for metric in ("pass_at_k", "cons_at_k"):
                written.append(
                    plot_taxonomy_comparison(
                        standard, out_dir / f"{fmt}-{STANDARD}" / f"taxonomy_{metric}.png", metric
                    )
                )
        long = group[group["context"] != STANDARD]
        if (~long["incomplete"].astype(bool)).any():
            written.append(plot_long_context(long, out_dir / f"{fmt}-long_context.png"))
    return written


def formats_markdown(inst: pd.DataFrame) -> str:
    """Table 6: pass@k / cons@k (%) per level and task (rows) and format (columns), per model."""
    from gralgo.report._tables import LEVEL_NODE_RANGES, markdown_table

    done = inst[~inst["incomplete"].astype(bool)]
    means = done.groupby(["model", "level", "task", "format"], sort=True)[
        ["pass_at_k", "cons_at_k"]].mean()  # fmt: skip
    formats = sorted(map(str, done["format"].unique()))
    parts = []
    for model in sorted(map(str, done["model"].unique())):
        rows = []
        for level, task in sorted({(lv, t) for m, lv, t, _ in means.index if m == model}):
            cells = []
            for fmt in formats:
                key = (model, level, task, fmt)
                if key in means.index:
                    p, c = means.loc[key]
                    cells.append(f"{100 * p:.1f} / {100 * c:.1f}")
                else:
                    cells.append("–")
            span = LEVEL_NODE_RANGES.get(int(level), "?")
            rows.append([f"Level-{level} ({span} nodes)", task, *cells])
        parts.append(f"### {model}: pass@k / cons@k (%) by graph format (Table 6)\n\n"
                     + markdown_table(["Level", "Task", *formats], rows))  # fmt: skip
    return "\n\n".join(parts) + "\n"
