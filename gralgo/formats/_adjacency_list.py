"""Adjacency list: one line per node, ``"A" (weight 3): "B" (weight 7), "C"``.

Each edge appears on both endpoints' lines; parsing checks that both copies agree.
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


def render(nodes: list[NodeRow], edges: list[EdgeRow], written: Mapping[str, str]) -> str:
    """``written``: each node label as the text shows it (a JSON string, or an id)."""
    # Per node: (position of the neighbour in ``nodes``, the neighbour's item), sorted below.
    incident: dict[str, list[tuple[int, str]]] = {label: [] for label, _ in nodes}
    position = {label: i for i, (label, _) in enumerate(nodes)}
    attributes = write_attributes
    for u, v, weight, relation in edges:
        suffix = "" if weight is None and relation is None else attributes(weight, relation)
        incident[u].append((position[v], written[v] + suffix))
        incident[v].append((position[u], written[u] + suffix))
    lines = []
    for label, weight in nodes:
        row = incident[label]
        row.sort()  # positions are distinct: the items never decide
        head = written[label] if weight is None else written[label] + attributes(weight)
        lines.append(f"{head}: {', '.join([item for _, item in row])}" if row else f"{head}:")
    return "\n".join(lines)


def parse(text: str, codec: LabelCodec) -> tuple[list[NodeRow], list[EdgeRow]]:
    nodes: list[NodeRow] = []
    found: dict[frozenset[str], tuple[EdgeRow, int]] = {}
    sides: dict[frozenset[str], set[str]] = {}
    edge_order: list[frozenset[str]] = []
    lines = text.strip("\n").split("\n") if text.strip("\n") else []
    for line_no, line in enumerate(lines, start=1):
        cursor = Cursor(line, line_no)
        label = codec.read(cursor)
        weight, _ = read_attributes(cursor)
        cursor.expect(":")
        cursor.accept(" ")
        nodes.append(NodeRow(label, weight))
        for other, e_weight, relation in split_items(cursor, codec.read):
            key = frozenset((label, other))
            if label == other or label in sides.setdefault(key, set()):
                raise GraphTextError(f"line {line_no}: neighbour {other!r} repeated or a self-loop")
            sides[key].add(label)
            edge = EdgeRow(min(label, other), max(label, other), e_weight, relation)
            if key not in found:
                found[key] = (edge, line_no)
                edge_order.append(key)
            elif found[key][0] != edge:
                raise GraphTextError(
                    f"line {line_no}: edge {label!r} -- {other!r} disagrees with line "
                    f"{found[key][1]} (weights or relations differ)"
                )
    for key in edge_order:
        if len(sides[key]) != 2:
            edge, line_no = found[key]
            raise GraphTextError(
                f"line {line_no}: edge {edge.u!r} -- {edge.v!r} is missing from the other "
                "endpoint's line"
            )
    return nodes, [found[key][0] for key in edge_order]
