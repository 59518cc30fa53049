"""Edge list: a one-line node list, then one undirected edge per line (``"A" -- "B"``).

Also the layout of ``numeric_ids``, which writes integer ids instead of quoted names.
"""

from __future__ import annotations

from collections.abc import Mapping

from gralgo.formats._syntax import (
    Cursor,
    EdgeRow,
    GraphTextError,
    LabelCodec,
    NodeRow,
    read_attributes,
    split_items,
    write_attributes,
)

NODES_HEADER = "Nodes: "
EDGES_HEADER = "Edges:"
NO_EDGES = "Edges: (none)"


def render(nodes: list[NodeRow], edges: list[EdgeRow], written: Mapping[str, str]) -> str:
    """``written``: each node label as the text shows it (a JSON string, or an id)."""
    attributes = write_attributes
    node_items = ", ".join(
        [
            written[label] if weight is None else written[label] + attributes(weight)
            for label, weight in nodes
        ]
    )
    lines = [NODES_HEADER + node_items]
    if not edges:
        lines.append(NO_EDGES)
    else:
        lines.append(EDGES_HEADER)
        lines += [
            f"{written[u]} -- {written[v]}"
            if weight is None and relation is None
            else f"{written[u]} -- {written[v]}{attributes(weight, relation)}"
            for u, v, weight, relation in edges
        ]
    return "\n".join(lines)


def parse(text: str, codec: LabelCodec) -> tuple[list[NodeRow], list[EdgeRow]]:
    lines = text.strip("\n").split("\n")
    if len(lines) < 2:
        raise GraphTextError("an edge list needs a 'Nodes:' line and an 'Edges:' line")
    head = Cursor(lines[0], 1)
    head.expect(NODES_HEADER.rstrip())
    head.accept(" ")
    nodes = [NodeRow(label, weight) for label, weight, _ in split_items(head, codec.read)]
    if lines[1] == NO_EDGES:
        if len(lines) > 2:
            raise GraphTextError(f"line 3: unexpected text after {NO_EDGES!r}")
        return nodes, []
    if lines[1] != EDGES_HEADER:
        raise GraphTextError(f"line 2: expected {EDGES_HEADER!r}, got {lines[1]!r}")
    edges = []
    for line_no, line in enumerate(lines[2:], start=3):
        cursor = Cursor(line, line_no)
        u = codec.read(cursor)
        cursor.expect(" -- ")
        v = codec.read(cursor)
        weight, relation = read_attributes(cursor)
        cursor.expect_end()
        edges.append(EdgeRow(u, v, weight, relation))
    return nodes, edges
