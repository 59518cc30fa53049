"""Prompt assembly: story, how to read the graph, the graph text, the question, the answer form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gralgo.formats._render import GraphRows, get_format, graph_rows, render_graph

if TYPE_CHECKING:
    from gralgo.tasks import Problem, Task


@dataclass(frozen=True)
class PromptText:
    """A prompt and its expected answer as the prompt's format shows it."""

    text: str
    """The full user message."""
    answer: str
    """The expected answer in this format: a node's id under ``numeric_ids``, else canonical."""


def answer_instruction(answer_kind: str, numeric_ids: bool, escaped_names: bool = False) -> str:
    """The closing sentence for the built-in answer kinds (``gralgo.tasks.answer_instruction``);
    a prompt asks the task itself (``Task.answer_instruction``)."""
    from gralgo.tasks import answer_instruction as instruction

    return instruction(answer_kind, numeric_ids, escaped_names)


def shows_relations(problem: Problem) -> bool:
    """Edge relations are shown whenever some edge has one (DBpedia)."""
    from gralgo.graphs import adjacency_dicts

    # each edge's data is one dict, seen from both ends: as any() over graph.edges(data=True)
    rows = adjacency_dicts(problem.graph).values()
    return any("relation" in data for row in rows for data in row.values())


def prompt_rows(task: Task, problem: Problem, relations: bool) -> GraphRows:
    """The graph rows :func:`build_prompt` renders, to share between formats."""
    return graph_rows(
        problem.graph,
        node_weights=task.node_weighted,
        edge_weights=task.edge_weighted,
        relations=relations,
        order_seed=problem.order_seed,
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
    question does not already say how to answer (no ``\\boxed``) — the task's
    ``answer_instruction``.
    ``answer`` is the canonical answer (``Solution.answer``). Weights are shown as the task
    declares (``node_weighted``/``edge_weighted``); edge relations are shown when ``relations``
    is true, or, when it is ``None``, whenever some edge has a ``relation`` attribute.
    """
    graph = problem.graph
    if relations is None:
        relations = shows_relations(problem)
    if rows is None:
        rows = prompt_rows(task, problem, relations)
    rendered = render_graph(
        graph,
        format_name,
        node_weights=task.node_weighted,
        edge_weights=task.edge_weighted,
        relations=relations,
        rows=rows,
    )
    numeric = get_format(format_name).codec.numeric
    shown_answer = task.shown_answer(answer, rendered.answer_labels)
    question = task.question(problem, rendered.label).strip()
    parts = [task.story().strip(), get_format(format_name).description, rendered.text, question]
    if "\\boxed" not in question:
        escaped = any('"' in str(node) or "\\" in str(node) for node in graph)
        parts.append(task.answer_instruction(numeric, escaped_names=escaped))
    return PromptText(text="\n\n".join(parts), answer=shown_answer)


def build_certificate_prompt(task: Task, problem: Problem, format_name: str) -> str:
    """The ``mode=certificate`` prompt: the same story and graph as :func:`build_prompt`, but the
    task's certificate question (asking for the witness) and how to write nodes in the box."""
    from gralgo.tasks import certificate_instruction

    rendered = render_graph(
        problem.graph,
        format_name,
        node_weights=task.node_weighted,
        edge_weights=task.edge_weighted,
        relations=shows_relations(problem),
        order_seed=problem.order_seed,
    )
    numeric = get_format(format_name).codec.numeric
    question = task.certificate_question(problem, rendered.label).strip()
    parts = [task.story().strip(), get_format(format_name).description, rendered.text, question]
    return "\n\n".join([*parts, certificate_instruction(numeric)])
