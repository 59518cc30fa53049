"""Wikipedia hyperlink graphs: SNAP Wikispeedia (TSV) and SNAP wiki-topcats (id edge list).

Links are made undirected and deduplicated. Wikispeedia titles are URL-encoded with ``_`` for
space and are decoded to plain titles. wiki-topcats page names shared by several ids get
``" #<id>"`` appended.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import numpy as np

from gralgo.errors import SourceFileError
from gralgo.graphs.sources._assemble import EdgeTable, NameIndex, disambiguate
from gralgo.graphs.sources._files import iter_data_lines

_CHUNK_LINES = 1 << 20


def decode_title(encoded: str) -> str:
    """``"%C3%85land_Islands"`` -> ``"Åland Islands"``."""
    return unquote(encoded.strip(), encoding="utf-8", errors="strict").replace("_", " ")


def parse_wikispeedia(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Graph from Wikispeedia ``links.tsv`` (+ optional ``articles.tsv`` for isolated articles)."""
    titles = NameIndex()
    if files.get("articles") is not None:
        for number, line in iter_data_lines(files["articles"]):
            titles.id(_decode(files["articles"], number, line))
    src = array("q")
    dst = array("q")
    links = files["links"]
    for number, line in iter_data_lines(links):
        parts = line.split("\t")
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise SourceFileError(
                links, f"expected 2 tab-separated titles, got {len(parts)} field(s)", number
            )
        src.append(titles.id(_decode(links, number, parts[0])))
        dst.append(titles.id(_decode(links, number, parts[1])))
    return EdgeTable(
        names=titles.names,
        src=np.asarray(src, dtype=np.int64),
        dst=np.asarray(dst, dtype=np.int64),
    )


def _decode(path: Path, number: int, encoded: str) -> str:
    try:
        return decode_title(encoded)
    except UnicodeDecodeError as err:
        raise SourceFileError(
            path, f"title is not valid URL-encoded UTF-8 ({err})", number
        ) from err


def parse_topcats(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Graph from ``wiki-topcats.txt`` (``src dst`` per line, 0-based ids) and
    ``wiki-topcats-page-names.txt`` (``id name`` per line); both may be gzip-compressed."""
    ids, names = _read_page_names(files["names"])
    if ids.size == 0:
        raise SourceFileError(files["names"], "no page names found")
    position = np.full(int(ids.max()) + 1, -1, dtype=np.int64)
    position[ids] = np.arange(ids.shape[0], dtype=np.int64)
    src_parts: list[np.ndarray] = []
    dst_parts: list[np.ndarray] = []
    for numbers, pairs in _edge_chunks(files["edges"]):
        inside = (pairs >= 0) & (pairs < position.shape[0])
        mapped = np.where(inside, position[np.where(inside, pairs, 0)], -1)
        bad = np.flatnonzero((mapped < 0).any(axis=1))
        if bad.size:
            row = int(bad[0])
            raise SourceFileError(
                files["edges"],
                f"page id {pairs[row].tolist()} has no entry in {files['names']}",
                int(numbers[row]),
            )
        src_parts.append(mapped[:, 0])
        dst_parts.append(mapped[:, 1])
    empty = np.empty(0, dtype=np.int64)
    return EdgeTable(
        names=disambiguate(names, ids.tolist()),
        src=np.concatenate(src_parts) if src_parts else empty,
        dst=np.concatenate(dst_parts) if dst_parts else empty,
    )


def _read_page_names(path: Path) -> tuple[np.ndarray, list[str]]:
    ids = array("q")
    names: list[str] = []
    seen: set[int] = set()
    for number, line in iter_data_lines(path):
        head, _, name = line.partition(" ")
        try:
            page_id = int(head)
        except ValueError as err:
            raise SourceFileError(path, f"page id {head!r} is not an integer", number) from err
        if page_id < 0 or page_id in seen:
            raise SourceFileError(path, f"page id {page_id} is negative or repeated", number)
        seen.add(page_id)
        ids.append(page_id)
        names.append(name.strip() or f"page {page_id}")
    return np.asarray(ids, dtype=np.int64), names


def _edge_chunks(path: Path) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(line numbers, int64 array of shape (k, 2)) per chunk of the edge list, streamed."""
    lines = iter_data_lines(path)
    while True:
        chunk = list(itertools.islice(lines, _CHUNK_LINES))
        if not chunk:
            return
        numbers = np.fromiter((n for n, _ in chunk), dtype=np.int64, count=len(chunk))
        tokens = " ".join(text for _, text in chunk).split()
        try:
            if len(tokens) != 2 * len(chunk):
                raise ValueError
            pairs = np.asarray(tokens, dtype=np.int64).reshape(-1, 2)
        except ValueError:
            _raise_first_bad_line(path, chunk)
            raise  # unreachable: the chunk has a bad line
        yield numbers, pairs


def _raise_first_bad_line(path: Path, chunk: list[tuple[int, str]]) -> None:
    for number, text in chunk:
        fields = text.split()
        if len(fields) != 2:
            raise SourceFileError(path, f"expected 2 page ids, got {len(fields)} field(s)", number)
        for field in fields:
            try:
                int(field)
            except ValueError as err:
                raise SourceFileError(path, f"page id {field!r} is not an integer", number) from err
