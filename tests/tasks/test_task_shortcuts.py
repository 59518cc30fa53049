"""Each task's named degeneracies (the only redraw rules beside uniqueness and answer share):
found on a graph made to fall for one, absent on one that is not; and the former heuristic
shortcuts, now measured by the suite and never redrawn (issue 32)."""

from __future__ import annotations

import networkx as nx

from gralgo.tasks import TASKS, Problem, heuristic_credits, heuristics_for


def solved(build_task, name: str, graph: nx.Graph, **params) -> tuple[str, ...]:
    task = build_task(name)
    problem = Problem(graph, dict(params))
    return task.shortcuts(problem, task.solve(problem))


def weighted(edges, attr: str = "weight") -> nx.Graph:
    graph = nx.Graph()
    for u, v, w in edges:
        graph.add_edge(u, v, **{attr: w})
    return graph


def credit(build_task, name: str, heuristic: str, graph: nx.Graph, **params) -> float:
    task = build_task(name)
    problem = Problem(graph, dict(params))
    return heuristic_credits(task, problem, task.solve(problem).answer)[heuristic]


def test_no_redraw_rule_is_a_heuristic() -> None:
    """A degeneracy makes the question trivial or ill-posed; a heuristic is measured only."""
    for name, cls in TASKS.items():
        heuristics = {h.name for h in heuristics_for(cls)}
        assert not heuristics & set(cls.shortcut_names), name
    assert TASKS["max_weight_triangle"].shortcut_names == ()
    assert TASKS["distance_threshold"].shortcut_names == ("isolated",)


def test_max_degree(build_task) -> None:
    assert "universal_node" in solved(build_task, "max_degree", nx.star_graph(5))
    assert "regular" in solved(build_task, "max_degree", nx.cycle_graph(6))
    assert solved(build_task, "max_degree", nx.path_graph(6)) == ()


def test_max_clique(build_task) -> None:
    assert "triangle_free" in solved(build_task, "max_clique", nx.path_graph(5))
    hub = nx.complete_graph(4)  # node 0 and all its neighbours form the clique
    hub.add_edge(4, 5)
    hub.add_edge(3, 4)
    assert credit(build_task, "max_clique", "max_degree_plus_one", hub) == 0.0
    clique_at_hub = nx.complete_graph(4)
    clique_at_hub.add_edge(4, 5)
    clique_at_hub.add_edge(5, 6)
    assert solved(build_task, "max_clique", clique_at_hub) == ()
    assert credit(build_task, "max_clique", "max_degree_plus_one", clique_at_hub) == 1.0
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
    assert solved(build_task, "max_weight_triangle", graph) == ()
    assert credit(build_task, "max_weight_triangle", "top_three_nodes", graph) == 1.0
    graph.nodes["d"]["weight"] = 50  # the heaviest node is in no triangle
    assert credit(build_task, "max_weight_triangle", "top_three_nodes", graph) == 0.0


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
    assert solved(build_task, "max_kcore", one_pass, k=3) == ()
    assert credit(build_task, "max_kcore", "peel_1_passes", one_pass, k=3) == 1.0


def test_mst_weight(build_task) -> None:
    tree = weighted([("a", "b", 3), ("b", "c", 4)])
    assert "already_tree" in solved(build_task, "mst_weight", tree)
    # The three lightest edges (1, 1, 2) close no cycle, so they are the MST.
    light = weighted([("a", "b", 1), ("b", "c", 1), ("c", "d", 2), ("a", "c", 5)])
    assert solved(build_task, "mst_weight", light) == ()
    assert credit(build_task, "mst_weight", "lightest_edges", light) == 1.0
    # The three lightest edges form a cycle: the MST needs the heavier edge to d.
    cycle = weighted([("a", "b", 1), ("b", "c", 1), ("a", "c", 1), ("c", "d", 5)])
    assert solved(build_task, "mst_weight", cycle) == ()
    assert credit(build_task, "mst_weight", "lightest_edges", cycle) == 0.0


def test_distance_threshold_shortcuts(build_task) -> None:
    # x is far from everyone: it reaches nobody within tau.
    far = weighted([("x", "a", 50), ("a", "b", 1), ("b", "c", 1), ("a", "c", 1)])
    assert solved(build_task, "distance_threshold", far, tau=10) == ("isolated",)
    # x is the only node with a lightest edge of 9 and reaches one node: measured, not redrawn
    light = weighted([("x", "a", 9), ("a", "b", 1), ("b", "c", 1), ("a", "c", 1)])
    assert solved(build_task, "distance_threshold", light, tau=9) == ()
    assert credit(build_task, "distance_threshold", "lightest_edge", light, tau=9) == 1.0


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
