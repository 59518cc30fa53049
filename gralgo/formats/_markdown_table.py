"""Markdown tables: a node table (``| Node | Weight |``) and an edge table
(``| Source | Target | Weight | Relation |``); ``|`` inside a cell is written ``\\|``."""

from __future__ import annotations

import re
from collections.abc import Mapping

from gralgo.formats._syntax import (
    NAMES,
    Cursor,
    EdgeRow,
    GraphTextError,
    LabelCodec,
    NodeRow,
    json_literal,
)

# A cell separator is a pipe not preceded by a backslash (cell text never ends in a backslash
# because separators are always padded with a space).
_SEPARATOR = re.compile(r"(?<!\\)\|")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    return [_row(header), "| " + " | ".join("---" for _ in header) + " |"] + [_row(r) for r in rows]


def render(nodes: list[NodeRow], edges: list[EdgeRow], written: Mapping[str, str]) -> str:
    """``written``: each node label as the text shows it (a JSON string, or an id)."""
    node_weights = any(n.weight is not None for n in nodes)
    edge_weights = any(e.weight is not None for e in edges)
    relations = any(e.relation is not None for e in edges)
    node_header = ["Node"] + (["Weight"] if node_weights else [])
    cell = {n.label: _cell(written[n.label]) for n in nodes}  # each name escaped once
    node_lines = [
        f"| {cell[n.label]} | {_number(n.weight)} |" if node_weights else f"| {cell[n.label]} |"
        for n in nodes
    ]
    edge_header = (
        ["Source", "Target"]
        + (["Weight"] if edge_weights else [])
        + (["Relation"] if relations else [])
    )
    if not edge_weights and not relations:
        edge_lines = [f"| {cell[e.u]} | {cell[e.v]} |" for e in edges]
    elif not relations:
        edge_lines = [f"| {cell[e.u]} | {cell[e.v]} | {_number(e.weight)} |" for e in edges]
    else:
        edge_lines = [
            "| "
            + " | ".join(
                [cell[e.u], cell[e.v]]
                + ([_number(e.weight)] if edge_weights else [])
                + [_cell(json_literal(e.relation)) if e.relation is not None else ""]
            )
            + " |"
            for e in edges
        ]
    return "\n".join(
        _table(node_header, []) + node_lines + [""] + _table(edge_header, []) + edge_lines
    )


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def _split(line: str, line_no: int) -> list[str]:
    if not (line.startswith("| ") and line.endswith(" |")):
        raise GraphTextError(f"line {line_no}: a table row must look like '| ... |': {line!r}")
    cells = _SEPARATOR.split(line[1:-1])
    return [c.strip(" ").replace("\\|", "|") for c in cells]


def _read_tables(text: str) -> list[tuple[int, list[str], list[tuple[int, list[str]]]]]:
    """(first line number, header, [(line number, cells)]) for each blank-line-separated table."""
    tables = []
    block: list[tuple[int, str]] = []
    for line_no, line in enumerate(text.strip("\n").split("\n") + [""], start=1):
        if line.strip():
            block.append((line_no, line))
            continue
        if block:
            if len(block) < 2:
                raise GraphTextError(f"line {block[0][0]}: a table needs a header and a rule")
            header = _split(block[0][1], block[0][0])
            rows = [(no, _split(row, no)) for no, row in block[2:]]
            tables.append((block[0][0], header, rows))
            block = []
    return tables


def parse(text: str, codec: LabelCodec) -> tuple[list[NodeRow], list[EdgeRow]]:
    tables = _read_tables(text)
    if len(tables) != 2 or tables[0][1][0] != "Node" or tables[1][1][:2] != ["Source", "Target"]:
        raise GraphTextError("expected a 'Node' table followed by a 'Source | Target' table")
    _, node_header, node_rows = tables[0]
    _, edge_header, edge_rows = tables[1]
    nodes = []
    for line_no, cells in node_rows:
        values = _columns(node_header, cells, line_no)
        nodes.append(
            NodeRow(_label(values["Node"], codec, line_no), _int(values.get("Weight"), line_no))
        )
    edges = []
    for line_no, cells in edge_rows:
        values = _columns(edge_header, cells, line_no)
        relation = values.get("Relation") or None
        edges.append(
            EdgeRow(
                _label(values["Source"], codec, line_no),
                _label(values["Target"], codec, line_no),
                _int(values.get("Weight"), line_no),
                None if relation is None else _label(relation, NAMES, line_no),
            )
        )
    return nodes, edges


def _columns(header: list[str], cells: list[str], line_no: int) -> dict[str, str]:
    if len(cells) != len(header):
        raise GraphTextError(
            f"line {line_no}: {len(cells)} cells but the header has {len(header)} columns"
        )
    return dict(zip(header, cells, strict=True))


def _whole(cell: str, line_no: int) -> Cursor:
    return Cursor(cell, line_no)


def _label(cell: str, codec: LabelCodec, line_no: int) -> str:
    cursor = _whole(cell, line_no)
    label = codec.read(cursor)
    cursor.expect_end()
    return label


def _int(cell: str | None, line_no: int) -> int | None:
    if cell is None or cell == "":
        return None
    cursor = _whole(cell, line_no)
    value = cursor.integer()
    cursor.expect_end()
    return value
