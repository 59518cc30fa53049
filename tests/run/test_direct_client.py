"""The direct OpenAI-compatible client: same ledger rows as litellm, same error classes."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.ledger import Ledger, ModelSpec, Request, SampleRecord, SamplingParams
from gralgo.run._call_errors import MalformedResponseError, classify
from gralgo.run._direct_client import (
    APIError,
    ContextWindowExceededError,
    RateLimitError,
    chat_url,
    choose_client,
    has_price,
    parse_body,
    request_body,
    status_error,
)
from gralgo.run._runner import RunReport, run_samples_sync
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, make_requests

# Fields that depend on the moment or on the library's wording, not on the reply.
_VOLATILE = ("latency_s", "started_at", "finished_at", "error_message")


def _run(
    path: Path, requests: list[Request], client: str, k: int, **overrides: Any
) -> tuple[RunReport, dict[tuple[str, int], dict[str, Any]]]:
    options: dict[str, Any] = dict(
        max_concurrency=8, max_attempts=3, timeout_s=5.0, failure_budget=1.0, backoff_base_s=0.01
    )
    options.update(overrides)
    with Ledger(path) as ledger:
        report = run_samples_sync(ledger.missing(requests, k), ledger, client=client, **options)
        rows = ledger.samples(r.key for r in requests)
    return report, {key: _stable(rec) for key, rec in rows.items()}


def _stable(rec: SampleRecord) -> dict[str, Any]:
    return {k: v for k, v in asdict(rec).items() if k not in _VOLATILE}


def _both(
    stub: StubServer, tmp_path: Path, requests: list[Request], k: int = 2, **control: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    out = {}
    for client in ("litellm", "direct"):
        stub.control(**control)
        report, rows = _run(tmp_path / f"{client}.sqlite", requests, client, k)
        out[client] = (report, rows, stub.stats()["calls"])
    return out["litellm"], out["direct"]


def _assert_same(litellm: Any, direct: Any) -> None:
    (l_report, l_rows, l_calls), (d_report, d_rows, d_calls) = litellm, direct
    assert d_rows == l_rows
    assert (d_report.done, d_report.errors, d_report.calls_made, d_calls) == (
        l_report.done,
        l_report.errors,
        l_report.calls_made,
        l_calls,
    )


def test_success_rows_identical_with_reasoning_and_seeds(stub: StubServer, tmp_path: Path) -> None:
    requests = make_requests(stub.api_base, 6, seed=7, tag="ok")
    litellm, direct = _both(stub, tmp_path, requests, k=2, reasoning=True)
    _assert_same(litellm, direct)
    row = next(iter(direct[1].values()))
    assert row["reasoning_text"].startswith("thinking about") and row["reasoning_tokens"] == 3
    assert row["finish_reason"] == "stop" and row["cost_usd"] is None
    assert sorted(stub.stats()["seeds"]["ok question 0"]) == [7, 8]


def test_empty_answer_rows_identical(stub: StubServer, tmp_path: Path) -> None:
    requests = make_requests(stub.api_base, 3, tag="empty")
    litellm, direct = _both(stub, tmp_path, requests, k=1, faults=[{"kind": "empty"}])
    _assert_same(litellm, direct)
    assert {row["answer_text"] for row in direct[1].values()} == {""}


@pytest.mark.parametrize(
    "fault",
    [
        {"kind": "status", "status": 500, "first": 1, "per_prompt": True},
        {"kind": "status", "status": 503, "match": "question 1"},
        {"kind": "status", "status": 429, "first": 1, "per_prompt": True, "retry_after": 0},
        {"kind": "status", "status": 400, "match": "question 2"},
        {"kind": "status", "status": 403, "match": "question 0"},
        {"kind": "malformed", "first": 2, "per_prompt": True},
        {"kind": "timeout", "sleep_s": 3, "first": 1, "per_prompt": True},
    ],
    ids=[
        "500-then-ok",
        "503-always",
        "429-retry-after",
        "400",
        "403-stops",
        "malformed",
        "timeout",
    ],
)
def test_failure_rows_identical(stub: StubServer, tmp_path: Path, fault: dict[str, Any]) -> None:
    requests = make_requests(stub.api_base, 4, tag="f")
    stops = fault.get("status") == 403
    out = {}
    for client in ("litellm", "direct"):
        stub.control(faults=[fault])
        report, rows = _run(
            tmp_path / f"{client}.sqlite",
            requests,
            client,
            1,
            timeout_s=1.0,
            max_concurrency=1 if stops else 8,
        )
        out[client] = (report, rows, stub.stats()["calls"])
    _assert_same(out["litellm"], out["direct"])
    assert out["direct"][0].fatal_stopped == stops


def test_priced_model_costs_the_same(stub: StubServer, tmp_path: Path) -> None:
    model = ModelSpec(
        name="mini",
        litellm_model="openai/gpt-4o-mini",
        api_base=stub.api_base,
        api_key_env=FAKE_KEY_ENV,
    )
    requests = [
        Request(
            f"p{i}",
            ({"role": "user", "content": f"priced {i}"},),
            model,
            SamplingParams(max_tokens=64),
        )
        for i in range(3)
    ]
    litellm, direct = _both(stub, tmp_path, requests, k=1)
    _assert_same(litellm, direct)
    assert all(row["cost_usd"] and row["cost_usd"] > 0 for row in direct[1].values())


def test_price_lookup_agrees_with_litellm() -> None:
    from gralgo.run._litellm_response import load_litellm

    litellm = load_litellm()
    for model in (
        "openai/gpt-4o-mini",
        "openai/gpt-5-mini",
        "openai/stub-model",
        "hosted_vllm/Qwen/Qwen3-32B",
        "gpt-4o",
    ):
        try:
            litellm.cost_per_token(model=model, prompt_tokens=10, completion_tokens=10)
            priced = True
        except Exception:
            priced = False
        assert has_price(model) == priced, model


def test_auto_choice_and_urls() -> None:
    vllm = ModelSpec("q", "hosted_vllm/Qwen/Qwen3-32B", api_base="http://h:8000/v1")
    openai = ModelSpec("g", "openai/gpt-5-mini")
    ollama = ModelSpec("o", "ollama_chat/qwen3:8b", api_base="http://127.0.0.1:11434")
    claude = ModelSpec("c", "anthropic/claude-sonnet-4")
    # OpenAI itself stays on litellm: it renames max_tokens for reasoning models
    assert [choose_client(m, "auto") for m in (vllm, openai, ollama, claude)] == [
        "direct",
        "litellm",
        "litellm",
        "litellm",
    ]
    assert choose_client(ollama, "direct") == "direct"
    assert chat_url(ollama) == "http://127.0.0.1:11434/v1/chat/completions"
    assert chat_url(vllm) == "http://h:8000/v1/chat/completions"
    with pytest.raises(ConfigError, match="api_base"):
        choose_client(openai, "direct")
    assert request_body(vllm, [], {"seed": 1})["model"] == "Qwen/Qwen3-32B"
    assert choose_client(claude, "litellm") == "litellm"
    with pytest.raises(ConfigError, match="run.client=litellm"):
        choose_client(claude, "direct")
    with pytest.raises(UnknownChoiceError):
        choose_client(vllm, "fast")


def test_parse_body_matches_litellm_for_odd_replies() -> None:
    """Expected values measured through litellm 1.110.2 against a loopback server."""
    no_usage = {"choices": [{"message": {"content": "a"}, "finish_reason": None}]}
    assert parse_body("openai/x", no_usage) | {"cost_usd": None} == {
        "answer_text": "a",
        "reasoning_text": None,
        "finish_reason": "stop",
        "prompt_tokens": 0,
        "completion_tokens": 0,
        "reasoning_tokens": None,
        "cost_usd": None,
    }
    vllm_reasoning = {
        "choices": [{"message": {"content": None, "reasoning": "rr"}, "finish_reason": "eos"}],
        "usage": {
            "prompt_tokens": 3,
            "completion_tokens": 2,
            "completion_tokens_details": {"reasoning_tokens": 1},
        },
    }
    fields = parse_body("openai/x", vllm_reasoning)
    assert (
        fields["answer_text"],
        fields["reasoning_text"],
        fields["finish_reason"],
        fields["reasoning_tokens"],
    ) == ("", "rr", "stop", 1)
    with pytest.raises(MalformedResponseError):
        parse_body("openai/x", {"choices": []})
    assert classify(_raises(parse_body, "openai/x", {"id": "x"})).error_class == (
        "InternalServerError"
    )


def _raises(fn: Any, *args: Any) -> BaseException:
    try:
        fn(*args)
    except Exception as exc:
        return exc
    raise AssertionError("no exception")


def test_status_errors_classify_like_litellm() -> None:
    limited = status_error(429, '{"error": {"message": "slow down"}}', {"retry-after": "2"})
    assert isinstance(limited, RateLimitError)
    kind = classify(limited)
    assert (kind.error_class, kind.retry, kind.rate_limited, kind.retry_after_s) == (
        "RateLimitError",
        True,
        True,
        2.0,
    )
    context = status_error(400, '{"error": {"message": "maximum context length is 4096"}}', {})
    assert isinstance(context, ContextWindowExceededError) and not classify(context).retry
    forbidden = status_error(403, "nope", {})
    assert isinstance(forbidden, APIError) and classify(forbidden).stops_run
    assert classify(status_error(529, "busy", {})).retry
    assert classify(status_error(404, "x", {})).stops_run


def test_direct_client_sends_the_key_and_never_stores_it(
    stub: StubServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    stub.control(faults=[{"kind": "status", "status": 400, "echo_auth": True}])
    requests = make_requests(stub.api_base, 1, tag="key")
    with Ledger(tmp_path / "k.sqlite") as ledger:
        run_samples_sync(
            ledger.missing(requests, 1),
            ledger,
            client="direct",
            max_concurrency=1,
            max_attempts=1,
            timeout_s=5,
            failure_budget=1.0,
        )
        rec = ledger.samples([requests[0].key])[(requests[0].key, 0)]
    assert rec.error_class == "BadRequestError" and FAKE_KEY not in (rec.error_message or "")
    assert "you sent Authorization: Bearer ***REDACTED***" in (rec.error_message or "")


def test_direct_run_of_an_unpriced_model_never_imports_litellm(
    stub: StubServer, tmp_path: Path
) -> None:
    script = f"""
