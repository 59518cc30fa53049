"""The top of ``report.html``: what a reader wants first, in a page 1,400 px wide.

* :func:`headline_html` — one row per model: pass@k and cons@k written ``0.42 [0.37, 0.47]``
  (95 % bootstrap interval), instances, tokens, cost, and the truncated / no-answer / error
  shares.
* :func:`level_grids_html` — per level, a task grid (tasks ordered easy -> hard): a model's cell
  is its pass@k with the interval, its cons@k and the hard split's pass@k with its n (``hard:
  absent`` without one); every baseline row the paper tables carry (:func:`baseline_rows`,
  read from ``tables/tasks_level<L>.csv``, so rows another part adds appear too; each in the
  metric it names, ``n too small`` below 5 instances) is shown beside the models, with the
  number of instances it was computed on.
* :func:`interval_figure_svg` — pass@k per task with its interval, one line per model: an
  inline SVG, drawn even when the job has a single level.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

FEW_INSTANCES = 10
"""Baselines computed on fewer instances than this are flagged: with one instance any guess
scores 0 or 1."""
_COMPLEXITY_ORDER = {"easy": 0, "medium": 1, "hard": 2}


def _number(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) else number


def interval_text(value: Any, low: Any = None, high: Any = None) -> str:
    """``0.42 [0.37, 0.47]``; ``0.42`` without an interval; ``–`` without a value."""
    point, lo, hi = _number(value), _number(low), _number(high)
    if point is None:
        return "–"
    if lo is None or hi is None:
        return f"{point:.2f}"
    return f"{point:.2f} [{lo:.2f}, {hi:.2f}]"


def _share(value: Any) -> str:
    number = _number(value)
    return "–" if number is None else f"{number:.0%}"


def _cost(value: Any) -> str:
    number = _number(value)
    return "unknown price" if number is None else f"${number:,.4f}"


def _tokens(prompt: Any, completion: Any) -> str:
    p, c = _number(prompt), _number(completion)
    if p is None and c is None:
        return "–"
    return f"{int(p or 0):,} / {int(c or 0):,}"


def _cell(text: str, cls: str = "") -> str:
    attribute = f' class="{cls}"' if cls else ""
    return f"<td{attribute}>{html.escape(text)}</td>"


def headline_html(overall: pd.DataFrame, usage: pd.DataFrame, k: int) -> str:
    """The headline table: one row per model (``overall`` is ``aggregate(inst, by=["model"])``,
    ``usage`` is :func:`gralgo.report._flat_metrics.usage_frame` of the scored samples)."""
    sums = usage.groupby("model", sort=True)[["prompt_tokens", "completion_tokens", "cost_usd"]]
    totals = sums.sum(min_count=1)
    header = ["model", "instances", f"pass@{k} [95% CI]", f"cons@{k} [95% CI]",
              "tokens in / out", "cost", "truncated", "no answer", "error"]  # fmt: skip
    rows = []
    for row in overall.to_dict("records"):
        model = str(row["model"])
        used = totals.loc[model] if model in totals.index else None
        incomplete = int(row.get("n_incomplete") or 0)
        instances = str(int(row.get("n_instances") or 0)) + (
            f" (+{incomplete} incomplete)" if incomplete else ""
        )
        cells = [
            _cell(model, "model"),
            _cell(instances),
            _cell(interval_text(row.get("pass_at_k"), row.get("pass_at_k_lo"),
                                row.get("pass_at_k_hi")), "score"),
            _cell(interval_text(row.get("cons_at_k"), row.get("cons_at_k_lo"),
                                row.get("cons_at_k_hi")), "score"),
            _cell("–" if used is None else _tokens(used["prompt_tokens"],
                                                   used["completion_tokens"])),
            _cell(_cost(None if used is None else used["cost_usd"])),
            _cell(_share(row.get("share_truncated"))),
            _cell(_share(row.get("share_no_answer"))),
            _cell(_share(row.get("share_error"))),
        ]  # fmt: skip
        rows.append("<tr>" + "".join(cells) + "</tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    return (
        '<table id="headline" class="summary"><thead><tr>' + head + "</tr></thead><tbody>"
        + "".join(rows) + "</tbody></table>"
    )  # fmt: skip


def baseline_rows(tables_dir: Path, models: Sequence[str]) -> pd.DataFrame:
    """Every row of ``tables_dir/tasks_level<L>.csv`` that is not a model: columns ``name``,
    ``task``, ``level``, ``value`` (the row's cell of its own metric: c@k for the majority
    guess, else p@k; ``NaN`` for a guessing baseline a cell was too small for). Empty when no
    table was written."""
    import pandas as pd

    from gralgo.report import GUESS_ROW_METRIC, PASS

    rows = []
    for path in sorted(tables_dir.glob("tasks_level*.csv")):
        level = path.stem.removeprefix("tasks_level")
        if not level.isdigit():
            continue
        table = pd.read_csv(path)
        if table.empty or table.columns[0] != "model":
            continue
        for record in table.to_dict("records"):
            name = str(record["model"])
            if name in models:
                continue
            metric = GUESS_ROW_METRIC.get(name, PASS)
            for column, value in record.items():
                parts = str(column).split(" ")
                if len(parts) < 3 or parts[-1] != metric:
                    continue
                if _number(value) is not None or name in GUESS_ROW_METRIC:
                    number = _number(value)
                    rows.append({"name": name, "task": " ".join(parts[1:-1]),
                                 "level": int(level),
                                 "value": math.nan if number is None else number})  # fmt: skip
    return pd.DataFrame(rows, columns=["name", "task", "level", "value"])


def _task_order(frame: pd.DataFrame) -> list[str]:
    tasks = (
        frame[["task", "complexity"]].drop_duplicates("task")
        if "complexity" in frame
        else (frame[["task"]].drop_duplicates().assign(complexity="easy"))
    )
    ranked = sorted(
        ((_COMPLEXITY_ORDER.get(str(c), 3), str(t)) for t, c in
         zip(tasks["task"], tasks["complexity"], strict=True))
    )  # fmt: skip
    return [task for _, task in ranked]


def hard_text(row: Mapping[str, Any]) -> str:
    """A cell's hard split: ``hard 0.12 (n=50)``; ``hard: absent`` without a hard instance."""
    n, value = _number(row.get("hard_n_instances")), _number(row.get("hard_pass_at_k"))
    if not n or value is None:
        return "hard: absent"
    return f"hard {value:.2f} (n={int(n)})"


