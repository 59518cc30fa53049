"""The direct client's request bodies: byte for byte ``json.dumps(request_body(...))`` of each
sample, though the runner encodes a request's body once for its k samples when they are equal."""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gralgo.ledger import Ledger, ModelSpec, Request, SamplingParams
from gralgo.run._direct_client import request_body
from gralgo.run._runner import run_samples_sync

_KEY_ENV = "GRALGO_TEST_BODIES_KEY"


@pytest.fixture()
def capture() -> Iterator[tuple[str, list[bytes]]]:
    """A loopback OpenAI-compatible server that keeps every request body it receives."""
    from aiohttp import web

    bodies: list[bytes] = []
    ready: list[Any] = []

    async def handle(request: web.Request) -> web.Response:
        body = await request.read()
        bodies.append(body)
        answer = json.loads(body)["messages"][-1]["content"]
        return web.json_response(
            {
                "choices": [{"message": {"content": answer}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 3, "completion_tokens": 1},
            }
        )

    def serve() -> None:
        loop = asyncio.new_event_loop()
        app = web.Application()
        app.router.add_post("/v1/chat/completions", handle)
        runner = web.AppRunner(app)
        loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        loop.run_until_complete(site.start())
        ready.append((loop, runner, site._server.sockets[0].getsockname()[1]))  # type: ignore[union-attr]
        loop.run_forever()
        loop.run_until_complete(runner.cleanup())
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    while not ready:
        thread.join(0.01)
    loop, _, port = ready[0]
    yield f"http://127.0.0.1:{port}/v1", bodies
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def _requests(api_base: str) -> list[Request]:
    """Requests with and without a seed, on two models (extra_body, dropped params)."""
    plain = ModelSpec("a", "openai/m", api_base=api_base, api_key_env=_KEY_ENV)
    extra = ModelSpec(
        "b",
        "hosted_vllm/m2",
        api_base=api_base + "/",
        extra_body={"chat_template_kwargs": {"enable_thinking": True}, "top_k": 20},
        drop_params=("min_p",),
    )
    return [
        Request(
            f"inst-{i}",
            ({"role": "system", "content": "s\u00e9"}, {"role": "user", "content": f"q{i} " * i}),
            extra if i % 2 else plain,
            SamplingParams(max_tokens=10 + i, seed=5 if i % 3 == 0 else None),
        )
        for i in range(7)
    ]


def _expected(request: Request, index: int) -> bytes:
    params = request.sampling.as_request_fields(request.model.drop_params)
    if "seed" in params:
        params["seed"] = params["seed"] + index
    messages = [dict(m) for m in request.messages]
    return json.dumps(request_body(request.model, messages, params)).encode()


@pytest.mark.parametrize("concurrency", [1, 8])
def test_each_sample_sends_its_own_bytes(
    capture: tuple[str, list[bytes]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    concurrency: int,
) -> None:
    """Seeded samples send seed + i, unseeded ones the same body; with concurrency 1 the runner
    keeps 1 request's body, fewer than the 7 requests, so evicted ones are made again."""
    api_base, bodies = capture
    monkeypatch.setenv(_KEY_ENV, "sk-bodies")
    requests = _requests(api_base)
    k = 3
    with Ledger(tmp_path / "l.sqlite") as ledger:
        todo = ledger.missing(requests, k)
        report = run_samples_sync(
            todo, ledger, max_concurrency=concurrency, max_attempts=1, timeout_s=10,
            failure_budget=0.0, client="direct",
        )  # fmt: skip
        rows = ledger.samples(r.key for r in requests)
    assert report.done == len(requests) * k
    assert Counter(bodies) == Counter(_expected(r, i) for r in requests for i in range(k))
    assert {(rec.request_key, rec.sample_index): rec.answer_text for rec in rows.values()} == {
        (r.key, i): r.messages[-1]["content"] for r in requests for i in range(k)
    }
