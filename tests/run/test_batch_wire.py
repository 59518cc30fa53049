"""Batch files and objects against the providers' documented formats: our request lines, the
stub's batches, files and result lines (validated with the official SDKs' types and the docs'
examples), and the live path's bodies, which the batch lines must equal."""

from __future__ import annotations

import json
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gralgo.ledger import Ledger, ModelSpec, Request, custom_id
from gralgo.run.batch._provider_apis import (
    AnthropicBatches,
    OpenAIBatches,
    parse_anthropic_line,
    parse_openai_line,
)
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub, make_requests
from tests.conftest import needs

pytestmark = needs("openai", "anthropic")
FIXTURES = json.loads((Path(__file__).parent / "data" / "batch_wire_fixtures.json").read_text())


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)


def claude(batch_stub: BatchStub) -> ModelSpec:
    """As ``conf/model/claude.yaml``, on the stub."""
    return ModelSpec(
        "claude", "anthropic/claude-sonnet-4-5", batch_stub.base, FAKE_KEY_ENV,
        drop_params=("min_p", "top_p"),
    )  # fmt: skip


def requests_for(batch_stub: BatchStub, model: ModelSpec | None = None) -> list[Request]:
    """Three requests to the stub's OpenAI-style model (seed 7), or to ``model`` (no seed:
    Anthropic takes none)."""
    if model is None:
        return make_requests(batch_stub.api_base, 3, seed=7)
    return [replace(r, model=model) for r in make_requests(batch_stub.api_base, 3)]


def keys_of(value: Any) -> Any:
    """The nested key structure of a JSON value (lists: of their first item)."""
    if isinstance(value, dict):
        return {k: keys_of(v) for k, v in value.items()}
    if isinstance(value, list) and value:
        return [keys_of(value[0])]
    return None


def typed_dict_keys(cls: Any) -> tuple[set[str], set[str]]:
    """(required, all) keys of an SDK TypedDict (its ``Required[...]`` annotations)."""
    annotations: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(getattr(klass, "__annotations__", {}))
    text = {k: getattr(v, "__forward_arg__", str(v)) for k, v in annotations.items()}
    required = {k for k, v in text.items() if v.startswith("Required[")}
    return required, set(annotations)


