"""The paper's table layouts on small hand-made instance tables with known numbers."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from gralgo.report._tables import (
    guess_baselines,
    outcome_table,
    task_markdown,
    task_table,
    taxonomy_markdown,
    taxonomy_table,
    with_task_baseline,
    with_taxonomy_baseline,
    write_tables,
)
from gralgo.score import (
    GUESS_LABELS,
    ScoringInputError,
    aggregate,
    instance_metrics,
    score_samples,
)

CONS_GUESS = GUESS_LABELS["guess_cons"]
DRAWS_GUESS = GUESS_LABELS["guess_pass_draws"]
TOP_GUESS = GUESS_LABELS["guess_pass_top_k"]

TASKS = {  # task -> (taxonomy, complexity)
    "max_degree": ("enumeration", "easy"),
    "max_clique": ("enumeration", "hard"),
    "path_sum": ("exploration", "easy"),
    "mst": ("intuition", "medium"),
}


def instances(
    model: str, task: str, level: int, passes: list[float], cons: list[float], incomplete: int = 0
) -> list[dict[str, object]]:
    taxonomy, complexity = TASKS[task]
    rows = [
        {
            "model": model,
            "task": task,
            "taxonomy": taxonomy,
            "complexity": complexity,
            "level": level,
            "format": "edge_list",
            "context": "standard",
            "instance_id": f"{task}-{i}",
            "pass_at_k": p,
            "cons_at_k": c,
            "incomplete": False,
        }
        for i, (p, c) in enumerate(zip(passes, cons, strict=True))
    ]
    rows += [
        {
            **rows[0],
            "instance_id": f"{task}-x{i}",
            "pass_at_k": math.nan,
            "cons_at_k": math.nan,
            "incomplete": True,
        }
        for i in range(incomplete)
    ]
    return rows


@pytest.fixture
def inst() -> pd.DataFrame:
    rows = (
        instances("A", "max_degree", 3, [1.0, 0.5], [1.0, 0.0], incomplete=1)
        + instances("A", "max_clique", 3, [0.25, 0.25], [0.0, 0.0])
        + instances("A", "path_sum", 3, [1.0, 1.0, 1.0], [1.0, 0.0, 0.0])
        + instances("A", "mst", 3, [0.0], [0.0])
        + instances("A", "max_degree", 4, [0.5], [0.5])
        + instances("B", "path_sum", 3, [0.5, 1.0], [0.0, 1.0])
    )
    return pd.DataFrame(rows)


def test_taxonomy_table_cells(inst: pd.DataFrame) -> None:
    table = taxonomy_table(inst)
    a = table.loc["A"]
    # Taxonomy cell = mean of its tasks' means; incomplete instances are left out.
    assert a[(3, "Enumeration", "c@k")] == pytest.approx((0.5 + 0.0) / 2)
    assert a[(3, "Enumeration", "p@k")] == pytest.approx((0.75 + 0.25) / 2)
    assert a[(3, "Exploration", "c@k")] == pytest.approx(1 / 3)
    assert a[(3, "Intuition", "p@k")] == 0.0
    # Avg. = mean over the level's tasks.
    assert a[(3, "Avg.", "c@k")] == pytest.approx((0.5 + 0.0 + 1 / 3 + 0.0) / 4)
    assert a[(3, "Avg.", "p@k")] == pytest.approx(0.5)
    assert a[(4, "Enumeration", "c@k")] == 0.5 and math.isnan(a[(4, "Exploration", "c@k")])
    assert math.isnan(table.loc["B", (4, "Avg.", "p@k")])
    assert list(table.columns.get_level_values(1)[:8]) == [
        "Enumeration",
        "Enumeration",
        "Exploration",
        "Exploration",
        "Intuition",
        "Intuition",
        "Avg.",
        "Avg.",
    ]


def test_taxonomy_markdown_rows(inst: pd.DataFrame) -> None:
    text = taxonomy_markdown(taxonomy_table(inst))
    assert "### Level-3 (31-50 nodes)" in text and "### Level-4 (51-80 nodes)" in text
    assert (
        "| Model | Enumeration c@k | Enumeration p@k | Exploration c@k | Exploration p@k "
        "| Intuition c@k | Intuition p@k | Avg. c@k | Avg. p@k |"
    ) in text
    assert "| A | 0.25 | 0.50 | 0.33 | 1.00 | 0.00 | 0.00 | 0.21 | 0.50 |" in text
    assert "| B | – | – | 0.50 | 0.75 | – | – | 0.50 | 0.75 |" in text


def test_task_table_order_and_cells(inst: pd.DataFrame) -> None:
    table = task_table(inst, level=3, model_order=["B", "A"])
    assert list(table.index) == ["B", "A"]
    tasks = list(dict.fromkeys(table.columns.get_level_values("task")))
    assert tasks == ["max_degree", "path_sum", "mst", "max_clique"]
    text = task_markdown(table, 3, task_labels={"max_degree": "Max Degree"})
    assert "| Model | Easy: Max Degree | Easy: path_sum | Medium: mst | Hard: max_clique |" in text
    assert "| A | 0.75 / 0.50 | 1.00 / 0.33 | 0.00 / 0.00 | 0.25 / 0.00 |" in text
    assert "| B | – / – | 0.75 / 0.50 | – / – | – / – |" in text


def test_mixed_settings_are_rejected(inst: pd.DataFrame) -> None:
    mixed = inst.copy()
    mixed.loc[0, "format"] = "adjacency_list"
    with pytest.raises(ScoringInputError, match="filter it to one format"):
        taxonomy_table(mixed)
    with pytest.raises(ScoringInputError, match="unknown taxonomy"):
        taxonomy_table(inst.assign(taxonomy="greedy"))


def _samples() -> pd.DataFrame:
    rows = []
    for task, (taxonomy, complexity) in TASKS.items():
        for level in (1, 2):
            for i in range(3):
                texts = [r"\boxed{5}", r"\boxed{6}", "no answer", None]
                for s, text in enumerate(texts):
                    rows.append(
                        {
                            "instance_id": f"{task}-{level}-{i}",
                            "model": "m",
                            "task": task,
                            "taxonomy": taxonomy,
                            "complexity": complexity,
                            "level": level,
                            "format": "edge_list",
                            "context": "standard",
                            "sample_index": s,
                            "answer_text": text,
                            "finish_reason": "stop",
                            "error_class": "Timeout" if text is None else None,
                            "expected": "5",
                            "answer_kind": "integer",
                        }
                    )
    return pd.DataFrame(rows)


def test_outcome_table_and_written_files(tmp_path: Path) -> None:
    inst = instance_metrics(score_samples(_samples()), k=4)
    agg = aggregate(inst, by=["model", "task", "level"], n_resamples=100)
    table = outcome_table(agg)
    assert len(table) == len(TASKS) * 2
    first = table.iloc[0]
    assert first["accuracy"] == pytest.approx(1 / 3)
    assert first["wrong"] == pytest.approx(1 / 3) and first["no answer"] == pytest.approx(1 / 3)
    assert first["truncated"] == 0.0 and first["error"] == 0.25

    paths = write_tables(inst, agg, tmp_path / "tables")
    names = sorted(p.name for p in paths)
    assert names == sorted(
        f"{stem}.{ext}"
        for stem in ("taxonomy_by_level", "tasks_level1", "tasks_level2", "outcomes")
        for ext in ("md", "csv")
    )
    assert all(p.stat().st_size > 0 for p in paths)
    csv = pd.read_csv(tmp_path / "tables" / "taxonomy_by_level.csv")
    assert csv.loc[0, "Level-1 Enumeration p@k"] == 1.0
    assert csv.loc[0, "Level-2 Avg. c@k"] == 1.0
    assert "| m | 1.00 / 1.00 |" in (tmp_path / "tables" / "tasks_level1.md").read_text()


def _answers(
    model: str,
    task: str,
    level: int,
    expected: list[str],
    kind: str = "integer",
    nodes: list[int] | None = None,
) -> list[dict[str, object]]:
    rows = instances(model, task, level, [0.0] * len(expected), [0.0] * len(expected))
    for row, answer, n in zip(rows, expected, nodes or [10] * len(expected), strict=True):
        row.update(expected_answer=answer, answer_kind=kind, n_nodes=n)
    return rows


def test_guess_baselines_count_each_instance_once() -> None:
    inst = pd.DataFrame(
        _answers("A", "max_degree", 1, ["5", "5", "7", "9", "5"])
        + _answers("B", "max_degree", 1, ["5", "5", "7", "9", "5"])  # same instances, 2nd model
        + _answers(
            "A", "mst", 1, ["a", "b", "c", "d", "e"], kind="node", nodes=[10, 10, 20, 20, 40]
        )
    )
    guesses = guess_baselines(inst).set_index("task")
    assert guesses.loc["max_degree", "instances"] == 5
    assert guesses.loc["max_degree", "constant"] == "5"
    # leave-one-out at k = 1 (no k column): a "5" sees 2 of the other 4, the 7 and 9 none
    assert guesses.loc["max_degree", CONS_GUESS] == pytest.approx(3 / 5)
    assert guesses.loc["max_degree", DRAWS_GUESS] == pytest.approx(3 * 0.5 / 5)
    assert guesses.loc["max_degree", TOP_GUESS] == pytest.approx(3 / 5)
    assert math.isnan(guesses.loc["max_degree", "random_node"])
    assert guesses.loc["mst", CONS_GUESS] == 0.0  # every answer unique: a guess never hits
    assert guesses.loc["mst", "random_node"] == pytest.approx((0.1 + 0.1 + 0.05 + 0.05 + 0.025) / 5)
    assert guess_baselines(inst.drop(columns=["expected_answer"])).empty


def test_every_written_accuracy_table_has_a_baseline(tmp_path: Path) -> None:
    """Each baseline stands beside its own metric; a task of 4 instances has none."""
    inst = pd.DataFrame(
        _answers("A", "max_degree", 1, ["5", "5", "5", "9", "5"])
        + _answers("A", "path_sum", 1, ["1", "2", "3", "4", "5"])
        + _answers("A", "max_clique", 1, ["3", "3", "3", "4"])
    )
    inst["n_samples"] = 1
    agg = pd.DataFrame(
        [
            {
                "model": "A",
                "task": t,
                "level": 1,
                "accuracy": 0.0,
                "accuracy_lo": 0.0,
                "accuracy_hi": 0.0,
                "pass_at_k": 0.0,
                "cons_at_k": 0.0,
                "share_wrong": 1.0,
                "share_no_answer": 0.0,
                "share_truncated": 0.0,
                "share_error": 0.0,
                "n_instances": 4,
                "n_incomplete": 0,
                "guess_cons": {"max_degree": 0.8, "path_sum": 0.0}.get(t, math.nan),
            }
            for t in ("max_degree", "path_sum", "max_clique")
        ]
    )
    write_tables(inst, agg, tmp_path)
    taxonomy = pd.read_csv(tmp_path / "taxonomy_by_level.csv").set_index("model")
    # max_degree: a "5" sees three 5s among the other four -> majority guess right, 9 wrong
    assert taxonomy.loc[CONS_GUESS, "Level-1 Exploration c@k"] == pytest.approx(0.0)
    assert math.isnan(taxonomy.loc[CONS_GUESS, "Level-1 Exploration p@k"])  # not its metric
    assert taxonomy.loc[DRAWS_GUESS, "Level-1 Exploration p@k"] == pytest.approx(0.0)
    assert math.isnan(taxonomy.loc[CONS_GUESS, "Level-1 Enumeration c@k"])  # max_clique: n = 4
    text = (tmp_path / "taxonomy_by_level.md").read_text()
    # Enumeration holds the too small max_clique; no intuition task: nothing to show
    assert f"| {CONS_GUESS} | n too small |  | 0.00 |  | – |  | n too small |  |" in text
    level1 = (tmp_path / "tasks_level1.md").read_text()
    assert f"| {CONS_GUESS} | 0.80 (c@k) | 0.00 (c@k) | n too small (c@k) |" in level1
    assert f"| {DRAWS_GUESS} | 0.60 (p@k) | 0.00 (p@k) | n too small (p@k) |" in level1
    assert f"| {TOP_GUESS} | 0.80 (p@k) | 0.00 (p@k) | n too small (p@k) |" in level1
    outcomes = pd.read_csv(tmp_path / "outcomes.csv").set_index("task")
    assert outcomes.loc["max_degree", CONS_GUESS] == pytest.approx(0.8)
    assert "n too small" in (tmp_path / "outcomes.md").read_text()
    # n beside every baseline: four or five instances per task, flagged as too few.
    assert outcomes.loc["max_degree", "baseline n"] == 5
    for name in ("taxonomy_by_level.md", "tasks_level1.md"):
        text = (tmp_path / name).read_text()
        assert "n = 4-5 instances per task and level" in text, name
        assert "leave-one-out" in text and "`n too small` where n < 5" in text, name
        assert "close to trivial" in text, name


def test_every_written_accuracy_table_has_a_best_heuristic_row(tmp_path: Path) -> None:
    """A heuristic beating guessing shows; where none does, the row keeps the guess."""
    import json

    inst = pd.DataFrame(
        _answers("A", "max_degree", 1, ["5", "5", "5", "9", "5"])
        + _answers("A", "path_sum", 1, ["1", "2", "4", "4", "4"])
    )
    inst["n_samples"] = 1
    credits = {"max_degree": [1, 1, 1, 1, 1], "path_sum": [1, 0, 0, 0, 0]}
    counter = {"max_degree": 0, "path_sum": 0}
    texts = []
    for task in inst["task"]:
        texts.append(json.dumps({"greedy": credits[task][counter[task]], "scan": 0.0}))
        counter[task] += 1
    inst["heuristics"] = texts
    guesses = guess_baselines(inst).set_index("task")
    assert guesses.loc["max_degree", "heuristic"] == "greedy"
    assert guesses.loc["max_degree", "best heuristic"] == pytest.approx(1.0)
    assert guesses.loc["path_sum", "heuristic_accuracy"] == pytest.approx(0.2)
    # the majority guess (leave-one-out: each "4" sees two more 4s among the other four)
    # beats it: 3 of 5
    assert guesses.loc["path_sum", "best heuristic"] == pytest.approx(0.6)
    agg = pd.DataFrame(
        [
            {"model": "A", "task": t, "level": 1, "accuracy": 0.0, "accuracy_lo": 0.0,
             "accuracy_hi": 0.0, "pass_at_k": 0.0, "cons_at_k": 0.0, "share_wrong": 1.0,
             "share_no_answer": 0.0, "share_truncated": 0.0, "share_error": 0.0,
             "n_instances": 4, "n_incomplete": 0}
            for t in ("max_degree", "path_sum")
        ]
    )  # fmt: skip
    write_tables(inst, agg, tmp_path)
    taxonomy = pd.read_csv(tmp_path / "taxonomy_by_level.csv").set_index("model")
    assert taxonomy.loc["best heuristic", "Level-1 Enumeration c@k"] == pytest.approx(1.0)
    assert taxonomy.loc["best heuristic", "Level-1 Avg. p@k"] == pytest.approx(0.8)
    level1 = (tmp_path / "tasks_level1.md").read_text()
    assert "| best heuristic | 1.00 / 1.00 | 0.60 / 0.60 |" in level1
    outcomes = pd.read_csv(tmp_path / "outcomes.csv").set_index("task")
    assert outcomes.loc["max_degree", "heuristic"] == "greedy"
    assert outcomes.loc["max_degree", "best heuristic"] == pytest.approx(1.0)
    # Without credits (an older dataset) there is no heuristic row at all.
    write_tables(inst.drop(columns=["heuristics"]), agg, tmp_path / "old")
    assert "best heuristic" not in (tmp_path / "old" / "tasks_level1.md").read_text()


def test_a_job_computes_its_baselines_once_for_tables_plot_and_page(
    make_settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, job_frame: pd.DataFrame
) -> None:
    """The tables, the plot's heuristic lines and report.html's task grid share one
    ``guess_baselines`` (it was computed four times: ~0.3 s of a 2,000-sample job)."""
    import gralgo.report
    import gralgo.report._tables as tables
    from gralgo.publish import write_reports

    real, calls = tables.guess_baselines, []

    def counted(inst: pd.DataFrame) -> pd.DataFrame:
        calls.append(len(inst))
        return real(inst)

    monkeypatch.setattr(tables, "guess_baselines", counted)
    monkeypatch.setattr(gralgo.report, "guess_baselines", counted, raising=False)
    settings = make_settings("sampling.k=2", "report.bootstrap_resamples=20").report_settings()
    write_reports(job_frame, settings, tmp_path)
    assert calls == [2]  # once, over the job's two instances
    assert "best heuristic" in (tmp_path / "tables" / "outcomes.csv").read_text(encoding="utf-8")


def _per_cell_taxonomy_baseline(table: pd.DataFrame, guesses: pd.DataFrame) -> pd.DataFrame:
    """The row-at-a-time ``with_taxonomy_baseline`` pinned below: one ``.loc`` per cell; each
    guessing row fills its own metric, ``best heuristic`` both; a task without a value leaves
    its taxonomy's cell without one."""
    from gralgo.report._tables import AVERAGE, CONS, GUESS_ROW_METRIC, HEURISTIC, PASS

    out = table.copy()
    levels = set(table.columns.get_level_values("level"))
    rows = [DRAWS_GUESS, TOP_GUESS, CONS_GUESS]
    rows += [HEURISTIC] if guesses[HEURISTIC].notna().all() else []
    for row in rows:
        metrics = [GUESS_ROW_METRIC[row]] if row in GUESS_ROW_METRIC else [CONS, PASS]
        out.loc[row] = math.nan
        by_taxonomy = guesses.groupby(["level", "taxonomy"])[row].mean()
        unknown = guesses.groupby(["level", "taxonomy"])[row].apply(lambda v: v.isna().any())
        for (level, taxonomy), value in by_taxonomy.items():
            if level in levels:
                for metric in metrics:
                    value = math.nan if unknown[(level, taxonomy)] else value
                    out.loc[row, (level, taxonomy.capitalize(), metric)] = value
        for level, value in guesses.groupby("level")[row].mean().items():
            if level in levels:
                for metric in metrics:
                    value = (
                        math.nan
                        if guesses.loc[guesses["level"] == level, row].isna().any()
                        else value
                    )
                    out.loc[row, (level, AVERAGE, metric)] = value
    return out


