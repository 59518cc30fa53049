"""The GrAlgoBench tasks, their answers and their registry.

Adding a task: a module ``gralgo/tasks/<name>.py`` with a :class:`Task` subclass and a
``conf/task/<name>.yaml`` (or, outside this package, any importable module and a config whose
``impl:`` names it). A task with a new kind of answer overrides the answer methods of
:class:`Task`. See ``design/architecture.md``.
"""

from __future__ import annotations

from gralgo.tasks._answers import (
    ANSWER_KINDS,
    INTEGER_ANSWER,
    AnswerKind,
    answer_instruction,
    normalize_answer,
    normalize_node_name,
)
from gralgo.tasks._base import EdgeWeightedTask, Task
from gralgo.tasks._records import InstanceRejected, Problem, Solution, TaskSettings
from gralgo.tasks._registry import (
    TASKS,
    answer_owner,
    builtin_tasks,
    get_task_class,
    load_task_class,
    make_task,
)

__all__ = [
    "ANSWER_KINDS",
    "INTEGER_ANSWER",
    "TASKS",
    "AnswerKind",
    "EdgeWeightedTask",
    "InstanceRejected",
    "Problem",
    "Solution",
    "Task",
    "TaskSettings",
    "answer_instruction",
    "answer_owner",
    "builtin_tasks",
    "get_task_class",
    "load_task_class",
    "make_task",
    "normalize_answer",
    "normalize_node_name",
]
