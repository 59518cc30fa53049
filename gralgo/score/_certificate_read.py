"""Read a certificate from a model's box: split the items, match names to the graph's nodes.

Models write lists every which way (commas, semicolons, brackets, quotes, arrows, one per line,
``(u, v, w)`` edge triples), and real node names contain commas, dashes and quotes themselves.
Names are matched after the task layer's node-name normalisation (``normalize_node_name``), or
as node numbers under ``numeric_ids``; adjacent pieces are re-joined when the join is a name.
"""

from __future__ import annotations

import functools
import re

import networkx as nx

from gralgo.tasks import CertificateAnswer, CertificateShape, normalize_node_name


class NodeNames:
    """Resolves a name (or a node number under ``numeric_ids``) written in an answer to a node.

    Names are compared after ``normalize_node_name`` (``gralgo.tasks``), exactly as node answers are
    scored; numbers are the ``numeric_ids`` ids (sorted-name order). A cheap key (case folded,
    whitespace collapsed) is tried first; the full normalisation only for what it misses.
    """

    def __init__(self, graph: nx.Graph[str], numeric_ids: bool = False) -> None:
        self.numeric_ids = numeric_ids
        self._names = sorted(graph.nodes())
        self.multi_starts: set[str] = set()
        """Cheap keys of the first piece of every name that contains a separator."""
        if numeric_ids:
            self._fast = {str(i): name for i, name in enumerate(self._names)}
            self.max_pieces = 1
        else:
            self._fast = {}
            self.multi_starts = set()
            self.max_pieces = 1
            for name in self._names:
                text = str(name)
                self._fast.setdefault(text, name)
                self._fast.setdefault(_fast_key(text), name)
                pieces = [p for p in _SEPARATOR.split(text) if p.strip()]
                if len(pieces) > 1:
                    self.max_pieces = max(self.max_pieces, len(pieces))
                    self.multi_starts.add(_fast_key(pieces[0]))
        self._full: dict[str, str] | None = None
        self._memo: dict[tuple[str, bool], str | None] = {}

    def resolve(self, written: str, thorough: bool = True) -> str | None:
        """The node ``written`` names, or ``None``; ``thorough=False`` skips the slow paths.

        Memoised per graph: the k samples of an instance repeat the same names."""
        key = (written, thorough)
        if key not in self._memo:
            self._memo[key] = self._resolve(written, thorough)
        return self._memo[key]

    def _resolve(self, written: str, thorough: bool) -> str | None:
        written = written.strip()
        if self.numeric_ids:
            written = written.strip("\"'` ")
            if written.lower().startswith("node "):
                written = written[5:].strip()
            return self._fast.get(written)
        node = self._fast.get(written)
        if node is not None:
            return node
        node = self._fast.get(_fast_key(written))
        if node is not None:
            return node
        stripped = _ANNOTATION.sub("", written) if written[-1:] in _ANNOTATED_ENDS else written
        if stripped != written:
            node = self._fast.get(_fast_key(stripped))
            if node is not None:
                return node
        if not thorough:
            return None
        for candidate in (written, stripped):
            key = normalize_node_name(candidate)
            node = None if key is None else self._full_map().get(key)
            if node is not None:
                return node
        return None

    def _full_map(self) -> dict[str, str]:
        if self._full is None:
            self._full = {}
            for name in self._names:
                key = normalize_node_name(str(name))
                if key is not None:
                    self._full.setdefault(key, name)
        return self._full


_QUOTE_PAIRS = (('"', '"'), ("'", "'"), ("“", "”"), ("‘", "’"), ("`", "`"))
_QUOTE_OPENERS = {pair[0] for pair in _QUOTE_PAIRS}
_ANNOTATED_ENDS = set(")]0123456789")


