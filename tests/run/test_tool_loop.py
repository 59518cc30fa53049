"""The tool loop against a scripted loopback model, through litellm and the real sandbox."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from tool_stub import MODEL, tool_stub

from gralgo.run._litellm_response import load_litellm
from gralgo.run._tool_loop import ToolLoopResult, ToolLoopSettings, litellm_complete, run_tool_loop
from gralgo.sandbox import SandboxLimits, SandboxUnavailableError, detect_isolation

try:
    detect_isolation()
except SandboxUnavailableError:  # pragma: no cover - depends on the machine
    pytest.skip("no sandbox isolation on this machine", allow_module_level=True)


def converse(scenario: str, **overrides: Any) -> tuple[ToolLoopResult, list[dict[str, Any]]]:
    settings = ToolLoopSettings(
        sandbox=SandboxLimits(wall_time_s=5, cpu_time_s=3, memory_mb=512), **overrides
    )

    async def main() -> tuple[ToolLoopResult, list[dict[str, Any]]]:
        litellm = load_litellm()
        async with tool_stub() as (api_base, bodies):

            def acall(messages: list[dict[str, Any]], **extra: Any) -> Any:
                return litellm.acompletion(
                    model=MODEL, api_base=api_base, api_key="sk-test", max_retries=0,
                    messages=messages, **extra,
                )  # fmt: skip

            complete = litellm_complete(litellm, acall)
            prompt = [{"role": "user", "content": f"SCENARIO:{scenario} How many edges?"}]
            result = await run_tool_loop(prompt, complete, settings)
            return result, bodies

    return asyncio.run(main())


def test_tool_output_reaches_the_model_and_the_transcript() -> None:
    result, bodies = converse("normal")
    assert result.answer_text == "The program printed it: \\boxed{4}"
    assert (result.tool_calls, result.tool_errors, result.turns) == (1, 0, 2)
    assert result.stop_reason == "answered"
    assert bodies[0]["tools"][0]["function"]["name"] == "python"
    roles = [m["role"] for m in result.transcript]
    assert roles == ["assistant", "tool", "assistant"]
    assert result.transcript[1]["content"].strip() == "4"
    assert result.transcript[1]["sandbox"]["error"] is None
    assert (result.prompt_tokens, result.completion_tokens) == (20, 14)
    json.dumps(result.transcript)  # JSON-able for the ledger


def test_malformed_calls_are_tool_errors_and_the_loop_goes_on() -> None:
    result, _ = converse("malformed")
    tool_messages = [m for m in result.transcript if m["role"] == "tool"]
    assert "not valid JSON" in tool_messages[0]["content"]
    assert "unknown tool 'bash'" in tool_messages[1]["content"]
    assert "missing string argument 'code'" in tool_messages[2]["content"]
    assert [m["sandbox"]["error"] for m in tool_messages[:3]] == ["malformed_call"] * 3
    assert result.answer_text == "\\boxed{42}"
    assert (result.tool_calls, result.tool_errors) == (4, 3)


def test_crashing_code_is_reported_to_the_model() -> None:
    result, _ = converse("crash")
    tool = next(m for m in result.transcript if m["role"] == "tool")
    assert "ZeroDivisionError" in tool["content"] and "[tool error: exit_status" in tool["content"]
    assert tool["sandbox"]["error"] == "exit_status"
    assert result.answer_text == "The code crashed (ZeroDivisionError); answer \\boxed{3}"


def test_hostile_code_is_contained_and_the_conversation_finishes() -> None:
    result, _ = converse("hostile")
    errors = [m["sandbox"]["error"] for m in result.transcript if m["role"] == "tool"]
    assert len(errors) == 2 and all(errors)
    assert result.answer_text == "\\boxed{0}"


def test_deep_directories_come_back_as_a_tool_error_and_the_loop_goes_on() -> None:
    result, _ = converse("deep")
    tool = next(m for m in result.transcript if m["role"] == "tool")
    assert tool["sandbox"]["error"] == "exit_status"
    assert "ZeroDivisionError" in tool["content"]
    assert result.answer_text == "Deep code failed (ZeroDivisionError): \\boxed{1}"


def test_tool_call_limit_ends_with_a_final_turn_without_tools() -> None:
    result, bodies = converse("forever", max_tool_calls=3)
    assert result.tool_calls == 3 and result.stop_reason == "max_tool_calls"
    assert result.answer_text == "Out of tool calls: \\boxed{done}"
    assert bodies[-1]["tool_choice"] == "none"
    assert result.turns == 4


def test_completion_token_budget_stops_the_loop() -> None:
    result, _ = converse("forever", max_tool_calls=50, max_completion_tokens=21)
    assert result.stop_reason == "max_tokens" and result.turns == 3


def test_fallback_runs_one_fenced_block() -> None:
    result, bodies = converse("fallback", native_tools=False)
    assert "tools" not in bodies[0]
    assert result.answer_text == "So \\boxed{45}"
    assert result.tool_calls == 1 and result.turns == 2
    assert result.transcript[0]["role"] == "system"


def test_fallback_direct_answer_runs_nothing() -> None:
    result, _ = converse("direct", native_tools=False)
    assert result.answer_text == "No code needed: \\boxed{5}"
    assert result.tool_calls == 0 and result.turns == 1
