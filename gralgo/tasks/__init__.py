"""The GrAlgoBench tasks, their answers and their registry.

Adding a task: a module ``gralgo/tasks/<name>.py`` with a :class:`Task` subclass and a
``conf/task/<name>.yaml`` (or, outside this package, any importable module and a config whose
``impl:`` names it). A task with a new kind of answer overrides the answer methods of
:class:`Task`. See ``design/architecture.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.lazy import lazy_exports
from gralgo.tasks._answers import (
    ANSWER_KINDS,
    AnswerKind,
    answer_instruction,
    normalize_answer,
    normalize_node_name,
)
from gralgo.tasks._base import EdgeWeightedTask, Task
from gralgo.tasks._heuristics import (
    Heuristic,
    find_shortcuts,
    heuristic_credits,
    heuristics_for,
    shared_facts,
    solved_by,
)
from gralgo.tasks._prompt_order import (
    PromptOrder,
    ShownOrder,
    drawn_order,
    permuted,
    prompt_order_seed,
    shown_order,
)
from gralgo.tasks._registry import TASKS, answer_owner, builtin_tasks, get_task_class, make_task
from gralgo.tasks._task_records import InstanceRejected, Problem, Solution, TaskSettings

if _TYPE_CHECKING:
    from gralgo.tasks._certificate_checks import (
        CERTIFICATE_STATUSES,
        CertificateAnswer,
        CertificateShape,
        CertificateVerdict,
        certificate_instruction,
        unparsed,
    )


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "ANSWER_KINDS",
    "AnswerKind",
    "CERTIFICATE_STATUSES",
    "CertificateAnswer",
    "CertificateShape",
    "CertificateVerdict",
    "EdgeWeightedTask",
    "Heuristic",
    "InstanceRejected",
    "Problem",
    "PromptOrder",
    "ShownOrder",
    "Solution",
    "TASKS",
    "Task",
    "TaskSettings",
    "answer_instruction",
    "answer_owner",
    "builtin_tasks",
    "certificate_instruction",
    "drawn_order",
    "find_shortcuts",
    "get_task_class",
    "heuristic_credits",
    "heuristics_for",
    "make_task",
    "normalize_answer",
    "normalize_node_name",
    "permuted",
    "prompt_order_seed",
    "shared_facts",
    "shown_order",
    "solved_by",
    "unparsed",
]
