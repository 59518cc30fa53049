"""Guessing baselines: exact formulas, brute force over every guess, leave-one-out, small n."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.score._baselines import (
    GUESS_COLUMNS,
    MIN_BASELINE_N,
    TOO_SMALL,
    baseline_text,
    cell_guess_scores,
    draws_pass_at_k,
    guess_scores,
    majority_cons_at_k,
    top_k_pass_at_k,
)


def brute_draws(answers: list[str], k: int) -> list[float]:
    """Enumerate every k-tuple of draws from the other instances (each equally likely)."""
    out = []
    for i, answer in enumerate(answers):
        others = answers[:i] + answers[i + 1 :]
        hits = sum(answer in draw for draw in itertools.product(others, repeat=k))
        out.append(hits / len(others) ** k)
    return out


def brute_top_k(answers: list[str], k: int) -> list[float]:
    """Average, over every order of the other instances' distinct answers used to break ties,
    whether the instance's answer is among the k most common."""
    out = []
    for i, answer in enumerate(answers):
        counts = Counter(answers[:i] + answers[i + 1 :])
        distinct = sorted(counts)
        orders = list(itertools.permutations(distinct))
        hits = Fraction(0)
        for order in orders:
            rank = {a: j for j, a in enumerate(order)}
            named = sorted(distinct, key=lambda a: (-counts[a], rank[a]))[:k]
            hits += answer in named
        out.append(float(hits / len(orders)))
    return out


def test_hand_computed_cell() -> None:
    # answers a a a b c: for an "a" the others are a a b c -> p = 1/2; for b or c, p = 0.
    answers = ["a", "a", "a", "b", "c"]
    draws = draws_pass_at_k(answers, 2)
    assert draws.tolist() == pytest.approx([0.75, 0.75, 0.75, 0.0, 0.0])
    # top 2 of the others: for an "a": a (2) then b/c tied (1 each) -> a named; for b: the
    # others a a a c -> a, c named, b not; likewise for c.
    assert top_k_pass_at_k(answers, 2).tolist() == [1.0, 1.0, 1.0, 0.0, 0.0]
    assert majority_cons_at_k(answers).tolist() == [1.0, 1.0, 1.0, 0.0, 0.0]
    # a b c d e: every answer unique, so a blind guesser never hits (leave-one-out); with its
    # own answer in the distribution it would score 1/5 per draw.
    assert draws_pass_at_k(list("abcde"), 8).tolist() == [0.0] * 5
    assert top_k_pass_at_k(list("abcde"), 8).tolist() == [0.0] * 5


def test_ties_split_the_last_slots() -> None:
    # for an "a" the others are a a b b c c: three answers tied at 2 for k slots -> k/3 each;
    # for a "b" the others are a a a b c c: a (3) and c (2) come first, b (1) is named at k=3.
    answers = ["a", "a", "a", "b", "b", "c", "c"]
    assert top_k_pass_at_k(answers, 2).tolist() == pytest.approx([2 / 3] * 3 + [0.0] * 4)
    assert majority_cons_at_k(answers).tolist() == pytest.approx([1 / 3] * 3 + [0.0] * 4)
    assert top_k_pass_at_k(answers, 3).tolist() == pytest.approx([1.0] * 7)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from("abcd"), min_size=2, max_size=7),
    st.integers(min_value=1, max_value=3),
)
def test_formulas_match_brute_force(answers: list[str], k: int) -> None:
    assert draws_pass_at_k(answers, k).tolist() == pytest.approx(brute_draws(answers, k))
    assert top_k_pass_at_k(answers, k).tolist() == pytest.approx(brute_top_k(answers, k))


def test_small_cells_have_no_baseline() -> None:
    scores = cell_guess_scores(["a"] * (MIN_BASELINE_N - 1), 4)
    assert all(np.isnan(scores[c]).all() for c in GUESS_COLUMNS)
    scores = cell_guess_scores(["a"] * MIN_BASELINE_N, 4)
    assert all((scores[c] == 1.0).all() for c in GUESS_COLUMNS)
    assert baseline_text(math.nan) == TOO_SMALL
    assert baseline_text(0.4321) == "0.43"


def test_guess_scores_per_cell_and_split() -> None:
    rows = []
    for model in ("m1", "m2"):  # the same instances asked of two models: counted once
        for i, answer in enumerate(["1", "1", "1", "2", "3", "9"]):
            rows.append({"model": model, "task": "t", "level": 1, "format": "f",
                         "context": "standard", "instance_id": f"i{i}",
                         "expected_answer": answer,
                         "splits": "hard" if answer == "9" else "paper"})  # fmt: skip
    rows.append({"model": "m1", "task": "t", "level": 2, "format": "f", "context": "standard",
                 "instance_id": "j", "expected_answer": "1", "splits": None})  # fmt: skip
    inst = pd.DataFrame(rows)
    scores = guess_scores(inst, 2)
    expected = draws_pass_at_k(["1", "1", "1", "2", "3"], 2).tolist()
    assert scores["guess_pass_draws"][:5].tolist() == pytest.approx(expected)
    assert scores["guess_pass_draws"][6:11].tolist() == pytest.approx(expected)
    assert np.isnan(scores["guess_pass_draws"][5])  # hard only: not in the paper distribution
    assert np.isnan(scores["guess_cons"][-1])  # level 2 has one instance: n too small
