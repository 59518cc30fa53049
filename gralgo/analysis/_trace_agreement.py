"""A table column whose header names no known measure: its kind read by agreement with the graph.

The one reading of the trace-fact extractor that looks at the graph, and not at wording: a
Markdown table of at least :data:`MIN_ROWS` rows, each of one node (or one pair) and one
number, whose header says nothing the column cues know (``| Vertex | Tally |``). The column's
kind is the measure that most of its cells equal, taken only where that measure matches at
least :data:`SHARE` of the rows and every other measure at least a third of the rows fewer
(``| A | 3 |`` over four rows, three of them A's degree and none its weight: a degree column).
The cells that disagree then become wrong claims of that kind; a column that matches no
measure clearly is read as nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import networkx as nx

MIN_ROWS = 3
"""The fewest rows a column's kind is inferred from."""
SHARE = 2 / 3
"""The share of rows the winning measure must match."""

Row = tuple[tuple[str, ...], int]
"""A row's node (or pair) and the number its cell states."""


def agreed_measure(graph: nx.Graph[str], rows: Sequence[Row]) -> str | None:
    """The measure (``degree``, ``node_weight``, ``edge_weight``, ``distance`` or ``hops``)
    that ``rows`` state by agreement with ``graph``, or ``None`` where none stands out."""
    if len(rows) < MIN_ROWS or len({len(nodes) for nodes, _ in rows}) != 1:
        return None
    counts: Counter[str] = Counter()
    for nodes, value in rows:
        for measure, true in _measures(graph, nodes).items():
            counts[measure] += true == value
    ranked = counts.most_common()
    if not ranked:
        return None
    best, matched = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0
    if matched >= SHARE * len(rows) and runner_up <= matched - len(rows) / 3:
        return best
    return None


def _measures(graph: nx.Graph[str], nodes: tuple[str, ...]) -> dict[str, float]:
    """Every measure of ``nodes`` (one node or a pair) the graph defines."""
    if any(node not in graph for node in nodes):
        return {}
    if len(nodes) == 1:
        (node,) = nodes
        found: dict[str, float] = {"degree": graph.degree(node)}
        if "weight" in graph.nodes[node]:
            found["node_weight"] = float(graph.nodes[node]["weight"])
        return found
    u, v = nodes
    if u == v:
        return {}
    found = {}
    if graph.has_edge(u, v) and "weight" in graph.edges[u, v]:
        found["edge_weight"] = float(graph.edges[u, v]["weight"])
    try:
        found["hops"] = nx.shortest_path_length(graph, u, v)
        if any("weight" in d for _, _, d in graph.edges(data=True)):
            found["distance"] = nx.shortest_path_length(graph, u, v, weight="weight")
    except nx.NetworkXNoPath:
        pass
    return found
