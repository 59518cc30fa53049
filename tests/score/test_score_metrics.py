"""pass@k, cons@k, bootstrap intervals and z-score normalisation as pure functions."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from gralgo.score import (
    bootstrap_ci,
    cons_at_k,
    majority_vote,
    normalized_scores,
    pass_at_k,
    pass_at_k_array,
)


def brute_force_pass_at_k(n: int, c: int, k: int) -> Fraction:
    """Share of the k-subsets of n samples (c of them correct) that hold a correct one."""
    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(range(n), k))
    hits = sum(any(samples[i] for i in subset) for subset in subsets)
    return Fraction(hits, len(subsets))


@given(
    st.integers(1, 10).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n))
    )
)
def test_pass_at_k_matches_brute_force(case: tuple[int, int, int]) -> None:
    n, c, k = case
    assert pass_at_k(n, c, k) == pytest.approx(float(brute_force_pass_at_k(n, c, k)), abs=1e-12)


@pytest.mark.parametrize("c", range(9))
def test_n_equal_k_is_any_correct(c: int) -> None:
    assert pass_at_k(8, c, 8) == (1.0 if c > 0 else 0.0)


def test_fewer_successful_samples_than_k_uses_all_of_them() -> None:
    assert pass_at_k(3, 0, 8) == 0.0
    assert pass_at_k(3, 1, 8) == 1.0


def test_unbiased_estimator_known_value() -> None:
    # 1 - C(14, 8) / C(16, 8) = 1 - (8 * 7) / (16 * 15)
    assert pass_at_k(16, 2, 8) == pytest.approx(1 - 56 / 240, abs=1e-15)


@pytest.mark.parametrize(("n", "c", "k"), [(0, 0, 1), (3, 4, 1), (3, -1, 1), (3, 1, 0)])
def test_invalid_counts_are_rejected(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)


def test_pass_at_k_array_matches_scalar_and_marks_empty() -> None:
    n = np.array([8, 8, 0, 5, 16, 3])
    c = np.array([0, 3, 0, 5, 2, 1])
    got = pass_at_k_array(n, c, 8)
    assert np.isnan(got[2])
    for i in (0, 1, 3, 4, 5):
        assert got[i] == pass_at_k(int(n[i]), int(c[i]), 8)


def test_majority_vote_and_tie_rule() -> None:
    assert majority_vote(["3", "4", "4", None, None, None]) == "4"
    # 2-2 tie: the answer whose first vote comes first wins.
    assert majority_vote(["4", "3", "3", "4"]) == "4"
    assert majority_vote([None, "3", "4", "4", "3"]) == "3"
    assert majority_vote([None, None]) is None
    assert majority_vote([]) is None


def test_cons_at_k() -> None:
    assert cons_at_k(["5", "5", "6"], "5") == 1.0
    assert cons_at_k(["6", "5", "5", "6"], "5") == 0.0  # tie goes to "6", seen first
    assert cons_at_k([None, None, None], "5") == 0.0  # nobody voted
    assert cons_at_k([None, None, "5"], "5") == 1.0  # no-answers do not vote


def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    rng = np.random.default_rng(1)
    values = rng.random((200, 3))
    low, high = bootstrap_ci(values, n_resamples=500, seed=7)
    low2, high2 = bootstrap_ci(values, n_resamples=500, seed=7)
    assert np.array_equal(low, low2) and np.array_equal(high, high2)
    assert low.shape == (3,)
    assert np.all(low < values.mean(axis=0)) and np.all(values.mean(axis=0) < high)
    assert np.all(high - low < 0.2)
    other_low, _ = bootstrap_ci(values, n_resamples=500, seed=8)
    assert not np.array_equal(low, other_low)


def test_bootstrap_edge_cases() -> None:
    low, high = bootstrap_ci(np.ones(10))
    assert low == 1.0 and high == 1.0
    low, high = bootstrap_ci(np.array([]))
    assert np.isnan(low) and np.isnan(high)
    with pytest.raises(ValueError):
        bootstrap_ci(np.ones(3), confidence=1.5)


@pytest.mark.parametrize(
    "values",
    [np.ones(7), np.zeros(30), np.array([[0.0, 1.0, 0.0]] * 12), np.array([[1.0, 1.0]] * 3)],
)
def test_bootstrap_of_all_right_or_all_wrong_skips_the_draws_with_the_same_bits(
    values: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_draws(*args: object, **kwargs: object) -> object:
        raise AssertionError("drew resamples for a constant group")

    reference = _drawn_bootstrap(values)  # computed before the generator is disabled
    monkeypatch.setattr(np.random, "default_rng", no_draws)
    low, high = bootstrap_ci(values)
    for got, ref in ((low, reference[0]), (high, reference[1])):
        assert type(got) is type(ref) and np.shape(got) == np.shape(ref)
        assert np.array_equal(got, ref) and np.asarray(got).tobytes() == np.asarray(ref).tobytes()
    mixed = np.array([[0.0, 1.0], [0.0, 0.1]])  # 0.1 is neither: the draws are needed
    with pytest.raises(AssertionError, match="constant group"):
        bootstrap_ci(mixed)


def _drawn_bootstrap(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The percentile interval from 1,000 drawn resamples (seed 0), as bootstrap_ci draws them."""
    data = np.asarray(values, dtype=np.float64)
    rng = np.random.default_rng(0)
    rows = rng.integers(0, data.shape[0], size=(1000, data.shape[0]))
    means = data[rows].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975], axis=0)
    return low, high


