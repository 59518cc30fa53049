"""Entropy end to end: an evaluation with logprobs (stub), then analysis=entropy reading the
job's ledger; and the same on the embedded model with real logprobs (marked local_model)."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.analysis import run_analysis
from gralgo.analysis._responses import AnalysisInputError
from gralgo.evaluate import evaluate, load_instances
from gralgo.settings import analyze_settings_from_config
from gralgo.testing import FAKE_KEY_ENV, StubServer

CONF = Path(__file__).resolve().parents[2] / "conf"


def analyze(tmp_path: Path, job: Path, *extra: str):
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose(
            "config",
            overrides=[
                "command=analyze",
                "analysis=entropy",
                f"analyze.inputs=[{job}]",
                f"paths.outputs={tmp_path / 'outputs'}",
                "mlflow.enabled=false",
                *extra,
            ],
        )
    plain = OmegaConf.to_container(cfg, resolve=True)
    return run_analysis(analyze_settings_from_config(plain, tmp_path / "entropy"))


def test_entropy_from_stored_logprobs(
    make_settings, judge_stub: StubServer, tmp_path: Path
) -> None:
    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={judge_stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        "dataset.per_level=3", "sampling.k=1", "mlflow.enabled=false", "sampling.logprobs=true",
        "sampling.top_logprobs=4",
    )  # fmt: skip
    prompts = [i.prompts["edge_list"] for i in load_instances(settings)]
    judge_stub.control(
        answers={p.text: "so wait the extraordinary answer so wait \\boxed{1}" for p in prompts}
    )
    job = evaluate(settings).output_dir
    # The stored (T = 1) distribution itself: analysis.temperature=1.
    result = analyze(tmp_path, job, "analysis.min_count=3", "analysis.temperature=1")
    ranking = pd.read_csv(tmp_path / "entropy" / "token_ranking.csv")

    # Stub: one token per word, p(chosen) = 1 / (1 + len(word)), 3 others share the rest.
    def expected(word: str, temperature: float = 1.0) -> float:
        p = 1 / (1 + len(word))
        q = [x ** (1 / temperature) for x in [p] + [(1 - p) / 4] * 3]
        total = sum(q)
        return -sum(x / total * math.log(x / total) for x in q)

    words = {"so": 6, "wait": 6, "the": 3, "extraordinary": 3, "answer": 3, "\\boxed{1}": 3}
    order = sorted(words, key=lambda w: (-expected(w), -words[w], w))
    assert list(ranking["token"]) == order
    assert list(ranking["count"]) == [words[w] for w in order]
    assert list(ranking["mean_entropy"]) == pytest.approx([expected(w) for w in order], rel=1e-3)
    assert result.metrics["markers_in_ranking"] == 2  # "wait" and "so"
    # Per response: the top-N mass left out and an upper bound above the lower bound.
    per = pd.read_csv(tmp_path / "entropy" / "responses.csv")
    assert (per["mean_dropped_mass"] > 0).all()
    assert (per["mean_entropy_upper_bound"] > per["mean_entropy"]).all()
    assert "--max-logprobs" in (tmp_path / "entropy" / "entropy.md").read_text()
    for name in ("entropy_wordcloud.png", "entropy_ranking.png", "entropy.md"):
        assert (tmp_path / "entropy" / name).is_file()
    assert set(per["temperature"]) == {1.0} and set(per["logprobs_temperature"]) == {1.0}

    # Issue 36 item 4: by default Eq. 4 is at the samples' sampling temperature (0.6 here),
    # computed from the T = 1 logprobs the server returned, and the table says which.
    again = analyze(tmp_path / "t", job, "analysis.min_count=3")
    ranking = pd.read_csv(tmp_path / "t" / "entropy" / "token_ranking.csv")
    by_token = dict(zip(ranking["token"], ranking["mean_entropy"], strict=True))
    for word in words:
        assert by_token[word] == pytest.approx(expected(word, 0.6), rel=1e-3)
        assert by_token[word] <= expected(word) + 1e-9  # a cooler softmax is more peaked
    assert by_token["extraordinary"] < expected("extraordinary") - 0.01
    per = pd.read_csv(tmp_path / "t" / "entropy" / "responses.csv")
    assert set(per["temperature"]) == {0.6} and set(per["logprobs_temperature"]) == {1.0}
    note = (tmp_path / "t" / "entropy" / "entropy.md").read_text()
    assert "Eq. 4 at T = 0.6 (the samples' sampling temperature" in note
    assert "rescaled from the stored T = 1 logprobs" in note
    assert again.metrics["logprobs_temperature"] == 1.0
    assert again.metrics["entropy_temperature.stub-model"] == 0.6


def test_entropy_without_logprobs_says_how_to_get_them(
    make_settings, judge_stub: StubServer, tmp_path: Path
) -> None:
    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={judge_stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        "dataset.per_level=1", "sampling.k=1", "mlflow.enabled=false",
    )  # fmt: skip
    job = evaluate(settings).output_dir
    with pytest.raises(AnalysisInputError, match="sampling.logprobs=true"):
        analyze(tmp_path, job)


@pytest.mark.local_model
def test_entropy_on_the_embedded_model(make_settings, tmp_path: Path) -> None:
    """Real logprobs from llama.cpp (Gemma 3 270M): small, but every number is real."""
    settings = make_settings(
        "task=[max_degree]",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=1",
        "sampling.max_tokens=16",  # llama-cpp-python scores the whole vocabulary per token
        "mlflow.enabled=false",
        "sampling.logprobs=true",
        "sampling.top_logprobs=5",
    )
    job = evaluate(settings).output_dir
    result = analyze(tmp_path, job, "analysis.min_count=1")
    per = pd.read_csv(tmp_path / "entropy" / "responses.csv")
    assert len(per) == 2 and (per["tokens"] > 0).all()
    # llama-cpp-python adds the sampled token to the top 5 when it is not among them.
    assert per["top_n"].between(5, 6).all()
    assert (per["mean_entropy"] >= 0).all() and (per["mean_entropy"] <= math.log(5)).all()
    assert (per["mean_dropped_mass"] >= 0).all()
    assert any(k.startswith("mean_entropy.") for k in result.metrics)
