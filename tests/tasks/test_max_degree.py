"""Maximum degree: brute-force agreement and certificate checks."""

from __future__ import annotations

import random

import networkx as nx
import numpy as np
import pytest

from gralgo.errors import ConfigError
from gralgo.graphs import SampledGraph, build_source_graph, hub_caps
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


def hub_source():
    """A hub (degree 5) on a 12-node cycle: node 0 is joined to 2, 4, 6 and 8 besides 1, 11."""
    names = [f"n{i}" for i in range(12)]
    edges = [(i, (i + 1) % 12) for i in range(12)] + [(0, j) for j in (2, 4, 6, 8)]
    src, dst = np.array(edges).T
    return build_source_graph("toy", names, src, dst)


def test_degree_aware_sampling_draws_a_cap_only_where_samples_cover_the_source(
    build_task,
) -> None:
    task = build_task("max_degree")
    source = hub_source()  # degrees 6 (the hub), 3, 2: caps 6 and 3 leave >= 10 nodes
    rng = random.Random(1)
    state = rng.getstate()
    assert task.sampling_source(source, (2, 7), 7, rng) == (source, {})  # 7 <= 0.6 * 12
    assert rng.getstate() == state  # no randomness drawn
    drawn = {
        task.sampling_source(source, (8, 8), 8, random.Random(s))[1]["hub_cap"] for s in range(40)
    }
    assert drawn == set(hub_caps(source, 8)) and len(drawn) >= 2
    assert build_task("max_degree", hub_cap_share=None).sampling_source(source, (8, 8), 8, rng) == (
        source,
        {},
    )
    with pytest.raises(ConfigError, match="hub_cap_share"):
        build_task("max_degree", hub_cap_share=1.5)
