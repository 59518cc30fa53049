"""Responses split at marker words when asked for give the segments of splitting them all."""

from __future__ import annotations

import pandas as pd

from gralgo.analysis import Segmentation
from gralgo.analysis._segmentation_method import (
    MarkerPieces,
    SegmentedResponse,
    response_pieces,
    segment_responses,
)
from gralgo.analysis._text_split import DEFAULT_MARKERS, segment_at_markers


def test_pieces_split_when_asked_equal_the_whole_split() -> None:
    texts = ["A has degree 3. Wait, A has degree 4.", "", "Hmm. So B-C. Alternatively C-D."]
    scored = pd.DataFrame({"text": texts})
    split = [SegmentedResponse(t, segment_at_markers(t, DEFAULT_MARKERS)) for t in texts]
    pieces = response_pieces(scored, Segmentation())
    assert isinstance(pieces, MarkerPieces) and len(pieces) == 3
    assert [pieces[i] for i in range(3)] == split == pieces[:]
    assert segment_responses(scored, Segmentation()) == split
    assert pieces[-1] == split[-1] and len(split[0].segments) == 2
