"""Plot accuracy per level: pass@k and cons@k, one line per taxonomy (and per model).

Each point is the mean of the taxonomy's task means (as in Tables 3/5) with a stratified
bootstrap 95 % interval (instances resampled within each task). Series are nudged sideways so
that equal values (e.g. three taxonomies at 0) stay visible, and each taxonomy has its own colour
and marker. matplotlib is imported inside the functions, through its object-oriented API (a
``Figure`` on an Agg canvas, never ``pyplot``), so importing this module costs nothing and
plotting works without a display.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gralgo.report._tables import TAXONOMIES, ordered_models
from gralgo.score import ScoringInputError
from gralgo.seeding import stable_seed

TAXONOMY_MARKERS = {"enumeration": "o", "exploration": "s", "intuition": "^"}
_LINESTYLES = ("-", "--", ":", "-.")
METRIC_LABELS = {"pass_at_k": "pass@{k}", "cons_at_k": "cons@{k}"}


def stratified_interval(
    groups: Sequence[np.ndarray],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
    clusters: Sequence[np.ndarray] | None = None,
) -> tuple[float, float]:
    """Bootstrap interval of the mean of group means, resampling within each group.

    ``clusters`` (per group, one overlap-cluster id per value) resamples a group's clusters
    instead of its values where some share one (``gralgo.score.cluster_resample_means``, as
    every table's interval). When every group holds one finite value repeated (all correct,
    all wrong), every resample is the sample itself: the interval is its mean, computed as one
    resample would be, with no draws (the same bits)."""
    given: list[np.ndarray | None] = [None] * len(groups) if clusters is None else [*clusters]
    ids = [c for g, c in zip(groups, given, strict=True) if len(g)]
    groups = [np.asarray(g, dtype=np.float64) for g in groups if len(g)]
    if not groups:
        return float("nan"), float("nan")
    if all(np.isfinite(g[0]) and bool((g == g[0]).all()) for g in groups):
        mean = np.zeros(1)
        for values in groups:
            mean += values[np.zeros((1, len(values)), dtype=np.intp)].mean(axis=1)
        mean /= len(groups)
        return float(mean[0]), float(mean[0])
    from gralgo.score import cluster_resample_means

    rng = np.random.default_rng(seed)
    means = np.zeros(n_resamples)
    for values, group_ids in zip(groups, ids, strict=True):
        if group_ids is not None:
            clustered = cluster_resample_means(rng, values, group_ids, n_resamples)
            if clustered is not None:
                means += clustered
                continue
        draws = rng.integers(0, len(values), size=(n_resamples, len(values)))
        means += values[draws].mean(axis=1)
    means /= len(groups)
    tail = (1.0 - confidence) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return float(low), float(high)


def taxonomy_points(
    inst: pd.DataFrame, metric: str, by: str = "level", n_resamples: int = 1000
) -> pd.DataFrame:
    """Per (model, taxonomy, ``by``): mean of task means of ``metric`` with ``lo`` / ``hi``."""
    from gralgo.score import cluster_ids

    done = inst[~inst["incomplete"].astype(bool)]
    clusters = cluster_ids(done)  # overlapping instances are resampled together
    rows = []
    for (model, taxonomy, value), per_task in _task_values(done, metric, by):
        task_values = [values for values, _ in per_task]
        low, high = stratified_interval(
            task_values, n_resamples=n_resamples,
            seed=stable_seed("plot", model, taxonomy, value),
            clusters=[clusters[where] for _, where in per_task],
        )  # fmt: skip
        rows.append({"model": model, "taxonomy": taxonomy, by: value, "lo": low, "hi": high,
                     "value": float(np.mean([t.mean() for t in task_values]))})  # fmt: skip
    return pd.DataFrame(rows, columns=["model", "taxonomy", by, "value", "lo", "hi"])


def _task_values(
    done: pd.DataFrame, metric: str, by: str
) -> Iterator[tuple[tuple[Any, Any, Any], list[tuple[np.ndarray, np.ndarray]]]]:
    """Per (model, taxonomy, ``by``) in sorted order, the ``metric`` values of each of its tasks
    (tasks sorted, values in row order) with their row positions in ``done``: the groups of
    ``done.groupby([model, taxonomy, by])`` and of each group's ``groupby("task")``, from one
    grouping of plain arrays instead of a frame per group."""
    values = done[metric].to_numpy()
    positions = done.groupby(["model", "taxonomy", by, "task"], sort=True).indices
    for outer, tasks in itertools.groupby(sorted(positions), key=lambda key: key[:3]):
        yield tuple(_plain(v) for v in outer), [(values[positions[key]], positions[key])
                                                for key in tasks]  # fmt: skip


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python scalar pandas' groupby keys are."""
    return value.item() if isinstance(value, np.generic) else value


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
    points = {m: taxonomy_points(inst, m, n_resamples=n_resamples)
              for m in ("pass_at_k", "cons_at_k")}  # fmt: skip
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
