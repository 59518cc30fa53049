"""Over-thinking and self-verification segmented at high-entropy tokens, end to end: a stub
evaluation that stores logprobs, then each analysis with the scripted judge reading that job."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.analysis import run_analysis
from gralgo.analysis._inputs import read_inputs
from gralgo.analysis._judge import load_prompt, render_prompt
from gralgo.analysis._responses import AnalysisInputError
from gralgo.errors import ConfigError
from gralgo.evaluate import evaluate, load_instances
from gralgo.settings import analyze_settings_from_config, settings_from_config
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer
from tests.conftest import compose_config, tree_state

CONF = Path(__file__).resolve().parents[2] / "conf"


def stub_entropy(length: int, top_n: int = 4) -> float:
    """The stub's entropy at a word of ``length`` characters (gralgo/testing/stub_server.py)."""
    p = 1 / (1 + length)
    q = [p] + [(1 - p) / top_n] * (top_n - 1)
    return -sum(x / sum(q) * math.log(x / sum(q)) for x in q)


# The stub's top-4 entropy peaks (log 4: a uniform step) at 4-character words, 5-character ones
# come next: at this threshold only 4-character words ("Hmmm", "Okay") are markers.
THRESHOLD = (stub_entropy(4) + stub_entropy(5)) / 2


def analyze(tmp_path: Path, stub: StubServer, job: Path, *extra: str):
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose(
            "config",
            overrides=[
                "command=analyze",
                f"analyze.inputs=[{job}]",
                f"analyze.ledger={tmp_path / 'judge.sqlite'}",
                "analyze.max_reasks=0",
                "judge=openai_compatible",
                "judge.name=stub-model",
                f"judge.api_base={stub.api_base}",
                f"judge.api_key_env={FAKE_KEY_ENV}",
                f"paths.outputs={tmp_path / 'outputs'}",
                "mlflow.enabled=false",
                *extra,
            ],
        )
    plain = OmegaConf.to_container(cfg, resolve=True)
    return run_analysis(analyze_settings_from_config(plain, tmp_path / "out"))


@pytest.fixture(scope="module")
def logprob_job(
    stub_server: StubServer, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, list[str]]:
    """A job with stored logprobs: correct with two 4-letter markers, wrong, correct.

    Built once for the module: the tests only read it (``job_left_as_built`` checks).
    """
    root = tmp_path_factory.mktemp("logprob-job")
    settings = settings_from_config(compose_config([
        f"paths.outputs={root / 'outputs'}", f"paths.cache={root / 'cache'}",
        "model=openai_compatible", "model.name=stub-model",
        f"model.api_base={stub_server.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]", "level=1", "dataset.per_level=3", "sampling.k=1",
        "mlflow.enabled=false", "sampling.logprobs=true", "sampling.top_logprobs=4",
    ]))  # fmt: skip
    prompts = [i.prompts["edge_list"] for i in load_instances(settings)]
    a = prompts[0].answer
    stub_server.control(
        answers={
            prompts[0].text: f"Count the degrees first. Hmmm carefully: it is {a}. "
            f"Okay the answer stays \\boxed{{{a}}}",
            prompts[1].text: "So wait, \\boxed{999}",
            prompts[2].text: f"\\boxed{{{prompts[2].answer}}}",
        }
    )
    with pytest.MonkeyPatch.context() as env:
        env.setenv(FAKE_KEY_ENV, FAKE_KEY)
        job = evaluate(settings).output_dir
    return job, [str(p.answer) for p in prompts]


@pytest.fixture
def job_left_as_built(logprob_job: tuple[Path, list[str]]) -> Iterator[None]:
    """The shared job's outputs are the same after a test that reads it."""
    outputs = logprob_job[0].parents[2]
    before = tree_state(outputs)
    yield
    assert tree_state(outputs) == before, "a test changed the module's shared job"


def entropy_options() -> list[str]:
    return ["analysis.segmentation=entropy", f"analysis.entropy_threshold={THRESHOLD}"]


