"""samples.jsonl and report.html: every sample with its texts; prompts by reference."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from gralgo.transcripts._html import HtmlReport, render_html
from gralgo.transcripts._sample_log import RECORD_FIELDS, sample_records
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
    paths, _ = write_transcripts(scored_frame, tmp_path, dataset_dir="/data/ds", title="t")
    assert [p.name for p in paths] == ["samples.jsonl", "report.html"]
    lines = [json.loads(x) for x in (tmp_path / "samples.jsonl").read_text().splitlines()]
    assert len(lines) == 6
    assert "prompt" not in lines[0]
    assert lines[0]["prompt_ref"] == {
        "dataset_dir": "/data/ds",
        "file": "instances/max_degree.jsonl",
        "instance_id": "inst-right",
        "format": "edge_list",
    }


def test_page_is_self_contained_and_cannot_be_broken_out_of(
    scored_frame: pd.DataFrame, tmp_path: Path
) -> None:
    frame = scored_frame.copy()
    frame.loc[0, "answer_text"] = "</script><script>alert(1)</script>"
    png = tmp_path / "figure.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\nfake")
    page = render_html(
        HtmlReport(
            title="m · edge_list",
            records=sample_records(frame),
            prompts=prompts_of(frame),
            tables=[("Overall", pd.DataFrame({"model": ["<b>m</b>"], "pass_at_k": [0.5]}))],
            figures=[png],
        )
    )
    assert "http://" not in page and "https://" not in page  # no CDN, no network
    assert page.count("</script>") == 2  # the data block and the code; the answer is escaped
    assert "data:image/png;base64," in page
    assert "&lt;b&gt;m&lt;/b&gt;" in page
    # Prompts are stored once per (instance, format), not once per sample.
    assert page.count("PROMPT of inst-right") == 1


def test_texts_streamed_from_a_lookup_write_the_same_files(
    scored_frame: pd.DataFrame, tmp_path: Path, monkeypatch
) -> None:
    """Chunks of 4 samples with answer and reasoning read from a lookup per chunk give
    byte-identical samples.jsonl and report.html to a frame that holds every text."""
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
    for name in ("samples.jsonl", "report.html"):
        assert (streamed / name).read_bytes() == (whole / name).read_bytes(), name
    # Read once, by chunks: a first write hashes the records in the pass that writes them.
    assert [len(keys) for keys in asked] == [2, 1]
    assert "UNIQUE-REASONING-MARKER" in (streamed / "report.html").read_text()


def test_unchanged_transcripts_are_not_rewritten_and_any_change_rewrites_them(
    scored_frame: pd.DataFrame, tmp_path: Path, monkeypatch
) -> None:
    import gralgo.transcripts._transcripts as transcripts

    stored = {(k, i): (a, r) for k, i, a, r in zip(
        scored_frame["request_key"], scored_frame["sample_index"], scored_frame["answer_text"],
        scored_frame["reasoning_text"], strict=True)}  # fmt: skip
    lean = scored_frame.drop(columns=["answer_text", "reasoning_text"])
    pages: list[Path] = []
    real = transcripts.write_html_report

    def counted(report, path, arrays, head=None):
        pages.append(path)
        return real(report, path, arrays, head)

    monkeypatch.setattr(transcripts, "write_html_report", counted)

    def lookup(keys, fields):
        return {pair: texts for pair, texts in stored.items() if pair[0] in keys}

    state = None  # the record's field, passed from one write to the next

    def rewrote(frame: pd.DataFrame = lean, title: str = "t") -> bool:
        nonlocal state
        before = len(pages)
        _, state = write_transcripts(frame, tmp_path, dataset_dir="/data/ds", title=title,
                                     texts=lookup, previous=state)  # fmt: skip
        return len(pages) > before

    assert rewrote()
    assert not rewrote()  # same inputs, files untouched: not rewritten
    pair = ("key-inst-wrong", 0)
    stored[pair] = (stored[pair][0], "CHANGED REASONING")  # a text in the ledger changed
    assert rewrote() and b"CHANGED REASONING" in (tmp_path / "report.html").read_bytes()
    assert not rewrote()
    assert rewrote(title="other")  # the page's title changed
    (tmp_path / "samples.jsonl").write_text("edited by hand\n")  # a file changed
    assert rewrote(title="other")
    assert (tmp_path / "samples.jsonl").read_text() != "edited by hand\n"
    (tmp_path / "report.html").unlink()  # a file is gone
    assert rewrote(title="other")
    changed = lean.copy()
    changed.loc[0, "extracted"] = "99"  # a record field changed
    assert rewrote(changed, title="other")
    assert b'"extracted":"99"' in (tmp_path / "report.html").read_bytes()
    assert not rewrote(changed, title="other")
    state = None  # no record (an old folder, or a crash before it was written): rewritten
    assert rewrote(changed, title="other")


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
