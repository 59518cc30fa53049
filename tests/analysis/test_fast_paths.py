"""The vectorised analysis code equals straightforward reference computations on hand-made data.

The references below are the plain per-token loops the fast paths replaced (entropy by the
definition, token totals with a dict, high-entropy segmentation token by token, prefix counts
with tiktoken's batch call).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.analysis import Segment
from gralgo.analysis._token_entropy import (
    accumulate_token_entropy,
    dropped_mass,
    high_entropy_markers,
    normalize_token,
    segment_at_high_entropy,
    token_entropy,
)

TOKENS = ["", " ", "ing", " Hmm", "Hmm", ",", ".\n\n", "\n", " Wait", "wait", "3", " 42", "é", "x"]


def reference_entropy(row: list[float]) -> float:
    """Shannon entropy (nats) of the renormalised finite candidates of one step."""
    p = [math.exp(v) for v in row if math.isfinite(v)]
    total = sum(p)
    if not p or total <= 0:
        return 0.0
    return max(0.0, -sum(q / total * math.log(q / total) for q in p if q > 0))


def reference_segments(tokens: list[str], values: np.ndarray, cut: float) -> list[Segment]:
    """High-entropy segmentation token by token (the loop the vectorised version replaced)."""
    text = "".join(tokens)
    segments: list[Segment] = []
    start, marker, offset = 0, None, 0
    for token, value in zip(tokens, values.tolist(), strict=True):
        stripped = token.strip()
        starts_word = token[:1].isspace() or offset == 0 or not text[offset - 1].isalnum()
        if value >= cut and value > 0 and starts_word and stripped[:1].isalpha():
            word_start = offset + (len(token) - len(token.lstrip()))
            segments.append(
                Segment(len(segments), start, word_start, text[start:word_start], marker)
            )
            start, marker = offset + len(token.rstrip()), stripped
        offset += len(token)
    segments.append(Segment(len(segments), start, len(text), text[start:], marker))
    return segments


logprob_rows = st.lists(
    st.lists(
        st.one_of(st.floats(min_value=-30.0, max_value=0.0), st.just(-math.inf)),
        min_size=5,
        max_size=5,
    ),
    min_size=1,
    max_size=30,
)


@given(logprob_rows)
def test_token_entropy_equals_the_definition(rows: list[list[float]]) -> None:
    # Stored as float16 in the ledger: check on the values as they come back too.
    for top in (np.array(rows), np.array(rows).astype(np.float16).astype(np.float32)):
        expected = [reference_entropy(row) for row in top.astype(np.float64).tolist()]
        assert token_entropy(top) == pytest.approx(expected, abs=1e-9)
        mass = [
            min(1.0, max(0.0, 1.0 - sum(math.exp(v) for v in row)))
            for row in top.astype(np.float64).tolist()
        ]
        assert dropped_mass(top) == pytest.approx(mass, abs=1e-12)


def test_token_entropy_known_values() -> None:
    with np.errstate(divide="ignore"):
        top = np.log(np.array([[0.5, 0.25, 0.25], [0.9, 0.1, 0.0]]))
    expected = [1.5 * math.log(2), -(0.9 * math.log(0.9) + 0.1 * math.log(0.1))]
    assert token_entropy(top) == pytest.approx(expected)
    # A reference that ignores the -inf padding must agree (the check can fail).
    assert token_entropy(top)[1] != pytest.approx(math.log(3))


@given(
    st.lists(st.sampled_from(TOKENS), max_size=40),
    st.data(),
)
def test_token_totals_equal_a_dict_loop(tokens: list[str], data: st.DataObject) -> None:
    values = np.array(
        data.draw(st.lists(st.floats(0, 5), min_size=len(tokens), max_size=len(tokens)))
    )
    sums: dict[str, float] = {"wait": 1.0}
    counts: dict[str, int] = {"wait": 1}
    accumulate_token_entropy(tokens, values, sums, counts)
    ref_sums: dict[str, float] = {"wait": 1.0}
    ref_counts: dict[str, int] = {"wait": 1}
    for token, value in zip(tokens, values.tolist(), strict=True):
        key = normalize_token(token)
        if key and any(ch.isalpha() for ch in key):
            ref_sums[key] = ref_sums.get(key, 0.0) + value
            ref_counts[key] = ref_counts.get(key, 0) + 1
    assert counts == ref_counts
    assert sums.keys() == ref_sums.keys()
    for key, total in ref_sums.items():
        assert sums[key] == pytest.approx(total, abs=1e-9)


@settings(max_examples=300)
@given(
    st.lists(st.sampled_from(TOKENS), max_size=40),
    st.data(),
    st.one_of(st.none(), st.floats(0, 3)),
    st.floats(0.05, 1.0),
)
def test_high_entropy_segmentation_equals_the_token_loop(
    tokens: list[str], data: st.DataObject, threshold: float | None, quantile: float
) -> None:
    values = np.array(
        data.draw(st.lists(st.floats(0, 3), min_size=len(tokens), max_size=len(tokens)))
    )
    got = segment_at_high_entropy(tokens, values, threshold=threshold, quantile=quantile)
    if not tokens:
        assert got == [Segment(0, 0, 0, "")]
        return
    cut = float(np.quantile(values, quantile)) if threshold is None else threshold
    assert got == reference_segments(tokens, values, cut)
    markers = high_entropy_markers(tokens, values, threshold=threshold, quantile=quantile)
    assert len(markers) + 1 == len(got)


def test_high_entropy_markers_skip_word_continuations_after_empty_tokens() -> None:
    tokens = ["check", "", "ing", " again", "", "Hmm"]
    values = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 2.0])
    # "ing" continues "check" across an empty token; "Hmm" follows "again" directly.
    assert high_entropy_markers(tokens, values, threshold=1.0) == []
    assert high_entropy_markers([" x", "", "Hmm"], np.array([0, 0, 2.0]), threshold=1.0) == []
    assert high_entropy_markers([" x.", "", "Hmm"], np.array([0, 0, 2.0]), threshold=1.0) == [2]


def test_prefix_counts_equal_tiktoken_batch_of_the_pieces() -> None:
    from gralgo.analysis import prefix_token_counts
    from gralgo.formats import get_encoding

    text = "Node 3 has degree 4. Wait, recount: 5.\n\nSo the answer is \\boxed{5} and so on " * 20
    from gralgo.analysis import segment_at_markers

    cuts = [s.end for s in segment_at_markers(text)][:-1:3]
    counts = prefix_token_counts(text, cuts)
    bounds, previous = [], 0
    for cut in cuts:
        cut -= 1 if text[cut - 1] == " " else 0
        bounds.append(max(previous, cut))
        previous = bounds[-1]
    pieces = [text[a:b] for a, b in zip([0, *bounds], [*bounds, len(text)], strict=True)]
    expected = np.cumsum([len(t) for t in get_encoding().encode_ordinary_batch(pieces)])
    assert counts.tolist() == expected.tolist()
    assert len(cuts) > 5
    # Cuts at segment ends fall where the tokenizer splits: the pieces add up to the whole.
    assert counts[-1] == len(get_encoding().encode_ordinary(text))


def test_entropy_statistics_equal_per_response_reference(tmp_path) -> None:
    from gralgo.analysis import segment_at_markers
    from gralgo.analysis._entropy_pipeline import entropy_statistics
    from gralgo.ledger import LogprobStore, SampleLogprobs

    rng = np.random.default_rng(1)
    store = LogprobStore(tmp_path / "ledger.sqlite")
    keys = []
    for i in range(5):
        n = 30 + i
        top = np.sort(np.log(rng.dirichlet(np.ones(4), size=n)), axis=1)[:, ::-1].copy()
        top[::7, 3] = -np.inf
        tokens = tuple(rng.choice(TOKENS[1:], size=n).tolist())
        store.record(f"k{i}", 0, SampleLogprobs(tokens, top[:, 0], top))
        keys.append((f"k{i}", 0))
    store.close()
    stats = entropy_statistics([tmp_path / "ledger.sqlite"], keys, quantile=0.8, workers=1)
    read = LogprobStore(tmp_path / "ledger.sqlite").read(keys)
    ref_sums: dict[str, float] = {}
    for row in stats.rows:
        stored = read[row["key"]]
        entropy = np.array([reference_entropy(r) for r in stored.top.astype(float).tolist()])
        assert row["mean_entropy"] == pytest.approx(entropy.mean(), abs=1e-9)
        cut = float(np.quantile(entropy, 0.8))
        assert row["segments_high_entropy"] == len(
            reference_segments(list(stored.tokens), entropy, cut)
        )
        assert row["segments_markers"] == len(segment_at_markers("".join(stored.tokens)))
        for token, value in zip(stored.tokens, entropy.tolist(), strict=True):
            key = normalize_token(token)
            if key and any(ch.isalpha() for ch in key):
                ref_sums[key] = ref_sums.get(key, 0.0) + value
    assert len(stats.rows) == 5
    assert stats.sums.keys() == ref_sums.keys()
    for key, total in ref_sums.items():
        assert stats.sums[key] == pytest.approx(total, abs=1e-9)


def test_locating_in_workers_equals_the_serial_reference() -> None:
    from gralgo.analysis import first_correct_segment, prefix_token_counts, segment_at_markers
    from gralgo.analysis._overthinking import locate_at_markers

    items = [
        (f"Node {i} has degree {i % 5}. Wait, so it is {i % 3}. But \\boxed{{{i % 3}}}", str(i % 3))
        for i in range(12)
    ]
    plans = [
        (text, expected, "integer", 1 if i % 4 else None, "cl100k_base")
        for i, (text, expected) in enumerate(items)
    ]
    serial = locate_at_markers(plans, workers=1)
    assert locate_at_markers(plans, workers=2, chunk=3) == serial
    for (text, expected, _, judged, _), found in zip(plans, serial, strict=True):
        segments = segment_at_markers(text)
        prog = first_correct_segment(segments, expected, "integer")
        assert found.segments == len(segments) and found.first_correct_programmatic == prog
        assert found.tokens == prefix_token_counts(text, [])[-1]
        if prog is not None:
            assert found.tokens_programmatic == prefix_token_counts(text, [segments[prog].end])[0]
        if judged is not None:
            assert found.tokens_judge == prefix_token_counts(text, [segments[judged].end])[0]
    assert any(f.first_correct_programmatic for f in serial)


@settings(max_examples=500)
@given(st.text(alphabet="a1.+-,9 x\n٣_²", max_size=16))
def test_number_pattern_finds_what_the_plain_pattern_finds(text: str) -> None:
    import re

    from gralgo.analysis._efficiency import _NUMBER

    plain = re.compile(r"(?<![\w.])[+-]?\d[\d,]*(?:\.\d+)?(?![\w])")
    assert _NUMBER.findall(text) == plain.findall(text)
    assert _NUMBER.findall("x1 +2 a+3 .4 5. 6,7 -8.9 10a") == ["+2", "3", "5", "6,7", "-8.9"]


@given(st.lists(st.sampled_from(["wait", "Wait,", " so", "sober", "BUT", "x", " ", "\n", "é"])))
def test_marker_segment_count_equals_the_segments(words: list[str]) -> None:
    from gralgo.analysis._text_split import count_marker_segments, segment_at_markers

    text = " ".join(words)
    assert count_marker_segments(text) == len(segment_at_markers(text))