@pytest.mark.usefixtures("job_left_as_built")
def test_overthinking_segments_at_high_entropy_tokens(
    logprob_job: tuple[Path, list[str]], judge_stub: StubServer, tmp_path: Path
) -> None:
    job, answers = logprob_job
    samples = read_inputs([job]).sort_values("instance_id").reset_index(drop=True)
    first = samples[samples["answer_text"].str.startswith("Count")].iloc[0]
    a = answers[0]
    prompt = render_prompt(
        load_prompt(CONF / "prompts/judge/first_correct.txt"),
        problem=first["prompt"],
        expected=first["expected"],
        segments=f"[0] Count the degrees first.\n[1] Hmmm carefully: it is {a}.\n"
        f"[2] Okay the answer stays \\boxed{{{a}}}",
    )
    judge_stub.control(answers={prompt: '{"segment": 2}'})  # other replies: invalid
    result = run_ok = analyze(
        tmp_path, judge_stub, job, "analysis=overthinking", *entropy_options()
    )
    per = pd.read_csv(tmp_path / "out" / "responses.csv").sort_values("segments")
    assert len(per) == 2  # the two correct responses
    single, split = per.iloc[0], per.iloc[1]
    assert split["segments"] == 3 and single["segments"] == 1
    assert set(per["tokenizer"]) == {"model tokens (stored logprobs)"}
    # 14 stub tokens; the answer is first stated in segment 1, whose 9th token ends it.
    assert split["tokens"] == 14 and split["first_correct_programmatic"] == 1
    assert split["ratio_programmatic"] == pytest.approx(9 / 14)
    assert split["first_correct_judge"] == 2 and split["ratio_judge"] == pytest.approx(1.0)
    assert single["ratio_programmatic"] == pytest.approx(1.0)
    assert sorted(per["judge_status"]) == ["ok", "unparsed"]
    assert result.metrics["judge_unparsed"] == 1
    summary = run_ok.summary.read_text()
    assert "high-entropy word tokens" in summary and "entropy >= " in summary


@pytest.mark.usefixtures("job_left_as_built")
def test_self_verification_segments_at_high_entropy_tokens(
    logprob_job: tuple[Path, list[str]], judge_stub: StubServer, tmp_path: Path
) -> None:
    job, answers = logprob_job
    samples = read_inputs([job])
    first = samples[samples["answer_text"].str.startswith("Count")].iloc[0]
    a = answers[0]
    template = load_prompt(CONF / "prompts/judge/segment_behaviour.txt")

    def ask(previous: str, segment: str) -> str:
        return render_prompt(
            template,
            problem=first["prompt"],
            expected=first["expected"],
            previous=previous,
            segment=segment,
        )

    judge_stub.control(
        answers={
            ask(
                "Count the degrees first. ", f"Hmmm carefully: it is {a}. "
            ): '{"label": "self_verification", "effective": false}',
            ask(
                f"Count the degrees first. Hmmm carefully: it is {a}. ",
                f"Okay the answer stays \\boxed{{{a}}}",
            ): '{"label": "strategy_shift", "effective": null}',
        }
    )
    result = analyze(tmp_path, judge_stub, job, "analysis=self_verification", *entropy_options())
    segments = pd.read_csv(tmp_path / "out" / "segments.csv")
    # Only the first response has markers ("wait," has 5 characters, "So" 2).
    assert list(segments["segment"]) == [1, 2]
    assert list(segments["status"]) == ["ok", "ok"]
    assert list(segments["label"]) == ["self_verification", "strategy_shift"]
    assert result.metrics["self_verification.stub-model"] == pytest.approx(0.5)
    assert result.metrics["effective_rate.stub-model"] == pytest.approx(0.0)
    assert result.metrics["judge_calls"] == 2


def test_entropy_segmentation_without_logprobs_is_a_clear_error(
    make_settings, judge_stub: StubServer, tmp_path: Path
) -> None:
    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={judge_stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        "dataset.per_level=1", "sampling.k=1", "mlflow.enabled=false",
    )  # fmt: skip
    (prompt,) = [i.prompts["edge_list"] for i in load_instances(settings)]
    judge_stub.control(answers={prompt.text: f"So wait: \\boxed{{{prompt.answer}}}"})
    job = evaluate(settings).output_dir
    judge_stub.control(answers={})
    for analysis in ("overthinking", "self_verification"):
        with pytest.raises(
            AnalysisInputError, match="segmentation=entropy.*sampling.logprobs=true"
        ):
            analyze(tmp_path, judge_stub, job, f"analysis={analysis}", *entropy_options())
    assert judge_stub.stats()["calls"] == 0
    with pytest.raises(ConfigError, match="markers or entropy"):
        analyze(tmp_path, judge_stub, job, "analysis=overthinking", "analysis.segmentation=words")
