"""Read a certificate from a model's box: split the items, match names to the graph's nodes.

Models write lists every which way (commas, semicolons, brackets, quotes, arrows, one per line,
``(u, v, w)`` edge triples), and real node names contain commas, dashes and quotes themselves.
Names are matched after the dataset's node normalisation (``normalize_answer(name, "node")``), or
as node numbers under ``numeric_ids``; adjacent pieces are re-joined when the join is a name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import networkx as nx

from gralgo.score._normalize import normalize_answer
from gralgo.tasks._certificate import CertificateAnswer, CertificateShape


class NodeNames:
    """Resolves a name (or a node number under ``numeric_ids``) written in an answer to a node.

    Names are compared after ``normalize_answer(name, "node")``, exactly as node answers are
    scored; numbers are the ``numeric_ids`` ids (sorted-name order).
    """

    def __init__(self, graph: nx.Graph, numeric_ids: bool = False) -> None:
        self.numeric_ids = numeric_ids
        names = sorted(graph.nodes())
        if numeric_ids:
            self._by_key = {str(i): name for i, name in enumerate(names)}
        else:
            self._by_key = {}
            for name in names:
                key = normalize_answer(str(name), "node")
                if key is not None:
                    self._by_key.setdefault(key, name)

    def resolve(self, written: str) -> str | None:
        """The node ``written`` names, or ``None``."""
        written = written.strip()
        if self.numeric_ids:
            written = written.strip("\"'` ")
            if written.lower().startswith("node "):
                written = written[5:].strip()
            return self._by_key.get(written)
        for candidate in (written, _ANNOTATION.sub("", written)):
            key = normalize_answer(candidate, "node")
            node = None if key is None else self._by_key.get(key)
            if node is not None:
                return node
        return None


# "Paris (degree 5)", "Paris: 5", "Paris with degree 5": tried only when the whole text is no name.
_ANNOTATION = re.compile(
    r"\s*(?:\([^()]*\)|\[[^\[\]]*\]|[:=]\s*[+-]?\d+(?:\.\d+)?|\s(?:with|has)\s.*)\s*$"
)


# ---------------------------------------------------------------------------------------------
# Reading lists

_SEPARATOR = re.compile(
    r"\s*(?:<->|<=>|-->|->|=>|—>|→|⟶|↔|⇒|,|;|\n|\s[-–—]\s|\s+and\s+|\s+to\s+)\s*"
)
_OUTER = (("[", "]"), ("(", ")"), ("{", "}"), ("\\{", "\\}"), ("\\left\\{", "\\right\\}"))
_GROUP = re.compile(r"[\(\[]([^\(\)\[\]]*)[\)\]]")
_MAX_MERGE = 8


def strip_outer(text: str) -> str:
    """Remove wrapping brackets, braces and LaTeX set braces (repeatedly)."""
    text = text.strip()
    changed = True
    while changed:
        changed = False
        for opening, closing in sorted(_OUTER, key=lambda pair: -len(pair[0])):
            if text.startswith(opening) and text.endswith(closing) and len(text) > len(opening):
                inner = text[len(opening) : len(text) - len(closing)]
                if _balanced(inner):
                    text, changed = inner.strip(), True
                    break
    return text


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += char in "([{"
        depth -= char in ")]}"
        if depth < 0:
            return False
    return depth == 0


def read_nodes(text: str, names: NodeNames) -> CertificateAnswer:
    """Split ``text`` into node items and resolve them.

    Separators are commas, semicolons, new lines, arrows, `` - `` and ``and``; since names may
    themselves contain commas or dashes, adjacent pieces are re-joined when the joined text
    names a node (fewest unknown items wins, then most nodes). Quoted items are taken whole.
    """
    text = strip_outer(text)
    quoted = re.findall(r'"([^"]+)"', text)
    if quoted and not names.numeric_ids:
        rest = re.sub(r'"[^"]+"', "", text)
        if not re.search(r"\w", _SEPARATOR.sub("", rest)):
            return _resolve_all([q for q in quoted], names)
    pieces: list[tuple[int, int]] = []
    position = 0
    for match in _SEPARATOR.finditer(text):
        pieces.append((position, match.start()))
        position = match.end()
    pieces.append((position, len(text)))
    pieces = [(a, b) for a, b in pieces if text[a:b].strip()]
    if not pieces:
        return CertificateAnswer()
    # best[i] = (unknown count, -node count, items) for the first i pieces
    best: list[tuple[int, int, list[tuple[str, str | None]]] | None] = [None] * (len(pieces) + 1)
    best[0] = (0, 0, [])
    for end in range(1, len(pieces) + 1):
        for start in range(max(0, end - _MAX_MERGE), end):
            previous = best[start]
            if previous is None:
                continue
            written = _clean_item(text[pieces[start][0] : pieces[end - 1][1]])
            node = names.resolve(written)
            if node is None and end - start > 1:
                continue  # only single pieces may stay unknown
            cost = (previous[0] + (node is None), previous[1] - (node is not None))
            if best[end] is None or cost < best[end][:2]:  # type: ignore[index]
                best[end] = (*cost, [*previous[2], (written, node)])
    final = best[-1]
    assert final is not None
    return CertificateAnswer(
        nodes=[node for _, node in final[2] if node is not None],
        unknown=[written for written, node in final[2] if node is None and written],
    )


def _clean_item(item: str) -> str:
    return strip_outer(item.strip().strip("\"'`“”‘’").strip())


def _resolve_all(items: Sequence[str], names: NodeNames) -> CertificateAnswer:
    resolved = [(item, names.resolve(item)) for item in items]
    return CertificateAnswer(
        nodes=[node for _, node in resolved if node is not None],
        unknown=[item for item, node in resolved if node is None],
    )


def read_edges(text: str, names: NodeNames) -> tuple[list[tuple[str, str]], list[str]]:
    """Edges written as ``(A, B)``, ``[A, B, w]``, ``A - B``, ``A -> B`` (one per line or
    group); a trailing weight is ignored. Returns the edges and the items naming no node."""
    body = text.strip()
    groups = _GROUP.findall(body)
    if not groups or not re.fullmatch(r"[\s,;\[\]{}\\]*", _GROUP.sub("", body)):
        body = strip_outer(body)
        groups = [g for g in re.split(r"\s*(?:\n|;|\\\\)\s*", body) if g.strip()]
    edges: list[tuple[str, str]] = []
    unknown: list[str] = []
    for group in groups:
        read = read_nodes(group, names)
        items = read.nodes
        leftovers = [u for u in read.unknown if not _is_number(u)]
        if leftovers:
            unknown.extend(leftovers)
            continue
        if names.numeric_ids and len(items) == 3:
            items = items[:2]  # ``(u, v, weight)`` with numeric ids: the weight resolved as a node
        if len(items) != 2:
            return edges, [*unknown, group] if not items else unknown
        edges.append((items[0], items[1]))
    return edges, unknown


def _is_number(text: str) -> bool:
    return (
        re.fullmatch(
            r"[(\[]?\s*(?:w\s*=\s*|weight\s*:?\s*)?[+-]?\d+(?:\.\d+)?\s*[)\]]?", text.strip(), re.I
        )
        is not None
    )


def read_certificate(text: str, shape: CertificateShape, names: NodeNames) -> CertificateAnswer:
    """The box content ``text`` read as a certificate of ``shape``."""
    if shape == "edges":
        edges, unknown = read_edges(text, names)
        return CertificateAnswer(edges=edges, unknown=unknown)
    return read_nodes(text, names)
