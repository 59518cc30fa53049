"""Certificate scoring: classify boxed witnesses and summarise them per task x level.

The checks themselves belong to the tasks (``Task.check_certificate``); this module extracts the
boxed answer, hands it over, and aggregates the verdicts into rates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from gralgo.score._certificate_read import NodeNames, read_certificate
from gralgo.score._extract import extract_boxed
from gralgo.tasks._certificate import CERTIFICATE_STATUSES, CertificateVerdict, unparsed

if TYPE_CHECKING:
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
