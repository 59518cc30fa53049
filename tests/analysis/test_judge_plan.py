"""Issue 20 items 2 and 3: a judge per stage (each in the request key), and a priced plan of
every stage printed before any judge call, held to ``analyze.max_cost_usd``."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from judge_helpers import make_samples, stub_judge_settings

from gralgo.analysis import AnalyzeSettings, JudgeSettings, run_analysis
from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.testing import StubServer

WRONG_A = "Read edges.\n\nDegree of b is 3.\n\nSo \\boxed{3}"
WRONG_B = "I guess.\n\n\\boxed{1}"
PRICE = {"price": {"input_per_1m": 1.0, "output_per_1m": 2.0}}


def judge_as(stub: StubServer, model: str) -> JudgeSettings:
    base = stub_judge_settings(stub, max_reasks=0)
    return replace(
        base,
        model=replace(base.model, name=model, litellm_model=f"openai/{model}"),
        model_config=PRICE,
    )


def taxonomy_settings(tmp_path: Path, judge: JudgeSettings, **kw: object) -> AnalyzeSettings:
    (tmp_path / "s.txt").write_text("S|$last_index|$paragraphs")
    (tmp_path / "l.txt").write_text("L|$start|$end|$section")
    return AnalyzeSettings(
        analysis="error_taxonomy",
        inputs=(),
        options={"name": "error_taxonomy", "prompts": {"sections": "s.txt", "labels": "l.txt"}},
        judge=judge,
        judge_ledger=tmp_path / "judge.sqlite",
        output_dir=tmp_path / "out",
        prompts_dir=tmp_path,
        **kw,  # type: ignore[arg-type]
    )


def samples():  # type: ignore[no-untyped-def]
    return make_samples(
        [{"answer_text": WRONG_A, "expected": "2"}, {"answer_text": WRONG_B, "expected": "2"}]
    )


def test_two_judges_section_and_classify(judge_stub: StubServer, tmp_path: Path) -> None:
    """The paper sections with one model and classifies with another: each stage's requests
    go to (and are keyed by) its own judge."""
    judge_stub.control(
        answers={
            "S|2|<0> Read edges.\n\n<1> Degree of b is 3.\n\n<2> So \\boxed{3}": '{"sections": [{"start": 0, "end": 2, "summary": "all"}]}',  # noqa: E501
            "S|1|<0> I guess.\n\n<1> \\boxed{1}": '{"sections": [{"start": 0, "end": 1, "summary": "guess"}]}',  # noqa: E501
            "L|0|2|Read edges.\n\nDegree of b is 3.\n\nSo \\boxed{3}": '{"labels": ["state_update_error"]}',  # noqa: E501
            "L|0|1|I guess.\n\n\\boxed{1}": '{"labels": []}',
        }
    )
    settings = taxonomy_settings(
        tmp_path,
        judge_as(judge_stub, "sectioner"),
        stage_judges={"classify": judge_as(judge_stub, "classifier")},
    )
    result = run_analysis(settings, samples())
    with sqlite3.connect(tmp_path / "judge.sqlite") as db:
        rows = db.execute("SELECT instance_id, model FROM samples").fetchall()
    models = {iid.split(":")[0]: model for iid, model in rows}
    assert models == {"sections": "openai/sectioner", "labels": "openai/classifier"}
    summary = result.summary.read_text()
    assert "sections by judge 1 (sectioner), F.2 labels by judge 2 (classifier)" in summary
    assert "| section | sectioner |" in summary and "| classify | classifier |" in summary
    # The judge is part of every request key: another classifier is asked anew.
    calls = judge_stub.stats()["calls"]
    other = replace(settings, stage_judges={"classify": judge_as(judge_stub, "other")})
    run_analysis(other, samples())
    assert judge_stub.stats()["calls"] - calls == 2  # the 2 labels, not the 2 sections
    # Planned again: everything is in the ledger, nothing to ask.
    dry = run_analysis(replace(settings, dry_run=True, output_dir=tmp_path / "dry"), samples())
    plan = dry.summary.read_text()
    assert "| section | sectioner | 2 | 2 | 0 | 0 |" in plan
    assert "| classify | classifier | 2 | 2 | 0 | 0 |" in plan


def test_dry_run_prices_every_stage(judge_stub: StubServer, tmp_path: Path) -> None:
    """The labelling stage depends on the sections: it is planned at its cap (one section per
    paragraph, 3 + 2), not left out of the price."""
    settings = taxonomy_settings(tmp_path, judge_as(judge_stub, "j"), dry_run=True)
    result = run_analysis(settings, samples())
    summary = result.summary.read_text()
    assert "| section | j | 2 | 0 | 2 | 0 |" in summary
    assert "| classify | j | 5 | 0 | 5 | 5 |" in summary
    assert result.metrics["plan.requests"] == 7
    assert judge_stub.stats()["calls"] == 0


def test_plan_comes_first_and_the_budget_refuses_before_any_call(
    judge_stub: StubServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from gralgo.analysis._run import JudgeBudgetError

    settings = taxonomy_settings(tmp_path, judge_as(judge_stub, "j"), max_cost_usd=1e-6)
    with (
        caplog.at_level("INFO", logger="gralgo"),
        pytest.raises(JudgeBudgetError, match="max_cost_usd"),
    ):
        run_analysis(settings, samples())
    assert judge_stub.stats()["calls"] == 0
    assert "judge plan of error_taxonomy" in caplog.text
    # Unknown price under a budget: refused too (fail closed).
    unpriced = replace(judge_as(judge_stub, "j"), model_config={})
    with pytest.raises(JudgeBudgetError, match="no known price"):
        run_analysis(replace(settings, judge=unpriced), samples())
    # Within the budget: the plan is printed, then the run is made.
    result = run_analysis(replace(settings, max_cost_usd=100.0), samples())
    assert judge_stub.stats()["calls"] > 0
    summary = result.summary.read_text()
    assert summary.index("## Judge plan") < summary.index("## Error classes")


def test_stage_judges_from_config(tmp_path: Path) -> None:
    from test_analyze_command import plain_config

    from gralgo.settings import analyze_settings_from_config

    cfg = plain_config(
        "command=analyze",
        "analysis=error_taxonomy",
        "judge=qwen25_72b_vllm",
        "analyze.judges.classify=gpt5_mini",
        "analyze.max_cost_usd=5",
    )
    settings = analyze_settings_from_config(cfg, tmp_path)
    assert settings.judge.model.name == "qwen2.5-72b-instruct"
    assert settings.stage_judges["classify"].model.litellm_model == "openai/gpt-5-mini"
    assert settings.max_cost_usd == 5
    assert settings.stage_judges["classify"].context_tokens  # from litellm's model map
    cfg = plain_config("command=analyze", "analysis=error_taxonomy", "analyze.judges.classify=nope")
    with pytest.raises(UnknownChoiceError):
        analyze_settings_from_config(cfg, tmp_path)
    cfg = plain_config("command=analyze", "analysis=overthinking", "analyze.judges.classify=local")
    with pytest.raises(ConfigError, match="has no stage"):
        run_analysis(analyze_settings_from_config(cfg, tmp_path), make_samples([]))


def test_in_batch_mode_the_plan_shows_the_batch_price_and_the_budget_holds_to_it(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    from gralgo.run import BatchSettings

    half = {"price": {**PRICE["price"], "batch_discount": 0.5}}
    judge = replace(judge_as(judge_stub, "j"), model_config=half)
    batch = BatchSettings(fallback="none")
    settings = taxonomy_settings(tmp_path, judge, dry_run=True, batch=batch)
    result = run_analysis(settings, samples())
    bound = result.metrics["plan.cost_bound_usd"]
    assert result.metrics["plan.batch_cost_bound_usd"] == pytest.approx(bound * 0.5)
    assert "Batch price (analyze.batch=on: this run pays it)" in result.summary.read_text()
    assert judge_stub.stats()["calls"] == 0
    live = run_analysis(replace(settings, batch=None, output_dir=tmp_path / "l"), samples())
    assert "Batch price" not in live.summary.read_text()  # live mode: the plan as before


def test_the_budget_is_held_to_the_batch_bound_unless_fallback_is_live() -> None:
    from gralgo.analysis._judge_plan import JudgePlan, StagePlan
    from gralgo.analysis._run import JudgeBudgetError, check_budget

    stage = StagePlan("s", "j", requests=3, cost_bound_usd=2.0, batch_cost_bound_usd=1.0)
    check_budget(JudgePlan({"s": stage}, batch="none"), 1.5)  # within at the batch price
    for plan in (JudgePlan({"s": stage}), JudgePlan({"s": stage}, batch="live")):
        with pytest.raises(JudgeBudgetError, match=r"up to \$2\.0000 \(3 requests"):
            check_budget(plan, 1.5)
    unknown = replace(stage, batch_cost_bound_usd=None)
    with pytest.raises(JudgeBudgetError, match="no known batch price.*batch_discount"):
        check_budget(JudgePlan({"s": unknown}, batch="none"), 1.5)
