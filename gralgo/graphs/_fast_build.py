"""Build networkx graphs straight into their dicts, for the build's hottest graph copies.

``Graph.add_edges_from`` and ``Graph.copy`` check and copy every edge generically; on the
sampled graphs of a full build they cost a tenth of the time. These helpers produce exactly the
same dicts in the same order (so node-link data and prompts are unchanged), for plain
``nx.Graph`` and for callers that guarantee what the generic code checks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


_Adjacency = dict[str, dict[str, dict[str, Any]]]


def add_new_nodes(graph: nx.Graph[str], nodes: Iterable[str]) -> None:
    """``graph.add_nodes_from(nodes)`` for distinct new nodes without attributes, into a plain
    ``nx.Graph`` with no cached views."""
    node_attrs: dict[str, dict[str, Any]] = graph._node  # type: ignore[attr-defined]
    adjacency: _Adjacency = graph._adj  # type: ignore[attr-defined]
    for node in nodes:
        node_attrs[node] = {}
        adjacency[node] = {}


def add_nodes_copied(graph: nx.Graph[str], source: nx.Graph[str]) -> None:
    """``graph.add_nodes_from(source.nodes(data=True))`` into a fresh plain ``nx.Graph``: every
    node of ``source`` in order, each with a copy of its attributes."""
    node_attrs: dict[str, dict[str, Any]] = graph._node  # type: ignore[attr-defined]
    adjacency: _Adjacency = graph._adj  # type: ignore[attr-defined]
    source_nodes: dict[str, dict[str, Any]] = source._node  # type: ignore[attr-defined]
    for node, attrs in source_nodes.items():
        node_attrs[node] = attrs.copy()
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


def edge_count(graph: nx.Graph[str]) -> int:
    """``graph.number_of_edges()`` from the adjacency dicts (networkx sums a degree view)."""
    adjacency = adjacency_dicts(graph)
    loops = sum(1 for node, row in adjacency.items() if node in row)
    return (sum(map(len, adjacency.values())) + loops) // 2


def core_numbers(graph: nx.Graph[str]) -> dict[str, int]:
    """``nx.core_number(graph)`` (the same values, keys in the same order), by the same
    bucket algorithm over the adjacency dicts. Graphs with self-loops go to networkx (which
    refuses them)."""
    adjacency = adjacency_dicts(graph)
    if type(graph) is not nx.Graph or any(node in row for node, row in adjacency.items()):
        return dict(nx.core_number(graph))
    degrees = {node: len(row) for node, row in adjacency.items()}
    nodes = sorted(degrees, key=degrees.__getitem__)
    bin_boundaries = [0]
    current = 0
    for i, node in enumerate(nodes):
        if degrees[node] > current:
            bin_boundaries.extend([i] * (degrees[node] - current))
            current = degrees[node]
    position = {node: i for i, node in enumerate(nodes)}
    core = degrees
    # networkx also removes v from each such u's neighbour list; that changes no value (once
    # processed, v's core is never above a later node's), so the rows are read as they are.
    for v in nodes:  # the list is reordered as it is walked, as in networkx
        for u in adjacency[v]:
            if core[u] > core[v]:
                pos = position[u]
                start = bin_boundaries[core[u]]
                position[u] = start
                position[nodes[start]] = pos
                nodes[start], nodes[pos] = nodes[pos], nodes[start]
                bin_boundaries[core[u]] += 1
                core[u] -= 1
    return core
