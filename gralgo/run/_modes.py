"""Answer modes: how a request is asked and driven (``conf/mode``).

``direct`` (the default): the dataset prompt, one boxed answer. ``tool``: the same prompt, and
the model may run Python in the sandbox (:mod:`gralgo.run._tool_loop`). ``certificate``: the
prompt asks for the witness behind the answer (the clique, the path, the tree...), which the
task's validator checks at scoring time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.run._tool_loop import TOOL_SYSTEM_PROMPT, ToolLoopSettings
from gralgo.sandbox import SandboxLimits

if TYPE_CHECKING:
    from gralgo.dataset import Instance

ModeName = Literal["direct", "tool", "certificate"]
MODES: tuple[str, ...] = ("direct", "tool", "certificate")


@dataclass(frozen=True)
class ModeSettings:
    """The answer mode of a job and its options."""

    name: ModeName = "direct"
    """``direct``, ``tool`` or ``certificate``; part of every request key except ``direct``."""
    tool: ToolLoopSettings = field(default_factory=ToolLoopSettings)
    """Tool-loop bounds and sandbox limits (used by ``tool`` only)."""
    auto_tools: bool = False
    """``native_tools: auto``: native or fallback per model (:func:`resolve_tool_calling`)."""


def mode_settings_from_config(
    mode: Mapping[str, Any] | None, sandbox: Mapping[str, Any] | None
) -> ModeSettings:
    """Typed settings from the ``mode`` group and the ``sandbox`` section."""
    mode = dict(mode or {"name": "direct"})
    name = str(mode.get("name", "direct"))
    if name not in MODES:
        raise UnknownChoiceError("mode", name, MODES)
    loop = dict(mode.get("tool") or {})
    known = {"max_tool_calls", "max_completion_tokens", "native_tools"}
    if set(loop) - known:
        raise ConfigError(
            f"mode.tool: unknown key(s) {sorted(set(loop) - known)}; valid: {sorted(known)}"
        )
    try:
        limits = SandboxLimits(**dict(sandbox or {}))
    except TypeError as error:
        raise ConfigError(f"sandbox: {error}") from None
    except ValueError as error:
        raise ConfigError(str(error)) from None
    max_calls = int(loop.get("max_tool_calls", 6))
    if max_calls < 1:
        raise ConfigError(f"mode.tool.max_tool_calls must be >= 1, got {max_calls}")
    budget = loop.get("max_completion_tokens")
    native = loop.get("native_tools", True)
    if native not in (True, False, "auto"):
        raise ConfigError(f"mode.tool.native_tools must be true, false or auto; got {native!r}")
    tool = ToolLoopSettings(
        max_tool_calls=max_calls,
        max_completion_tokens=None if budget is None else int(budget),
        native_tools=bool(native),
        sandbox=limits,
    )
    return ModeSettings(name=name, tool=tool, auto_tools=native == "auto")  # type: ignore[arg-type]


def resolve_tool_calling(mode: ModeSettings, litellm_model: str) -> ModeSettings:
    """With ``native_tools: auto``, native tool calling when litellm's model map says the model
    supports function calling, else the fenced-block fallback; other settings pass through."""
    if mode.name != "tool" or not mode.auto_tools:
        return mode
    from gralgo.run._litellm_response import load_litellm

    try:
        native = bool(load_litellm().supports_function_calling(model=litellm_model))
    except Exception:  # litellm raises for models it does not know: use the fallback
        native = False
    return replace(mode, tool=replace(mode.tool, native_tools=native), auto_tools=False)


def mode_messages(
    instance: Instance, fmt: str, mode: ModeSettings, task_options: Mapping[str, Any] | None = None
) -> tuple[dict[str, str], ...]:
    """The messages of ``instance``'s request in ``mode`` (prompt in format ``fmt``)."""
    prompt = instance.prompts.get(fmt)
    if prompt is None:
        raise ConfigError(
            f"instance {instance.id} has no prompt in format {fmt!r} "
            f"(it has {sorted(instance.prompts)}); add it to dataset.formats and rebuild"
        )
    if mode.name == "certificate":
        return ({"role": "user", "content": certificate_prompt(instance, fmt, task_options)},)
    user = {"role": "user", "content": prompt.text}
    if mode.name == "tool" and mode.tool.native_tools:
        return ({"role": "system", "content": TOOL_SYSTEM_PROMPT}, user)
    return (user,)


def certificate_prompt(
    instance: Instance, fmt: str, task_options: Mapping[str, Any] | None = None
) -> str:
    """The certificate question for ``instance``, with its graph written in ``fmt``."""
    from gralgo.formats import build_certificate_prompt

    task, problem = instance_task_problem(instance, task_options)
    return build_certificate_prompt(task, problem, fmt)


def instance_task_problem(
    instance: Instance, task_options: Mapping[str, Any] | None = None
) -> tuple[Any, Any]:
    """The task object and :class:`Problem` an instance was made from."""
    from gralgo.tasks import Problem, TaskSettings, make_task, prompt_order_seed

    settings = TaskSettings(source=instance.source, sampler="dataset", options=task_options or {})
    task = make_task(instance.task, settings)
    problem = Problem(
        graph=instance.to_networkx(),
        params=dict(instance.params),
        order_seed=prompt_order_seed(instance.id),
    )
    return task, problem
