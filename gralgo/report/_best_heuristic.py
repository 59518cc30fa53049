"""The ``best heuristic`` baseline beside every breakdown of a job: per (task, level) cell the
tables' row (the better of the most accurate named heuristic and guessing, on the paper split),
and for a coarser group (a task, a level, a taxonomy) the mean over its cells weighted by their
instances, as a model's score over the same instances is. Issue 32: every report shows, per
cell, the paper split's accuracy, the hard split's with its n, and the best heuristic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gralgo.report._flat_metrics import BEST_HEURISTIC
from gralgo.report._tables import HEURISTIC

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["BEST_HEURISTIC", "best_heuristic_by", "with_best_heuristic"]


def best_heuristic_by(guesses: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Per group of ``by`` (columns of ``guesses``, :func:`gralgo.report.guess_baselines`'s
    table), the ``best heuristic`` baseline as :data:`BEST_HEURISTIC`: its cells' values
    weighted by their instances; NaN where any cell of the group has none (a dataset without
    heuristic credits, or a cell too small for a baseline). Empty without a baseline."""
    import pandas as pd

    keys = list(by)
    if guesses.empty or HEURISTIC not in guesses.columns or not set(keys) <= set(guesses.columns):
        return pd.DataFrame(columns=[*keys, BEST_HEURISTIC])
    rows = []
    for key, cells in guesses.groupby(keys, sort=True):
        values = cells[HEURISTIC].to_numpy(dtype=float)
        weights = cells["instances"].to_numpy(dtype=float)
        value = math.nan
        if len(values) and not any(v != v for v in values) and weights.sum() > 0:
            value = float((values * weights).sum() / weights.sum())
        rows.append([*(key if isinstance(key, tuple) else (key,)), value])
    return pd.DataFrame(rows, columns=[*keys, BEST_HEURISTIC])


def with_best_heuristic(
    table: pd.DataFrame, guesses: pd.DataFrame, by: Sequence[str]
) -> pd.DataFrame:
    """``table`` (an ``aggregate`` breakdown holding the ``by`` columns) with the
    :data:`BEST_HEURISTIC` column of its groups; unchanged without a baseline or the columns."""
    baseline = best_heuristic_by(guesses, by)
    if baseline.empty or not set(by) <= set(table.columns):
        return table
    merged = table.drop(columns=[BEST_HEURISTIC], errors="ignore")
    for column in by:  # the keys as the table holds them (levels are ints in both)
        baseline[column] = baseline[column].astype(merged[column].dtype)
    return merged.merge(baseline, on=list(by), how="left")
