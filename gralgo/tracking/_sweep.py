"""A sweep seen as a whole: what varies, each job's key numbers, one figure comparing them.

The parent MLflow run of a sweep is named by what varies (``model.name=a,b × format=...``),
holds each job's key metrics as ``<job label>/<metric>`` (the label is the job's values of the
varying keys, e.g. ``a_edge_list/pass_at_k``: one chart section per job in MLflow), and a bar
chart of pass@k / cons@k per job.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KEY_METRICS: tuple[str, ...] = (
    "pass_at_k", "pass_at_k_lo", "pass_at_k_hi", "cons_at_k", "cons_at_k_lo", "cons_at_k_hi",
    "accuracy", "share_error", "prompt_tokens", "completion_tokens", "cost_usd", "wall_time_s",
)  # fmt: skip
"""Metrics of each job copied onto the sweep's parent run."""
_UNSAFE = re.compile(r"[^\w\-.]")


@dataclass(frozen=True)
class SweepJob:
    """One finished job of a sweep."""

    label: str
    """The job's values of the swept keys, joined by ``_`` (``stub-a_edge_list``)."""
    metrics: Mapping[str, float]
    """The job's ``metrics.json``."""


def sweep_axes(
    overrides: Sequence[str], sweeper_params: Mapping[str, Any] | None = None
) -> dict[str, list[str]]:
    """Swept key -> its values, from the command line and ``hydra.sweeper.params``."""
    from hydra.core.override_parser.overrides_parser import OverridesParser

    axes: dict[str, list[str]] = {}
    texts = [*(f"{k}={v}" for k, v in (sweeper_params or {}).items()), *overrides]
    for override in OverridesParser.create().parse_overrides(list(texts)):
        if override.is_sweep_override():
            axes[override.key_or_group] = [str(v) for v in override.sweep_string_iterator()]
        else:
            axes.pop(override.key_or_group, None)  # the command line fixes what a config swept
    return axes


def sweep_name(axes: Mapping[str, Sequence[str]], fallback: str) -> str:
    """``model.name=a,b × format=x,y``; ``fallback`` when nothing varies."""
    if not axes:
        return fallback
    return " × ".join(f"{key}={','.join(values)}" for key, values in axes.items())


def job_label(job_overrides: Sequence[str], swept: Sequence[str]) -> str:
    """The values of the swept keys in one job's overrides, as a metric-name-safe label."""
    values = dict(o.lstrip("+~").split("=", 1) for o in job_overrides if "=" in o)
    parts = [values.get(key, "?") for key in swept] or ["job"]
    return _UNSAFE.sub("_", "_".join(parts))


def collect_jobs(sweep_dir: Path, swept: Sequence[str]) -> list[SweepJob]:
    """Every job folder under ``sweep_dir`` with a ``metrics.json``, in job-number order."""
    import yaml

    jobs = []
    for metrics_path in sorted(sweep_dir.glob("*/metrics.json"),
                               key=lambda p: (len(p.parent.name), p.parent.name)):  # fmt: skip
        overrides_path = metrics_path.parent / ".hydra" / "overrides.yaml"
        overrides = yaml.safe_load(overrides_path.read_text()) if overrides_path.is_file() else []
        label = job_label(overrides or [], swept) if swept else metrics_path.parent.name
        jobs.append(SweepJob(label, json.loads(metrics_path.read_text(encoding="utf-8"))))
    return jobs


def sweep_metrics(jobs: Sequence[SweepJob]) -> dict[str, float]:
    """``<label>/<metric>`` for each job and each of :data:`KEY_METRICS` it has."""
    return {f"{job.label}/{name}": float(job.metrics[name])
            for job in jobs for name in KEY_METRICS if name in job.metrics}  # fmt: skip


def plot_sweep(jobs: Sequence[SweepJob], path: Path, title: str) -> Path:
    """Bars of pass@k and cons@k per job, with their bootstrap intervals."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    import numpy as np

    figure, axis = plt.subplots(figsize=(max(6.0, 1.1 * len(jobs) + 2), 4.2))
    try:
        x = np.arange(len(jobs))
        for offset, metric, label in ((-0.2, "pass_at_k", "pass@k"), (0.2, "cons_at_k", "cons@k")):
            values = np.array([job.metrics.get(metric, np.nan) for job in jobs], dtype=float)
            low = np.array([job.metrics.get(f"{metric}_lo", np.nan) for job in jobs], dtype=float)
            high = np.array([job.metrics.get(f"{metric}_hi", np.nan) for job in jobs], dtype=float)
            errors = np.nan_to_num(np.vstack([values - low, high - values]), nan=0.0).clip(0)
            axis.bar(x + offset, np.nan_to_num(values), width=0.4, yerr=errors, capsize=3,
                     label=label)  # fmt: skip
        axis.set_xticks(x, [job.label for job in jobs], rotation=30, ha="right")
        axis.set_ylim(0, 1.05)
        axis.set_ylabel("accuracy (95 % bootstrap CI)")
        axis.legend()
        axis.grid(axis="y", alpha=0.3)
        axis.set_title(title)
        figure.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, dpi=120, format="png")
    finally:
        plt.close(figure)
    return path
