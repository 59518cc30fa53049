"""A job's numbers as flat MLflow metrics, one naming scheme for every breakdown.

Names: ``<metric>`` for the whole job, ``<group>/<value>/<metric>`` for a breakdown, e.g.
``pass_at_k``, ``task/max_degree/pass_at_k``, ``level/3/accuracy_lo``,
``taxonomy/intuition/completion_tokens``. MLflow's chart view groups metrics into sections by
what comes before the last ``/``, so each breakdown value gets its own section. ``k`` is a run
param, never part of a name, so jobs with different k share columns in the MLflow runs table.

Per group: ``pass_at_k`` / ``cons_at_k`` / ``accuracy`` (paper split) with bootstrap ``_lo`` /
``_hi``, the guessing baselines of the same instances ``guess_pass_draws`` /
``guess_pass_top_k`` (beside pass@k) and ``guess_cons`` (beside cons@k), the hard split's
``hard_n_instances`` and ``hard_pass_at_k`` / ``hard_cons_at_k`` / ``hard_accuracy``,
``best_heuristic`` (the tables' best-heuristic baseline), ``n_instances``, ``n_incomplete``,
outcome shares ``share_<outcome>``, summed ``prompt_tokens``,
``completion_tokens``, ``reasoning_tokens``, ``cost_usd`` (absent when no price is known: an
unknown cost is not zero), latency ``latency_p50_s`` / ``latency_p95_s``; for the whole job,
``completion_tokens_per_s`` (completion tokens over the summed latency of the timed calls: the
model's speed on one call).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

GUESS_METRICS: tuple[str, ...] = ("guess_pass_draws", "guess_pass_top_k", "guess_cons")
"""The guessing baselines (``gralgo.score._baselines``): ``guess_pass_draws`` and
``guess_pass_top_k`` beside ``pass_at_k``, ``guess_cons`` beside ``cons_at_k``; absent where
a cell has too few instances."""
HARD_METRICS: tuple[str, ...] = ("hard_n_instances", "hard_pass_at_k", "hard_cons_at_k",
                                 "hard_accuracy")  # fmt: skip
"""The hard split's instances and scores (scores absent when it has none)."""
BEST_HEURISTIC = "best_heuristic"
"""The ``best heuristic`` baseline of the tables (``gralgo.report._best_heuristic``): per cell
the better of the most accurate named heuristic and guessing, per group its instance-weighted
mean; absent without heuristic credits."""
SCORE_COLUMNS: tuple[str, ...] = tuple(
    f"{name}{suffix}" for name in ("pass_at_k", "cons_at_k", "accuracy")
    for suffix in ("", "_lo", "_hi")
) + GUESS_METRICS + HARD_METRICS + (BEST_HEURISTIC,)  # fmt: skip
"""Score columns of an ``aggregate`` table logged as metrics."""
COUNT_COLUMNS: tuple[str, ...] = ("n_instances", "n_incomplete")
CURVE_SCORES: tuple[str, ...] = ("pass_at_k", "cons_at_k", "accuracy")
"""Scores drawn against level in MLflow's chart view (the level is the metric's step)."""
CELL_SCORES: tuple[str, ...] = (*CURVE_SCORES, *GUESS_METRICS, *HARD_METRICS, BEST_HEURISTIC)
"""What ``task_level/<task>/<level>/`` holds: per cell, the scores beside their baselines, the
hard split and the best heuristic."""
MLFLOW_BREAKDOWN: dict[str, tuple[str, ...]] = {
    "task": (
        "pass_at_k",
        "pass_at_k_lo",
        "pass_at_k_hi",
        "cons_at_k",
        "accuracy",
        "cost_usd",
        *GUESS_METRICS,
        "hard_n_instances",
        "hard_pass_at_k",
        BEST_HEURISTIC,
    ),
    "taxonomy": CURVE_SCORES,
    "complexity": CURVE_SCORES,
}
"""Per task / taxonomy / complexity value, the metrics MLflow gets (``metrics.json`` and
``breakdown.csv`` keep all of them)."""
TOKEN_COLUMNS: tuple[str, ...] = ("prompt_tokens", "completion_tokens", "reasoning_tokens")