def test_normalized_scores_follow_eq_5_and_6() -> None:
    table = pd.DataFrame(
        {
            "model": ["a", "b", "c", "a", "b", "c", "a", "b", "c"],
            "task": ["t1"] * 3 + ["t2"] * 3 + ["t3"] * 3,
            "pass_at_k": [0.2, 0.5, 0.8, 0.9, 0.1, 0.3, 0.4, 0.4, 0.4],
        }
    )
    out = normalized_scores(table, "pass_at_k")
    t1 = out[out["task"] == "t1"]
    assert np.allclose(t1["pass_at_k_z"], stats.zscore([0.2, 0.5, 0.8]))
    assert np.allclose(t1["pass_at_k_score"], [0.0, 50.0, 100.0])
    t2 = out[out["task"] == "t2"]
    assert np.allclose(t2["pass_at_k_score"], [100.0, 0.0, 25.0])
    assert out[out["task"] == "t3"]["pass_at_k_score"].isna().all()  # no spread
    with pytest.raises(ValueError):
        normalized_scores(pd.concat([table, table]), "pass_at_k")


def test_normalized_scores_within_task_and_level() -> None:
    table = pd.DataFrame(
        {
            "model": ["a", "b", "a", "b"],
            "task": ["t"] * 4,
            "level": [1, 1, 2, 2],
            "cons_at_k": [0.9, 0.1, 0.2, 0.6],
        }
    )
    out = normalized_scores(table, "cons_at_k", task_col=["task", "level"])
    assert out["cons_at_k_score"].tolist() == [100.0, 0.0, 0.0, 100.0]
    assert np.allclose(out["cons_at_k_z"], [1.0, -1.0, -1.0, 1.0])


def test_bootstrap_blocks_match_one_draw() -> None:
    """Drawing resamples in blocks (bounded memory) is the same bootstrap as one big draw."""
    import numpy as np

    from gralgo.score._metrics import _BOOTSTRAP_BLOCK_CELLS

    def one_draw(data: np.ndarray, n: int) -> np.ndarray:
        rng = np.random.default_rng(0)
        m = data.shape[0]
        rows = rng.integers(0, m, size=(n, m))
        counts = np.bincount((rows + (np.arange(n) * m)[:, None]).ravel(), minlength=n * m)
        means = counts.reshape(n, m) @ data / m
        return np.quantile(means, [0.025, 0.975], axis=0)

    rng = np.random.default_rng(3)
    m = _BOOTSTRAP_BLOCK_CELLS // 7 + 3  # several blocks, the last one short
    for data in (rng.random(m), rng.integers(0, 9, size=(m, 3)) / 8):
        low, high = bootstrap_ci(data, n_resamples=40)
        expected = one_draw(np.asarray(data, dtype=np.float64), 40)
        np.testing.assert_allclose([low, high], expected, rtol=1e-12, atol=1e-15)


