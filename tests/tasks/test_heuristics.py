"""Named heuristics: the generic ones, each task's own (at least six per task), their credit on
ties, positional ones reading the prompt's order, and that none of them is a redraw rule."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.tasks import (
    TASKS,
    Problem,
    find_shortcuts,
    heuristic_credits,
    heuristics_for,
)
from gralgo.tasks._heuristics import first_half_busiest, second_half_busiest
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
        assert len(names) >= 6, name  # issue 32: a broad suite per task
        kinds = ("position", "scan", "algorithm")
        assert all(h.kind in kinds and h.description for h in heuristics_for(task))
    kinds = {h.name: h.kind for h in heuristics_for(build_task("max_clique"))}
    assert kinds == {
        "node_count": "scan",
        "edge_count": "scan",
        "core_plus_one": "algorithm",
        "greedy_from_hub": "algorithm",
        "greedy_best_start": "algorithm",
        "max_degree_plus_one": "scan",
        "min_degree_peeling": "algorithm",
        "greedy_first_listed": "position",
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
    graph.add_edge("d", "e", weight=1)
    assert heuristic_credits(task, Problem(graph, {"tau": 9}), "a")["heaviest_mean_edge"] == 1.0


def test_without_an_order_the_edge_list_is_sorted() -> None:
    # Sorted (the order of format tests): (a,b) (a,c) | (b,c) (c,d) (c,e)
    graph = nx.Graph([("c", "e"), ("c", "d"), ("b", "c"), ("a", "c"), ("a", "b")])
    assert first_half_busiest(Problem(graph, {})) == ["a"]
    assert second_half_busiest(Problem(graph, {})) == ["c"]


def test_positional_heuristics_read_the_order_the_prompt_shows(build_task) -> None:
    """With an order seed, the first half is the first half of the edge lines of the prompt."""
    from collections import Counter

    from gralgo.formats import build_prompt

    graph = nx.Graph([(f"n{i}", f"n{j}") for i in range(8) for j in range(i + 1, 8) if (i * j) % 3])
    task = build_task("max_degree")
    for seed in range(5):
        problem = Problem(graph, {}, order_seed=seed)
        text = build_prompt(task, problem, task.solve(problem).answer, "edge_list").text
        lines = [line for line in text.split("\n") if line.startswith('"') and " -- " in line]
        edges = [_ends(line) for line in lines]
        half = Counter(node for edge in edges[: len(edges) // 2] for node in edge)
        top = max(half.values())
        assert first_half_busiest(problem) == sorted(n for n, c in half.items() if c == top)
        nodes = text.split("Nodes: ")[1].split("\n")[0].split(", ")
        threshold = Problem(graph, {"tau": 1}, order_seed=seed)
        credits = heuristic_credits(build_task("distance_threshold"), threshold, nodes[0][1:-1])
        assert credits["first_listed_node"] == 1.0


def _ends(line: str) -> tuple[str, str]:
    left, right = line.split(" -- ")
    return left[1:-1], right[1:-1]


def test_no_heuristic_is_a_redraw_rule(build_task) -> None:
    """The busiest node of the first half gives the max degree: measured, never redrawn."""
    graph = nx.Graph([("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("x", "y")])
    task = build_task("max_degree")
    problem = Problem(graph, {})
    solution = task.solve(problem)
    assert find_shortcuts(task, problem, solution) == ()
    assert heuristic_credits(task, problem, solution.answer)["first_half_hub"] == 1.0


def test_peeling_passes(build_task) -> None:
    """A triangle with a tail of three: the 2-core needs three passes (one tail node each)."""
    graph = nx.Graph([("a", "b"), ("b", "c"), ("a", "c"), ("c", "d"), ("d", "e"), ("e", "f")])
    assert peel(graph, 2) == (3, 3)
    assert peel(graph, 2, passes=2) == (4, 2)
    task = build_task("max_kcore")
    credits = heuristic_credits(task, Problem(graph, {"k": 2}), "3")
    assert credits["peel_2_passes"] == 0.0 and credits["peel_3_passes"] == 1.0
    assert credits["peel_4_passes"] == 1.0 and credits["peel_1_passes"] == 0.0


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
            {
                "greedy_from_hub": 0.0,
                "greedy_best_start": 1.0,
                "core_plus_one": 1.0,
                "min_degree_peeling": 1.0,
                "max_degree_plus_one": 0.0,
            },
        ),
        (
            "diameter",
            nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("b", "f")]),
            {},
            "4",
            {"double_sweep": 1.0, "bfs_max_degree": 0.0, "twice_hub_eccentricity": 0.0},
        ),
        (
            "diameter",
            nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("b", "f")]),
            {},
            "3",
            {"bfs_min_degree": 0.0, "bfs_max_degree": 1.0},
        ),
        (
            "distance_k",
            # a - b - c - d, b - e: within 2 hops of a: b, c, e (3); degree sum 1 + 2 = 3
            nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")]),
            {"node": "a", "k": 2},
            "3",
            {"neighbours": 0.0, "reach_k_minus_1": 0.0, "reach_k_plus_1": 0.0, "degree_sum": 1.0},
        ),
        (
            "path_sum",
            # root r: r-a (1) - b (1); r-c (9): sums b 2, c 9; tau 5: one path (c)
            nx.Graph(
                [("r", "a", {"weight": 1}), ("a", "b", {"weight": 1}), ("r", "c", {"weight": 9})]
            ),
            {"root": "r", "tau": 5},
            "1",
            {"all_leaves": 0.0, "half_leaves": 1.0, "deepest_leaves": 1.0},
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
    assert credits["top_three_nodes"] == 1.0  # 9 + 9 + 5: b, c, d is the heaviest triangle
    assert credits["top5_heavy_triangle"] == 1.0
    cycle = weighted([("a", "b", 1), ("b", "c", 5), ("c", "d", 1), ("a", "d", 7)])
    boruvka = heuristic_credits(build_task("mst_weight"), Problem(cycle, {}), "7")
    # one round: a-b and c-d (2), then the lightest edge joining the two parts (b-c, 5)
    assert boruvka["boruvka_1_round"] == 1.0 and boruvka["lightest_edges"] == 1.0
    square = weighted([("a", "b", 1), ("b", "c", 2), ("c", "a", 3), ("c", "d", 9), ("d", "a", 9)])
    # the 3 lightest (1, 2, 3) close a cycle: 6, but the tree is 1 + 2 + 9 = 12
    credits = heuristic_credits(build_task("mst_weight"), Problem(square, {}), "12")
    assert credits["lightest_edges"] == 0.0 and credits["boruvka_2_rounds"] == 1.0


def test_distance_threshold_reach_heuristics(build_task) -> None:
    """a-b 1, b-c 1, c-d 1, d-e 2; tau 2: e reaches d only, every other node two or more."""
    graph = weighted([("a", "b", 1), ("b", "c", 1), ("c", "d", 1), ("d", "e", 2)])
    problem = Problem(graph, {"tau": 2})
    task = build_task("distance_threshold", source="openflights")
    answer = task.solve(problem).answer
    credits = heuristic_credits(task, problem, answer)
    assert set(credits) >= {"direct_reach", "two_hop_reach", "least_central", "lightest_edge"}
    assert credits["two_hop_reach"] == 1.0  # every path within tau here has <= 2 edges


def test_a_suite_scored_at_once_equals_each_heuristic_alone(make_settings, tmp_path) -> None:
    """The builder scores a suite with facts shared (``shared_facts``) and the prompt order
    drawn once (``drawn_order``); each heuristic alone, on a fresh copy of the graph with only
    the order's seed, gives the same credits, and so do the credits stored at build time."""
    from dataclasses import replace

    from gralgo.dataset import build_dataset, read_instances
    from gralgo.tasks import drawn_order, make_task, prompt_order_seed

    settings = make_settings("+experiment=build_dataset", "level=[1,2,3]", "dataset.per_level=2")
    build_dataset(settings.dataset, tmp_path / "ds")
    instances = read_instances(tmp_path / "ds")
    assert len(instances) == 9 * 3 * 2
    for instance in instances:
        task = make_task(instance.task, settings.dataset.tasks[instance.task])

        def fresh(instance=instance) -> Problem:
            seed = prompt_order_seed(instance.id)
            return Problem(instance.to_networkx(), dict(instance.params), order_seed=seed)

        alone = {h.name: h.credit(fresh(), instance.answer) for h in heuristics_for(task)}
        problem = fresh()
        problem = replace(problem, order_seed=drawn_order(problem.graph, instance.id))
        assert heuristic_credits(task, problem, instance.answer) == alone, instance.id
        assert instance.provenance["heuristics"] == alone, instance.id


