"""The multi-turn code-execution conversation of ``mode=tool`` (paper §3.3, Table 4).

Transport-agnostic: the loop gets an async ``complete(messages, tools)`` that returns one
:class:`ToolTurn`, and a ``run_code`` that executes Python (the sandbox). With native tool calling
the model gets a ``python`` function tool (OpenAI schema) and may call it up to
``max_tool_calls`` times; ``tools=None`` on the last turn tells ``complete`` to forbid further
calls. Without it (``native_tools=False``) the fallback protocol is one fenced Python block, its
output sent back, then the answer. Every assistant turn and tool result goes into the
transcript (JSON-able), which the ledger stores with the sample.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from gralgo.ledger import canonical
from gralgo.run._litellm_response import parse_response
from gralgo.sandbox import SandboxLimits, SandboxResult, run_python

PYTHON_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "python",
        "description": (
            "Run a Python 3 program in a fresh sandbox (no network, no files kept between calls, "
            "the standard library and networkx available) and return what it prints to stdout "
            "and stderr. Print every result you need."
        ),
        "parameters": {
            "type": "object",
            "properties": {"code": {"type": "string", "description": "The complete program."}},
            "required": ["code"],
        },
    },
}
"""The one tool offered to the model, in the OpenAI tool-calling schema."""

TOOL_SYSTEM_PROMPT = (
    "You can run Python code with the `python` tool: each call runs a complete program in a "
    "fresh sandbox with the standard library and networkx, and returns its printed output. "
    "Copy the graph from the question into your code as needed. When you are done, reply "
    "without calling the tool and give your final answer as \\boxed{answer}."
)
FALLBACK_INSTRUCTION = (
    "You may write one Python program (standard library and networkx available) in a single "
    "```python fenced block and stop; it will be run and its printed output sent back to you, "
    "after which you give your final answer as \\boxed{answer}. Or answer directly."
)
FALLBACK_OUTPUT = (
    "Output of your program:\n```\n{output}\n```\nNow give your final answer as \\boxed{{answer}}."
)
FINAL_NUDGE = "The tool limit is reached. Give your final answer now as \\boxed{answer}."

StopReason = Literal["answered", "max_tool_calls", "max_tokens"]
_FENCE = re.compile(r"```(?:python|py)?[ \t]*\n(.*?)```", re.S | re.I)


@dataclass(frozen=True)
class ToolCall:
    """One function call requested by the model."""

    id: str
    """The provider's call id (echoed in the tool message)."""
    name: str
    """The function name (``python`` is the only one that exists)."""
    arguments: str
    """The raw JSON argument string, as sent (may be malformed)."""


@dataclass(frozen=True)
class ToolTurn:
    """One assistant turn as ``complete`` returns it."""

    content: str | None
    """The message text."""
    tool_calls: tuple[ToolCall, ...] = ()
    """Function calls requested in this turn."""
    finish_reason: str | None = None
    """The provider's finish reason."""
    prompt_tokens: int | None = None
    """Prompt tokens of this call."""
    completion_tokens: int | None = None
    """Completion tokens of this call."""
    reasoning_text: str | None = None
    """Reasoning/thinking text, when the provider returns it separately."""
    cost_usd: float | None = None
    """Cost of this call, when known."""


Complete = Callable[[list[dict[str, Any]], list[dict[str, Any]] | None], Awaitable[ToolTurn]]
RunCode = Callable[[str], Awaitable[SandboxResult]]


@dataclass(frozen=True)
class ToolLoopSettings:
    """Bounds of one tool conversation."""

    max_tool_calls: int = 6
    """Code executions allowed per sample; later calls get a tool error and one last turn."""
    max_completion_tokens: int | None = None
    """Stop once the turns' completion tokens add up to this (None: no bound)."""
    native_tools: bool = True
    """Use the provider's tool calling; False: the fenced-block fallback."""
    sandbox: SandboxLimits = field(default_factory=SandboxLimits)
    """Limits of each code execution."""


@dataclass(frozen=True)
class ToolLoopResult:
    """A finished tool conversation."""

    answer_text: str
    """The final assistant text (scored like a direct answer)."""
    transcript: list[dict[str, Any]]
    """Every message after the prompt: assistant turns, tool calls and tool results (JSON-able)."""
    tool_calls: int
    """Code executions requested (malformed ones included)."""
    tool_errors: int
    """Calls that were malformed or whose code failed (timeout, crash, limits, exit status)."""
    stop_reason: StopReason
    """Why the conversation ended."""
    turns: int
    """Model calls made."""
    prompt_tokens: int | None
    """Sum over turns (None when the provider reported none)."""
    completion_tokens: int | None
    """Sum over turns."""
    reasoning_text: str | None
    """Reasoning texts of all turns, joined."""
    cost_usd: float | None
    """Sum over turns, when known."""
    finish_reason: str | None
    """Finish reason of the last turn."""


