"""Statements whose shape names no known measure: their kind read by agreement with the graph.

The one reading of the trace-fact extractor that looks at the graph, and not at wording: a run
of at least :data:`MIN_ROWS` rows, each of one node (or one pair) and one number, whose shape
says nothing the cues know. A row is a Markdown table's row under a header no column cue reads
(``| Vertex | Tally |``), or one of consecutive statements of one shape, the same skeleton once
node names and numbers are masked (``- A tallies 3`` / ``- B tallies 2`` / ``- C tallies 4``,
or the clauses of one line: ``A: 3; B: 2; C: 4``), that no reader read (:func:`runs`). The
run's kind is the measure that most of its rows equal, taken only where that measure matches
at least :data:`SHARE` of the rows and every other measure at least a third of the rows fewer
(``A 3`` over four rows, three of them A's degree and none its weight: degrees). The rows that
disagree then become wrong claims of that kind; a run that matches no measure clearly is read
as nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

MIN_ROWS = 3
"""The fewest rows a column's kind is inferred from."""
SHARE = 2 / 3
"""The share of rows the winning measure must match."""

Row = tuple[tuple[str, ...], int]
"""A row's node (or pair) and the number its cell states."""


@dataclass(frozen=True)
class Shaped:
    """One statement of a run: its skeleton, its node (or pair), its number and its span."""

    skeleton: str
    nodes: tuple[str, ...]
    value: int
    start: int
    end: int


def runs(statements: Sequence[Shaped | None]) -> list[list[Shaped]]:
    """The runs of at least :data:`MIN_ROWS` consecutive statements of one skeleton (``None``,
    a statement of no such shape, breaks a run); not a run whose numbers count up by one in
    order (``Step 1: A``, ``Step 2: B``, ...: an enumeration, no measure)."""
    found: list[list[Shaped]] = []
    current: list[Shaped] = []
    for statement in [*statements, None]:
        if statement is not None and current and statement.skeleton == current[0].skeleton:
            current.append(statement)
            continue
        values = [s.value for s in current]
        if len(current) >= MIN_ROWS and values != list(range(values[0], values[0] + len(values))):
            found.append(current)  # (values counting up by one from the first: an enumeration)
        current = [] if statement is None else [statement]
    return found


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