@pytest.mark.parametrize("heuristics", [False, True])
def test_taxonomy_baseline_rows_match_setting_each_cell(heuristics: bool) -> None:
    """The baseline rows are set a row at a time; pinned against a ``.loc`` per cell, also
    when a taxonomy has a baseline but no complete instance at a level, and when a task is
    too small for one (path_sum at level 1)."""
    from gralgo.report._tables import with_taxonomy_baseline

    rows = (
        _answers("A", "max_degree", 1, ["5", "5", "7", "5", "6"])
        + _answers("A", "path_sum", 1, ["1", "2", "2"])
        + _answers("A", "max_degree", 2, ["3", "4", "3", "3", "3"])
        + _answers("A", "mst", 2, ["a", "b", "a", "a", "c"], kind="node", nodes=[4, 8, 4, 4, 4])
    )
    inst = pd.DataFrame(rows)
    if heuristics:
        inst["heuristics"] = [json.dumps({"greedy": i % 2, "first": 0.5}) for i in range(len(inst))]
    inst.loc[inst["task"] == "mst", "incomplete"] = True  # no model cell for intuition at 2
    table, guesses = taxonomy_table(inst), guess_baselines(inst)
    pd.testing.assert_frame_equal(
        with_taxonomy_baseline(table, guesses), _per_cell_taxonomy_baseline(table, guesses)
    )


