"""Request.key backs "never pay twice": whatever changes what is sent must change it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from gralgo.ledger import ModelSpec, Request, SamplingParams

MODEL = ModelSpec(
    name="m", litellm_model="openai/m", api_base="http://127.0.0.1:8001/v1",
    api_key_env="KEY_ENV", extra_body={"chat_template_kwargs": {"enable_thinking": True}},
)  # fmt: skip
SAMPLING = SamplingParams(temperature=0.6, top_p=0.95, min_p=0.0, max_tokens=512, seed=None)
MESSAGES = ({"role": "user", "content": "How many nodes?"},)
BASE = Request("inst-1", MESSAGES, MODEL, SAMPLING)


def with_model(**changes: Any) -> Request:
    return replace(BASE, model=replace(MODEL, **changes))


def with_sampling(**changes: Any) -> Request:
    return replace(BASE, sampling=replace(SAMPLING, **changes))


CHANGES_WHAT_IS_SENT = {
    "litellm model": with_model(litellm_model="openai/other"),
    "api_base": with_model(api_base="http://other-host:8001/v1"),
    "endpoint_id": with_model(endpoint_id="local:qwen:chatml:4096"),
    "extra_body value": with_model(extra_body={"chat_template_kwargs": {"enable_thinking": False}}),
    "extra_body removed": with_model(extra_body={}),
    "temperature": with_sampling(temperature=0.7),
    "top_p": with_sampling(top_p=0.9),
    "min_p": with_sampling(min_p=0.05),
    "max_tokens": with_sampling(max_tokens=1024),
    "seed": with_sampling(seed=7),
    "logprobs": with_sampling(logprobs=True),
    "top_logprobs": with_sampling(top_logprobs=5),
    "dropping a sent param": with_model(drop_params=("min_p",)),
    "message text": replace(BASE, messages=({"role": "user", "content": "How many edges?"},)),
    "extra message": replace(BASE, messages=({"role": "system", "content": "Be brief."},
                                             *MESSAGES)),
    "role": replace(BASE, messages=({"role": "system", "content": "How many nodes?"},)),
    "mode": replace(BASE, mode="tools"),
}  # fmt: skip

SENDS_THE_SAME = {
    "instance id": replace(BASE, instance_id="inst-2"),
    "display name": with_model(name="another display name"),
    "api key variable name": with_model(api_key_env="OTHER_ENV"),
    "mode direct (default)": replace(BASE, mode="direct"),
    "logprobs unset": with_sampling(logprobs=None, top_logprobs=None),
}


@pytest.mark.parametrize("name", sorted(CHANGES_WHAT_IS_SENT))
def test_every_field_sent_changes_the_key(name: str) -> None:
    assert CHANGES_WHAT_IS_SENT[name].key != BASE.key


def test_all_changed_keys_are_distinct() -> None:
    keys = [r.key for r in CHANGES_WHAT_IS_SENT.values()]
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("name", sorted(SENDS_THE_SAME))
def test_what_is_not_sent_leaves_the_key(name: str) -> None:
    assert SENDS_THE_SAME[name].key == BASE.key


def test_local_server_port_does_not_change_the_key_when_endpoint_id_is_set() -> None:
    local = with_model(endpoint_id="local:qwen:chatml:4096")
    moved = replace(local, model=replace(local.model, api_base="http://127.0.0.1:40123/v1"))
    assert moved.key == local.key


def test_dropping_a_param_that_is_not_sent_leaves_the_key() -> None:
    assert with_model(drop_params=("seed",)).key == BASE.key  # seed is None: never sent


def test_api_key_value_does_not_change_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEY_ENV", "sk-first-1234")
    first = Request("inst-1", MESSAGES, MODEL, SAMPLING).key
    monkeypatch.setenv("KEY_ENV", "sk-second-5678")
    assert Request("inst-1", MESSAGES, MODEL, SAMPLING).key == first
