"""Helpers shared by the analysis tests: a judge aimed at the loopback stub."""

from __future__ import annotations

from stub_server import FAKE_KEY_ENV, StubServer

from gralgo.analysis._judge import JudgeSettings
from gralgo.run._records import ModelSpec, SamplingParams


def stub_judge_settings(stub: StubServer, max_reasks: int = 2) -> JudgeSettings:
    """A judge aimed at the stub, temperature 0, no backoff worth waiting for."""
    model = ModelSpec(name="stub-judge", litellm_model="openai/stub-model",
                      api_base=stub.api_base, api_key_env=FAKE_KEY_ENV)
    return JudgeSettings(model=model, sampling=SamplingParams(temperature=0.0, top_p=1.0,
                                                              max_tokens=256),
                         max_reasks=max_reasks, max_attempts=2, timeout_s=10)
