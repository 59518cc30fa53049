"""Pinned rules that a plausible off-by-one or first-vs-last slip would break."""

from __future__ import annotations

import pandas as pd
from test_scoring import box, samples_for

from gralgo.score import extract_boxed, instance_metrics, score_samples


def test_cons_at_k_votes_among_sample_index_below_k_not_up_to_k() -> None:
    # k = 2: samples 0 and 1 tie 6-5 and the earlier sample (6) wins: cons@2 = 0.
    # Counting sample 2 too (index <= k) would make 5 the majority: cons@2 = 1.
    scored = score_samples(pd.DataFrame(samples_for("i1", [box(6), box(5), box(5)])))
    row = instance_metrics(scored, k=2).iloc[0]
    assert row["majority_answer"] == "6" and row["cons_at_k"] == 0.0
    assert instance_metrics(scored, k=3).iloc[0]["cons_at_k"] == 1.0


def test_only_text_after_the_last_closing_think_is_scored() -> None:
    text = "<think>first</think> draft \\boxed{2} <think>reconsider</think> I am not sure."
    assert extract_boxed(text) is None  # the first </think> would leave \boxed{2} in play
    text = "<think>a</think> draft \\boxed{2} <think>b \\boxed{9}</think> final \\boxed{4}"
    assert extract_boxed(text) == "4"
