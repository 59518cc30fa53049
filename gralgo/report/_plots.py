"""Plot accuracy per level: pass@k and cons@k, one line per taxonomy (and per model).

matplotlib is imported inside the function with the non-interactive Agg backend, so importing
this module costs nothing and plotting works on machines without a display.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from gralgo.report._tables import TAXONOMIES, ordered_models, task_means
from gralgo.score import ScoringInputError

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_LINESTYLES = ("-", "--", ":", "-.")


def plot_accuracy_by_level(
    inst: pd.DataFrame,
    path: str | Path,
    *,
    model_order: Sequence[str] | None = None,
    title: str | None = None,
) -> Path:
    """Save a PNG with two panels (pass@k, cons@k) against level; return its path.

    Lines: one per taxonomy (colour) and model (line style and marker when there are several);
    each point is the mean of the taxonomy's task means (as in Tables 3/5). ``inst`` comes from
    ``instance_metrics`` and must hold one (format, context).
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    means = task_means(inst)
    by_taxonomy = (
        means.groupby(["model", "taxonomy", "level"], sort=True)[["pass_at_k", "cons_at_k"]]
        .mean()
        .reset_index()
    )
    if by_taxonomy.empty:
        raise ScoringInputError("nothing to plot: the instances table has no complete instance")
    models = ordered_models(by_taxonomy, model_order)
    colours = {t: f"C{i}" for i, t in enumerate(TAXONOMIES)}

    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
    try:
        for axis, metric, label in zip(
            axes, ("pass_at_k", "cons_at_k"), ("pass@k", "cons@k"), strict=True
        ):
            for m_index, model in enumerate(models):
                for taxonomy in TAXONOMIES:
                    line = by_taxonomy[
                        (by_taxonomy["model"] == model) & (by_taxonomy["taxonomy"] == taxonomy)
                    ]
                    if line.empty:
                        continue
                    name = taxonomy.capitalize() if len(models) == 1 else f"{model} · {taxonomy}"
                    axis.plot(
                        line["level"], line[metric], label=name, color=colours[taxonomy],
                        linestyle=_LINESTYLES[m_index % len(_LINESTYLES)],
                        marker=_MARKERS[m_index % len(_MARKERS)],
                    )
            axis.set_title(label)
            axis.set_xlabel("level")
            axis.set_xticks(sorted(int(v) for v in by_taxonomy["level"].unique()))
            axis.set_ylim(-0.02, 1.02)
            axis.grid(alpha=0.3)
        axes[0].set_ylabel("accuracy")
        axes[1].legend(fontsize="small", loc="best")
        if title:
            figure.suptitle(title)
        figure.tight_layout()
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(target, dpi=120, format="png")
    finally:
        plt.close(figure)
    return target
