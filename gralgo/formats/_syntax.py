"""The pieces every graph format shares: rows, node-label codecs, attribute syntax, a line cursor.

A format writes a graph as rows (nodes with an optional weight; edges with an optional weight and
relation). Node labels are written by a codec: JSON string literals for named formats (so any
name — commas, quotes, pipes, non-ASCII — is unambiguous) or bare integers for ``numeric_ids``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from gralgo.errors import GralgoError


class GraphTextError(GralgoError, ValueError):
    """Text that is not a well-formed rendering of a graph in the expected format."""


class NodeRow(NamedTuple):
    """One node as a format shows it (a named tuple: a build makes one per node per graph)."""

    label: str
    """The node's identity in this format: its name, or its id as a string for numeric ids."""
    weight: int | None = None
    """The node weight, when the rendering shows node weights."""


class EdgeRow(NamedTuple):
    """One undirected edge as a format shows it (``u`` sorts before ``v``; a named tuple)."""

    u: str
    v: str
    weight: int | None = None
    """The edge weight, when the rendering shows edge weights."""
    relation: str | None = None
    """The relation name (DBpedia), when the rendering shows relations."""


_INTEGER = re.compile(r"-?\d+")
_DECODER = json.JSONDecoder()


class Cursor:
    """Reads one line of a rendering left to right; errors name the line and column."""

    def __init__(self, line: str, line_no: int) -> None:
        self.line, self.line_no, self.pos = line, line_no, 0

    def fail(self, expected: str) -> GraphTextError:
        return GraphTextError(
            f"line {self.line_no}, column {self.pos + 1}: expected {expected} in {self.line!r}"
        )

    def at_end(self) -> bool:
        return self.pos >= len(self.line)

    def peek(self, literal: str) -> bool:
        return self.line.startswith(literal, self.pos)

    def accept(self, literal: str) -> bool:
        if self.peek(literal):
            self.pos += len(literal)
            return True
        return False

    def expect(self, literal: str) -> None:
        if not self.accept(literal):
            raise self.fail(repr(literal))

    def expect_end(self) -> None:
        if not self.at_end():
            raise self.fail("end of line")

    def json_string(self) -> str:
        if not self.peek('"'):
            raise self.fail("a double-quoted name")
        try:
            value, end = _DECODER.raw_decode(self.line, self.pos)
        except json.JSONDecodeError as err:
            raise self.fail(f"a valid JSON string literal ({err.msg})") from err
        self.pos = end
        return str(value)

    def integer(self) -> int:
        match = _INTEGER.match(self.line, self.pos)
        if match is None:
            raise self.fail("an integer")
        self.pos = match.end()
        return int(match.group())


@dataclass(frozen=True)
class LabelCodec:
    """How node labels are written and read back."""

    numeric: bool
    """Labels are integer ids (written bare) rather than names (written as JSON strings)."""

    def write(self, label: str) -> str:
        return label if self.numeric else json_literal(label)

    def read(self, cursor: Cursor) -> str:
        return str(cursor.integer()) if self.numeric else cursor.json_string()


NAMES = LabelCodec(numeric=False)
IDS = LabelCodec(numeric=True)


_ENCODE_STRING = json.JSONEncoder(ensure_ascii=False).encode


@functools.lru_cache(maxsize=1 << 16)
def json_literal(text: str) -> str:
    """``text`` as a one-line JSON string literal, keeping non-ASCII characters readable.

    Cached: a name is written once per edge it touches, in every format.
    """
    return _ENCODE_STRING(text)


@functools.lru_cache(maxsize=1 << 16)
def write_attributes(weight: int | None, relation: str | None = None) -> str:
    """`` (relation "spouse", weight 7)``, `` (weight 7)``, or ``""`` when there is nothing.

    Cached: a build writes the same few weights and relations on every edge, in three formats.
    """
    parts = []
    if relation is not None:
        parts.append(f"relation {json_literal(relation)}")
    if weight is not None:
        parts.append(f"weight {weight}")
    return f" ({', '.join(parts)})" if parts else ""


def read_attributes(cursor: Cursor) -> tuple[int | None, str | None]:
    """Read an optional attribute suffix written by :func:`write_attributes`."""
    if not cursor.accept(" ("):
        return None, None
    weight: int | None = None
    relation: str | None = None
    if cursor.accept("relation "):
        relation = cursor.json_string()
        if cursor.accept(", weight "):
            weight = cursor.integer()
    elif cursor.accept("weight "):
        weight = cursor.integer()
    else:
        raise cursor.fail("'relation' or 'weight'")
    cursor.expect(")")
    return weight, relation


def split_items(
    cursor: Cursor, read_item: Callable[[Cursor], str]
) -> list[tuple[str, int | None, str | None]]:
    """Read ``item, item, ...`` to the end of the line (an empty rest gives no items)."""
    items: list[tuple[str, int | None, str | None]] = []
    if cursor.at_end():
        return items
    while True:
        label = read_item(cursor)
        weight, relation = read_attributes(cursor)
        items.append((label, weight, relation))
        if cursor.at_end():
            return items
        cursor.expect(", ")