def test_guess_baselines_skip_missing_answers_and_node_counts() -> None:
    """A missing expected answer is not a guess, a missing node count not a chance (as
    ``value_counts`` and ``Series.mean`` skip them); every instance still counts in n."""
    inst = pd.DataFrame(
        _answers("A", "max_degree", 1, ["5", "x", "x", "7"])
        + _answers("A", "mst", 1, ["a", "b", "c"], kind="node", nodes=[10, 0, 20])
        + _answers("A", "path_sum", 1, ["a", "b"], kind="node", nodes=[0, 0])
    )
    inst["expected_answer"] = inst["expected_answer"].replace("x", None).astype("str")
    inst["n_nodes"] = inst["n_nodes"].astype(float).replace(0.0, math.nan)
    guesses = guess_baselines(inst).set_index("task")
    assert guesses.loc["max_degree", "instances"] == 4
    assert guesses.loc["max_degree", "constant"] == "5"
    assert guesses.loc["mst", "random_node"] == pytest.approx((0.1 + 0.05) / 2)
    assert math.isnan(guesses.loc["path_sum", "random_node"])


def test_a_model_named_like_a_baseline_row_is_not_doubled() -> None:
    """The baseline rows replace a row with their label, as ``.loc[label] = values`` does."""
    inst = pd.DataFrame(
        _answers(CONS_GUESS, "max_degree", 1, ["5", "5", "7", "5", "5"])
        + _answers("A", "max_degree", 1, ["5", "5", "7", "5", "5"])
    )
    guesses = guess_baselines(inst)
    for table in (
        with_taxonomy_baseline(taxonomy_table(inst), guesses),
        with_task_baseline(task_table(inst, 1), guesses, 1),
    ):
        assert list(table.index) == ["A", CONS_GUESS, DRAWS_GUESS, TOP_GUESS]
        values = table.loc[CONS_GUESS].dropna().tolist()
        assert values and values == pytest.approx([4 / 5] * len(values))
