"""Eq. 1 segmentation and paragraph splitting on hand-made responses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gralgo.analysis import (
    DEFAULT_MARKERS,
    SegmentationError,
    response_text,
    segment_at_markers,
    split_paragraphs,
)


def test_markers_split_whole_words_case_insensitively() -> None:
    text = "Degree of A is 3. Wait, B has 4. But waiting helps; so sober. SO the answer is 4"
    segments = segment_at_markers(text)
    assert [s.text for s in segments] == [
        "Degree of A is 3. ",
        ", B has 4. ",
        " waiting helps; ",
        " sober. ",
        " the answer is 4",
    ]
    assert [s.marker for s in segments] == [None, "Wait", "But", "so", "SO"]
    assert [s.index for s in segments] == [0, 1, 2, 3, 4]
    for s in segments:
        assert text[s.start : s.end] == s.text


def test_n_markers_give_n_plus_one_segments_even_at_the_edges() -> None:
    segments = segment_at_markers("wait so")
    assert [s.text for s in segments] == ["", " ", ""]


def test_markers_are_configurable() -> None:
    segments = segment_at_markers("check: hmm, recheck; Hmm.", markers=["hmm"])
    assert [s.text for s in segments] == ["check: ", ", recheck; ", "."]
    assert segment_at_markers("no markers here") == segment_at_markers(
        "no markers here", markers=["xyz"]
    )


@pytest.mark.parametrize("markers", [[], [""], ["two words"]])
def test_invalid_markers_are_rejected(markers: list[str]) -> None:
    with pytest.raises(SegmentationError):
        segment_at_markers("text", markers=markers)


def test_paragraphs_split_at_blank_lines_and_skip_empty_ones() -> None:
    text = "First line\nstill first\n\n  \n\nSecond\n \nThird  "
    paragraphs = split_paragraphs(text)
    assert [p.text for p in paragraphs] == ["First line\nstill first", "Second", "Third"]
    assert [p.index for p in paragraphs] == [0, 1, 2]
    assert all(text[p.start : p.end] == p.text for p in paragraphs)


def test_response_text_puts_reasoning_first() -> None:
    assert response_text("\\boxed{4}", "think") == "think\n\n\\boxed{4}"
    assert response_text("\\boxed{4}", None) == "\\boxed{4}"
    assert response_text(None, None) == ""


@given(st.text(alphabet="wait bus oWAIT,.\n_éİ2", max_size=60))
def test_fast_marker_scan_equals_the_regex(text: str) -> None:
    from gralgo.analysis._text_split import marker_pattern

    expected = [m.start() for m in marker_pattern(DEFAULT_MARKERS).finditer(text)]
    segments = segment_at_markers(text)
    assert [s.start - len(s.marker) for s in segments[1:]] == expected
    assert [s.marker for s in segments[1:]] == [
        m.group() for m in marker_pattern(DEFAULT_MARKERS).finditer(text)
    ]