@functools.lru_cache(maxsize=1 << 16)
def _fast_key(text: str) -> str:
    """Case folded, whitespace collapsed, matching outer quotes removed (a subset of
    ``normalize_node_name``'s steps, applied alike to graph names and written names)."""
    text = " ".join(text.casefold().split())
    stripped = text[:1] in _QUOTE_OPENERS
    while stripped and len(text) >= 2:
        stripped = False
        for opening, closing in _QUOTE_PAIRS:
            if text[0] == opening and text[-1] == closing:
                text, stripped = text[1:-1].strip(), True
                break
    return text


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
_OUTER_LONGEST_FIRST = sorted(_OUTER, key=lambda pair: -len(pair[0]))
_OPENERS = {pair[0][0] for pair in _OUTER}
_GROUP = re.compile(r"[\(\[]([^\(\)\[\]]*)[\)\]]")


def strip_outer(text: str) -> str:
    """Remove wrapping brackets, braces and LaTeX set braces (repeatedly)."""
    text = text.strip()
    changed = True
    while changed and text[:1] in _OPENERS:
        changed = False
        for opening, closing in _OUTER_LONGEST_FIRST:
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
    pieces: list[tuple[int, int]] = []
    position = 0
    for match in _SEPARATOR.finditer(text):
        pieces.append((position, match.start()))
        position = match.end()
    pieces.append((position, len(text)))
    pieces = [(a, b) for a, b in pieces if text[a:b].strip()]
    if not pieces:
        return CertificateAnswer()
    greedy = _read_greedy(text, pieces, names)
    return greedy if greedy is not None else _read_best(text, pieces, names)


def _read_greedy(
    text: str, pieces: list[tuple[int, int]], names: NodeNames
) -> CertificateAnswer | None:
    """Longest match first with the cheap keys; ``None`` as soon as something does not match."""
    nodes: list[str] = []
    i, count = 0, len(pieces)
    while i < count:
        widest = 1
        if (
            names.multi_starts
            and _fast_key(text[pieces[i][0] : pieces[i][1]]) in names.multi_starts
        ):
            widest = min(names.max_pieces, count - i)
        for width in range(widest, 0, -1):
            node = names.resolve(text[pieces[i][0] : pieces[i + width - 1][1]], thorough=False)
            if node is not None:
                nodes.append(node)
                i += width
                break
        else:
            return None
    return CertificateAnswer(nodes=nodes)


def _read_best(text: str, pieces: list[tuple[int, int]], names: NodeNames) -> CertificateAnswer:
    """The segmentation with the fewest unknown items, then the most nodes (dynamic programme)."""
    # best[i] = (unknown count, -node count, items) for the first i pieces
    best: list[tuple[int, int, list[tuple[str, str | None]]] | None] = [None] * (len(pieces) + 1)
    best[0] = (0, 0, [])
    for end in range(1, len(pieces) + 1):
        for start in range(max(0, end - names.max_pieces), end):
            previous = best[start]
            if previous is None:
                continue
            written = _clean_item(text[pieces[start][0] : pieces[end - 1][1]])
            node = names.resolve(written, thorough=False)
            if node is None and end - start > 1:
                continue  # only single pieces may stay unknown
            cost = (previous[0] + (node is None), previous[1] - (node is not None))
            if best[end] is None or cost < best[end][:2]:  # type: ignore[index]
                best[end] = (*cost, [*previous[2], (written, node)])
    final = best[-1]
    assert final is not None
    # Only the pieces left unknown get the full normalisation (LaTeX wrappers, NFKC, ...).
    items = [
        (written, node if node is not None else names.resolve(written))
        for written, node in final[2]
    ]
    return CertificateAnswer(
        nodes=[node for _, node in items if node is not None],
        unknown=[written for written, node in items if node is None and written],
    )


def _clean_item(item: str) -> str:
    return strip_outer(item.strip())


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
        quick = _quick_edge(group, names)
        if quick is not None:
            edges.append(quick)
            continue
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


def _quick_edge(group: str, names: NodeNames) -> tuple[str, str] | None:
    """``u, v`` or ``u, v, w`` whose parts are names as written (the common case), else None."""
    parts = group.split(", ")
    if len(parts) == 3 and _is_number(parts[2]):
        parts = parts[:2]
    if len(parts) != 2:
        return None
    u, v = names.resolve(parts[0], thorough=False), names.resolve(parts[1], thorough=False)
    return None if u is None or v is None else (u, v)


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
