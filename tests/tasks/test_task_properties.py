"""Property tests (hypothesis): certificates verify answers; networkx as a second oracle."""

from __future__ import annotations

import itertools
import random

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gralgo.graphs import SampledGraph
from gralgo.tasks import InstanceRejected, Problem, TaskSettings, make_task

NAMES = ('Rue "A", B', "Zürich and Köln", "O'Hare", "node 10", "node 2", "a", "B", "Ω")
FAST = settings(
    max_examples=120, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def graphs(draw, min_nodes: int = 1, max_nodes: int = 8) -> nx.Graph:
    """A graph on awkwardly named nodes with an arbitrary edge set and insertion order."""
    names = draw(st.permutations(NAMES))[: draw(st.integers(min_nodes, max_nodes))]
    pairs = list(itertools.combinations(names, 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    graph = nx.Graph()
    graph.add_nodes_from(names)
    graph.add_edges_from(edges)
    return graph


def task(name: str, **options):
    return make_task(name, TaskSettings(source="synthetic", sampler="test", options=options))


@FAST
@given(graphs())
def test_clique_certificate_is_a_maximum_clique(graph) -> None:
    solution = task("max_clique").solve(Problem(graph))
    clique = solution.certificate["clique"]
    assert len(clique) == int(solution.answer)
    assert all(graph.has_edge(u, v) for u, v in itertools.combinations(clique, 2))
    assert int(solution.answer) == max(len(c) for c in nx.find_cliques(graph))


@FAST
@given(graphs(min_nodes=2), st.integers(1, 5))
def test_distance_k_matches_networkx(graph, k) -> None:
    node = sorted(graph)[0]
    solution = task("distance_k").solve(Problem(graph, {"node": node, "k": k}))
    lengths = nx.single_source_shortest_path_length(graph, node, cutoff=k)
    assert solution.certificate["nodes"] == sorted(n for n in lengths if n != node)


@FAST
@given(graphs(min_nodes=2), st.randoms(use_true_random=False))
def test_mst_matches_networkx(graph, rng) -> None:
    if not nx.is_connected(graph):
        return
    problem = task("mst_weight").make_problem(SampledGraph(graph, sorted(graph)[0]), rng)
    solution = task("mst_weight").solve(problem)
    reference = nx.minimum_spanning_tree(problem.graph, algorithm="prim")
    assert int(solution.answer) == reference.size(weight="weight")


@FAST
@given(graphs(min_nodes=2), st.randoms(use_true_random=False))
def test_distance_threshold_matches_floyd_warshall(graph, rng) -> None:
    if not nx.is_connected(graph):
        return
    for u, v in sorted(tuple(sorted(e)) for e in graph.edges):
        graph.edges[u, v]["weight"] = rng.randint(1, 5)
    tau = rng.randint(0, 8)
    dist = nx.floyd_warshall(graph)
    counts = {v: sum(1 for u in graph if u != v and dist[v][u] <= tau) for v in graph}
    fewest = [v for v, c in counts.items() if c == min(counts.values())]
    try:
        answer = task("distance_threshold").solve(Problem(graph, {"tau": tau})).answer
    except InstanceRejected:
        assert len(fewest) > 1
    else:
        assert [answer] == fewest


@FAST
@given(graphs(), st.integers(1, 4))
def test_kcore_certificate_has_min_degree_k_and_is_maximal(graph, k) -> None:
    try:
        solution = task("max_kcore").solve(Problem(graph, {"k": k}))
    except InstanceRejected:
        assert nx.k_core(graph, k).number_of_nodes() == 0
        return
    core = set(solution.certificate["nodes"])
    assert all(sum(1 for n in graph[v] if n in core) >= k for v in core)
    # An outside node with k neighbours in the core could join it, so the core was not largest.
    for extra in set(graph) - core:
        assert sum(1 for n in graph[extra] if n in core) < k


@FAST
@given(st.integers(2, 12), st.randoms(use_true_random=False))
def test_path_sum_threshold_splits_the_leaves(n, rng) -> None:
    tree = nx.random_labeled_tree(n, seed=random.Random(rng.random()))
    tree = nx.relabel_nodes(tree, {i: f"author {i}" for i in tree})
    problem = task("path_sum").make_problem(SampledGraph(tree, "author 0"), rng)
    solution = task("path_sum").solve(problem)
    sums = {
        leaf: nx.path_weight(
            problem.graph, nx.shortest_path(problem.graph, "author 0", leaf), "weight"
        )
        for leaf in problem.graph
        if leaf != "author 0" and problem.graph.degree(leaf) == 1
    }
    expected = sum(1 for s in sums.values() if s > problem.params["tau"])
    assert int(solution.answer) == expected
    if len(set(sums.values())) > 1:
        assert 0 < expected < len(sums)
