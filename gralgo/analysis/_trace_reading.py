"""What every reader of trace claims shares: the :class:`Claim` record, the slots that resolve
the words beside an anchor to node names (:class:`_Slots`), a line's reading context
(:class:`_Context`) and the pair read after an anchor (:func:`_pair_after`).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

    from gralgo.score import NodeNames


CLAIM_KINDS = (
    "edge",  # A and B are adjacent
    "non_edge",  # A and B are not adjacent
    "neighbours",  # the neighbours of A are exactly the listed ones
    "edge_weight",  # the edge A-B has weight w
    "node_weight",  # A has weight w
    "degree",  # A has degree d
    "distance",  # the (weighted, when the graph is) shortest distance from A to B is d
    "hops",  # the hop distance from A to B is d
    "path_total",  # the path A, B, C, ... has total weight (or length) d
    "clique",  # the listed nodes are pairwise adjacent
    "k_core",  # the listed nodes are the k-core (value k)
    "within_hops",  # the listed nodes are those 1..d hops from A
)
"""What a :class:`Claim` asserts."""


@dataclass(frozen=True)
class Claim:
    """One fact a trace states about the graph."""

    kind: str
    """One of :data:`CLAIM_KINDS`."""
    nodes: tuple[str, ...]
    """The graph's nodes the claim is about (empty: a name could not be read)."""
    value: int | None
    """The number claimed (weight, degree, distance, total, k), else ``None``."""
    start: int
    """Character offset of the claim in the text."""
    end: int
    """Offset just past the claim."""
    implicit_source: bool = False
    """A distance whose source is the task's own (``dist[C] = 9`` with the question's node)."""


# The full normalisation (LaTeX wrappers, escapes, Unicode forms) only where it can matter.
_NEEDS_FULL = re.compile(r"[\\{}&^_$]|[^\x00-\x7f]")


# Words next to names that are never part of one: a candidate stops at a clause start.
_WORD = re.compile(r"\S+")


# Inside a word, where a name may start (after an opener) or end (before a closer). Each
# pattern starts with its mark and looks behind it after (``(?<=\S)[(,{\[$]+…`` would try the
# look-behind at every position of the line).
_INNER_OPEN = re.compile(r"[(,{\[$](?<=\S[(,{\[$])[(,{\[$]*(?=[^\s(,{\[$])")


_INNER_CLOSE = re.compile(r"[)\],}=$:;|\-–—\\](?<=[^\s)\],}=$:;|\-–—\\][)\],}=$:;|\-–—\\])(?=\S)")


_EDGE_CLEAN = "([{\"'“‘*_`<$"


_TAIL_CLEAN = ")]}\"'”’*_`.,;:!?>$"


_SENTENCE_END = ".,;:!?"


_CLOSED_END = tuple(")" + mark for mark in _SENTENCE_END)


_WRAPPED = re.compile(r"\\(?:text\w*|math\w*|operatorname)\s*\{([^{}]+)\}[)\],;:$\s]*$")
"""A name in a LaTeX wrapper, the marks after it left (``\\text{"A"})`` in ``N(\\text{A})``)."""


_RESOLVED: weakref.WeakKeyDictionary[NodeNames, dict[str, str | None]]


_RESOLVED = weakref.WeakKeyDictionary()
"""What each graph's names resolved a written text to (:meth:`_Slots.resolve`)."""


_UNSEEN = object()


