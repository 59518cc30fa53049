"""A scripted loopback OpenAI-compatible model that calls a ``python`` tool.

The first user message names a scenario (``SCENARIO:<name>``); the reply depends on how many
assistant turns the conversation already has and on the last tool/user message, so the test sees
its tool outputs travel back to the model. Runs in-process (``tool_stub``) on a free port.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sys
from collections.abc import AsyncIterator
from typing import Any

from aiohttp import web

MODEL = "openai/tool-stub"
BODIES = web.AppKey("bodies", list)
LATENCY = web.AppKey("latency", float)
FAILED = web.AppKey("failed", list)


def _call(code: str | None, *, name: str = "python", raw: str | None = None) -> dict[str, Any]:
    arguments = raw if raw is not None else json.dumps({"code": code})
    return {"name": name, "arguments": arguments}


# scenario -> list of turns; a turn is ("tools", [calls]) or ("text", template).
# ``{last}`` in a template is replaced by the last tool (or user) message's content, stripped.
SCRIPTS: dict[str, list[tuple[str, Any]]] = {
    "normal": [
        ("tools", [_call("import networkx as nx\nprint(nx.path_graph(5).number_of_edges())")]),
        ("text", "The program printed it: \\boxed{{{last}}}"),
    ],
    "malformed": [
        ("tools", [_call(None, raw="{not json")]),
        ("tools", [_call("print(1)", name="bash")]),
        ("tools", [_call(None, raw=json.dumps({"source": "print(2)"}))]),
        ("tools", [_call("print(6 * 7)")]),
        ("text", "\\boxed{{{last}}}"),
    ],
    "crash": [
        ("tools", [_call("def f():\n    return 1 / 0\nf()")]),
        ("text", "The code crashed ({crash}); answer \\boxed{{3}}"),
    ],
    "hostile": [
        ("tools", [_call("import os\nwhile True:\n    os.fork()"), _call("x = ' ' * 10**12")]),
        ("text", "\\boxed{{0}}"),
    ],
    # 5,000 nested directories, then a failure: once crashed the run in cleanup (issue 24).
    "deep": [
        (
            "tools",
            [_call("import os\nfor _ in range(5000):\n    os.mkdir('d'); os.chdir('d')\n1 / 0")],
        ),
        ("text", "Deep code failed ({crash}): \\boxed{{1}}"),
    ],
    "forever": [("tools", [_call("print('again')")])] * 50,
    # A lone surrogate in the tool call's arguments (JSON can spell one: "\\ud800"); issue 34.
    "surrogate": [
        ("tools", [_call(None, raw='{"code": "print(6 * 7)  # \ud800"}')]),
        ("text", "\\boxed{{{last}}} \ud800"),
    ],
    "fallback": [
        ("text", "Let me compute.\n```python\nprint(sum(range(10)))\n```"),
        ("text", "So \\boxed{{{last}}}"),
    ],
    "direct": [("text", "No code needed: \\boxed{{5}}")],
    # Like "normal", but the second turn fails once with a 500 (a transient provider error).
    "flaky": [
        ("tools", [_call("print(2 + 2)")]),
        ("text", "\\boxed{{{last}}}"),
    ],
}


def _last_output(messages: list[dict[str, Any]]) -> str:
    for message in reversed(messages):
        if message.get("role") in ("tool", "user"):
            content = str(message.get("content") or "")
            fenced = re.search(r"```\n(.*?)\n```", content, re.S)
            return (fenced.group(1) if fenced else content).strip()
    return ""


def reply(body: dict[str, Any]) -> dict[str, Any]:
    """The scripted completion for a request body."""
    messages = body["messages"]
    first_user = next(m for m in messages if m["role"] == "user")["content"]
    marker = re.search(r"SCENARIO:(\w+)", first_user)
    scenario = marker.group(1) if marker else "normal"
    turn_no = sum(1 for m in messages if m["role"] == "assistant")
    tools_allowed = bool(body.get("tools")) and body.get("tool_choice") != "none"
    kind, payload = SCRIPTS[scenario][min(turn_no, len(SCRIPTS[scenario]) - 1)]
    message: dict[str, Any] = {"role": "assistant", "content": None}
    finish = "stop"
    if kind == "tools" and tools_allowed:
        message["tool_calls"] = [
            {"id": f"call_{turn_no}_{i}", "type": "function", "function": call}
            for i, call in enumerate(payload)
        ]
        finish = "tool_calls"
    elif kind == "tools":
        message["content"] = "Out of tool calls: \\boxed{done}"
    else:
        last = _last_output(messages)
        crash = "ZeroDivisionError" if "ZeroDivisionError" in last else "no error"
        message["content"] = payload.format(last=last, crash=crash)
    return {
        "id": f"cmpl-{turn_no}",
        "object": "chat.completion",
        "created": 0,
        "model": "tool-stub",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 7, "total_tokens": 17},
    }


async def _chat(request: web.Request) -> web.Response:
    body = await request.json()
    if request.app[LATENCY]:
        await asyncio.sleep(request.app[LATENCY])
    request.app[BODIES].append(body)
    first_user = next(m for m in body["messages"] if m["role"] == "user")["content"]
    turn_no = sum(1 for m in body["messages"] if m["role"] == "assistant")
    if "SCENARIO:flaky" in first_user and turn_no == 1 and not request.app[FAILED]:
        request.app[FAILED].append(True)
        return web.json_response({"error": {"message": "upstream hiccup"}}, status=500)
    return web.json_response(reply(body))


@contextlib.asynccontextmanager
async def tool_stub(
    port: int = 0, latency_s: float = 0.0
) -> AsyncIterator[tuple[str, list[dict[str, Any]]]]:
    """``(api_base, request bodies seen)`` of a running scripted server."""
    app = web.Application()
    app[BODIES] = []
    app[LATENCY] = latency_s
    app[FAILED] = []
    app.router.add_post("/v1/chat/completions", _chat)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}/v1", app[BODIES]
    finally:
        await runner.cleanup()


async def _serve_forever(latency_s: float) -> None:
    async with tool_stub(latency_s=latency_s) as (api_base, _):
        print("LISTENING", api_base, flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":  # a subprocess for tests that kill their client: LISTENING <api_base>
    asyncio.run(_serve_forever(float(sys.argv[1]) if len(sys.argv) > 1 else 0.0))
