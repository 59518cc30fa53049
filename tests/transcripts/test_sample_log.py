"""The transcripts' fast paths, pinned against the general ones they replace: one encoding per
chunk for the records and ``samples.jsonl``, one object array per chunk for its values; and
the page's shards, which hold every value as it is."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gralgo.transcripts._html import HtmlReport, write_html_report
from gralgo.transcripts._sample_log import (
    _plain_objects,
    chunk_json,
    jsonl_text,
    record_chunks,
    record_view,
    records_json,
)

AWKWARD_TEXTS = [
    "plain", "line\nbreak \"quoted\"", "</script><!-- & ]]>", "a/b\\c\\/d", "é ß · → 😀",
    "\u2028\u2029", "tab\tcontrol\x01\x7f", "",
]  # fmt: skip


def _awkward_frame() -> pd.DataFrame:
    """Every kind of value a samples frame holds: missing strings, nullable ints, NaN floats,
    texts that need escaping, an instance id made of digits."""
    n = len(AWKWARD_TEXTS)
    return pd.DataFrame(
        {
            "instance_id": ["i/1", "2", None, "i-4", "i5", "i6", "i7", "i8"],
            "model": ["m"] * n,
            "task": ["max_degree", None, "diameter", "t/x", "t", "t", "t", "é"],
            "level": pd.array([1, 2, None, 4, 5, 6, 7, 8], dtype="Int64"),
            "format": ["edge_list", "adjacency", None, "f", "f", "f", "f", "f"],
            "sample_index": np.arange(n),
            "outcome": ["correct", "wrong", None, "error", "wrong", "wrong", "wrong", "wrong"],
            "answer_text": AWKWARD_TEXTS,
            "reasoning_text": list(reversed(AWKWARD_TEXTS)),
            "cost_usd": [0.1, np.nan, 1e-9, 3.0, np.nan, 2.5, 0.0, 1.0 / 3],
            "latency_s": np.linspace(0.0, 1.0, n),
            "prompt_tokens": pd.array([1, None, 3, 4, 5, 6, 7, 8], dtype="Int64"),
            "request_key": [f"k{i}" for i in range(n)],
        }
    )


def _slow_plain_objects(frame: pd.DataFrame) -> pd.DataFrame:
    frame = frame.astype(object)
    return frame.where(frame.notna(), None)


@pytest.mark.parametrize("dataset_dir", ["/data/ds", "C:\\data\\é ds"])
def test_chunk_json_is_records_json_and_jsonl_text(dataset_dir: str) -> None:
    frame = _awkward_frame()
    for chunk in record_chunks(record_view(frame), rows=3):
        assert chunk_json(chunk, dataset_dir) == (
            records_json(chunk),
            jsonl_text(chunk, dataset_dir),
        )
    empty = next(record_chunks(record_view(frame))).iloc[:0]
    assert chunk_json(empty, dataset_dir) == (records_json(empty), jsonl_text(empty, dataset_dir))


def test_chunk_json_without_the_reference_columns() -> None:
    chunk = _plain_objects(_awkward_frame().drop(columns=["task", "format", "instance_id"]))
    records, lines = chunk_json(chunk, "/d")
    assert (records, lines) == (records_json(chunk), jsonl_text(chunk, "/d"))
    assert json.loads(lines.splitlines()[0])["prompt_ref"]["file"] == "instances/None.jsonl"


def test_plain_objects_match_astype_then_where() -> None:
    frame = _awkward_frame()
    fast, slow = _plain_objects(frame), _slow_plain_objects(frame)
    pd.testing.assert_frame_equal(fast, slow)
    for column in frame.columns:  # the same Python objects, None where a value is missing
        assert [type(v) for v in fast[column]] == [type(v) for v in slow[column]]
    assert fast["level"].tolist()[2] is None and fast["cost_usd"].tolist()[1] is None


def test_shards_hold_every_value_as_it_is(tmp_path: Path) -> None:
    """What the page reads back from its shards is each record, texts and all, as pandas'
    encoder gives it (escapes, emoji, U+2028, nulls, nullable ints), whatever the chunking."""
    from gralgo.transcripts._shards import page_records

    frame = _awkward_frame()
    page = tmp_path / "report.html"
    prompts = {"i/1|edge_list": AWKWARD_TEXTS[2], "2|adjacency": AWKWARD_TEXTS[4]}
    write_html_report(HtmlReport("t", prompts=prompts), page,
                      record_chunks(record_view(frame), rows=3))  # fmt: skip
    whole = records_json(next(record_chunks(record_view(frame), rows=len(frame))))
    assert page_records(page) == json.loads(whole)
    from gralgo.transcripts._shards import read_shard

    assert read_shard(tmp_path / "report_data" / "text-00000.js")["prompts"] == prompts


def test_chunk_json_keeps_each_reference_value_as_it_is() -> None:
    """Reference fields are encoded value by value: integer ids beside a missing one stay
    integers (a column would turn them into floats)."""
    ids = pd.Series([1, None, 3, 4, 5, 6, 7, 8], dtype=object)
    chunk = _plain_objects(_awkward_frame()).assign(instance_id=ids)
    assert chunk_json(chunk, "/d") == (records_json(chunk), jsonl_text(chunk, "/d"))


def test_chunks_are_sized_by_their_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short replies: chunks grow up to MAX_CHUNK_ROWS (fewer, cheaper chunks); long replies:
    CHUNK_ROWS each (bounded text); every row once, in order; a fixed ``rows`` stays fixed."""
    import gralgo.transcripts._sample_log as sample_log

    monkeypatch.setattr(sample_log, "CHUNK_ROWS", 10)
    monkeypatch.setattr(sample_log, "MAX_CHUNK_ROWS", 100)
    monkeypatch.setattr(sample_log, "CHUNK_TEXT", 2_000)
    n = 400

    def frame(text: str) -> pd.DataFrame:
        return pd.DataFrame({"instance_id": [f"i{i}" for i in range(n)], "answer_text": text,
                             "reasoning_text": None, "sample_index": np.arange(n)})  # fmt: skip

    short = [len(c) for c in record_chunks(record_view(frame("x")))]
    assert short == [10, 100, 100, 100, 90]
    medium = [len(c) for c in record_chunks(record_view(frame("y" * 50)))]
    assert medium[:3] == [10, 40, 40] and sum(medium) == n
    long = [len(c) for c in record_chunks(record_view(frame("z" * 1_000)))]
    assert set(long) == {10} and len(long) == 40
    assert [len(c) for c in record_chunks(record_view(frame("x")), rows=7)][:3] == [7, 7, 7]
    chunks = list(record_chunks(record_view(frame("x"))))
    assert pd.concat(chunks)["instance_id"].tolist() == [f"i{i}" for i in range(n)]
