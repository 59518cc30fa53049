"""Each task's named shortcuts: found on a graph made to fall for it, absent on one that is not."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.tasks import TASKS, Problem


def solved(build_task, name: str, graph: nx.Graph, **params) -> tuple[str, ...]:
    task = build_task(name)
    problem = Problem(graph, dict(params))
    return task.shortcuts(problem, task.solve(problem))


def weighted(edges, attr: str = "weight") -> nx.Graph:
    graph = nx.Graph()
    for u, v, w in edges:
        graph.add_edge(u, v, **{attr: w})
    return graph


def test_every_task_names_its_shortcuts() -> None:
    for name, cls in TASKS.items():
        assert cls.shortcut_names, f"{name} names no shortcut"


def test_max_degree(build_task) -> None:
    assert "universal_node" in solved(build_task, "max_degree", nx.star_graph(5))
    assert "regular" in solved(build_task, "max_degree", nx.cycle_graph(6))
    assert solved(build_task, "max_degree", nx.path_graph(6)) == ()


def test_max_clique(build_task) -> None:
    assert "triangle_free" in solved(build_task, "max_clique", nx.path_graph(5))
    hub = nx.complete_graph(4)  # node 0 and all its neighbours form the clique
    hub.add_edge(4, 5)
    hub.add_edge(3, 4)
    assert "hub_neighbourhood" not in solved(build_task, "max_clique", hub)
    clique_at_hub = nx.complete_graph(4)
    clique_at_hub.add_edge(4, 5)
    clique_at_hub.add_edge(5, 6)
    assert solved(build_task, "max_clique", clique_at_hub) == ("hub_neighbourhood",)
    # A 4-clique beside a hub of degree 5 whose neighbours are not a clique: no shortcut.
    mixed = nx.complete_graph(["a", "b", "c", "d"])
    mixed.add_edges_from(("h", x) for x in "abc")
    mixed.add_edges_from(("h", f"leaf{i}") for i in range(3))
    assert solved(build_task, "max_clique", mixed) == ()


def test_max_weight_triangle(build_task) -> None:
    graph = nx.complete_graph(["a", "b", "c"])
    graph.add_edge("c", "d")
    for node, w in {"a": 9, "b": 8, "c": 7, "d": 1}.items():
        graph.nodes[node]["weight"] = w
    assert solved(build_task, "max_weight_triangle", graph) == ("top_three_nodes",)
    graph.nodes["d"]["weight"] = 50  # the heaviest node is in no triangle
    assert solved(build_task, "max_weight_triangle", graph) == ()


def test_path_sum(build_task) -> None:
    tree = weighted([("r", "a", 1), ("r", "b", 5), ("a", "c", 1)])
    assert solved(build_task, "path_sum", tree, root="r", tau=0) == ("none_or_all",)
    assert solved(build_task, "path_sum", tree, root="r", tau=9) == ("none_or_all",)
    assert solved(build_task, "path_sum", tree, root="r", tau=3) == ()


def test_distance_k(build_task) -> None:
    path = nx.path_graph(["a", "b", "c", "d", "e"])
    assert "all_reachable" in solved(build_task, "distance_k", path, node="a", k=4)
    assert "neighbours_only" in solved(build_task, "distance_k", path, node="c", k=1)
    assert solved(build_task, "distance_k", path, node="a", k=2) == ()


def test_diameter(build_task) -> None:
    assert solved(build_task, "diameter", nx.path_graph(6)) == ("path_graph",)
    assert "complete_graph" in solved(build_task, "diameter", nx.complete_graph(4))
    assert solved(build_task, "diameter", nx.cycle_graph(6)) == ()


def test_max_kcore(build_task) -> None:
    assert "whole_graph" in solved(build_task, "max_kcore", nx.complete_graph(5), k=3)
    # A 4-clique plus a tail: nodes of degree >= 2 are the clique and the tail's first node,
    # but peeling removes the tail: one pass over the degrees is wrong.
    graph = nx.complete_graph(4)
    graph.add_edges_from([(3, 4), (4, 5), (2, 6)])
    graph.add_edge(5, 7)
    assert solved(build_task, "max_kcore", graph, k=2) == ()
    one_pass = nx.complete_graph(4)
    one_pass.add_edge(3, 4)
    assert solved(build_task, "max_kcore", one_pass, k=3) == ("one_pass",)


def test_mst_weight(build_task) -> None:
    tree = weighted([("a", "b", 3), ("b", "c", 4)])
    assert "already_tree" in solved(build_task, "mst_weight", tree)
    # The three lightest edges (1, 1, 2) close no cycle, so they are the MST.
    light = weighted([("a", "b", 1), ("b", "c", 1), ("c", "d", 2), ("a", "c", 5)])
    assert solved(build_task, "mst_weight", light) == ("lightest_edges",)
    # The three lightest edges form a cycle: the MST needs the heavier edge to d.
    cycle = weighted([("a", "b", 1), ("b", "c", 1), ("a", "c", 1), ("c", "d", 5)])
    assert solved(build_task, "mst_weight", cycle) == ()


@pytest.mark.parametrize(
    ("edges", "tau", "expected"),
    [
        # x is far from everyone: it reaches nobody within tau.
        ([("x", "a", 50), ("a", "b", 1), ("b", "c", 1), ("a", "c", 1)], 10, "isolated"),
        # x is the only node with a lightest edge of 9; it reaches a single node.
        ([("x", "a", 9), ("a", "b", 1), ("b", "c", 1), ("a", "c", 1)], 9, "lightest_edge"),
    ],
)
def test_distance_threshold_shortcuts(build_task, edges, tau, expected) -> None:
    assert expected in solved(build_task, "distance_threshold", weighted(edges), tau=tau)


def test_distance_threshold_needs_shortest_paths(build_task) -> None:
    # e reaches only d within 7; c and f also have one edge <= 7, d ties e for the longest
    # lightest edge, and c, e, f all have degree 1: no one-scan rule singles e out.
    graph = weighted(
        [("a", "d", 7), ("b", "a", 2), ("b", "c", 2), ("b", "d", 8), ("b", "f", 2), ("d", "e", 7)]
    )
    task = build_task("distance_threshold")
    problem = Problem(graph, {"tau": 7})
    solution = task.solve(problem)
    assert solution.answer == "e" and solution.certificate["count"] == 1
    assert task.shortcuts(problem, solution) == ()
