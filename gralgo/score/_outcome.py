"""The outcome of one sample: correct, wrong, no answer, truncated, or error.

Rules, in order:

1. ``error`` — the call failed (``error_class`` is set). Whatever text exists is ignored; errors
   are never scored as wrong and are left out of every accuracy denominator.
2. ``truncated`` — no complete boxed answer and the finish reason is ``"length"``.
3. ``no_answer`` — no complete boxed answer (empty content, no box, an unclosed box, an empty box).
4. ``correct`` / ``wrong`` — the task's check (``Task.check``: by default, the normalised boxed
   answer equals the normalised expected answer) passes / fails. A complete boxed answer is
   scored even when the finish reason is ``"length"``: the model committed to that answer before
   it ran out of tokens.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum


class Outcome(StrEnum):
    """What happened to one sample."""

    CORRECT = "correct"
    WRONG = "wrong"
    NO_ANSWER = "no_answer"
    TRUNCATED = "truncated"
    ERROR = "error"


OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
"""All outcomes, in reporting order."""

LENGTH_FINISH_REASON = "length"


def classify_outcome(
    answer: str | None,
    expected: str | None,
    finish_reason: str | None,
    error_class: str | None,
    check: Callable[[str, str | None], bool] | None = None,
) -> Outcome:
    """The outcome of one sample from its normalised answer and expected answer (see module doc).

    ``check`` is the task's answer check (``Task.check``); ``None`` compares the strings.
    ``expected`` is ``None`` only for a malformed instance; then no answer can be correct.
    """
    if error_class:
        return Outcome.ERROR
    if answer is None:
        return Outcome.TRUNCATED if finish_reason == LENGTH_FINISH_REASON else Outcome.NO_ANSWER
    correct = answer == expected if check is None else check(answer, expected)
    return Outcome.CORRECT if correct else Outcome.WRONG
