"""Plot accuracy per level: pass@k and cons@k, one line per taxonomy (and per model).

Each point is the mean of the taxonomy's task means (as in Tables 3/5) with a stratified
bootstrap 95 % interval (instances resampled within each task), computed by the score stage
(``gralgo.score.aggregate``), as every other interval. Series are nudged sideways so
that equal values (e.g. three taxonomies at 0) stay visible, and each taxonomy has its own colour
and marker. matplotlib is imported inside the functions, through its object-oriented API (a
``Figure`` on an Agg canvas, never ``pyplot``), so importing this module costs nothing and
plotting works without a display.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gralgo.report._tables import TAXONOMIES, ordered_models
from gralgo.score import ScoringInputError

TAXONOMY_MARKERS = {"enumeration": "o", "exploration": "s", "intuition": "^"}
_LINESTYLES = ("-", "--", ":", "-.")
METRIC_LABELS = {"pass_at_k": "pass@{k}", "cons_at_k": "cons@{k}"}


def taxonomy_intervals(
    inst: pd.DataFrame, by: str = "level", n_resamples: int = 1000
) -> pd.DataFrame:
    """``aggregate`` per (model, taxonomy, ``by``) stratified by task: each metric the mean of
    the taxonomy's task means with the score stage's interval (a taxonomy of one task shows
    that task's interval, as every table does), over the ``paper`` split's complete instances;
    groups without one left out."""
    from gralgo.score import aggregate

    agg = aggregate(inst, by=["model", "taxonomy", by], n_resamples=n_resamples, strata="task")
    return agg[agg["n_instances"] > 0].reset_index(drop=True)


def metric_points(intervals: pd.DataFrame, metric: str, by: str = "level") -> pd.DataFrame:
    """``model``, ``taxonomy``, ``by``, ``value``, ``lo``, ``hi`` of ``metric`` from
    :func:`taxonomy_intervals`."""
    columns = {metric: "value", f"{metric}_lo": "lo", f"{metric}_hi": "hi"}
    return intervals[["model", "taxonomy", by, *columns]].rename(columns=columns)


def taxonomy_points(
    inst: pd.DataFrame, metric: str, by: str = "level", n_resamples: int = 1000
) -> pd.DataFrame:
    """Per (model, taxonomy, ``by``): mean of task means of ``metric`` with ``lo`` / ``hi``
    (:func:`taxonomy_intervals`)."""
    return metric_points(taxonomy_intervals(inst, by, n_resamples), metric, by)


def default_title(inst: pd.DataFrame) -> str:
    """``model(s) · format · context · k = K`` from the instances table."""
    parts = [", ".join(sorted(map(str, inst["model"].unique())))]
    for column in ("format", "context"):
        if column in inst.columns:
            parts.append(", ".join(sorted(map(str, inst[column].unique()))))
    if "k" in inst.columns and inst["k"].nunique() == 1:
        parts.append(f"k = {int(inst['k'].iloc[0])}")
    return " · ".join(parts)


def k_label(inst: pd.DataFrame, metric: str) -> str:
    """``pass@4`` (or ``pass@k`` when k is unknown or mixed)."""
    k = int(inst["k"].iloc[0]) if "k" in inst.columns and inst["k"].nunique() == 1 else "k"
    return METRIC_LABELS[metric].format(k=k)


def plot_accuracy_by_level(
    inst: pd.DataFrame,
    path: str | Path,
    *,
    model_order: Sequence[str] | None = None,
    title: str | None = None,
    n_resamples: int = 1000,
    guesses: pd.DataFrame | None = None,
) -> Path:
    """Save a PNG with two panels (pass@k, cons@k) against level; return its path.

    Thin dashed lines show, per taxonomy, the ``best heuristic`` baseline of the tables (the
    most accurate named heuristic of each task, or guessing where none beats it; averaged over
    the tasks like a model's point) when the instances carry heuristic credits; ``guesses`` is
    ``guess_baselines(inst)`` when the caller has it (computed here otherwise).

    ``inst`` comes from ``instance_metrics`` and must hold one (format, context); its ``paper``
    split is drawn. The title defaults to the models, format, context and k.
    """
    from gralgo.score import PAPER, in_split

    if guesses is None:
        from gralgo.report._tables import guess_baselines

        guesses = guess_baselines(inst)
    inst = inst[in_split(inst, PAPER)]  # the paper split, as the tables
    intervals = taxonomy_intervals(inst, n_resamples=n_resamples)
    points = {m: metric_points(intervals, m) for m in ("pass_at_k", "cons_at_k")}
    if points["pass_at_k"].empty:
        raise ScoringInputError("nothing to plot: the instances table has no complete instance")
    models = ordered_models(points["pass_at_k"], model_order)
    colours = {t: f"C{i}" for i, t in enumerate(TAXONOMIES)}
    levels = sorted(int(v) for v in points["pass_at_k"]["level"].unique())
    n_series = len(models) * len(TAXONOMIES)

    figure = agg_figure(figsize=(11, 4.4))
    axes = figure.subplots(1, 2, sharey=True)
    for axis, (metric, table) in zip(axes, points.items(), strict=True):
        for m_index, model in enumerate(models):
            for t_index, taxonomy in enumerate(TAXONOMIES):
                line = table[(table["model"] == model) & (table["taxonomy"] == taxonomy)]
                if line.empty:
                    continue
                series = m_index * len(TAXONOMIES) + t_index
                nudge = (series - (n_series - 1) / 2) * 0.06
                name = taxonomy.capitalize() if len(models) == 1 else f"{model} · {taxonomy}"
                values = line["value"].to_numpy()
                errors = np.vstack(
                    [values - line["lo"].to_numpy(), line["hi"].to_numpy() - values]
                ).clip(min=0)
                axis.errorbar(
                    line["level"].to_numpy(dtype=float) + nudge, values, yerr=errors,
                    label=name, color=colours[taxonomy], capsize=3, markersize=7,
                    marker=TAXONOMY_MARKERS[taxonomy],
                    linestyle=_LINESTYLES[m_index % len(_LINESTYLES)],
                )  # fmt: skip
        _heuristic_lines(axis, guesses, colours)
        axis.set_title(k_label(inst, metric))
        axis.set_xlabel("level")
        axis.set_xticks(levels)
        axis.set_xlim(min(levels) - 0.5, max(levels) + 0.5)
        axis.set_ylim(-0.04, 1.04)
        axis.grid(alpha=0.3)
    axes[0].set_ylabel("accuracy (mean of task means, 95 % bootstrap CI)")
    axes[1].legend(fontsize="small", loc="best")
    figure.suptitle(title or default_title(inst))
    figure.tight_layout()
    figure.set_layout_engine(None)  # laid out: savefig then skips a second, unused layout
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(target, dpi=120, format="png")
    return target


def agg_figure(figsize: tuple[float, float]) -> Any:
    """A matplotlib ``Figure`` drawn by the Agg canvas, made without ``pyplot``: no figure
    manager or backend to set up, and nothing to close (it is freed with its last reference)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=figsize)
    FigureCanvasAgg(figure)
    return figure


def _heuristic_lines(axis: Any, guesses: pd.DataFrame, colours: Mapping[str, str]) -> None:
    """Per taxonomy, the mean over its tasks of the ``best heuristic`` baseline per level
    (``guesses``: :func:`gralgo.report._tables.guess_baselines` of the instances)."""
    from gralgo.report._tables import HEURISTIC

    if guesses.empty or guesses[HEURISTIC].isna().any():
        return
    means = guesses.groupby(["taxonomy", "level"])[HEURISTIC].mean()
    for taxonomy in TAXONOMIES:
        if taxonomy not in means.index.get_level_values("taxonomy"):
            continue
        line = means.loc[taxonomy]
        axis.plot(
            line.index.to_numpy(dtype=float), line.to_numpy(), linestyle="--", linewidth=1,
            color=colours[taxonomy], alpha=0.7, label=f"best heuristic · {taxonomy}",
        )  # fmt: skip
