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


def shipped_families() -> dict:
    import yaml

    from gralgo.analysis._families import families_from_config

    conf = Path(__file__).resolve().parents[2] / "conf" / "analysis" / "algorithm_families.yaml"
    return families_from_config(yaml.safe_load(conf.read_text())["families"])


def test_shipped_families_are_the_papers_taxonomy() -> None:
    """Issue 36 item 2: Enumeration / Exploration / Intuition (§2.1) for every task, with the
    paper's examples: Dijkstra and Kruskal (and Prim, peeling) under Intuition (greedy)."""
    from gralgo.tasks import TASKS

    families = shipped_families()
    assert set(families) == set(TASKS)
    for task, options in families.items():
        assert list(options) == ["enumeration", "exploration", "intuition", "not_stated"], task
        assert all(options[f].algorithms for f in ("enumeration", "exploration", "intuition"))
    intuition = {task: " ".join(o["intuition"].algorithms) for task, o in families.items()}
    assert "Dijkstra" in intuition["distance_threshold"]
    assert "Kruskal" in intuition["mst_weight"] and "Prim" in intuition["mst_weight"]
    assert "peeling" in intuition["max_kcore"]
    for task, options in families.items():  # never under search
        assert "Dijkstra" not in " ".join(options["exploration"].algorithms), task
        assert "Kruskal" not in " ".join(options["exploration"].algorithms), task


def test_table_notes_list_the_algorithms_behind_each_label(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    families = shipped_families()
    samples = make_samples(
        [
            {"task": "mst_weight", "taxonomy": "intuition", "answer_text": "Kruskal \\boxed{3}",
             "expected": "3"},
            {"task": "mst_weight", "taxonomy": "intuition", "answer_text": "DFS \\boxed{2}",
             "expected": "3"},
        ]
    )  # fmt: skip
    names = "enumeration, exploration, intuition, not_stated"
    judge_stub.control(
        answers={
            f"{names}|Kruskal \\boxed{{3}}": '{"family": "intuition"}',
            f"{names}|DFS \\boxed{{2}}": '{"family": "exploration"}',
        }
    )
    output = AnalysisOutput(tmp_path / "out")
    with open_judge(stub_judge_settings(judge_stub), tmp_path / "j.sqlite") as judge:
        run_families(samples, output, judge=judge, prompt_template=TEMPLATE, families=families)
    table = pd.read_csv(tmp_path / "out" / "families.csv")
    assert list(table["family"]) == ["exploration", "intuition"]  # the paper's order
    note = (tmp_path / "out" / "families.md").read_text()
    assert "mst_weight: enumeration = spanning-tree enumeration; exploration = DFS, BFS; " in note
    assert "intuition = Kruskal, Prim, Boruvka" in note
