"""The direct graph builders give exactly networkx's dicts, in networkx's order."""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx
import numpy as np
import pytest

from gralgo.graphs import SourceGraph, build_source_graph
from gralgo.graphs._fast_build import (
    add_new_edges,
    add_new_nodes,
    add_nodes_copied,
    adjacency_dicts,
    copy_graph,
    core_numbers,
    edge_count,
    node_link_data,
    sorted_pairs,
)


def _layout(graph: nx.Graph) -> list[object]:
    """Nodes, then every adjacency row, with attributes, in iteration order."""
    return [list(graph.nodes(data=True))] + [(u, list(row.items())) for u, row in graph.adj.items()]


def _random_graph(seed: int) -> nx.Graph:
    rng = random.Random(seed)
    graph = nx.Graph(name="g")
    graph.add_node("lonely", weight=3)
    for _ in range(rng.randint(0, 60)):
        u, v = rng.randint(0, 25), rng.randint(0, 25)
        graph.add_edge(u, v, **({"weight": rng.randint(1, 9)} if rng.random() < 0.5 else {}))
    return graph


@pytest.mark.parametrize("seed", range(40))
def test_copy_graph_matches_copy(seed: int) -> None:
    graph = _random_graph(seed)
    copy = copy_graph(graph)
    assert _layout(copy) == _layout(graph.copy())
    assert copy.graph == graph.graph
    for u, v in copy.edges:
        assert copy.adj[u][v] is copy.adj[v][u]
        assert copy.adj[u][v] is not graph.adj[u][v]


@pytest.mark.parametrize("seed", range(20))
def test_add_new_edges_matches_add_edges_from(seed: int) -> None:
    rng = random.Random(seed)
    pairs = sorted(
        {(u, v) for u, v in ((rng.randint(0, 20), rng.randint(0, 20)) for _ in range(50)) if u < v}
    )
    expected, built = nx.Graph(), nx.Graph()
    for graph in (expected, built):
        graph.add_nodes_from(range(21))
    expected.add_edges_from((u, v, {"weight": u + v}) for u, v in pairs)
    add_new_edges(built, ((u, v, {"weight": u + v}) for u, v in pairs))
    assert _layout(built) == _layout(expected)


def random_source(
    rng: random.Random,
    n: int,
    m: int,
    weights: Callable[[], int] | None = None,
    labels: Callable[[], int] | None = None,
    label_names: tuple[str, ...] = (),
) -> SourceGraph:
    """A source graph on ``n`` nodes ``n0..`` with ``m`` random edges drawn from ``rng`` (ends,
    then each edge's weight and label when asked for)."""
    us = np.array([rng.randrange(n) for _ in range(m)])
    vs = np.array([rng.randrange(n) for _ in range(m)])
    return build_source_graph(
        "t",
        [f"n{i}" for i in range(n)],
        us,
        vs,
        weights=None if weights is None else np.array([weights() for _ in range(m)]),
        labels=None if labels is None else np.array([labels() for _ in range(m)]),
        label_names=label_names,
    )


def test_induced_edges_order_and_positions() -> None:
    rng = random.Random(7)
    n = 40
    source = random_source(rng, n, 150)
    nodes = [rng.randrange(n) for _ in range(25)]
    chosen = sorted(set(nodes))
    expected = [
        (u, v, int(source.indptr[u]) + offset)
        for u in chosen
        for offset, v in enumerate(source.neighbors(u).tolist())
        if v > u and v in chosen
    ]
    assert source.induced_edges(nodes) == expected
    assert source.induced_edges([]) == []
    # The member mask is reused between calls: a second, disjoint call must not see the first.
    others = [node for node in range(n) if node not in chosen]
    assert source.induced_edges(others) == [
        (u, v, int(source.indptr[u]) + offset)
        for u in others
        for offset, v in enumerate(source.neighbors(u).tolist())
        if v > u and v in others
    ]


