"""Statistics as pure functions: pass@k, cons@k, bootstrap intervals, z-score normalisation.

Conventions (shared with :mod:`gralgo.score._scoring`):

* ``n`` counts the *successful* samples of an instance (errors removed), ``c`` the correct ones.
* pass@k is the unbiased estimator ``1 - C(n-c, k) / C(n, k)`` (Chen et al., 2021). With
  ``n == k`` it equals "at least one of the k samples is correct", the paper's definition. When
  errors leave fewer than ``k`` successful samples (``0 < n < k``) it uses all ``n`` of them, i.e.
  "at least one of the n is correct". ``n == 0`` has no estimate (the caller marks the instance
  incomplete).
* cons@k is the majority vote over the normalised answers; samples without an answer (no answer,
  truncated, error) do not vote. Ties between the most frequent answers go to the tied answer that
  appears first in sample-index order (as ``collections.Counter.most_common`` does). If no sample
  votes, cons@k is 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

import numpy as np
import pandas as pd


def _check_counts(n: int, c: int, k: int) -> None:
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    if n < 1:
        raise ValueError(f"pass@k needs at least one successful sample, got n={n}")
    if not 0 <= c <= n:
        raise ValueError(f"the number of correct samples must be within 0..n={n}, got c={c}")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k for ``c`` correct out of ``n`` successful samples (see module doc)."""
    _check_counts(n, c, k)
    draws = min(k, n)
    return 1.0 - comb(n - c, draws) / comb(n, draws)


def pass_at_k_array(n: np.ndarray, c: np.ndarray, k: int) -> np.ndarray:
    """:func:`pass_at_k` for arrays of counts; ``NaN`` where ``n == 0``.

    Exact: each distinct ``(n, c)`` pair is computed once with integer binomials.
    """
    n = np.asarray(n, dtype=np.int64)
    c = np.asarray(c, dtype=np.int64)
    result = np.full(n.shape, np.nan, dtype=np.float64)
    valid = n > 0
    if not valid.any():
        return result
    pairs, inverse = np.unique(np.stack([n[valid], c[valid]], axis=1), axis=0, return_inverse=True)
    values = np.array([pass_at_k(int(pn), int(pc), k) for pn, pc in pairs], dtype=np.float64)
    result[valid] = values[inverse.reshape(-1)]
    return result


