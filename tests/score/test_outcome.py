"""Outcome rules: error first, then truncated / no answer, then correct / wrong."""

from __future__ import annotations

import pytest

from gralgo.score import Outcome, classify_outcome


@pytest.mark.parametrize(
    ("answer", "expected", "finish", "error", "outcome"),
    [
        ("5", "5", "stop", None, Outcome.CORRECT),
        ("6", "5", "stop", None, Outcome.WRONG),
        (None, "5", "stop", None, Outcome.NO_ANSWER),
        (None, "5", None, None, Outcome.NO_ANSWER),
        (None, "5", "length", None, Outcome.TRUNCATED),
        # A complete box before the length limit is still scored.
        ("5", "5", "length", None, Outcome.CORRECT),
        ("6", "5", "length", None, Outcome.WRONG),
        # Errors are errors whatever text exists; never wrong.
        ("6", "5", "stop", "RateLimitError", Outcome.ERROR),
        (None, "5", "length", "Timeout", Outcome.ERROR),
        ("5", None, "stop", None, Outcome.WRONG),
    ],
)
def test_outcome_rules(
    answer: str | None,
    expected: str | None,
    finish: str | None,
    error: str | None,
    outcome: Outcome,
) -> None:
    assert classify_outcome(answer, expected, finish, error) is outcome


def test_outcome_values_are_stable_strings() -> None:
    assert [o.value for o in Outcome] == ["correct", "wrong", "no_answer", "truncated", "error"]
