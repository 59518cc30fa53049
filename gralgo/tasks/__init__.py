"""The nine GrAlgoBench tasks and their registry.

Adding a task: a module with a :class:`Task` subclass, a line in ``TASKS`` and a
``conf/task/<name>.yaml``.
"""

from __future__ import annotations

from gralgo.errors import UnknownChoiceError
from gralgo.tasks._base import InstanceRejected, Problem, Solution, Task, TaskSettings
from gralgo.tasks.diameter import DiameterTask
from gralgo.tasks.distance_k import DistanceKTask
from gralgo.tasks.distance_threshold import DistanceThresholdTask
from gralgo.tasks.max_clique import MaxCliqueTask
from gralgo.tasks.max_degree import MaxDegreeTask
from gralgo.tasks.max_kcore import MaxKCoreTask
from gralgo.tasks.max_weight_triangle import MaxWeightTriangleTask
from gralgo.tasks.mst_weight import MstWeightTask
from gralgo.tasks.path_sum import PathSumTask

TASKS: dict[str, type[Task]] = {
    cls.name: cls
    for cls in (
        MaxDegreeTask,
        MaxWeightTriangleTask,
        MaxCliqueTask,
        PathSumTask,
        DistanceKTask,
        DiameterTask,
        MaxKCoreTask,
        MstWeightTask,
        DistanceThresholdTask,
    )
}
"""Task name -> class, in the paper's order (enumeration, exploration, intuition; easy to hard)."""


def get_task_class(name: str) -> type[Task]:
    """The task class registered as ``name``; :class:`UnknownChoiceError` lists valid names."""
    try:
        return TASKS[name]
    except (KeyError, TypeError):
        raise UnknownChoiceError("task", name, list(TASKS)) from None


def make_task(name: str, settings: TaskSettings) -> Task:
    """An instance of task ``name`` configured by ``settings`` (options are validated here)."""
    return get_task_class(name)(settings)


__all__ = [
    "TASKS",
    "InstanceRejected",
    "Problem",
    "Solution",
    "Task",
    "TaskSettings",
    "get_task_class",
    "make_task",
]
