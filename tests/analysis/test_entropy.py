"""Entropy from top-N logprobs: exact values, the lower bound, monotonicity, ranking, segments."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gralgo.analysis import (
    TokenLogprobs,
    dropped_mass,
    rank_high_entropy_tokens,
    segment_at_high_entropy,
    token_entropy,
)


def test_uniform_and_certain_steps() -> None:
    with np.errstate(divide="ignore"):
        lp = np.log(np.array([[0.25, 0.25, 0.25, 0.25], [1.0, 0.0, 0.0, 0.0]]))
    assert token_entropy(lp) == pytest.approx([math.log(4), 0.0])
    # Renormalised: two equal candidates holding only 60 % of the mass still give log 2.
    assert token_entropy(np.log([[0.3, 0.3]])) == pytest.approx([math.log(2)])
    assert dropped_mass(np.log([[0.3, 0.3]])) == pytest.approx([0.4])
    assert token_entropy(np.full((1, 3), -np.inf)) == pytest.approx([0.0])
    assert token_entropy(np.zeros((0, 5))).shape == (0,)


@given(st.lists(st.floats(min_value=1e-6, max_value=1.0), min_size=2, max_size=40))
def test_top_n_entropy_is_a_lower_bound_non_decreasing_in_n(weights: list[float]) -> None:
    p = np.sort(np.array(weights) / sum(weights))[::-1]
    full = float(-(p * np.log(p)).sum())
    previous = 0.0
    for n in range(1, len(p) + 1):
        h = float(token_entropy(np.log(p[None, :n]))[0])
        assert h <= full + 1e-9
        assert h >= previous - 1e-9
        previous = h
    assert previous == pytest.approx(full)


def test_token_logprobs_checks_its_shape() -> None:
    with pytest.raises(ValueError):
        TokenLogprobs(("a", "b"), np.zeros((3, 2)))


def test_ranking_respects_min_count_and_skips_punctuation() -> None:
    responses = [
        ([" Wait", ",", " the", " so"], np.array([2.0, 3.0, 0.1, 1.0])),
        (["wait", " the", " So", "!"], np.array([1.0, 0.3, 1.4, 5.0])),
        ([" rare"], np.array([9.0])),
    ]
    ranked = rank_high_entropy_tokens(responses, min_count=2)
    assert [(s.token, s.count) for s in ranked] == [("wait", 2), ("so", 2), ("the", 2)]
    assert ranked[0].mean_entropy == pytest.approx(1.5)
    assert ranked[1].mean_entropy == pytest.approx(1.2)
    assert [s.token for s in rank_high_entropy_tokens(responses, min_count=1, top=1)] == ["rare"]
    with pytest.raises(ValueError):
        rank_high_entropy_tokens(responses, min_count=0)


def test_segmentation_at_high_entropy_word_tokens() -> None:
    tokens = ["The", " sum", " is", " 4", ".", " Hmm", ",", " check", "ing", " again"]
    entropy = np.array([0.1, 0.2, 0.1, 0.3, 0.0, 2.0, 0.1, 0.2, 3.0, 0.1])
    segments = segment_at_high_entropy(tokens, entropy, threshold=1.0)
    text = "".join(tokens)
    # "ing" is high-entropy but continues a word, so only "Hmm" splits.
    assert [s.text for s in segments] == ["The sum is 4. ", ", checking again"]
    assert segments[1].marker == "Hmm"
    assert all(text[s.start : s.end] == s.text for s in segments)
    assert len(segment_at_high_entropy(tokens, entropy, quantile=0.75)) == 2
    assert segment_at_high_entropy([], np.zeros(0))[0].text == ""


def test_entropy_statistics_over_processes_equal_serial(tmp_path) -> None:
    from gralgo.analysis._entropy_pipeline import entropy_statistics
    from gralgo.ledger import LogprobStore, SampleLogprobs

    rng = np.random.default_rng(0)
    store = LogprobStore(tmp_path / "ledger.sqlite")
    keys = []
    for i in range(7):
        top = np.log(rng.dirichlet(np.ones(3), size=12)).astype(np.float32)
        tokens = tuple(f" w{j % 4}" for j in range(12))
        store.record(f"k{i}", 0, SampleLogprobs(tokens, top[:, 0], top))
        keys.append((f"k{i}", 0))
    store.close()
    serial = entropy_statistics([tmp_path / "ledger.sqlite"], [*keys, ("absent", 0)], workers=1)
    parallel = entropy_statistics([tmp_path / "ledger.sqlite"], keys, workers=2, chunk=2)
    assert [r["key"] for r in parallel.rows] == keys == [r["key"] for r in serial.rows]
    assert parallel.counts == serial.counts == {"w0": 21, "w1": 21, "w2": 21, "w3": 21}
    for token, total in serial.sums.items():
        assert parallel.sums[token] == pytest.approx(total)


@given(st.lists(st.floats(min_value=1e-6, max_value=1.0), min_size=3, max_size=40))
def test_upper_bound_brackets_the_full_entropy(weights: list[float]) -> None:
    """Top-N lower bound <= full entropy <= the upper bound, for every N; equal at N = V."""
    from gralgo.analysis._token_entropy import entropy_upper_bound

    p = np.sort(np.array(weights) / sum(weights))[::-1]
    full = float(-(p * np.log(p)).sum())
    for n in range(1, len(p) + 1):
        top = np.log(p[None, :n])
        low = float(token_entropy(top)[0])
        high = float(entropy_upper_bound(top, vocab_size=len(p))[0])
        assert low <= full + 1e-9 <= high + 2e-9
    assert float(entropy_upper_bound(np.log(p[None, :]), vocab_size=len(p))[0]) == pytest.approx(
        full
    )


def test_upper_bound_hand_computed() -> None:
    from gralgo.analysis._token_entropy import entropy_upper_bound

    # Top-2 of 0.3 / 0.3 (s = 0.6) in a vocabulary of 10: h(0.6) + 0.6 log 2 + 0.4 log 8.
    h = -(0.6 * math.log(0.6) + 0.4 * math.log(0.4))
    expected = h + 0.6 * math.log(2) + 0.4 * math.log(8)
    assert entropy_upper_bound(np.log([[0.3, 0.3]]), 10) == pytest.approx([expected])


def test_entropy_at_another_temperature_is_eq4_of_the_full_distribution() -> None:
    """Issue 36 item 4: from T = 1 logprobs of the whole vocabulary, scale = 1/T gives the
    entropy of softmax(z / T) exactly; from the top N only, the bounds still hold at T."""
    import numpy as np

    from gralgo.analysis._token_entropy import entropy_bounds

    rng = np.random.default_rng(0)
    logits = rng.normal(0, 2, size=(6, 50))

    def log_softmax(z: np.ndarray) -> np.ndarray:
        z = z - z.max(axis=1, keepdims=True)
        return z - np.log(np.exp(z).sum(axis=1, keepdims=True))

    stored = log_softmax(logits)  # what a server returns at T = 1
    for t in (0.6, 1.0, 1.7):
        exact_lp = log_softmax(logits / t)
        exact = -(np.exp(exact_lp) * exact_lp).sum(axis=1)
        full, full_upper, full_rest = entropy_bounds(stored, vocab_size=50, scale=1 / t)
        assert full == pytest.approx(exact, abs=1e-9)
        assert full_upper == pytest.approx(exact, abs=1e-6) and np.all(full_rest < 1e-9)
        top = -np.sort(-stored, axis=1)[:, :5]  # the top 5 only
        low, high, rest = entropy_bounds(top, vocab_size=50, scale=1 / t)
        true_rest = 1 - np.exp(-np.sort(-exact_lp, axis=1)[:, :5]).sum(axis=1)
        assert np.all(low <= exact + 1e-9) and np.all(exact <= high + 1e-9)
        assert np.all(rest >= true_rest - 1e-12)
