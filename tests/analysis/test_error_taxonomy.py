"""Error taxonomy end to end with a scripted judge: sections, labels, classes, review, kappa."""
# ruff: noqa: E501  (judge replies keyed by their exact prompts read best on one line)

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from judge_helpers import make_samples, stub_judge_settings

from gralgo.analysis import open_judge
from gralgo.analysis._error_taxonomy import (
    class_distribution,
    cohen_kappa,
    run_error_taxonomy,
    tagged_paragraphs,
)
from gralgo.analysis._output import AnalysisOutput
from gralgo.testing import StubServer

SECTIONS = "S|$last_index|$paragraphs"
LABELS = "L|$start|$end|$section"

WRONG_A = "Read edges a-b, b-c.\n\nDegree of b is 3.\n\nSo the answer is \\boxed{3}"
WRONG_B = "I guess.\n\n\\boxed{1}"


def test_cohen_kappa_known_values() -> None:
    assert cohen_kappa([1, 1, 0, 0], [1, 1, 0, 0]) == pytest.approx(1.0)
    assert cohen_kappa([1, 0, 1, 0], [0, 1, 0, 1]) == pytest.approx(-1.0)
    # po = 0.75, pe = 0.5 -> 0.5
    assert cohen_kappa([1, 1, 0, 0], [1, 0, 0, 0]) == pytest.approx(0.5)


def test_error_taxonomy_end_to_end(judge_stub: StubServer, tmp_path: Path) -> None:
    samples = make_samples(
        [
            {"answer_text": WRONG_A, "expected": "2", "taxonomy": "enumeration"},
            {
                "answer_text": WRONG_B,
                "expected": "4",
                "task": "diameter",
                "taxonomy": "exploration",
                "level": 2,
            },
            {"answer_text": "\\boxed{5}", "expected": "5"},  # correct: not analysed
        ]
    )
    paragraphs_a = ["Read edges a-b, b-c.", "Degree of b is 3.", "So the answer is \\boxed{3}"]
    judge_stub.control(
        answers={
            f"S|2|{tagged_paragraphs(paragraphs_a)}": '{"sections": [{"start": 0, "end": 0, "summary": "reads the graph"},'
            ' {"start": 1, "end": 2, "summary": "counts and answers"}]}',
            # B: overlapping sections every time -> unparsed after the re-ask
            f"S|1|{tagged_paragraphs(['I guess.', chr(92) + 'boxed{1}'])}": '{"sections": [{"start": 0, "end": 1, "summary": "x"},'
            ' {"start": 1, "end": 1, "summary": "y"}]}',
            "L|0|0|Read edges a-b, b-c.": '{"labels": ["graph_memorization_error"]}',
            "L|1|2|Degree of b is 3.\n\nSo the answer is \\boxed{3}": '{"labels": ["state_update_error", "missing_elements"]}',
        }
    )
    settings = stub_judge_settings(judge_stub, max_reasks=1)
    output = AnalysisOutput(tmp_path / "out")
    with open_judge(settings, tmp_path / "j.sqlite") as judge:
        sections = run_error_taxonomy(
            samples,
            output,
            judge=judge,
            sections_prompt=SECTIONS,
            labels_prompt=LABELS,
            review_sample=10,
        )
    assert list(sections["labels"]) == [
        "graph_memorization_error",
        "missing_elements;state_update_error",
    ]
    assert list(sections["classes"]) == ["information", "algorithm_execution"]
    table = pd.read_csv(tmp_path / "out" / "errors_by_taxonomy.csv")
    row = table.iloc[0]
    assert (row["model"], row["taxonomy"], row["sections"]) == ("m1", "enumeration", 2)
    assert row["information"] == pytest.approx(0.5)
    assert row["algorithm_execution"] == pytest.approx(0.5)
    assert output.metrics["judge_unparsed"] == 1
    assert output.metrics["responses"] == 2
    assert (tmp_path / "out" / "error_distribution.png").is_file()
    # Sub-types (F.2) per model x taxonomy, and the verdicts per task and taxonomy.
    subtypes = pd.read_csv(tmp_path / "out" / "errors_by_subtype.csv")
    state = subtypes[subtypes["subtype"] == "state_update_error"].iloc[0]
    assert (state["taxonomy"], state["class"], state["labels"]) == (
        "enumeration",
        "algorithm_execution",
        1,
    )
    assert state["share"] == pytest.approx(1 / 3) and state["share_of_class"] == pytest.approx(0.5)
    status = pd.read_csv(tmp_path / "out" / "sections_status.csv")
    by_task = {r.task: (r.ok, r.unparsed) for r in status.itertuples()}
    assert by_task == {"max_degree": (1, 0), "diameter": (0, 1)}
    assert set(status["taxonomy"]) == {"enumeration", "exploration"}

    # The review sheet, filled in and passed back: kappa against the judge.
    sheet = pd.read_csv(tmp_path / "out" / "review_sheet.csv", keep_default_na=False)
    assert list(sheet["human_labels"]) == ["", ""]
    sheet["human_labels"] = ["graph_memorization_error", "none"]
    filled = tmp_path / "filled.csv"
    sheet.to_csv(filled, index=False)
    calls_before = judge_stub.stats()["calls"]
    again = AnalysisOutput(tmp_path / "again")
    with open_judge(settings, tmp_path / "j.sqlite") as judge:
        run_error_taxonomy(
            samples,
            again,
            judge=judge,
            sections_prompt=SECTIONS,
            labels_prompt=LABELS,
            review_labels=filled,
        )
    # All from the ledger except B's invalid sectioning, asked afresh once (+ its re-ask).
    assert judge_stub.stats()["calls"] == calls_before + 2
    agreement = pd.read_csv(tmp_path / "again" / "review_agreement.csv")
    overall = agreement[agreement["label"] == "all"].iloc[0]
    assert overall["reviewed"] == 2
    # 14 decisions (7 sub-types x 2 sections), 2 disagreements on section 2.
    assert overall["agreement"] == pytest.approx(12 / 14)


def test_class_distribution_empty() -> None:
    assert class_distribution(pd.DataFrame(), ["model"], ["a"]).empty


def test_no_parsed_sections_still_writes_every_table(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    samples = make_samples([{"answer_text": WRONG_B, "expected": "4"}])
    output = AnalysisOutput(tmp_path / "out")  # the stub's default reply is never valid JSON
    with open_judge(stub_judge_settings(judge_stub, max_reasks=0), tmp_path / "j.sqlite") as j:
        sections = run_error_taxonomy(
            samples, output, judge=j, sections_prompt=SECTIONS, labels_prompt=LABELS
        )
    assert sections.empty
    assert output.metrics["judge_unparsed"] == 1
    assert pd.read_csv(tmp_path / "out" / "review_sheet.csv").empty
