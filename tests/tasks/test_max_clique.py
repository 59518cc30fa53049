"""Maximum clique: brute force over all node subsets."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from gralgo.graphs import SampledGraph
from gralgo.tasks import InstanceRejected


def is_clique(graph: nx.Graph, nodes: tuple[str, ...]) -> bool:
    return all(graph.has_edge(a, b) for a, b in itertools.combinations(nodes, 2))


def brute_max_cliques(graph: nx.Graph) -> list[list[str]]:
    """All maximum cliques as sorted lists, found by trying subsets from the largest size down."""
    names = sorted(graph.nodes())
    for size in range(len(names), 0, -1):
        found = [list(c) for c in itertools.combinations(names, size) if is_clique(graph, c)]
        if found:
            return found
    return []


def test_agrees_with_brute_force(random_samples, build_task, seeded) -> None:
    task = build_task("max_clique")
    sizes = set()
    for i, sample in enumerate(random_samples):
        solution = task.solve(task.make_problem(sample, seeded(i)))
        cliques = brute_max_cliques(sample.graph)
        assert solution.answer == str(len(cliques[0]))
        assert solution.certificate["clique"] == min(cliques)
        sizes.add(len(cliques[0]))
    assert sizes >= {1, 2, 3, 4, 5}


def test_deterministic_under_insertion_order(random_samples, build_task, seeded) -> None:
    task = build_task("max_clique")
    for i, sample in enumerate(random_samples[:100]):
        reversed_graph = nx.Graph()
        reversed_graph.add_nodes_from(reversed(list(sample.graph.nodes())))
        reversed_graph.add_edges_from(reversed([(v, u) for u, v in sample.graph.edges()]))
        flipped = SampledGraph(reversed_graph, sample.start)
        a = task.solve(task.make_problem(sample, seeded(i)))
        b = task.solve(task.make_problem(flipped, seeded(i)))
        assert a == b


def test_empty_graph_is_rejected(build_task, seeded) -> None:
    with pytest.raises(InstanceRejected):
        build_task("max_clique").make_problem(SampledGraph(nx.Graph(), "x"), seeded(0))


def test_question_defines_a_clique(build_task, random_samples, seeded) -> None:
    task = build_task("max_clique")
    text = task.question(task.make_problem(random_samples[3], seeded(0)), str)
    assert "every two nodes are connected" in text and r"\boxed{" in text