def sandbox_runner(limits: SandboxLimits) -> RunCode:
    """``run_code`` backed by :func:`gralgo.sandbox.run_python` (in a worker thread)."""

    async def run(code: str) -> SandboxResult:
        return await asyncio.to_thread(run_python, code, limits)

    return run


async def run_tool_loop(
    messages: Sequence[dict[str, Any]],
    complete: Complete,
    settings: ToolLoopSettings,
    run_code: RunCode | None = None,
) -> ToolLoopResult:
    """Converse until the model answers without a tool call or a bound is reached."""
    run_code = run_code or sandbox_runner(settings.sandbox)
    if settings.native_tools:
        return await _native(list(messages), complete, settings, run_code)
    return await _fallback(list(messages), complete, settings, run_code)


class _Tally:
    """Running totals over turns."""

    def __init__(self) -> None:
        self.turns = self.calls = self.errors = 0
        self.prompt: int | None = None
        self.completion: int | None = None
        self.cost: float | None = None
        self.reasoning: list[str] = []
        self.transcript: list[dict[str, Any]] = []

    def add(self, turn: ToolTurn) -> None:
        self.turns += 1
        if turn.prompt_tokens is not None:
            self.prompt = (self.prompt or 0) + turn.prompt_tokens
        if turn.completion_tokens is not None:
            self.completion = (self.completion or 0) + turn.completion_tokens
        if turn.cost_usd is not None:
            self.cost = (self.cost or 0.0) + turn.cost_usd
        if turn.reasoning_text:
            self.reasoning.append(turn.reasoning_text)

    def over_budget(self, settings: ToolLoopSettings) -> bool:
        bound = settings.max_completion_tokens
        return bound is not None and (self.completion or 0) >= bound

    def result(self, turn: ToolTurn, stop: StopReason) -> ToolLoopResult:
        return ToolLoopResult(
            answer_text=turn.content or "",
            transcript=self.transcript,
            tool_calls=self.calls,
            tool_errors=self.errors,
            stop_reason=stop,
            turns=self.turns,
            prompt_tokens=self.prompt,
            completion_tokens=self.completion,
            reasoning_text="\n\n".join(self.reasoning) or None,
            cost_usd=self.cost,
            finish_reason=turn.finish_reason,
        )


def _assistant_message(turn: ToolTurn) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": turn.content}
    if turn.tool_calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in turn.tool_calls
        ]
    return message


def _sandbox_record(result: SandboxResult) -> dict[str, Any]:
    return {
        "error": result.error,
        "exit_code": result.exit_code,
        "signal": result.signal,
        "truncated": result.truncated,
        "duration_s": round(result.duration_s, 4),
        "isolation": result.isolation,
        "memory_cgroup": result.memory_cgroup,
    }


def _code_of(call: ToolCall) -> tuple[str | None, str | None]:
    """``(code, None)`` for a well-formed python call, else ``(None, error message)``."""
    if call.name != "python":
        return None, f"[tool error: unknown tool {call.name!r}; the only tool is 'python']"
    try:
        arguments = json.loads(call.arguments or "")
    except json.JSONDecodeError as error:
        return (
            None,
            f'[tool error: arguments are not valid JSON ({error.msg}); send {{"code": "..."}}]',
        )
    code = arguments.get("code") if isinstance(arguments, dict) else None
    if not isinstance(code, str) or not code.strip():
        return None, "[tool error: missing string argument 'code']"
    return code, None


async def _native(
    messages: list[dict[str, Any]],
    complete: Complete,
    settings: ToolLoopSettings,
    run_code: RunCode,
) -> ToolLoopResult:
    tally = _Tally()
    tools_open = True
    while True:
        turn = await complete(messages, [PYTHON_TOOL] if tools_open else None)
        tally.add(turn)
        assistant = _assistant_message(turn)
        messages.append(assistant)
        tally.transcript.append(assistant)
        if not turn.tool_calls or not tools_open:
            stop: StopReason = "answered" if tools_open else "max_tool_calls"
            return tally.result(turn, stop)
        for call in turn.tool_calls:
            tally.calls += 1
            code, problem = _code_of(call)
            record: dict[str, Any] = {"role": "tool", "tool_call_id": call.id}
            if tally.calls > settings.max_tool_calls:
                problem = f"[tool error: limit of {settings.max_tool_calls} tool calls reached]"
            if problem is not None or code is None:
                tally.errors += 1
                content, meta = problem or "", {"error": "malformed_call"}
                if tally.calls > settings.max_tool_calls:
                    meta = {"error": "call_limit"}
            else:
                result = await run_code(code)
                tally.errors += result.error is not None
                content, meta = result.as_tool_output(), _sandbox_record(result)
            record["content"] = content
            messages.append(dict(record))
            tally.transcript.append({**record, "sandbox": meta})
        if tally.calls >= settings.max_tool_calls:
            tools_open = False
            nudge = {"role": "user", "content": FINAL_NUDGE}
            messages.append(nudge)
            tally.transcript.append(nudge)
        if tally.over_budget(settings):
            return tally.result(turn, "max_tokens")


