"""Guessing baselines as pure functions: what a guesser that never reads the graph scores.

A *cell* is one task at one level (in one format and context). The guesser knows the cell's
distribution of expected answers, **leave-one-out**: for instance ``i`` it sees the answers of
the cell's *other* instances only (counts ``c(a) - [a == a_i]`` over ``m - 1`` instances), so
it cannot know the instance it is guessing (with its own answer in the distribution every
unique answer would score a free ``1/m``). Per instance, with ``p_i = (c(a_i) - 1) / (m - 1)``:

* **pass@k, k draws** (:func:`draws_pass_at_k`): ``k`` independent draws from that
  distribution; at least one is right with probability ``1 - (1 - p_i)^k``.
* **pass@k, top k** (:func:`top_k_pass_at_k`): it names the ``k`` most common answers of the
  other instances; ``1`` when ``a_i`` is among them. Ties at the ``k``-th place are broken
  uniformly at random, so an answer tied with ``T`` others for ``s`` remaining slots scores
  ``s / T`` (the expected value, no arbitrary order).
* **cons@k, majority guess** (:func:`majority_cons_at_k`): one answer, the most common one of
  the other instances: the top-k guess with ``k = 1`` (whatever ``k`` the job uses, a
  majority vote yields one answer).

A cell's baseline is the mean over its instances. Below :data:`MIN_BASELINE_N` instances a
cell has no baseline (``NaN``; the reports write :data:`TOO_SMALL`): with so few, any guess is
close to 0 or 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from gralgo.score._splits import PAPER, in_split

if TYPE_CHECKING:
    import pandas as pd

MIN_BASELINE_N = 5
"""A cell with fewer instances than this has no guessing baseline."""
TOO_SMALL = "n too small"
"""What a report shows instead of a baseline computed on fewer than :data:`MIN_BASELINE_N`."""
GUESS_COLUMNS: tuple[str, ...] = ("guess_pass_draws", "guess_pass_top_k", "guess_cons")
"""Per-instance baseline columns (:func:`guess_scores`): k draws, top k (both against
pass@k), majority guess (against cons@k)."""
GUESS_LABELS: dict[str, str] = {
    "guess_pass_draws": "baseline p@k (k draws)",
    "guess_pass_top_k": "baseline p@k (top-k answers)",
    "guess_cons": "baseline c@k (majority guess)",
}
"""How the reports name each baseline: the metric it stands beside, then the guesser."""
GUESS_METRIC: dict[str, str] = {
    "guess_pass_draws": "pass_at_k",
    "guess_pass_top_k": "pass_at_k",
    "guess_cons": "cons_at_k",
}
"""The metric each baseline is compared with."""


def _others(answers: Sequence[str]) -> tuple[Counter[str], int]:
    if len(answers) < 2:
        raise ValueError(f"a leave-one-out baseline needs at least 2 instances, got {len(answers)}")
    return Counter(answers), len(answers) - 1


def draws_pass_at_k(answers: Sequence[str], k: int) -> np.ndarray:
    """Per instance, ``1 - (1 - p_i)^k`` with ``p_i`` its answer's leave-one-out share."""
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    counts, others = _others(answers)
    share = np.array([(counts[a] - 1) / others for a in answers], dtype=np.float64)
    return 1.0 - (1.0 - share) ** k


def top_k_pass_at_k(answers: Sequence[str], k: int) -> np.ndarray:
    """Per instance, the chance its answer is among the ``k`` most common answers of the other
    instances (ties at the ``k``-th place broken uniformly at random)."""
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    counts, _ = _others(answers)
    scores = np.empty(len(answers), dtype=np.float64)
    memo: dict[str, float] = {}
    for i, answer in enumerate(answers):
        if answer not in memo:
            others = counts.copy()
            others[answer] -= 1
            memo[answer] = _named_chance(others, answer, k)
        scores[i] = memo[answer]
    return scores


def _named_chance(others: Counter[str], answer: str, k: int) -> float:
    """The chance that ``answer`` is among the ``k`` most common of ``others`` (random ties)."""
    mine = others[answer]
    if mine <= 0:
        return 0.0
    ranked = sorted((c for c in others.values() if c > 0), reverse=True)
    if len(ranked) <= k:
        return 1.0
    threshold = ranked[k - 1]
    if mine > threshold:
        return 1.0
    if mine < threshold:
        return 0.0
    above = sum(1 for c in ranked if c > threshold)
    tied = sum(1 for c in ranked if c == threshold)
    return (k - above) / tied


def majority_cons_at_k(answers: Sequence[str]) -> np.ndarray:
    """Per instance, the chance the most common answer of the other instances is its own."""
    return top_k_pass_at_k(answers, 1)


def cell_guess_scores(answers: Sequence[str], k: int) -> dict[str, np.ndarray]:
    """:data:`GUESS_COLUMNS` for one cell's instances (one expected answer each, in order);
    ``NaN`` everywhere when the cell has fewer than :data:`MIN_BASELINE_N` instances."""
    if len(answers) < MIN_BASELINE_N:
        return {column: np.full(len(answers), np.nan) for column in GUESS_COLUMNS}
    return {
        "guess_pass_draws": draws_pass_at_k(answers, k),
        "guess_pass_top_k": top_k_pass_at_k(answers, k),
        "guess_cons": majority_cons_at_k(answers),
    }


CELL_KEYS: tuple[str, ...] = ("task", "level", "format", "context")
"""What makes a cell: its instances share one answer distribution."""


def guess_scores(inst: pd.DataFrame, k: int) -> dict[str, np.ndarray]:
    """:data:`GUESS_COLUMNS` for every row of an instances table (one row per model and
    instance, with ``instance_id`` and ``expected_answer``): each cell's distribution is over
    its distinct instances of the ``paper`` split (:mod:`gralgo.score._splits`); a row outside
    that split, without an expected answer, or in a cell of fewer than :data:`MIN_BASELINE_N`
    instances, gets ``NaN``."""
    out = {column: np.full(len(inst), np.nan) for column in GUESS_COLUMNS}
    if inst.empty:
        return out
    keys = [c for c in CELL_KEYS if c in inst.columns]
    paper = in_split(inst, PAPER)
    ids = inst["instance_id"].astype(str).tolist()
    expected = inst["expected_answer"].astype(str).tolist()
    cells = inst.groupby(keys, sort=True, dropna=False).indices
    answered = inst["expected_answer"].map(lambda a: isinstance(a, str)).to_numpy(dtype=bool)
    for positions in cells.values():
        members = [int(p) for p in positions if paper[p] and answered[p]]
        first: dict[str, int] = {}
        for p in members:
            first.setdefault(ids[p], p)
        answers = [expected[p] for p in first.values()]
        scores = cell_guess_scores(answers, k)
        where = {instance: j for j, instance in enumerate(first)}
        rows = np.array(members, dtype=np.intp)
        picks = np.array([where[ids[p]] for p in members], dtype=np.intp)
        for column in GUESS_COLUMNS:
            out[column][rows] = scores[column][picks]
    return out


def baseline_text(value: float | None, digits: int = 2) -> str:
    """A baseline as the reports write it: the number, or :data:`TOO_SMALL` when absent."""
    if value is None or value != value:
        return TOO_SMALL
    return f"{value:.{digits}f}"
