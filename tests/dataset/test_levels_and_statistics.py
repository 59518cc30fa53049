"""Levels parsing and the Table-2 statistics."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from gralgo.dataset import parse_levels
from gralgo.dataset._statistics import GraphStats, edge_connectivity, statistics_markdown, summarise
from gralgo.errors import UnknownChoiceError


def test_parse_levels() -> None:
    assert parse_levels("all") == [1, 2, 3, 4, 5, 6]
    assert parse_levels(3) == [3]
    assert parse_levels([2, 1, 2]) == [1, 2]
    assert parse_levels("1,4") == [1, 4]
    with pytest.raises(UnknownChoiceError, match="valid choices: 1, 2, 3, 4, 5, 6"):
        parse_levels(7)
    with pytest.raises(UnknownChoiceError):
        parse_levels("huge")


def brute_edge_connectivity(graph: nx.Graph) -> int:
    """Smallest number of edges whose removal disconnects the graph (by enumeration)."""
    if graph.number_of_nodes() < 2 or not nx.is_connected(graph):
        return 0
    edges = list(graph.edges)
    for size in range(1, len(edges) + 1):
        for cut in itertools.combinations(edges, size):
            h = graph.copy()
            h.remove_edges_from(cut)
            if not nx.is_connected(h):
                return size
    return len(edges)


def test_edge_connectivity_matches_brute_force() -> None:
    for seed in range(120):
        graph = nx.gnp_random_graph(6, 0.3 + (seed % 7) / 10, seed=seed)
        assert edge_connectivity(graph) == brute_edge_connectivity(graph), seed


def test_table2_layout() -> None:
    stats = [GraphStats("t", 1, 10, 20, 0.3, 1), GraphStats("u", 1, 12, 16, 0.2, 0)]
    rows = summarise(stats)
    assert [(r.group, r.level, r.count) for r in rows] == [("all", 1, 2), ("t", 1, 1), ("u", 1, 1)]
    md = statistics_markdown(rows)
    assert "| Level-1 | 2 | 11.00 | 18.00 | 0.25 | 0.50 |" in md


def test_graph_stats_match_networkx() -> None:
    from gralgo.dataset import Instance
    from gralgo.dataset._statistics import graph_stats

    for seed in range(60):
        graph = nx.relabel_nodes(nx.gnp_random_graph(7, 0.2 + (seed % 6) / 8, seed=seed), str)
        instance = Instance(
            id="x",
            task="t",
            taxonomy="enumeration",
            complexity="easy",
            level=1,
            context="standard",
            source="s",
            seed=0,
            index=0,
            answer_kind="integer",
            graph=nx.node_link_data(graph, edges="edges"),
            params={},
            answer="0",
            certificate={},
            provenance={},
        )
        stats = graph_stats(instance)
        assert stats.nodes == graph.number_of_nodes()
        assert stats.edges == graph.number_of_edges()
        assert stats.density == pytest.approx(nx.density(graph))
        assert stats.connectivity == brute_edge_connectivity(graph), seed
