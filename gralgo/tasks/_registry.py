"""The task registry: every task module of this package, plus tasks named by their config.

There is no list to keep: a module ``gralgo/tasks/<name>.py`` defining a concrete :class:`Task`
subclass is a built-in task, and a ``conf/task/<name>.yaml`` anywhere on Hydra's search path
may name a task class importable from ``sys.path`` with ``impl: module:Class``. Scoring looks a
task up by the name stored with each sample.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path

from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.tasks._answers import ANSWER_KINDS
from gralgo.tasks._base import Task
from gralgo.tasks._task_records import TaskSettings

_ORDER = {
    "enumeration": 0,
    "exploration": 1,
    "intuition": 2,
    "easy": 0,
    "medium": 1,
    "hard": 2,
}


def _task_classes(module: object) -> Iterator[type[Task]]:
    """The concrete :class:`Task` subclasses a module defines (not those it imports)."""
    for value in vars(module).values():
        if (
            inspect.isclass(value)
            and issubclass(value, Task)
            and not inspect.isabstract(value)
            and value.__module__ == getattr(module, "__name__", None)
            and isinstance(getattr(value, "name", None), str)
        ):
            yield value


def builtin_tasks() -> dict[str, type[Task]]:
    """Every task defined by a public module of ``gralgo.tasks``, in the paper's order
    (enumeration, exploration, intuition; easy to hard; then by name)."""
    found: list[type[Task]] = []
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if not info.name.startswith("_"):
            found.extend(_task_classes(importlib.import_module(f"gralgo.tasks.{info.name}")))
    found.sort(key=lambda c: (_ORDER.get(c.taxonomy, 9), _ORDER.get(c.complexity, 9), c.name))
    return {cls.name: cls for cls in found}


TASKS: dict[str, type[Task]] = builtin_tasks()
"""Task name -> class: the built-in tasks in the paper's order, then any registered by config."""


def load_task_class(name: str, impl: str) -> type[Task]:
    """The class ``impl`` (``module:Class``, or a module defining one task) names for task
    ``name``, registered in :data:`TASKS`; errors name the config field ``task.<name>.impl``."""
    where = f"task.{name}.impl"
    module_name, _, class_name = impl.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"{where}: cannot import {module_name!r} ({exc})") from None
    if class_name:
        cls = getattr(module, class_name, None)
        if not (inspect.isclass(cls) and issubclass(cls, Task)):
            raise ConfigError(f"{where}: {impl!r} is not a Task subclass")
    else:
        classes = list(_task_classes(module))
        if len(classes) != 1:
            raise ConfigError(f"{where}: {module_name!r} defines {len(classes)} tasks; name one")
        cls = classes[0]
    if cls.name != name:
        raise ConfigError(f"{where}: {impl!r} is task {cls.name!r}, not {name!r}")
    TASKS[name] = cls
    return cls


def get_task_class(name: str, impl: str | None = None) -> type[Task]:
    """The task class registered as ``name`` (imported from ``impl`` when given);
    :class:`UnknownChoiceError` lists valid names."""
    if impl is not None:
        return load_task_class(name, impl)
    try:
        return TASKS[name]
    except (KeyError, TypeError):
        raise UnknownChoiceError("task", name, list(TASKS)) from None


def make_task(name: str, settings: TaskSettings) -> Task:
    """An instance of task ``name`` configured by ``settings`` (options are validated here)."""
    return get_task_class(name, settings.impl)(settings)


class _IntegerAnswers(Task):
    """Answer rules of an integer task that is not registered (hand-made tables)."""

    name = "<integer>"
    answer_kind = "integer"


class _NodeAnswers(Task):
    """Answer rules of a node task that is not registered (hand-made tables)."""

    name = "<node>"
    answer_kind = "node"


# Only their answer class methods are used; mypy would want concrete classes for type[Task].
_DEFAULT_ANSWERS: dict[str, type[Task]] = {"integer": _IntegerAnswers, "node": _NodeAnswers}  # type: ignore[type-abstract]
assert set(_DEFAULT_ANSWERS) == set(ANSWER_KINDS)


def answer_owner(task: str, answer_kind: str | None = None) -> type[Task]:
    """The class whose answer methods read answers of ``task`` (a name stored with a sample).

    A registered task owns its answers, and ``answer_kind``, when given, must be its kind. A name
    that is not registered falls back to the default rules of ``answer_kind``. Raises
    ``ValueError`` for an unknown or mismatched kind.
    """
    cls = TASKS.get(task)
    if cls is not None:
        if answer_kind is not None and answer_kind != cls.answer_kind:
            raise ValueError(
                f"answer_kind {answer_kind!r} of task {task!r} is not its kind {cls.answer_kind!r}"
            )
        return cls
    if answer_kind in _DEFAULT_ANSWERS:
        return _DEFAULT_ANSWERS[answer_kind]
    raise ValueError(
        f"unknown answer_kind {answer_kind!r} for task {task!r} (not registered); "
        f"expected one of {list(ANSWER_KINDS)}"
    )