def level_grids_html(
    by_task_level: pd.DataFrame,
    baselines: pd.DataFrame,
    instance_counts: Mapping[tuple[str, int], int],
    k: int,
    complexity: Mapping[str, str] | None = None,
) -> str:
    """One task grid per level: models, then baselines (each with ``n`` = instances of the
    task at that level). ``by_task_level`` is ``aggregate(inst, by=["model", "task",
    "level"])``; ``complexity`` maps a task to easy / medium / hard (for the column order)."""
    frame = by_task_level.copy()
    frame["complexity"] = [str((complexity or {}).get(str(t), "")) for t in frame["task"]]
    tasks_all = _task_order(frame)
    sections = []
    for level in sorted(int(v) for v in frame["level"].unique()):
        part = frame[frame["level"] == level]
        tasks = [t for t in tasks_all if t in set(map(str, part["task"]))]
        head = "".join(  # long task names may break after an underscore
            f'<th title="{html.escape((complexity or {}).get(t, ""))}">'
            + "_<wbr>".join(html.escape(piece) for piece in t.split("_"))
            + "</th>"
            for t in tasks
        )
        body = []
        for model, rows in part.groupby("model", sort=True):
            cells = {str(r["task"]): r for r in rows.to_dict("records")}
            tds = []
            for task in tasks:
                r = cells.get(task)
                if r is None:
                    tds.append("<td>–</td>")
                    continue
                point = interval_text(r["pass_at_k"])
                full = interval_text(r["pass_at_k"], r["pass_at_k_lo"], r["pass_at_k_hi"])
                span = full[len(point) :].strip()  # "[lo, hi]" on its own line: narrow columns
                cons_text = interval_text(r["cons_at_k"])
                tds.append(
                    f'<td class="score" title="{html.escape(full)}"><b>{html.escape(point)}</b>'
                    f'<br><span class="ci">{html.escape(span)}</span><br><span class="muted">'
                    f"cons {html.escape(cons_text)}</span><br>"
                    f'<span class="hard">{html.escape(hard_text(r))}</span></td>'
                )
            body.append(f'<tr><td class="model">{html.escape(str(model))}</td>{"".join(tds)}</tr>')
        level_baselines = baselines[baselines["level"] == level] if len(baselines) else baselines
        for name, rows in (level_baselines.groupby("name", sort=False) if len(level_baselines)
                           else []):  # fmt: skip
            values = {str(t): v for t, v in zip(rows["task"], rows["value"], strict=True)}
            tds = []
            for task in tasks:
                n = instance_counts.get((task, level))
                value = values.get(task)
                if value is None:
                    tds.append("<td>–</td>")
                    continue
                few = n is not None and n < FEW_INSTANCES
                note = f"n={n}" if n is not None else "n unknown"
                title = (f' title="computed on {n} instance(s): with so few, any baseline is '
                         'close to trivial"' if few else "")  # fmt: skip
                from gralgo.score import baseline_text

                tds.append(
                    f'<td class="baseline{" few" if few else ""}"{title}>'
                    f"{html.escape(baseline_text(value))} "
                    f'<span class="n">({note})</span></td>'
                )
            body.append(
                f'<tr class="baseline"><td class="model">{html.escape(str(name))}</td>'
                f"{''.join(tds)}</tr>"
            )
        sections.append(
            f"<h3>Level {level}: pass@{k} [95% CI], cons@{k}, the hard split's pass@{k} (n); "
            "baselines beside the metric they name (leave-one-out guessing)</h3>\n"
            '<div class="grid-wrap">'
            f'<table class="grid" data-level="{level}"><thead><tr><th>model</th>{head}</tr>'
            f"</thead><tbody>{''.join(body)}</tbody></table></div>"
        )
    return "\n".join(sections)


