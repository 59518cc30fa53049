"""Which split each instance belongs to: the paper's sampling and/or the heuristic-hard one.

A dataset instance lists its splits (``Instance.splits``: ``paper``, ``hard``); the samples and
instances tables carry them as one text column, :data:`SPLITS_COLUMN`, the names joined by
``,`` (``"paper,hard"``). A table without the column, or a row without a value (an older
dataset), is all ``paper``: that is what every dataset held before the hard split existed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

SPLITS_COLUMN = "splits"
PAPER, HARD = "paper", "hard"
DEFAULT_SPLITS: tuple[str, ...] = (PAPER,)


def splits_text(splits: Iterable[str]) -> str:
    """``("paper", "hard")`` -> ``"paper,hard"`` (the column's value)."""
    return ",".join(splits)


def _names(value: object) -> Sequence[str]:
    if isinstance(value, str) and value:
        return value.split(",")
    return DEFAULT_SPLITS


def in_split(table: pd.DataFrame, split: str) -> np.ndarray:
    """Per row of ``table``, whether the instance is in ``split`` (see the module doc)."""
    if SPLITS_COLUMN not in table.columns:
        return np.full(len(table), split == PAPER, dtype=bool)
    memo: dict[object, bool] = {}
    out = np.empty(len(table), dtype=bool)
    for i, value in enumerate(table[SPLITS_COLUMN].tolist()):
        key = value if isinstance(value, str) else None
        if key not in memo:
            memo[key] = split in _names(key)
        out[i] = memo[key]
    return out