def _finite(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if number == number else None  # NaN -> None


def score_metrics(row: Mapping[str, Any], prefix: str = "") -> dict[str, float]:
    """Scores with intervals, counts and outcome shares of one ``aggregate`` row."""
    metrics: dict[str, float] = {}
    names = [*SCORE_COLUMNS, *COUNT_COLUMNS,
             *(str(c) for c in row.keys() if str(c).startswith("share_"))]  # fmt: skip
    for name in names:
        value = _finite(row.get(name))
        if value is not None:
            metrics[prefix + name] = value
    return metrics


def usage_metrics(samples: pd.DataFrame, prefix: str = "") -> dict[str, float]:
    """Summed tokens and cost, latency p50 / p95 of the samples that exist (not missing)."""
    import pandas as pd

    present = samples
    if "error_class" in samples.columns:
        present = samples[samples["error_class"].astype(object).ne("Missing")]
    metrics: dict[str, float] = {}
    for name in TOKEN_COLUMNS:
        if name in present.columns:
            values = pd.to_numeric(present[name], errors="coerce").dropna()
            if len(values):
                metrics[prefix + name] = float(values.sum())
    if "cost_usd" in present.columns:
        cost = pd.to_numeric(present["cost_usd"], errors="coerce").dropna()
        if len(cost):  # no price known -> no metric (unknown, not $0)
            metrics[prefix + "cost_usd"] = float(cost.sum())
    if "latency_s" in present.columns:
        latency = pd.to_numeric(present["latency_s"], errors="coerce").dropna()
        if len(latency):
            metrics[prefix + "latency_p50_s"] = float(latency.quantile(0.5))
            metrics[prefix + "latency_p95_s"] = float(latency.quantile(0.95))
    return metrics


def tokens_per_second(usage: pd.DataFrame) -> dict[str, float]:
    """``completion_tokens_per_s``: completion tokens over the summed latency of the timed
    calls (a :func:`usage_frame`); empty when nothing was timed."""
    timed = usage.dropna(subset=["latency_s"])
    seconds, tokens = float(timed["latency_s"].sum()), float(timed["completion_tokens"].sum())
    return {"completion_tokens_per_s": tokens / seconds} if seconds > 0 and tokens > 0 else {}


def job_metrics(
    overall: pd.DataFrame,
    parts: Mapping[str, pd.DataFrame],
    scored: pd.DataFrame,
    by_task_level: pd.DataFrame | None = None,
) -> dict[str, float]:
    """All metrics of one job (one model): overall, then each breakdown in ``parts``.

    ``overall`` is ``aggregate(inst, by=["model"])``, ``parts`` maps a grouping column
    (task, taxonomy, complexity, level) to ``aggregate(inst, by=["model", column])``, ``scored``
    is the scored samples frame (for tokens, cost and latency); ``by_task_level`` (``aggregate``
    by model, task and level) adds ``task_level/<task>/<level>/<score>``.
    """
    metrics: dict[str, float] = {}
    if by_task_level is not None:
        for row in by_task_level.to_dict("records"):
            for name in CELL_SCORES:
                value = _finite(row.get(name))
                if value is not None:
                    metrics[f"task_level/{row['task']}/{row['level']}/{name}"] = value
    for _, row in overall.iterrows():
        metrics.update(score_metrics(row))
    usage = usage_frame(scored)
    metrics.update(usage_metrics(usage))
    metrics.update(tokens_per_second(usage))
    for by, table in parts.items():
        for _, row in table.iterrows():
            metrics.update(score_metrics(row, f"{by}/{row[by]}/"))
        if by in usage.columns:
            metrics.update(grouped_usage_metrics(usage, by))
    return dict(sorted(metrics.items()))


def usage_frame(samples: pd.DataFrame) -> pd.DataFrame:
    """The existing samples' usage columns as floats (NaN = unknown), plus the groupings."""
    import pandas as pd

    present = samples
    if "error_class" in samples.columns:
        present = samples[samples["error_class"].astype(object).ne("Missing")]
    columns = (*TOKEN_COLUMNS, "cost_usd", "latency_s")
    out = pd.DataFrame({c: pd.to_numeric(present[c], errors="coerce") if c in present.columns
                        else float("nan") for c in columns}, index=present.index)  # fmt: skip
    for by in ("model", "task", "taxonomy", "complexity", "level"):
        if by in present.columns:
            out[by] = present[by].astype(object)
    return out


def grouped_usage_metrics(usage: pd.DataFrame, by: str) -> dict[str, float]:
    """:func:`usage_metrics` for every value of ``by``, computed in one grouped pass."""
    metrics: dict[str, float] = {}
    grouped = usage.groupby(by, sort=True)
    sums = grouped[[c for c in (*TOKEN_COLUMNS, "cost_usd") if c in usage.columns]].sum(
        min_count=1)  # fmt: skip
    latency = None
    if "latency_s" in usage.columns:
        latency = grouped["latency_s"].quantile([0.5, 0.95]).unstack()
    for value in sums.index:
        prefix = f"{by}/{value}/"
        for name, total in sums.loc[value].items():
            if total == total:  # NaN: nothing known (e.g. no price) -> no metric
                metrics[prefix + str(name)] = float(total)
        if latency is not None and value in latency.index:
            p50, p95 = latency.loc[value, 0.5], latency.loc[value, 0.95]
            if p50 == p50:
                metrics[prefix + "latency_p50_s"] = float(p50)
                metrics[prefix + "latency_p95_s"] = float(p95)
    return metrics


def mlflow_entries(metrics: Mapping[str, float]) -> list[tuple[str, float, int]]:
    """``(name, value, step)`` of what MLflow logs, so its chart view is a few useful charts
    instead of hundreds of one-point ones: the whole job's metrics; per task, taxonomy and
    complexity the :data:`MLFLOW_BREAKDOWN` scores (one bar per run in the chart view); per
    level, ``<score>_by_level`` with the level as the step (one line across levels per run),
    and per task ``<score>_by_level/<task>`` likewise (pass@k, its top-k guessing baseline and
    the hard split's pass@k). Everything stays in ``metrics.json``.
    """
    entries: list[tuple[str, float, int]] = []
    for name, value in sorted(metrics.items()):
        parts = name.split("/")
        if len(parts) == 1:
            entries.append((name, value, 0))
        elif parts[0] == "level" and len(parts) == 3 and parts[1].isdigit():
            if parts[2] in CURVE_SCORES:
                entries.append((f"{parts[2]}_by_level", value, int(parts[1])))
        elif parts[0] == "task_level" and len(parts) == 4 and parts[2].isdigit():
            if parts[3] in ("pass_at_k", "guess_pass_top_k", "hard_pass_at_k"):
                entries.append((f"{parts[3]}_by_level/{parts[1]}", value, int(parts[2])))
        elif parts[0] in MLFLOW_BREAKDOWN and len(parts) == 3:
            if parts[2] in MLFLOW_BREAKDOWN[parts[0]]:
                entries.append((name, value, 0))
    return entries
