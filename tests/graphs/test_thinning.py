"""Thinning keeps connectivity, the edge budget and (with cores) the real dense structure."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from gralgo.graphs._thinning import thin_edges, thin_edges_keeping_cores


def planted_clique_graph(seed: int) -> nx.Graph:
    """A sparse random connected graph on 60 nodes with a planted 10-clique."""
    rng = random.Random(seed)
    graph = nx.relabel_nodes(nx.gnm_random_graph(60, 240, seed=seed), lambda i: f"n{i:02d}")
    graph.add_edges_from(nx.path_graph([f"n{i:02d}" for i in range(60)]).edges)
    clique = rng.sample(sorted(graph), 10)
    graph.add_edges_from((u, v) for i, u in enumerate(clique) for v in clique[i + 1 :])
    for u, v in graph.edges:
        graph.edges[u, v]["weight"] = rng.randint(1, 9)
    return graph


@pytest.mark.parametrize("thin", [thin_edges, thin_edges_keeping_cores])
def test_budget_connectivity_and_attributes(thin) -> None:
    for seed in range(10):
        graph = planted_clique_graph(seed)
        thinned = thin(graph, 120, random.Random(seed))
        assert thinned.number_of_edges() == 120
        assert nx.is_connected(thinned) and set(thinned) == set(graph)
        for u, v, w in thinned.edges(data="weight"):
            assert graph.edges[u, v]["weight"] == w
        again = thin(graph, 120, random.Random(seed))
        assert sorted(again.edges) == sorted(thinned.edges)
        assert thin(graph, 58, random.Random(seed)) is None  # below a spanning tree


def test_keeping_cores_keeps_the_real_clique_that_random_thinning_breaks() -> None:
    # 200 of ~330 edges: half of the 141 left after the spanning tree go to the dense part,
    # enough for the clique's 45 edges.
    kept, random_kept = [], []
    for seed in range(10):
        graph = planted_clique_graph(seed)
        kept.append(
            max(
                len(c)
                for c in nx.find_cliques(thin_edges_keeping_cores(graph, 200, random.Random(seed)))
            )
        )
        random_kept.append(
            max(len(c) for c in nx.find_cliques(thin_edges(graph, 200, random.Random(seed))))
        )
    assert min(kept) == 10  # the planted clique survives whole
    assert max(random_kept) < 10  # keeping each edge with the same chance breaks it


def test_spanning_forest_splits_edges_as_kruskal_does() -> None:
    from gralgo.graphs._thinning import _spanning_forest

    for seed in range(30):
        graph = nx.relabel_nodes(
            nx.gnm_random_graph(40, 30 + 3 * seed, seed=seed), lambda n: f"n{n:02d}"
        )
        edges = sorted((min(u, v), max(u, v)) for u, v in graph.edges)
        random.Random(seed).shuffle(edges)
        components = nx.utils.UnionFind(graph.nodes)
        forest_expected = []
        for u, v in edges:
            if components[u] != components[v]:
                components.union(u, v)
                forest_expected.append((u, v))
        forest, rest = _spanning_forest(graph, edges)
        assert forest == forest_expected
        assert rest == [e for e in edges if e not in set(forest_expected)]


def rows(graph: nx.Graph) -> list[tuple[str, list[tuple[str, dict]]]]:
    """Every node's neighbours and edge data, in the graph's own order."""
    return [(node, list(row.items())) for node, row in graph.adj.items()]


@pytest.mark.parametrize("seed", range(20))
def test_a_thinned_graph_is_ordered_as_its_copy(seed: int) -> None:
    """The builder hands a thinned graph to the task as its working copy (no copy made): its
    rows must be those ``Graph.copy`` would give, whatever order the names sort in."""
    rng = random.Random(seed)
    names = [f"n{rng.randrange(1000)}" for _ in range(40)]
    names = list(dict.fromkeys(names))
    graph = nx.Graph()
    graph.add_nodes_from(names)  # insertion order differs from name order
    for u, v in itertools.combinations(names, 2):
        if rng.random() < 0.3:
            graph.add_edge(u, v, weight=rng.randint(1, 9))
    thinned = thin_edges_keeping_cores(graph, graph.number_of_nodes() * 2, random.Random(seed))
    assert thinned is not None and thinned.number_of_edges() < graph.number_of_edges()
    assert rows(thinned) == rows(thinned.copy())
