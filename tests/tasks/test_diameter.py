"""Diameter: all-pairs BFS by hand, diametral pair and path certificates."""

from __future__ import annotations

from collections import deque

import networkx as nx
import pytest

from gralgo.graphs import SampledGraph
from gralgo.tasks import InstanceRejected


def bfs_by_hand(graph: nx.Graph, source: str) -> dict[str, int]:
    seen = {source: 0}
    frontier = deque([source])
    while frontier:
        u = frontier.popleft()
        for v in graph[u]:
            if v not in seen:
                seen[v] = seen[u] + 1
                frontier.append(v)
    return seen


def test_agrees_with_brute_force(connected_samples, build_task, seeded) -> None:
    task = build_task("diameter")
    assert len(connected_samples) > 150
    for i, sample in enumerate(connected_samples):
        dist = {u: bfs_by_hand(sample.graph, u) for u in sample.graph}
        diameter = max(max(row.values()) for row in dist.values())
        solution = task.solve(task.make_problem(sample, seeded(i)))
        assert solution.answer == str(diameter)
        u, v = solution.certificate["pair"]
        assert u < v and dist[u][v] == diameter
        assert (u, v) == min(
            (a, b) for a in dist for b in dist[a] if a < b and dist[a][b] == diameter
        )
        path = solution.certificate["path"]
        assert path[0] == u and path[-1] == v and len(path) == diameter + 1
        assert all(sample.graph.has_edge(a, b) for a, b in zip(path, path[1:], strict=False))
        assert path == min(nx.all_shortest_paths(sample.graph, u, v)), "canonical path"


def test_disconnected_or_single_node_is_rejected(random_samples, build_task, seeded) -> None:
    task = build_task("diameter")
    bad = [s for s in random_samples if len(s.graph) < 2 or not nx.is_connected(s.graph)]
    assert len(bad) > 50
    for i, sample in enumerate(bad):
        with pytest.raises(InstanceRejected):
            task.make_problem(sample, seeded(i))


def test_cycle_graph(build_task, seeded) -> None:
    names = [f"entity {i}" for i in range(7)]
    sample = SampledGraph(nx.cycle_graph(names), names[0])
    task = build_task("diameter", source="dbpedia50")
    assert task.solve(task.make_problem(sample, seeded(0))).answer == "3"
    assert "DBpedia" in task.story() and "diameter" in task.question(
        task.make_problem(sample, seeded(0)), str
    )


@pytest.mark.parametrize("largest", [8, 50, 90])
def test_frontier_hops_are_scipys_on_every_graph(largest: int) -> None:
    """The small graphs' hop counts (numpy frontier steps) are scipy's BFS counts, also on
    disconnected graphs, and the diametral pair is the same on either side of SMALL_GRAPH."""
    import random

    from gralgo.tasks import diameter

    rng = random.Random(largest)
    for i in range(120):
        n = rng.randint(2, largest)
        graph = nx.gnp_random_graph(n, rng.uniform(0.02, 0.4), seed=i)
        graph = nx.relabel_nodes(graph, {v: f"v{rng.random():.6f}" for v in graph})
        index = {node: k for k, node in enumerate(sorted(graph))}
        rows = [index[u] for u, v in graph.edges()] + [index[v] for u, v in graph.edges()]
        columns = [index[v] for u, v in graph.edges()] + [index[u] for u, v in graph.edges()]
        by_scipy = diameter._scipy_hops(n, rows, columns)
        assert (diameter._frontier_hops(n, rows, columns) == by_scipy).all()
        for u in graph:  # and both are plain BFS
            hops = bfs_by_hand(graph, u)
            assert [hops.get(v, -1) for v in sorted(graph)] == by_scipy[index[u]].tolist()
        if graph.number_of_edges():
            small = diameter.diametral_pair(graph)
            limit, diameter.SMALL_GRAPH = diameter.SMALL_GRAPH, 0
            try:
                assert diameter.diametral_pair(graph) == small
            finally:
                diameter.SMALL_GRAPH = limit
