"""The study page's leaderboard (``gralgo.report._study``): per task x level x model, beside
the paper split's scores and the hard split's n, the best heuristic of the instances that
model was asked (issue 32)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from gralgo.report._study import leaderboard_rows, write_study_page
from gralgo.score import instance_metrics, score_samples


def _inst(credits_a: list[float]) -> pd.DataFrame:
    """Two models on five max_degree instances of level 1 (answers 4 4 4 4 5), one hard
    instance; heuristic ``a`` credits ``credits_a`` on the paper instances."""
    rows = []
    for model in ("m1", "m2"):
        for index, expected in enumerate(["4", "4", "4", "4", "5", "6"]):
            credit = credits_a[index] if index < 5 else 0.0
            for sample in range(2):
                rows.append({
                    "instance_id": f"i{index}", "model": model, "task": "max_degree",
                    "taxonomy": "enumeration", "complexity": "easy", "level": 1,
                    "format": "edge_list", "context": "standard", "mode": "direct",
                    "sample_index": sample, "finish_reason": "stop", "error_class": None,
                    "answer_text": "\\boxed{4}" if model == "m1" else "\\boxed{5}",
                    "expected": expected, "answer_kind": "integer", "request_key": f"k{index}",
                    "splits": "hard" if index == 5 else "paper",
                    "heuristics": json.dumps({"a": credit, "b": 0.0}),
                })  # fmt: skip
    return instance_metrics(score_samples(pd.DataFrame(rows)), 2).assign(mode="direct")


def test_the_leaderboard_shows_each_cells_best_heuristic(tmp_path: Path) -> None:
    inst = _inst([1, 1, 1, 1, 0.5])  # "a" 0.9, above the majority guess's 0.8
    board = leaderboard_rows(inst, n_resamples=20)
    assert board["best_heuristic"].tolist() == pytest.approx([0.9, 0.9])
    assert board["hard_n_instances"].tolist() == [1, 1]
    page = write_study_page(inst, tmp_path, n_resamples=20).read_text(encoding="utf-8")
    board_html = page[page.index('class="leaderboard') :]
    assert "<th>best heuristic</th>" in board_html
    assert '<td data-sort="0.900000">0.90</td>' in board_html


def test_without_heuristic_credits_the_leaderboard_shows_no_baseline(tmp_path: Path) -> None:
    inst = _inst([1, 1, 1, 1, 0.5]).drop(columns=["heuristics"])
    board = leaderboard_rows(inst, n_resamples=20)
    assert board["best_heuristic"].isna().all()