_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2")


def interval_figure_svg(by_task: pd.DataFrame, k: int, width: int = 760) -> str:
    """pass@k per task (rows) and model (coloured marks) with its 95 % interval as a line, on
    a 0..1 axis; ``by_task`` is ``aggregate(inst, by=["model", "task"])``."""
    frame = by_task.dropna(subset=["pass_at_k"])
    if frame.empty:
        return ""
    models = sorted(map(str, frame["model"].unique()))
    tasks = sorted(map(str, frame["task"].unique()))
    label_w, top, row_h, sub_h = 170, 28, 10 + 12 * len(models), 12
    plot_w = width - label_w - 20
    height = top + row_h * len(tasks) + 10

    def x(value: float) -> float:
        return label_w + max(0.0, min(1.0, value)) * plot_w

    parts = [
        f'<svg id="interval-figure" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" role="img" aria-label="pass@{k} per task with 95% intervals">'
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{x(tick):.1f}" y1="{top - 6}" x2="{x(tick):.1f}" y2="{height - 10}" '
            f'stroke="#ddd"/><text x="{x(tick):.1f}" y="{top - 10}" font-size="11" '
            f'text-anchor="middle">{tick:g}</text>'
        )
    for i, task in enumerate(tasks):
        y0 = top + i * row_h
        parts.append(
            f'<text x="{label_w - 8}" y="{y0 + row_h / 2 + 4:.1f}" font-size="12" '
            f'text-anchor="end">{html.escape(task)}</text>'
        )
        for j, model in enumerate(models):
            row = frame[(frame["task"].astype(str) == task) & (frame["model"].astype(str) == model)]
            if row.empty:
                continue
            r = row.iloc[0]
            y = y0 + 8 + j * sub_h
            colour = _PALETTE[j % len(_PALETTE)]
            lo, hi = _number(r.get("pass_at_k_lo")), _number(r.get("pass_at_k_hi"))
            value = float(r["pass_at_k"])
            label = html.escape(f"{model} · {task}: {interval_text(value, lo, hi)}")
            if lo is not None and hi is not None:
                parts.append(
                    f'<line class="ci" x1="{x(lo):.1f}" y1="{y}" x2="{x(hi):.1f}" y2="{y}" '
                    f'stroke="{colour}" stroke-width="2"/>'
                    f'<line x1="{x(lo):.1f}" y1="{y - 3}" x2="{x(lo):.1f}" y2="{y + 3}" '
                    f'stroke="{colour}"/><line x1="{x(hi):.1f}" y1="{y - 3}" '
                    f'x2="{x(hi):.1f}" y2="{y + 3}" stroke="{colour}"/>'
                )
            parts.append(
                f'<circle cx="{x(value):.1f}" cy="{y}" r="4" fill="{colour}">'
                f"<title>{label}</title></circle>"
            )
    parts.append("</svg>")
    legend = " ".join(
        f'<span class="legend"><span style="color:{_PALETTE[j % len(_PALETTE)]}">●</span> '
        f"{html.escape(m)}</span>"
        for j, m in enumerate(models)
    )
    caption = (
        f"pass@{k} per task (all levels pooled): dot = mean over instances, line = 95% "
        "bootstrap interval (a zero-width line means too few instances to vary)."
    )
    return (
        f'<figure class="intervals">{"".join(parts)}<figcaption>{legend}<br>'
        f"{html.escape(caption)}</figcaption></figure>"
    )
