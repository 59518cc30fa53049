"""Build networkx graphs straight into their dicts, for the build's hottest graph copies.

``Graph.add_edges_from`` and ``Graph.copy`` check and copy every edge generically; on the
sampled graphs of a full build they cost a tenth of the time. These helpers produce exactly the
same dicts in the same order (so node-link data and prompts are unchanged), for plain
``nx.Graph`` and for callers that guarantee what the generic code checks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import networkx as nx

_Adjacency = dict[str, dict[str, dict[str, Any]]]


def add_new_nodes(graph: nx.Graph[str], nodes: Iterable[str]) -> None:
    """``graph.add_nodes_from(nodes)`` for distinct new nodes without attributes, into a plain
    ``nx.Graph`` with no cached views."""
    node_attrs: dict[str, dict[str, Any]] = graph._node  # type: ignore[attr-defined]
    adjacency: _Adjacency = graph._adj  # type: ignore[attr-defined]
    for node in nodes:
        node_attrs[node] = {}
        adjacency[node] = {}


def add_new_edges(graph: nx.Graph[str], edges: Iterable[tuple[str, str, dict[str, Any]]]) -> None:
    """``graph.add_edges_from(edges)`` for distinct new edges between nodes already in ``graph``.

    Each attribute dict is stored as it is (shared by both ends), not copied: pass fresh ones.
    """
    adjacency: _Adjacency = graph._adj  # type: ignore[attr-defined]  # private, not in the stubs
    for u, v, attrs in edges:
        adjacency[u][v] = adjacency[v][u] = attrs


def adjacency_dicts(graph: nx.Graph[str]) -> _Adjacency:
    """The graph's own adjacency dicts (``graph._adj``: node -> neighbour -> edge data), to read
    in hot loops without networkx's view objects (several times faster to iterate). Never
    change them."""
    adjacency: _Adjacency = graph._adj  # type: ignore[attr-defined]
    return adjacency


def sorted_pairs(graph: nx.Graph[str]) -> list[tuple[str, str]]:
    """Every edge once as ``(u, v)`` with ``u <= v``, sorted: ``sorted((u, v) if u < v else (v, u)
    for u, v in graph.edges())`` for an undirected graph of string nodes, read from the adjacency
    dicts (the edge view's bookkeeping cost more than the sort)."""
    return sorted([(u, v) for u, row in adjacency_dicts(graph).items() for v in row if u <= v])


def copy_graph(graph: nx.Graph[str]) -> nx.Graph[str]:
    """``graph.copy()``: nodes, neighbours and attributes in exactly ``Graph.copy``'s order.

    An edge's attribute dict is copied once and shared by both ends, as ``copy`` does. Graph
    classes other than ``nx.Graph`` fall back to ``copy()``.
    """
    if type(graph) is not nx.Graph:
        return graph.copy()
    copy: nx.Graph[str] = nx.Graph()
    copy.graph.update(graph.graph)
    # networkx's private dicts (absent from its stubs): what Graph.copy fills, minus its checks.
    adjacency: _Adjacency = copy._adj  # type: ignore[attr-defined]
    node_attrs: dict[str, dict[str, Any]] = copy._node  # type: ignore[attr-defined]
    source_nodes: dict[str, dict[str, Any]] = graph._node  # type: ignore[attr-defined]
    source_adjacency: _Adjacency = graph._adj  # type: ignore[attr-defined]
    for node, attrs in source_nodes.items():
        node_attrs[node] = attrs.copy()
        adjacency[node] = {}
    for u, neighbours in source_adjacency.items():
        row = adjacency[u]
        for v, attrs in neighbours.items():
            if v not in row:  # each edge is met from both ends; the first copies its data
                row[v] = adjacency[v][u] = attrs.copy()
    return copy


def node_link_data(graph: nx.Graph[str]) -> dict[str, Any]:
    """``nx.node_link_data(graph, edges="edges")``: the same dicts with the same contents, in
    the same order, read straight from the graph's dicts. Graph classes other than ``nx.Graph``
    fall back to networkx."""
    if type(graph) is not nx.Graph:
        return nx.node_link_data(graph, edges="edges")
    node_attrs: dict[str, dict[str, Any]] = graph._node  # type: ignore[attr-defined]
    seen: set[str] = set()
    edges = []
    for u, row in adjacency_dicts(graph).items():  # the order of graph.edges(data=True)
        for v, data in row.items():
            if v not in seen:
                edges.append({**data, "source": u, "target": v})
        seen.add(u)
    return {
        "directed": False,
        "multigraph": False,
        "graph": graph.graph,
        "nodes": [{**attrs, "id": node} for node, attrs in node_attrs.items()],
        "edges": edges,
    }
