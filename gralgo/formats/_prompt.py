"""Prompt assembly: story, how to read the graph, the graph text, the question, the answer form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gralgo.formats._render import GraphRows, get_format, graph_rows, render_graph

if TYPE_CHECKING:
    from gralgo.tasks._base import Problem, Task


@dataclass(frozen=True)
class PromptText:
    """A prompt and its expected answer as the prompt's format shows it."""

    text: str
    """The full user message."""
    answer: str
    """The expected answer in this format: a node's id under ``numeric_ids``, else canonical."""


ESCAPE_NOTE = (
    ' (inside a quoted name, \\" stands for a double quote: write it as " or as \\", both '
    "are accepted)"
)
"""Added for graphs whose names contain ``"`` or ``\\``: named formats show names as JSON
strings, so such a name is printed with backslash escapes, and the scorer reads ``\\"`` as
``"``."""


def answer_instruction(answer_kind: str, numeric_ids: bool, escaped_names: bool = False) -> str:
    """The closing sentence telling the model how to write its final answer.

    ``escaped_names``: some node name is shown with JSON escapes (it contains ``"`` or ``\\``).
    """
    if answer_kind == "node":
        what = (
            "the number of that node"
            if numeric_ids
            else "that node's name exactly as written in the graph, without the surrounding "
            "double quotes" + (ESCAPE_NOTE if escaped_names else "")
        )
    else:
        what = "a single integer"
    return f"Think step by step, then give your final answer, {what}, as \\boxed{{answer}}."


def shows_relations(problem: Problem) -> bool:
    """Edge relations are shown whenever some edge has one (DBpedia)."""
    return any("relation" in data for _, _, data in problem.graph.edges(data=True))


def prompt_rows(task: Task, problem: Problem, relations: bool) -> GraphRows:
    """The graph rows :func:`build_prompt` renders, to share between formats."""
    return graph_rows(
        problem.graph,
        node_weights=task.node_weighted,
        edge_weights=task.edge_weighted,
        relations=relations,
    )


def build_prompt(
    task: Task,
    problem: Problem,
    answer: str,
    format_name: str,
    *,
    relations: bool | None = None,
    rows: GraphRows | None = None,
) -> PromptText:
    """The prompt for ``problem`` with its graph written in ``format_name``.

    Layout: story, how to read the graph, the graph text, the question, and — only when the
    question does not already say how to answer (no ``\\boxed``) — :func:`answer_instruction`.
    ``answer`` is the canonical answer (``Solution.answer``). Weights are shown as the task
    declares (``node_weighted``/``edge_weighted``); edge relations are shown when ``relations``
    is true, or, when it is ``None``, whenever some edge has a ``relation`` attribute.
    """
    graph = problem.graph
    if relations is None:
        relations = shows_relations(problem)
    rendered = render_graph(
        graph,
        format_name,
        node_weights=task.node_weighted,
        edge_weights=task.edge_weighted,
        relations=relations,
        rows=rows,
    )
    numeric = get_format(format_name).codec.numeric
    shown_answer = answer
    if task.answer_kind == "node":
        if answer not in rendered.answer_labels:
            raise ValueError(f"{task.name}: the answer {answer!r} is not a node of the graph")
        shown_answer = rendered.answer_labels[answer]
    question = task.question(problem, rendered.label).strip()
    parts = [task.story().strip(), get_format(format_name).description, rendered.text, question]
    if "\\boxed" not in question:
        escaped = any('"' in str(node) or "\\" in str(node) for node in graph)
        parts.append(answer_instruction(task.answer_kind, numeric, escaped_names=escaped))
    return PromptText(text="\n\n".join(parts), answer=shown_answer)


def build_certificate_prompt(task: Task, problem: Problem, format_name: str) -> str:
    """The ``mode=certificate`` prompt: the same story and graph as :func:`build_prompt`, but the
    task's certificate question (asking for the witness) and how to write nodes in the box."""
    from gralgo.tasks._certificate import certificate_instruction

    rendered = render_graph(
        problem.graph,
        format_name,
        node_weights=task.node_weighted,
        edge_weights=task.edge_weighted,
        relations=shows_relations(problem),
    )
    numeric = get_format(format_name).codec.numeric
    question = task.certificate_question(problem, rendered.label).strip()
    parts = [task.story().strip(), get_format(format_name).description, rendered.text, question]
    return "\n\n".join([*parts, certificate_instruction(numeric)])