def _named_graph(seed: int) -> nx.Graph:
    """String-named, with weights, node attributes and (sometimes) a self-loop."""
    graph = nx.relabel_nodes(_random_graph(seed), lambda node: f"n{node}")
    if seed % 3 == 0:
        graph.add_edge("n1", "n1", weight=2)
    return graph


@pytest.mark.parametrize("seed", range(30))
def test_sorted_pairs_matches_sorted_edge_view(seed: int) -> None:
    graph = _named_graph(seed)
    assert sorted_pairs(graph) == sorted((u, v) if u < v else (v, u) for u, v in graph.edges())
    assert adjacency_dicts(graph) is graph._adj


@pytest.mark.parametrize("seed", range(30))
def test_node_link_data_matches_networkx(seed: int) -> None:
    graph = _named_graph(seed)
    expected = nx.node_link_data(graph, edges="edges")
    built = node_link_data(graph)
    assert built == expected
    assert list(built) == list(expected)
    assert [list(item) for item in built["edges"]] == [list(item) for item in expected["edges"]]
    assert [list(item) for item in built["nodes"]] == [list(item) for item in expected["nodes"]]


def test_add_new_nodes_matches_add_nodes_from() -> None:
    expected, built = nx.Graph(), nx.Graph()
    expected.add_nodes_from(["b", "a", "c"])
    add_new_nodes(built, ["b", "a", "c"])
    assert _layout(built) == _layout(expected)


@pytest.mark.parametrize("seed", range(40))
def test_core_numbers_and_edge_count_match_networkx(seed: int) -> None:
    rng = random.Random(seed)
    graph = nx.gnm_random_graph(rng.randint(0, 60), rng.randint(0, 300), seed=seed)
    graph = nx.relabel_nodes(graph, lambda node: f"n{(node * 13) % 97}")
    cores = core_numbers(graph)
    assert cores == nx.core_number(graph)
    assert list(cores) == list(nx.core_number(graph))
    assert edge_count(graph) == graph.number_of_edges()
    graph.add_edge("n1", "n1")
    assert edge_count(graph) == graph.number_of_edges()
    with pytest.raises(nx.NetworkXNotImplemented):  # refused as networkx refuses it
        core_numbers(graph)


@pytest.mark.parametrize("seed", range(10))
def test_add_nodes_copied_matches_add_nodes_from(seed: int) -> None:
    graph = _named_graph(seed)
    expected, built = nx.Graph(), nx.Graph()
    expected.add_nodes_from(graph.nodes(data=True))
    add_nodes_copied(built, graph)
    assert _layout(built) == _layout(expected)
    for node in graph:
        assert built.nodes[node] is not graph.nodes[node]


@pytest.mark.parametrize("seed", range(6))
def test_to_networkx_induced_matches_networkx(seed: int) -> None:
    """The induced subgraph as networkx would build it from the same edges (nodes by id, edges
    sorted, weight then relation), each edge with its own attribute dict."""
    rng = random.Random(seed)
    n = 50
    source = random_source(
        rng,
        n,
        200,
        weights=lambda: rng.randint(1, 9),
        labels=(lambda: rng.randrange(3)) if seed % 2 else None,
        label_names=("a", "b", "c"),
    )
    nodes = [rng.randrange(n) for _ in range(30)]
    expected = nx.Graph()
    expected.add_nodes_from(source.node_names[i] for i in sorted(set(nodes)))
    for u, v, pos in source.induced_edges(nodes):
        attrs: dict[str, object] = {"weight": int(source.edge_weight[pos])}
        if source.edge_label is not None:
            attrs["relation"] = source.labels[int(source.edge_label[pos])]
        expected.add_edge(source.node_names[u], source.node_names[v], **attrs)
    built = source.to_networkx(nodes)
    assert _layout(built) == _layout(expected)
    data = [id(d) for _, _, d in built.edges(data=True)]
    assert len(set(data)) == len(data) == expected.number_of_edges() > 0
