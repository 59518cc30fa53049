"""The small weighted graph the reader tests read claims about (real names with spaces and
hyphens, so name matching is exercised)."""

from __future__ import annotations

import networkx as nx


def small_graph() -> nx.Graph[str]:
    """Paris, Lyon, New York, Saint-Denis and Kyoto, with weighted edges."""
    graph: nx.Graph[str] = nx.Graph()
    for u, v, w in [("Paris", "Lyon", 7), ("Lyon", "New York", 3), ("Paris", "Saint-Denis", 2),
                    ("Saint-Denis", "Lyon", 4), ("Kyoto", "New York", 5)]:  # fmt: skip
        graph.add_edge(u, v, weight=w)
    return graph
