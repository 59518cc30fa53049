"""The audit's parse-back: a prompt's graph text read back and compared with the instance."""

from __future__ import annotations

import networkx as nx

from gralgo.dataset._recheck import _graph_difference
from gralgo.formats import parse_graph, render_graph


def _weighted() -> nx.Graph:
    graph = nx.Graph()
    graph.add_weighted_edges_from([("a", "b", 3), ("b", "c", 4), ("a", "c", 5)])
    return graph


def test_a_faithful_prompt_has_no_difference_in_any_naming() -> None:
    graph = _weighted()
    for fmt in ("edge_list", "numeric_ids", "adjacency_list", "markdown_table"):
        text = render_graph(graph, fmt, node_weights=False, edge_weights=True).text
        assert _graph_difference(graph, parse_graph(text, fmt), fmt == "numeric_ids") == ""


def test_edited_weights_nodes_and_edges_are_named() -> None:
    graph = _weighted()
    text = render_graph(graph, "edge_list", node_weights=False, edge_weights=True).text
    heavier = parse_graph(text.replace("3", "7"), "edge_list")
    assert _graph_difference(graph, heavier, False) == "gives edge ('a', 'b') weight 7"
    moved = nx.Graph(graph)
    moved.remove_edge("a", "c")
    moved.add_edge("a", "d", weight=5)
    assert "nodes" in _graph_difference(graph, moved, False)
    numbered = nx.relabel_nodes(graph, {"a": "0", "b": "1", "c": "2"})
    numbered.remove_edge("0", "2")
    numbered.add_edge("0", "3", weight=5)
    assert _graph_difference(graph, numbered, True) == "has 4 nodes, not the graph's 3"
    fewer = nx.relabel_nodes(graph, {"a": "0", "b": "1", "c": "2"})
    fewer.remove_edge("0", "2")
    assert _graph_difference(graph, fewer, True) == "has 2 edges, not the graph's 3"
