"""Table 4 of the paper: pass@k / cons@k (%) with and without the code tool, side by side.

Rows: task x {Base, Code}; columns: level x model. Built from the per-instance results of a sweep
over ``mode=direct,tool`` (``+experiment=tool_use``).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

ROW_LABELS = {"direct": "Base", "tool": "Code"}


def tool_use_table(inst: pd.DataFrame) -> pd.DataFrame:
    """Mean pass@k and cons@k (%) per task, mode, level and model over complete instances, with
    the sandbox backend the Code rows ran in (``sandbox_backend``, from each job's job.json)."""
    done = inst[~inst["incomplete"].astype(bool) & inst["mode"].isin(tuple(ROW_LABELS))]
    if "sandbox_backend" not in done.columns:
        done = done.assign(sandbox_backend="")
    done = done.assign(
        sandbox_backend=done["sandbox_backend"].fillna("").where(done["mode"] == "tool", "")
    )
    table = done.groupby(["task", "mode", "level", "model", "sandbox_backend"], sort=True)[
        ["pass_at_k", "cons_at_k"]
    ].mean()
    return (table * 100).reset_index()


def tool_use_markdown(table: pd.DataFrame) -> str:
    """Table 4's layout: ``pass / cons`` cells, one column per (level, model)."""
    columns = sorted({(int(r.level), str(r.model)) for r in table.itertuples()})
    cells = {
        (r.task, r.mode, int(r.level), r.model): f"{r.pass_at_k:.1f} / {r.cons_at_k:.1f}"
        for r in table.itertuples()
    }
    header = ["Task", "Metric", *(f"L{level} {model}" for level, model in columns)]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for task in sorted(table["task"].unique()):
        for mode, label in ROW_LABELS.items():
            row = [cells.get((task, mode, level, model), "–") for level, model in columns]
            lines.append("| " + " | ".join([task, label, *row]) + " |")
    title = "### Model performance (pass@k / cons@k (%)) with and without code-based tool usage"
    return f"{title}\n\n" + "\n".join(lines) + "\n\n" + _sandbox_note(table) + "\n"


def _sandbox_note(table: pd.DataFrame) -> str:
    """Which sandbox the Code rows ran model code in, per model, with its guarantees."""
    from gralgo.sandbox import GUARANTEES

    code = table[table["mode"] == "tool"]
    parts = []
    for model in sorted(code["model"].unique()):
        for backend in sorted(set(code.loc[code["model"] == model, "sandbox_backend"])):
            meaning = GUARANTEES.get(backend, "not recorded by this job")
            parts.append(f"- {model}: `{backend or 'unrecorded'}` ({meaning})")
    return "Code rows ran model code in the sandbox:\n" + "\n".join(parts)


def write_tool_use(inst: pd.DataFrame, out_dir: Path) -> list[Path]:
    """``tool_use.md`` / ``tool_use.csv`` when ``inst`` holds both direct and tool results."""
    if "mode" not in inst.columns or not {"direct", "tool"} <= set(inst["mode"]):
        return []
    table = tool_use_table(inst)
    out_dir.mkdir(parents=True, exist_ok=True)
    csv_path, md_path = out_dir / "tool_use.csv", out_dir / "tool_use.md"
    table.to_csv(csv_path, index=False, float_format="%.6g")
    md_path.write_text(tool_use_markdown(table), encoding="utf-8")
    return [csv_path, md_path]
