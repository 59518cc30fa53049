"""The transcripts' fast paths, pinned against the general ones they replace: ``samples.jsonl``
from one encoding per chunk, one object array per chunk for its values; and the page's shards,
which hold every value as it is."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gralgo.transcripts._html import HtmlReport, write_html_report
from gralgo.transcripts._sample_log import (
    _plain_objects,
    jsonl_text,
    prompt_reference,
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


def _jsonl_by_line(frame: pd.DataFrame, dataset_dir: str) -> str:
    """``samples.jsonl``'s lines encoded one record at a time (the general formula)."""
    records = json.loads(records_json(frame))
    return "".join(
        json.dumps({**r, "prompt_ref": prompt_reference(dataset_dir, r)}, ensure_ascii=False) + "\n"
        for r in records
    )


@pytest.mark.parametrize("dataset_dir", ["/data/ds", "C:\\data\\é ds"])
def test_jsonl_text_is_each_record_with_its_prompt_reference(dataset_dir: str) -> None:
    frame = _awkward_frame()
    for chunk in record_chunks(record_view(frame), rows=3):
        lines = jsonl_text(chunk, dataset_dir)
        assert [json.loads(line) for line in lines.rstrip("\n").split("\n")] == [
            json.loads(line) for line in _jsonl_by_line(chunk, dataset_dir).rstrip("\n").split("\n")
        ]
        assert lines.endswith("\n")
    empty = next(record_chunks(record_view(frame))).iloc[:0]
    assert jsonl_text(empty, dataset_dir) == ""


def test_jsonl_text_without_the_reference_columns() -> None:
    chunk = _plain_objects(_awkward_frame().drop(columns=["task", "format", "instance_id"]))
    lines = jsonl_text(chunk, "/d")
    first = json.loads(lines.split("\n")[0])
    assert first["prompt_ref"]["file"] == "instances/None.jsonl"


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


def test_jsonl_text_keeps_each_reference_value_as_it_is() -> None:
    """Reference fields are encoded value by value: integer ids beside a missing one stay
    integers (a column would turn them into floats)."""
    ids = pd.Series([1, None, 3, 4, 5, 6, 7, 8], dtype=object)
    chunk = _plain_objects(_awkward_frame()).assign(instance_id=ids)
    lines = jsonl_text(chunk, "/d").rstrip("\n").split("\n")  # U+2028 is no line break here
    refs = [json.loads(line)["prompt_ref"] for line in lines]
    assert [r["instance_id"] for r in refs] == [1, None, 3, 4, 5, 6, 7, 8]
