"""Programmatic T-hat and outcome efficiency (Eq. 2) on hand-made responses with known answers."""

from __future__ import annotations

import math

import pytest

from gralgo.analysis import (
    EfficiencyResult,
    first_correct_segment,
    mean_efficiency,
    outcome_efficiency,
    prefix_token_counts,
    segment_at_markers,
    states_answer,
    tokenizer_for_model,
)
from gralgo.formats import count_tokens


def test_states_answer_boxed_and_final_number() -> None:
    assert states_answer("so it is \\boxed{1,234}.", "1234", "integer")
    assert states_answer("the maximum degree is 7", "7", "integer")
    assert not states_answer("node 7 has degree 5", "7", "integer")  # final number is 5
    assert not states_answer("\\boxed{8} no", "7", "integer")
    assert states_answer("\\boxed{7} then 9", "7", "integer")  # a box states it outright


def test_states_answer_node_names() -> None:
    assert states_answer("check all\nThe node is Rue de Rivoli.", "rue de rivoli", "node")
    assert states_answer("\\boxed{\\text{Zürich}}", "Zürich", "node")
    assert not states_answer("Rue de Rivoli first\nthen Boulevard", "Rue de Rivoli", "node")


def test_first_correct_segment_is_the_first_stating_the_answer() -> None:
    text = (
        "A has degree 3, B has degree 5, C has 2. So the maximum is 5. Wait, recount C: 2. "
        "But I am sure: the answer is \\boxed{5}."
    )
    segments = segment_at_markers(text)
    assert first_correct_segment(segments, "5", "integer") == 1
    assert first_correct_segment(segments, "9", "integer") is None


def test_prefix_token_counts_add_up_to_the_whole_text() -> None:
    text = "We count edges. Wait, recount them.\n\nSo the total is 12 and so on"
    cuts = [s.end for s in segment_at_markers(text)][:-1]
    counts = prefix_token_counts(text, cuts)
    assert counts[-1] == count_tokens(text)
    assert list(counts) == sorted(counts)
    assert counts[0] == count_tokens("We count edges.")
    assert counts[1] == count_tokens("We count edges. Wait, recount them.\n\n")


def test_outcome_efficiency_ratio_and_mean() -> None:
    text = "The answer is 4. Wait, double-check: the graph has edges a-b, b-c, c-d. So 4 again."
    segments = segment_at_markers(text)
    result = outcome_efficiency(text, segments, first_correct_segment(segments, "4", "integer"))
    assert result.first_correct == 0
    assert result.tokens_total == count_tokens(text)
    assert result.tokens_to_answer == count_tokens("The answer is 4.")  # the space goes right
    assert result.ratio == pytest.approx(result.tokens_to_answer / result.tokens_total)
    assert 0 < result.ratio < 0.5
    missing = outcome_efficiency(text, segments, None)
    assert missing.ratio is None
    zeta, n = mean_efficiency([result, missing, EfficiencyResult(1, 10, 10, "cl100k_base")])
    assert n == 2
    assert zeta == pytest.approx((result.ratio + 1.0) / 2)
    assert math.isnan(mean_efficiency([missing])[0])
    with pytest.raises(IndexError):
        outcome_efficiency(text, segments, 99)


def test_tokenizer_for_model() -> None:
    assert tokenizer_for_model("openai/gpt-5-mini") == "o200k_base"
    assert tokenizer_for_model("hosted_vllm/Qwen/Qwen3-32B") == "cl100k_base"
    assert tokenizer_for_model(None) == "cl100k_base"
