"""A job's report folder put together: metrics over the breakdowns, the job page's table by task
and level with its baselines and costs, and one price in every number a job shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from gralgo.publish import write_reports
from gralgo.publish._summary import breakdown_table, breakdowns, with_baselines
from gralgo.publish._terminal import summary_text
from gralgo.report import guess_baselines, job_metrics
from gralgo.score import aggregate, instance_metrics
from gralgo.transcripts import write_job_transcripts


def test_job_metrics_names_and_values(scored_frame: pd.DataFrame) -> None:
    one_model = scored_frame[scored_frame["model"] == "model-a"]  # a job evaluates one model
    inst = instance_metrics(one_model, 2)
    overall = aggregate(inst, by=["model"], n_resamples=50)
    metrics = job_metrics(overall, breakdowns(inst, 50), one_model)
    assert metrics["pass_at_k"] == pytest.approx(1.0)  # both complete model-a instances solved
    assert metrics["accuracy"] == pytest.approx(0.75)
    assert metrics["accuracy_lo"] <= metrics["accuracy"] <= metrics["accuracy_hi"]
    assert metrics["task/diameter/share_wrong"] == pytest.approx(0.5)
    assert metrics["taxonomy/enumeration/accuracy"] == pytest.approx(1.0)
    assert {"level/1/pass_at_k", "level/2/pass_at_k", "complexity/easy/cons_at_k"} <= set(metrics)
    assert metrics["prompt_tokens"] == 5 * 100  # the errored sample's usage counts too
    assert metrics["task/max_degree/cost_usd"] == pytest.approx(0.002)
    assert "task/diameter/cost_usd" not in metrics  # no price known: unknown, not $0
    assert metrics["latency_p95_s"] == pytest.approx(1.5)
    assert not any(name.endswith(("_at_2", "@2")) for name in metrics)


def test_job_page_answers_task_level_cost_questions(
    scored_frame: pd.DataFrame, make_settings, tmp_path: Path
) -> None:
    one = scored_frame[scored_frame["model"] == "model-a"]
    inst = instance_metrics(one, 2)
    settings = make_settings("sampling.k=2", "report.bootstrap_resamples=50").report_settings()
    paths = write_job_transcripts(one, aggregate(inst, by=["model"], n_resamples=50),
                                  breakdowns(inst, 50), [], settings, tmp_path)  # fmt: skip
    page = paths[1].read_text(encoding="utf-8")
    section = page[page.index("By task and level") : page.index("<h2>Figures")]
    rows = [r for r in section.split("<tr>") if "max_degree" in r or "diameter" in r]
    assert len(rows) == 3  # model-a's (max_degree, 1), (diameter, 1), (diameter, 2)
    assert sum("$0.0020" in r for r in rows) == 1  # max_degree's known cost
    assert any("unknown price" in r for r in rows)  # diameter: no price known


@pytest.mark.parametrize("batch", [True, False])
def test_job_page_labels_batch_prices(
    scored_frame: pd.DataFrame, make_settings, tmp_path: Path, batch: bool
) -> None:
    one = scored_frame[scored_frame["model"] == "model-a"]
    inst = instance_metrics(one, 2)
    overrides = ["sampling.k=2", "report.bootstrap_resamples=50", f"run.batch.enabled={batch}"]
    settings = make_settings(*overrides).report_settings()
    paths = write_job_transcripts(one, aggregate(inst, by=["model"], n_resamples=50),
                                  breakdowns(inst, 50), [], settings, tmp_path)  # fmt: skip
    page = paths[1].read_text(encoding="utf-8")
    assert ("<b>Costs are batch prices</b>" in page) is batch
    assert ("batch prices (the provider&#x27;s batch API" in page or
            "batch prices (the provider's batch API" in page) is batch  # fmt: skip


def test_job_page_says_how_many_costs_are_batch_prices(
    scored_frame: pd.DataFrame, make_settings, tmp_path: Path
) -> None:
    """A batch job with live samples too (fallback=live, an earlier live run): the label counts."""
    one = scored_frame[scored_frame["model"] == "model-a"].copy()
    one["batch_ref"] = [None if i % 2 else "ref-1" for i in range(len(one))]
    inst = instance_metrics(one, 2)
    overrides = ["sampling.k=2", "report.bootstrap_resamples=50", "run.batch.enabled=true"]
    settings = make_settings(*overrides).report_settings()
    paths = write_job_transcripts(one, aggregate(inst, by=["model"], n_resamples=50),
                                  breakdowns(inst, 50), [], settings, tmp_path)  # fmt: skip
    page = paths[1].read_text(encoding="utf-8")
    batch = (len(one) + 1) // 2
    assert "<b>Costs are batch prices</b>" not in page
    assert f"<b>Costs mix batch and live prices</b>: {batch} of {len(one)} samples" in page


def test_the_page_table_by_task_and_level_carries_the_baselines() -> None:
    inst = pd.DataFrame([
        {"model": "A", "task": "max_degree", "taxonomy": "enumeration", "complexity": "easy",
         "level": 1, "format": "edge_list", "context": "standard",
         "instance_id": f"max_degree-{i}", "pass_at_k": 0.0, "cons_at_k": 0.0,
         "incomplete": False, "expected_answer": answer, "answer_kind": "integer", "n_nodes": 10}
        for i, answer in enumerate(["5", "5", "5", "9"])
    ])  # fmt: skip
    inst["heuristics"] = [json.dumps({"greedy": 1.0})] * 4
    agg = pd.DataFrame([{"model": "A", "task": "max_degree", "level": 1, "pass_at_k": 0.5}])
    row = with_baselines(agg, guess_baselines(inst)).iloc[0]
    # the guessing baselines come with aggregate (over the same instances), not merged here
    assert "baseline" not in row.index and "guess_cons" not in row.index
    assert row["heuristic"] == "greedy" and row["best heuristic"] == pytest.approx(1.0)
    no_credits = guess_baselines(inst.drop(columns=["heuristics"]))
    assert "heuristic" not in with_baselines(agg, no_credits).columns


def _frame() -> pd.DataFrame:
    rows = []
    for index in range(2):
        for sample in range(2):
            rows.append({
                "instance_id": f"i{index}", "model": "m", "task": "max_degree",
                "taxonomy": "enumeration", "complexity": "easy", "level": 1,
                "format": "edge_list", "context": "standard", "sample_index": sample,
                "answer_text": "\\boxed{4}", "finish_reason": "stop", "error_class": None,
                "expected": "4", "answer_kind": "integer", "prompt_tokens": 1000,
                "completion_tokens": 500, "reasoning_tokens": 0, "cost_usd": None,
                "latency_s": 1.0, "request_key": f"k{index}", "prompt": "p",
                "graph_nodes": 5, "graph_edges": 4,
            })  # fmt: skip
    return pd.DataFrame(rows)


@pytest.mark.parametrize("rates", [(0.0, 0.0), (1.0, 2.0)])
def test_summary_metrics_and_samples_use_the_configured_price(
    make_settings: Any, tmp_path: Path, rates: tuple[float, float]
) -> None:
    settings = make_settings(
        "sampling.k=2", "report.bootstrap_resamples=20", "mlflow.enabled=false",
        f"model.price.input_per_1m={rates[0]}", f"model.price.output_per_1m={rates[1]}",
    ).report_settings()  # fmt: skip
    _, metrics = write_reports(_frame(), settings, tmp_path)
    expected = 4 * (1000 * rates[0] + 500 * rates[1]) / 1e6
    assert metrics["cost_usd"] == pytest.approx(expected)  # what MLflow logs
    assert metrics["task/max_degree/cost_usd"] == pytest.approx(expected)
    text = summary_text(metrics, 2, "t")
    assert "unknown price" not in text and f"${expected:,.4f}" in text
    samples = pd.read_csv(tmp_path / "samples.csv")
    assert samples["cost_usd"].sum() == pytest.approx(expected)
    assert "unknown price" not in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_the_breakdowns_stack_with_their_groups_as_text_and_stay_as_they_were() -> None:
    parts = {
        "task": pd.DataFrame({"model": ["m", "m"], "task": ["a", "b"], "n": [1, 2]}),
        "level": pd.DataFrame({"model": ["m", "m"], "level": [1, 2], "n": [3, 4]}),
    }
    before = {by: part.copy() for by, part in parts.items()}
    table = breakdown_table(parts)
    assert list(table.columns) == ["model", "by", "group", "n"]
    assert table["by"].tolist() == ["task", "task", "level", "level"]
    assert table["group"].tolist() == ["a", "b", "1", "2"]
    assert table["n"].tolist() == [1, 2, 3, 4]
    for by, part in parts.items():
        pd.testing.assert_frame_equal(part, before[by])


def test_every_report_shows_the_baselines_and_the_hard_split(
    make_settings: Any, tmp_path: Path
) -> None:
    """One job, six instances: five of the paper split (expected 4 4 4 4 5), one of the hard
    split. Every output carries the guessing baselines at the job's k beside the metric they
    match, and the hard split with its n: summary.csv, breakdown.csv, the metrics (MLflow,
    metrics.json), the terminal summary, the paper tables and report.html."""
    frame = pd.concat([_frame()] * 3, ignore_index=True)
    frame["instance_id"] = [f"i{i // 2}" for i in range(len(frame))]
    frame["sample_index"] = [i % 2 for i in range(len(frame))]
    frame["expected"] = [["4", "4", "4", "4", "5", "6"][i // 2] for i in range(len(frame))]
    frame["splits"] = ["hard" if i // 2 == 5 else "paper" for i in range(len(frame))]
    # heuristic "a" gets 0.9 of the paper split (above the majority guess's 0.8), "b" 0.2
    credits = [(1, 0), (1, 0), (1, 0), (1, 0), (0.5, 1), (0, 0)]
    frame["heuristics"] = [json.dumps(dict(zip("ab", credits[i // 2], strict=True)))
                           for i in range(len(frame))]  # fmt: skip
    settings = make_settings("sampling.k=2", "report.bootstrap_resamples=20",
                             "mlflow.enabled=false").report_settings()  # fmt: skip
    _, metrics = write_reports(frame, settings, tmp_path)
    # the best heuristic beside every breakdown: the cell, the task, the level, the job
    for name in ("task_level/max_degree/1/", "task/max_degree/", "level/1/",
                 "taxonomy/enumeration/", ""):  # fmt: skip
        assert metrics[f"{name}best_heuristic"] == pytest.approx(0.9), name
    assert metrics["task_level/max_degree/1/hard_n_instances"] == 1
    assert metrics["task_level/max_degree/1/pass_at_k"] == pytest.approx(4 / 5)
    # leave-one-out at k = 2: a "4" sees 3 of the other 4 -> 1 - (1/4)^2; the "5" sees none
    draws, top, cons = 4 * (1 - 0.25**2) / 5, 4 / 5, 4 / 5
    for name, value in (("guess_pass_draws", draws), ("guess_pass_top_k", top),
                        ("guess_cons", cons)):  # fmt: skip
        assert metrics[name] == pytest.approx(value)
        assert metrics[f"task/max_degree/{name}"] == pytest.approx(value)
        assert metrics[f"task_level/max_degree/1/{name}"] == pytest.approx(value)
    assert metrics["pass_at_k"] == pytest.approx(4 / 5) and metrics["n_instances"] == 5
    assert metrics["hard_n_instances"] == 1 and metrics["hard_pass_at_k"] == 0.0
    summary = pd.read_csv(tmp_path / "summary.csv")
    assert summary["guess_pass_draws"].iloc[0] == pytest.approx(draws)
    assert summary["hard_n_instances"].iloc[0] == 1
    assert summary["best_heuristic"].iloc[0] == pytest.approx(0.9)
    breakdown = pd.read_csv(tmp_path / "breakdown.csv")
    assert breakdown["guess_cons"].tolist() == pytest.approx([cons] * len(breakdown))
    assert breakdown["best_heuristic"].tolist() == pytest.approx([0.9] * len(breakdown))
    assert breakdown["hard_n_instances"].tolist() == [1] * len(breakdown)
    text = summary_text(metrics, 2, "t")
    assert f"{draws:.2f} / {top:.2f}" in text and "0.00 (n=1)" in text
    row = next(line for line in text.splitlines() if "max_degree" in line)
    assert re.search(r"0\.00 \(n=1\) │ +0\.90 │", row)  # hard p@k with its n, best heuristic
    level1 = (tmp_path / "tables" / "tasks_level1.md").read_text(encoding="utf-8")
    assert f"| baseline p@k (k draws) | {draws:.2f} (p@k) |" in level1
    assert "| m | 0.00 / 0.00 (n = 1) |" in level1  # the hard split's section
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "hard 0.00 (n=1)" in page and "baseline c@k (majority guess)" in page


@pytest.mark.parametrize(("cut", "noted"), [(0.0, False), (0.1, False), (0.44, True)])
def test_many_replies_cut_at_max_tokens_are_explained(cut: float, noted: bool) -> None:
    """Issue 38: the smoke run showed most samples cut with only a column to say so; the
    summary says what a high cut share means and which setting changes it."""
    metrics = {"n_instances": 9.0, "pass_at_k": 0.1, "share_truncated": cut}
    text = summary_text(metrics, 2, "t")
    assert ("raise sampling.max_tokens" in text) is noted
    if noted:
        assert f"trunc.: {cut:.0%} of the replies reached max_tokens" in text


def test_without_a_hard_split_every_report_says_absent(make_settings: Any, tmp_path: Path) -> None:
    """A dataset without the hard split: the terminal, the tables and report.html say
    "absent", the metrics and the CSVs hold no hard score (n 0), never a 0 accuracy."""
    settings = make_settings("sampling.k=2", "report.bootstrap_resamples=20",
                             "mlflow.enabled=false").report_settings()  # fmt: skip
    _, metrics = write_reports(_frame(), settings, tmp_path)
    assert metrics["hard_n_instances"] == 0 and "hard_pass_at_k" not in metrics
    assert "task_level/max_degree/1/hard_pass_at_k" not in metrics
    assert "best_heuristic" not in metrics  # no heuristic credits: no baseline, not 0
    summary = pd.read_csv(tmp_path / "summary.csv")
    assert summary["hard_n_instances"].iloc[0] == 0 and summary["hard_pass_at_k"].isna().all()
    breakdown = pd.read_csv(tmp_path / "breakdown.csv")
    assert breakdown["hard_pass_at_k"].isna().all()
    row = next(line for line in summary_text(metrics, 2, "t").splitlines() if "max_degree" in line)
    assert "absent" in row
    level1 = (tmp_path / "tables" / "tasks_level1.md").read_text(encoding="utf-8")
    assert "absent" in level1
    assert "hard: absent" in (tmp_path / "report.html").read_text(encoding="utf-8")
