"""Drop edges from a sampled graph without changing its connectivity."""

from __future__ import annotations

import heapq
import random
from typing import TYPE_CHECKING

from gralgo.graphs._fast_build import (
    add_new_edges,
    add_nodes_copied,
    adjacency_dicts,
    core_numbers,
    edge_count,
    sorted_pairs,
)
from gralgo.graphs._shuffle import shuffle
from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


def thin_edges(graph: nx.Graph[str], n_edges: int, rng: random.Random) -> nx.Graph[str] | None:
    """A copy keeping a random spanning forest plus random other edges, ``n_edges`` in all.

    Connected components are preserved (a spanning forest is always kept), so the result has
    at least ``nodes - components`` edges; ``None`` when ``n_edges`` is below that. A graph
    that already has at most ``n_edges`` edges is returned unchanged (as a copy). Nodes keep
    their order and attributes, edges their attributes. Deterministic for a given ``rng``.
    """
    if graph.number_of_edges() <= n_edges:
        return graph.copy()
    edges = sorted(_ordered_pair(str(u), str(v)) for u, v in graph.edges)
    shuffle(edges, rng)
    parent = {str(n): str(n) for n in graph.nodes}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    forest, rest = [], []
    for u, v in edges:  # Kruskal over a shuffled order: a uniformly shuffled spanning forest
        ru, rv = find(u), find(v)
        if ru != rv:
            parent[ru] = rv
            forest.append((u, v))
        else:
            rest.append((u, v))
    if len(forest) > n_edges:
        return None
    keep = sorted(forest + rest[: n_edges - len(forest)])
    thinned: nx.Graph[str] = nx.Graph()
    thinned.add_nodes_from(graph.nodes(data=True))
    thinned.add_edges_from((u, v, graph.edges[u, v]) for u, v in keep)
    return thinned


def thin_edges_keeping_cores(
    graph: nx.Graph[str], n_edges: int, rng: random.Random, dense_share: float = 0.5
) -> nx.Graph[str] | None:
    """Like :func:`thin_edges`, but a dense real part of the graph keeps all of its edges.

    Random thinning keeps each edge with the same chance, which breaks every large clique and
    flattens local structure (clique numbers of thinned Wikipedia samples all became 4-5). Here,
    after the random spanning forest, up to ``dense_share`` of the remaining budget goes to the
    induced subgraph of a node set grown greedily from a node of the largest core number
    (always adding the node with most edges into the set; ties by core number, then a seeded
    random order), so its cliques and cores are the real ones; the rest of the budget is random
    edges as before. The dense part grows with the budget, so larger levels keep larger real
    cores. ``None`` when ``n_edges`` is below the spanning forest. Deterministic for ``rng``.
    """
    if edge_count(graph) <= n_edges:
        return graph.copy()
    edges = sorted_pairs(graph)  # sampled graphs are named by strings
    shuffle(edges, rng)
    forest, rest = _spanning_forest(graph, edges)
    if len(forest) > n_edges:
        return None
    kept = set(forest)
    dense_budget = int(dense_share * (n_edges - len(forest)))
    nodes = sorted(map(str, graph.nodes))
    shuffle(nodes, rng)
    position = {node: i for i, node in enumerate(nodes)}
    core = core_numbers(graph)
    links = dict.fromkeys(nodes, 0)  # edges from each outside node into the dense set
    member: set[str] = set()
    # Lazy max-heap on (links, core, -position); stale entries are skipped when popped.
    heap = [(0, -core[v], position[v], v) for v in nodes]
    heapq.heapify(heap)
    adjacency = adjacency_dicts(graph)  # string nodes: str(u) is u
    while heap:
        negative_links, _, _, best = heapq.heappop(heap)
        if best in member or -negative_links != links[best]:
            continue
        row = adjacency[best]
        new = [(best, u) if best < u else (u, best) for u in row if u in member]
        new = [e for e in new if e not in kept]
        if len(new) > dense_budget:
            break
        dense_budget -= len(new)
        kept.update(new)
        member.add(best)
        for u in row:
            if u not in member:
                links[u] += 1
                heapq.heappush(heap, (-links[u], -core[u], position[u], u))
    extra = [e for e in rest if e not in kept][: n_edges - len(kept)]
    thinned: nx.Graph[str] = nx.Graph()
    add_nodes_copied(thinned, graph)
    # Each edge added from its end first in the node order, those ends in node order, each
    # one's later neighbours by name: the rows come out as a copy of the graph (``Graph.copy``)
    # has them, so a task may take this graph as its working copy (``SampledGraph.owned``).
    order = {node: i for i, node in enumerate(adjacency)}
    later: dict[str, list[str]] = {node: [] for node in adjacency}
    for u, v in sorted(kept.union(extra)):  # by name: each list below comes out sorted
        if order[u] < order[v]:
            later[u].append(v)
        else:
            later[v].append(u)
    add_new_edges(thinned, ((u, v, dict(row[v])) for u, row in adjacency.items() for v in later[u]))
    return thinned


def _ordered_pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _spanning_forest(
    graph: nx.Graph[str], edges: list[tuple[str, str]]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Kruskal over ``edges`` in the given order: (forest edges, the other edges).

    Whether an edge joins two components does not depend on how the union-find trees are
    kept, so the finds are inlined (path halving) for speed.
    """
    parent = {str(n): str(n) for n in graph.nodes}
    forest, rest = [], []
    for edge in edges:
        ru, rv = edge
        while (up := parent[ru]) != ru:
            parent[ru] = up = parent[up]
            ru = up
        while (up := parent[rv]) != rv:
            parent[rv] = up = parent[up]
            rv = up
        if ru != rv:
            parent[ru] = rv
            forest.append(edge)
        else:
            rest.append(edge)
    return forest, rest
