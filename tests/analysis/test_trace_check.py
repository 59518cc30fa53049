"""The checker's facts of a graph (``gralgo.analysis._trace_check``)."""

from __future__ import annotations

import math
import random

import networkx as nx

from gralgo.analysis._trace_check import GraphFacts


def _graph(seed: int, weighted: bool) -> nx.Graph[str]:
    rng = random.Random(seed)
    graph = nx.gnp_random_graph(rng.randint(2, 40), rng.choice([0.03, 0.1, 0.3]), seed=seed)
    named: nx.Graph[str] = nx.relabel_nodes(graph, {n: f"n{n}" for n in graph})
    if weighted:
        for u, v in named.edges:
            named.edges[u, v]["weight"] = rng.randint(1, 20)
    return named


def test_distances_are_networkx_shortest_paths_in_hops_and_weights() -> None:
    # the all-pairs matrices (Floyd-Warshall) against networkx, disconnected pairs included
    for seed in range(40):
        weighted = seed % 2 == 0
        graph = _graph(seed, weighted)
        facts = GraphFacts(graph)
        hops = dict(nx.all_pairs_shortest_path_length(graph))
        lengths = dict(nx.all_pairs_dijkstra_path_length(graph)) if weighted else hops
        for u in graph:
            for v in graph:
                assert facts.distance(u, v, by_hops=True) == hops[u].get(v, math.inf)
                assert facts.distance(u, v, by_hops=False) == lengths[u].get(v, math.inf)
