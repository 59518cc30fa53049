"""samples.jsonl and report.html: every sample with its texts; prompts by reference."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from gralgo.transcripts._html import HtmlReport, frame_chunks, write_html_report
from gralgo.transcripts._sample_log import RECORD_FIELDS, records_frame, sample_records
from gralgo.transcripts._shards import SHARD_DIR, page_records, read_shard
from gralgo.transcripts._transcripts import certificate_text, prompts_of, write_transcripts


def test_records_hold_texts_and_plain_values(scored_frame: pd.DataFrame) -> None:
    records = sample_records(scored_frame)
    assert len(records) == len(scored_frame) == 6
    wrong = next(r for r in records if r["instance_id"] == "inst-wrong" and r["sample_index"] == 0)
    assert wrong["outcome"] == "wrong" and wrong["extracted"] == "7" and wrong["expected"] == "5"
    assert wrong["reasoning_text"].startswith("UNIQUE-REASONING-MARKER")
    assert wrong["cost_usd"] is None  # unknown price stays unknown, not 0
    assert set(records[0]) <= set(RECORD_FIELDS)
    json.dumps(records)  # plain JSON values only (no numpy, no NaN)


def test_samples_jsonl_references_the_prompt(scored_frame: pd.DataFrame, tmp_path: Path) -> None:
    paths = write_transcripts(scored_frame, tmp_path, dataset_dir="/data/ds", title="t")
    assert [p.name for p in paths] == [
        "samples.jsonl", "report.html", "index-00000.js", "text-00000.js"]  # fmt: skip
    assert all(p.parent == tmp_path / SHARD_DIR for p in paths[2:])
    lines = [json.loads(x) for x in (tmp_path / "samples.jsonl").read_text().splitlines()]
    assert len(lines) == 6
    assert "prompt" not in lines[0]
    assert lines[0]["prompt_ref"] == {
        "dataset_dir": "/data/ds",
        "file": "instances/max_degree.jsonl",
        "instance_id": "inst-right",
        "format": "edge_list",
    }


def test_page_holds_no_sample_and_cannot_be_broken_out_of(
    scored_frame: pd.DataFrame, tmp_path: Path
) -> None:
    frame = scored_frame.copy()
    frame.loc[0, "answer_text"] = "</script><script>alert(1)</script>"
    png = tmp_path / "figure.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\nfake")
    report = HtmlReport(
        title="m · edge_list",
        prompts=prompts_of(frame),
        tables=[("Overall", pd.DataFrame({"model": ["<b>m</b>"], "pass_at_k": [0.5]}))],
        figures=[png],
    )
    paths = write_html_report(report, tmp_path / "report.html",
                              frame_chunks(records_frame(frame), rows=4))  # fmt: skip
    page = paths[0].read_text(encoding="utf-8")
    assert "http://" not in page and "https://" not in page  # no CDN, no network
    assert page.count("</script>") == 2  # the data block and the code
    assert "data:image/png;base64," in page
    assert "&lt;b&gt;m&lt;/b&gt;" in page
    assert "alert(1)" not in page and "PROMPT of" not in page  # no sample is in the page
    assert [p.name for p in paths[1:]] == [
        "index-00000.js", "text-00000.js", "index-00001.js", "text-00001.js"]  # fmt: skip
    assert page_records(paths[0]) == sample_records(frame)
    # Prompts are stored with the texts of their samples, once per shard.
    first, second = (read_shard(p)["prompts"] for p in paths[2::2])
    assert list(first) == ["inst-right|edge_list", "inst-wrong|edge_list"]
    assert list(second) == ["inst-err|edge_list"]


def test_the_page_does_not_grow_with_the_samples(
    scored_frame: pd.DataFrame, tmp_path: Path
) -> None:
    """Issue 37: report.html's size is independent of the number of samples (they are in
    compressed shards beside it), and the same samples give the same bytes."""
    many = pd.concat([scored_frame.assign(instance_id=scored_frame["instance_id"] + f"-{n}",
                                          request_key=scored_frame["request_key"] + f"-{n}")
                      for n in range(500)], ignore_index=True)  # fmt: skip
    sizes = {}
    for name, frame in (("few", scored_frame), ("many", many)):
        write_transcripts(frame, tmp_path / name, dataset_dir="/data/ds", title="t")
        sizes[name] = (tmp_path / name / "report.html").stat().st_size
    assert abs(sizes["many"] - sizes["few"]) < 20, sizes  # the shard and sample counts only
    assert len(page_records(tmp_path / "many" / "report.html")) == 3000
    again = tmp_path / "again"
    write_transcripts(many, again, dataset_dir="/data/ds", title="t")
    for path in sorted((tmp_path / "many" / SHARD_DIR).iterdir()):
        assert (again / SHARD_DIR / path.name).read_bytes() == path.read_bytes(), path.name
    # A smaller job written over a larger one leaves no shard of the larger behind.
    write_transcripts(scored_frame, again, dataset_dir="/data/ds", title="t")
    assert sorted(p.name for p in (again / SHARD_DIR).iterdir()) == [
        "index-00000.js", "text-00000.js"]  # fmt: skip


def test_texts_streamed_from_a_lookup_write_the_same_files(
    scored_frame: pd.DataFrame, tmp_path: Path, monkeypatch
) -> None:
    """Chunks of 4 samples with answer and reasoning read from a lookup per chunk give a
    byte-identical samples.jsonl and the same page and records as a frame that holds every
    text."""
    import gralgo.transcripts._sample_log as sample_log

    whole, streamed = tmp_path / "whole", tmp_path / "streamed"
    write_transcripts(scored_frame, whole, dataset_dir="/data/ds", title="t")
    stored = {(k, i): (a, r) for k, i, a, r in zip(
        scored_frame["request_key"], scored_frame["sample_index"], scored_frame["answer_text"],
        scored_frame["reasoning_text"], strict=True)}  # fmt: skip
    asked: list[list[str]] = []

    def lookup(keys, fields):
        asked.append(list(keys))
        assert list(fields) == ["answer_text", "reasoning_text"]
        return {pair: texts for pair, texts in stored.items() if pair[0] in keys}

    monkeypatch.setattr(sample_log, "CHUNK_ROWS", 4)
    lean = scored_frame.drop(columns=["answer_text", "reasoning_text"])
    write_transcripts(lean, streamed, dataset_dir="/data/ds", title="t", texts=lookup)
    assert page_records(streamed / "report.html") == page_records(whole / "report.html")
    page, one = ((f / "report.html").read_text() for f in (streamed, whole))
    assert page == one.replace('"shards": 1,', '"shards": 2,')  # chunks of 4, not of 250
    assert (streamed / "samples.jsonl").read_bytes() == (whole / "samples.jsonl").read_bytes()
    # Read once, by chunks, in the pass that writes them.
    assert [len(keys) for keys in asked] == [2, 1]
    assert any("UNIQUE-REASONING-MARKER" in (r["reasoning_text"] or "")
               for r in page_records(streamed / "report.html"))  # fmt: skip


def test_each_write_writes_the_files_from_the_current_texts(
    scored_frame: pd.DataFrame, tmp_path: Path
) -> None:
    """No stamp decides to skip a write (issue 37: hashing every first write cost more than
    it saved): the same inputs give the same bytes, a text changed in the ledger is shown."""
    stored = {(k, i): (a, r) for k, i, a, r in zip(
        scored_frame["request_key"], scored_frame["sample_index"], scored_frame["answer_text"],
        scored_frame["reasoning_text"], strict=True)}  # fmt: skip
    lean = scored_frame.drop(columns=["answer_text", "reasoning_text"])

    def lookup(keys, fields):
        return {pair: texts for pair, texts in stored.items() if pair[0] in keys}

    def write() -> dict[str, bytes]:
        paths = write_transcripts(lean, tmp_path, dataset_dir="/data/ds", title="t",
                                  texts=lookup)  # fmt: skip
        assert paths[:2] == [tmp_path / "samples.jsonl", tmp_path / "report.html"]
        return {p.name: p.read_bytes() for p in paths}

    first = write()
    assert write() == first
    pair = ("key-inst-wrong", 0)
    stored[pair] = (stored[pair][0], "CHANGED REASONING")
    assert write() != first
    shown = page_records(tmp_path / "report.html")
    assert "CHANGED REASONING" in [r["reasoning_text"] for r in shown]
    assert not list(tmp_path.glob("*.stamp")) and not list(tmp_path.glob(".*stamp*"))


@pytest.mark.parametrize(
    ("certificate", "expected"),
    [  # the shapes the tasks' solvers emit: a clique, a reach set, MST edges, a path
        ({"clique": ["Oak St", "Elm St", "Main St"]}, "clique (3): Oak St, Elm St, Main St"),
        ({"node": "Oak St", "k": 2, "nodes": ["Elm St", "Main St"]},
         'node: "Oak St"\nk: 2\nnodes (2): Elm St, Main St'),
        ({"total": 7, "edges": [["a", "b", 3], ["b", "c", 4]]},
         "total: 7\nedges (2): (a, b, 3), (b, c, 4)"),
        ('{"diameter": 2, "pair": ["a", "c"], "path": ["a", "b", "c"]}',
         "diameter: 2\npair (2): a, c\npath (3): a, b, c"),
        ({"mixed": [1, ["a", 2], "x"], "flat": (1, None, 2.5), "counts": {"é": 1}},
         'mixed (3): 1, (a, 2), x\nflat (3): 1, None, 2.5\ncounts: {"é": 1}'),
    ],
)  # fmt: skip
def test_certificates_read_as_the_evidence_beside_an_answer(
    certificate: object, expected: str
) -> None:
    assert certificate_text(certificate) == expected
