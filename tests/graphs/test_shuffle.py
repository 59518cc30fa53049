"""graphs._shuffle.shuffle draws and permutes exactly as random.Random.shuffle."""

from __future__ import annotations

import random

import pytest

from gralgo.graphs._shuffle import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 64, 65, 300, 1025])
def test_same_permutation_and_draws_as_random_shuffle(size: int) -> None:
    for seed in range(20):
        expected, got = list(range(size)), list(range(size))
        stock, fast = random.Random(seed), random.Random(seed)
        stock.shuffle(expected)
        shuffle(got, fast)
        assert got == expected
        assert fast.getstate() == stock.getstate()  # the same draws, so later draws match


def test_other_generators_use_their_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(items, Reversing(0))
    assert items == [3, 2, 1]