def test_scoring_boxed_answers_taken_while_reading_equals_scoring_texts() -> None:
    """A table with ``extracted`` (boxed parts taken by the reader) instead of ``answer_text``
    scores exactly as the texts do: empty boxes, no box, errors, truncation, other tasks."""
    from gralgo.score import boxed_answer, score_samples

    texts = ["\\boxed{3}", "so \\boxed{}", "no box", None, "", "\\boxed{ 3 }", "\\boxed{Paris}"]
    rows = []
    for i, text in enumerate(texts):
        for task, kind, expected in (("max_degree", "integer", "3"), ("diameter", "integer", "4")):
            rows.append({
                "model": "m", "instance_id": f"{task}-{i}", "task": task, "level": 1,
                "taxonomy": "enumeration", "complexity": "easy",
                "format": "edge_list", "context": "standard", "sample_index": 0,
                "answer_kind": kind, "expected": expected, "answer_text": text,
                "finish_reason": "length" if i == 2 else "stop",
                "error_class": "Timeout" if i == 3 else None,
            })  # fmt: skip
    frame = pd.DataFrame(rows)
    by_text = score_samples(frame)
    pre = frame.assign(extracted=frame["answer_text"].map(boxed_answer)).drop(
        columns=["answer_text"]
    )
    by_box = score_samples(pre)
    for column in ("extracted", "answer", "expected_answer", "outcome", "correct"):
        assert by_box[column].tolist() == by_text[column].tolist(), column


def test_cluster_bootstrap_widens_the_interval_of_copies() -> None:
    """4 copies of one instance among 8 are one draw, not four: the interval must widen."""
    values = np.array([1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0])
    independent = bootstrap_ci(values, n_resamples=4000, seed=3)
    copies = bootstrap_ci(values, n_resamples=4000, seed=3,
                          clusters=np.array(["c", "c", "c", "c", "a", "b", "d", "e"]))  # fmt: skip
    assert copies[1] - copies[0] > independent[1] - independent[0] + 0.1
    # each instance its own cluster: the row bootstrap, draw for draw
    own = bootstrap_ci(values, n_resamples=500, seed=3, clusters=np.arange(8))
    assert [float(x) for x in own] == [float(x) for x in bootstrap_ci(values, n_resamples=500,
                                                                      seed=3)]  # fmt: skip


def test_cluster_bootstrap_means_are_row_means() -> None:
    """A resample's mean is over the rows of the drawn clusters (sizes differ)."""
    values = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    low, high = bootstrap_ci(values, n_resamples=2000, seed=0, clusters=np.array([7, 7, 9]))
    # two clusters: {7,7} (2 rows of [1, 0]) and {9}: resamples 77 -> 1, 99 -> 0, 79 -> 2/3
    assert low.tolist() == [0.0, 0.0] and high.tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="clusters"):
        bootstrap_ci(values, clusters=np.array([1, 2]))


def test_stratified_bootstrap_resamples_within_each_stratum() -> None:
    """``strata``: the interval of the mean of stratum means, each stratum resampled within
    itself (a taxonomy's mean of its task means); one stratum is the plain bootstrap, draw for
    draw, so a taxonomy of one task shows that task's interval."""
    values = np.array([0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0])
    plain = bootstrap_ci(values, n_resamples=300, seed=5)
    one = bootstrap_ci(values, n_resamples=300, seed=5, strata=np.array(["t"] * 10))
    assert [float(x) for x in one] == [float(x) for x in plain]
    # stratum "a" all right, stratum "b" all wrong: every resample's mean of means is 0.5
    constant = bootstrap_ci(np.array([1.0, 1.0, 0.0, 0.0]), n_resamples=50, seed=1,
                            strata=np.array(["a", "a", "b", "b"]))  # fmt: skip
    assert [float(x) for x in constant] == [0.5, 0.5]
    # the mean of means of an unequal split, not the pooled mean
    low, high = bootstrap_ci(np.array([1.0, 1.0, 1.0, 0.0, 0.0, 1.0]), n_resamples=2000, seed=2,
                             strata=np.array(["a", "a", "a", "a", "b", "b"]))  # fmt: skip
    assert low < 0.625 < high
    with pytest.raises(ValueError, match="strata"):
        bootstrap_ci(values, strata=np.array(["a"]))
