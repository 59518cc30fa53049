"""A loopback OpenAI-compatible chat server with controllable latency and injected faults.

Test support, not part of a benchmark run. Run it as a subprocess: ``python
gralgo/testing/stub_server.py --port 0`` (a plain script: it imports only the standard library and
aiohttp); it prints ``LISTENING <port>`` once ready. :func:`gralgo.testing.start_stub` does this
for tests and benchmarks and returns a :class:`gralgo.testing.StubServer` handle.
Endpoints:

- ``POST /v1/chat/completions`` answers ``\\boxed{<n>}`` where ``n`` is the prompt's length
  (with ``logprobs``: one token per word, deterministic top-N log-probabilities);
- ``GET /v1/models`` lists one model (a readiness probe);
- ``POST /control`` sets ``latency_s``, ``reasoning`` (bool), ``faults``, ``answers`` (exact
  prompt → reply text, replacing the default reply; or a list of texts served in turn: the
  n-th call of that prompt gets item n - 1, cycling, so the k samples of a prompt differ),
  ``skills`` and ``wrong`` (below), ``reply_chars`` (below) and resets the stats;
- ``GET /stats`` returns ``calls``, ``by_prompt`` (calls per last-message text), ``by_model``
  (calls per request ``model``), ``seeds`` (the ``seed`` of each call, per prompt),
  ``max_inflight``, ``log`` (one ``[arrival_s, inflight_at_arrival, status, replied_s]`` per
  call, in completion order: seconds since the last reset, ``replied_s`` when its handler
  returned), ``t0_wall`` (the reset's ``time.time()``, to line the log up with a client's
  clock) and, with ``--lag-probe``, ``lag`` (``[n, total_s, max_s]``: how late the event loop
  ran a 1 ms timer, summed over the calls since the reset: the server's own queueing).

Several models from one server (a sweep over ``model.name``): ``skills`` maps a request's
``model`` to the share of the ``answers`` prompts it gets right. A model with a skill replies to
such a prompt with its ``answers`` text when :func:`solves` says so and with ``wrong`` (default
``\\boxed{-1}``) otherwise: deterministic per (model, prompt), so every sample of an instance
agrees and a rerun gives the same results; skill 1 always solves, 0 never.

Realistic replies (benchmarks): with ``reply_chars`` = N > 0, every successful reply's text is
N characters of reasoning (words drawn by a hash of the prompt: the same prompt always gets the
same text) followed by its answer, and its usage block counts the prompt's and the reply's
tokens at 4 characters a token, as a model's would grow with the text.

A fault is a dict: ``kind`` (``status``, ``timeout``, ``malformed``, ``empty``), ``status``
(for ``status``), ``retry_after`` (seconds, sent as the Retry-After header), ``echo_auth``
(put the Authorization header in the error message), ``sleep_s`` (for ``timeout``) and which calls
it hits: ``first`` (calls 1..N), ``every`` (every k-th call), ``match`` (prompts containing the
text); ``per_prompt`` counts ``first``/``every`` per prompt instead of globally. The first fault
that matches a call applies.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import time
from typing import Any

from aiohttp import web

MODEL_ID = "stub-model"
WRONG = "\\boxed{-1}"
"""The reply of a model with a skill to a prompt it does not solve."""


_WORDS = (
    "the", "node", "edge", "so", "we", "check", "its", "neighbours", "then", "weight", "is",
    "path", "from", "to", "and", "count", "degree", "of", "each", "vertex", "list", "again",
    "wait", "let", "me", "verify", "sum", "total", "graph", "step", "next", "first",
)  # fmt: skip


def reasoning_text(prompt: str, chars: int) -> str:
    """``chars`` characters of reasoning-like words drawn by a hash of ``prompt``."""
    seed = hashlib.sha256(prompt.encode("utf-8", "surrogatepass")).digest()
    words: list[str] = []
    size, block = 0, 0
    while size < chars:
        for byte in hashlib.sha256(seed + block.to_bytes(4, "big")).digest():
            words.append(_WORDS[byte % len(_WORDS)])
            size += len(words[-1]) + 1
        block += 1
    return " ".join(words)[:chars]


def solves(model: str, prompt: str, skill: float) -> bool:
    """Whether ``model`` with ``skill`` (0..1) answers ``prompt`` right: a hash of both, read as
    a number in [0, 1), below the skill."""
    digest = hashlib.sha256(f"{model}\n{prompt}".encode()).hexdigest()
    return int(digest[:8], 16) / 16**8 < skill


class StubState:
    """Mutable server state: settings from ``/control`` and per-call statistics."""

    def __init__(self, latency_s: float, faults: list[dict[str, Any]]) -> None:
        self.latency_s = latency_s
        self.faults = faults
        self.reasoning = False
        self.answers: dict[str, str | list[str]] = {}
        self.skills: dict[str, float] = {}
        self.wrong = WRONG
        self.reply_chars = 0
        self.reasoning_of: dict[str, str] = {}
        """Prompt -> its ``reply_chars`` of reasoning (made once per prompt)."""
        self.epoch = 0
        """Counts resets: a call that arrived before the latest one is not counted after it."""
        self.reset()

    def reset(self) -> None:
        self.epoch += 1
        self.calls = 0
        self.by_prompt: dict[str, int] = {}
        self.by_model: dict[str, int] = {}
        self.seeds: dict[str, list[int | None]] = {}
        self.inflight = 0
        self.max_inflight = 0
        self.t0 = time.monotonic()
        self.t0_wall = time.time()
        self.log: list[list[float | int]] = []
        self.lag = [0, 0.0, 0.0]

    def pick_fault(self, call_no: int, prompt: str, prompt_no: int) -> dict[str, Any] | None:
        for fault in self.faults:
            if "match" in fault and fault["match"] not in prompt:
                continue
            n = prompt_no if fault.get("per_prompt") else call_no
            if "first" in fault and n > int(fault["first"]):
                continue
            if "every" in fault and n % int(fault["every"]) != 0:
                continue
            return fault
        return None


def _logprobs(text: str, top_n: int) -> dict[str, Any]:
    """Deterministic OpenAI-style logprobs: one token per word (with its leading space); the
    chosen token's probability falls with the word's length, the rest spread evenly."""
    import math
    import re

    content = []
    for token in re.findall(r"\s*\S+", text):
        p = 1.0 / (1 + len(token.strip()))
        alternatives = [{"token": token, "logprob": math.log(p)}]
        for i in range(1, top_n):
            alternatives.append({"token": f"alt{i}", "logprob": math.log((1 - p) / top_n)})
        content.append(
            {"token": token, "logprob": math.log(p), "top_logprobs": alternatives[:top_n]}
        )
    return {"content": content}


def _completion(
    text: str,
    reasoning: str | None,
    finish: str = "stop",
    top_logprobs: int | None = None,
    usage: tuple[int, int] = (11, 7),
) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if reasoning is not None:
        message["reasoning_content"] = reasoning
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": MODEL_ID,
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": finish,
                **({} if top_logprobs is None else {"logprobs": _logprobs(text, top_logprobs)}),
            }
        ],
        "usage": {
            "prompt_tokens": usage[0],
            "completion_tokens": usage[1],
            "total_tokens": sum(usage),
            "completion_tokens_details": {"reasoning_tokens": 3 if reasoning else 0},
        },
    }


async def chat_completions(request: web.Request) -> web.StreamResponse:
    state: StubState = request.app["state"]
    body = await request.json()
    prompt = str(body["messages"][-1]["content"])
    state.calls += 1
    call_no = state.calls
    state.by_prompt[prompt] = prompt_no = state.by_prompt.get(prompt, 0) + 1
    model = str(body.get("model", ""))
    state.by_model[model] = state.by_model.get(model, 0) + 1
    state.seeds.setdefault(prompt, []).append(body.get("seed"))
    state.inflight += 1
    state.max_inflight = max(state.max_inflight, state.inflight)
    epoch, arrival = state.epoch, time.monotonic() - state.t0
    fault = state.pick_fault(call_no, prompt, prompt_no)
    status = 200
    try:
        if state.latency_s:
            await asyncio.sleep(state.latency_s)
        if fault is None:
            reasoning = f"thinking about {len(prompt)}" if state.reasoning else None
            canned = state.answers.get(prompt)
            if isinstance(canned, list):  # served in turn: each sample of a prompt its own
                canned = canned[(prompt_no - 1) % len(canned)]
            text = f"\\boxed{{{len(prompt)}}}" if canned is None else canned
            skill = state.skills.get(model)
            if prompt in state.answers and skill is not None and not solves(model, prompt, skill):
                text = state.wrong
            top_n = int(body.get("top_logprobs") or 1) if body.get("logprobs") else None
            usage = (11, 7)
            if state.reply_chars > 0:
                thought = state.reasoning_of.get(prompt)
                if thought is None:
                    thought = reasoning_text(prompt, state.reply_chars)
                    state.reasoning_of[prompt] = thought
                text = f"{thought}\n\nSo the answer is {text}"
                usage = (-(-len(prompt) // 4), -(-len(text) // 4))
            return web.json_response(_completion(text, reasoning, top_logprobs=top_n, usage=usage))
        kind = fault.get("kind", "status")
        if kind == "timeout":
            await asyncio.sleep(float(fault.get("sleep_s", 30)))
            return web.json_response(_completion("too late", None))
        if kind == "malformed":
            return web.Response(text='{"id": "x", "choices": [', content_type="application/json")
        if kind == "empty":
            return web.json_response(_completion("", None))
        status = int(fault.get("status", 500))
        message = f"injected {status}"
        if fault.get("echo_auth"):
            message += f"; you sent Authorization: {request.headers.get('Authorization')}"
        headers = {}
        if "retry_after" in fault:
            headers["Retry-After"] = str(fault["retry_after"])
        error = {"error": {"message": message, "type": "stub_error", "code": status}}
        return web.json_response(error, status=status, headers=headers)
    finally:
        if epoch == state.epoch:  # else a reset came meanwhile: its counters start without us
            state.inflight -= 1
            replied = round(time.monotonic() - state.t0, 4)
            state.log.append([round(arrival, 4), state.inflight + 1, status, replied])


async def models(request: web.Request) -> web.Response:
    return web.json_response({"object": "list", "data": [{"id": MODEL_ID, "object": "model"}]})


async def control(request: web.Request) -> web.Response:
    state: StubState = request.app["state"]
    settings = await request.json()
    state.latency_s = float(settings.get("latency_s", state.latency_s))
    state.faults = list(settings.get("faults", state.faults))
    state.reasoning = bool(settings.get("reasoning", state.reasoning))
    state.answers = dict(settings.get("answers", {}))
    state.skills = {str(m): float(v) for m, v in settings.get("skills", {}).items()}
    state.wrong = str(settings.get("wrong", WRONG))
    reply_chars = int(settings.get("reply_chars", 0))
    if reply_chars != state.reply_chars:
        state.reply_chars, state.reasoning_of = reply_chars, {}
    state.reset()
    return web.json_response({"ok": True})


async def stats(request: web.Request) -> web.Response:
    state: StubState = request.app["state"]
    return web.json_response(
        {
            "calls": state.calls,
            "by_prompt": state.by_prompt,
            "by_model": state.by_model,
            "seeds": state.seeds,
            "max_inflight": state.max_inflight,
            "log": state.log,
            "t0_wall": state.t0_wall,
            "lag": state.lag,
        }
    )


def make_app(latency_s: float, faults: list[dict[str, Any]]) -> web.Application:
    app = web.Application(client_max_size=256 * 2**20)  # canned answers for a whole dataset
    app["state"] = StubState(latency_s, faults)
    app.router.add_post("/v1/chat/completions", chat_completions)
    app.router.add_get("/v1/models", models)
    app.router.add_post("/control", control)
    app.router.add_get("/stats", stats)
    return app


async def probe_lag(state: StubState, period_s: float = 0.001) -> None:
    """Add how late each ``period_s`` timer fires to ``state.lag`` (``--lag-probe``)."""
    while True:
        t = time.monotonic()
        await asyncio.sleep(period_s)
        late = time.monotonic() - t - period_s
        state.lag[0] += 1
        state.lag[1] += late
        state.lag[2] = max(state.lag[2], late)


async def serve(
    port: int, latency_s: float, faults: list[dict[str, Any]], lag_probe: bool = False
) -> None:
    app = make_app(latency_s, faults)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port, backlog=1024)
    await site.start()
    bound_port = runner.addresses[0][1]  # (host, port): the port that --port 0 picked
    print(f"LISTENING {int(bound_port)}", flush=True)
    if lag_probe:
        await probe_lag(app["state"])
    await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per completion")
    parser.add_argument("--faults", default="[]", help="JSON list of faults (see module doc)")
    parser.add_argument("--lag-probe", action="store_true", help="measure the loop's lag")
    args = parser.parse_args()
    try:
        asyncio.run(serve(args.port, args.latency, json.loads(args.faults), args.lag_probe))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
