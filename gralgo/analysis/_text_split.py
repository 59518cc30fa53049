"""Split a response into segments: at marker words (paper Eq. 1) or into blank-line paragraphs.

Eq. 1: a response ``T = (w_1, ..., w_m)`` with markers at positions ``i_1 < ... < i_n`` becomes
the ``n + 1`` consecutive segments between them; the markers themselves belong to no segment.
Here a "word" is a whole word of the text (``\\b`` boundaries), matched case-insensitively, so
"Wait," and "WAIT" split but "waiting" and "sober" do not. Segments keep their character offsets
so token counts of any prefix can be taken from the original text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

DEFAULT_MARKERS: tuple[str, ...] = ("wait", "but", "so")
"""The paper's partition markers (§3.2: the highest-entropy tokens in LRM traces)."""

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


class SegmentationError(ValueError):
    """Invalid segmentation settings (an empty marker list, a marker that is not a word)."""


@dataclass(frozen=True)
class Segment:
    """One piece of a response."""

    index: int
    """0-based position among the response's segments."""
    start: int
    """Character offset of the segment's first character in the response."""
    end: int
    """Character offset just past the segment's last character."""
    text: str
    """``response[start:end]``."""
    marker: str | None = None
    """The marker word (as written) that opened this segment; ``None`` for the first."""


@lru_cache(maxsize=64)
def marker_pattern(markers: tuple[str, ...]) -> re.Pattern[str]:
    """A compiled whole-word, case-insensitive alternation of ``markers`` (longest first)."""
    if not markers:
        raise SegmentationError("segmentation needs at least one marker word (analysis.markers)")
    words = []
    for marker in markers:
        word = marker.strip()
        if not word or re.search(r"\s", word):
            raise SegmentationError(
                f"marker {marker!r} is not a single word; list words such as {DEFAULT_MARKERS}"
            )
        words.append(re.escape(word))
    alternation = "|".join(sorted(set(words), key=lambda w: (-len(w), w)))
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)", re.IGNORECASE)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _marker_spans(text: str, markers: tuple[str, ...]) -> list[tuple[int, int]]:
    """``(start, end)`` of every whole-word, case-insensitive marker occurrence, in order.

    Fast path (3-4x a regex scan on long texts): ``str.find`` on the lower-cased text, with the
    word boundaries checked by hand, whenever lower-casing keeps every offset; else the regex.
    """
    pattern = marker_pattern(markers)
    low = text.lower()
    words = sorted({m.strip().lower() for m in markers}, key=lambda w: (-len(w), w))
    if len(low) != len(text) or not all(_is_word_char(c) for w in words for c in w):
        return [(m.start(), m.end()) for m in pattern.finditer(text)]
    taken: dict[int, int] = {}
    for word in words:  # longest first: at one position the longest marker wins
        i = low.find(word)
        while i >= 0:
            end = i + len(word)
            if (i == 0 or not _is_word_char(low[i - 1])) and (
                end == len(low) or not _is_word_char(low[end])
            ):
                taken.setdefault(i, end)
            i = low.find(word, i + 1)
    return sorted(taken.items())


def segment_at_markers(text: str, markers: Sequence[str] = DEFAULT_MARKERS) -> list[Segment]:
    """Eq. 1: the segments of ``text`` between occurrences of the marker words.

    Always returns ``n + 1`` segments for ``n`` marker occurrences (a segment may be empty,
    e.g. when the text starts with a marker), so segment ``j`` is the text after the ``j``-th
    marker. Linear in the length of the text.
    """
    segments: list[Segment] = []
    start, marker = 0, None
    for found_start, found_end in _marker_spans(text, tuple(markers)):
        segments.append(Segment(len(segments), start, found_start, text[start:found_start], marker))
        start, marker = found_end, text[found_start:found_end]
    segments.append(Segment(len(segments), start, len(text), text[start:], marker))
    return segments


def count_marker_segments(text: str, markers: Sequence[str] = DEFAULT_MARKERS) -> int:
    """``len(segment_at_markers(text, markers))`` without building the segments."""
    return len(_marker_spans(text, tuple(markers))) + 1


def split_paragraphs(text: str) -> list[Segment]:
    """The non-blank paragraphs of ``text`` (separated by blank lines), indexed from 0.

    The error-taxonomy pipeline shows them to the judge as ``<i>``-tagged paragraphs.
    """
    paragraphs: list[Segment] = []
    start = 0
    for found in [*_PARAGRAPH_BREAK.finditer(text), None]:
        end = len(text) if found is None else found.start()
        piece = text[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            trail = len(piece.rstrip())
            paragraphs.append(
                Segment(len(paragraphs), start + lead, start + trail, piece[lead:trail])
            )
        if found is not None:
            start = found.end()
    return paragraphs


def response_text(answer_text: str | None, reasoning_text: str | None) -> str:
    """The whole response as the analyses read it: reasoning first, then the answer."""
    parts = [part for part in (reasoning_text, answer_text) if part]
    return "\n\n".join(parts)
