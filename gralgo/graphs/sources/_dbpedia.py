"""DBpedia knowledge graphs: DBpedia50 TSV splits and DBpedia N-Triples dumps.

Entities become nodes named by their resource local name (URL-decoded, ``_`` -> space) or, for
N-Triples with a ``labels`` file, by their label; each edge carries its relation name as label
(the smallest relation code wins when several relations join one pair).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import numpy as np

from gralgo.errors import ConfigError, SourceFileError
from gralgo.graphs.sources._assemble import EdgeTable, NameIndex, disambiguate
from gralgo.graphs.sources._files import iter_data_lines

SPLIT_ROLES = ("train", "valid", "test")
_IRI = r"<([^<>\s]*)>"
_TRIPLE = re.compile(rf"^\s*{_IRI}\s+{_IRI}\s+(.+?)\s*\.\s*$")
_LITERAL = re.compile(r'^"((?:[^"\\]|\\.)*)"(?:@([A-Za-z0-9-]+)|\^\^<[^>]*>)?$')
_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[tbnrf\"'\\])")
_SIMPLE_ESCAPES = {
    "t": "\t",
    "b": "\b",
    "n": "\n",
    "r": "\r",
    "f": "\f",
    '"': '"',
    "'": "'",
    "\\": "\\",
}


def resource_title(local_name: str) -> str:
    """``"Princeton,_New_Jersey"`` or ``"Caf%C3%A9"`` -> readable title."""
    return unquote(local_name).replace("_", " ").strip()


def relation_name(iri: str) -> str:
    """Local name of a predicate IRI (after the last ``/`` or ``#``)."""
    return re.split(r"[/#]", iri)[-1]


def unescape_ntriples(text: str) -> str:
    """Decode N-Triples string escapes (``\\"``, ``\\uXXXX``, ...)."""

    def replace(match: re.Match[str]) -> str:
        code = match.group(1)
        return chr(int(code[1:], 16)) if code[0] in "uU" else _SIMPLE_ESCAPES[code]

    return _ESCAPE.sub(replace, text)


def parse_dbpedia50(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Merge the DBpedia50 splits named in ``options['splits']`` (TSV: head, tail, relation)."""
    splits = _splits(files, options)
    entities, relations = NameIndex(), NameIndex()
    src = array("q")
    dst = array("q")
    rel = array("q")
    for role in splits:
        path = files[role]
        for number, line in iter_data_lines(path):
            fields = line.split("\t")
            if len(fields) != 3 or not all(f.strip() for f in fields):
                raise SourceFileError(
                    path,
                    f"expected 3 tab-separated fields (head, tail, relation), got {len(fields)}",
                    number,
                )
            head, tail, relation = (f.strip() for f in fields)
            src.append(entities.id(resource_title(head) or head))
            dst.append(entities.id(resource_title(tail) or tail))
            rel.append(relations.id(relation))
    return _table(entities.names, src, dst, rel, relations.names)


def _splits(files: Mapping[str, Path], options: Mapping[str, Any]) -> list[str]:
    splits = list(options.get("splits") or [r for r in SPLIT_ROLES if r in files])
    unknown = [s for s in splits if s not in SPLIT_ROLES]
    missing = [s for s in splits if s in SPLIT_ROLES and s not in files]
    if unknown or missing or not splits:
        raise ConfigError(
            f"option splits={splits}: each split must be one of {list(SPLIT_ROLES)} and have a "
            f"file under `files:` (missing: {missing}, unknown: {unknown})"
        )
    return splits


def parse_ntriples(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Resource-to-resource triples of ``files['objects']`` (e.g. mappingbased-objects.nt),
    named by ``files['labels']`` (rdfs:label triples) when given, else by local name."""
    prefix = str(options["resource_prefix"])
    entities, relations = NameIndex(), NameIndex()
    src = array("q")
    dst = array("q")
    rel = array("q")
    path = files["objects"]
    for number, line in iter_data_lines(path):
        subject, predicate, obj = _split_triple(path, number, line)
        if not (
            subject.startswith(prefix) and obj.startswith("<") and obj[1:-1].startswith(prefix)
        ):
            continue
        src.append(entities.id(subject[len(prefix) :]))
        dst.append(entities.id(obj[1 + len(prefix) : -1]))
        rel.append(relations.id(relation_name(predicate)))
    labels = _read_labels(files["labels"], prefix) if files.get("labels") is not None else {}
    local_names = entities.names
    titles = [labels.get(local) or resource_title(local) or local for local in local_names]
    return _table(disambiguate(titles, local_names), src, dst, rel, relations.names)


def _split_triple(path: Path, number: int, line: str) -> tuple[str, str, str]:
    match = _TRIPLE.match(line)
    if match is None:
        raise SourceFileError(path, "not an N-Triples line '<s> <p> <o> .'", number)
    return match.group(1), match.group(2), match.group(3)


def _read_labels(path: Path, prefix: str) -> dict[str, str]:
    """Local name -> label; the first label per resource (English preferred) wins."""
    labels: dict[str, str] = {}
    english: set[str] = set()
    for number, line in iter_data_lines(path):
        subject, _, obj = _split_triple(path, number, line)
        literal = _LITERAL.match(obj)
        if not subject.startswith(prefix) or literal is None:
            continue
        local, lang = subject[len(prefix) :], (literal.group(2) or "").lower()
        text = unescape_ntriples(literal.group(1)).strip()
        if text and (local not in labels or (lang == "en" and local not in english)):
            labels[local] = text
            if lang == "en":
                english.add(local)
    return labels


def _table(
    names: list[str], src: array[int], dst: array[int], rel: array[int], relations: list[str]
) -> EdgeTable:
    return EdgeTable(
        names=names,
        src=np.asarray(src, dtype=np.int64),
        dst=np.asarray(dst, dtype=np.int64),
        labels=np.asarray(rel, dtype=np.int32),
        label_names=relations,
    )
