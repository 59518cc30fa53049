"""Compare models across jobs: the paper's tables with one row per model, and z-scores.

Each evaluation job writes ``instances.csv`` (per-instance pass@k / cons@k). This module
collects them from job or sweep folders and writes the combined tables, one set per
(format, context) setting, plus the normalised scores of Appendix H.2.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.errors import GralgoError

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


def collect_instances(inputs: Iterable[Path]) -> pd.DataFrame:
    """Per-instance results of all jobs; a later job's row replaces an earlier one."""
    import pandas as pd

    frames = [pd.read_csv(path) for path in find_instance_tables(inputs)]
    table = pd.concat(frames, ignore_index=True)
    table["incomplete"] = table["incomplete"].astype(bool)
    if "mode" not in table.columns:  # jobs from before answer modes
        table["mode"] = "direct"
    table["mode"] = table["mode"].fillna("direct")
    keys = ["model", "format", "context", "mode", "instance_id"]
    return table.drop_duplicates(keys, keep="last").reset_index(drop=True)


def z_score_table(inst: pd.DataFrame) -> pd.DataFrame:
    """Normalised pass@k and cons@k scores (0-100) per model and task, eq. 5-6 of the paper."""
    from gralgo.score import normalized_scores

    done = inst[~inst["incomplete"]]
    means = done.groupby(["model", "task"], sort=True)[["pass_at_k", "cons_at_k"]].mean()
    table = normalized_scores(means.reset_index(), "pass_at_k")
    return normalized_scores(table, "cons_at_k")


def write_comparison(inst: pd.DataFrame, out_dir: Path) -> list[Path]:
    """Combined tables under ``out_dir/<format>-<context>/`` and ``out_dir/z_scores.{md,csv}``."""
    from gralgo.report._tables import markdown_table, write_tables
    from gralgo.report._tool_use import write_tool_use
    from gralgo.score import aggregate

    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    if "mode" not in inst.columns:
        inst = inst.assign(mode="direct")
    for (fmt, context, mode), group in inst.groupby(["format", "context", "mode"], sort=True):
        agg = aggregate(group, by=["model", "task", "level"])
        suffix = "" if mode == "direct" else f"-{mode}"
        written += write_tables(group, agg, out_dir / f"{fmt}-{context}{suffix}")
    written += write_tool_use(inst, out_dir)
    direct = inst[inst["mode"] == "direct"]
    scores = z_score_table(direct if not direct.empty else inst)
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
    return [*written, csv_path, md_path]