def get(url: str) -> Any:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {FAKE_KEY}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def get_lines(url: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return [json.loads(line) for line in response.read().decode().splitlines() if line]


def test_openai_request_lines_have_the_documented_shape(batch_stub: BatchStub) -> None:
    from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

    provider = OpenAIBatches(requests_for(batch_stub)[0])
    request = requests_for(batch_stub)[0]
    line = provider.line(request, 2, custom_id((request.key, 2)))
    assert set(line) == set(FIXTURES["openai_input"])
    assert (line["method"], line["url"]) == ("POST", "/v1/chat/completions")
    required, known = typed_dict_keys(CompletionCreateParamsNonStreaming)
    assert required <= set(line["body"])
    # min_p is no OpenAI parameter: litellm sends it as extra_body (vLLM and llama.cpp take it)
    assert set(line["body"]) - known == {"min_p"}
    assert line["body"]["seed"] == 7 + 2  # sample i sends seed + i, as live calls do


def test_anthropic_request_lines_have_the_documented_shape(batch_stub: BatchStub) -> None:
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
    from anthropic.types.messages.batch_create_params import Request as BatchRequest

    request = requests_for(batch_stub, claude(batch_stub))[0]
    line = AnthropicBatches(request).line(request, 0, custom_id((request.key, 0)))
    assert set(line) == typed_dict_keys(BatchRequest)[0] == {"custom_id", "params"}
    required, known = typed_dict_keys(MessageCreateParamsNonStreaming)
    assert required <= set(line["params"])
    # anthropic 2.10's TypedDict no longer lists temperature; litellm 1.110 (the live path,
    # whose body the batch line equals: next test) still sends it.
    assert set(line["params"]) - known == {"temperature"}


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_batch_lines_are_the_bodies_the_live_path_sends(
    batch_stub: BatchStub, provider: str, tmp_path: Path
) -> None:
    """Same request key, same body: the live runner's calls are captured by the stub."""
    from gralgo.run import run_samples_sync

    requests = requests_for(batch_stub, claude(batch_stub) if provider == "anthropic" else None)
    before = len(batch_stub.stats()["live"])
    with Ledger(tmp_path / "l.sqlite") as ledger:
        run_samples_sync(
            [(r, i) for r in requests for i in range(2)], ledger, max_concurrency=1,
            max_attempts=1, timeout_s=30, failure_budget=1.0, client="litellm",
        )  # fmt: skip
    live = batch_stub.stats()["live"][before:]
    batches = AnthropicBatches if provider == "anthropic" else OpenAIBatches
    maker = batches(requests[0])
    lines = [maker.line(r, i, custom_id((r.key, i))) for r in requests for i in range(2)]
    bodies = [line["params"] if provider == "anthropic" else line["body"] for line in lines]
    assert len(live) == len(bodies) == 6

    def canonical(body: dict[str, Any]) -> str:
        return json.dumps(body, sort_keys=True)

    assert sorted(map(canonical, live)) == sorted(map(canonical, bodies))


def test_openai_stub_objects_and_files_match_the_sdk_types_and_docs(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    from openai.types import Batch, FileObject
    from openai.types.chat import ChatCompletion

    batch_stub.control(fail_every=2, expire=False, delay_s=0)
    request = requests_for(batch_stub)[0]
    provider = OpenAIBatches(request)
    path = tmp_path / "in.jsonl"
    path.write_text(
        "".join(
            json.dumps(provider.line(request, i, custom_id((request.key, i)))) + "\n"
            for i in range(4)
        )
    )
    file_id = provider.upload(path, "ref1")
    assert file_id is not None
    FileObject.model_validate(get(f"{batch_stub.api_base}/files/{file_id}"))
    batch_id = provider.create(file_id, path, {"gralgo_ref": "ref1"})
    raw = get(f"{batch_stub.api_base}/batches/{batch_id}")
    batch = Batch.model_validate(raw)
    assert batch.status == "completed" and batch.metadata == {"gralgo_ref": "ref1"}
    assert provider.find("ref1", 0, 4) == batch_id
    out = get_lines(f"{batch_stub.api_base}/files/{batch.output_file_id}/content")
    err = get_lines(f"{batch_stub.api_base}/files/{batch.error_file_id}/content")
    assert len(out) == 2 and len(err) == 2
    for line in out:
        assert keys_of(line).keys() == keys_of(FIXTURES["openai_output"]).keys()
        assert set(line["response"]) == set(FIXTURES["openai_output"]["response"])
        ChatCompletion.model_validate(line["response"]["body"])
    results = list(provider.results(batch_id))
    assert (
        sorted(r.error_class or "ok" for r in results) == ["InternalServerError"] * 2 + ["ok"] * 2
    )
    batch_stub.control(fail_every=0)


def test_anthropic_stub_batches_and_results_match_the_sdk_types(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    from anthropic.types.messages import MessageBatch, MessageBatchIndividualResponse

    batch_stub.control(fail_every=3, expire=True, expire_fraction=0.5, delay_s=0)
    request = requests_for(batch_stub, claude(batch_stub))[0]
    provider = AnthropicBatches(request)
    path = tmp_path / "in.jsonl"
    path.write_text(
        "".join(
            json.dumps(provider.line(request, i, custom_id((request.key, i)))) + "\n"
            for i in range(6)
        )
    )
    batch_id = provider.create(None, path, {})
    raw = get(f"{batch_stub.base}/v1/messages/batches/{batch_id}")
    assert MessageBatch.model_validate(raw).processing_status == "ended"
    lines = get_lines(raw["results_url"])
    kinds = []
    for line in lines:
        MessageBatchIndividualResponse.model_validate(line)
        kinds.append(line["result"]["type"])
    assert kinds == ["succeeded", "succeeded", "errored", "expired", "expired", "expired"]
    results = list(provider.results(batch_id))
    assert [r.error_class for r in results] == [
        None,
        None,
        "InternalServerError",
        "BatchExpired",
        "BatchExpired",
        "BatchExpired",
    ]
    batch_stub.control(fail_every=0, expire=False)


def test_our_parsers_read_the_documented_examples() -> None:
    from anthropic.types.messages import MessageBatchIndividualResponse

    ok = parse_openai_line("openai/gpt-4o", FIXTURES["openai_output"])
    assert ok.fields is not None and ok.fields["answer_text"] == "Hello."
    assert (ok.fields["prompt_tokens"], ok.fields["completion_tokens"]) == (22, 2)
    expired = parse_openai_line("openai/gpt-4o", FIXTURES["openai_expired"])
    assert (expired.fields, expired.error_class) == (None, "BatchExpired")
    for name in ("anthropic_succeeded", "anthropic_errored", "anthropic_expired"):
        MessageBatchIndividualResponse.model_validate(FIXTURES[name])  # the fixtures are real
    good = parse_anthropic_line(FIXTURES["anthropic_succeeded"])
    assert good.fields is not None and good.fields["answer_text"].startswith("Hello again")
    assert good.fields["finish_reason"] == "stop"
    assert parse_anthropic_line(FIXTURES["anthropic_errored"]).error_class == "BadRequestError"
    assert parse_anthropic_line(FIXTURES["anthropic_expired"]).error_class == "BatchExpired"
