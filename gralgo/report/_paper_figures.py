"""The paper's other figures: Figure 3 (pass@k vs context length) and Figures 11-18.

Figures 11-18 put models side by side per reasoning taxonomy across levels: the accuracy
(pass@k or cons@k, Figures 15-18) and the normalised score (z-score per task and level over the
models, rescaled to 0-100, Appendix H.2, Figures 11-14). Both are drawn for any set of jobs with
more than one model (sweeps, ``command=compare``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from gralgo.report._plots import agg_figure, default_title, k_label, taxonomy_points
from gralgo.report._tables import TAXONOMIES, ordered_models
from gralgo.score import ScoringInputError, normalized_scores

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_MODEL_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")


def _save(figure: Figure, path: str | Path) -> Path:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    figure.tight_layout()
    figure.set_layout_engine(None)  # laid out: savefig then skips a second, unused layout
    figure.savefig(target, dpi=120, format="png")
    return target


def context_tokens(context: str) -> int:
    """``"8k"`` -> 8000 (approximate prompt length of a long-context variant)."""
    text = str(context).lower().strip()
    if not text.endswith("k") or not text[:-1].isdigit():
        raise ScoringInputError(f"not a long-context variant: {context!r} (expected e.g. 8k)")
    return int(text[:-1]) * 1000


def plot_long_context(inst: pd.DataFrame, path: str | Path, *, n_resamples: int = 1000) -> Path:
    """Figure 3: pass@k against prompt length, one panel per task, one line per model; each
    point with the score stage's interval of its (model, task, context) (``aggregate``)."""
    from gralgo.score import aggregate

    cells = aggregate(inst, by=["model", "task", "context"], n_resamples=n_resamples)
    cells = cells[cells["n_instances"] > 0].copy()
    if cells.empty:
        raise ScoringInputError("nothing to plot: no complete long-context instance")
    cells["tokens"] = cells["context"].map(context_tokens)
    cells = cells.sort_values(["task", "model", "tokens"], kind="stable")
    tasks = sorted(cells["task"].unique())
    models = ordered_models(cells, None)
    figure = agg_figure(figsize=(4.2 * len(tasks), 3.8))
    axes = figure.subplots(1, len(tasks), sharey=True, squeeze=False)
    for axis, task in zip(axes[0], tasks, strict=True):
        for m_index, model in enumerate(models):
            rows = cells[(cells["task"] == task) & (cells["model"] == model)]
            if rows.empty:
                continue
            y = rows["pass_at_k"].to_numpy(dtype=float)
            low, high = rows["pass_at_k_lo"].to_numpy(), rows["pass_at_k_hi"].to_numpy()
            axis.errorbar(rows["tokens"].to_numpy(), y, yerr=np.vstack([y - low, high - y]).clip(0),
                          label=model, marker=_MODEL_MARKERS[m_index % len(_MODEL_MARKERS)],
                          capsize=3)  # fmt: skip
        axis.set_xscale("log", base=2)
        ticks = sorted(cells["tokens"].unique())
        axis.set_xticks(ticks, [f"{t // 1000}k" for t in ticks])
        axis.set_title(task)
        axis.set_xlabel("prompt length (tokens)")
        axis.set_ylim(-0.04, 1.04)
        axis.grid(alpha=0.3)
    axes[0][0].set_ylabel(k_label(inst, "pass_at_k"))
    axes[0][-1].legend(fontsize="small")
    figure.suptitle(f"pass@k vs context length · {default_title(inst)}")
    return _save(figure, path)


def taxonomy_scores(inst: pd.DataFrame, metric: str) -> pd.DataFrame:
    """Per (model, taxonomy, level): mean over tasks of the normalised score of ``metric``."""
    done = inst[~inst["incomplete"].astype(bool)]
    means = done.groupby(["model", "taxonomy", "task", "level"], sort=True)[metric].mean()
    scored = normalized_scores(means.reset_index(), metric, task_col=["task", "level"])
    table = scored.groupby(["model", "taxonomy", "level"], sort=True)[f"{metric}_score"].mean()
    return table.reset_index().rename(columns={f"{metric}_score": "value"})


def plot_taxonomy_comparison(
    inst: pd.DataFrame, path: str | Path, metric: str = "pass_at_k", *, n_resamples: int = 1000
) -> Path:
    """Figures 11-18 for ``metric``: per taxonomy, accuracy (top) and normalised score (bottom)
    against level, one line per model. ``inst`` must hold one (format, context); the accuracy
    panels show its ``paper`` split with the score stage's intervals, as the tables."""
    accuracy = taxonomy_points(inst, metric, n_resamples=n_resamples)
    if accuracy.empty:
        raise ScoringInputError("nothing to plot: the instances table has no complete instance")
    scores = taxonomy_scores(inst, metric)
    models = ordered_models(accuracy, None)
    figure = agg_figure(figsize=(13, 7))
    axes = figure.subplots(2, len(TAXONOMIES), sharex=True, squeeze=False)
    label = k_label(inst, metric)
    for column, taxonomy in enumerate(TAXONOMIES):
        top, bottom = axes[0][column], axes[1][column]
        for m_index, model in enumerate(models):
            marker = _MODEL_MARKERS[m_index % len(_MODEL_MARKERS)]
            nudge = (m_index - (len(models) - 1) / 2) * 0.06
            line = accuracy[(accuracy["model"] == model) & (accuracy["taxonomy"] == taxonomy)]
            if not line.empty:
                y = line["value"].to_numpy()
                err = np.vstack([y - line["lo"].to_numpy(), line["hi"].to_numpy() - y])
                top.errorbar(line["level"].to_numpy(float) + nudge, y, yerr=err.clip(0),
                             label=model, marker=marker, capsize=3)  # fmt: skip
            part = scores[(scores["model"] == model) & (scores["taxonomy"] == taxonomy)]
            if not part.empty:
                bottom.plot(part["level"].to_numpy(float) + nudge, part["value"],
                            marker=marker, label=model)  # fmt: skip
        top.set_title(taxonomy.capitalize())
        top.set_ylim(-0.04, 1.04)
        bottom.set_ylim(-4, 104)
        bottom.set_xlabel("level")
        for axis in (top, bottom):
            axis.grid(alpha=0.3)
    axes[0][0].set_ylabel(f"{label} accuracy")
    axes[1][0].set_ylabel(f"normalised {label} score (0-100)")
    axes[0][-1].legend(fontsize="small")
    figure.suptitle(f"{label} by reasoning taxonomy · {default_title(inst)}")
    return _save(figure, path)