class _Slots:
    """Finds the node named next to a position, through the certificate reader's resolver."""

    def __init__(self, names: NodeNames, max_words: int) -> None:
        self.names = names
        self.max_words = max_words + 1
        resolved = _RESOLVED.get(names)
        if resolved is None:
            resolved = _RESOLVED[names] = {}
        self._resolved = resolved
        self.named: list[tuple[int, int, str]] = []
        """Each name :meth:`before`, :meth:`after` and :meth:`items` found: (start, end,
        node); the caller empties it (:class:`_Gate` reads a line's)."""

    def resolve(self, written: str) -> str | None:
        """The node ``written`` names (memoised per graph: every reader tries the same runs of
        words, and the samples of an instance repeat its names)."""
        node = self._resolved.get(written, _UNSEEN)
        if node is _UNSEEN:
            node = self._resolved[written] = self._resolve(written)
        return node  # type: ignore[return-value]

    def _resolve(self, written: str) -> str | None:
        text = written.strip()
        if not text:
            return None
        node = self.names.resolve(text, thorough=False)
        if node is None:
            cleaned = text.lstrip(_EDGE_CLEAN).rstrip(_TAIL_CLEAN).strip()
            if cleaned and cleaned != text:
                node = self.names.resolve(cleaned, thorough=False)
            if node is None and "(" in cleaned and text.endswith(_CLOSED_END):
                kept = text.lstrip(_EDGE_CLEAN).rstrip(_SENTENCE_END).strip()
                if kept != text:  # "… Manchester Airport (MAN).": its closing bracket kept
                    node = self.names.resolve(kept, thorough=False)
            if node is None and len(text) < 60 and _NEEDS_FULL.search(text):
                node = self.names.resolve(cleaned or text)
            if node is None and text.startswith("\\") and (wrapped := _WRAPPED.match(text)):
                node = self.names.resolve(wrapped.group(1).strip(" \"'“”‘’`"), thorough=False)
        return node

    def before(self, text: str, end: int, low: int) -> tuple[str, int] | None:
        """The node whose name ends at ``end`` (the longest word run in ``text[low:end]``)."""
        window_low = max(low, end - 40 * self.max_words)
        starts = [m.start() for m in _WORD.finditer(text, window_low, end)]
        inner = [m.end() for m in _INNER_OPEN.finditer(text, window_low, end)]
        if inner:  # "$d(Lyon,Paris": names start inside words
            starts = sorted(set(starts + inner))
        best = None
        for start in reversed(starts[-self.max_words :]):
            node = self.resolve(text[start:end])
            if node is not None and (best is None or node != best[0]):
                best = (node, start)  # the longest run; a shorter one naming the same node wins
        if best is not None:
            self.named.append((best[1], end, best[0]))
        return best

    def after(self, text: str, start: int, high: int) -> tuple[str, int] | None:
        """The node whose name starts at ``start`` (the longest word run from there)."""
        ends = []
        for match in _WORD.finditer(text, start, min(high, start + 40 * self.max_words)):
            ends.append(match.end())
            if len(ends) >= self.max_words:
                break
        if ends:  # "deg(Paris)=1": names end inside words too
            inner = [m.start() for m in _INNER_CLOSE.finditer(text, start + 1, ends[-1])]
            if inner:
                ends = sorted(set(ends + inner))
        best = None
        for end in ends:
            piece = text[start:end]
            node = self.resolve(piece)
            if node is None and piece.rstrip().endswith(("'s", "’s")):
                node = self.resolve(piece.rstrip()[:-2])
            if node is not None and (best is None or node != best[0]):
                best = (node, _trim_end(text, start, end))
        if best is not None:
            self.named.append((start, best[1], best[0]))
        return best

    def items(self, text: str, start: int, end: int) -> tuple[list[tuple[str, int, int]], bool]:
        """The nodes listed in ``text[start:end]`` (commas, semicolons, ``and``; names with
        commas re-joined, longest first) with their spans; ``True`` when every item is a node."""
        inner = text[start:end]
        opened = inner.lstrip(" \t\\")
        trail = len(inner.rstrip(" \t.\\$"))
        if opened[:1] in _CLOSER and inner[:trail].endswith(_CLOSER[opened[:1]]):
            start, end = start + len(inner) - len(opened) + 1, start + trail - 1
            end -= text[end - 1 : end] == "\\"  # LaTeX "\{A, B\}"
        else:
            end = start + trail
        pieces = []
        position = start
        for match in _LIST_SEPARATOR.finditer(text, start, end):
            pieces.append((position, match.start()))
            position = match.end()
        pieces.append((position, end))
        pieces = [(a, b) for a, b in pieces if text[a:b].strip()]
        found: list[tuple[str, int, int]] = []
        complete = True
        i = 0
        while i < len(pieces):
            for width in range(min(self.names.max_pieces, len(pieces) - i), 0, -1):
                a, b = pieces[i][0], pieces[i + width - 1][1]
                node = self.resolve(_ITEM_WEIGHT.sub("", text[a:b]))
                if node is not None:
                    found.append((node, a, b))
                    i += width
                    break
            else:
                complete = False
                i += 1
        self.named += ((a, b, node) for node, a, b in found)
        return found, complete


_CLOSER = {"{": "}", "[": "]", "(": ")"}


def _trim_end(text: str, start: int, end: int) -> int:
    """Where the name in ``text[start:end]`` ends, the marks after it trimmed (a closing
    bracket of the name's own kept: ``Galcaio Airport (GLK) to …``)."""
    while end > start and text[end - 1] in _TAIL_CLEAN:
        if text[end - 1] == ")" and text.count("(", start, end) > text.count(")", start, end - 1):
            break
        end -= 1
    return end


_LIST_SEPARATOR = re.compile(r"\s*(?:,|;|\band\b|&)\s*")


_ITEM_WEIGHT = re.compile(r"\s*[(\[]\s*(?:w(?:eight)?|cost)?\s*[:=]?\s*\d+\s*[)\]]\s*$", re.I)


@dataclass(frozen=True)
class _Context:
    text: str
    slots: _Slots
    numeric_ids: bool
    graph: nx.Graph[str] | None = None
    """The instance's graph, where the caller gives it: only a table column whose header names
    no measure reads it (:mod:`gralgo.analysis._trace_agreement`)."""
    name_marks: frozenset[int] = frozenset()
    """Where the text has a mark inside a node's name (a period, a spaced dash): no list or
    clause ends there
    (:func:`gralgo.analysis._trace_clauses.name_marks`)."""


def _past_quotes(text: str, position: int, high: int) -> int:
    """The position after any closing quotes or emphasis at ``position``."""
    while position < high and text[position] in _QUOTES:
        position += 1
    return position


_QUOTES = "\"'”’*`"


def _pair_after(
    ctx: _Context, start: int, high: int, joint: re.Pattern[str]
) -> tuple[tuple[str, str], int] | None:
    """Two names from ``start``, joined by ``joint`` (``A and B``, ``A, B``)."""
    first = ctx.slots.after(ctx.text, start, high)
    if first is None:
        return None
    glue = joint.match(ctx.text, _past_quotes(ctx.text, first[1], high), high)
    if glue is None:
        return None
    second = ctx.slots.after(ctx.text, glue.end(), high)
    return None if second is None else ((first[0], second[0]), second[1])


_MEASURES = frozenset({"degree", "edge_weight", "distance", "hops", "node_weight"})