import sys
from gralgo.testing import make_requests
from gralgo.ledger._sqlite import Ledger
from gralgo.run._runner import run_samples_sync
requests = make_requests({stub.api_base!r}, 3, tag="lazy")
with Ledger({str(tmp_path / "lazy.sqlite")!r}) as ledger:
    report = run_samples_sync(ledger.missing(requests, 1), ledger, client="auto",
                              max_concurrency=4, max_attempts=1, timeout_s=5, failure_budget=1)
print(report.done, "litellm" in sys.modules)
"""
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    assert out.stdout.split() == ["3", "False"]


def test_a_whole_job_on_the_direct_client_never_imports_litellm(
    stub: StubServer, tmp_path: Path
) -> None:
    """Planning, the preflight and the runner of an unpriced self-hosted model skip litellm
    (about 8 s of import before the first call)."""
    repo = Path(__file__).resolve().parents[2]
    script = (
        "import atexit, runpy, sys\n"
        "sys.argv = ['gralgo', *sys.argv[1:]]\n"
        # python -m gralgo ends with os._exit after the atexit handlers: report from one.
        "atexit.register(lambda: print('LITELLM', 'litellm' in sys.modules, flush=True))\n"
        "runpy.run_module('gralgo', run_name='__main__')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, "model=openai_compatible", "model.name=stub-model",
         f"model.api_base={stub.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
         "task=[max_degree]", "level=1", "dataset.per_level=2", "sampling.k=1",
         "mlflow.enabled=false", f"paths.outputs={tmp_path / 'outputs'}",
         f"paths.cache={tmp_path / 'cache'}", f"hydra.run.dir={tmp_path / 'job'}"],
        capture_output=True, text=True, cwd=repo, timeout=300,
        env={**os.environ, FAKE_KEY_ENV: FAKE_KEY, "PYTHONPATH": str(repo)},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    assert "LITELLM False" in out.stdout, out.stdout[-2000:]
    assert stub.stats()["calls"] == 2


def test_a_reply_that_stalls_in_its_body_times_out_at_the_client_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The direct client's one timeout (aiohttp's total) bounds the whole call, the reading of
    the body included, so the runner adds no timer of its own per call (issue 37: ~4 us a
    call): a server that sends its headers and a few bytes, then stalls, is a ``Timeout``
    after ``run.timeout_s``, not after the litellm path's safety net (1.5x + 5 s)."""
    import socket
    import threading
    import time

    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    release = threading.Event()
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:"))  # fmt: skip
            while len(body) < length:
                body += conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1000\r\n\r\n{\"choices\": [")  # fmt: skip
            release.wait(30)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    api_base = f"http://127.0.0.1:{server.getsockname()[1]}/v1"
    requests = make_requests(api_base, 1, tag="stall")
    try:
        started = time.monotonic()
        report, rows = _run(tmp_path / "l.sqlite", requests, "direct", 1, timeout_s=0.5,
                            max_attempts=1)  # fmt: skip
        took = time.monotonic() - started
    finally:
        release.set()
        thread.join(5)
        server.close()
    assert report.errors == {"Timeout": 1} and report.done == 0
    assert [row["error_class"] for row in rows.values()] == ["Timeout"]
    assert took < 0.5 * 1.5 + 5 - 1, took
