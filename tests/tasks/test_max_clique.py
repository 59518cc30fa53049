"""Maximum clique: brute force over all node subsets."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# The heuristics and the exact answer as they were computed before the build was made faster
# (a scan of every node per peeling step, a sort key per neighbour, every maximal clique
# sorted): the current ones must give the same results on any graph.
def _old_greedy(graph: nx.Graph, start: str, degree: dict[str, int]) -> int:
    clique = [start]
    for node in sorted(graph[start], key=lambda n: (-degree[n], n)):
        if all(graph.has_edge(node, member) for member in clique):
            clique.append(node)
    return len(clique)


def _old_suite(graph: nx.Graph, first: str | None) -> dict[str, list[str]]:
    degree = dict(graph.degree)
    top = max(degree.values(), default=0)
    hubs = sorted(n for n, d in degree.items() if d == top) if degree else []
    adjacency = {n: set(graph[n]) - {n} for n in graph}
    peeled = "0"
    while adjacency:
        low = min(adjacency, key=lambda n: (len(adjacency[n]), n))
        if len(adjacency[low]) == len(adjacency) - 1:
            peeled = str(len(adjacency))
            break
        for other in adjacency.pop(low):
            adjacency[other].discard(low)
    return {
        "greedy_from_hub": [str(_old_greedy(graph, h, degree)) for h in hubs],
        "greedy_best_start": [str(max((_old_greedy(graph, n, degree) for n in graph), default=0))],
        "min_degree_peeling": [peeled],
        "greedy_first_listed": [] if first is None else [str(_old_greedy(graph, first, degree))],
    }


@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(0, 14),
    p=st.sampled_from([0.0, 0.2, 0.5, 0.8, 1.0]),
)
@settings(max_examples=300, deadline=None)
def test_heuristics_and_answer_match_the_first_implementation(seed: int, n: int, p: float) -> None:
    from dataclasses import replace

    from gralgo.tasks import Problem, TaskSettings, drawn_order, heuristics_for, make_task
    from gralgo.tasks.max_clique import maximum_clique

    rng = random.Random(seed)
    names = [f"n{rng.randrange(10**6)}" for _ in range(n)]
    names = list(dict.fromkeys(names))
    rng.shuffle(names)
    graph = nx.Graph()
    graph.add_nodes_from(names)
    pairs = list(itertools.combinations(names, 2))
    rng.shuffle(pairs)  # insertion order must not matter
    graph.add_edges_from(pair for pair in pairs if rng.random() < p)
    problem = Problem(graph, {})
    problem = replace(problem, order_seed=drawn_order(graph, str(seed)))
    task = make_task("max_clique", TaskSettings(source="wikispeedia", sampler="test"))
    first = problem.order_seed.nodes[0] if names else None  # type: ignore[union-attr]
    expected = _old_suite(graph, first)
    suite = {h.name: h for h in heuristics_for(task)}
    for name, old in expected.items():
        assert list(suite[name].guess(problem)) == old, name
    if graph.number_of_nodes():
        old_answer = min((sorted(c) for c in nx.find_cliques(graph)), key=lambda c: (-len(c), c))
        assert maximum_clique(graph) == old_answer