async def _fallback(
    messages: list[dict[str, Any]],
    complete: Complete,
    settings: ToolLoopSettings,
    run_code: RunCode,
) -> ToolLoopResult:
    tally = _Tally()
    instruction = {"role": "system", "content": FALLBACK_INSTRUCTION}
    messages.insert(0, instruction)
    tally.transcript.append(instruction)
    turn = await complete(messages, None)
    tally.add(turn)
    assistant = _assistant_message(turn)
    messages.append(assistant)
    tally.transcript.append(assistant)
    text = turn.content or ""
    block = _FENCE.search(text)
    if block is None or "\\boxed" in text[block.end() :] or settings.max_tool_calls < 1:
        return tally.result(turn, "answered")
    if tally.over_budget(settings):
        return tally.result(turn, "max_tokens")
    tally.calls += 1
    result = await run_code(block.group(1))
    tally.errors += result.error is not None
    reply = {"role": "user", "content": FALLBACK_OUTPUT.format(output=result.as_tool_output())}
    messages.append(reply)
    tally.transcript.append({**reply, "sandbox": _sandbox_record(result)})
    turn = await complete(messages, None)
    tally.add(turn)
    assistant = _assistant_message(turn)
    tally.transcript.append(assistant)
    return tally.result(turn, "answered")


def turn_from_response(litellm: Any, response: Any) -> ToolTurn:
    """A :class:`ToolTurn` from a litellm (OpenAI-shaped) chat completion response.

    Raises :class:`MalformedResponseError` (a transient error: the sample is retried) when the
    response has no usable message. Every text is :func:`gralgo.ledger.canonical`
    (the reply's one entry): the next turn sends it back as it was kept.
    """
    fields = parse_response(litellm, response)
    message = response.choices[0].message
    calls = []
    for index, call in enumerate(getattr(message, "tool_calls", None) or []):
        function = getattr(call, "function", None)
        calls.append(
            ToolCall(
                id=canonical(str(getattr(call, "id", None) or f"call_{index}")),
                name=canonical(str(getattr(function, "name", None) or "")),
                arguments=canonical(str(getattr(function, "arguments", None) or "")),
            )
        )
    content = getattr(message, "content", None)
    return ToolTurn(
        content=None if content is None else canonical(str(content)),
        tool_calls=tuple(calls),
        finish_reason=fields["finish_reason"],
        prompt_tokens=fields["prompt_tokens"],
        completion_tokens=fields["completion_tokens"],
        reasoning_text=fields["reasoning_text"] and canonical(fields["reasoning_text"]),
        cost_usd=fields["cost_usd"],
    )


def litellm_complete(litellm: Any, acall: Callable[..., Awaitable[Any]]) -> Complete:
    """``complete`` over a litellm call ``acall(messages, **extra)`` (model, endpoint and sampling
    already bound). ``tools=None`` after tool use keeps the tool declared but sets
    ``tool_choice="none"`` (providers reject tool messages without a declared tool)."""

    async def complete(
        messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None
    ) -> ToolTurn:
        extra: dict[str, Any] = {}
        if tools:
            extra = {"tools": tools}
        elif any(message.get("tool_calls") for message in messages):
            extra = {"tools": [PYTHON_TOOL], "tool_choice": "none"}
        return turn_from_response(litellm, await acall(messages, **extra))

    return complete


def sample_fields(result: ToolLoopResult) -> dict[str, Any]:
    """The ledger fields of a finished conversation (the transcript as JSON)."""
    return {
        "answer_text": result.answer_text,
        "reasoning_text": result.reasoning_text,
        "finish_reason": result.finish_reason,
        "prompt_tokens": result.prompt_tokens,
        "completion_tokens": result.completion_tokens,
        "cost_usd": result.cost_usd,
        "transcript": json.dumps(
            {
                "messages": result.transcript,
                "tool_calls": result.tool_calls,
                "tool_errors": result.tool_errors,
                "turns": result.turns,
                "stop_reason": result.stop_reason,
            },
            ensure_ascii=False,
        ),
    }
