"""Read a certificate from a model's box: split the items, match names to the graph's nodes.

Models write lists every which way (commas, semicolons, brackets, quotes, arrows, one per line,
``(u, v, w)`` edge triples, ``A - B``, ``A-B``, ``A–B``, ``\\{A, B\\}`` edges, ``\\text{}``
wrappers), and real node names contain commas, dashes and quotes themselves.

Every part of the box is accounted for (see ``CertificateAnswer``): a node, an edge, a name the
graph lacks (``unknown``), a part that is no name at all (``unread``: prose, a bare number), or a
group of real nodes that is not an edge (``malformed``), so a check never accepts a witness with
parts it did not read.
Names are matched after the task layer's node-name normalisation (``normalize_node_name``), or
as node numbers under ``numeric_ids``; adjacent pieces are re-joined when the join is a name.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from gralgo.lazy import lazy_module
from gralgo.tasks import CertificateAnswer, CertificateShape, normalize_node_name

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


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

    @property
    def nodes(self) -> list[str]:
        """The graph's nodes, sorted (the order of the ``numeric_ids`` ids)."""
        return self._names

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
    r"\s*(?:<->|<=>|-->|->|=>|—>|→|⟶|↔|⇒|,|;|\n|\s--\s|\s[-–—]\s|\s+and\s+|\s+to\s+)\s*"
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
    An item naming no node is ``unknown`` when it reads as a name, ``unread`` otherwise.
    """
    prepared = prepare(text)
    if not prepared:
        return CertificateAnswer()
    text = strip_outer(prepared)
    if not text or (_says_empty(text) and names.resolve(text) is None):
        return CertificateAnswer(says_empty=True)  # "none", "[]", "\\emptyset"
    items = _read_items(text, names)
    unknown, unread = _sort_unknown([written for written, node in items if node is None], names)
    return CertificateAnswer(
        nodes=[node for _, node in items if node is not None], unknown=unknown, unread=unread
    )


def _read_items(text: str, names: NodeNames) -> list[tuple[str, str | None]]:
    """The items of ``text`` in order, each with its node (``None`` when it names none)."""
    pieces: list[tuple[int, int]] = []
    position = 0
    for match in _SEPARATOR.finditer(text):
        pieces.append((position, match.start()))
        position = match.end()
    pieces.append((position, len(text)))
    pieces = [(a, b) for a, b in pieces if text[a:b].strip()]
    if not pieces:
        return []
    greedy = _read_greedy(text, pieces, names)
    return greedy if greedy is not None else _read_best(text, pieces, names)


def _read_greedy(
    text: str, pieces: list[tuple[int, int]], names: NodeNames
) -> list[tuple[str, str | None]] | None:
    """Longest match first with the cheap keys; ``None`` as soon as something does not match."""
    items: list[tuple[str, str | None]] = []
    i, count = 0, len(pieces)
    while i < count:
        widest = 1
        if (
            names.multi_starts
            and _fast_key(text[pieces[i][0] : pieces[i][1]]) in names.multi_starts
        ):
            widest = min(names.max_pieces, count - i)
        for width in range(widest, 0, -1):
            written = text[pieces[i][0] : pieces[i + width - 1][1]]
            node = names.resolve(written, thorough=False)
            if node is not None:
                items.append((written, node))
                i += width
                break
        else:
            return None
    return items


def _read_best(
    text: str, pieces: list[tuple[int, int]], names: NodeNames
) -> list[tuple[str, str | None]]:
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
    return [
        (written, node if node is not None else names.resolve(written))
        for written, node in final[2]
        if written or node is not None
    ]


def _clean_item(item: str) -> str:
    return strip_outer(item.strip())


# ---------------------------------------------------------------------------------------------
# What an unmatched item is: a name the graph lacks, or no name at all

_WRAPPER = re.compile(
    r"\\(?:text|textbf|textit|textrm|textsf|texttt|textnormal|mathrm|mathbf|mathit|mathsf|"
    r"mathtt|emph|operatorname|mbox)\s*\{([^{}]*)\}"
)
_LATEX_ARROW = re.compile(
    r"\\(?:to|rightarrow|longrightarrow|leftrightarrow|Rightarrow|Leftrightarrow|mapsto|"
    r"leftarrow)(?![A-Za-z])"
)
_LATEX_SPACE = re.compile(r"\\(?:quad|qquad)(?![A-Za-z])|\\[,;:! ]")
_EMPTY = {
    "none",
    "empty",
    "nothing",
    "∅",
    "\\emptyset",
    "\\varnothing",
    "no nodes",
    "no node",
    "no leaves",
    "no leaf",
    "empty set",
    "the empty set",
    "no such node",
    "no such nodes",
    "there is none",
    "there are none",
}
_PROSE_WORDS = frozenset(
    "see the a an is are was were above below list listed answer answers all any every each "
    "there this that these those no not none which given shown same as in from with for be it "
    "its they them we i so than other others set path edges clique tree cannot unknown etc "
    "etc. ... … nothing empty here following previous".split()
)


def prepare(text: str) -> str:
    """The box text with LaTeX wrappers (``\\text{…}``) unwrapped, LaTeX arrows written as
    ``->`` and LaTeX spacing as spaces, so that names and separators read as plain text."""
    if "\\" not in text:
        return text.strip()
    while True:
        unwrapped = _WRAPPER.sub(r"\1", text)
        if unwrapped == text:
            break
        text = unwrapped
    text = _LATEX_ARROW.sub(" -> ", text)
    return _LATEX_SPACE.sub(" ", text).strip()


def _says_empty(text: str) -> bool:
    return " ".join(text.casefold().rstrip(".").split()) in _EMPTY


def _sort_unknown(items: list[str], names: NodeNames) -> tuple[list[str], list[str]]:
    """Split unmatched items into names the graph lacks and parts that are no name at all
    (prose, an empty marker, punctuation, a bare number where nodes are named)."""
    unknown: list[str] = []
    unread: list[str] = []
    for item in items:
        (unread if _is_no_name(item, names) else unknown).append(item)
    return unknown, unread


def _is_no_name(item: str, names: NodeNames) -> bool:
    text = item.strip()
    if not any(char.isalnum() for char in text):
        return True
    if _is_number(text):
        return not (names.numeric_ids and re.fullmatch(r"\d+", text.strip("\"'` ")))
    words = text.casefold().split()
    if " ".join(words).rstrip(".") in _EMPTY:
        return True
    prose = sum(word.strip(".,:;!?()") in _PROSE_WORDS for word in words)
    return prose >= 2 or (len(words) >= 6 and prose >= 1)


# ---------------------------------------------------------------------------------------------
# Reading edges

_EDGE_GROUP = re.compile(
    r"\\\{([^{}()\[\]]*)\\\}|\{([^{}()\[\]]*)\}|\(([^{}()\[\]]*)\)|\[([^{}()\[\]]*)\]"
)
_BETWEEN_GROUPS = re.compile(r"(?:[\s,;\[\]{}]|\\\\|\\[{}]|\\left|\\right|\band\b)*")
_EDGE_SPLIT = re.compile(r"\s*(?:<->|<=>|-->|->|=>|—>|→|⟶|↔|⇒|--|,|[-–—]|\s+to\s+|\s+and\s+)\s*")
_LINE_BREAK = re.compile(r"\s*(?:\n|;|\\\\)\s*")
_TRAILING_WEIGHT = re.compile(
    r"(?:\s*[,:;=]\s*|\s+)[(\[]?\s*(?:w\s*=\s*|weight\s*:?\s*)?[+-]?\d+(?:\.\d+)?\s*[)\]]?\s*$",
    re.I,
)
_COMMA = re.compile(r"\s*,\s*")


def read_edges(text: str, names: NodeNames) -> CertificateAnswer:
    """Edges written as ``(A, B)``, ``[A, B, w]``, ``\\{A, B\\}``, ``A - B``, ``A-B``, ``A–B``,
    ``A -- B``, ``A -> B``, one per group, line or comma-separated; a trailing weight is
    ignored. A group that is no edge is recorded as what it holds (``unknown`` names,
    ``unread`` parts, or ``malformed``: real nodes but not two), never dropped."""
    body = prepare(text)
    if not body:
        return CertificateAnswer()
    if not strip_outer(body) or _says_empty(strip_outer(body)):
        return CertificateAnswer(says_empty=True)
    found = _Edges(names)
    groups = ["".join(match) for match in _EDGE_GROUP.findall(body)]
    if groups and _BETWEEN_GROUPS.fullmatch(_EDGE_GROUP.sub("", body)):
        for group in groups:
            found.add_group(group)
    else:
        for line in _LINE_BREAK.split(strip_outer(body)):
            if line.strip():
                found.add_line(line)
    return found.answer()


class _Edges:
    """The edges read so far, and what the groups that are no edge hold."""

    def __init__(self, names: NodeNames) -> None:
        self.names = names
        self.edges: list[tuple[str, str]] = []
        self.unknown: list[str] = []
        self.unread: list[str] = []
        self.malformed: list[str] = []

    def answer(self) -> CertificateAnswer:
        return CertificateAnswer(
            edges=self.edges, unknown=self.unknown, unread=self.unread, malformed=self.malformed
        )

    def add_group(self, group: str) -> None:
        edge = _read_edge(group, self.names, thorough=False) or _read_edge(
            group, self.names, thorough=True
        )
        if edge is not None:
            self.edges.append(edge)
        else:
            self._no_edge(group)

    def add_line(self, line: str) -> None:
        """A line of one or more edges separated by commas (``A - B, C - D``; ``A, B``)."""
        pieces = [piece for piece in _COMMA.split(line) if piece.strip()]
        for thorough in (False, True):
            segments = _segment_edges(pieces, self.names, thorough)
            if all(edge is not None for _, edge in segments):
                break
        failed: list[str] = []
        for text, edge in segments:
            if edge is None:
                failed.append(text)
                continue
            if failed:
                self._no_edge(", ".join(failed))
                failed = []
            self.edges.append(edge)
        if failed:
            self._no_edge(", ".join(failed))

    def _no_edge(self, text: str) -> None:
        """Record a group that is no edge by what it holds."""
        read = read_nodes(text, self.names)
        if read.unknown:
            self.unknown.extend(read.unknown)
        elif read.unread or not read.nodes:
            self.unread.extend(read.unread or [text.strip()])
        else:
            self.malformed.append(text.strip())


def _segment_edges(
    pieces: list[str], names: NodeNames, thorough: bool
) -> list[tuple[str, tuple[str, str] | None]]:
    """Comma pieces grouped into edges: fewest pieces left over, then most edges (dynamic
    programme; a group spans at most a few pieces, as names hold few commas)."""
    widest = 2 * names.max_pieces + 1
    best: list[tuple[int, int, list[tuple[str, tuple[str, str] | None]]] | None]
    best = [None] * (len(pieces) + 1)
    best[0] = (0, 0, [])
    for end in range(1, len(pieces) + 1):
        for start in range(max(0, end - widest), end):
            previous = best[start]
            if previous is None:
                continue
            text = ", ".join(pieces[start:end])
            edge = _read_edge(text, names, thorough)
            if edge is None and end - start > 1:
                continue
            cost = (previous[0] + (edge is None), previous[1] - (edge is not None))
            if best[end] is None or cost < best[end][:2]:  # type: ignore[index]
                best[end] = (*cost, [*previous[2], (text, edge)])
    final = best[-1]
    assert final is not None
    return final[2]


def _read_edge(text: str, names: NodeNames, thorough: bool) -> tuple[str, str] | None:
    """``text`` read as one edge (two nodes and at most a trailing weight), else ``None``."""
    body = strip_outer(text)
    if not _balanced(body):
        return None
    variants = [body]
    weightless = _TRAILING_WEIGHT.sub("", body)
    if weightless != body and weightless.strip():
        variants.append(strip_outer(weightless))
    for variant in variants:
        for match in _EDGE_SPLIT.finditer(variant):
            left, right = variant[: match.start()], variant[match.end() :]
            if not left.strip() or not right.strip():
                continue
            u = names.resolve(strip_outer(left), thorough)
            if u is None:
                continue
            v = names.resolve(strip_outer(right), thorough)
            if v is not None:
                return (u, v)
    return None


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
        return read_edges(text, names)
    return read_nodes(text, names)
