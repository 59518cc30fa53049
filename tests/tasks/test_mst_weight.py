"""Minimum spanning tree: enumeration of spanning trees as edge subsets on tiny graphs."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from gralgo.tasks import InstanceRejected


def spans(nodes: list[str], edges: tuple[tuple[str, str], ...]) -> bool:
    """Whether ``len(nodes) - 1`` edges connect all nodes (then they form a tree)."""
    parent = {n: n for n in nodes}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for u, v in edges:
        ru, rv = find(u), find(v)
        if ru == rv:
            return False
        parent[ru] = rv
    return True


def brute_mst_weight(graph: nx.Graph) -> int:
    nodes = list(graph.nodes())
    edges = list(graph.edges())
    return min(
        sum(graph.edges[e]["weight"] for e in subset)
        for subset in itertools.combinations(edges, len(nodes) - 1)
        if spans(nodes, subset)
    )


def test_agrees_with_brute_force(connected_samples, build_task, seeded) -> None:
    task = build_task("mst_weight")
    small = [s for s in connected_samples if len(s.graph) <= 7]
    assert len(small) > 100
    for i, sample in enumerate(small):
        problem = task.make_problem(sample, seeded(i))
        weights = [problem.graph.edges[e]["weight"] for e in problem.graph.edges]
        assert all(isinstance(w, int) and 1 <= w <= 20 for w in weights)
        solution = task.solve(problem)
        assert solution.answer == str(brute_mst_weight(problem.graph))
        tree = solution.certificate["edges"]
        assert len(tree) == len(sample.graph) - 1
        assert all(u < v and problem.graph.edges[u, v]["weight"] == w for u, v, w in tree)
        assert spans(list(sample.graph), tuple((u, v) for u, v, _ in tree))
        assert sum(w for _, _, w in tree) == solution.certificate["total"]


def test_same_seed_same_weights_different_seed_differs(connected_samples, build_task, seeded):
    task = build_task("mst_weight")
    sample = max(connected_samples, key=lambda s: s.graph.number_of_edges())

    def weights(seed: int) -> list[int]:
        graph = task.make_problem(sample, seeded(seed)).graph
        return [graph.edges[e]["weight"] for e in sorted(graph.edges)]

    assert weights(1) == weights(1) and weights(1) != weights(2)


def test_disconnected_graph_is_rejected(random_samples, build_task, seeded) -> None:
    task = build_task("mst_weight")
    sample = next(s for s in random_samples if len(s.graph) > 2 and not nx.is_connected(s.graph))
    with pytest.raises(InstanceRejected):
        task.make_problem(sample, seeded(0))


def test_question_asks_for_the_total(build_task) -> None:
    from gralgo.tasks import Problem

    task = build_task("mst_weight", source="osm_liechtenstein")
    text = task.question(Problem(nx.path_graph(["a", "b"])), str)
    assert "total weight of a minimum spanning tree" in text
