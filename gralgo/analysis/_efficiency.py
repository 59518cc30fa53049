"""Outcome efficiency (paper Eq. 2): how much of a correct response comes before its answer.

``zeta = mean_i(T_hat_i / T_i)`` over the responses that contain the correct answer, where
``T_i`` is the response length in tokens and ``T_hat_i`` the tokens up to (and including) the
first segment that states the correct answer. The paper locates that segment with a judge; this
module also locates it programmatically (:func:`first_correct_segment`), so the two can be
compared (the over-thinking analysis reports both and their agreement).

Token counts: the evaluated model's tokenizer where one is known offline (OpenAI models, via
:func:`tokenizer_for_model`), else ``cl100k_base``; every result names the tokenizer it used.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gralgo.analysis._text_split import Segment
from gralgo.score import normalize_answer

DEFAULT_TOKENIZER = "cl100k_base"
_O200K_MODELS = re.compile(r"(?:^|/)(?:gpt-4o|gpt-4\.1|gpt-5|o1|o3|o4)", re.IGNORECASE)
# A number not glued to a word or a period: ``(?<![\w.])[+-]?\d[\d,]*(?:\.\d+)?(?!\w)``, written
# to start with a character class (the lookbehind is checked after the first character) so the
# regex engine jumps between candidate characters instead of trying every position: same
# matches, about 1.7x faster on long responses.
_NUMBER = re.compile(r"[+\-\d](?<![\w.].)(?:(?<=\d)|(?<=[+\-])\d)[\d,]*(?:\.\d+)?(?!\w)")
_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
_BRACE = re.compile(r"\\[{}]|[{}]")


@dataclass(frozen=True)
class EfficiencyResult:
    """Outcome efficiency of one response."""

    first_correct: int | None
    """Index of the first segment stating the correct answer; ``None``: not found."""
    tokens_total: int
    """``T_i``: tokens in the whole response."""
    tokens_to_answer: int | None
    """``T_hat_i``: tokens up to the end of the first correct segment."""
    tokenizer: str
    """The tokenizer used to count (``cl100k_base`` when the model's own is unknown)."""

    @property
    def ratio(self) -> float | None:
        """``T_hat_i / T_i``, or ``None`` when no correct segment was found."""
        if self.tokens_to_answer is None or self.tokens_total == 0:
            return None
        return self.tokens_to_answer / self.tokens_total


def tokenizer_for_model(litellm_model: str | None) -> str:
    """The offline tiktoken tokenizer of an OpenAI model, else :data:`DEFAULT_TOKENIZER`."""
    if litellm_model and _O200K_MODELS.search(litellm_model):
        return "o200k_base"
    return DEFAULT_TOKENIZER


def _boxed_contents(text: str) -> list[str]:
    """Contents of every balanced ``\\boxed{...}`` in ``text``, in order (``\\{`` is literal)."""
    found = []
    for opening in _BOX.finditer(text):
        depth = 1
        for brace in _BRACE.finditer(text, opening.end()):
            if len(brace.group()) == 2:
                continue
            depth += 1 if brace.group() == "{" else -1
            if depth == 0:
                found.append(text[opening.end() : brace.start()])
                break
    return found


def last_number(text: str, tail: int = 256) -> str | None:
    """The last number of ``text`` (``_NUMBER.findall(text)[-1]``), scanning only its tail.

    No number contains a space, so a scan from just after a space finds the same numbers after
    that point as a scan from the start (the lookbehind still sees the text before it): the
    tail (at least ``tail`` characters) is widened until it holds a number or is the whole text.
    """
    window = max(tail, 1)
    while True:
        start = 0 if window >= len(text) else text.rfind(" ", 0, len(text) - window) + 1
        found = _NUMBER.findall(text, start)
        if found:
            return str(found[-1])
        if start == 0:
            return None
        window *= 8


def states_answer(text: str, expected: str, answer_kind: str) -> bool:
    """Whether ``text`` states ``expected``: a ``\\boxed{}`` equal to it, or else its final
    number (integer answers) / its last non-blank line naming the node (node answers).

    The final-number rule also fires on an incidental mention ("degree 5" when the answer is 5);
    that is why the over-thinking report shows the agreement with the judge's location.
    """
    return _states_target(text, normalize_answer(expected, answer_kind), answer_kind)


def _states_target(text: str, target: str | None, answer_kind: str) -> bool:
    """:func:`states_answer` with ``expected`` already normalised."""
    if target is None:
        return False
    for content in _boxed_contents(text):
        if normalize_answer(content, answer_kind) == target:
            return True
    if answer_kind == "integer":
        number = last_number(text)
        return number is not None and normalize_answer(number, "integer") == target
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    last = normalize_answer(lines[-1], "node") or ""
    return re.search(rf"(?<!\w){re.escape(target)}(?!\w)", last) is not None


def first_correct_segment(
    segments: Sequence[Segment], expected: str, answer_kind: str
) -> int | None:
    """Index of the first segment that :func:`states_answer`; ``None`` if none does."""
    target = normalize_answer(expected, answer_kind)
    for segment in segments:
        if _states_target(segment.text, target, answer_kind):
            return segment.index
    return None


def prefix_token_counts(
    text: str, cuts: Sequence[int], tokenizer: str = DEFAULT_TOKENIZER
) -> np.ndarray:
    """Tokens in ``text[:c]`` for each cut ``c`` (ascending), plus the whole text last.

    The text is encoded once, as the pieces between cuts. A cut right after a space moves back
    over that one space, so the boundary falls where the tokenizer's own pre-split puts one
    (``"edges."`` | ``" Wait"``; ``"them.\\n\\n"`` | ``"So"``): the pieces' counts then add up
    to the whole text's count in practice (exactly, whenever the pre-split agrees).
    """
    from gralgo.formats import get_encoding

    bounds = []
    previous = 0
    for cut in cuts:
        if 0 < cut <= len(text) and text[cut - 1] == " ":
            cut -= 1
        cut = max(previous, min(cut, len(text)))
        bounds.append(cut)
        previous = cut
    pieces = [text[a:b] for a, b in zip([0, *bounds], [*bounds, len(text)], strict=True)]
    # encode_ordinary piece by piece: encode_ordinary_batch would start a thread pool per call,
    # which costs as much as tokenising a 4k-token response.
    encode = get_encoding(tokenizer).encode_ordinary
    return np.cumsum([len(encode(piece)) for piece in pieces])


def outcome_efficiency(
    text: str,
    segments: Sequence[Segment],
    first_correct: int | None,
    tokenizer: str = DEFAULT_TOKENIZER,
) -> EfficiencyResult:
    """``T_hat / T`` of one response whose first correct segment is ``first_correct``."""
    if first_correct is None:
        total = int(prefix_token_counts(text, [], tokenizer)[-1])
        return EfficiencyResult(None, total, None, tokenizer)
    if not 0 <= first_correct < len(segments):
        raise IndexError(f"segment {first_correct} out of range 0..{len(segments) - 1}")
    counts = prefix_token_counts(text, [segments[first_correct].end], tokenizer)
    return EfficiencyResult(first_correct, int(counts[-1]), int(counts[0]), tokenizer)


def mean_efficiency(results: Sequence[EfficiencyResult]) -> tuple[float, int]:
    """Eq. 2: the mean ratio over results with a located answer, and that count ``N``."""
    ratios = [r.ratio for r in results if r.ratio is not None]
    if not ratios:
        return float("nan"), 0
    return float(np.mean(ratios)), len(ratios)
