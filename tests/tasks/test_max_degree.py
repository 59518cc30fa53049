"""Maximum degree: brute-force agreement and certificate checks."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.graphs import SampledGraph
from gralgo.tasks import InstanceRejected


def brute_max_degree(graph: nx.Graph) -> int:
    counts = {node: 0 for node in graph.nodes()}
    for u, v in graph.edges():
        counts[u] += 1
        counts[v] += 1
    return max(counts.values())


def test_agrees_with_brute_force(random_samples, build_task, seeded) -> None:
    task = build_task("max_degree")
    for i, sample in enumerate(random_samples):
        solution = task.solve(task.make_problem(sample, seeded(i)))
        expected = brute_max_degree(sample.graph)
        assert solution.answer == str(expected)
        nodes = solution.certificate["nodes"]
        assert nodes and nodes == sorted(nodes)
        assert {n for n in sample.graph if sample.graph.degree(n) == expected} == set(nodes)


def test_star_graph(build_task, seeded) -> None:
    graph = nx.relabel_nodes(nx.star_graph(4), {i: f"n{i}" for i in range(5)})
    task = build_task("max_degree")
    solution = task.solve(task.make_problem(SampledGraph(graph, "n0"), seeded(0)))
    assert solution.answer == "4"
    assert solution.certificate == {"max_degree": 4, "nodes": ["n0"]}


def test_empty_graph_is_rejected(build_task, seeded) -> None:
    with pytest.raises(InstanceRejected):
        build_task("max_degree").make_problem(SampledGraph(nx.Graph(), "x"), seeded(0))


def test_question_and_story(build_task, random_samples, seeded) -> None:
    task = build_task("max_degree", source="osm_paris")
    text = task.question(task.make_problem(random_samples[0], seeded(0)), str)
    assert "maximum degree" in text and text.endswith(r"e.g. \boxed{7}.")
    assert "street" in task.story() and "intersection" in task.story()
