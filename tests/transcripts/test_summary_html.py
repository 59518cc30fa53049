"""The top of report.html: headline per model, task grids with every baseline row and its n."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from gralgo.transcripts._summary_html import (
    baseline_rows,
    headline_html,
    interval_figure_svg,
    interval_text,
    level_grids_html,
)


def _aggregate_row(model: str, **extra: object) -> dict[str, object]:
    return {"model": model, "n_instances": 9, "n_incomplete": 0, "pass_at_k": 0.42,
            "pass_at_k_lo": 0.37, "pass_at_k_hi": 0.47, "cons_at_k": 0.3, "cons_at_k_lo": 0.2,
            "cons_at_k_hi": 0.4, "share_truncated": 0.25, "share_no_answer": 0.1,
            "share_error": 0.0, **extra}  # fmt: skip


def test_interval_text() -> None:
    assert interval_text(0.42, 0.37, 0.47) == "0.42 [0.37, 0.47]"
    assert interval_text(0.42) == "0.42"
    assert interval_text(float("nan"), 0.1, 0.2) == "–"


def test_headline_has_intervals_cost_tokens_and_shares() -> None:
    overall = pd.DataFrame([_aggregate_row("model-a")])
    usage = pd.DataFrame({"model": ["model-a"] * 2, "prompt_tokens": [100.0, 200.0],
                          "completion_tokens": [10.0, 30.0], "cost_usd": [0.5, 0.25]})  # fmt: skip
    page = headline_html(overall, usage, k=4)
    for text in ("pass@4 [95% CI]", "0.42 [0.37, 0.47]", "0.30 [0.20, 0.40]", "300 / 40",
                 "$0.7500", "25%", "10%"):  # fmt: skip
        assert text in page, text
    unpriced = usage.assign(cost_usd=float("nan"))
    assert "unknown price" in headline_html(overall, unpriced, k=4)


def test_baseline_rows_are_every_non_model_row_of_the_written_tables(tmp_path: Path) -> None:
    # Rows another part of the code adds to the tables (a heuristic baseline) show up too.
    pd.DataFrame({
        "model": ["model-a", "baseline", "greedy heuristic"],
        "Easy max_degree p@k": [0.5, 0.25, 0.75], "Easy max_degree c@k": [0.5, 0.25, 0.75],
        "Hard max_clique p@k": [0.1, float("nan"), 0.5], "Hard max_clique c@k": [0.1, None, 0.5],
    }).to_csv(tmp_path / "tasks_level2.csv", index=False)  # fmt: skip
    rows = baseline_rows(tmp_path, ["model-a"])
    assert sorted(set(rows["name"])) == ["baseline", "greedy heuristic"]
    assert set(rows["level"]) == {2}
    heuristic = rows[rows["name"] == "greedy heuristic"].set_index("task")["value"]
    assert heuristic.to_dict() == {"max_degree": 0.75, "max_clique": 0.5}


def test_grid_shows_models_with_intervals_and_baselines_with_n() -> None:
    by_task_level = pd.DataFrame([
        _aggregate_row("model-a", task="max_degree", level=1),
        _aggregate_row("model-a", task="max_clique", level=1, pass_at_k=0.9, pass_at_k_lo=0.8,
                       pass_at_k_hi=1.0),
    ])  # fmt: skip
    baselines = pd.DataFrame({"name": ["baseline", "baseline"], "task": ["max_degree",
                              "max_clique"], "level": [1, 1], "value": [1.0, 0.2]})  # fmt: skip
    page = level_grids_html(by_task_level, baselines, {("max_degree", 1): 1,
                            ("max_clique", 1): 30}, k=2,
                            complexity={"max_degree": "easy", "max_clique": "hard"})  # fmt: skip
    assert '<b>0.42</b><br><span class="ci">[0.37, 0.47]' in page
    assert "0.90 [0.80, 1.00]" in page
    assert '1.00 <span class="n">(n=1)</span>' in page  # one instance: flagged as trivial
    assert '0.20 <span class="n">(n=30)</span>' in page
    assert 'class="baseline few"' in page
    assert page.index(">max_<wbr>degree<") < page.index(">max_<wbr>clique<")  # easy, hard


def test_interval_figure_draws_intervals_for_a_single_level() -> None:
    by_task = pd.DataFrame([_aggregate_row("model-a", task="max_degree"),
                            _aggregate_row("model-b", task="max_degree")])  # fmt: skip
    svg = interval_figure_svg(by_task, k=2)
    assert svg.count('class="ci"') == 2
    assert "model-a · max_degree: 0.42 [0.37, 0.47]" in svg
