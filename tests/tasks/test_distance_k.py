"""Distance-k: Floyd–Warshall hop distances, the k cap, and the question's wording."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest

from gralgo.errors import ConfigError
from gralgo.graphs import SampledGraph
from gralgo.tasks import InstanceRejected, Problem


def hop_matrix(graph: nx.Graph) -> dict[tuple[str, str], float]:
    """Floyd–Warshall with unit edge lengths."""
    nodes = list(graph.nodes())
    dist = {
        (u, v): 0 if u == v else (1 if graph.has_edge(u, v) else math.inf)
        for u in nodes
        for v in nodes
    }
    for m, u, v in itertools.product(nodes, nodes, nodes):
        dist[u, v] = min(dist[u, v], dist[u, m] + dist[m, v])
    return dist


@pytest.mark.parametrize("node_choice", ["start", "random"])
def test_agrees_with_brute_force(random_samples, build_task, seeded, node_choice) -> None:
    task = build_task("distance_k", node=node_choice, k_range=[1, 4])
    solved = 0
    for i, sample in enumerate(random_samples):
        dist = hop_matrix(sample.graph)
        try:
            problem = task.make_problem(sample, seeded(i))
        except InstanceRejected:
            # Only when no k >= 1 stays below the chosen node's eccentricity.
            rng = seeded(i)
            node = sample.start if node_choice == "start" else rng.choice(sorted(sample.graph))
            ecc = max(d for (u, _), d in dist.items() if u == node and d < math.inf)
            assert ecc <= 1
            continue
        node, k = problem.params["node"], problem.params["k"]
        if node_choice == "start":
            assert node == sample.start
        reachable = [d for (u, _), d in dist.items() if u == node and d < math.inf]
        assert 1 <= k < max(reachable), "k must be below the eccentricity"
        expected = sorted(v for v in sample.graph if v != node and dist[node, v] <= k)
        solution = task.solve(problem)
        assert solution.answer == str(len(expected))
        assert solution.certificate["nodes"] == expected
        solved += 1
    assert solved > 100


def test_default_k_range_is_two_to_four(random_samples, build_task, seeded) -> None:
    task = build_task("distance_k")
    ks = set()
    for i, sample in enumerate(random_samples):
        try:
            ks.add(task.make_problem(sample, seeded(i)).params["k"])
        except InstanceRejected:
            pass
    assert ks and ks <= {2, 3, 4}


def test_at_most_k_hops_includes_the_boundary(build_task) -> None:
    path = nx.path_graph(["a", "b", "c", "d", "e"])
    task = build_task("distance_k")
    assert task.solve(Problem(path, {"node": "a", "k": 2})).answer == "2"
    assert task.solve(Problem(path, {"node": "c", "k": 1})).answer == "2"


def test_isolated_node_is_rejected(build_task, seeded) -> None:
    graph = nx.Graph()
    graph.add_node("alone")
    with pytest.raises(InstanceRejected):
        build_task("distance_k").make_problem(SampledGraph(graph, "alone"), seeded(0))


def test_options_are_validated(build_task) -> None:
    with pytest.raises(ConfigError, match="node"):
        build_task("distance_k", node="centre")
    with pytest.raises(ConfigError, match="k_range"):
        build_task("distance_k", k_range=[0, 3])
    with pytest.raises(ConfigError, match="unknown key"):
        build_task("distance_k", k=3)


def test_question_says_at_most_and_excludes_the_node(build_task) -> None:
    task = build_task("distance_k", source="osm_harrisburg")
    problem = Problem(nx.path_graph(['Rue "A", B', "b"]), {"node": 'Rue "A", B', "k": 3})
    text = task.question(problem, lambda name: f"[{name}]")
    assert "at most 3 hops" in text
    assert 'not counting [Rue "A", B] itself' in text
    assert "other nodes" in text


def test_away_from_hubs_asks_about_a_node_of_at_most_median_degree(
    random_samples, build_task, seeded
) -> None:
    task = build_task("distance_k", node="away_from_hubs", k_range=[1, 4])
    asked = 0
    for i, sample in enumerate(random_samples):
        try:
            problem = task.make_problem(sample, seeded(i))
        except InstanceRejected:
            continue
        degrees = sorted(d for _, d in sample.graph.degree)
        assert sample.graph.degree(problem.params["node"]) <= degrees[(len(degrees) - 1) // 2]
        asked += 1
    assert asked > 100
    # A star: the hub is never asked about.
    star = SampledGraph(nx.star_graph(["hub", "a", "b", "c", "d"]), "hub", {})
    for i in range(20):
        try:
            assert task.make_problem(star, seeded("star", i)).params["node"] != "hub"
        except InstanceRejected:
            pass