def test_shared_facts_are_per_graph_and_only_inside_the_scope() -> None:
    from gralgo.tasks import shared_facts
    from gralgo.tasks._heuristics import graph_fact

    calls: list[int] = []

    def count(graph: nx.Graph) -> int:
        calls.append(1)
        return graph.number_of_nodes()

    small, large = nx.path_graph(2), nx.path_graph(5)
    with shared_facts():
        assert graph_fact(small, "n", lambda: count(small)) == 2
        assert graph_fact(small, "n", lambda: count(small)) == 2  # remembered
        assert graph_fact(large, "n", lambda: count(large)) == 5  # another graph: its own
    assert len(calls) == 2
    assert graph_fact(small, "n", lambda: count(small)) == 2  # outside: computed again
    assert len(calls) == 3


def _exactness_graphs() -> list[nx.Graph]:
    """Connected graphs of 2 to 30 nodes from trees to dense, weighted, plain names."""
    import random

    rng = random.Random(32)
    out: list[nx.Graph] = []
    while len(out) < 360:
        n = rng.randint(2, 30)
        density = rng.choice([0.05, 0.1, 0.2, 0.4, 0.7])
        graph = nx.gnp_random_graph(n, density, seed=rng.randrange(1 << 30))
        if rng.random() < 0.25:  # trees too, which the sampler's small levels often give
            graph = nx.random_labeled_tree(n, seed=rng.randrange(1 << 30))
        if nx.is_connected(graph):
            for u, v in graph.edges:  # a weighted source's (tasks that draw weights redraw them)
                graph.edges[u, v]["weight"] = rng.randint(1, 20)
            out.append(nx.relabel_nodes(graph, {i: f"v{i}" for i in graph}))
    return out


