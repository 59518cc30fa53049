"""The trace-facts shards beside a job's report.html: each response's claims as the page marks
them, found by the same hash the page computes."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from gralgo.analysis._trace_report import MEASURES, claim_marks, items_json, response_entry
from gralgo.transcripts import item_shard

MEASURED = dict.fromkeys(MEASURES, 0) | {"first_wrong_tokens": float("nan")}


def _row(start: int, end: int, verdict: str, error: object = None, truth: object = None):
    return ("item", "edge", "A | B", None, start, end, 0, verdict, error, truth)


def test_claims_are_disjoint_in_text_order_with_utf16_offsets() -> None:
    text = "😀 A -- B. A is connected to C."  # the emoji is two UTF-16 code units
    wrong = _row(10, 29, "wrong", "hallucinated_edge", "no edge A – C")
    rows = [wrong, _row(2, 8, "correct"), _row(12, 20, "correct"), _row(0, 1, "unverifiable")]
    entry = json.loads(response_entry(MEASURED, claim_marks(text, rows)))
    assert entry["c"] == [[3, 9, "correct"], [11, 30, "wrong", "hallucinated_edge",
                                              "no edge A – C"]]  # fmt: skip
    assert entry["n"] == len(text) + 1
    assert entry["m"]["first_wrong_tokens"] is None  # NaN is no position


def test_items_hash_as_the_page_does() -> None:
    """FNV-1a 32 over UTF-16 code units, the page's ``fnv`` (the Chromium test of the analysis
    opens a sample's entry through it)."""
    assert item_shard("a", 2**32) == 0xE40C292C  # the published FNV-1a 32 vector of "a"
    assert item_shard("foobar", 2**32) == 0xBF9CF968
    assert item_shard("é", 2**32) == item_shard("\u00e9", 2**32)


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)  # fmt: skip


@given(st.dictionaries(st.text(max_size=6), _VALUES, max_size=4))
def test_entries_joined_as_text_are_the_json_of_the_whole(entries: dict[str, object]) -> None:
    """The shard's text, joined from entries encoded in the workers, is the bytes json.dumps
    gives the whole (the page's shards are byte-stable)."""
    joined = items_json({k: json.dumps(v, ensure_ascii=False) for k, v in entries.items()})
    assert joined == json.dumps({"items": entries}, ensure_ascii=False)
    marks = ('[[0, 1, "wrong", "hallucinated_edge", "no edge A – B"]]', 7)
    entry = {"m": {k: None for k in MEASURES}, "c": json.loads(marks[0]), "n": 7}
    text = response_entry(dict.fromkeys(MEASURES), marks)
    assert text == json.dumps(entry, ensure_ascii=False)
