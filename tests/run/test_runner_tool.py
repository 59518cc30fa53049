"""The runner in tool mode: a conversation is one sample, stored whole or re-run from the start."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from tool_stub import MODEL, tool_stub

from gralgo.ledger import Ledger, ModelSpec, Request, SamplingParams
from gralgo.run._runner import run_samples
from gralgo.run._tool_loop import TOOL_SYSTEM_PROMPT
from gralgo.sandbox import SandboxUnavailableError, detect_isolation

try:
    detect_isolation()
except SandboxUnavailableError:  # pragma: no cover - depends on the machine
    pytest.skip("no sandbox isolation on this machine", allow_module_level=True)


def test_a_failed_turn_reruns_the_whole_conversation(tmp_path: Path) -> None:
    async def main() -> tuple[object, list[dict], list]:
        async with tool_stub() as (api_base, bodies):
            spec = ModelSpec(name="stub", litellm_model=MODEL, api_base=api_base)
            messages = (
                {"role": "system", "content": TOOL_SYSTEM_PROMPT},
                {"role": "user", "content": "SCENARIO:flaky How many?"},
            )
            request = Request("inst-1", messages, spec, SamplingParams(max_tokens=64), mode="tool")
            with Ledger(tmp_path / "ledger.sqlite") as ledger:
                report = await run_samples(
                    [(request, 0)], ledger, max_concurrency=1, max_attempts=3, timeout_s=30,
                    failure_budget=1.0, backoff_base_s=0.01,
                )  # fmt: skip
                rows = ledger.missing([request], 1)
            return report, bodies, rows

    report, bodies, missing = asyncio.run(main())
    assert report.done == 1 and report.retries == 1 and missing == []
    # turn 1, turn 2 (500), then the conversation again from its first turn: 4 requests
    assert [sum(m["role"] == "assistant" for m in b["messages"]) for b in bodies] == [0, 1, 0, 1]
    import sqlite3

    with sqlite3.connect(tmp_path / "ledger.sqlite") as conn:
        (answer, transcript, attempts, tokens) = conn.execute(
            "SELECT answer_text, transcript, attempts, completion_tokens FROM samples"
        ).fetchone()
    assert answer == "\\boxed{4}" and attempts == 2
    record = json.loads(transcript)
    assert [m["role"] for m in record["messages"]] == ["assistant", "tool", "assistant"]
    assert tokens == 14  # two turns of the successful conversation, not the failed attempt


def test_a_lone_surrogate_in_tool_call_arguments_goes_into_the_next_turn_canonical(
    tmp_path: Path,
) -> None:
    """Issue 34: the tool call's arguments (and the answer) hold a lone surrogate. The turn is
    made canonical where it enters (U+FFFD), so the next turn can be sent: one conversation,
    two calls, one sandbox run, no retry."""

    async def main() -> tuple[object, list[dict], list]:
        async with tool_stub() as (api_base, bodies):
            spec = ModelSpec(name="stub", litellm_model=MODEL, api_base=api_base)
            messages = (
                {"role": "system", "content": TOOL_SYSTEM_PROMPT},
                {"role": "user", "content": "SCENARIO:surrogate How many?"},
            )
            request = Request("inst-1", messages, spec, SamplingParams(max_tokens=64), mode="tool")
            with Ledger(tmp_path / "ledger.sqlite") as ledger:
                report = await run_samples(
                    [(request, 0)], ledger, max_concurrency=1, max_attempts=3, timeout_s=30,
                    failure_budget=1.0, backoff_base_s=0.01,
                )  # fmt: skip
                rows = ledger.all_samples()
            return report, bodies, rows

    report, bodies, rows = asyncio.run(main())
    assert report.done == 1 and report.retries == 0 and len(bodies) == 2
    sent = bodies[1]["messages"][-2]["tool_calls"][0]["function"]["arguments"]
    assert sent == '{"code": "print(6 * 7)  # \ufffd"}'
    assert bodies[1]["messages"][-1]["content"].strip() == "42"  # the sandbox ran the code
    [row] = rows
    assert row.answer_text == "\\boxed{42} \ufffd" and row.attempts == 1
    assert "\ufffd" in (row.transcript or "") and "\\ud800" not in (row.transcript or "")
