"""Gemini's Batch API against its documented formats: our request lines (checked with the
``google-genai`` SDK's own types, which forbid unknown fields), the stub's files, jobs and result
lines, the documented examples, and the live path's bodies, which the batch lines must equal."""

from __future__ import annotations

import json
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gralgo.ledger import Ledger, ModelSpec, Request, SamplingParams, custom_id
from gralgo.run.batch._gemini_api import (
    GeminiBatches,
    parse_gemini_line,
    ref_of,
)
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub, make_requests
from tests.conftest import needs

pytestmark = needs("google.genai")

FIXTURES = json.loads((Path(__file__).parent / "data" / "batch_wire_fixtures.json").read_text())
# GenerateContentRequest's fields (ai.google.dev/api/generate-content), as the REST JSON names.
REQUEST_FIELDS = {
    "contents", "system_instruction", "systemInstruction", "generationConfig",
    "generation_config", "tools", "toolConfig", "safetySettings", "cachedContent",
}  # fmt: skip


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)


def gemini(batch_stub: BatchStub) -> ModelSpec:
    """As ``conf/model/gemini_2_5_flash.yaml``, on the stub (the live path's api_base)."""
    return ModelSpec(
        "gemini-2.5-flash", "gemini/gemini-2.5-flash", f"{batch_stub.base}/v1beta", FAKE_KEY_ENV,
        drop_params=("min_p",),
    )  # fmt: skip


def requests_for(batch_stub: BatchStub, **sampling: Any) -> list[Request]:
    requests = make_requests(batch_stub.api_base, 3, seed=7)
    system = {"role": "system", "content": "Answer in a box."}
    return [
        replace(
            r,
            model=gemini(batch_stub),
            messages=(system, *r.messages),
            sampling=replace(r.sampling, **sampling) if sampling else r.sampling,
        )
        for r in requests
    ]


