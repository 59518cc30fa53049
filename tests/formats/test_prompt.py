"""Prompt assembly with a small fake task."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

import networkx as nx
import pytest

from gralgo.formats import FORMATS, PromptText, build_prompt, parse_graph
from gralgo.graphs import SampledGraph
from gralgo.tasks import AnswerKind, Problem, Solution, Task, TaskSettings


class NearestHeavyNode(Task):
    """Fake task: which neighbour of ``node`` has the largest weight."""

    name = "nearest_heavy"
    taxonomy = "exploration"
    complexity = "easy"
    answer_kind: ClassVar[AnswerKind] = "node"
    node_weighted = True

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        return Problem(sample.graph, {"node": sample.start})

    def solve(self, problem: Problem) -> Solution:
        node = problem.params["node"]
        best = max(problem.graph[node], key=lambda v: problem.graph.nodes[v]["weight"])
        return Solution(best, {})

    def story(self) -> str:
        return "Nodes are cities; an edge joins two cities linked by a road."

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return f"Which neighbour of {label(problem.params['node'])} has the largest weight?"


class CountEdges(NearestHeavyNode):
    name = "count_edges"
    answer_kind: ClassVar[AnswerKind] = "integer"
    node_weighted = False
    edge_weighted = True


def problem() -> Problem:
    g = nx.Graph()
    for name, w in [("Köln", 3), ('Rue "A", B', 8), ("Zürich", 5)]:
        g.add_node(name, weight=w)
    g.add_edge("Köln", 'Rue "A", B', weight=2)
    g.add_edge("Köln", "Zürich", weight=4)
    return Problem(g, {"node": "Köln"})


TASK = NearestHeavyNode(TaskSettings(source="test", sampler="bfs"))


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_prompt_parts_in_order(fmt: str) -> None:
    prob = problem()
    prompt = build_prompt(TASK, prob, TASK.solve(prob).answer, fmt)
    assert isinstance(prompt, PromptText)
    text = prompt.text
    story, description, *graph_and_rest = text.split("\n\n")
    assert story == TASK.story()
    assert description == FORMATS[fmt].description
    assert "\\boxed{" in graph_and_rest[-1]
    # the graph block parses back to the problem graph (up to labels)
    graph_text = "\n\n".join(graph_and_rest[:-2])
    parsed = parse_graph(graph_text, fmt)
    assert parsed.number_of_edges() == 2
    assert sorted(d["weight"] for _, d in parsed.nodes(data=True)) == [3, 5, 8]


def test_node_answer_is_name_or_id() -> None:
    prob = problem()
    answer = TASK.solve(prob).answer
    assert answer == 'Rue "A", B'
    named = build_prompt(TASK, prob, answer, "edge_list")
    assert named.answer == 'Rue "A", B'
    assert 'Which neighbour of "Köln" has the largest weight?' in named.text
    assert "without the surrounding double quotes" in named.text
    numeric = build_prompt(TASK, prob, answer, "numeric_ids")
    # sorted names: "Köln" < "Rue \"A\", B" < "Zürich"
    assert numeric.answer == "1"
    assert "Which neighbour of 0 has the largest weight?" in numeric.text
    assert "Köln" not in numeric.text and "number of that node" in numeric.text


def test_a_quoted_name_as_the_answer_scores_as_copied_or_unescaped() -> None:
    from gralgo.score import extract_boxed, normalize_answer

    prob = problem()
    prompt = build_prompt(TASK, prob, TASK.solve(prob).answer, "edge_list")
    assert '"Rue \\"A\\", B"' in prompt.text  # the graph shows the JSON-escaped name
    assert '\\" stands for a double quote' in prompt.text
    expected = normalize_answer(prompt.answer, "node")
    for reply in ('\\boxed{Rue \\"A\\", B}', '\\boxed{Rue "A", B}', '\\boxed{"Rue \\"A\\", B"}'):
        assert normalize_answer(extract_boxed(reply), "node") == expected, reply
    assert normalize_answer(extract_boxed("\\boxed{Rue A, B}"), "node") != expected
    # Graphs without such names keep the instruction short.
    plain = nx.relabel_nodes(prob.graph, {'Rue "A", B': "Rue A"})
    text = build_prompt(TASK, Problem(plain, prob.params), "Rue A", "edge_list").text
    assert "stands for a double quote" not in text


def test_integer_answer_unchanged_and_weights_follow_task() -> None:
    task = CountEdges(TaskSettings(source="test", sampler="bfs"))
    prompt = build_prompt(task, problem(), "2", "numeric_ids")
    assert prompt.answer == "2"
    assert "Nodes: 0, 1, 2\n" in prompt.text  # node weights hidden
    assert "0 -- 1 (weight 2)" in prompt.text  # edge weights shown
    assert "single integer" in prompt.text


def test_no_second_answer_instruction() -> None:
    class Boxed(NearestHeavyNode):
        def question(self, problem: Problem, label: Callable[[str], str]) -> str:
            return super().question(problem, label) + " Answer in \\boxed{}."

    task = Boxed(TaskSettings(source="test", sampler="bfs"))
    text = build_prompt(task, problem(), "Zürich", "edge_list").text
    assert text.count("\\boxed") == 1
    assert text.endswith("Answer in \\boxed{}.")


def test_unknown_answer_node() -> None:
    with pytest.raises(ValueError, match="not a node"):
        build_prompt(TASK, problem(), "Paris", "edge_list")


def test_relations_auto() -> None:
    prob = problem()
    prob.graph.edges["Köln", "Zürich"]["relation"] = "twinTown"
    text = build_prompt(TASK, prob, "Zürich", "edge_list").text
    assert '(relation "twinTown")' in text
    hidden = build_prompt(TASK, prob, "Zürich", "edge_list", relations=False).text
    assert "twinTown" not in hidden