STATING = [n for n in sorted(TASKS) if any(h.exact_when for h in heuristics_for(TASKS[n]))]


@pytest.mark.parametrize("name", STATING)
def test_a_heuristic_is_exact_wherever_its_stated_condition_holds(build_task, name) -> None:
    """``Heuristic.exact_when`` is a sufficient condition: on every graph where it holds the
    heuristic solves the instance (the hard split's statistics quote it as the reason a member
    solves a cell's draws); each condition both holds and fails on some of the graphs."""
    import random

    from gralgo.graphs import SampledGraph
    from gralgo.tasks import InstanceRejected

    task = build_task(name)
    stated = [h for h in heuristics_for(task) if h.exact_when is not None]
    held = {h.name: 0 for h in stated}
    checked = 0
    for i, graph in enumerate(_exactness_graphs()):
        sample = SampledGraph(graph=graph, start=min(graph), provenance={"sampler": "test"})
        try:
            problem = task.make_problem(sample, random.Random(i))
            answer = task.solve(problem).answer
        except InstanceRejected:
            continue
        checked += 1
        for heuristic in stated:
            assert heuristic.exact_when is not None
            if heuristic.exact_when.holds(problem, answer):
                held[heuristic.name] += 1
                assert heuristic.credit(problem, answer) > 0, (heuristic.name, sorted(graph.edges))
    assert all(0 < count < checked for count in held.values()), held


def test_the_stated_conditions_are_the_hard_cells_explanations() -> None:
    """The members that solve the short cells of the hard split state why (design/data.md)."""
    stated = {
        h.name: h.exact_when.description
        for name in TASKS
        for h in heuristics_for(TASKS[name])
        if h.exact_when is not None
    }
    assert stated["double_sweep_min_degree"] == "the graph is a tree"
    assert stated["boruvka_2_rounds"] == "2 Borůvka rounds leave at most two components"
    assert stated["greedy_best_start"] == "a node's neighbours form a maximum clique with it"
    assert stated["two_hop_reach"].startswith("every pair within tau")