def majority_vote(answers: Sequence[str | None]) -> str | None:
    """The most frequent answer in sample-index order; ``None`` answers do not vote.

    Ties go to the tied answer whose first vote comes earliest. ``None`` if nobody voted.
    """
    counts: dict[str, int] = {}
    for answer in answers:
        if answer is not None:
            counts[answer] = counts.get(answer, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    return next(answer for answer, count in counts.items() if count == best)


def cons_at_k(answers: Sequence[str | None], expected: str) -> float:
    """1.0 when the majority answer (see :func:`majority_vote`) equals ``expected``, else 0.0."""
    return 1.0 if majority_vote(answers) == expected else 0.0


_BOOTSTRAP_BLOCK_CELLS = 250_000
"""Resample x instance cells drawn at once (2 MB of int64 indices)."""


def bootstrap_ci(
    values: np.ndarray,
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
    clusters: np.ndarray | None = None,
    strata: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bootstrap interval of the mean, resampling rows (instances) with replacement.
    The one interval computation of the project: every page, table, metric and figure shows
    an interval this function drew (through :func:`gralgo.score.aggregate`).

    ``values`` is ``(m,)`` or ``(m, d)``: ``d`` metrics share the same resamples. Returns
    ``(low, high)`` of shape ``()`` or ``(d,)``; ``NaN`` when ``m == 0``. Vectorised: one
    ``(n_resamples, m)`` draw of row indices from ``numpy.random.default_rng(seed)``, turned into
    per-resample row counts with one ``bincount``; the resample means are one matrix product.

    ``clusters`` (one id per row) makes it a cluster bootstrap: rows with the same id (instances
    that overlap heavily) are drawn together, whole clusters with replacement, and a resample's
    mean is its rows' mean (sum over drawn clusters / rows drawn), so overlapping instances do
    not count as independent draws. With every id distinct (or ``None``) it is the row
    bootstrap above, draw for draw.

    ``strata`` (one id per row) makes it a stratified bootstrap of the mean of stratum means
    (a taxonomy's mean of its task means, as Tables 3/5): each stratum (in sorted id order) is
    resampled within itself, by rows or by its clusters, from the one generator. With a single
    stratum (or ``None``) it is the bootstrap above, draw for draw: the same instances get the
    same interval whether or not they are stratified.
    """
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be >= 1, got {n_resamples}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be within (0, 1), got {confidence}")
    data = np.asarray(values, dtype=np.float64)
    width = data.shape[1:] if data.ndim > 1 else ()
    if data.shape[0] == 0:
        return np.full(width, np.nan), np.full(width, np.nan)
    if bool(((data == 0.0).all(axis=0) | (data == 1.0).all(axis=0)).all()):
        # Every metric all 0 or all 1 (all wrong, all right): each resample's mean is exactly
        # that value (integer counts), and so is every quantile. Same bits without the draws;
        # each call has its own generator, so no other interval changes.
        value = (data[0] == 1.0).astype(np.float64)
        return (value.copy(), value) if data.ndim > 1 else (value[()], value[()])
    rng = np.random.default_rng(seed)
    if strata is not None:
        codes = np.unique(np.asarray(strata), return_inverse=True)[1].reshape(-1)
        if len(codes) != data.shape[0]:
            raise ValueError(f"strata has {len(codes)} ids for {data.shape[0]} rows")
        n_strata = int(codes.max()) + 1
        if n_strata > 1:
            ids = None if clusters is None else np.asarray(clusters)
            means = np.zeros((n_resamples, *width))
            for code in range(n_strata):
                rows = np.flatnonzero(codes == code)
                means += _resample_means(rng, data[rows], None if ids is None else ids[rows],
                                         n_resamples)  # fmt: skip
            return _quantiles(means / n_strata, confidence)
    return _quantiles(_resample_means(rng, data, clusters, n_resamples), confidence)


def _resample_means(
    rng: np.random.Generator, data: np.ndarray, clusters: np.ndarray | None, n_resamples: int
) -> np.ndarray:
    """``n_resamples`` bootstrap means of ``data``'s rows (by clusters where some share one)."""
    if clusters is not None:
        clustered = cluster_resample_means(rng, data, clusters, n_resamples)
        if clustered is not None:
            return clustered
    width = data.shape[1:]
    m = data.shape[0]
    # Drawn in blocks of resamples: the same random stream as one (n_resamples, m) draw, but
    # the index and count matrices stay a few MB whatever the number of instances.
    block = max(1, min(n_resamples, _BOOTSTRAP_BLOCK_CELLS // m))
    means = np.empty((n_resamples, *width))
    offsets = (np.arange(block) * m)[:, None]
    for start in range(0, n_resamples, block):
        size = min(block, n_resamples - start)
        rows = rng.integers(0, m, size=(size, m))
        counts = np.bincount((rows + offsets[:size]).ravel(), minlength=size * m)
        means[start : start + size] = counts.reshape(size, m) @ data / m
    return means


def _quantiles(means: np.ndarray, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    tail = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [tail, 1.0 - tail], axis=0)
    return low, high


def cluster_resample_means(
    rng: np.random.Generator, values: np.ndarray, clusters: np.ndarray, n_resamples: int
) -> np.ndarray | None:
    """``n_resamples`` means of ``values`` (rows, ``(m,)`` or ``(m, d)``), each over the rows
    of ``len(clusters)`` clusters drawn with replacement (``clusters``: one id per row);
    ``None`` when every row is its own cluster (the caller's row bootstrap is the same thing).
    The one cluster resampling every interval uses (:func:`bootstrap_ci`)."""
    data = np.asarray(values, dtype=np.float64)
    codes = np.unique(np.asarray(clusters), return_inverse=True)[1].reshape(-1)
    if len(codes) != data.shape[0]:
        raise ValueError(f"clusters has {len(codes)} ids for {data.shape[0]} rows")
    if not len(codes) or int(codes.max()) + 1 == len(codes):
        return None
    sums = np.zeros((int(codes.max()) + 1, *data.shape[1:]))
    np.add.at(sums, codes, data)
    return _cluster_means(rng, sums, np.bincount(codes).astype(np.float64), n_resamples)


def _cluster_means(
    rng: np.random.Generator, sums: np.ndarray, sizes: np.ndarray, n_resamples: int
) -> np.ndarray:
    """Per resample of ``len(sizes)`` clusters drawn with replacement, the mean of their rows
    (``sums``: per cluster, the sum of its rows' values; ``sizes``: its row count)."""
    c = len(sizes)
    block = max(1, min(n_resamples, _BOOTSTRAP_BLOCK_CELLS // c))
    means = np.empty((n_resamples, *sums.shape[1:]))
    offsets = (np.arange(block) * c)[:, None]
    for start in range(0, n_resamples, block):
        size = min(block, n_resamples - start)
        drawn = rng.integers(0, c, size=(size, c))
        counts = np.bincount((drawn + offsets[:size]).ravel(), minlength=size * c)
        counts = counts.reshape(size, c).astype(np.float64)
        rows = counts @ sizes
        totals = counts @ sums
        means[start : start + size] = totals / (rows if totals.ndim == 1 else rows[:, None])
    return means


def correlation_ci(
    x: np.ndarray, y: np.ndarray, resamples: int, seed: int
) -> dict[str, tuple[float, float]]:
    """Percentile bootstrap 95 % intervals of Pearson's r and Spearman's rho over the points
    ``(x, y)`` (pairs resampled with replacement; a resample without spread is skipped; NaN
    when none is left): the analysis' correlation over models."""
    import math

    from scipy import stats

    rng = np.random.default_rng(seed)
    pearson, spearman = [], []
    for _ in range(resamples):
        idx = rng.integers(0, len(x), len(x))
        if np.ptp(x[idx]) == 0 or np.ptp(y[idx]) == 0:
            continue  # a constant resample has no correlation
        pearson.append(stats.pearsonr(x[idx], y[idx])[0])
        spearman.append(stats.spearmanr(x[idx], y[idx])[0])

    def interval(values: list[float]) -> tuple[float, float]:
        if not values:
            return math.nan, math.nan
        low, high = np.quantile(values, [0.025, 0.975])
        return float(low), float(high)

    return {"pearson": interval(pearson), "spearman": interval(spearman)}


def normalized_scores(
    table: pd.DataFrame,
    value: str,
    *,
    model_col: str = "model",
    task_col: str | Sequence[str] = "task",
) -> pd.DataFrame:
    """The paper's normalised scores (Appendix H.2, eq. 5-6) of column ``value``.

    For each task, ``z = (x - mean) / std`` over the models on that task (population std, as
    ``scipy.stats.zscore``), then ``score = 100 * (z - min z) / (max z - min z)`` over the same
    models. ``task_col`` may list several columns (e.g. ``["task", "level"]``) to normalise each
    task at each level separately. Returns a copy of ``table`` with ``{value}_z`` and
    ``{value}_score``; both are ``NaN`` for a task where all models score the same (no spread).
    """
    within = [task_col] if isinstance(task_col, str) else list(task_col)
    missing = [col for col in (value, model_col, *within) if col not in table.columns]
    if missing:
        raise KeyError(f"normalized_scores: missing columns {missing}")
    if table.duplicated([model_col, *within]).any():
        raise ValueError(
            f"normalized_scores: more than one {value!r} per ({model_col}, {', '.join(within)})"
        )
    out = table.copy()
    keys = [out[col] for col in within]
    by_task = out[value].groupby(keys, sort=True, dropna=False)
    spread = by_task.transform(lambda x: x.std(ddof=0))
    z = (out[value] - by_task.transform("mean")) / spread.where(spread > 0)
    z_by_task = z.groupby(keys, sort=True, dropna=False)
    z_min, z_max = z_by_task.transform("min"), z_by_task.transform("max")
    out[f"{value}_z"] = z
    out[f"{value}_score"] = 100.0 * (z - z_min) / (z_max - z_min)
    return out
