"""Drop edges from a sampled graph without changing its connectivity."""

from __future__ import annotations

import random

import networkx as nx


def thin_edges(graph: nx.Graph, n_edges: int, rng: random.Random) -> nx.Graph | None:
    """A copy keeping a random spanning forest plus random other edges, ``n_edges`` in all.

    Connected components are preserved (a spanning forest is always kept), so the result has
    at least ``nodes - components`` edges; ``None`` when ``n_edges`` is below that. A graph
    that already has at most ``n_edges`` edges is returned unchanged (as a copy). Nodes keep
    their order and attributes, edges their attributes. Deterministic for a given ``rng``.
    """
    if graph.number_of_edges() <= n_edges:
        return graph.copy()
    edges = sorted(tuple(sorted((str(u), str(v)))) for u, v in graph.edges)
    rng.shuffle(edges)
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
    thinned = nx.Graph()
    thinned.add_nodes_from(graph.nodes(data=True))
    thinned.add_edges_from((u, v, graph.edges[u, v]) for u, v in keep)
    return thinned
