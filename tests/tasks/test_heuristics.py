"""Named heuristics: the generic scans, each task's own, their credit on ties, and which of
them count as shortcuts."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.tasks import (
    TASKS,
    Problem,
    find_shortcuts,
    heuristic_credits,
    heuristics_for,
    scan_shortcuts,
)
from gralgo.tasks._heuristics import first_half_busiest
from gralgo.tasks.max_kcore import peel


def weighted(edges: list[tuple[str, str, int]]) -> nx.Graph:
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    return graph


def test_every_task_names_its_heuristics_once_with_a_kind(build_task) -> None:
    for name in sorted(TASKS):
        task = build_task(name)
        names = [h.name for h in heuristics_for(task)]
        assert len(names) == len(set(names)), name
        assert all(h.kind in ("scan", "algorithm") and h.description for h in heuristics_for(task))
    kinds = {h.name: h.kind for h in heuristics_for(build_task("max_clique"))}
    assert kinds == {
        "node_count": "scan",
        "edge_count": "scan",
        "core_plus_one": "algorithm",
        "greedy_from_hub": "algorithm",
        "greedy_best_start": "algorithm",
    }
    threshold = {h.name for h in heuristics_for(build_task("distance_threshold"))}
    assert {"heaviest_mean_edge", "heaviest_total_weight", "first_half_busiest"} <= threshold


def test_a_tie_shares_the_credit(build_task) -> None:
    """a-b (9), c-d (9), b-c (1): a and d tie for the heaviest mean edge."""
    graph = weighted([("a", "b", 9), ("b", "c", 1), ("c", "d", 9)])
    task = build_task("distance_threshold", source="openflights")
    credits = heuristic_credits(task, Problem(graph, {"tau": 9}), "a")
    assert credits["heaviest_mean_edge"] == 0.5
    assert credits["most_edges"] == 0.0  # b and c have two edges each: "a" is neither
    # One of two tied picks is still a shortcut (a model guessing between two wins half).
    assert "heaviest_mean_edge" in scan_shortcuts(task, Problem(graph, {"tau": 9}), "a")
    graph.add_edge("d", "e", weight=1)
    assert heuristic_credits(task, Problem(graph, {"tau": 9}), "a")["heaviest_mean_edge"] == 1.0


def test_first_half_of_the_edge_list_is_the_prompts_order() -> None:
    # Prompts list edges by (smaller, larger) name: (a,b) (a,c) | (b,c) (c,d) (c,e)
    graph = nx.Graph([("c", "e"), ("c", "d"), ("b", "c"), ("a", "c"), ("a", "b")])
    assert first_half_busiest(graph) == ["a"]


def test_max_degree_first_half_hub_is_a_shortcut(build_task) -> None:
    graph = nx.Graph([("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("x", "y")])
    task = build_task("max_degree")
    problem = Problem(graph, {})
    solution = task.solve(problem)
    assert find_shortcuts(task, problem, solution) == ("first_half_hub",)


def test_peeling_passes(build_task) -> None:
    """A triangle with a tail of three: the 2-core needs three passes (one tail node each)."""
    graph = nx.Graph([("a", "b"), ("b", "c"), ("a", "c"), ("c", "d"), ("d", "e"), ("e", "f")])
    assert peel(graph, 2) == (3, 3)
    assert peel(graph, 2, passes=2) == (4, 2)
    task = build_task("max_kcore")
    credits = heuristic_credits(task, Problem(graph, {"k": 2}), "3")
    assert credits["peel_2_passes"] == 0.0 and credits["peel_3_passes"] == 1.0
    short = nx.Graph([("a", "b"), ("b", "c"), ("a", "c"), ("c", "d"), ("d", "e")])
    assert scan_shortcuts(task, Problem(short, {"k": 2}), "3") == ["peel_2_passes"]


@pytest.mark.parametrize(
    ("name", "graph", "params", "answer", "expected"),
    [
        (
            "max_clique",
            # K4 on a-d; the hub h (5 edges) sits in a triangle only.
            nx.Graph(
                [*nx.complete_graph("abcd").edges(), ("h", "a"), ("h", "b"), ("h", "x")]
                + [("h", "y"), ("h", "z")]
            ),
            {},
            "4",
            {"greedy_from_hub": 0.0, "greedy_best_start": 1.0, "core_plus_one": 1.0},
        ),
        (
            "diameter",
            nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("b", "f")]),
            {},
            "4",
            {"double_sweep": 1.0},
        ),
    ],
)
def test_algorithm_baselines(build_task, name, graph, params, answer, expected) -> None:
    credits = heuristic_credits(build_task(name), Problem(graph, params), answer)
    assert {key: credits[key] for key in expected} == expected


def test_heaviest_edge_triangle_and_boruvka(build_task) -> None:
    graph = nx.Graph([("a", "b"), ("b", "c"), ("a", "c"), ("c", "d"), ("b", "d")])
    for node, weight in {"a": 1, "b": 9, "c": 9, "d": 5}.items():
        graph.nodes[node]["weight"] = weight
    credits = heuristic_credits(build_task("max_weight_triangle"), Problem(graph, {}), "23")
    assert credits["heaviest_edge_triangle"] == 1.0
    tree = weighted([("a", "b", 1), ("b", "c", 5), ("c", "d", 1)])
    tree.add_edge("a", "d", weight=7)
    boruvka = heuristic_credits(build_task("mst_weight"), Problem(tree, {}), "2")
    assert boruvka["boruvka_round"] == 1.0  # a-b and c-d: the forest, not the tree (weight 7)
