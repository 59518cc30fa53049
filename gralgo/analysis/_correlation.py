"""Correlation of gralgo accuracy with external benchmarks (paper §3.3, Figure 7).

External scores come from a YAML file (``conf/external_scores.yaml``): per model, per
benchmark, a value and its source. Models are matched by display name (case-insensitive).
For each benchmark: Pearson and Spearman coefficients with two-sided p-values -- exact
permutation p-values over all n! pairings for n <= :data:`EXACT_MAX_N` models (scipy's
asymptotic p would print 0.000 for rho = 1 at n = 3, whose exact p is 1/3), scipy's above --
and percentile bootstrap intervals over models from :data:`MIN_INTERVAL_N` models (below, the
interval says n is too small: resamples of 3-7 points collapse, rho = 1 gives [1, 1]); fewer
than ``min_models`` matched models is said plainly in the report.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gralgo.analysis._output import AnalysisOutput, add_caption
from gralgo.analysis._responses import scored_responses
from gralgo.errors import ConfigError
from gralgo.score import correlation_ci

log = logging.getLogger("gralgo")


@dataclass(frozen=True)
class ExternalScore:
    """One external benchmark result of one model."""

    model: str
    benchmark: str
    value: float
    source: str
    """Where the number comes from (URL or citation); required."""


def read_external_scores(path: Path) -> list[ExternalScore]:
    """The scores of ``path``; a value without a source is a config error."""
    import yaml

    if not path.is_file():
        raise ConfigError(f"external scores file {path} does not exist (analysis.scores_file)")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    scores = []
    for model, benchmarks in (data.get("models") or {}).items():
        for benchmark, entry in (benchmarks or {}).items():
            if not isinstance(entry, Mapping) or "value" not in entry:
                raise ConfigError(f"{path}: {model}.{benchmark} needs {{value: ..., source: ...}}")
            if not str(entry.get("source") or "").strip():
                raise ConfigError(f"{path}: {model}.{benchmark} has no source; cite one")
            scores.append(
                ExternalScore(
                    str(model), str(benchmark), float(entry["value"]), str(entry["source"])
                )
            )
    return scores


def model_accuracy(samples: pd.DataFrame) -> pd.DataFrame:
    """Accuracy per model over its scored (non-error) samples."""
    scored = scored_responses(samples)
    scored = scored[scored["outcome"].astype(str) != "error"]
    table = scored.groupby("model", sort=True)["correct"].agg(["mean", "size"]).reset_index()
    return table.rename(columns={"mean": "accuracy", "size": "samples"})


EXACT_MAX_N = 10
"""Up to this many models the p-values are exact (every pairing: 10! = 3,628,800)."""
MIN_INTERVAL_N = 8
"""Bootstrap intervals from this many models; fewer get a "too few" note instead."""


@functools.cache
def _pairings(n: int) -> np.ndarray:
    """Every permutation of ``range(n)`` as rows of an ``(n!, n)`` int8 array."""
    perms = np.zeros((1, 0), dtype=np.int8)
    for k in range(n):
        m = perms.shape[0]
        grown = np.empty((m * (k + 1), k + 1), dtype=np.int8)
        for pos in range(k + 1):  # insert k at every position of every shorter permutation
            block = grown[pos * m : (pos + 1) * m]
            block[:, :pos], block[:, pos], block[:, pos + 1 :] = perms[:, :pos], k, perms[:, pos:]
        perms = grown
    return perms


def exact_permutation_p(x: np.ndarray, y: np.ndarray) -> float:
    """Two-sided exact permutation p-value of the Pearson correlation of ``x`` and ``y`` (of
    their ranks: Spearman's) over all ``n!`` pairings: ``2 * min(P(r* >= r), P(r* <= r))``,
    at most 1 (scipy's ``permutation_test`` convention)."""
    xc, yc = x - x.mean(), y - y.mean()
    observed = float(xc @ yc)
    perms = _pairings(len(x))
    tol = 1e-9 * max(1.0, abs(observed))
    greater = less = 0
    for chunk in np.array_split(perms, max(1, len(perms) // 250_000)):
        values = yc[chunk] @ xc  # the covariance of each pairing (same norm for all)
        greater += int(np.count_nonzero(values >= observed - tol))
        less += int(np.count_nonzero(values <= observed + tol))
    return min(1.0, 2 * min(greater, less) / len(perms))


def _p_values(x: np.ndarray, y: np.ndarray) -> tuple[float, float, str]:
    """(Pearson p, Spearman p, which method) for one benchmark's points."""
    from scipy import stats

    if len(x) <= EXACT_MAX_N:
        ranks = stats.rankdata(x), stats.rankdata(y)
        return exact_permutation_p(x, y), exact_permutation_p(*ranks), "exact"
    return float(stats.pearsonr(x, y)[1]), float(stats.spearmanr(x, y)[1]), "asymptotic"


def correlate(
    accuracy: pd.DataFrame, scores: list[ExternalScore], *, resamples: int = 1000, seed: int = 0
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(matched points, one row of statistics per benchmark)."""
    from scipy import stats

    by_name = {
        str(m).casefold(): (m, a)
        for m, a in zip(accuracy["model"], accuracy["accuracy"], strict=True)
    }
    points = pd.DataFrame(
        [
            {
                "model": by_name[s.model.casefold()][0],
                "benchmark": s.benchmark,
                "external": s.value,
                "gralgo_accuracy": float(by_name[s.model.casefold()][1]),
                "source": s.source,
            }
            for s in scores
            if s.model.casefold() in by_name
        ],
        columns=["model", "benchmark", "external", "gralgo_accuracy", "source"],
    )
    rows: list[dict[str, Any]] = []
    for benchmark, group in points.groupby("benchmark", sort=True):
        x = group["external"].to_numpy(float)
        y = group["gralgo_accuracy"].to_numpy(float)
        row: dict[str, Any] = {"benchmark": benchmark, "models": len(group)}
        if len(group) >= 3 and np.ptp(x) > 0 and np.ptp(y) > 0:
            pearson_p, spearman_p, method = _p_values(x, y)
            few = f"n = {len(group)}: too few models for an interval (< {MIN_INTERVAL_N})"
            ci = correlation_ci(x, y, resamples, seed) if len(group) >= MIN_INTERVAL_N else None
            row.update(
                pearson_r=float(stats.pearsonr(x, y)[0]),
                pearson_p=pearson_p,
                pearson_ci=few
                if ci is None
                else f"[{ci['pearson'][0]:.3f}, {ci['pearson'][1]:.3f}]",
                spearman_rho=float(stats.spearmanr(x, y)[0]),
                spearman_p=spearman_p,
                spearman_ci=few
                if ci is None
                else f"[{ci['spearman'][0]:.3f}, {ci['spearman'][1]:.3f}]",
                p_method=method,
            )
        else:
            row.update(
                pearson_r=math.nan,
                pearson_p=math.nan,
                pearson_ci="–",
                spearman_rho=math.nan,
                spearman_p=math.nan,
                spearman_ci="–",
                p_method="–",
            )
        rows.append(row)
    return points, pd.DataFrame(rows)


ACCURACY_NOTE = (
    "gralgo accuracy per model = mean over its scored samples of correct (each sample 0 or 1, "
    "failed calls excluded): the per-sample accuracy, not pass@k or cons@k."
)
"""Which per-sample metric the correlation uses (stated in the table note and the figure)."""


def correlation_title(benchmark: str, stats_row: Mapping[str, Any] | None) -> str:
    """The panel title: the benchmark with Pearson r and Spearman rho (and n)."""
    if stats_row is None or math.isnan(float(stats_row.get("pearson_r", math.nan))):
        n = 0 if stats_row is None else int(stats_row.get("models", 0))
        return f"{benchmark} (n = {n}: too few for r, ρ)"
    return (
        f"{benchmark}: r = {float(stats_row['pearson_r']):.2f}, "
        f"ρ = {float(stats_row['spearman_rho']):.2f} (n = {int(stats_row['models'])})"
    )


def plot_correlation(points: pd.DataFrame, path: Path, table: pd.DataFrame | None = None) -> Path:
    """Figure 7: gralgo accuracy against each benchmark, with the least-squares line and the
    coefficients of ``table`` (one row per benchmark) in each panel's title."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    benchmarks = sorted(points["benchmark"].unique())
    fig, axes = plt.subplots(1, len(benchmarks), figsize=(4.5 * len(benchmarks), 4), squeeze=False)
    for ax, benchmark in zip(axes[0], benchmarks, strict=True):
        part = points[points["benchmark"] == benchmark]
        ax.scatter(part["external"], part["gralgo_accuracy"])
        for row in part.itertuples(index=False):
            ax.annotate(str(row.model), (row.external, row.gralgo_accuracy), fontsize=7)
        if len(part) >= 2 and np.ptp(part["external"]) > 0:
            slope, intercept = np.polyfit(part["external"], part["gralgo_accuracy"], 1)
            xs = np.linspace(part["external"].min(), part["external"].max(), 20)
            ax.plot(xs, slope * xs + intercept, "--")
        ax.set_xlabel(benchmark)
        ax.set_ylabel("gralgo accuracy (per sample)")
        rows = [] if table is None else table[table["benchmark"] == benchmark].to_dict("records")
        ax.set_title(correlation_title(str(benchmark), rows[0] if rows else None), fontsize=9)
    add_caption(fig, ACCURACY_NOTE)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def run_correlation(
    samples: pd.DataFrame,
    output: AnalysisOutput,
    *,
    scores_file: Path,
    min_models: int = 5,
    resamples: int = 1000,
) -> pd.DataFrame:
    """The whole analysis into ``output`` (no judge); returns the statistics table."""
    accuracy = model_accuracy(samples)
    points, table = correlate(accuracy, read_external_scores(scores_file), resamples=resamples)
    output.table("gralgo_accuracy", accuracy, "gralgo accuracy per model", ACCURACY_NOTE)
    output.table(
        "matched_scores", points, "External scores matched to gralgo models", f"From {scores_file}."
    )
    matched = points["model"].nunique() if len(points) else 0
    warning = ""
    if matched < min_models:
        warning = (
            f"**Only {matched} model(s) matched external scores (fewer than "
            f"{min_models}): the correlations below are not meaningful.**"
        )
        log.warning("correlation: only %d model(s) matched external scores", matched)
    output.table(
        "correlation",
        table,
        "Correlation with external benchmarks",
        warning + (" " if warning else "") + "Pearson and Spearman with two-sided "
        f"p-values: exact (all n! pairings of models, p_method exact) for n <= {EXACT_MAX_N}, "
        f"scipy's asymptotic above; 95 % bootstrap intervals over models from "
        f"{MIN_INTERVAL_N} models (fewer: the interval cell says so). {ACCURACY_NOTE}",
    )
    output.metrics["matched_models"] = float(matched)
    for row in table.to_dict("records"):
        output.metrics[f"pearson.{row['benchmark']}"] = float(row["pearson_r"])
        output.metrics[f"spearman.{row['benchmark']}"] = float(row["spearman_rho"])
    if len(points):
        output.figure(plot_correlation(points, output.directory / "correlation.png", table))
    return table
