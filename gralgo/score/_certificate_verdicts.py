"""Certificate scoring: classify boxed witnesses and summarise them per task x level.

The checks themselves belong to the tasks (``Task.check_certificate``); this module extracts the
boxed answer, hands it over, and aggregates the verdicts into rates.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pandas as pd

from gralgo.score._certificate_reader import NodeNames, read_certificate
from gralgo.score._extract import extract_boxed
from gralgo.tasks import CERTIFICATE_STATUSES, CertificateVerdict, unparsed

if TYPE_CHECKING:
    from gralgo.dataset import Instance
    from gralgo.tasks import Problem, Solution, Task

CERTIFICATE_COLUMNS = (
    "n",
    "feasible_rate",
    "hallucination_rate",
    "infeasible_rate",
    "unparsed_rate",
    "optimal_rate",
    "mean_ratio",
)
"""Columns of :func:`certificate_table`, after the grouping keys."""


def check_certificate_answer(
    task: Task, problem: Problem, solution: Solution, response: str | None, names: NodeNames
) -> CertificateVerdict:
    """The verdict for a model response: its last ``\\boxed{}`` checked by the task."""
    boxed = extract_boxed(response)
    if boxed is None or not boxed.strip():
        return unparsed("no \\boxed{} answer")
    answer = read_certificate(boxed, task.certificate_shape, names)
    return task.check_certificate(problem, solution, answer)


def certificate_table(
    verdicts: pd.DataFrame, by: tuple[str, ...] = ("task", "level")
) -> pd.DataFrame:
    """Rates per group from one row per scored sample (columns ``by``, ``certificate_status``,
    ``certificate_ratio``). Feasible counts feasible and optimal answers; ``mean_ratio`` is the
    mean optimality ratio over those feasible answers (NaN when there is none)."""
    unknown = set(verdicts["certificate_status"]) - set(CERTIFICATE_STATUSES)
    if unknown:
        raise ValueError(f"unknown certificate status(es) {sorted(unknown)}")
    status = verdicts["certificate_status"]
    frame = pd.DataFrame(
        {
            **{key: verdicts[key] for key in by},
            "n": 1,
            "feasible_rate": status.isin(("feasible", "optimal")).astype(float),
            "hallucination_rate": (status == "hallucinated").astype(float),
            "infeasible_rate": (status == "infeasible").astype(float),
            "unparsed_rate": (status == "unparsed").astype(float),
            "optimal_rate": (status == "optimal").astype(float),
            "mean_ratio": verdicts["certificate_ratio"].astype(float),
        }
    )
    grouped = frame.groupby(list(by), sort=True)
    table = grouped[[c for c in CERTIFICATE_COLUMNS if c != "n"]].mean()
    table.insert(0, "n", grouped["n"].sum())
    return table.reset_index()


def certificate_verdicts(
    samples: pd.DataFrame,
    instances: Mapping[str, Instance],
    numeric_ids: bool,
    task_options: Mapping[str, Mapping[str, Any]] | None = None,
) -> pd.DataFrame:
    """``samples`` with ``certificate_status``, ``certificate_ratio`` and ``certificate_detail``
    added; samples that errored (or were never stored) get no status (they are not answers)."""
    from gralgo.tasks import Problem as ProblemRecord
    from gralgo.tasks import Solution as SolutionRecord
    from gralgo.tasks import TaskSettings, make_task

    options = task_options or {}
    prepared: dict[str, tuple[Any, Any, Any, NodeNames]] = {}
    status: list[str | None] = []
    ratio: list[float | None] = []
    detail: list[str | None] = []
    for instance_id, answer, error in zip(
        samples["instance_id"], samples["answer_text"], samples["error_class"], strict=True
    ):
        if isinstance(error, str) and error:
            status.append(None)
            ratio.append(None)
            detail.append(None)
            continue
        if instance_id not in prepared:
            instance = instances[instance_id]
            task = make_task(
                instance.task,
                TaskSettings(instance.source, "dataset", options=options.get(instance.task, {})),
            )
            problem = ProblemRecord(graph=instance.to_networkx(), params=dict(instance.params))
            solution = SolutionRecord(answer=instance.answer, certificate=instance.certificate)
            prepared[instance_id] = (task, problem, solution, NodeNames(problem.graph, numeric_ids))
        task, problem, solution, names = prepared[instance_id]
        text = answer if isinstance(answer, str) else None
        verdict = check_certificate_answer(task, problem, solution, text, names)
        status.append(verdict.status)
        ratio.append(verdict.ratio)
        detail.append(verdict.detail)
    return samples.assign(
        certificate_status=status, certificate_ratio=ratio, certificate_detail=detail
    )
