"""Algorithm families with a scripted judge: ratio, accuracy within family, unparsed."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from judge_helpers import make_samples, stub_judge_settings

from gralgo.analysis import open_judge
from gralgo.analysis._families import run_families
from gralgo.analysis._output import AnalysisOutput
from gralgo.testing import StubServer

FAMILIES = {"max_degree": {"enumeration": "checks all", "greedy": "guesses"}}
TEMPLATE = "$family_names|$response"


def test_families_end_to_end(judge_stub: StubServer, tmp_path: Path) -> None:
    samples = make_samples(
        [
            {"answer_text": "check all \\boxed{3}", "expected": "3"},
            {"answer_text": "check all again \\boxed{2}", "expected": "4"},
            {"answer_text": "guess \\boxed{5}", "expected": "5"},
            {"answer_text": "hmm \\boxed{5}", "expected": "5"},
        ]
    )
    judge_stub.control(
        answers={
            "enumeration, greedy|check all \\boxed{3}": '{"family": "enumeration"}',
            "enumeration, greedy|check all again \\boxed{2}": '{"family": "enumeration"}',
            "enumeration, greedy|guess \\boxed{5}": '{"family": "greedy"}',
            "enumeration, greedy|hmm \\boxed{5}": '{"family": "dynamic programming"}',
        }
    )
    output = AnalysisOutput(tmp_path / "out")
    with open_judge(stub_judge_settings(judge_stub, max_reasks=1), tmp_path / "j.sqlite") as j:
        labelled = run_families(
            samples, output, judge=j, prompt_template=TEMPLATE, families=FAMILIES
        )
    assert list(labelled["status"]) == ["ok", "ok", "ok", "unparsed"]
    table = pd.read_csv(tmp_path / "out" / "families.csv")
    enum = table[table["family"] == "enumeration"].iloc[0]
    assert enum["ratio"] == pytest.approx(2 / 3) and enum["accuracy"] == pytest.approx(0.5)
    greedy = table[table["family"] == "greedy"].iloc[0]
    assert greedy["ratio"] == pytest.approx(1 / 3) and greedy["accuracy"] == pytest.approx(1.0)
    assert output.metrics["judge_unparsed"] == 1
    assert (tmp_path / "out" / "families.png").is_file()
