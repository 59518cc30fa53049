"""Maximum k-core: subset search by definition, k drawing and rejection."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import numpy as np
import pytest

from gralgo.errors import ConfigError
from gralgo.graphs import SampledGraph, build_source_graph
from gralgo.tasks import InstanceRejected, Problem
from gralgo.tasks.max_kcore import peel


def brute_largest_min_degree_set(graph: nx.Graph, k: int) -> list[str]:
    """The largest node set in which every member has >= k neighbours inside the set."""
    names = sorted(graph.nodes())
    for size in range(len(names), 0, -1):
        for subset in itertools.combinations(names, size):
            members = set(subset)
            if all(sum(1 for n in graph[v] if n in members) >= k for v in subset):
                return list(subset)
    return []


def brute_max_core(graph: nx.Graph) -> int:
    return max(k for k in range(len(graph)) if brute_largest_min_degree_set(graph, k) or k == 0)


def test_agrees_with_brute_force(random_samples, build_task, seeded) -> None:
    task = build_task("max_kcore")
    solved = 0
    for i, sample in enumerate(random_samples):
        top = brute_max_core(sample.graph)
        if top < 2:
            with pytest.raises(InstanceRejected):
                task.make_problem(sample, seeded(i))
            continue
        problem = task.make_problem(sample, seeded(i))
        k = problem.params["k"]
        # k prefers [3, top] and falls back to top (>= 2) when the graph has no 3-core.
        assert (3 <= k <= top) or (k == top == 2)
        expected = brute_largest_min_degree_set(sample.graph, k)
        solution = task.solve(problem)
        assert solution.answer == str(len(expected)) and expected
        assert solution.certificate["nodes"] == expected
        solved += 1
    assert solved > 80


def test_k_range_option(random_samples, build_task, seeded) -> None:
    task = build_task("max_kcore", k_range=[2, 2])
    for i, sample in enumerate(random_samples[:150]):
        try:
            assert task.make_problem(sample, seeded(i)).params["k"] == 2
        except InstanceRejected:
            assert max(nx.core_number(sample.graph).values()) < 2


def test_two_triangles_joined_by_a_path_with_a_pendant(build_task, seeded) -> None:
    # Every node but the pendant p has two neighbours inside the rest; there is no 3-core.
    graph = nx.Graph(
        [
            ("a", "b"),
            ("b", "c"),
            ("a", "c"),
            ("c", "d"),
            ("d", "e"),
            ("e", "f"),
            ("f", "g"),
            ("e", "g"),
            ("g", "p"),
        ]
    )
    task = build_task("max_kcore")
    solution = task.solve(Problem(graph, {"k": 2}))
    assert solution.answer == "7"
    assert solution.certificate["nodes"] == ["a", "b", "c", "d", "e", "f", "g"]
    with pytest.raises(InstanceRejected):
        task.solve(Problem(graph, {"k": 3}))
    assert task.make_problem(SampledGraph(graph, "a"), seeded(0)).params["k"] == 2


def test_options_are_validated(build_task) -> None:
    with pytest.raises(ConfigError, match="k_range"):
        build_task("max_kcore", k_range=[1, None])
    with pytest.raises(ConfigError, match="min_k"):
        build_task("max_kcore", min_k=0)


def test_question_states_the_definition(build_task) -> None:
    task = build_task("max_kcore", source="osm_baltimore")
    text = task.question(Problem(nx.complete_graph(["p", "q", "r", "s"]), {"k": 3}), str)
    assert "3-core" in text and "at least 3 other nodes" in text


def test_small_samples_walk_under_a_drawn_degree_cap(build_task) -> None:
    """A 39-node path 1-...-39 and a hub 0 joined to node 1 and to leaves 40..49."""
    names = [f"n{i}" for i in range(50)]
    edges = [(i, i + 1) for i in range(1, 39)] + [(0, j) for j in [1, *range(40, 50)]]
    src, dst = np.array(edges).T
    source = build_source_graph("toy", names, src, dst)
    task = build_task("max_kcore", hub_cap=[2, 3], hub_cap_max_nodes=15)
    rng = random.Random(0)
    state = rng.getstate()
    assert task.sampling_source(source, (16, 30), 20, rng) == (source, {})  # too large: no cap
    assert rng.getstate() == state
    caps = set()
    for seed in range(20):
        walked, drew = task.sampling_source(source, (8, 15), 15, random.Random(seed))
        caps.add(drew["hub_cap"])
        assert walked.degree(0) == 0 and walked.degree(20) == 2  # the hub is out, the path in
    assert caps == {2, 3}
    off = build_task("max_kcore", hub_cap=None)
    assert off.sampling_source(source, (8, 15), 15, rng) == (source, {})
    with pytest.raises(ConfigError, match="hub_cap"):
        build_task("max_kcore", hub_cap=[12, 10])


def _peel_by_definition(graph: nx.Graph[str], k: int, passes: int | None) -> tuple[int, int]:
    """Each pass recounts every live node's live neighbours (what ``peel`` keeps up to date)."""
    alive = set(graph.nodes())
    done = 0
    while passes is None or done < passes:
        drop = {n for n in alive if len(alive.intersection(graph[n])) < k}
        if not drop:
            break
        alive -= drop
        done += 1
    return len(alive), done


def test_peel_matches_recounting_every_pass() -> None:
    rng = random.Random(7)
    for seed in range(400):
        n = rng.randint(1, 30)
        graph = nx.gnm_random_graph(n, rng.randint(0, 3 * n), seed=seed)
        for _ in range(rng.randint(0, 2)):  # self-loops count as a neighbour of their node
            node = rng.randrange(n)
            graph.add_edge(node, node)
        named = nx.relabel_nodes(graph, {i: f"n{i}" for i in graph})
        for k in range(6):
            for passes in (None, 1, 2, 3):
                assert peel(named, k, passes) == _peel_by_definition(named, k, passes)
