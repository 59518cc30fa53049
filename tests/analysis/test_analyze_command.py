"""``command=analyze`` settings from the real Hydra config, run on hand-made results with the
stub as judge, logged to MLflow and linked to the evaluation run it reads."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from hydra import compose, initialize_config_dir
from judge_helpers import make_samples
from omegaconf import OmegaConf

from gralgo.analysis import ANALYSES, run_analysis
from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.settings import analyze_settings_from_config
from gralgo.testing import FAKE_KEY_ENV, StubServer

CONF = Path(__file__).resolve().parents[2] / "conf"


def plain_config(*overrides: str) -> dict:
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose("config", overrides=list(overrides))
    plain = OmegaConf.to_container(cfg, resolve=True)
    assert isinstance(plain, dict)
    return plain


def test_every_analysis_and_judge_composes() -> None:
    for name in ANALYSES:
        cfg = plain_config("command=analyze", f"analysis={name}")
        assert cfg["analysis"]["name"] == name
    cfg = plain_config("command=analyze", "analysis=overthinking", "judge=qwen25_72b_vllm")
    settings = analyze_settings_from_config(cfg, Path("out"))
    assert settings.judge.model.litellm_model == "hosted_vllm/Qwen/Qwen2.5-72B-Instruct"
    assert settings.judge.sampling.temperature == 0.0
    local = analyze_settings_from_config(
        plain_config("command=analyze", "analysis=overthinking"), Path("out")
    )
    assert local.judge.model.endpoint_id and local.judge.model.endpoint_id.startswith("local:")
    assert "$segments" in local.prompt("first_correct")
    from gralgo.tasks import TASKS

    families = plain_config("command=analyze", "analysis=algorithm_families")["analysis"]
    assert set(families["families"]) == set(TASKS)
    assert all("not_stated" in options for options in families["families"].values())


def test_missing_or_unknown_analysis_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="analysis=<name>"):
        analyze_settings_from_config(plain_config("command=analyze"), Path("out"))
    cfg = plain_config("command=analyze", "analysis=overthinking")
    cfg["analysis"]["name"] = "nope"
    with pytest.raises(UnknownChoiceError):
        analyze_settings_from_config(cfg, Path("out"))


@pytest.mark.slow
def test_analyze_runs_writes_and_links_mlflow(judge_stub: StubServer, tmp_path: Path) -> None:
    job = tmp_path / "job"
    job.mkdir()
    (job / "mlflow_run_id.txt").write_text("0123456789abcdef\n")
    cfg = plain_config(
        "command=analyze",
        "analysis=overthinking",
        "judge=openai_compatible",
        "judge.name=stub-model",
        f"judge.api_base={judge_stub.api_base}",
        f"judge.api_key_env={FAKE_KEY_ENV}",
        f"paths.outputs={tmp_path / 'outputs'}",
        f"analyze.inputs=[{job}]",
        "analyze.max_fresh_asks=0",
    )
    settings = analyze_settings_from_config(cfg, tmp_path / "analysis")
    samples = make_samples([{"answer_text": "So it is 3. \\boxed{3}", "expected": "3"}])
    result = run_analysis(settings, samples)
    assert (tmp_path / "analysis" / "summary.md").is_file()
    assert "Outcome efficiency" in result.summary.read_text()
    assert result.metrics["judge_unparsed"] == 1  # the stub's default reply is not JSON
    assert judge_stub.stats()["calls"] == 1 + settings.judge.max_reasks
    assert result.run_id is not None
    from mlflow import MlflowClient

    run = MlflowClient(tracking_uri=settings.tracking_uri).get_run(result.run_id)
    assert run.data.tags["gralgo.analysis"] == "overthinking"
    assert run.data.tags["gralgo.source_run_id"] == "0123456789abcdef"
    assert run.data.metrics["judge_unparsed"] == 1
    # Offline re-run: 0 calls.
    judge_stub.control()
    run_analysis(settings, samples)
    assert judge_stub.stats()["calls"] == 0


def test_dry_run_plans_judge_calls_and_their_cost(judge_stub: StubServer, tmp_path: Path) -> None:
    cfg = plain_config(
        "command=analyze",
        "analysis=overthinking",
        "judge=openai_compatible",
        "judge.name=stub-model",
        f"judge.api_base={judge_stub.api_base}",
        f"judge.api_key_env={FAKE_KEY_ENV}",
        f"paths.outputs={tmp_path / 'outputs'}",
        "dry_run=true",
        "judge.price={input_per_1m:1.0,output_per_1m:2.0}",
    )
    settings = analyze_settings_from_config(cfg, tmp_path / "analysis")
    samples = make_samples([{"answer_text": "So it is 3. \\boxed{3}", "expected": "3"}])
    result = run_analysis(settings, samples)
    summary = result.summary.read_text()
    assert "dry run: nothing was called; 1 judge requests planned" in summary
    assert "| locate | stub-model | 1 | 0 | 1 | 0 |" in summary
    assert "unknown (no price)" not in summary  # priced: a cost and an upper bound
    assert (tmp_path / "analysis" / "judge_plan.md").is_file()
    assert judge_stub.stats()["calls"] == 0 and result.run_id is None


@pytest.mark.local_model
def test_default_local_judge_answers_and_reruns_offline(tmp_path: Path) -> None:
    """The embedded model as judge (the offline default): replies parse or are counted."""
    cfg = plain_config(
        "command=analyze",
        "analysis=overthinking",
        f"paths.outputs={tmp_path / 'outputs'}",
        "mlflow.enabled=false",
        "analyze.max_tokens=64",
        "analyze.max_fresh_asks=0",  # the re-run replays every stored verdict, invalid ones too
    )
    settings = analyze_settings_from_config(cfg, tmp_path / "analysis")
    samples = make_samples([{"answer_text": "So it is 3. Wait, yes. \\boxed{3}", "expected": "3"}])
    first = run_analysis(settings, samples)
    assert first.metrics["judge_calls"] >= 1
    per = pd.read_csv(tmp_path / "analysis" / "responses.csv")
    assert set(per["judge_status"]) <= {"ok", "unparsed"}
    again = run_analysis(settings, samples)
    assert again.metrics["judge_calls"] == 0


def test_a_judge_stopped_by_its_failure_budget_makes_a_partial_failing_analysis(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    import json

    judge_stub.control(faults=[{"kind": "status", "status": 500}])
    cfg = plain_config(
        "command=analyze",
        "analysis=overthinking",
        "judge=openai_compatible",
        "judge.name=stub-model",
        f"judge.api_base={judge_stub.api_base}",
        f"judge.api_key_env={FAKE_KEY_ENV}",
        f"paths.outputs={tmp_path / 'outputs'}",
        "mlflow.enabled=false",
        "run.max_attempts=1",
    )
    settings = analyze_settings_from_config(cfg, tmp_path / "analysis")
    rows = [{"answer_text": f"So it is {i}. \\boxed{{{i}}}", "expected": str(i)} for i in range(40)]
    result = run_analysis(settings, make_samples(rows))
    assert result.incomplete is not None and "incomplete: 0 of 40" in result.incomplete
    assert "failure budget" in result.incomplete
    summary = result.summary.read_text()
    assert summary.splitlines()[2].startswith("> **Partial results: incomplete: 0 of 40")
    metrics = json.loads((tmp_path / "analysis" / "metrics.json").read_text())
    assert metrics["judge_failed"] > 0 and metrics["judge_pending"] > 0
    assert metrics["judge_failed"] + metrics["judge_pending"] == 40
    assert metrics["judge_complete"] == 0
    tables = [p for p in (tmp_path / "analysis").glob("*.md") if p.name != "summary.md"]
    assert tables and all(p.read_text().startswith("> **Partial results") for p in tables)


def test_judge_paper_gives_each_stage_the_papers_judge() -> None:
    """Issue 36 item 1: Qwen2.5-72B sections, locates zeta, labels self-verification and
    classifies algorithms; o3-mini labels the errors; both with a window and a price."""
    cfg = plain_config("command=analyze", "analysis=error_taxonomy", "judge=paper")
    settings = analyze_settings_from_config(cfg, Path("out"))
    qwen, o3 = settings.judge, settings.stage_judges["classify"]
    assert qwen.model.litellm_model == "hosted_vllm/Qwen/Qwen2.5-72B-Instruct"
    assert qwen.context_tokens == 32768 and qwen.model_config["price"]["input_per_1m"] == 0.0
    assert o3.model.litellm_model == "openai/o3-mini" and o3.context_tokens == 200000
    assert o3.model.api_key_env == "OPENAI_API_KEY"
    assert {"temperature", "top_p"} <= set(o3.model.drop_params)
    assert o3.model_config["price"]["input_per_1m"] == 1.10
    assert set(settings.stage_judges) == {"classify"}  # every other stage: Qwen2.5-72B
    for name in ("overthinking", "self_verification", "algorithm_families"):
        cfg = plain_config("command=analyze", f"analysis={name}", "judge=paper")
        other = analyze_settings_from_config(cfg, Path("out"))
        assert other.judge.model.name == "qwen2.5-72b-instruct"
    sglang = analyze_settings_from_config(
        plain_config("command=analyze", "analysis=overthinking", "judge=qwen25_72b_sglang"),
        Path("out"),
    )
    assert sglang.judge.model.api_base == "http://127.0.0.1:30000/v1"
    assert sglang.judge.context_tokens == 32768


def test_a_stage_judge_is_written_on_the_command_line_without_a_package_file() -> None:
    """``analyze.judges.<stage>.name=... .api_base=...`` like ``model=``; ``.preset=`` starts
    from a conf/model entry; the check of the command line accepts the keys."""
    from gralgo.config import check_command_line

    args = [
        "command=analyze",
        "analysis=error_taxonomy",
        "analyze.judges.classify.name=Qwen/Qwen2.5-72B-Instruct",
        "analyze.judges.classify.api_base=http://10.0.0.7:8000/v1",
        "analyze.judges.section.preset=qwen25_72b_sglang",
        "analyze.judges.section.api_base=http://10.0.0.8:30000/v1",
        "analyze.judges.section.context_tokens=131072",
    ]
    check_command_line(args)
    settings = analyze_settings_from_config(plain_config(*args), Path("out"))
    classify, section = settings.stage_judges["classify"], settings.stage_judges["section"]
    assert classify.model.litellm_model == "openai/Qwen/Qwen2.5-72B-Instruct"
    assert classify.model.api_base == "http://10.0.0.7:8000/v1"
    assert section.model.litellm_model == "openai/Qwen/Qwen2.5-72B-Instruct"
    assert section.model.api_base == "http://10.0.0.8:30000/v1"
    assert section.context_tokens == 131072
    by_name = plain_config(
        "command=analyze", "analysis=error_taxonomy", "analyze.judges.classify=o3_mini"
    )
    o3 = analyze_settings_from_config(by_name, Path("out")).stage_judges["classify"]
    assert o3.model.name == "o3-mini"
    # judge=paper's o3-mini, with another key variable: the preset stays, the key changes.
    paper = plain_config(
        "command=analyze", "analysis=error_taxonomy", "judge=paper",
        "analyze.judges.classify.api_key_env=MY_OPENAI_KEY",
    )  # fmt: skip
    o3 = analyze_settings_from_config(paper, Path("out")).stage_judges["classify"]
    assert (o3.model.name, o3.model.api_key_env) == ("o3-mini", "MY_OPENAI_KEY")
    # The OpenAI-compatible preset without its served model id: one line naming the key.
    bare = plain_config(
        "command=analyze", "analysis=error_taxonomy", "analyze.judges.classify=openai_compatible"
    )
    with pytest.raises(ConfigError, match=r"analyze\.judges\.classify\.name="):
        analyze_settings_from_config(bare, Path("out"))
    typo = plain_config(
        "command=analyze", "analysis=error_taxonomy", "analyze.judges.classify.nmae=x"
    )
    with pytest.raises(ConfigError, match="nmae"):
        analyze_settings_from_config(typo, Path("out"))


def test_dry_run_of_judge_paper_plans_models_calls_and_price(tmp_path: Path) -> None:
    """``command=analyze judge=paper dry_run=true``: the plan names each stage's model, its
    requests and a known price, and calls nothing (no server, no key needed)."""
    cfg = plain_config(
        "command=analyze",
        "analysis=error_taxonomy",
        "judge=paper",
        "dry_run=true",
        f"paths.outputs={tmp_path / 'outputs'}",
        "mlflow.enabled=false",
    )
    settings = analyze_settings_from_config(cfg, tmp_path / "analysis")
    samples = make_samples(
        [{"answer_text": "Read it.\n\nCount.\n\nSo \\boxed{9}", "expected": "3"}]
    )
    result = run_analysis(settings, samples)
    plan = (tmp_path / "analysis" / "judge_plan.md").read_text()
    assert "| section | qwen2.5-72b-instruct | 1 | 0 | 1 | 0 |" in plan
    assert "| classify | o3-mini | 3 | 0 | 3 | 3 |" in plan  # at most one per paragraph
    assert "unknown (no price)" not in plan
    assert result.metrics["plan.cost_bound_usd"] > 0  # o3-mini's price
    assert "context window" not in result.summary.read_text()  # both windows are known


def test_stage_shortfalls_name_each_stage_that_judged_too_little() -> None:
    from gralgo.analysis._run import stage_shortfalls

    verdicts = {"section": {"ok": 3, "unparsed": 1}, "classify": {"unparsed": 4, "failed": 2}}
    short = stage_shortfalls(verdicts, ("section", "classify"), 0.5)
    assert short == [
        "stage classify parsed 0 of 4 judge replies (0% < analyze.min_parsed=0.5: invalid "
        "JSON, labels off the list or refusals; see judge_status)"
    ]
    assert stage_shortfalls({}, ("locate",), 0.5)[0].startswith("stage locate analysed nothing")
    assert stage_shortfalls({"locate": {"ok": 1, "unparsed": 1}}, ("locate",), 0.5) == []
    assert stage_shortfalls({"locate": {"unparsed": 2}}, ("locate",), 0.0) == []


def _stub_analyze(stub: StubServer, tmp_path: Path, *extra: str) -> object:
    cfg = plain_config(
        "command=analyze",
        "analysis=overthinking",
        "judge=openai_compatible",
        "judge.name=stub-model",
        f"judge.api_base={stub.api_base}",
        f"judge.api_key_env={FAKE_KEY_ENV}",
        f"paths.outputs={tmp_path / 'outputs'}",
        "mlflow.enabled=false",
        "analyze.max_fresh_asks=0",
        *extra,
    )
    return analyze_settings_from_config(cfg, tmp_path / "analysis")


def test_a_judge_that_answers_only_garbage_is_insufficient(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    """Issue 36 item 3: 0 % parsed (the stub's default reply is not JSON) is not a result."""
    settings = _stub_analyze(judge_stub, tmp_path)
    rows = [{"answer_text": f"So it is {i}. \\boxed{{{i}}}", "expected": str(i)} for i in range(3)]
    result = run_analysis(settings, make_samples(rows))
    assert result.insufficient is not None
    assert "stage locate parsed 0 of 3 judge replies" in result.insufficient
    summary = result.summary.read_text()
    assert summary.splitlines()[2].startswith("> **Not enough judged: stage locate parsed 0")
    assert "(0 of its verdicts parsed)" in summary  # the caption says so too
    assert result.metrics["judge_sufficient"] == 0


def test_all_responses_too_long_for_the_judge_is_insufficient(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    settings = _stub_analyze(judge_stub, tmp_path, "analyze.judge_context_tokens=300")
    rows = [{"answer_text": "word " * 400 + "\\boxed{3}", "expected": "3"}]
    result = run_analysis(settings, make_samples(rows))
    assert judge_stub.stats()["calls"] == 0
    assert result.insufficient is not None
    assert result.insufficient.startswith("stage locate analysed nothing")


def test_the_reask_follow_up_is_read_from_its_prompt_file(tmp_path: Path) -> None:
    """Issue 36 item 6: conf/prompts/judge/reask.txt is the follow-up (and a file of one's own
    with ``analyze.reask_prompt``)."""
    shipped = (CONF / "prompts" / "judge" / "reask.txt").read_text().removesuffix("\n")
    cfg = plain_config("command=analyze", "analysis=overthinking", "judge=paper")
    settings = analyze_settings_from_config(cfg, Path("out"))
    assert settings.judge.reask_template == shipped
    assert settings.stage_judges == {} or all(
        s.reask_template == shipped for s in settings.stage_judges.values()
    )
    own = tmp_path / "reask.txt"
    own.write_text("Wrong: $error. JSON only.\n")
    cfg = plain_config("command=analyze", "analysis=overthinking", f"analyze.reask_prompt={own}")
    assert analyze_settings_from_config(cfg, Path("out")).judge.reask_template == (
        "Wrong: $error. JSON only."
    )
    own.write_text("No placeholder.\n")
    with pytest.raises(ConfigError, match=r"must contain \$error"):
        analyze_settings_from_config(cfg, Path("out"))


def test_judges_use_the_run_client_setting() -> None:
    cfg = plain_config("command=analyze", "analysis=overthinking", "judge=paper")
    assert analyze_settings_from_config(cfg, Path("out")).judge.client == "auto"
    cfg = plain_config("command=analyze", "analysis=overthinking", "run.client=litellm")
    assert analyze_settings_from_config(cfg, Path("out")).judge.client == "litellm"
