"""DBLP co-authorship: authors joined by co-written papers, weight = number of such papers.

Three inputs are read: the DBLP side of the Leipzig DBLP-Scholar benchmark (``DBLP.csv``: id,
title, authors, venue, year; Latin-1; authors comma-separated), the full ``dblp.xml(.gz)``
(streamed; its DTD's named character entities are resolved from the HTML entity table), and a
simple tab-separated author-pair list (``author<TAB>author[<TAB>count]``).
"""

from __future__ import annotations

import html.entities
import io
import re
import xml.etree.ElementTree as ET
from array import array
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from gralgo.errors import SourceFileError
from gralgo.graphs.sources._assemble import EdgeTable, NameIndex
from gralgo.graphs.sources._files import iter_csv_rows, iter_data_lines, open_binary

_ENTITY = re.compile(rb"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = frozenset({b"amp", b"lt", b"gt", b"quot", b"apos"})
_CHUNK_BYTES = 1 << 20


class _CoauthorCounter:
    """Accumulates author-pair counts; one call per paper."""

    def __init__(self) -> None:
        self.authors = NameIndex()
        self.src = array("q")
        self.dst = array("q")
        self.weights = array("q")

    def add_paper(self, authors: Sequence[str]) -> None:
        ids = sorted({self.authors.id(a) for a in (x.strip() for x in authors) if a})
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                self.add_pair(a, b, 1)

    def add_pair(self, a: int, b: int, count: int) -> None:
        self.src.append(a)
        self.dst.append(b)
        self.weights.append(count)

    def table(self) -> EdgeTable:
        return EdgeTable(
            names=self.authors.names,
            src=np.asarray(self.src, dtype=np.int64),
            dst=np.asarray(self.dst, dtype=np.int64),
            weights=np.asarray(self.weights, dtype=np.int64),
            combine="sum",
        )


def parse_dblp_csv(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Co-authorship from ``files['csv']`` (header row required; ``options['encoding']``)."""
    path = files["csv"]
    counter = _CoauthorCounter()
    rows = iter_csv_rows(path, str(options["encoding"]))
    _, header = next(rows, (1, []))
    header = [h.strip().lower() for h in header]
    if "authors" not in header:
        raise SourceFileError(path, f"header has no 'authors' column: {header}", 1)
    column = header.index("authors")
    for line, row in rows:
        if len(row) != len(header):
            raise SourceFileError(path, f"expected {len(header)} columns, got {len(row)}", line)
        counter.add_paper(row[column].split(","))
    return counter.table()


def parse_dblp_pairs(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Co-authorship from ``files['pairs']``: ``author<TAB>author[<TAB>count]`` per line."""
    path = files["pairs"]
    counter = _CoauthorCounter()
    for number, line in iter_data_lines(path):
        fields = line.split("\t")
        if len(fields) not in (2, 3) or not fields[0].strip() or not fields[1].strip():
            raise SourceFileError(
                path, f"expected 2 or 3 tab-separated fields, got {len(fields)}", number
            )
        try:
            count = int(fields[2]) if len(fields) == 3 else 1
        except ValueError as err:
            raise SourceFileError(path, f"count {fields[2]!r} is not an integer", number) from err
        if count <= 0:
            raise SourceFileError(path, f"count must be positive, got {count}", number)
        a, b = counter.authors.id(fields[0].strip()), counter.authors.id(fields[1].strip())
        counter.add_pair(a, b, count)
    return counter.table()


def parse_dblp_xml(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Co-authorship from ``files['xml']`` (dblp.xml, optionally gzipped), streamed.

    Only records whose element name is in ``options['publication_types']`` count (``www``
    records list a person's name variants, not co-authors, and are excluded by default).
    """
    path = files["xml"]
    kinds = frozenset(str(k) for k in options["publication_types"])
    counter = _CoauthorCounter()
    reader = _RecordReader(kinds, counter)
    try:
        with open_binary(path) as handle:
            for chunk in _entity_resolved_chunks(handle):
                reader.feed(chunk)
        reader.close()
    except ET.ParseError as err:
        raise SourceFileError(path, f"malformed XML ({err.msg})", err.position[0]) from err
    return counter.table()


class _RecordReader:
    """Feeds XML bytes and counts each finished top-level record, then frees it."""

    def __init__(self, kinds: frozenset[str], counter: _CoauthorCounter) -> None:
        self._parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start", "end"))
        self._kinds, self._counter = kinds, counter
        self._root: ET.Element | None = None
        self._depth = 0

    def feed(self, data: bytes) -> None:
        self._parser.feed(data)
        self._drain()

    def close(self) -> None:
        self._parser.close()
        self._drain()

    def _drain(self) -> None:
        for record in self._parser.read_events():
            event, elem = record[0], record[-1]
            if not isinstance(elem, ET.Element):  # only start/end were asked: never ns events
                continue
            if event == "start":
                self._depth += 1
                if self._root is None:
                    self._root = elem
                continue
            self._depth -= 1
            if self._depth == 1 and self._root is not None:
                if elem.tag in self._kinds:
                    self._counter.add_paper([a.text or "" for a in elem.iter("author")])
                self._root.clear()  # keeps memory flat on the multi-GB file


def _entity_resolved_chunks(handle: io.BufferedIOBase) -> Iterator[bytes]:
    """The file's bytes with DTD named entities (``&uuml;``) replaced by character references.

    dblp.xml relies on dblp.dtd for these entities, which expat does not load; the DTD defines
    the standard HTML/ISO-8859 names, so Python's HTML entity table resolves them.
    """
    carry = b""
    while True:
        block = handle.read(_CHUNK_BYTES)
        data = carry + block
        if not block:
            if data:
                yield _ENTITY.sub(_char_reference, data)
            return
        cut = data.rfind(b"&")
        if cut == -1 or b";" in data[cut:] or len(data) - cut > 64:
            cut = len(data)
        carry = data[cut:]
        yield _ENTITY.sub(_char_reference, data[:cut])


def _char_reference(match: re.Match[bytes]) -> bytes:
    name = match.group(1)
    if name in _XML_ENTITIES:
        return match.group(0)
    code = html.entities.name2codepoint.get(name.decode("ascii"))
    return match.group(0) if code is None else f"&#{code};".encode("ascii")