def get(url: str) -> Any:
    request = urllib.request.Request(url, headers={"x-goog-api-key": FAKE_KEY})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def get_lines(url: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return [json.loads(line) for line in response.read().decode().splitlines() if line]


def submit(
    batch_stub: BatchStub, tmp_path: Path, n: int, ref: str, **sampling: Any
) -> tuple[Any, str]:
    request = requests_for(batch_stub, **sampling)[0]
    provider = GeminiBatches(request)
    path = tmp_path / f"{ref}.jsonl"
    path.write_text(
        "".join(
            json.dumps(provider.line(request, i, custom_id((request.key, i)))) + "\n"
            for i in range(n)
        )
    )
    file_id = provider.upload(path, ref)
    assert file_id is not None
    metadata = {"gralgo_ref": ref, "gralgo_job": "job1", "gralgo_digest": "d1"}
    return provider, provider.create(file_id, path, metadata)


def test_gemini_request_lines_have_the_documented_shape(batch_stub: BatchStub) -> None:
    from google.genai import types as genai_types

    request = requests_for(batch_stub)[0]
    line = GeminiBatches(request).line(request, 2, custom_id((request.key, 2)))
    assert set(line) == set(FIXTURES["gemini_input"]) == {"key", "request"}
    body = line["request"]
    assert set(body) <= REQUEST_FIELDS and "contents" in body
    for content in body["contents"]:  # the SDK's models forbid unknown fields
        genai_types.Content.model_validate(content)
    genai_types.Content.model_validate(body["system_instruction"])
    config = genai_types.GenerationConfig.model_validate(body["generationConfig"])
    assert config.seed == 7 + 2  # sample i sends seed + i, as live calls do
    assert config.max_output_tokens == 64


def test_gemini_batch_lines_are_the_bodies_the_live_path_sends(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    """Same request key, same body: the live runner's calls are captured by the stub."""
    from gralgo.run import run_samples_sync

    requests = requests_for(batch_stub)
    before = len(batch_stub.stats()["live"])
    with Ledger(tmp_path / "l.sqlite") as ledger:
        report = run_samples_sync(
            [(r, i) for r in requests for i in range(2)], ledger, max_concurrency=1,
            max_attempts=1, timeout_s=30, failure_budget=1.0, client="litellm",
        )  # fmt: skip
    assert report.done == 6
    live = batch_stub.stats()["live"][before:]
    maker = GeminiBatches(requests[0])
    bodies = [
        maker.line(r, i, custom_id((r.key, i)))["request"] for r in requests for i in range(2)
    ]

    def canonical(body: dict[str, Any]) -> str:
        return json.dumps(body, sort_keys=True)

    assert len(live) == 6
    assert sorted(map(canonical, live)) == sorted(map(canonical, bodies))


def test_gemini_stub_files_jobs_and_results_match_the_sdk_types(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    from google.genai import types as genai_types

    batch_stub.control(fail_every=2, expire=False, delay_s=0, reasoning=True)
    provider, batch_id = submit(batch_stub, tmp_path, 4, "ref1")
    files = get(f"{batch_stub.base}/v1beta/files")["files"]
    ours = [f for f in files if f["displayName"] == "gralgo-ref1.jsonl"]
    assert len(ours) == 1
    genai_types.File.model_validate(ours[0])
    assert provider.stray_files("ref1") == [ours[0]["name"]]
    raw = get(f"{batch_stub.base}/v1beta/{batch_id}")
    assert raw["metadata"]["state"] == "BATCH_STATE_SUCCEEDED" and raw["done"] is True
    job = provider.client.batches.get(name=batch_id)  # the SDK reads the stub's Operation
    assert job.state == genai_types.JobState.JOB_STATE_SUCCEEDED
    assert job.display_name is not None and ref_of(job.display_name) == "ref1"
    assert job.dest is not None and job.dest.file_name == raw["response"]["responsesFile"]
    assert provider.find("ref1", 0, 4) == batch_id
    assert provider.find("other", 0, 4) is None
    lines = get_lines(f"{batch_stub.base}/download/v1beta/{job.dest.file_name}:download?alt=media")
    assert len(lines) == 4
    for line in lines:
        assert set(line) in ({"key", "response"}, {"key", "status"})
        if "response" in line:
            genai_types.GenerateContentResponse.model_validate(line["response"])
        else:
            genai_types.GoogleRpcStatus.model_validate(line["status"])
    results = list(provider.results(batch_id))
    assert [r.error_class for r in results] == [None, "InternalServerError"] * 2
    assert results[0].fields is not None
    assert results[0].fields["reasoning_text"].startswith("thinking about")
    assert results[0].fields["reasoning_tokens"] == 2
    provider.cleanup(batch_id)
    assert provider.stray_files("ref1") == []
    assert job.dest.file_name not in {
        f["name"] for f in get(f"{batch_stub.base}/v1beta/files")["files"]
    }
    batch_stub.control(fail_every=0, reasoning=False)


def test_an_expired_gemini_job_has_no_results_and_a_cancelled_one_keeps_its_own(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    batch_stub.control(expire=True, delay_s=0)
    provider, expired = submit(batch_stub, tmp_path, 3, "ref2")
    status = provider.status(expired)
    assert (status.status, status.final) == ("expired", True)
    assert list(provider.results(expired)) == []
    batch_stub.control(expire=False, delay_s=3600)
    provider, running = submit(batch_stub, tmp_path, 3, "ref3")
    assert provider.status(running).final is False
    provider.cancel(running)
    status = provider.status(running)
    assert (status.status, status.final) == ("cancelled", True)
    assert list(provider.results(running)) == []  # cancelled at once: nothing answered yet
    batch_stub.control(delay_s=0)


def test_our_gemini_parser_reads_the_documented_examples() -> None:
    from google.genai import types as genai_types

    genai_types.GenerateContentResponse.model_validate(FIXTURES["gemini_output"]["response"])
    genai_types.GoogleRpcStatus.model_validate(FIXTURES["gemini_error"]["status"])
    ok = parse_gemini_line("gemini/gemini-2.5-flash", FIXTURES["gemini_output"])
    assert ok.custom_id == "request-1" and ok.fields is not None
    assert ok.fields["answer_text"] == "Photosynthesis turns light into chemical energy."
    assert (ok.fields["prompt_tokens"], ok.fields["completion_tokens"]) == (7, 8)
    assert ok.fields["finish_reason"] == "stop" and ok.fields["cost_usd"] is None
    bad = parse_gemini_line("gemini/gemini-2.5-flash", FIXTURES["gemini_error"])
    assert (bad.custom_id, bad.fields, bad.error_class) == ("request-2", None, "BadRequestError")


def test_gemini_result_lines_carry_the_logprobs_litellm_reads(batch_stub: BatchStub) -> None:
    from google.genai import types as genai_types

    request = requests_for(batch_stub, logprobs=True)[0]
    line = GeminiBatches(request).line(request, 0, custom_id((request.key, 0)))
    assert line["request"]["generationConfig"]["responseLogprobs"] is True
    chosen = [{"token": t, "logProbability": p} for t, p in (("a", -0.25), ("b", -0.5))]
    response = {  # LogprobsResult: ai.google.dev/api/generate-content#LogprobsResult
        "candidates": [{
            "content": {"parts": [{"text": "ab"}], "role": "model"}, "finishReason": "STOP",
            "logprobsResult": {
                "chosenCandidates": chosen,
                "topCandidates": [{"candidates": [c, {"token": "z", "logProbability": -3.0}]}
                                  for c in chosen],
            },
        }],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 2, "totalTokenCount": 3},
    }  # fmt: skip
    genai_types.GenerateContentResponse.model_validate(response)
    parsed = parse_gemini_line("gemini/gemini-2.5-flash", {"key": "k-0", "response": response})
    assert parsed.logprobs is not None
    assert parsed.logprobs.tokens == ("a", "b")
    assert np.allclose(parsed.logprobs.chosen, [-0.25, -0.5])
    assert np.allclose(parsed.logprobs.top, [[-0.25, -3.0], [-0.5, -3.0]])


def test_batch_mode_needs_the_gemini_sdk(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from gralgo.errors import ConfigError
    from gralgo.run import provider_of

    request = Request(
        "i", ({"role": "user", "content": "q"},),
        ModelSpec("g", "gemini/gemini-2.5-flash", None, "GEMINI_API_KEY"), SamplingParams(),
    )  # fmt: skip
    assert provider_of(request) == "gemini"
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda n, *a: None if n == "google.genai" else real(n, *a)
    )
    with pytest.raises(ConfigError, match="pip install google-genai"):
        provider_of(request)
