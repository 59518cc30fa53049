"""Responses split at marker words when asked for give the segments of splitting them all."""

from __future__ import annotations

import pandas as pd

from gralgo.analysis import Segmentation
from gralgo.analysis._segmentation_method import MarkerPieces, response_pieces, segment_responses


def test_pieces_split_when_asked_equal_the_whole_split() -> None:
    texts = ["A has degree 3. Wait, A has degree 4.", "", "Hmm. So B-C. Alternatively C-D."]
    scored = pd.DataFrame({"text": texts})
    whole = segment_responses(scored, Segmentation())
    pieces = response_pieces(scored, Segmentation())
    assert isinstance(pieces, MarkerPieces) and len(pieces) == 3
    assert [pieces[i] for i in range(3)] == whole == pieces[:]
    assert pieces[-1] == whole[-1] and len(whole[0].segments) == 2
