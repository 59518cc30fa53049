"""Read the graph facts a reasoning trace states: adjacency, weights, degrees, distances, sets.

Claims are found at anchors (``is connected to``, ``deg(A) =``, ``A -- B (7)``, a table row,
``neighbours of A:``) and the names beside an anchor are resolved with the certificate reader's
:class:`gralgo.score.NodeNames` (real names, numeric ids, lengthened long-context names): the
longest run of words next to the anchor that names a node wins. Each line is also given to the
clause reader (:mod:`gralgo.analysis._trace_clauses`), which reads wording no pattern was
written for from the clause's structure and may overrule a pattern (:func:`_structural`).
Nothing here knows the answer, except the kind of a table column whose header names no
measure, read by agreement with the graph (:mod:`gralgo.analysis._trace_agreement`);
:mod:`gralgo.analysis._trace_check` checks the claims against the graph. What is and is not
read is listed in ``design/trace-facts.md``.
"""

from __future__ import annotations

import functools
import itertools
import re
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from gralgo.analysis._trace_agreement import MIN_ROWS, SHARE, Shaped, agreed_measure, runs
from gralgo.analysis._trace_anchored import anchored_facts, refused, see_through, set_head
from gralgo.analysis._trace_clauses import (
    FAMILIES,
    HYPOTHETICAL,
    IN_FLUX,
    NUMBER_WORDS,
    ROUTED,
    Fact,
    Resolve,
    call_facts,
    clause_facts,
    cued_families,
    has_call,
    line_pieces,
    mentions,
    meta_released,
    name_marks,
    negated,
    one_clause,
    topic_name,
    words_of,
)

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
_NUMBER = r"(\d+)"
_IS = r"\s*(?:=|:|is|of|equals|was)?\s*"


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
_ITEM_WEIGHT_VALUE = re.compile(r"[(\[]\s*(?:w(?:eight)?|cost)?\s*[:=]?\s*(\d+)\s*[)\]]\s*$", re.I)


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


def _scan(
    pattern: re.Pattern[str], text: str, low: int, high: int, *words: str
) -> Iterator[re.Match[str]]:
    """``pattern``'s matches in ``text[low:high]``; none, cheaply, where the line holds none of
    ``words`` (lower case)."""
    line = text[low:high].lower()
    for word in words:
        if word in line:
            return pattern.finditer(text, low, high)
    return iter(())


_PROSE_WORDS = ("distance", "path", "cost", "weight")


def _lines(text: str) -> Iterator[tuple[int, int]]:
    position = 0
    for line in text.split("\n"):
        yield position, position + len(line)
        position += len(line) + 1


# ---------------------------------------------------------------------------------------------
# Edges and paths written with separators: "A -- B", "A - B (7)", "A → B → C, total 12"

_HEADS = r"[<◀◁←⟵]", r"[>▶▷→⟶]"
_SHAFT = r"[─━—–=\-]"
_CROSSED_ARROW = rf"{_HEADS[0]}{_SHAFT}*\s?(?:╳|[xX×✗/])\s?{_SHAFT}*{_HEADS[1]}"
"""A two-headed arrow crossed in its shaft (``A <─╳─> B``, ``A <-/-> B``, ``A ◀─x─▶ B``): not
adjacent."""
_LONG_ARROW = rf"{_HEADS[0]}{_SHAFT}{{2,}}{_HEADS[1]}|◀{_SHAFT}*▶"
"""A long two-headed arrow drawn with any shaft (``A <──> B``, ``A ◀══▶ B``, ``A <===> B``):
adjacent."""
_EDGE_SEPARATOR = re.compile(
    r"\s*(?:"
    + _CROSSED_ARROW
    + "|"
    + _LONG_ARROW
    + r"|<-->|<->|<[—–]+>|-->|->|--|—|–|→|⟶|↔|⟷|↮|=>|\\to\b|\\rightarrow\b|"
    r"\\not\s*\\sim\b|\\nsim\b|≁|\\sim\b|∼|-)\s*"
)
_NOT_ADJACENT = ("↮", "≁", "\\nsim")  # "A ↮ B", "$A \\not\\sim B$": not adjacent
_WEIGHT_AFTER = re.compile(
    r"\s*(?:\(\s*(?:w(?:eight)?|cost)?\s*[:=]?\s*(\d+)\s*\)|\[\s*(?:w(?:eight)?|cost)?\s*[:=]?\s*"
    r"(\d+)\s*\]|[:,]\s*(?:w(?:eight)?\s*[:=]?\s*)?(\d+)(?!\s*[-+*/]|\d|\s*\w))",
    re.I,
)
_TOTAL_AFTER = re.compile(
    r"(?:[\s,:;)—–#⇒$]|=>|(?<=[\s,;$])(?:so|hence|thus)(?=\s)|"
    r"\.(?=\s+(?:its\s+)?(?:total|sum|length|weight|cost|distance)\b))*"
    r"(?:(?P<bracket>[(\[])?\s*[*_]*)?(?:(?:with\s+|gives\s+)?(?:a\s+|the\s+|its\s+)?(?:total|sum|length|weight|costs?|"
    r"distance|(?:\\ell|ℓ|len|w|c)\s*\(\s*[A-Za-z]\s*\))(?:\s+(?:weight|length|cost|of))?\s*(?:=|:|is|of)?\s*(?:[\d\s+]+=\s*)?|=\s*|"
    r"(?:\d+\s*\+\s*)+\d+\s*=\s*|(?::|gives|giving|yields)\s*"
    r"(?:[\d\s+]+=\s*)?|(?(bracket)|(?!)))"  # "A → B → C (9)": a bracket after the path
    r"(\d+|" + "|".join(NUMBER_WORDS) + r")\b(?!\s*[-+*/]\s*\d)",
    re.I,
)
# A path's total in words after it: "adds up to 9", "has weight 9", "— that's 9 in total"
_TOTAL_WORDS = re.compile(
    r"(?:[\s,:;)—–#⇒-]|=>)*(?:(?:(?:is|forms|makes)\s+an?\s+(?:\w+\s+)?(?:path|route|walk)\s+)?"
    r"(?:(?:has|with|of|carries|gives)\s+(?:an?\s+|the\s+)?(?:total\s+)?(?:weight|"
    r"length|cost|distance)(?:\s+of)?|(?:(?:which|that|this|it|they|(?:all\s+)?the\s+(?:edges?|"
    r"weights?|costs?|lengths?))\s+)?(?:adds?|sums?|comes?|amounts?)\s+(?:up\s+)?to|totals?|"
    r"(?:adding|summing)\s+(?:up\s+)?(?:the\s+|its\s+)?(?:weights|edges|costs|lengths)\s+(?:gives|"
    r"yields|makes)|"
    r"(?:i|we)\s+(?:get|have|obtain)\s+(?:a\s+|the\s+)?total(?:\s+(?:weight|cost|length))?"
    r"(?:\s+of)?)\s*"
    r"(?:=\s*)?(?:(?:\d+\s*\+\s*)+\d+\s*(?:=|,\s*i\.e\.,?|,\s*so)\s*)?(\d+)|"
    r"(?:that['’]?s|that\s+is|which\s+is|for|so)?\s*(\d+)\s+(?:in\s+)?total|"
    r"\.\s+(?:that['’]?s|that\s+is|this\s+is|it['’]?s)\s+(\d+)\s+in\s+total)"
    r"(?![\w.]\d)(?!\s*[-+*/]\s*\d)",
    re.I,
)
_ARITHMETIC = re.compile(r"(?:^|[^-=<*])[=+*/<>]\s*$")
_ARITHMETIC_AFTER = re.compile(r"^\s*(?:[=+/<>]|\*(?!\*))")
_SUM_AFTER = re.compile(r"\s*[+×]\s*\d")


def _separated(ctx: _Context, low: int, high: int) -> list[Claim]:
    """Chains of names joined by edge separators on one line: edge claims, weights, totals."""
    text, slots = ctx.text, ctx.slots
    links: list[tuple[str, int, str, int, int, bool]] = []  # u, u_start, v, v_end, end, strong
    claims: list[Claim] = []
    labelled: list[tuple[int, int]] = []
    routed = (
        _BEST_ROUTE.search(text, low, high) is not None
        or _HOPS_LINE.search(text, low, high) is not None
    )
    valued: list[tuple[int, int]] = []  # the second names of measures' pairs
    for match in _scan(
        _LABELLED, text, low, high, "--", "—", "–", "-[", "-(", "←", "⟵", "─(", "━("
    ):
        left = slots.before(text, match.start(), low)
        right = None if left is None else slots.after(text, match.end(), high)
        if left is not None and right is not None:
            pair, value = (left[0], right[0]), int(match.group(1) or match.group(2))
            claims.append(Claim("edge", pair, None, left[1], right[1]))
            claims.append(Claim("edge_weight", pair, value, left[1], right[1]))
            labelled.append(match.span())
    for match in _EDGE_SEPARATOR.finditer(text, low, high):
        if any(a <= match.start() < b for a, b in labelled):
            continue
        if ctx.numeric_ids and match.group().strip() == "=>":
            continue
        left = slots.before(text, match.start(), low)
        if left is None:
            continue
        right = slots.after(text, match.end(), high)
        if right is None or right[0] == left[0]:  # "(5, 8) → 8": no edge of a node to itself
            continue
        if ";" in text[left[1] : match.start()]:
            continue  # "… dst = 1;  -- 8": a statement ended, then a comment's mark, no edge
        if ctx.numeric_ids and _COUNTED_AFTER.match(text, right[1], high):
            continue  # "9 → 6 neighbours": a node mapped to a count
        if any(a <= left[1] < b for a, b in valued):
            continue  # "hops 1 → 4 — 2": the value after a measure's pair, no edge
        if (
            ctx.numeric_ids
            and match.group().strip() in ("—", "–", "-")
            and _value_after_named_id(text, low, left[1], match.end(), high)
        ):
            continue  # "from node 2 to node 5 — 4.": a value after a named id, no edge
        if _PAIR_OF_BEFORE.search(text, max(low, left[1] - 20), left[1]):
            valued.append((match.end(), right[1]))
            continue  # "dist 10→5: 2": the pair of a distance, not an edge
        if (
            ctx.numeric_ids
            and _VALUE_OF_BEFORE.search(text, max(low, left[1] - 12), left[1])
            and not _EDGE_SEPARATOR.match(text, right[1], high)
        ):
            continue  # "deg 7 → 1": a node mapped to its value, not an edge
        if _CALL_CLOSED.match(text, left[1], match.start()) and _CALL_OPEN.search(
            text, max(low, left[1] - 60), left[1]
        ):
            continue  # "cost(1, 10) -> 3": a call mapped to its value, not an edge
        if (
            ctx.numeric_ids
            and _CALL_CLOSED.match(text, left[1], match.start())
            and _TUPLE_OPEN.search(text, max(low, left[1] - 30), left[1])
            and _PAIR_CLOSED_VALUE.match(text, match.end(), high)
        ):
            continue  # "- (1, 6) → 3": a pair in brackets mapped to its value, not an edge
        if ctx.numeric_ids and _SUM_BEFORE.search(text, max(low, left[1] - 12), left[1]):
            continue  # "3 + 4 → 7": a sum's last term, then its result, no edge
        if (
            ctx.numeric_ids
            and match.group().strip() == "-"
            and not _plain_dash_is_edge(text, low, left[1], match.end(), right[1], high)
        ):
            continue
        if ctx.numeric_ids and _switched_arrow(text, low, left[1], match, right[1], high):
            continue  # "0 -> 3 -> 1 → 9": a route's links, then another arrow to its total
        if ctx.numeric_ids and _routed_total(text, low, left[1], right[1], high):
            continue  # "cost  # 0 -> 4 -> 1 -> 9": a costed route's last arrow gives its total
        if ctx.numeric_ids and _SUM_AFTER.match(text, right[1], high):
            continue  # "node 8 — 5 + 3 — comes to 9": a dash before a sum's first term
        plain = ctx.numeric_ids and match.group().strip() == "-"  # arrows are no arithmetic
        if plain and _ARITHMETIC.search(text, low, left[1]):
            continue
        if plain and _ARITHMETIC_AFTER.match(text[right[1] : high]):
            continue
        if _PATH_AFTER.match(text, right[1], high):  # "the shortest A–B path / distance": its
            continue  # ends
        if _planned(text, left[1], right[1]):  # "todo: A-B": a plan names the pair, no edge
            continue
        if _EXCLUDED_BEFORE.search(text, max(low, left[1] - 12), left[1]):
            continue  # "ball(A,2) minus A → {B, C}": the set left without A, no edge
        absent = _ABSENT_BEFORE.search(text, max(low, left[1] - 40), left[1]) is not None
        absent = absent or _ABSENT_AFTER.match(text, right[1], high) is not None
        absent = absent or (
            text.find("no", max(low, left[1] - 8), left[1]) >= 0
            and _NO_PAIR_BEFORE.search(text, max(low, left[1] - 8), left[1]) is not None
            and _NO_PAIR_LINE.match(text, right[1], high) is not None
        )
        crossed = re.fullmatch(_CROSSED_ARROW, match.group().strip()) is not None
        if (
            match.group().strip().startswith(_NOT_ADJACENT)
            or "not" in match.group()
            or absent
            or crossed
        ):
            claims.append(Claim("non_edge", (left[0], right[0]), None, left[1], right[1]))
            continue
        arrow = "<" not in match.group() and any(a in match.group() for a in (">", "→", "⟶"))
        strong = "\\to" not in match.group() and "\\rightarrow" not in match.group()
        strong = strong and not (arrow and routed)  # "Optimal cost, A→B: 5": a route's ends
        # "A \\to B" is a pair (a call's arguments) and a link only in a path of two or more
        links.append((left[0], left[1], right[0], right[1], match.end(), strong))
    chain: list[tuple[str, int, str, int, int, bool]] = []
    for link in [*links, None]:
        if link is not None and chain and _continues(chain[-1], link):
            chain.append(link)
            continue
        if chain and (len(chain) > 1 or chain[0][5]):  # "\\delta(A \\to B)": no edge
            claims += _chain_claims(ctx, chain, high)
        chain = [] if link is None else [link]
    return claims


def _planned(text: str, left: int, right: int) -> bool:
    """Whether the pair ``text[left:right]`` is all a plan note on its line states (``todo:
    A-B``, ``next: A–B?``): the pair is what is to be checked, no edge."""
    line = text.rfind("\n", 0, left) + 1
    return (
        _PLAN_LABEL.fullmatch(text, line, left) is not None
        and _PLAN_END.match(text, right) is not None
    )


_COSTED_ROUTE = re.compile(
    r"\b(?:cost|total|tot|sum|len|length)\b(?:\s*=\s*\d+(?:\s*\+\s*\d+)+)?\W*?"
    r"(?:\d+\s*(?:->|→)\s*)+$",
    re.I,
)  # "total = 1 + 2  # 4 -> 6 -> 5 -> 3": the sum written before the route too
_ROUTE_END = re.compile(r"[ \t]*[.;!]?[ \t]*(?:$|\n(?![ \t]*\d+[ \t]*(?:\n|$)))")
"""A line's end with no output line after it (``cost  # 0 -> 4`` / ``9``: the output the total)."""


def _routed_total(text: str, low: int, left: int, right: int, high: int) -> bool:
    """With numeric ids, whether the arrow after the id at ``left`` ends, at its line's end, a
    route written after a total word (``cost  # 0 -> 4 -> 1 -> 9``): the id after it is the
    route's total, no node (unless an output line gives the total)."""
    return (
        _ROUTE_END.match(text, right) is not None
        and _COSTED_ROUTE.search(text, max(low, left - 80), left) is not None
    )


def _plain_dash_is_edge(
    text: str, low: int, left: int, right: int, right_end: int, high: int
) -> bool:
    """With numeric ids, ``3 - 1`` is an edge only with a cue: ``node 3 - node 1``, ``edge 3 -
    1``, or a weight after it (``3 - 1 (weight 4)``); otherwise it is arithmetic."""
    if _NODE_WORD.search(text, max(low, left - 6), left) or _NODE_WORD.match(text, right):
        return True
    if _EDGE_BEFORE.search(text, max(low, left - 16), left):
        return True
    if _IS_AN_EDGE.match(text, right_end, high):  # "\\( 3 - 1 \\) is an edge"
        return True
    return _ITEM_WEIGHT_WORD.match(text, right_end, high) is not None


_COUNTED_AFTER = re.compile(
    r"\s+(?:(?:other|adjacent|incident|neighbou?ring|distinct|direct)\s+)?"
    r"(?:neighbou?rs?|nbrs?|edges?|hops?|steps?|nodes?|vertices|connections?|links?)\b",
    re.I,
)
_CALL_CLOSED = re.compile(r"[^()\s]+\s*[\"'`]?\s*\)\s*`?\s*$")
_CALL_OPEN = re.compile(r"[A-Za-z_]\w*\s*\([^()]*$")
_TUPLE_OPEN = re.compile(r"(?:^|[\s:*-])\(\s*\d+\s*,\s*$")
_PAIR_CLOSED_VALUE = re.compile(r"\s*\d+\s*(?:[.;,]|$)", re.M)
_SUM_BEFORE = re.compile(r"\d\s*\+\s*$")
"""A name closing a call's arguments (``cost(1, 10``…``)``, in code quotes too): what an arrow
after it maps."""
_PAIR_OF_BEFORE = re.compile(
    r"\b(?:dist(?:ance)?|d|hops?(?:\s*count)?|sp)\s*[:(\[]?\s*(?:(?:node|vertex)\s+)?$", re.I
)  # "dist 10→5: 2", "the distance node 4→node 3: 10": the pair of a distance, not an edge
_VALUE_OF_BEFORE = re.compile(r"\b(?:deg(?:ree)?|weight)\s*[:(\[]?\s*$", re.I)
"""A one-node measure before a numeric id (``deg 7 → 1``): the id mapped to its value."""
_ABSENT_AFTER = re.compile(
    r"[\"'”’*`]*\s*(?:(?:(?:is|was|are)\s*(?:n['’]t|\s+not)|not)\s+(?:listed|there|present|given|"
    r"included|in\s+(?:the\s+)?(?:input|list|edge\s*list|graph|E\b))|(?:(?:is|was)\s+)?(?:missing|"
    r"absent)|:\s*[✗✘❌]?\s*not\s+(?:in|on)\s+(?:the\s+)?(?:input|list|edge\s*list|graph|E)|"
    r"\s*(?:—|–|--|:)\s*[✗✘❌]?\s*(?:(?:edge|link)\s+)?(?:absent|missing)|\s*(?:\?|:|→|->)?\s*[✗✘❌]|"
    r"\s*(?:\?|:|→|->)\s*(?:absent|missing|not\s+(?:listed|there|present|found)|no(?:pe)?(?=\s*(?:[.!;✗✘❌]|"
    r",(?!\s*wait)|$)))|(?:\s*(?:\.{2,}|…)|(?<=…))\s*(?:no(?:pe)?\b(?!\s*[,—–-]?\s*wait)|nothing|none|not\s+(?:there|listed|"
    r"found|present|among|in)))\b|[\"'”’*`]*[ \t]*:[ \t]*[✗✘❌](?=[ \t]*(?:[.!;]|$))",
    re.I,
)  # a pair named as what the list lacks after it: "A–B isn't listed", "A–B is missing", "A → B:
# ✗ not in the input", in the terse voice without a verb ("A—B not in E", "A–B missing"), a cross
# or an absence after a question mark or an arrow ("A–B ✗", "A–B? absent", "A–B → not listed"),
# or a denial after an ellipsis ("A–B... no, not among the edges", "scan for A–B... nothing"); a
# cross after a colon ends its clause ("Checking A–B: ✗", no word boundary after it)
_PLAN_LABEL = re.compile(
    r"[ \t]*(?:[-*•+][ \t]+)?(?:to[- ]?do|tbd|next(?:\s+up)?|up\s+next|later|pending|queued?|"
    r"plan(?:ned)?)[ \t]*:[ \t]*[\"'“‘`*(\[]*",
    re.I,
)
_PLAN_END = re.compile(r"[\"'”’`*)\]]*[ \t]*[?.]?[ \t]*(?:\n|$)")
"""A plan note at its line's start naming one pair and nothing else (``todo: A-B``, ``next:
A–B?``): what is to be looked at, no edge stated."""
_EXCLUDED_BEFORE = re.compile(
    r"(?:\bminus|\\setminus|∖|\bexcl(?:uding|\.)?|\bwithout|\bexcept)\s*[\"'“‘`*({\[]*$", re.I
)
"""A node taken out of a set (``ball(A,2) minus A → {B, C}``): the arrow after it maps the set
so left to its members, no edge from that node."""
_NO_PAIR_LINE = re.compile(r"[\"'”’`*)\]]*\s+(?:line|entry|row)\b", re.I)
_NO_PAIR_BEFORE = re.compile(r"\bno\s+[\"'“‘`*(\[]*$", re.I)
"""``no A–B line`` (or entry, row): the input holds no line for the pair."""
_ABSENT_BEFORE = re.compile(
    r"\b(?:lacks?|lacking|(?:is|are)\s+missing|omits?|omitting|ha(?:s|ve)\s+no|"
    r"(?:does|do)\s*n[o'’]t\s+(?:contain|include|have|list))\s*[\"'`*({\[]*\s*$",
    re.I,
)  # a pair named as what a list or graph lacks: "E lacks A–B", "the graph has no A–B"
_HOPS_LINE = re.compile(r"\b(?:hops?|dist(?:ance)?s?)\b", re.I)
"""A hop or distance word: a lone arrow on its line joins a measured pair (``As for hops, A→B
needs 3``), no edge."""
_NAMED_ID_BEFORE = re.compile(r"(?:\b(?:node|vertex)|→|->)\s*$", re.I)
_BARE_VALUE_END = re.compile(r"\s*\d+\s*[.;!]?\s*$")


def _value_after_named_id(text: str, low: int, left: int, right: int, high: int) -> bool:
    """With numeric ids, whether a dash joins an id written as ``node 2``, or ending an arrow's
    pair, to a bare number that ends its line (``… to node 5 — 4.``, ``Hops 1 → 4 — 2``): the
    number is a value, written without the word or arrow its own node would carry."""
    return bool(
        _NAMED_ID_BEFORE.search(text, max(low, left - 8), left)
        and _BARE_VALUE_END.match(text, right, high)
    )


_BEST_ROUTE = re.compile(
    r"\b(?:optim(?:al|um)|min(?:imum|imal)?|cheapest|lowest|fewest|least|shortest|best)\b", re.I
)  # a best-route word: a lone arrow on its line joins the ends of a route, not an edge

# A weight written on the connector: "A --7-- B", "A —3— B"
_LABELLED = re.compile(
    r"(?<![-–—\s])\s*(?:(?:--|—|–)\s*(\d+)\s*(?:--|—|–)>?(?![-–—])|"
    r"(?:<?[-–—─━]+|[←⟵])\s*[\[(]\s*(?:w\s*=\s*)?(\d+)\s*[\])]\s*(?:[-–—─━]+>?|[→⟶]))\s*"
)  # "A --7-- B", "A -[7]- B", "A <-(7)-> B", "A ⟵(7)⟶ B": the weight written on the connector
_PATH_AFTER = re.compile(
    r"[\"'”’*`]*\s+(?:shortest\s+)?(?:path|route|walk|distance)s?\b(?!-)", re.I
)  # "the shortest A–B path", "the A–B distance": the ends of a path or distance, no edge
_IS_AN_EDGE = re.compile(r"[\s\\)$]*(?:is|was)\s+an?\s+edge\b", re.I)
_NODE_WORD = re.compile(r"\bnode\s*$|node\b", re.I)
_ITEM_WEIGHT_WORD = re.compile(r"\s*[(\[]\s*(?:w|weight|cost)\b", re.I)


def _continues(
    previous: tuple[str, int, str, int, int, bool], link: tuple[str, int, str, int, int, bool]
) -> bool:
    """Whether ``link`` starts on the very name ``previous`` ended on (``A → B → C``)."""
    return previous[2] == link[0] and link[1] < previous[3]


def _chain_claims(
    ctx: _Context, chain: list[tuple[str, int, str, int, int, bool]], high: int
) -> list[Claim]:
    text = ctx.text
    claims = []
    negated = _NO_EDGE_BEFORE.search(text, max(0, chain[0][1] - 16), chain[0][1])
    if negated is not None and len(chain) == 1:  # "no edge A - B"
        u, _, v, v_end, _, _ = chain[0]
        return [Claim("non_edge", (u, v), None, negated.start(), v_end)]
    if len(chain) == 1 and (no := _NO_BEFORE.search(text, max(0, chain[0][1] - 8), chain[0][1])):
        u, _, v, v_end, _, _ = chain[0]
        if (after := _EDGE_NOUN_AFTER.match(text, v_end, high)) is not None:  # "no A–B edge"
            return [Claim("non_edge", (u, v), None, no.start(), after.end())]
    for index, (u, u_start, v, v_end, _, _) in enumerate(chain):
        claims.append(Claim("edge", (u, v), None, u_start, v_end))
        v_end += len(text[v_end:high]) - len(text[v_end:high].lstrip("\"'”’*`"))
        weight = _WEIGHT_AFTER.match(text, v_end, high)
        last_link = 0 < index == len(chain) - 1
        opener = "" if weight is None else weight.group().lstrip()[:1]
        if last_link and (opener in ":," or (opener in "([" and not _weighed(claims))):
            weight = None  # "A -> B -> C: 13", "A -> B -> C (13)": the path's total
        if weight is None and len(chain) == 1:  # a path's ", cost 12" is its total
            weight = _WEIGHT_PHRASE.match(text, v_end, high) or _EQUALS.match(text, v_end, high)
        if weight is not None and ctx.numeric_ids and weight.group().lstrip().startswith(","):
            weight = None  # "4 → 1, 3": a list of ids, not a weight
        if weight is not None and not _ARITHMETIC_AFTER.match(text[weight.end() : high]):
            value = next(g for g in weight.groups() if g is not None)
            claims.append(Claim("edge_weight", (u, v), int(value), u_start, weight.end()))
    nodes = (chain[0][0], *[link[2] for link in chain])
    last = chain[-1][3]
    last += len(text[last:high]) - len(text[last:high].lstrip("\"'”’*`"))
    total = _TOTAL_AFTER.match(text, last, high)
    if total is None and len(nodes) >= 3:
        total = _TOTAL_WORDS.match(text, last, high)
    if total is not None and len(nodes) >= 2:
        is_weight_only = len(nodes) == 2 and any(c.kind == "edge_weight" for c in claims[-1:])
        if not is_weight_only and (len(nodes) >= 3 or _says_total(total.group())):
            value = next(g for g in total.groups() if g is not None and _valued(g))
            number = int(value) if value.isdigit() else NUMBER_WORDS[value.lower()]
            claims.append(Claim("path_total", nodes, number, chain[0][1], total.end()))
    before = _TOTAL_BEFORE.search(text, max(0, chain[0][1] - 60), chain[0][1])
    if before is not None and len(nodes) >= 3 and not any(c.kind == "path_total" for c in claims):
        claims.append(Claim("path_total", nodes, int(before.group(1)), before.start(), last))
    if len(nodes) >= 3 and not any(c.kind == "path_total" for c in claims):
        claims += _total_by_shape(ctx, nodes, chain[0][1], last, high)
    return claims


def _total_by_shape(
    ctx: _Context, nodes: tuple[str, ...], start: int, last: int, high: int
) -> list[Claim]:
    """A route's total read by its shape, whatever words or marks introduce it: the one number
    that follows a chain of three or more names in its clause (``A → B → C: it comes to seven
    all told``, ``**A → B → C** ⇒ **7**``, ``cost([A -> B -> C]) // 7``), after the links'
    sum where one is written (``A -> B -> C => adding 3 + 4 gives 7``). Nothing where the
    clause negates, asks, supposes, bounds or compares, names another node, or holds two
    numbers that are not a sum and its result."""
    text = ctx.text
    answered = _ANSWERED_TOTAL.match(text, last, high)
    if (
        answered is not None
        and _TOTAL_ASKED.search(text, _line_start(text, start), answered.start("n"))
        and not _SHAPE_GUARD.search(text, last, answered.start("q"))
    ):
        written = answered.group("n").lower()  # "And the cost of A → B → C? 7."
        value = int(written) if written.isdigit() else NUMBER_WORDS[written]
        return [Claim("path_total", nodes, value, start, answered.end())]
    before = _total_before(ctx, nodes, start, last, high)
    if before:
        return before
    end = _TOTAL_END.search(text, last, high)
    stop = high if end is None else end.start()
    rest = _IN_TOTAL.sub(" ", _ARROW_MARKS.sub(" ", text[last:stop]))
    if " one" in rest:  # "A → B → C; this one comes to 7": the route, no number
        rest = _THIS_ONE.sub(" ", rest)
    stated = _STATED_TOTAL.search(rest)
    guarded = rest if stated is None else rest[: stated.end()]  # and a bound after it
    if _SHAPE_GUARD.search(guarded) or (stated and _BOUND_AFTER.search(rest, stated.end())):
        return []
    if HYPOTHETICAL.search(text, _line_start(text, start), stop):
        return []
    if mentions(text, last, stop, ctx.slots.names, ctx.slots.resolve):
        return []
    summed = _SUM.sub(" ", rest, count=1)
    numbers = list(_TOTAL_NUMBER.finditer(summed))
    if len(numbers) != 1 or summed[numbers[0].end() :].strip(" )]}*_`'\".,:;!").isdigit():
        return []
    written = numbers[0].group().lower()
    value = int(written) if written.isdigit() else NUMBER_WORDS[written]
    return [Claim("path_total", nodes, value, start, stop)]


_THIS_ONE = re.compile(r"^[\s,;:—–-]*(?:this|that)\s+one\b", re.I)
"""``this one`` / ``that one`` opening the clause after a route: the route itself."""
_IN_TOTAL = re.compile(r"(?<=\d)\s+(?:no|in|en|im|au|al)\s+total\b", re.I)
"""``in total`` after a total, in several languages (``custa 7 no total``, ``7 en total``)."""
_STATED_TOTAL = re.compile(
    r"\btotal\s+(?:cost|weight|length|distance)\s+(?:of\s+)?(?:\d+|"
    + "|".join(NUMBER_WORDS)
    + r")\b",
    re.I,
)
"""A total named as such (``A → B → C, a route of total cost 7, is a candidate``): what the
clause says after it of the route (a candidate, in the queue) does not make it tentative; a
bound after it still does (:data:`_BOUND_AFTER`)."""
_BOUND_AFTER = re.compile(
    r"\?|[<>≤≥≠]|\b(?:not|no|than|least|most|over|under|above|below|about|around|roughly|or|"
    r"if|unless|so\s+far|tentative\w*|partial\w*)\b|n['’]t\b",
    re.I,
)


_ANSWERED_TOTAL = re.compile(
    r"[^?\d\n]{0,30}?(?P<q>\?)\s*(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")\s*[.!]?\s*$", re.I
)
"""A route asked about and answered at once by a bare value (``… → C? 7.``, ``… → C in
total? 7.``)."""
_TOTAL_ASKED = re.compile(r"\b(?:cost\w*|length|weigh\w*|total|sum|long|heavy)\b", re.I)
"""What a question about a route's total asks."""
_TOTAL_CUE_BEFORE = re.compile(
    r"\b(?:path|route|walk|total|sum\w*|cost|length|weight|reduce|add)\b", re.I
)
_CALL_ARGUMENTS = re.compile(r"\w\s*\([^()]*\)")
_CHAIN_END = re.compile(r"[\s)\]}*_`'\"]*[.!]?\s*$")


def _total_before(
    ctx: _Context, nodes: tuple[str, ...], start: int, last: int, high: int
) -> list[Claim]:
    """A route's total written before it, where the route ends its line: the one number
    between the line's start and the route, beside a word of a total or a route, outside a
    call's arguments (``route.reduce(add, 0) // 8  (A -> B -> C)``, ``3 is the total weight of
    the path A → B → C.``); nothing where that text guards, names another node or holds more
    numbers."""
    text = ctx.text
    if not _CHAIN_END.match(text, last, high):
        return []
    low = _line_start(text, start)
    lead = _CALL_ARGUMENTS.sub(lambda call: call.group()[0] + " ", text[low:start])
    if not _TOTAL_CUE_BEFORE.search(lead):
        return []
    comment = _COMMENT_VALUE.search(text, low, start)
    if comment is not None:  # "….sum()  // 7 for A -> B -> C": the code's value, in its comment
        low, lead = comment.start("value"), comment.group("value")
    if _SHAPE_GUARD.search(lead):
        return []
    if HYPOTHETICAL.search(lead) or mentions(text, low, start, ctx.slots.names, ctx.slots.resolve):
        return []
    numbers = list(_TOTAL_NUMBER.finditer(lead))
    if len(numbers) != 1:
        return []
    written = numbers[0].group().lower()
    value = int(written) if written.isdigit() else NUMBER_WORDS[written]
    return [Claim("path_total", nodes, value, low + numbers[0].start(), last)]


_COMMENT_VALUE = re.compile(
    r"(?:\s//|\s#|\s;+|\s--|\s%)\s*(?:=>|->|→)?(?P<value>\s*\d+\b(?:(?!//|#|;|--|%).)*)$"
)
"""A trailing comment that opens with a number, the last on its line (``…sum()  // 7 for``,
``(for/sum …)  ; => 4, p =``): the value of the code before it."""


def _line_start(text: str, position: int) -> int:
    return text.rfind("\n", 0, position) + 1


_TOTAL_END = re.compile(r"[.?!](?=\s|$)")
_ARROW_MARKS = re.compile(r"->|=>|[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f]")
_SHAPE_GUARD = re.compile(
    r"\?|[<>≤≥≠×^]|\b(?:not|no|never|nor|without|than|least|most|over|under|above|below|"
    r"about|around|roughly|nearly|almost|approx\w*|each|every|per|or|if|unless|instead|but|"
    r"maybe|else|vs|versus|tentative\w*|so\s+far|current\w*|queue|frontier|heap|candidate\w*|"
    r"updat\w*|relax\w*|visited|partial\w*|pending)\b|n['’]t\b|\d\s*[-*/]\s*\d",
    re.I,
)
"""What makes a number after a route no plain total: negation, questions, bounds, comparisons,
alternatives, algorithm state, arithmetic other than a sum."""
_SUM = re.compile(r"(?<![\w.])(?:\d+\s*\+\s*)+\d+(?![\w.])")
_TOTAL_NUMBER = re.compile(
    r"(?<![\w.])\d+(?![\w.]\w)|(?<!\bthe\s)(?<!\bno\s)\b(?:"
    + "|".join(NUMBER_WORDS)
    + r")\b(?!\s+of\b)",
    re.I,
)


def _valued(written: str) -> bool:
    return written.isdigit() or written.lower() in NUMBER_WORDS


_TOTAL_BEFORE = re.compile(
    r"\b(?:total|sum|length|weight|cost|distance)\}?\s*(?:=|:|is)\s*(?:(?:\d+\s*\+\s*)+\d+\s*=\s*)?"
    r"(\d+)\s*\$?\s*(?:along|over|for|via|on|by)\s+(?:the\s+)?(?:path\s+|route\s+)?$",
    re.I,
)  # "cost = 3 + 2 = 7 along A → B → C": the total written before its path


def _weighed(claims: list[Claim]) -> bool:
    """Whether a path's links read so far carry weights (``A (7) -> B (3) -> C``)."""
    return any(c.kind == "edge_weight" for c in claims)


# Negation before "edge": "no edge", "not an edge", "isn't an edge", "never an edge"
_NOT_AN = r"(?:\bno\s+|\bnot\s+an?\s+|n[’']t\s+an?\s+|\bnever\s+an?\s+)"
_NO_EDGE_BEFORE = re.compile(_NOT_AN + r"edges?\s*(?:between\s*)?[:=]?\s*[\"'“‘*`]*$", re.I)
_NO_BEFORE = re.compile(r"\b(?:no|not\s+an?)\s+[\"'“‘*`(]*$", re.I)
_EDGE_NOUN_AFTER = re.compile(r"[\"'”’*`)]*\s+(?:edge|link|connection)s?\b", re.I)
"""A pair named as the edge that is not there: "no A–B edge", "not an (A, B) link"."""


_EQUALS = re.compile(r"\s*=\s*(\d+)(?!\s*[-+*/]\s*\d)(?!\s*\w)")


def _says_total(written: str) -> bool:
    return re.search(r"total|sum|length|distance|=", written, re.I) is not None


# ---------------------------------------------------------------------------------------------
# Phrases with a name on either side: "A is (not) connected to B", "deg(A) = 4"

_ADJACENT = re.compile(
    r"\s+(?:is|are)(?P<neg>\s+not|n't)?\s+(?:directly\s+)?(?:connected|adjacent|linked|joined)"
    r"\s+(?:to|with)\s+"
    r"|\s+(?:directly\s+)?(?:connects|links)(?:\s+directly)?\s+(?:to|with)\s+"
    r"|\s+has\s+(?:(?P<neg3>no)|an)\s+edge\s+(?:to|with)\s+"
    r"|\s+(?:is|are)(?P<neg2>\s+not|n't)?\s+(?:a\s+|among\s+(?:the\s+)?|one\s+of\s+(?:the\s+)?)?"
    r"neighbou?rs?\s+of\s+",
    re.I,
)
_EXACT_WORD = re.compile(r"(?:exactly|only|just|precisely)\s+", re.I)
_BOTH_ADJACENT = re.compile(
    r"\s+are(?P<neg>\s+not|n't)?\s+(?:directly\s+)?(?:connected|adjacent|neighbou?rs|linked)\b"
    r"|\s+(?:share|have)\s+an\s+edge\b|\s+are\s+(?:joined|connected|linked)\s+by\s+an\s+edge\b",
    re.I,
)
_THIRD_END = re.compile(r"s?\s+(?:to|with|from|of|towards?|into|onto)\b\s*", re.I)
"""A preposition after two subjects' edge phrase: the other end is a third node
(``A and B have an edge to C``, ``A and B are adjacent to C``)."""
_EDGE_BETWEEN = re.compile(
    r"(?:\bthere\s+is\s+)?(?P<neg>"
    + _NOT_AN
    + r")?\bedges?\s+(?:between|connecting|joining|from)\s+",
    re.I,
)
_AND = re.compile(r"\s+(?:and|&)\s+", re.I)
_AND_OR_TO = re.compile(r"\s+(?:and|&|to)\s+", re.I)
# "(A, B)" is an edge claim only with a cue: "edge (A, B)" before it, "\in E" after it
_TUPLE = re.compile(r"\(\s*|\\\{\s*")  # "(A, B)", LaTeX "\{A, B\}"
_TUPLE_CLOSE = re.compile(r"[\"'”’*`]*\s*(?:\)|\\\})")
_EDGE_BEFORE = re.compile(r"(?P<neg>" + _NOT_AN + r")?\bedges?\s*[:=]?\s*$", re.I)
_EDGE_AFTER = re.compile(
    r"\s*\\(?P<neg>not)?in\s*E\b|\s+(?:is|was)(?P<neg2>\s+not|n't)?\s+an?\s+edge\b", re.I
)
# Weights written after an edge: "(7)", ": 7", "with weight 7", "has weight 7", "costs 7"
_WEIGHT_PHRASE = re.compile(
    r"[\"'”’*`]*\s*(?:,\s*)?(?:(?:has|with|of)\s+(?:an?\s+)?(?:weight|cost|length)\s+(?:of\s+)?|costs?\s+|"
    r"weighs\s+|contributes\s+)(\d+)(?!\s*[-+*/]\s*\d)",
    re.I,
)


def _phrases(ctx: _Context, low: int, high: int) -> list[Claim]:
    text, slots = ctx.text, ctx.slots
    claims: list[Claim] = []
    for match in _ADJACENT.finditer(text, low, high):
        negative = bool(match.group("neg") or match.group("neg2") or match.group("neg3"))
        count = _COUNT_AFTER.match(text, match.end(), high)
        if count is not None:  # "A is connected to 4 nodes": a degree
            left = slots.before(text, match.start(), low)
            if left is not None and not negative:
                claims.append(
                    Claim("degree", (left[0],), int(count.group(1)), left[1], count.end())
                )
            continue
        left = slots.before(text, match.start(), low)
        if left is None and _IT.search(text, max(low, match.start() - 3), match.start()):
            left = _antecedent(ctx, low, match.start() - 2)  # "Looking at A, it connects to B"
        right = slots.after(text, match.end(), high)
        exact = None if right is not None else _EXACT_WORD.match(text, match.end(), high)
        if exact is not None:  # "A is adjacent to exactly B, C": the list after the word
            right = slots.after(text, exact.end(), high)
        kind = "non_edge" if negative else "edge"
        if left is None or right is None:
            claims.append(Claim(kind, (), None, match.start(), match.end()))
            continue
        claims.append(Claim(kind, (left[0], right[0]), None, left[1], right[1]))
        if not negative and _LIST_SEPARATOR.match(text, _past_quotes(text, right[1], high)):
            # "A is connected to B, C and D": an edge to each (not a list of all of A's)
            listed = match.end() if exact is None else exact.end()
            items, complete = slots.items(
                text, listed, _list_end(text, listed, high, ctx.name_marks)
            )
            if complete and len(items) >= 2:
                claims += [Claim("edge", (left[0], item), None, a, b) for item, a, b in items[1:]]
        weight = _WEIGHT_PHRASE.match(text, right[1], high)
        if weight is not None and not negative:
            claims.append(Claim("edge_weight", (left[0], right[0]), int(weight.group(1)), left[1],
                                weight.end()))  # fmt: skip
    for match in _scan(_BOTH_ADJACENT, text, low, high, "are", "share", "have"):
        second = slots.before(text, match.start(), low)
        if second is None:
            continue
        joints = list(_AND.finditer(text, max(low, second[1] - 16), second[1]))
        joint = joints[-1] if joints else None
        if joint is not None and text[joint.end() : second[1]].strip().lower() not in ("", "node"):
            continue
        first = None if joint is None else slots.before(text, joint.start(), low)
        if first is None:
            continue
        third = _THIRD_END.match(text, match.end(), high)
        if third is not None and slots.after(text, third.end(), high) is not None:
            continue  # "A and B have an edge to C": each has one to C, none joins A and B
        kind = "non_edge" if match.group("neg") else "edge"
        claims.append(Claim(kind, (first[0], second[0]), None, first[1], match.end()))
        weight = _WEIGHT_PHRASE.match(text, match.end(), high)
        if weight is not None and kind == "edge":
            claims.append(Claim("edge_weight", (first[0], second[0]), int(weight.group(1)),
                                first[1], weight.end()))  # fmt: skip
    for match in _scan(_TUPLE, text, low, high, "(", "\\{"):
        pair = _pair_after(ctx, match.end(), high, _COMMA)
        close = None if pair is None else _TUPLE_CLOSE.match(text, pair[1], high)
        if pair is None or close is None:
            continue
        before = _EDGE_BEFORE.search(text, max(low, match.start() - 16), match.start())
        after = _EDGE_AFTER.match(text, close.end(), high)
        if before is None and after is None:
            continue
        negative = bool(
            (before is not None and before.group("neg"))
            or (after is not None and (after.group("neg") or after.group("neg2")))
        )
        start = match.start() if before is None else before.start()
        end = close.end() if after is None else after.end()
        claims.append(Claim("non_edge" if negative else "edge", pair[0], None, start, end))
        weight = _WEIGHT_PHRASE.match(text, end, high)
        if weight is not None and not negative:
            claims.append(Claim("edge_weight", pair[0], int(weight.group(1)), start, weight.end()))
    for match in _scan(_EDGE_BETWEEN, text, low, high, "edge"):
        pair = _pair_after(ctx, match.end(), high, _AND_OR_TO)
        kind = "non_edge" if match.group("neg") else "edge"
        if pair is None:
            claims.append(Claim(kind, (), None, match.start(), match.end()))
            continue
        claims.append(Claim(kind, pair[0], None, match.start(), pair[1]))
        weight = _WEIGHT_PHRASE.match(text, pair[1], high)
        if weight is not None and kind == "edge":
            claims.append(Claim("edge_weight", pair[0], int(weight.group(1)), match.start(),
                                weight.end()))  # fmt: skip
    return claims


def _past_quotes(text: str, position: int, high: int) -> int:
    """The position after any closing quotes or emphasis at ``position``."""
    while position < high and text[position] in _QUOTES:
        position += 1
    return position


_QUOTES = "\"'”’*`"
_COUNT_AFTER = re.compile(
    r"(?:node\s+)?(\d+)\s+(?:other\s+)?(?:nodes|vertices|neighbou?rs|edges)\b", re.I
)
_IT = re.compile(r"\bit$", re.I)


def _antecedent(ctx: _Context, low: int, pronoun: int) -> tuple[str, int] | None:
    """The node a pronoun at ``pronoun`` refers to: the last one named before it in the same
    sentence ("Looking at A, its neighbours are ...")."""
    text = ctx.text
    sentence = max(low, text.rfind(". ", low, pronoun) + 1)
    ends = [m.start() for m in _NAME_END.finditer(text, sentence, pronoun)]
    for end in reversed(ends[-12:]):
        node = ctx.slots.before(text, end, sentence)
        if node is not None:
            return node
    return None


_NAME_END = re.compile(r"(?<=\S)(?=[\s,;:)\]}\"'”’*`]|$)")


def _sole_referent(ctx: _Context, low: int, pronoun: int) -> tuple[str, int] | None:
    """The one node a pronoun at ``pronoun`` can refer to: the only one named before it in its
    sentence or, where that names none, in the sentence before (on its line); ``None`` where
    two are candidates."""
    text, slots = ctx.text, ctx.slots
    sentence = max(low, text.rfind(". ", low, pronoun) + 1)
    named = mentions(text, sentence, pronoun, slots.names, slots.resolve)
    if not named and sentence > low:
        previous = max(low, text.rfind(". ", low, sentence - 1) + 1)
        named = mentions(text, previous, sentence, slots.names, slots.resolve)
    if len({node for node, _, _ in named}) != 1:
        return None
    return named[0][0], named[0][1]


_TRIPLE = re.compile(r"\([^()]+,\s*\d+\s*\)")
_KEYED_VALUE = re.compile(r"\[\s*[^\[\](),]+\s*\]\s*:?=\s*$")
"""A container keyed by one node and assigned (``adj[3] =``, ``nbrs["A"] :=``): the tuple that
follows is that node's value, not an edge with its weight."""


def _triples(ctx: _Context, low: int, high: int) -> list[Claim]:
    """``(A, B, 7)``: an edge and its weight; a heap's entry (``heappush(pq, (7, A, B))``,
    ``next edge: (7, A, B)``) puts its weight first."""
    claims: list[Claim] = []
    heaped: list[tuple[int, int]] = []
    line = ctx.text[low:high].lower()
    if any(word in line for word in _HEAP_WORDS):
        claims, heaped = _weight_first(ctx, low, high, "edge" in line)
    for match in _TRIPLE.finditer(ctx.text, low, high):
        if any(start <= match.start() < end for start, end in heaped):
            continue  # a heap's entry: its weight first, read above
        if _KEYED_VALUE.search(ctx.text, max(low, match.start() - 40), match.start()):
            continue  # "adj[3] = (6, 7, 8)": one node's value (its neighbours), not an edge
        pair = _pair_after(ctx, match.start() + 1, match.end(), _COMMA)
        weight = None if pair is None else _TRIPLE_WEIGHT.match(ctx.text, pair[1], match.end())
        if pair is not None and weight is not None:
            if pair[0][0] == pair[0][1]:  # "(4, 4, 5)": no edge of a node to itself (a heap
                continue  # entry, its weight first)
            claims.append(Claim("edge", pair[0], None, match.start(), match.end()))
            claims.append(Claim("edge_weight", pair[0], int(weight.group(1)), match.start(),
                                match.end()))  # fmt: skip
    return claims


_TRIPLE_WEIGHT = re.compile(r"[\"'”’*`]*\s*,\s*(\d+)\s*\)")
_HEAP_WORDS = ("heap", "pq", "frontier", "queue", "next edge")
_HEAP_LEAD = re.compile(r"\b(?:heap\w*|pq|frontier|queue|next\s+edge)\b[^\n]{0,30}$", re.I)
_WEIGHT_FIRST = re.compile(r"\(\s*(\d+)\s*,\s*[^()]+\)")
_ENTRY_END = re.compile(r"[\"'”’*`]*\s*\)")


def _weight_first(
    ctx: _Context, low: int, high: int, edge: bool
) -> tuple[list[Claim], list[tuple[int, int]]]:
    """A heap's entries ``(7, A, B)`` (their weight first) and where they are: an edge and
    its weight where the line says it holds edges (``next edge: (7, A, B)``, ``# edge …``);
    otherwise nothing (``(9, B, A)`` may be a distance and a parent). An entry whose last two
    items are no two nodes (``(3, 1, 7)``, 7 no node) is left to the weight-last reading."""
    claims: list[Claim] = []
    spans: list[tuple[int, int]] = []
    for match in _WEIGHT_FIRST.finditer(ctx.text, low, high):
        if not _HEAP_LEAD.search(ctx.text, max(low, match.start() - 40), match.start()):
            continue
        comma = ctx.text.index(",", match.end(1))
        pair = _pair_after(ctx, comma + 1, match.end(), _COMMA)
        if pair is None or pair[0][0] == pair[0][1]:
            continue  # "(3, 1, 7)" where 7 is no node: the weight last, read below
        end = _ENTRY_END.match(ctx.text, pair[1])
        if end is None or end.end() != match.end():
            continue  # "(7, A, B, C)": no edge entry
        spans.append((match.start(), match.end()))
        if not edge:
            continue
        claims.append(Claim("edge", pair[0], None, match.start(), match.end()))
        claims.append(Claim("edge_weight", pair[0], int(match.group(1)), match.start(),
                            match.end()))  # fmt: skip
    return claims, spans


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


_COMMA = re.compile(r"\s*,\s*")
_COMMA_OR_TO = re.compile(r"\s*(?:,|;|\s+to\s+|\s+and\s+)\s*", re.I)
_DISTANCE_CALL = re.compile(r"(?:\b(?:dist(?:ance)?|d|sp)|\\delta|δ)\}?\s*\(\s*", re.I)
_DISTANCE_PROSE = re.compile(
    r"\b(?:(?:shortest\s+)?distance|shortest\s+path(?:\s+(?:length|weight))?|"
    r"(?:minimum|min|lowest|shortest)\s+(?:cost|weight|distance)|"
    r"(?:hop|path)\s+distance)\s+(?:from|between)\s+",
    re.I,
)
_HOPS_FROM = re.compile(
    r"\s+(?:is|sits|lies)\s+(?:(\d+)\s+(hops?|edges?|steps?)\s+(?:away\s+|out\s+)?|"
    r"at\s+(hop\s+)?distance\s+(\d+)\s+)from\s+",
    re.I,
)
_HOPS_APART = re.compile(r"\s+are\s+(\d+)\s+(?:hops?|edges?|steps?)\s+apart\b", re.I)
_TAKES_HOPS = re.compile(
    r"\btakes\s+(\d+)\s+(?:hops?|steps?|edges?)(?:\s+(?:minimum|min|at\s+fewest))?\s+to\s+"
    r"(?:get|go|travel)\s+from\s+",
    re.I,
)  # "it takes 3 edges minimum to go from A to B": the fewest, a hop count
_SECOND_INDEX = re.compile(r"\s*\]\s*\[\s*")
_AND_BEFORE = re.compile(r"\s+(?:and|&)\s+(?:node\s+)?$", re.I)
_VALUE = re.compile(
    r"[\"'”’*`]*\s*\)?\s*(?:(?:has|have)\s+(?:a\s+)?(?:length|weight|cost|distance)(?:\s+of)?|=|:|is|of|"
    r"equals)\s*(\d+)(?!\s*[-+*/]\s*\d)(\s*hops?)?",
    re.I,
)
_SOURCE_AFTER = re.compile(
    r"\s*(?:#\s*)?[(,;]?\s*(?:(?://|#|--|/\*)?[^\n]{0,40}?\b(?:dijkstra\w*|bfs|bellman\w*|sssp|"
    r"search|run)\b[^\n]{0,30}?\s)?(?:(?:final(?:i[sz]ed)?|settled|done)\s*[,;]\s*)?"
    r"(?:(?:from\s+(?:the\s+)?)?(?:source|src)|from|starting\s+(?:at|from))\s*[:=]?\s*",
    re.I,
)  # "d[B] = 9 (source A)", "dist[B] == 9  # source A", "d[B] == 9; // after dijkstra_shortest_
# paths from A", "dist[B] = 9  # final, from source A": A's distance (the search's source named
# after it), not the question's
_INDEX_VALUE = re.compile(r"\s*\]\s*(?:==?|:)\s*(\d+)(?!\s*[-+*/]\s*\d)")
_DIST_INDEX = re.compile(r"\b(?:dist|d|distance)\s*\[\s*", re.I)
_INITIALISED = re.compile(r"∞|\\infty\b|\binf(?:inity)?\b|\bInfinity\b|\bmath\.inf\b", re.I)
"""A distance array set to infinity on the line (``dist = [∞] * n; dist[A] = 0``): its entries
there are the search's start, not distances stated from the question's source."""


_TENTATIVE = re.compile(r"\btentative(?:ly)?\b|\bpending\b", re.I)
"""A word that says a distance entry provisional (``Tentatively d[B] = 9 via C, pending further
relaxation``): the search's state, no distance stated."""


def _provisional(text: str, low: int, high: int, start: int, end: int) -> bool:
    """Whether the sentence of ``text[start:end]`` (within the line ``low``–``high``) says it
    provisional (:data:`_TENTATIVE`)."""
    before = text.rfind(". ", low, start)
    after = text.find(". ", end, high)
    return (
        _TENTATIVE.search(text, low if before < 0 else before, high if after < 0 else after)
        is not None
    )


def _distances(ctx: _Context, low: int, high: int) -> list[Claim]:
    text = ctx.text
    claims: list[Claim] = []
    for pattern, words in ((_DISTANCE_CALL, ("(",)), (_DISTANCE_PROSE, _PROSE_WORDS)):
        for match in _scan(pattern, text, low, high, *words):
            pair = _pair_after(ctx, match.end(), high, _COMMA_OR_TO)
            if pair is None:
                continue
            value = _VALUE.match(text, pair[1], high)
            if value is None:
                continue
            hop_words = "hop" in match.group().lower() or bool(value.group(2))
            if not hop_words and "unweighted" in text[max(low, match.start() - 12) : match.start()]:
                hop_words = True  # "the unweighted distance between A and B is 2": hops
            claims.append(
                Claim(
                    "hops" if hop_words else "distance",
                    pair[0],
                    int(value.group(1)),
                    match.start(),
                    value.end(),
                )
            )
    for match in _scan(_HOPS_FROM, text, low, high, " from "):
        left = ctx.slots.before(text, match.start(), low)
        right = ctx.slots.after(text, match.end(), high)
        if left is not None and right is not None:
            hops = match.group(1) is not None or match.group(3) is not None
            number = int(match.group(1) or match.group(4))
            claims.append(
                Claim(
                    "hops" if hops else "distance", (right[0], left[0]), number, left[1], right[1]
                )
            )
    for match in _scan(_HOPS_APART, text, low, high, "apart"):
        second = ctx.slots.before(text, match.start(), low)
        glue = None if second is None else _AND_BEFORE.search(text, low, second[1])
        first = None if glue is None else ctx.slots.before(text, glue.start(), low)
        if first is not None and second is not None:
            claims.append(Claim("hops", (first[0], second[0]), int(match.group(1)), first[1],
                                match.end()))  # fmt: skip
    for match in _scan(_TAKES_HOPS, text, low, high, "takes"):
        pair = _pair_after(ctx, match.end(), high, _AND_OR_TO)
        if pair is not None:
            claims.append(Claim("hops", pair[0], int(match.group(1)), match.start(), pair[1]))
    for match in _scan(_DIST_INDEX, text, low, high, "["):
        node = ctx.slots.after(text, match.end(), high)
        if node is None:
            continue
        index = _SECOND_INDEX.match(text, _past_quotes(text, node[1], high), high)
        other = None if index is None else ctx.slots.after(text, index.end(), high)
        if other is not None:  # dist[A][B] = 9
            value = _VALUE.match(text, _past_quotes(text, other[1], high) + 1, high)
            if value is not None and text[_past_quotes(text, other[1], high)] == "]":
                claims.append(Claim("distance", (node[0], other[0]), int(value.group(1)),
                                    match.start(), value.end()))  # fmt: skip
            continue
        value = _INDEX_VALUE.match(text, node[1], high)
        if value is not None and _provisional(text, low, high, match.start(), value.end()):
            continue  # "Tentatively d[B] = 9 via C, pending further relaxation": state
        source = None if value is None else _SOURCE_AFTER.match(text, value.end(), high)
        named = None if source is None else ctx.slots.after(text, source.end(), high)
        if value is not None and named is not None:
            if named[0] != node[0]:
                claims.append(Claim("distance", (named[0], node[0]), int(value.group(1)),
                                    match.start(), value.end()))  # fmt: skip
        elif value is not None and not _INITIALISED.search(text, low, high):
            claims.append(
                Claim("distance", (node[0],), int(value.group(1)), match.start(), value.end(),
                      implicit_source=True)
            )  # fmt: skip
    return claims


# Degree and node weight: "A has degree 4", "deg(A) = 4", "degree of A is 4", "A (degree 4)"
_NUMBER_OF = {
    "degree": (
        re.compile(r"\s+has\s+(?:a\s+)?degree\s+(?:of\s+)?(\d+)|\s*[:(,]\s*deg(?:ree)?\s*[=:]?\s*"
                   r"(\d+)|\s+has\s+(\d+)\s+(?:neighbou?rs|edges|connections)\b|(?:'s|’s)\s+degree\s*(?:is|=|:)?\s*"
                   r"(\d+)|\s*:\s*(\d+)\s+(?:neighbou?rs|edges)\b", re.I),
        re.compile(r"\b(?:deg(?:ree)?\}?\s*\(|degree\s+of\s+|number\s+of\s+(?:neighbou?rs|edges)\s+"
                   r"(?:of|for|at)\s+)\s*", re.I),
    ),
    "node_weight": (
        re.compile(r"\s+has\s+(?:a\s+)?weight\s+(?:of\s+)?(\d+)|\s*\(\s*(?:node\s+)?(?:weight|w)"
                   r"\s*[=:]?\s*(\d+)\s*\)|\s*:\s*(?:node\s+)?weight\s*[=:]?\s*(\d+)|(?:'s|’s)\s+weight"
                   r"\s*(?:is|=|:)?\s*(\d+)|\s+weighs\s+(\d+)|\s+with\s+(?:a\s+)?weight\s+(?:of\s+)?(\d+)|"
                   r"\s*\[\s*w(?:eight)?\s*[=:]\s*(\d+)\s*\]", re.I),
        re.compile(r"\b(?:w\s*\(|weight\s*\(|weight\s+of\s+(?:the\s+)?(?:node\s+|edge\s+)?)\s*",
                   re.I),
    ),
}  # fmt: skip


_ROW_SUM = re.compile(
    r"(?:\\[lL]Vert\s*|\+/\s*|\b(?:sum|count|count_nonzero|nnz)\s*\(\s*)"
    r"(?:A|M|adj\w*|adjacency\w*)\s*(?:_\{|\[|\()\s*[\"'`]?"
)
_ROW_SUM_END = re.compile(
    r"[\"'`]?\s*[,;]\s*(?::|\\cdot|\.\.\.)?\s*[\]\)\}]\s*\)?\s*(?:\\[rR]Vert\s*(?:_\{?1\}?)?)?"
    r"\s*(?:=|(?:⍝|#|//|!|--|%)[^:=\n\d]{0,40}[:=]?)\s*(\d+)\b(?!\s*[-+*/.]\s*\d)"
)
"""A row sum of the adjacency matrix, with its value (``\\lVert A_{B,\\cdot} \\rVert_1 = 3``,
APL's ``+/M[B;]  ⍝ row sum: 3``, Fortran's ``count(adj(B, :))  ! 3``): B's degree."""


def _row_sums(ctx: _Context, low: int, high: int) -> list[Claim]:
    text, claims = ctx.text, []
    for match in _ROW_SUM.finditer(text, low, high):
        node = ctx.slots.after(text, match.end(), high)
        end = None if node is None else _ROW_SUM_END.match(text, node[1], high)
        if node is not None and end is not None:
            claims.append(Claim("degree", (node[0],), int(end.group(1)), match.start(), end.end()))
    return claims


def _numbers_of(ctx: _Context, low: int, high: int) -> list[Claim]:
    text, slots = ctx.text, ctx.slots
    claims: list[Claim] = []
    for kind, (after_name, before_name) in _NUMBER_OF.items():
        for match in after_name.finditer(text, low, high):
            node = slots.before(text, match.start(), low)
            if node is None:
                continue
            if kind == "node_weight":
                separator = _EDGE_SEPARATOR.search(text, max(low, node[1] - 4), node[1])
                if separator is not None and text[low : separator.start()].strip():
                    continue  # "A - B (weight 7)": an edge's weight, read with the edge
            if kind == "degree" and _ARROW_BEFORE.search(text, max(low, node[1] - 8), node[1]):
                continue  # "A -> … -> B: 2 edges": a route's length, not B's degree
            to = _TO.search(text, max(low, node[1] - 12), node[1])
            to = None if kind != "node_weight" else to
            first = None if to is None else slots.before(text, to.start(), low)
            if first is not None:  # "A to B has weight 7"
                value = next(g for g in match.groups() if g is not None)
                claims.append(
                    Claim("edge_weight", (first[0], node[0]), int(value), first[1], match.end())
                )
                continue
            value = next(g for g in match.groups() if g is not None)
            claims.append(Claim(kind, (node[0],), int(value), node[1], match.end()))
        for match in before_name.finditer(text, low, high):
            if kind == "node_weight":  # "w(A, B) = 7" is an edge's weight
                pair = _pair_after(ctx, match.end(), high, _EDGE_OR_COMMA)
                value = None if pair is None else _VALUE.match(text, pair[1], high)
                if pair is not None and value is not None:
                    claims.append(
                        Claim("edge_weight", pair[0], int(value.group(1)), match.start(),
                              value.end())
                    )  # fmt: skip
                    continue
            node = slots.after(text, match.start() + len(match.group()), high)
            if node is None:
                continue
            value = _VALUE.match(text, node[1], high)
            if value is not None:
                claims.append(
                    Claim(kind, (node[0],), int(value.group(1)), match.start(), value.end())
                )
    return claims


_TO = re.compile(r"\s+to\s+(?:node\s+)?$", re.I)
_ARROW_BEFORE = re.compile(r"(?:->|=>|~+>|[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f])\W*$")
"""An arrow's head just before a name: the name ends a pair or a route."""
_EDGE_OR_COMMA = re.compile(r"\s*(?:,|<->|--|->|-|–|—|↔|→|/)\s*")


# ---------------------------------------------------------------------------------------------
# Lists: neighbours, cliques and triangles, k-cores, nodes within k hops

_NEIGHBOURS_OF = re.compile(r"\b(?:neighbou?rs?|adjacency(?:\s+list)?)\s+of\s+(?:node\s+)?", re.I)
_NUMBER_WORDS = re.compile(r"\b(?:number|count)\s+of\s+$", re.I)
_NEIGHBOURS_POSSESSIVE = re.compile(r"(?:'s|’s)\s+neighbou?rs?\b", re.I)
_N_OF = re.compile(r"\bN\(\s*")
_CARDINALITY_BEFORE = re.compile(r"(?:\bcard\b|\\#|#|\|)\s*\}?\s*$")
_ADJACENT_TO_HEAD = re.compile(r"\b(?:adjacent|connected)\s+to\s+(?:node\s+)?", re.I)
_ITS_NEIGHBOURS = re.compile(r"\bits\s+neighbou?rs?\b", re.I)
_EVERY_NEIGHBOUR = re.compile(
    r"\ball\s+(?:of\s+)?its\s+neighbou?rs\b|\b(?:every|each)\s+neighbou?r\s+it\s+has\b|"
    r"\ball\s+(?:the\s+)?neighbou?rs\s+it\s+has\b",
    re.I,
)
"""A whole neighbour list said of a pronoun (``All its neighbours: B, C``, ``looks at every
neighbour it has: B, C``): the one node named before it, in its sentence or, where that names
none, in the sentence before."""
_LIST_START = re.compile(
    r"[\"'”’*`]*\}?\s*[)\]]?\s*(?:\((?=[^()\n]*\b(?:all|complete|every|full|exhaustive)\b)[^()\n]{1,60}\)\s*)?"
    r"(?:(?P<partial>include|including)|(?:are|is)\s*:?|=|:)\s*",
    re.I,
)  # (a bracketed aside saying the list complete may stand before it: "A's neighbours (all of
# them, each edge checked): B, C")
_CLAUSE_END = re.compile(
    r"\.(?:\s|$)|\n|(?<=\})\s|\s+(?:so|but|which|wait|then)\b|\s+[—–]\s+|"
    r",\s+(?=that['’]s\s+(?:all|every|each|everything|complete|the\s+(?:whole|full|complete|entire))\b)",
    re.I,
)  # a spaced dash too: "A's neighbours are B and C — that's every one of them"; a comma before
# a remark that the list is whole: "…: B, C, that's every one of them"
_CLIQUE = re.compile(
    r"\b(?:(?:a|the|maximum|max|largest)\s+)?(?:clique|triangle)\s*(?:is|=|:|of|with)?\s*", re.I
)
_FORMS = re.compile(
    r"\s+(?:(?:form|forms|is|are)\s+(?:a|the)\s+(?:clique|triangle)|are\s+(?:all\s+)?(?:pairwise|mutually)"
    r"\s+(?:adjacent|connected))\b",
    re.I,
)
_NODES_WORD = re.compile(r"\s*(?:the\s+)?(?:nodes|vertices)\s+", re.I)
_K_CORE = re.compile(
    r"\b(?:the\s+)?(\d+)-core\s*(?:\([^()]*\)\s*)?(?:is|=|:|contains|consists\s+of|has\s+(?:nodes|members))"
    r"\s*",
    re.I,
)
_WITHIN = re.compile(
    r"\b(?:nodes\s+)?(?:within\s+(\d+)\s+hops?|(?:at\s+)?distance\s+at\s+most\s+(\d+)|"
    r"(?:answer|result|final|output)\s+set\s*[(\[]\s*(\d+)\s+hops?|"
    r"distance-(\d+)\s+(?:set|ball|answer))\s+(?:of|from)\s+",
    re.I,
)  # (and the answer set labelled by its radius: "Answer set (2 hops from A): B, C"; the task's
# name, "Distance-2 set from A: B, C", the nodes within 2 hops)
_REACHABLE = re.compile(r"\breachable\s+from\s+", re.I)
_UNION_OF_SPHERES = re.compile(
    r"\\bigcup_\{?\s*i\s*=\s*1\s*\}?\s*\^\s*\{?\s*(\d+)\s*\}?\s*"
    r"(?:\\mathcal\{N\}|N|\\Gamma|Γ)\s*\^\s*\{?\s*i\s*\}?\s*\(\s*"
)
"""The union of a node's spheres of radius 1 to k (LaTeX's ``bigcup_{i=1}^{2} N^{i}(A) = {…}``):
the nodes within k hops of it, itself left out."""
_WITHIN_AFTER = re.compile(r"\s+within\s+(\d+)\s+hops?\s*:\s*", re.I)
_ADJACENCY_OPENING = re.compile(
    r"(?::|\s*(?P<arrow>→|->))\s*(?:(?:connected|adjacent)\s+to\s*:?|neighbou?rs?\s*[:=]?)?\s*",
    re.I,
)
_ADJACENCY_LINE = re.compile(r"\s*(?:[-*•↳▸▹◦▪‣]\s+|\d+[.)]\s+)?")  # a bullet, "↳" too


def _list_end(text: str, start: int, high: int, kept: frozenset[int]) -> int:
    """Where the list from ``start`` ends; not at a mark inside a name (``kept``)."""
    for found in _CLAUSE_END.finditer(text, start, high):
        if found.start() not in kept:
            return found.start()
    return high


def _lists(ctx: _Context, low: int, high: int) -> list[Claim]:
    text, slots = ctx.text, ctx.slots
    claims: list[Claim] = []
    heads: list[tuple[str, int, int]] = []  # node, claim start, list start
    for match in _scan(_NEIGHBOURS_OF, text, low, high, "neighbo", "adjacency"):
        if _NUMBER_WORDS.search(text, max(low, match.start() - 12), match.start()):
            continue  # "the number of neighbours of A is 4" is a degree
        node = slots.after(text, match.end(), high)
        opening = None if node is None else _LIST_START.match(text, node[1], high)
        if node is not None and opening is not None:
            partial = bool(opening.group("partial"))
            heads.append((node[0], match.start(), -opening.end() if partial else opening.end()))
    for match in _scan(_NEIGHBOURS_POSSESSIVE, text, low, high, "'s", "’s"):
        node = slots.before(text, match.start(), low)
        opening = _LIST_START.match(text, match.end(), high)
        if node is not None and opening is not None:
            partial = bool(opening.group("partial"))
            heads.append((node[0], node[1], -opening.end() if partial else opening.end()))
    for match in _scan(_ADJACENT_TO_HEAD, text, low, high, "adjacent", "connected"):
        before = text[low : match.start()].rstrip()
        if before and before[-1] not in ".:;-*•>(":
            continue  # "A is adjacent to B" is read as a phrase
        node = slots.after(text, match.end(), high)
        opening = None if node is None else _LIST_START.match(text, node[1], high)
        if node is not None and opening is not None:
            heads.append((node[0], match.start(), opening.end()))
    for match in _scan(_ITS_NEIGHBOURS, text, low, high, "its "):
        node = _antecedent(ctx, low, match.start())
        opening = _LIST_START.match(text, match.end(), high)
        if node is not None and opening is not None:
            partial = bool(opening.group("partial"))
            heads.append((node[0], node[1], -opening.end() if partial else opening.end()))
    for match in _scan(_EVERY_NEIGHBOUR, text, low, high, "its neighbo", "it has"):
        node = _sole_referent(ctx, low, match.start())
        opening = _LIST_START.match(text, match.end(), high)
        if node is not None and opening is not None and not opening.group("partial"):
            heads.append((node[0], match.start(), opening.end()))
    for match in _scan(_N_OF, text, low, high, "n("):
        if _CARDINALITY_BEFORE.search(text, max(low, match.start() - 8), match.start()):
            continue  # "card N(A) = 3": the neighbourhood's size, a degree
        node = slots.after(text, match.end(), high)
        opening = None if node is None else _LIST_START.match(text, node[1], high)
        if node is not None and opening is not None:
            heads.append((node[0], match.start(), opening.end()))
    if not heads:
        line = _ADJACENCY_LINE.match(text, low, high)
        opening = _ADJACENCY_OPENING.search(text, low, high)
        colon = -1 if opening is None else opening.start()
        if line is not None and opening is not None and colon > line.end():
            arrow = opening.group("arrow") is not None
            head = text[line.end() : colon]
            attributes = re.search(r"\s*\((?:weight|w)\s*[=:]?\s*(\d+)\)\s*$", head)
            name_end = line.end() + (attributes.start() if attributes else len(head))
            head_node = slots.resolve(text[line.end() : name_end])
            if head_node is not None:
                items, complete = slots.items(text, opening.end(), high)
                emphasised = head.strip().startswith(("**", "`"))
                if items and complete and (not arrow or len(items) >= 2 or emphasised):
                    heads.append((head_node, line.end(), opening.end()))
                    if attributes is not None:
                        claims.append(Claim("node_weight", (head_node,), int(attributes.group(1)),
                                            line.end(), line.end() + len(head)))  # fmt: skip
    for owner, start, list_start in heads:
        partial = list_start < 0
        list_start = abs(list_start)
        end = _list_end(text, list_start, high, ctx.name_marks)
        items, complete = slots.items(text, list_start, end)
        written = text[list_start:end].strip().lower().rstrip(".")
        if not items and written not in ("none", "no neighbours", "no neighbors", "{}", "[]", "∅"):
            continue
        for other, a, b in items:
            claims.append(Claim("edge", (owner, other), None, a, b))
            weight = _ITEM_WEIGHT_VALUE.search(text, a, b)
            if weight is not None:
                claims.append(Claim("edge_weight", (owner, other), int(weight.group(1)), a, b))
        if complete and not partial:
            listed = tuple(dict.fromkeys(other for other, _, _ in items))
            claims.append(Claim("neighbours", (owner, *listed), None, start, end))
    claims += _sets(ctx, low, high)
    return claims


def _sets(ctx: _Context, low: int, high: int) -> list[Claim]:
    text, slots = ctx.text, ctx.slots
    claims: list[Claim] = []
    for match in _scan(_CLIQUE, text, low, high, "clique", "triangle"):
        end = _list_end(text, match.end(), high, ctx.name_marks)
        items, complete = slots.items(text, match.end(), end)
        if len(items) >= 2 and complete:
            nodes = tuple(dict.fromkeys(node for node, _, _ in items))
            claims.append(Claim("clique", nodes, None, match.start(), items[-1][2]))
    for match in _scan(_FORMS, text, low, high, "clique", "triangle", "pairwise", "mutually"):
        start = max(low, text.rfind("{", low, match.start()), text.rfind("[", low, match.start()),
                    text.rfind(":", low, match.start()) + 1)  # fmt: skip
        lead = _NODES_WORD.match(text, start, match.start())
        items, complete = slots.items(text, start if lead is None else lead.end(), match.start())
        if len(items) >= 2 and complete:
            nodes = tuple(dict.fromkeys(node for node, _, _ in items))
            claims.append(Claim("clique", nodes, None, start, match.end()))
    for match in _scan(_K_CORE, text, low, high, "core"):
        end = _list_end(text, match.end(), high, ctx.name_marks)
        items, complete = slots.items(text, match.end(), end)
        if items and complete:
            nodes = tuple(dict.fromkeys(node for node, _, _ in items))
            claims.append(Claim("k_core", nodes, int(match.group(1)), match.start(), end))
    balls: list[tuple[str, int, int, int]] = []  # source, k, claim start, list start
    for match in _scan(_WITHIN, text, low, high, "within", "at most", " set", "distance-"):
        source = slots.after(text, match.end(), high)
        opening = None if source is None else _LIST_START.match(text, source[1], high)
        if source is not None and opening is not None:
            k = int(match.group(1) or match.group(2) or match.group(3) or match.group(4))
            balls.append((source[0], k, match.start(), opening.end()))
    for match in _scan(_UNION_OF_SPHERES, text, low, high, "bigcup"):  # "⋃_{i=1}^{2} N^i(A)"
        source = slots.after(text, match.end(), high)
        opening = None if source is None else _LIST_START.match(text, source[1], high)
        if source is not None and opening is not None:
            balls.append((source[0], int(match.group(1)), match.start(), opening.end()))
    for match in _scan(
        _REACHABLE, text, low, high, "reachable"
    ):  # "reachable from A within 2 hops: ..."
        source = slots.after(text, match.end(), high)
        opening = None if source is None else _WITHIN_AFTER.match(text, source[1], high)
        if source is not None and opening is not None:
            balls.append((source[0], int(opening.group(1)), match.start(), opening.end()))
    for source_node, k, start, list_start in balls:
        end = _list_end(text, list_start, high, ctx.name_marks)
        items, complete = slots.items(text, list_start, end)
        if items and complete:
            nodes = (source_node, *dict.fromkeys(node for node, _, _ in items))
            claims.append(Claim("within_hops", nodes, k, start, end))
    return claims


# ---------------------------------------------------------------------------------------------
# Markdown tables: the header names the columns

_TABLE_ROW = re.compile(r"\s*\|(.*)\|\s*$")


def _table_claims(ctx: _Context, rows: list[tuple[int, int]]) -> list[Claim]:
    """Claims of Markdown table rows; a ``| --- |`` row makes the row above it the header."""
    text = ctx.text
    header: list[str] | None = None
    body: list[list[tuple[int, int]]] = []
    claims: list[Claim] = []
    previous: list[tuple[int, int]] = []
    for low, high in rows:
        cells = _cells(text, low, high)
        if cells and all(_RULE.fullmatch(text[a:b].strip()) for a, b in cells):
            if header is not None:
                claims += _body_claims(ctx, header, body)
            header, body = [text[a:b].strip(_HEADER_MARKS).lower() for a, b in previous], []
            continue
        previous = cells
        if header is not None and len(cells) == len(header):
            body.append(cells)
    if header is not None:
        claims += _body_claims(ctx, header, body)
    return claims


_RULE = re.compile(r":?-{3,}:?")
_HEADER_MARKS = " \t✓✔"
"""A check mark beside a header's words (``| node | deg ✓ |``) says the column verified, no cue."""
_AMBIGUOUS_HEADER = re.compile(r"d\s*(?:\(\s*[a-z]\w?\s*\)|_\{?[a-z]\w?\}?)")
"""A header whose cue names two measures (lower case): ``d(v)`` or ``d_v`` is a node's degree
or its distance from the source, decided by agreement with the graph where the graph is given
(a degree where the cells agree on degrees; else the distance its cue reads)."""


def _body_claims(
    ctx: _Context, header: list[str], body: list[list[tuple[int, int]]]
) -> list[Claim]:
    """The claims of a table's rows under ``header``; a column whose header names no measure
    takes the kind its cells agree on with the graph (:func:`agreed_measure`)."""
    readings = [_row_reading(ctx, header, cells) for cells in body]
    inferred: dict[int, str] = {}
    if ctx.graph is not None and len(body) >= MIN_ROWS:
        for column, name in enumerate(header):
            ambiguous = _AMBIGUOUS_HEADER.fullmatch(name) is not None
            stated = [
                (tuple(found), value)
                for cells, (roles, found) in zip(body, readings, strict=True)
                if found and (roles[column] == "" or ambiguous)
                and (value := _loose_value(ctx, ctx.text[slice(*cells[column])])) is not None
            ]  # fmt: skip
            if len(stated) >= SHARE * len(body):
                measure = agreed_measure(ctx.graph, stated)
                if measure is not None and not (ambiguous and measure == "distance"):
                    inferred[column] = measure
            if column in inferred and ambiguous:  # the cue's reading gives way to agreement
                for roles, _ in readings:
                    roles[column] = ""
    claims: list[Claim] = []
    for cells, (roles, found) in zip(body, readings, strict=True):
        claims += _row_claims(ctx, header, cells, roles, found, inferred)
    return claims


def _row_reading(
    ctx: _Context, header: list[str], cells: list[tuple[int, int]]
) -> tuple[list[str], list[str]]:
    """A row's column roles, by the cue words of its header (``Node A``, ``Deg.``, ``Cost``,
    ``Dist from A``), and the node or pair it names (none where a node cell names none)."""
    text = ctx.text
    roles = [_header_role(ctx, name) for name in header]
    if "" in roles and any(_LISTED_COLUMN.search(name) for name in header):
        roles = [  # "| Node | Adjacent to | Count |": the count of a node's listed neighbours
            "degree" if not role and _COUNT_COLUMN.fullmatch(name) else role
            for role, name in zip(roles, header, strict=True)
        ]
    if not roles[0] and header[0] == "n" and _ONE_NODE_ROLES.intersection(roles[1:]):
        roles = ["node", *roles[1:]]  # "| n | deg |": the clipped "node" before a node's measure
    if "node" not in roles and "edge" not in roles:  # "| Place | Links |": a column of names
        roles = _names_column(ctx, roles, cells)
    if "node" in roles:  # "| Node | Edges touching it |" over numbers: a count, the degree
        roles = [
            "degree" if not role and _cell_value(text[a:b]) is not None
            and _COUNTED_COLUMN.search(name)
            and not (ctx.numeric_ids and _LISTED_COLUMN.search(name))  # "| v | Neighbours |"
            else role
            for role, name, (a, b) in zip(roles, header, cells, strict=True)
        ]  # fmt: skip
    nodes = [
        ctx.slots.resolve(_CELL_LABEL.sub("", text[a:b])) for (a, b), role
        in zip(cells, roles, strict=True) if role == "node"
    ]  # fmt: skip
    found = [node for node in nodes if node is not None]
    if not nodes and "edge" in roles:  # "| (A, B) | 7 |" or "| A-B | 7 |"
        a, b = cells[roles.index("edge")]
        inner = a + len(text[a:b]) - len(text[a:b].lstrip(" ("))
        pair = _pair_after(ctx, inner, b, _CELL_PAIR)
        found = [] if pair is None else list(pair[0])
        nodes = [None, None] if pair is None else list(found)
    if not nodes or len(found) != len(nodes):
        return roles, []
    return roles, found


def _row_claims(
    ctx: _Context,
    header: list[str],
    cells: list[tuple[int, int]],
    roles: list[str],
    found: list[str],
    inferred: dict[int, str],
) -> list[Claim]:
    """A row's claims: its nodes, an edge, and the numbers of the columns with a cue or an
    agreed measure (``inferred``, by column)."""
    text = ctx.text
    numbers: list[tuple[str, int, str]] = [
        (role, value, name)
        for (a, b), role, name in zip(cells, roles, header, strict=True)
        if role not in ("node", "edge", "") and (value := _cell_value(text[a:b])) is not None
    ]  # "| A—B | `7` |", "| A | 3 edges |", "| A–B | w=7 |", "| B | 9 (final) |", "| A | five |"
    if not found:
        return _expression_row(ctx, cells)
    start, end = cells[0][0], cells[-1][1]
    claims = []
    for column, measure in inferred.items():
        value = _loose_value(ctx, text[slice(*cells[column])])
        if value is not None:
            kind = "distance" if measure == "distance" and len(found) == 2 else measure
            claims.append(Claim(kind, tuple(found), value, start, end))
    if len(found) == 2 and found[0] != found[1]:
        claims.append(Claim("edge", (found[0], found[1]), None, start, end))
        claims += [
            Claim("edge_weight", (found[0], found[1]), value, start, end)
            for role, value, _ in numbers
            if role in ("weight", "length")
        ]
    elif len(found) == 1:
        for role, value, name in numbers:
            named = _FROM.search(name)
            source = None
            if named is not None:
                source = ctx.slots.resolve(next(g for g in named.groups() if g is not None))
            if source is None and role in ("distance", "hops"):
                source = _header_node(ctx, name)  # "| Goal | δ(A, goal) |"
            if role in ("distance", "hops") and source is not None:
                if source != found[0]:
                    claims.append(Claim(role, (source, found[0]), value, start, end))
            elif role == "distance":
                claims.append(Claim("distance", (found[0],), value, start, end, True))
            elif role in ("degree", "weight"):
                kind = "degree" if role == "degree" else "node_weight"
                claims.append(Claim(kind, (found[0],), value, start, end))
    return claims


def _expression_row(ctx: _Context, cells: list[tuple[int, int]]) -> list[Claim]:
    """A row of two cells, an expression and its value (``| deg(A) | 3 |``, ``| dist(A, B) |
    9 |``, a "Query | Answer" table): the expression read as a call equal to the value."""
    if len(cells) != 2:
        return []
    (a, b), (c, d) = cells
    value = _cell_value(ctx.text[c:d])
    if value is None or not has_call(ctx.text, a, b):
        return []
    written = f"{ctx.text[a:b].strip()} = {value}"
    return [
        Claim(kind, nodes, number, a, d)
        for kind, nodes, number, _, _ in call_facts(written, 0, len(written), ctx.slots.after)
        if kind in _MEASURES
    ]


_LOOSE_NUMBER = re.compile(r"(?<![\w.])(?:\d+|" + "|".join(NUMBER_WORDS) + r")(?![\w.]\w)", re.I)
_LOOSE_REFUSE = re.compile(
    r"\?|\b(?:not|no|maybe|tentative|unsure|old|wrong|or|before|after|was|\w+n['’]t)\b|[<>≤≥~≈+×*/]"
    r"|\d\s*-\s*\d",
    re.I,
)


def _loose_value(ctx: _Context, cell: str) -> int | None:
    """The one number a cell of a column without a cue holds, whatever words surround it
    (``3 incident``, ``tally three``, ``wt 7``); ``None`` where it holds none, several, a node's
    name, or a hedge, a negation or arithmetic."""
    if _LOOSE_REFUSE.search(cell):
        return None
    numbers = _LOOSE_NUMBER.findall(cell)
    if len(numbers) != 1:
        return None
    rest = _LOOSE_NUMBER.sub(" ", cell)
    if not ctx.numeric_ids and any(
        ctx.slots.resolve(word) is not None for word in re.findall(r"[^\W\d_][\w'-]*", rest)
    ):
        return None
    written = numbers[0].lower()
    return int(written) if written.isdigit() else NUMBER_WORDS[written]


_CELL_MARKS = " `*_"
_HEDGE_LABEL = (
    r"(?:not|no|maybe|about|approx\w*|around|roughly|over|under|at|least|most|was|old|or|and|"
    r"near|nearly|almost|circa|ca|below|above|upto|up)\b"
)
"""A word before a cell's number that hedges or bounds it (``about 7``): no label."""
_CELL_VALUE = re.compile(
    r"[\s`*_]*(?:(?:→|⟶|->|=>|⇒)\s*)?(?:[^\W\d_]\w*\s*[=:]\s*|(?!"
    + _HEDGE_LABEL
    + r")[a-z]{1,6}\s+)?[`*_]*(?P<n>\d+|"
    + "|".join(NUMBER_WORDS)
    + r")\b[`*_]*(?:\s*(?:hops?|edges?|neighbou?rs?|links?|connections?|units?|steps?)\b)?"
    r"(?:\s*(?:in\s+all|in\s+total|all\s+told|altogether|overall|total)\b)?"
    r"(?:\s*,\s*[a-z]+)?"  # a one-word remark: "| 7, direct |"
    r"(?:\s*\((?![^()]*(?:\?|\b(?:not|no|maybe|tentative|unsure|old|wrong|or)\b))[^()]*\))?"
    r"[\s`*_.✓✔]*",
    re.I,
)  # (a check mark after the value, "| 4 ✓ |": the value verified; an arrow before it, "| → 6 |",
# the value it comes to)
_CELL_PAIR = re.compile(
    r"\s*(?:,|;|&|<->|--|->|-|–|—|─|━|~+>?|∼|/|[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f])\s*"
)
"""Two names of a pair cell joined by any arrow, dash or tilde (``| A ⇄ B |``, ``| (A; B) |``,
``| A ~ B |``)."""


_CELL_LINK = re.compile(r"\s*(?:--|–|—|─|━)\s*")
"""Two names of a pair cell joined by a dash (``| A ─ B |``): an edge's ends in a table whose
headers name no role (an arrow there may join a route's ends, a comma two nodes of a list)."""


def _cell_value(cell: str) -> int | None:
    """The number a value cell states, whatever label, unit word or remark surrounds it (``7``,
    ``w=7``, ``3 edges``, ``9 (final)``, ``five``); ``None`` where it states no one number."""
    match = _CELL_VALUE.fullmatch(cell)
    if match is None:
        return None
    written = match.group("n").lower()
    return int(written) if written.isdigit() else NUMBER_WORDS[written]


def _names_column(ctx: _Context, roles: list[str], cells: list[tuple[int, int]]) -> list[str]:
    """``roles`` with the first column without a cue read as nodes where its cell names one (in
    words, not a bare id: ``| Step | Dist |`` holds no node)."""
    weighed = "weight" in roles or "length" in roles
    if weighed:  # "| One end | Other end | Weight |": two columns of names, an edge's ends
        named = [
            index for index, ((a, b), role) in enumerate(zip(cells, roles, strict=True))
            if not role and ctx.slots.resolve(_CELL_LABEL.sub("", ctx.text[a:b].strip()))
            and (ctx.numeric_ids or not ctx.text[a:b].strip().isdigit())
        ]  # fmt: skip
        if len(named) == 2:
            return ["node" if index in named else role for index, role in enumerate(roles)]
    for index, ((a, b), role) in enumerate(zip(cells, roles, strict=True)):
        written = ctx.text[a:b].strip()
        if role or written.isdigit():
            continue
        if ctx.slots.resolve(_CELL_LABEL.sub("", written)) is not None:
            return [*roles[:index], "node", *roles[index + 1 :]]
        inner = a + len(ctx.text[a:b]) - len(ctx.text[a:b].lstrip(" (`*"))
        joint = _CELL_PAIR if weighed else _CELL_LINK  # no role at all: a dash or arrow pair
        pair = _pair_after(ctx, inner, b, joint) if weighed or not any(roles) else None
        if pair is not None and not ctx.text[pair[1] : b].strip(" )`*\"'"):
            return [*roles[:index], "edge", *roles[index + 1 :]]  # "| (A, B) | 7 |" by weight
    return roles


def _header_role(ctx: _Context, name: str) -> str:
    """:func:`_column_role`, where ``from X`` cues a distance only if X names a node (``Weight
    from input``: where the weight was read, a weight column)."""
    role = _column_role(name)
    named = _FROM.search(name) if role == "distance" else None
    if named is None or ctx.slots.resolve(next(g for g in named.groups() if g is not None)):
        return role
    return _column_role(name[: named.start()] + " " + name[named.end() :]) or role


def _header_node(ctx: _Context, name: str) -> str | None:
    """The one node a header names, if it names exactly one (a distance column's source)."""
    found: set[str] = set()
    for piece in _HEADER_PIECES.split(name):
        parts = piece.split(",")  # a long-context name holds commas: every run of parts
        for i in range(len(parts)):
            for j in range(i + 1, min(len(parts), i + 8) + 1):
                written = ",".join(parts[i:j]).strip()
                node = ctx.slots.resolve(written) if written else None
                if node is not None:
                    found.add(node)
    return found.pop() if len(found) == 1 else None


_HEADER_PIECES = re.compile(r"[();:=|]|\s(?:from|source|to|of)\s")


def _column_role(name: str) -> str:
    """What a column holds, by the cue words of its header: ``node``, ``edge``, ``degree``,
    ``weight``, ``length`` (an edge's weight), ``distance``, ``hops``, or ``""`` (nothing read)."""
    for role, cue in _COLUMN_CUES:
        if cue.search(name):
            return role
    return ""


_COLUMN_CUES = (
    ("degree", re.compile(r"\bdeg|valenc|(?:number|count|#)\s*(?:of\s+)?(?:neighbou?rs|edges|"
                          r"connections|links)|neighbou?rs?\s+count|how\s+many\s+(?:neighbou?rs|"
                          r"edges|connections|links)|^(?:connections|links|"
                          r"incident\s+edges)$")),  # "Neighbours" holds names
    ("hops", re.compile(r"\bhops?\b")),
    ("distance", re.compile(r"\bdist|shortest|\bd\(|δ\(|\\delta\b|\bpath|\w\s+\(?from\s+\S|"
                            r"\(source\b|(?:=|\bas|\bis)\s+(?:the\s+)?source\b|cheapest|"
                            r"(?:minimum|minimal|min|least|lowest)\.?\s+cost")),
    ("weight", re.compile(r"weigh|^w\s*=?$|^wt\.?\s*=?$|\bcost|^w\s*\(")),  # "w(u, v)", "w="
    ("length", re.compile(r"^length$")),  # an edge's weight; nothing of one node
    ("edge", re.compile(r"^(?:edges?|pairs?|link|endpoints)(?:\s*\([^)]*\))?$")),  # "Edge (u, v)"
    ("node", re.compile(r"^(?:node|vertex|vertices|source|target|from|to|u|v|a|b|name|city|"
                        r"destination|"
                        r"endpoint|start|end|end\s*point)(?:\s*(?:[ab12]|one|two))?$|^(?:node|vertex)\b|"
                        r"\b(?:node|vertex)$")),  # "| Which node |", "| Reached node |"
)  # fmt: skip
_ONE_NODE_ROLES = frozenset(("degree", "distance", "hops"))
"""Measures of one node (a distance: from the table's source)."""
_LISTED_COLUMN = re.compile(r"adjacent|neighbou?r|connected|linked|links\s+to|\bnbrs?\b")
_COUNTED_COLUMN = re.compile(r"\b(?:edges|neighbou?rs|connections|links)\b")
_COUNT_COLUMN = re.compile(r"\s*(?:count|total|#|n|no\.?|number|size|how\s+many)\s*")
_FROM = re.compile(
    r"\b(?:from|source\s*:?)\s+([^()]+?)(?=\s*(?:\(|\)|$))|\(\s*([^()]+?)\s*,\s*(?:[·⋅.*_-]|[uvwxyz])?\s*\)|"
    r"\(\s*([^()=]+?)\s*(?:=|\bas|\bis)\s+(?:the\s+)?source\s*\)"
)
"""A distance column's source: ``Dist from A``, ``(source: A)``, ``dist(A, ·)``, ``δ(A, v)``,
``label from A (final)``, ``(A = source)``, ``(A as source)``."""
_CELL_ARROW = re.compile(r"^\s*(?:to\s+|->|=>|[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f])\s*", re.I)
"""An arrow or ``to`` before a node's name in a cell (``| → B | 7 |``, ``| to B | 7 |``: the
destination)."""
_CELL_LABEL = re.compile(_CELL_ARROW.pattern + r"|^\s*[a-z]\w{0,11}\s*[=:]\s*", re.I)
"""An arrow or ``to`` before a node cell's name, or a label (``| v=A |``, ``| node: A |``)."""


def _cells(text: str, low: int, high: int) -> list[tuple[int, int]]:
    first = text.find("|", low, high)
    last = text.rfind("|", low, high)
    cells = []
    position = first + 1
    for match in re.compile(r"(?<!\\)\|").finditer(text, first + 1, last + 1):
        cells.append((position, match.start()))
        position = match.end()
    return cells


# ---------------------------------------------------------------------------------------------


_EMPHASIS = re.compile(r"\*\*|(?<!\w)__|__(?!\w)")
_REPL_OUTPUT = re.compile(
    r"\n(?=[ \t]*(?:True|False|Out|#|//|-?\d|\[|\{))"  # (a quick test: most lines fail here)
    r"[ \t]*(?:(?:#|//)[ \t]*(?:Out(?:\[\d+\])?[ \t]*:|\w{1,12}[ \t]*[?=])?|"
    r"Out(?:\[\d+\])?[ \t]*:)?"
    r"[ \t]*(?P<value>True|False|-?\d+(?:\.\d+)?|\[[^\n\[\]]*\]|\{[^\n{}]*\})[ \t]*(?=\n|$)"
)
"""A line that is only a printed value (``True``, ``# Out: 4``, ``Out[3]: [B, C]``, ``# w =
7``: a one-word label only in a comment, ``seen = {B}`` is code), the output of the query on
the line before it."""
_REPL_QUERY = re.compile(
    r"[ \t]*(?:(?:>>>[ \t]*|In[ \t]*\[\d+\][ \t]*:[ \t]*)?(?![\w.]+[ \t]*=[^=])[A-Za-z_][\w.]*"
    r"[(\[][^\n#]*[)\]]|(?:>>>[ \t]*|In[ \t]*\[\d+\][ \t]*:[ \t]*)[^\n#=:;*/\[\]()]{1,200}?[ \t]+"
    r"in[ \t]+[A-Za-z_][\w.]*\[[^\n\]#=]*\]|"
    r"(?P<member>(?!(?:assert|if|elif|while|return|for|not)\b)[^\s#=:;*/\[\]()]"
    r"[^\n#=:;*/\[\]()]{0,200}?[ \t]+in[ \t]+[A-Za-z_][\w.]*\[[^\n\]#=]*\]))"
    r"(?:(?P<comment>[ \t]*#[^\n]*\?[ \t]*)|"
    r"(?P<note>[ \t]*#[ \t]*(?!(?:True|False)\b)[A-Za-z]+[ \t]*))?"
)
"""A line that is one query, a call or a lookup (``G.has_edge(A, B)``, ``>>> G.degree[A]``)
or a membership after a prompt (``>>> "B" in G.adj["A"]``), no assignment, a question in a
comment after it allowed (``# how many?``, blanked) or a one-word note (``# hops``, kept; a
result there, ``# True``, ``# 4``, makes the next line no output); a membership without a prompt
(``B in G[A]``) only with a truth value after it (``# False``: its verdict)."""


def _repl_outputs(text: str) -> str:
    """``text`` with each query's output that stands alone on the line after it (``G.degree[A]``
    / ``# Out: 4``) brought up to the query's line as its comment (``G.degree[A]  # 4``), so
    that it is read as the query's result; a question in a comment after the query blanked."""
    parts: list[str] = []
    done = 0
    for output in _REPL_OUTPUT.finditer(text):
        begin = text.rfind("\n", 0, output.start()) + 1
        query = _REPL_QUERY.fullmatch(text, begin, output.start())
        if query is None or begin < done:
            continue
        if query.group("member") and output.group("value") not in ("True", "False"):
            continue  # "B in G[A]" / "3": no verdict of the test
        low = query.start("comment") if query.group("comment") else output.start()
        joint = output.start("value") - low  # the comment, the newline and the output's lead
        if query.group("note"):  # "…  # hops" / "2": "…  # hops: 2"
            lead = ":" + " " * (joint - 1) if joint >= 2 else " "
        else:
            lead = " " * (joint - 2) + "# " if joint >= 3 else "#" * joint
        parts += [text[done:low], lead]
        done = output.start("value")
    return "".join(parts) + text[done:] if parts else text


"""Markdown bold marks (``**A**``, ``__A__``): read as blanks (``**No edge** between A and B``)."""
_ROUTE_TAKEN = re.compile(
    r"\b[Ii]f\s+(?:I|we)\s+(?:go|take|follow|use|walk|travel)(?:\s+(?:along|via|through|by))?"
    r"(?=\s+[^;.?!\n]{1,200}?(?:→|->|⟶|⇒|=>)[^;.?!\n]{1,200}?(?:→|->|⟶|⇒|=>)[^;.?!\n]*,)"
)
"""A route taken as a condition (``If I go A → B → C, that's 9 in total``): the path's total is
stated whatever the condition (a chain of two links or more, its total after the comma), read
with the lead as blanks; its links are tried, not stated (:func:`_off_route`)."""
_FINAL_MARK = re.compile(
    r"\b(?:settles?\s+(?:at|on)|(?:that['’]s|that\s+is|it['’]s|it\s+is|which\s+is|(?<!not\s)is|"
    r"are)\s+(?:now\s+)?final|(?<=[.!;—–]\s)done\s+with\s+it(?=[ \t]*[.!]?[ \t]*(?:\n|$)))\b",
    re.I,
)
_STATE_WORDS = re.compile(
    r"\b(?:(?:after|once)\s+(?:relax\w*(?:\s+(?:everything|every\s+edge|all(?:\s+edges)?))?|"
    r"every\s+edge\s+(?:is|was|has\s+been)\s+relaxed)|by\s+the\s+time|"
    r"comes?\s+off\s+(?:the\s+)?(?:queue|heap|pq)|(?:heap|queue|pq)\s+pop(?=\s*:)|(?:is\s+)?popped(?:\s+(?:off|from)\s+the\s+"
    r"(?:queue|heap|pq))?|tentative)\b|\bsettles?\s+(?:at|on)\b|,?\s*(?:and\s+)?(?:that['’]s|that\s+is|"
    r"it['’]s|it\s+is|which\s+is)\s+(?:now\s+)?final\b",
    re.I,
)


def _finals(text: str) -> str:
    """``text`` with each line that says its value final (``… settles at 9``, ``…, and that's
    final``) holding the algorithm's state words around it as blanks (``settles at`` read as
    ``is``): a settled value is the graph's, no state."""
    done = -1
    for mark in _FINAL_MARK.finditer(text):
        if mark.start() < done:
            continue  # (a line is rewritten once)
        low = text.rfind("\n", 0, mark.start()) + 1
        high = text.find("\n", mark.end())
        high = len(text) if high < 0 else high
        done = high
        line = text[low:high]
        if not re.search(r"\b(?:dist\w*|dijkstra|cost|length)\b|\bd\s*\[", line, re.I):
            continue
        line = _STATE_WORDS.sub(
            lambda word: (
                "is".rjust(len(word.group()))
                if word.group().lower().startswith("settle")
                else " " * len(word.group())
            ),
            line,
        )
        text = text[:low] + line + text[high:]
    return text


_ONE_HOP_ADDS = re.compile(
    r"\b(?:the|this|that|each|one)\s+(?:single\s+)?(?:hop|leg)\s+from(?P<mid>\s+[^.;:!?\n]{1,120}?"
    r"\s+to\s+[^.;:!?\n]{1,120}?\s+)(?:adds|contributes)(?:\s+(?:another|a\s+further|just|only))?"
    r"(?=\s+\d+\b(?!\s*(?:more\s+)?(?:hops?|steps?|edges?|links?)\b))",
    re.I,
)
"""A value one hop of a route adds (``Summing along, the hop from A to B adds 3``): the weight
of the edge A–B, read as ``edge from A to B weighs 3`` (no distance, no hop count)."""


def _one_hop_adds(hop: re.Match[str]) -> str:
    """The hop as an edge that weighs its value (the same length)."""
    said = "edge from" + hop.group("mid") + "weighs"
    return said.rjust(len(hop.group()))


_AS_EXPECTED = re.compile(r",?\s*\b(?:just\s+)?as\s+(?:i\s+|we\s+)?expected\b", re.I)
"""A remark that a result confirms what was expected (``… returns True, as expected``): no
expectation of its own."""
_HAD_WRONG = re.compile(
    r"\b(?:i|we)\s+(?:had|got)\s+(?P<what>the\s+[^;.:?!\n]{1,160}?)\s+wrong\s*(?:[;,:—–]|--)\s*"
    r"(?:it|that)\s*(?P<verb>should\s+be|is|['’]s|must\s+be)\b",
    re.I,
)


def _had_wrong(correction: re.Match[str]) -> str:
    """``I had the A–B weight wrong; it should be 7`` as ``the A–B weight … is 7`` (the same
    length): the measure named before, its value corrected after."""
    lead = " " * (correction.start("what") - correction.start())
    gap = " " * (correction.start("verb") - correction.end("what"))
    return lead + correction.group("what") + gap + "is".rjust(len(correction.group("verb")))


_CONFIRMED = re.compile(
    r"(?:[,;—–]|--)\s*(?:let\s+me|i['’]ll|let['’]s)\s+(?:just\s+)?(?:double[- ]?)?check"
    r"(?:\s+(?:the|my|in|with|against)\b[^.…?!\n]{0,40}?)?\s*(?:\.{2,}|…|:)\s*(?:yes|yep|yup|right|"
    r"correct|confirmed)\b(?:\s*,\s*(?P<value>\d+))?(?=\s*[.!]?\s*$)",
    re.I | re.M,
)
"""A check said after a statement, its result a yes (``A's weight is 7, let me check the
input... yes``, ``… — let me double check... yes, 7``): a confirmation, no plan."""


_NEXT_WORDS = ("move on", "moving on", "skip", "push it")
_NEXT_STEP = re.compile(
    r"[,;]\s*(?:so\s+|then\s+|and\s+)?(?:move\s+on|moving\s+on|skip(?:\s+it)?|push\s+it)\b"
    r"[^.\n;:,]{0,50}[.!]?[ \t]*$",
    re.I | re.M,
)
"""The step a result leads to, at its line's end (``A and B: not adjacent, move on to the next
candidate``, ``…, push it``): blanked, the result before it read (a plan, it silenced it)."""
_INPUT_VERBS = ("pars", "Pars", "estat", "e-read", "opy", "opie")
"""What any match of :data:`_INPUT_LEAD` holds (a quick test before it)."""
_INPUT_LEAD = re.compile(
    r"^[ \t]*(?:(?:ok(?:ay)?|so|first|now|alright)\s*,?\s+)*(?:let\s+me\s+|i['’]ll\s+|i\s+)?"
    r"(?:pars\w*|restat\w*|re-read\w*|copy\w*|copied)\s+"
    r"(?:the\s+)?(?:input|graph|edges?|edge\s+list|adjacency\s+list|prompt)\b[^:—–\n?]{0,80}?"
    r"(?::|\s[—–]\s)",
    re.I | re.M,
)
"""A lead that reads or restates the input, to its colon or dash (``Restating the input so I
don't misread it later: …``, ``Let me parse the graph first, copying the edges out as I go —
…``): blanked, what follows is the input's fact (the lead's plan words and negation silenced it)."""
_COPIED_EDGE = re.compile(
    r"\badd_edge(?P<args>\s*\([^()\n]*\)\s*)(?P<comment>(?:#|//)\s*(?:(?:line|edge|row|entry)\s+)?"
    r"(?:parsed\s+|copied\s+|taken\s+|read\s+)?(?:straight\s+)?from\s+the\s+(?:input|prompt)\b"
    r"\s*[.!]?[ \t]*)$",
    re.M,
)
"""A graph built from the input, its line's comment saying so (``G.add_edge(A, B)  # from the
input``): the edge is the input's, read as a test that holds (``has_edge``, ``# True``)."""


def _copied_edge(call: re.Match[str]) -> str:
    """The call as ``has_edge``, its comment as ``# True`` (offsets kept)."""
    return "has_edge" + call.group("args") + "# True".ljust(len(call.group("comment")))


_ORIGINAL = re.compile(
    r"\b(?:in|of|from)\s+the\s+original\s+(?:graph|input)\b\s*,?|"
    r"\bbefore\s+any\s+(?:removals?|deletions?|pruning|peeling|nodes?\s+(?:is|are)\s+"
    r"(?:removed|deleted|peeled))\b",
    re.I,
)
"""An aside saying a value is the input graph's, not a peeling's state (``In the original graph
A has degree 3, before any removals``): blanked, the value read as the graph's."""
_SETTLING = re.compile(
    r"^(?=[^\n]*\b(?:source|from)\b)[^\n]*?(?:(?P<past>\bsettled\s+(?:at|on|with)\b)|"
    r"^(?P<mark>\W*)(?P<verb>settle)\b(?=[^\n:]{1,80}:)|"
    r"\b(?P<label>label)\b[^\n.:;]{0,60}?(?P<permanent>(?:\s+is)?(?:\s+now)?\s+permanent)\b)",
    re.I | re.M,
)
"""Dijkstra's settling said of a node on a line that names the search's source (``**B**
settled at 9 (source A)``, ``- settle B: 9 (from A)``, ``B's label from source A is now
permanent: 9``): the node's distance from the source, its state words rewritten as a
distance's (offsets kept)."""


_FINALISED = re.compile(
    r"(?P<verb>\b(?:is|was|gets|got)\s+(?:now\s+)?finali[sz]ed\s+at\b)(?=\s+\d+\s+from\s)|"
    r"(?P<done>(?<=\d)\s+(?:after|once)\s+(?:the\s+)?relaxations?\s+(?:finish(?:es|ed)?|(?:is|are|was|"
    r"were|has|have)\s+(?:done|complete|over|finished|run))\b)",
    re.I,
)
"""A search's value said final (``B is finalized at 9 from A``, ``d(A, B) = 9 after relaxation
finishes``): the graph's distance, read as ``B settles at 9 from A`` and with the aside blanked."""


_RECAP_SO_FAR = re.compile(
    r"(?<=\brecap)\s+(?:so|thus)\s+far(?=\s*[:—–]|\s+-)|(?<=\bsummary)\s+(?:so|thus)\s+far(?=\s*[:—–]|\s+-)",
    re.I,
)
"""A recap's lead (``Recap so far: A has degree 4``): what the writer has found, stated, no
algorithm state (``so far`` blanked)."""
_RECAP_WORDS = ("ecap so far", "ecap thus far", "ummary so far", "ummary thus far")
_FINAL_WORDS = ("finalized at", "finalised at", "relaxation")
"""What a line needs for :data:`_FINALISED` (a quick test first)."""


def _finalised(said: re.Match[str]) -> str:
    """The final verb as ``settles at``, the aside as blanks (the same length)."""
    if said.group("verb") is not None:
        return "settles at".rjust(len(said.group()))
    return " " * len(said.group())


_SETTLE_WORD = re.compile(r"settle|permanent")


def _settlings(text: str) -> str:
    """``text`` with :data:`_SETTLING` applied to each line that holds a settling word and names
    a source."""
    done = -1
    for word in _SETTLE_WORD.finditer(text):
        if word.start() < done:
            continue
        low = text.rfind("\n", 0, word.start()) + 1
        high = text.find("\n", word.end())
        done = high = len(text) if high < 0 else high
        line = text[low:high]
        if "source" in line or "from" in line:
            text = text[:low] + _SETTLING.sub(_settling, line) + text[high:]
    return text


def _settling(line: re.Match[str]) -> str:
    """The match with its settling words rewritten (``settled at`` as ``distance``, ``settle``
    as ``dist``, ``label … is now permanent`` as ``dist …``)."""
    written, low = line.group(), line.start()
    for group, word in (("past", "distance"), ("verb", "dist"), ("label", "dist")):
        if line.group(group) is not None:
            a, b = line.start(group) - low, line.end(group) - low
            written = written[:a] + word.ljust(b - a) + written[b:]
    if line.group("permanent") is not None:
        a, b = line.start("permanent") - low, line.end("permanent") - low
        written = written[:a] + " " * (b - a) + written[b:]
    return written


_CONFIRM_WORDS = ("? ",)
_CONFIRM_CHECK = re.compile(
    r"(?<=:)(?P<candidate>[ \t]*[^?:;\n]{1,24}?)\?[ \t]*(?:(?P<yes>yes|yep)|(?P<no>no))\b"
    r"(?=(?P<tail>[ \t]*[,—–][^?\n]*)?[ \t]*[.!]?[ \t]*$)",
    re.I,
)
"""A confirm check: a candidate after a colon, asked and answered at once, its line's end
(``A–B: present? yes.``, ``deg(A): 3? yes``): a yes states the candidate, a no denies a
candidate word ending the line (``present? no``: ``absent``); any other no is kept as written."""


def _confirm_check(check: re.Match[str]) -> str:
    """The check read as its statement, lengths kept."""
    candidate = check.group("candidate")
    if check.group("yes") is not None:
        return candidate + " " * (check.end() - check.end("candidate"))
    if any(c.isdigit() for c in candidate):
        return check.group()
    if " " in candidate.strip() or check.group("tail") is not None:
        return check.group()  # "every pair present? no", "connected? No, not directly": kept
    return "absent".rjust(len(check.group()))


_QUIZ = re.compile(r"(?<![\w'’])Q\s*:(?P<question>[^\n?:]{1,300}\?)\s*A\s*:")
"""A question and its answer under quiz labels (``Q: how far is A from B? A: 4``): the
labels blanked, the question and answer read as written bare."""


def _quiz(quiz: re.Match[str]) -> str:
    question = quiz.group("question")
    return "  " + question + " " * (quiz.end() - quiz.end("question"))


_ARROW_ANSWER = re.compile(
    r"(?<=\?)(?:(?:[ \t]*[→⟶][ \t]*[a-z][a-z -]{0,30}?\??)+[ \t]*[→⟶][ \t]*(?=[^→⟶\s][^→⟶\n]*$)|"
    r"[ \t]*[→⟶][ \t]*(?=\d+[ \t]*[.!]?[ \t]*$))"
)
"""The steps after a question on an arrow line, up to its last, the answer (``A → degree? →
recounted → 4``), or a lone arrow before a value (``A ⟶ B: distance? ⟶ 5``): blanked, the
answer read as the question's (``A → degree? 4``); a step in capitals or digits may be a node
(kept)."""


_YES_WORDS = ("yes", "yep", "Yes", "Yep", "✓", "✔")
_CHECKED_LEAD = re.compile(
    r"^[ \t]*(?:(?:before\s+answering|finally|ok(?:ay)?|so|now|one\s+last\s+thing)\s*,?\s*)*"
    r"(?:let\s+me\s+|i['’]ll\s+|i\s+)?(?:double-?\s*check\w*|re-?verif\w*|verif\w*|re-?check\w*|"
    r"check\w*|confirm\w*)\b[^:\n?]{0,50}?\b(?:input|prompt|list|graph|edges|pairs)\b[^:\n?]{0,30}:"
    r"[ \t]*(?=[^?\n]*(?:\byes\b|\byep\b|✓|✔))"
    r"(?:(?:yes|yep)\b[ \t]*,?[ \t]*)?",
    re.I | re.M,
)
"""A check's lead to its colon, naming what it checks against (the input, the prompt, a list,
the edges or pairs used), where its line says the check came out yes (``Double-checking
against the prompt: yep, A and B are adjacent``, ``let me re-verify the edges I relied on: A–B,
yes, it's in the input``): blanked with its ``yes``, the fact read as stated."""
_CHECK_LABEL = re.compile(
    r"(?:(?:final|last|sanity)\s+check(?P<on>\s+on\b)?|(?P<done>(?:re|double)-checked))(?P<tail>\s*,\s*(?:passes|passed|holds|ok|done)\b)?",
    re.I,
)
"""A check's label, said done rather than planned: at a line's head before its colon (``Final
check on A: …``, ``Final check: …``), or as a comment or aside (``…  # final check, passes``, ``…
(final check)``, ``(…, re-checked)``); blanked (:func:`_check_label`), the fact beside it read."""
_LABEL_WORDS = ("inal check", "ast check", "anity check", "e-checked")
"""What any match of :data:`_CHECK_LABEL` holds (a quick test before it)."""
_LABEL_HEAD = re.compile(r"[ \t]*(?:[-*+•>]\s+)?[ \t]*")
_LABEL_ASIDE = re.compile(r"(?:#|//|\()[ \t]*$")
_LABEL_ON = re.compile(r"\s+[^:\n]{1,80}:")
_LABEL_COLON = re.compile(r"\s*:")
_LABEL_END = re.compile(r"\s*(?:\)|\n|$)")


def _check_label(label: re.Match[str]) -> str:
    """The label as blanks where it stands as one (:data:`_CHECK_LABEL`), else as written."""
    text, start, end = label.string, label.start(), label.end()
    before = text[text.rfind("\n", 0, start) + 1 : start]
    if _LABEL_ASIDE.search(before):  # "# final check, passes", "(re-checked)"
        stands = label.group("on") is None and _LABEL_END.match(text, end) is not None
    elif _LABEL_HEAD.fullmatch(before) and label.group("done") is None and not label.group("tail"):
        after = _LABEL_ON if label.group("on") is not None else _LABEL_COLON
        stands = after.match(text, end) is not None  # "Final check on A: …", "Final check: …"
    else:
        stands = False
    return " " * len(label.group()) if stands else label.group()


def _confirmed(check: re.Match[str]) -> str:
    """A check that confirms as blanks; one that repeats another value than the statement's last
    (``… weight 7 — let me double check... yes, 8``) is left as written (a plan, unread)."""
    value = check.group("value")
    if value is not None:
        line = check.string[check.string.rfind("\n", 0, check.start()) + 1 : check.start()]
        stated = re.findall(r"\d+", line)
        if not stated or stated[-1] != value:
            return check.group()
    return " " * len(check.group())


_SURVEYED = re.compile(
    r"\b(?:(?:[Cc]heck(?:ed|ing)|[Gg](?:one|oing)\s+through|[Ww]ent\s+through|[Ss]cann(?:ed|ing)|"
    r"[Ll]ook(?:ed|ing)\s+(?:at|through|over)|[Ee]xamin(?:ed|ing)|[Rr]eview(?:ed|ing))\s+"
    r"(?:each|every|all(?:\s+the)?|the\s+whole)\s+[^,;:.?!\n]{1,50}?|(?:[Gg]oing|[Cc]hecking|"
    r"[Ww]orking)\s+(?:pair|node|vertex|edge|one|row|line)\s+by\s+(?:pair|node|vertex|edge|one|row|"
    r"line)),(?=\s*\S)"
)  # (no IGNORECASE: a capital only where a sentence starts, and the scan stays fast)
"""A survey done before a result (``After checking each edge, A …``, ``…, going through every
edge that touches it, the neighbours I find are …``, ``Going pair by pair, …``): how the result
was found, no plan or quantifier, read as blanks."""
_SURVEY_LEAD = re.compile(
    r"(?P<words>\b(?:after|having|once\s+(?:i|we)['’]ve)\s+)$|(?:,\s|^\s*)$", re.I | re.M
)
"""What may stand before a survey: ``after`` / ``having`` (blanked with it), a comma, a line's
start."""


def _surveys(text: str) -> str:
    """``text`` with each survey done before a result (:data:`_SURVEYED`) as blanks."""
    for survey in _SURVEYED.finditer(text):
        if survey.start() and not text[survey.start() - 1].isspace():
            continue
        line = text.rfind("\n", 0, survey.start()) + 1
        lead = _SURVEY_LEAD.search(text, max(line, survey.start() - 24), survey.start())
        if lead is None:
            continue
        low = lead.start() if lead.group("words") else survey.start()
        text = text[:low] + " " * (survey.end() - low) + text[survey.end() :]
    return text


_RETRACTION_TAIL = re.compile(
    r"(?:—|–|--|;|,)\s*(?:(?:i|we)\s+(?:was|were|had\s+been)\s+(?:looking\s+at|reading|using|"
    r"checking)\s+the\s+wrong\s+[\w-]+(?:\s+[\w-]+)?(?:\s+(?:before|earlier))?|(?:i|we)\s+(?:had\s+)?"
    r"(?:misread|misremembered|mixed\s+up|confused)\s+(?:it|that|them|the\s+[\w-]+)\s+"
    r"(?:before|earlier)|(?:i|we)\s+(?:had|got)\s+(?:it|that|them|this)\s+wrong\s+"
    r"(?:before|earlier))(?=\s*[.!]?\s*$)",
    re.I | re.M,
)
"""A remark after a corrected statement that blames the earlier reading (``Wait, A isn't
adjacent to B — I was looking at the wrong line``, ``A → B → C comes to 9, I had it wrong
before``): the statement stands, the remark is read as blanks (the earlier reading is the one
retracted)."""
_CONFIRMS_IT = re.compile(
    r"(?:,\s*(?:and\s+)?|\band\s+|[—–]\s*)(?:double-?checking|re-?checking|checking|"
    r"a\s+(?:second|quick|closer)\s+look\s+at|looking\s+(?:again\s+)?at)\s+(?:the\s+|my\s+)?"
    r"[\w -]{1,30}?\s+confirms\s+(?:it|this|that|so)\b(?=\s*[.!]?\s*$)",
    re.I | re.M,
)
"""A remark that a second look confirms the statement before it (``A and B: they're not
adjacent, and double-checking the list confirms it``): no check planned, read as blanks."""
_TRAILED_RESULT = re.compile(
    r"\blet\s+me\s+(?P<verb>re-?count|(?:double[- ]?|re-?)?check|verify|confirm|re-?read\s+"
    r"(?:the|my)\s+(?:input|list|edge\s+list|prompt|table)\s+(?:for|on))\s+"
    r"(?P<what>[^.…:;?!\n]{1,80}?)\s*(?:\.{2,}|…)\s*(?P<lead>(?:that['’]s|it['’]s|i\s+get|"
    r"(?=the\s+(?:minimum|shortest|distance|cheapest|degree|weight)\b)|"
    r"(?=(?:weight|cost)\s+\d+\s*[.!]?\s*$)))"
    r"(?P<rest>[^\n]*)$",
    re.I | re.M,
)


def _trailed_result(plan: re.Match[str]) -> str:
    """A recount or a check whose result follows an ellipsis (``let me recount A... that's 5``,
    ``Let me double check A to B... the minimum is 3``) as the statement of that result (the
    same length; ``Let me re-read the input for A-B... weight 5``: the weight the input gives):
    a recount of one node is its degree; a remark after the value against what was
    said before (``…, not what I said``) is blanked with it. Left as written where the result
    names another measure or another node."""
    what, rest = plan.group("what"), plan.group("rest")
    if _TRAILED_OTHER.search(what) or _TRAILED_OTHER.search(plan.group("lead")):
        return plan.group()
    if not plan.group("lead") and _TWO_OBJECTS.search(what):
        return plan.group()  # "… for A-B and C-D... weight 5": whose weight, not said
    value = _TRAILED_VALUE.match(rest)
    head = " " * (plan.start("what") - plan.start())
    gap = " " * (plan.end("lead") - plan.end("what"))
    if plan.group("verb").lower().replace("-", "").startswith("recount"):
        if value is None:
            return plan.group()
        head = "degree of ".rjust(len(head)) if len(head) >= 10 else head
        if len(head.strip()) == 0:
            return plan.group()
        gap = "is".rjust(len(gap)) if len(gap) >= 3 else gap
        tail = rest[: value.end("v")] + " " * (len(rest) - value.end("v"))
        return head + what + gap + tail
    return head + what + gap + rest


_LEG_SHARE = re.compile(
    r"(?P<lead>\b(?:adding|summing|totall?ing|tallying)\s+(?:up\s+)?(?:the\s+|this\s+|that\s+|"
    r"my\s+)?(?:path|route|walk|legs|weights|costs)\s*,\s*)?(?P<leg>\bthe\s+[^;:.?!\n]{1,160}?"
    r"(?:[–—]|\s-\s|→|->|\sto\s)[^;:.?!\n]{1,160}?\s+(?:leg|edge|link|arc)\s+)"
    r"(?P<verb>contributes)(?=\s+\d+\s*[.!]?[ \t]*$)",
    re.I | re.M,
)
"""One edge of a route (a pair joined by a dash, an arrow or ``to``) said to contribute its
share, the writer's summing before it (``Adding up the path, the A–B leg contributes 7``): the
edge's weight (the lead, the writer's own action and no change to the graph, blanked;
``contributes`` read as ``weighs``)."""


def _leg_share(share: re.Match[str]) -> str:
    """The share as the edge's weight (the same length)."""
    lead = share.group("lead") or ""
    return " " * len(lead) + share.group("leg") + "weighs".rjust(len(share.group("verb")))


_RECOMPUTED_ROUTE = re.compile(
    r"\blet\s+me\s+(?:re-?(?:compute|calculate|do|add|sum|total)|add\s+up|sum\s+up)\s+"
    r"(?P<route>[^.…:;?!\n]{1,200}?(?:→|->|⟶)[^.…:;?!\n]{1,200}?)(?P<gap>\s*(?:\.{2,}|…)\s*)"
    r"(?P<v>\d+)(?P<end>\s*[.!]?\s*)$",
    re.I | re.M,
)


def _recomputed_route(plan: re.Match[str]) -> str:
    """A route recomputed, its total alone after an ellipsis (``let me recompute A → B → C...
    9.``), as the statement ``A → B → C = 9`` (the same length)."""
    head = " " * (plan.start("route") - plan.start())
    gap = "=".rjust(len(plan.group("gap")))
    return head + plan.group("route") + gap + plan.group("v") + " " * len(plan.group("end"))


_RECHECKED_DISTANCE = re.compile(
    r"\blet\s+me\s+(?:double[- ]?check|re-?check|verify|confirm)\s+"
    r"(?P<pair>[^.…:;?!\n]{1,160}?\s+to\s+[^.…:;?!\n]{1,160}?)(?P<gap>\s+(?:by|via|along|using)\s+"
    r"(?:another|a\s+(?:different|second|new))\s+(?:route|path|way)\s*(?:\.{2,}|…)\s*"
    r"(?:(?:still|again)\s+)?)(?P<v>\d+\s*,\s*(?:the\s+)?(?:shortest|minimum|least|cheapest|best))"
    r"(?=\s*[.!]?\s*$)",
    re.I | re.M,
)


def _rechecked_distance(check: re.Match[str]) -> str:
    """A pair's distance checked along another route, its value after an ellipsis said the
    least (``let me verify A to B via a second path... still 9, the shortest``), as the
    statement ``distance from A to B is 9, the shortest`` (the same length)."""
    head = check.start("pair") - check.start()
    if head < len("distance from "):
        return check.group()
    gap = "is".rjust(len(check.group("gap")) - 1) + " "
    return "distance from ".rjust(head) + check.group("pair") + gap + check.group("v")


_NEED_ANSWERED = re.compile(
    r"\b(?:i|we)\s+need\s+(?P<what>(?:[^,;:.?!()\n]|\([^()\n]*\)){1,120}?)(?P<gap>\s*,?\s+and\s+(?:it|that)\s+"
    r"(?:comes\s+(?:out\s+)?to|is|equals|gives)\s+)(?P<v>\d+)(?=\s*[.!]?\s*$)",
    re.I | re.M,
)


def _need_answered(need: re.Match[str]) -> str:
    """A value needed and given in the same sentence (``for the radius I need d(A, B), and it
    comes to 9``) as the statement ``d(A, B) = 9`` (the same length); left as written where
    what is needed names two things (``… and …``, ``… or …``)."""
    what = need.group("what")
    if re.search(r"\s(?:and|or)\s", what, re.I):
        return need.group()
    head = " " * (need.start("what") - need.start())
    return head + what + "=".rjust(len(need.group("gap"))) + need.group("v")


_CHECK_PURPOSE = re.compile(
    r"(?:^|(?<=[.!]\s))[ \t]*for\s+the\s+(?:[\w-]+\s+){0,3}?(?:check|test)\s*,(?=[ \t]*\S)",
    re.I | re.M,
)
"""A sentence's lead naming the check a fact serves (``For the radius check, B is 9 away from
A``): a noun, no check planned; read as blanks."""


_ROUTE_THEN_IT = re.compile(
    r"^(?P<lead>[ \t]*(?:(?:consider|take|now|next)(?:[ \t]+the[ \t]+(?:path|route|walk))?)[ \t]+)"
    r"(?P<route>[^.?!:;\n]{1,200}?(?:→|->|⟶)[^.?!:;\n]{1,200}?)(?P<stop>\.)"
    r"(?=[ \t]+(?:it|walking[ \t]+it|following[ \t]+it|summing[ \t]+it|adding[ \t]+it)\b"
    r"[^.?!\d\n]*\d+[^.?!\d\n]*(?:[.!](?=\s|$)|$))",
    re.I | re.M,
)


def _route_then_it(put: re.Match[str]) -> str:
    """A route put up alone in its sentence, the next sentence giving its total through ``it``
    and one number (``Take A → B → C. Summing it gives 9.``), as one clause (``A → B → C:
    Summing it gives 9.``, the same length): the total read by the route's shape
    (:func:`_total_by_shape`)."""
    return " " * len(put.group("lead")) + put.group("route") + ":"


_TWO_OBJECTS = re.compile(r"\b(?:and|or)\b", re.I)
_TRAILED_OTHER = re.compile(r"\b(?:path|route|distance|weight|cost|edge|hops?)\b", re.I)
_TRAILED_VALUE = re.compile(
    r"\s*(?P<v>\d+)(?:\s*,\s*not\s+(?:what|the\s+\d+)\s+(?:i|we)\s+(?:said|had|wrote|thought|"
    r"used)(?:\s+(?:before|earlier))?)?\s*[.!]?\s*$",
    re.I,
)
_TALLIED = re.compile(
    r"\bevery\s+time\s+(?P<node>[^.;:?!\n]{1,80}?)\s+(?:appears|shows\s+up|comes\s+up|occurs)\b"
    r"(?P<mid>(?:\s+in\s+(?:the|an?|that)\s+[\w -]{1,20}?)?\s*,?\s+(?:i|we)\s+(?:add\s+(?:one|1)|"
    r"count\s+(?:it|one)|tally\s+(?:it|one))\b[^.;\d\n]{0,30}?(?:ends?\s+up\s+at|comes?\s+to|"
    r"gives?\s+me|totals?|reaches))\s+(?P<v>\d+)\b",
    re.I,
)


def _tallied(count: re.Match[str]) -> str:
    """A node's appearances counted in the edge list (``every time A appears I add one, and that
    ends up at 4``) as its degree (``degree of A is 4``, the same length)."""
    return (
        "degree of ".rjust(count.start("node") - count.start())
        + count.group("node")
        + "is".rjust(count.end("mid") - count.end("node"))
        + count.group()[count.end("mid") - count.start() :]
    )


_EXPANDED = re.compile(
    r"\b[Ee]xpanding\s+(?P<a>[^.;:?!\n]{1,80}?)(?:\s+in\s+the\s+(?:bfs|dfs|search|traversal))?\s*,"
    r"\s*(?:one\s+of\s+)?(?:the\s+)?edges?\s+(?:i|we)\s+(?:follow|take|traverse)\s+(?:goes|leads|"
    r"runs|go|lead|run)\s+to\s+(?=\S)",
    re.I,
)


def _expanded(expansion: re.Match[str]) -> str:
    """A node expanded in a search and an edge it follows (``Expanding A in the BFS, one of the
    edges I follow goes to B``) as the pair's adjacency (``A is adjacent to B``, the same
    length)."""
    return (
        " " * (expansion.start("a") - expansion.start())
        + expansion.group("a")
        + " is adjacent to ".rjust(expansion.end() - expansion.end("a"))
    )


_SHOULD_BE = re.compile(
    r"\bshould\s+be(?=\s+(?:exactly\s+|just\s+|only\s+)?(?:\d|\{|\[|[A-Z]|node\s+\d|(?:"
    + "|".join(list(NUMBER_WORDS)[1:])
    + r")\b))"
)
"""``should be`` before a value, a set or a name (``I think A's degree should be 4``, ``…
should be {B, C}``): the writer's belief of what it is, read as ``is`` (a plan, a condition, a
bound or algorithm state around it is still refused)."""
_RETRACTION_HEAD = re.compile(
    r"^[ \t]*(?:(?:actually|wait|oops|hmm+|no|ok(?:ay)?|hold\s+on|hang\s+on)\b[,.!]?[ \t]*)*"
    r"(?:i\s+(?:was|had\s+it|got\s+it)\s+wrong|i\s+mis(?:counted|read|added|computed|wrote|spoke)|"
    r"correction|my\s+(?:mistake|bad)|i\s+made\s+a\s+mistake|"
    r"(?:i\s+(?:need|have)\s+to|let\s+me|i\s+must|i\s+should)\s+correct\s+(?:myself|that|this))"
    r"(?:[ \t]+[a-z]+){0,3}[ \t]*(?::|—|–|--)(?=[ \t]*\S)",
    re.I | re.M,
)
"""A retraction's head before the statement it corrects (``Actually, I was wrong earlier: A
and B are adjacent``, ``Wait, I miscounted before — A's degree is 4``): read as blanks, so
the corrected statement after it is read as stated."""
_RETRACTED_VALUE = re.compile(
    r"(?P<head>^[ \t]*(?:(?:actually|wait|oops|hmm+|ok(?:ay)?)\b[,.!]?[ \t]*)*i\s+(?:had|got|"
    r"used|wrote)\s+the\s+wrong\s+(?:number|value|weight|cost)\s+for\s+)"
    r"(?P<what>[^.;:?!\n]{1,160}?(?:[–—]|\s-\s)[^.;:?!\n]{1,160}?)"
    r"(?P<said>\s*[.;:—]\s*(?:[a-z]+ing\b(?-i:[^,.;:?!\nA-Z\d]){0,60},\s*)?(?:it['’]s|it\s+is))"
    r"(?=\s+\d+\s*[.!]?[ \t]*$)",
    re.I | re.M,
)
"""A pair's value retracted, the right one in the next sentence through ``it`` (``Hmm, I had the
wrong number for A–B. Going back to the list, it's 10``; a lead of the writer's own looking
before it, naming nothing): the pair's weight (read as ``A–B weighs 10``)."""


def _retracted_value(value: re.Match[str]) -> str:
    """The retraction as the pair's weight (the same length), or as written where it names two
    pairs or leaves too little room."""
    said = value.group("said")
    if _TWO_OBJECTS.search(value.group("what")) or len(said) < 7:
        return value.group()
    return " " * len(value.group("head")) + value.group("what") + "weighs".rjust(len(said))


_RESULT_PART = re.compile(
    r"(?<=\b)(?P<call>\w*(?:dijkstra|bellman|shortest|distance|dist|bfs|path)\w*\s*\([^()\n]*\))"
    r"(?P<part>(?:\s*\[\s*(?:0|-1)\s*\])+)",
    re.I,
)
"""The first or last part of a search's result (``nx.single_source_dijkstra(G, A, B)[0]``,
``g.distances(A, B)[0][0]``): its index blanked, no value (the call's value is the part's)."""


def _result_part(part: re.Match[str], names: NodeNames) -> str:
    """A search's call with its result's index blanked where the call names both ends of the
    pair (``(G, A, B)[0]``); kept where it names one, as the index may be a node (``dijkstra(g,
    A)[0]`` under numeric ids: the distance to node 0)."""
    arguments = part.group("call").rsplit("(", 1)[1][:-1].split(",")
    named = [a for a in arguments if names.resolve(a.strip(" '\"`")) is not None]
    if len(named) < 2:
        return part.group()
    return part.group("call") + " " * len(part.group("part"))


_LISP_PREDICATE = re.compile(r"(?<=\()[a-z][\w-]*\?(?=\s)")
"""A Lisp predicate's name (``(has-edge? g A B)``, ``(adjacent? A B)``): its ``?`` is part of
the name, no question (blanked)."""
_EXACTLY = re.compile(
    r"(?<![\w.])(?:\d+|"
    + "|".join(NUMBER_WORDS)
    + r")\s+[a-z]+(?P<idiom>,?\s+no\s+more,?\s+(?:and\s+)?no\s+less)\b",
    re.I,
)
"""An exactness idiom after a count (``three edges, no more, no less``): no negation of it
(blanked)."""
_CENTRE_EXCLUDED = re.compile(
    r"\(\s*(?:not|excluding|except|minus|without|other\s+than)\s+(?P<a>[^()\n]{1,60}?)\s*\)|"
    r",\s*(?:apart\s+from|excluding|except(?:\s+for)?|minus|not\s+counting|other\s+than|without)"
    r"\s+(?P<b>[^,:;()\n]{1,60}?)(?=\s*[:,])|"
    r",\s*(?P<c>[^:;()\[\]\n]{1,200}?)\s+(?:excluded|not\s+counted|left\s+out)(?=\s*[)\]:])",
    re.I,
)
"""An aside that excludes a node named before it on its line (``≤ 2 hops from A (not A): …``,
``reachable from A in two steps, apart from A: …``, ``(2 hops from A, A excluded): …``): the
centre of a hop ball, which a ball
leaves out anyway (blanked where it names that node)."""


_EXCLUSION_WORDS = (
    "(not",
    "(exc",
    "apart",
    "excluding",
    "except",
    "other than",
    "minus",
    "without",
    "counting",
    "excluded",
    "not counted",
    "left out",
)


_CENTRE_WORD = re.compile(
    r"it|itself|(?:the\s+)?(?:centre|center|source|start(?:ing\s+node)?|root)(?:\s+itself)?", re.I
)
"""A word for the node a ball is centred on (``…, excluding it``, ``(not the source)``)."""
_NEGATED_BEFORE = re.compile(r"\b(?:not|no|never)\b|n['’]t\b", re.I)


def _centre_excluded(aside: re.Match[str], text: str, names: NodeNames) -> str:
    before = text[text.rfind("\n", 0, aside.start()) + 1 : aside.start()]
    if aside.group("c") is not None:  # ", A excluded": the name after the aside's last comma
        # that names a node (names may hold commas: "from B, west, B, west excluded")
        head = aside.start("c") - aside.start()
        for comma in (0, *(i + 1 for i, c in enumerate(aside.group("c")) if c == ",")):
            written = aside.group("c")[comma:].strip(" \"'`*")
            node = names.resolve(written)
            if node is not None and written in before + aside.group()[: head + comma]:
                kept = aside.group()[: head + comma - 1] if comma else ""
                return kept + " " * (len(aside.group()) - len(kept))
        return aside.group()
    written = (aside.group("a") or aside.group("b")).strip(" \"'`*")
    if _CENTRE_WORD.fullmatch(written):  # "within 2 hops of A, excluding it: …"
        return " " * len(aside.group())
    node = names.resolve(written)
    if node is None or written not in before or _NEGATED_BEFORE.search(before):
        return aside.group()  # (kept where the line negates: "Not within 2 hops of A, …")
    return " " * len(aside.group())


_DEFAULT_ARGUMENT = re.compile(
    r"(?:\b(?:getOrDefault|getOrElse|get_or)|(?<![\w.])[a-z_]\w*\s*\.\s*get)\s*\("
    r"(?!\s*(?:adj\w*|graph|g|G|nbrs|neighbou?rs)\s*,)\s*[^,()\n]+?(?P<default>\s*,\s*-?\d+)\s*\)"
)
"""A lookup with a default (``weights.getOrDefault(A, 0)``, ``w.get(A, 0)``): the default is no
node and no value (blanked; not a module's ``Map.get(adj, 2)``, whose second argument is the
key)."""
_PATH_LENGTH = re.compile(
    r"\blen\s*\(\s*(?P<call>[\w.]*(?:path|route)\w*\s*\([^()\n]*\))\s*\)\s*-\s*1\b"
)
"""A path's node count less one (``len(nx.shortest_path(G, A, B)) - 1``): its hop count, read
as ``hop(…)``."""
_HTML_INLINE = re.compile(
    r"</?(?:strong|b|em|i|u|s|mark|code|kbd|samp|tt|var|span|small|big|ins|del)(?:\s[^<>\n]*)?>",
    re.I,
)
"""HTML's inline markup (``<strong>deg(A)</strong> = <mark>4</mark>``): read as blanks."""


_LATEX_LAYOUT = re.compile(r"\\(?:begin|end)\{[A-Za-z*]+\}|(?<=\s)&(?=\s*[=:<>≤≥])")
"""LaTeX layout around a formula: an environment's ``\\begin{aligned}`` / ``\\end{aligned}`` and
an alignment mark before a relation (``\\delta(A, B) &= 4``)."""


_OPTIONAL_CHAIN = re.compile(r"(?<=[\w)\]])\?(?=\.[^\W\d])")
"""The ``?`` of code's optional chaining (``neighbors.get(A)?.includes(B)``)."""
_GLUED_SCRIPT = re.compile(
    r"(?<=[0-9A-Za-z\u00c0-\u024f])[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]+"
)
"""A run of Korean, Japanese or Chinese script glued to a Latin name or number (``Lyon의``,
``Kyoto와``, ``7이다``): a particle or copula of that language, read as blanks so the name or
number stands alone (the extractor reads no word of those languages)."""
_DASH_ASIDE = re.compile(
    r"\s[—–]\s(?:let\s+me|let['’]s|i\s|i['’](?:m|ll|d)\s|(?:re|double)-?\w+ing\b|checking\b)"
    r"[^—–\d\n]{0,40}?\s[—–]\s",
    re.I,
)
"""The writer's own doing set off by dashes (``the route A → B → C — let me re-add — costs 7``,
``— I double-checked —``): a remark, blanked where it names no node and no number
(:func:`_remark`)."""
_RELATIVE_ASIDE = re.compile(r",\s*(?:which|who|whom|whose)\b[^,;:()\d?\n]*,", re.I)


_SOME_OF = re.compile(
    r"\b(?:adjacent|connected|linked|joined|neighbou?rs?|an?\s+edge)\s+(?:to|with)\s+"
    r"(?:(?:exactly|only|just|precisely)\s+)?(?-i:one|two|three)\s+of\b(?!\s+(?:its|their|his|her)\b)"
    r"[^.;:!?\n]*",
    re.I,
)
"""A relation to some of a list (``A is adjacent to exactly one of B, C``): which ones it does
not say, so no edge and no list is read (the relation and the list read as blanks); the
count in lower case (``adjacent to One of the Survivors`` names a node)."""
_SOME_OF_WORDS = ("one of", "two of", "three of")
_DENIED_CONDITION = re.compile(
    r"\b(?i:unless)\b[^()\n.;?]{1,80}\(\s*(?i:i|we)\s+(?i:didn['’]t|did\s+not|haven['’]t|"
    r"have\s+not|hadn['’]t|wasn['’]t|weren['’]t|am\s+not|won['’]t)\s*[.!]?\s*\)\s*,?"
)
"""A condition denied at once in brackets (``Unless I misread the list (I didn't), A …``): a
hedge taken back, so the clause after it states (the lead is read as blanks)."""
_CONCESSIVE_ASIDE = re.compile(
    r"\(\s*(?:despite|in\s+spite\s+of|contrary\s+to|unlike|although|though|even\s+though|"
    r"against)\b[^()\d?\n]*\)",
    re.I,
)
"""A concessive aside in brackets (``A (despite what I assumed a moment ago) is not adjacent to
B``): a remark that concedes an earlier belief, no hedge on the clause."""


def _remark(aside: re.Match[str], names: NodeNames, max_words: int) -> str:
    """A relative clause set off by commas (``A, which I almost missed, is adjacent to B``) or a
    concessive aside in brackets, blanked (to its commas) where it names no node and no number:
    a remark on the node before it, whose hedges and qualifiers do not govern the clause; kept
    where it names a node."""
    words = re.findall(r"[^\W_][\w'’.-]*", aside.group()[1:-1])
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + max_words) + 1):
            if names.resolve(" ".join(words[i:j])) is not None:
                return aside.group()
    kept = aside.group()[0] if aside.group()[0] == "," else " "
    return kept + " " * (len(aside.group()) - 1)


_EDGE_DATA = re.compile(
    r"^(?P<lead>[^\n]*?)(?P<owner>[A-Za-z_][\w.]*\.)?get_edge_data(?P<args>\([^()\n]*\))"
    r"(?P<test>[ \t]+is[ \t]+not[ \t]+None)?(?P<rest>[^\n]*)\n(?P<out>None|True|False)[ \t]*$",
    re.M,
)
"""A printed edge lookup and its output on the next line (``print(G.get_edge_data(A, B))`` /
``None``, ``print(G.get_edge_data(A, B) is not None)`` / ``True``): the lookup read as the
test it is (``has_edge``), a ``None`` as ``False`` (a non-edge)."""


def _edge_data(lookup: re.Match[str]) -> str:
    """The lookup as ``has_edge`` and its output as a truth value, the same length (the spare
    width as indentation)."""
    out = lookup.group("out")
    tested = lookup.group("test") is not None
    if (out == "None") == tested:  # "… is not None" / "None": no test of this shape
        return lookup.group()
    call = (lookup.group("owner") or "") + "has_edge" + lookup.group("args")
    value = "False" if out == "None" else out
    line = lookup.group("lead") + call + lookup.group("rest")
    spare = len(lookup.group()) - len(line) - 1 - len(value)
    return " " * spare + line + "\n" + value


_BARE_QUERY = re.compile(
    r"[ \t]*(?:(?:>>>[ \t]*|In[ \t]*\[\d+\][ \t]*:[ \t]*)?"
    r"(?![^\n]*[)\]][ \t]+[(\[])(?!(?:assert|if|elif|while|return|for|not)\b)"
    r"[A-Za-z_][\w.]*[(\[][^\n#=:;*/]*[)\]](?:[ \t]+in[ \t]+[A-Za-z_][\w.]*(?:\[[^\n\]#=]*\])*)?|"
    r"(?:>>>[ \t]*|In[ \t]*\[\d+\][ \t]*:[ \t]*)[^\n#=:;*/\[\]()]{1,200}?[ \t]+in[ \t]+"
    r"[A-Za-z_][\w.]*\[[^\n\]#=]*\])[ \t]*(?:#[^\n]*\?[ \t]*)?"
)
"""A line that is only a query, with no output after it and no result in a comment (``>>>
G.has_edge(A, B)``, ``G.get_edge_data(A, B)``, ``frozenset((A, B)) in E``, ``>>> B in G[A]``,
a question in a comment allowed): it asks, it states nothing (blanked; an ``assert`` states, and
so does a membership without a prompt, ``B in adj[A]``)."""
_QUERY_ENDS = (")\n", "]\n", "?\n", ") in ")
_QUERY_OUTPUT = re.compile(r"[ \t]*(?:True|False|None|Out\b|-?\d|\[|\{|\(|['\"])")
"""The start of a line that may be the output of a query on the line before it."""


def _bare_queries(text: str) -> str:
    """``text`` with each line of :data:`_BARE_QUERY` blanked where the line after it is no
    output (only lines that may end as a query are searched: the texts are long)."""
    lines: set[int] = set()
    for word in _QUERY_ENDS:
        found = text.find(word)
        while found >= 0:
            lines.add(text.rfind("\n", 0, found) + 1)
            found = text.find(word, found + 1)
    if text[-1:] in (")", "]", "?"):
        lines.add(text.rfind("\n") + 1)
    for low in sorted(lines, reverse=True):
        high = text.find("\n", low)
        high = len(text) if high < 0 else high
        if _BARE_QUERY.fullmatch(text, low, high) is None:
            continue
        if high < len(text) and _QUERY_OUTPUT.match(text, high + 1):
            continue  # "B in G.adj[A]" / "True": the output says it
        text = text[:low] + " " * (high - low) + text[high:]
    return text


_ANSWERED_CHOICE = re.compile(
    r"(?P<comma>,[ \t]*)?\b(?P<x>[A-Za-z]+(?:[ \t][A-Za-z]+)?)[ \t]+or[ \t]+(?P<y>[^?\n]{1,80}?)"
    r"(?P<mark>\?)[)\]]?[ \t]*[:—–-]?[ \t]*(?P<answer>[A-Za-z]+(?:[ \t][A-Za-z]+)?)\b"
)
"""A question offering alternatives answered by one of them (``(edge A–B, present or
absent?): absent.``, ``Edge or no edge between A and B? No edge.``): the answer kept as the
question's words, the other alternative, the ``or`` and the ``?`` blanked (a comma before the
alternatives read as a colon, ``edge A–B: absent``)."""


def _answered_choice(choice: re.Match[str]) -> str:
    """The question with only the alternative its answer chose (offsets kept)."""
    answer = choice.group("answer").lower()
    x, y = choice.group("x"), choice.group("y")
    start = choice.start()
    chars = list(choice.group())
    last = x.lower().split()[-1]
    if y.lower() == answer or (
        y.lower().startswith(answer + " ") and answer.endswith(" " + last)
    ):  # "present or absent", "Edge or no edge …": the other, or the first denied
        blank = (choice.start("x"), choice.start("y"))
    elif x.lower() == answer or x.lower().endswith(" " + answer):
        words = y.lower().split()
        if last in words:  # "Edge or no edge between A and B": up to the other "edge"
            index = y.lower().index(last) + len(last)
            blank = (choice.end("x"), choice.start("y") + index)
        elif len(words) <= 2:  # "present or absent": the whole other one
            blank = (choice.end("x"), choice.end("y"))
        else:
            return choice.group()
    else:
        return choice.group()
    for index in [*range(blank[0], blank[1]), choice.start("mark")]:
        chars[index - start] = " "
    if choice.group("comma"):
        chars[0] = ":"
    return "".join(chars)


_LOG_CALL = re.compile(
    r"^[ \t]*(?:>>>[ \t]*)?(?:logging|log|logger|LOG)\.(?:debug|info|warning|warn|error|critical)"
    r"[ \t]*\([^\n]*$"
)
"""A logging call (``logging.info('edge %s-%s', A, B)  # only when present``): its template and
arguments state nothing (its echo line, ``INFO:root:edge A-B``, states the edge; blanked)."""
_ASSERT_MESSAGE = re.compile(
    r"^(?P<test>[ \t]*assert[ \t][^\n#]*?)(?P<message>,[ \t]*(?P<q>['\"])[^'\"\n]*(?P=q))"
    r"(?=[ \t]*(?:#|$))"
)
"""An assertion's message (``assert B in adj[A], 'missing edge'``): what a failure would print,
not what holds (blanked; the assertion states)."""
_CLOSER_WORDS = ("full list", ". compl", ". only", ". that", ". all", " done")
_LIST_CLOSER = re.compile(
    r"(?P<list>(?:\bnbrs?\b|\badj\w*|neighbou?r|[,&]|\band\b)[^\n.]*?\w[\"'”’)\]}]*)"
    r"(?P<closer>\.[ \t]+(?:(?:the\s+)?full\s+list|complete|only\s+(?:those|these|them)|"
    r"that['’]?s\s+(?:all|it)|all)|[ \t]+[—–][ \t]+done)(?=[ \t]*[.!]?[ \t]*$)",
    re.I | re.M,
)
"""A list closed by a terse closer of its own (``A nbrs: B, C — done.``, ``nbrs of A → B, C.
full list.``, ``A → B and C. only those.``) after a neighbour word or a second item: the list
said whole, read as the reader's own closer ``(all)`` inside the list's clause."""


def _list_closer(closer: re.Match[str]) -> str:
    return closer.group("list") + " (all)".ljust(len(closer.group("closer")))


_PAIR_ASKED = re.compile(
    r"^(?P<list>[ \t]*(?:[-*•+][ \t]+)?(?:(?!\b(?:is|are|was|were|do|does|did|has|have|can|could|"
    r"what|which|how|whether|if|any|it|that|this|they)\b|\w+n['’]t\b)[^?:=\n])+?[^\s?:=])"
    r"(?P<closer>\?)(?=[ \t]+(?:yes|yep|no|nope|absent|missing|present|listed|there|"
    r"not\s+(?:listed|there|present))\b)",
    re.I | re.M,
)
"""A bare pair asked and answered on its line by one verdict (``A-B? absent ✗``, ``A-B?
present``): a check and its result, read as ``A-B: absent``. A question with a verb or a
question word is left to the question reader."""
_CROSSES = ("✗", "✘", "❌")
_PAIR_CROSSED = re.compile(
    r"^(?P<list>[ \t]*(?:[-*•+][ \t]+)?(?:[^\d\s:=✓✔✗✘❌][^\d:=\n]*?[^\s:=]\s*[-–—~/]\s*[^\s:=]"
    r"[^\d:=\n]*?|\d+\s*[-–—]\s*\d+))(?P<closer>[ \t][✗✘❌](?:[ \t]*\((?:absent|missing|none|"
    r"not\s+(?:listed|there))\))?)(?=[ \t]*[.!]?[ \t]*$)",
    re.M,
)
"""A pair crossed by a mark that ends its line (``- A–B ✗``, ``A~B ✗ (absent)``), no value or
verdict between: a check's result, read as ``A–B:✗`` (a value crossed, ``w A–B 4 ✗``, is no
pair)."""


def _pair_answered(verdict: re.Match[str]) -> str:
    closer = verdict.group("closer")
    return verdict.group("list") + ":" + closer[1:2].ljust(len(closer) - 1)


_LIST_ASKED_WORDS = (
    "to? Exactly",
    "to? exactly",
    "to? Only",
    "to? only",
    "to? Just",
    "to? just",
    "to? Precisely",
    "to? precisely",
)
_LIST_ASKED = re.compile(
    r"\bwhat[ \t]+(?:(?P<does>does)|(?P<is>is))[ \t]+(?P<owner>[^?:;\n]{1,120}?)[ \t]+"
    r"(?P<verb>(?(does)connect|(?:adjacent|connected|linked|joined|attached)))"
    r"[ \t]+to(?P<mark>\?)[ \t]+(?P<lead>exactly|only|just|precisely)[ \t]+"
    r"(?P<answer>(?:(?!\b(?:or|if|maybe|perhaps|probably|possibly|think|guess|unless|not|i|let)\b)"
    r"[^?\n.!;:()])+)(?P<end>[.!]?)[ \t]*$",
    re.I | re.M,
)
"""A question for one node's whole neighbour list answered at once by the list alone, said
whole (``What does A connect to? Exactly B and C.``, ``What is A adjacent to? Only B.``): read
as its statement (``A connects to exactly B and C.``). Not where the answer hedges, offers two
candidates (``or``), supposes or denies."""


def _list_answered(asked: re.Match[str]) -> str:
    owner, verb = asked.group("owner"), asked.group("verb")
    lead = asked.group("lead").lower().replace("precisely", "exactly")
    if asked.group("does"):  # "what does A connect to? Exactly" -> "A connects to exactly"
        said = f"{owner} {verb}s to {lead} "
    else:  # "what is A adjacent to? Only" -> "A is adjacent to only"
        said = f"{owner} is {verb} to {lead} "
    head = asked.string[asked.start() : asked.start("answer")]
    if len(said) > len(head):
        return asked.group()
    return said.rjust(len(head)) + asked.string[asked.start("answer") : asked.end()]


_FORMATTED_PRINT = re.compile(
    r"^[ \t]*(?:>>>[ \t]*)?print\([ \t]*f(?P<q>['\"])(?P<lead>(?:(?!(?P=q))[^{}\n]){1,200})"
    r"\{[^\n]*\)[ \t]*\n"
    r"(?P=lead)(?P<value>False\b)?",
    re.M,
)
"""A formatted print and its output on the next line (``print(f'A-B: {G.has_edge(A, B)}')`` /
``A-B: False``): the template states nothing (blanked), the output does, a ``False`` there a
no (``A-B: no``)."""


def _formatted_print(call: re.Match[str]) -> str:
    """The print blanked, its output's ``False`` read as ``no`` (offsets kept)."""
    newline = call.group().index("\n")  # (the print's line)
    value = "no   " if call.group("value") else ""
    return " " * newline + "\n" + call.group("lead") + value


def _assert_message(assertion: re.Match[str]) -> str:
    """The assertion with its message blanked (offsets kept)."""
    return assertion.group("test") + " " * len(assertion.group("message"))


_PRINT_FORMAT = re.compile(
    r"(?:,[ \t]*(?:sep|end)[ \t]*=[ \t]*(?P<q>['\"])[^'\"\n]{0,8}(?P=q))+(?=[ \t]*\))"
)
"""A print's format options (``print(*sorted(G.neighbors(A)), sep=', ')``): how its items are
printed, no argument; blanked, so the output after it reads as the items they are."""
_SELF_CORRECTION = re.compile(
    r"(?<=\bwait,\s)no\s*(?:—|–|--)\s*|"
    r"\bno,\s+(?:hold\s+on|wait)\s*(?:,|—|–)\s*(?=it\b|there\b|yes\b|that\b)",
    re.I,
)
"""A "no" that takes back the writer's own last thought (``Hmm, wait, no — the BFS puts B at
depth 1 from A``, ``A–B: no, hold on, it is there``): no denial of what follows, blanked."""
_LAYER_INDEX = re.compile(
    r"dict\(\s*enumerate\(\s*(?:nx\.)?bfs_layers\(\s*\w+\s*,\s*\[\s*(?P<source>[^\[\],\n]+?)\s*\]"
    r"\s*\)\s*\)\s*\)\s*\[\s*(?P<depth>\d+)\s*\]\s*#\s*contains\s+(?P<node>[^\n#]+)"
)


def _layer_index(call: re.Match[str]) -> str:
    """A BFS layer looked up by its depth, with the node it contains: rewritten as prose
    (``BFS layer 3 from A includes B``, padded), so a numeric id's depth is no node."""
    source, node = call["source"], call["node"].rstrip()
    if source.isdigit() and node.isdigit():  # numeric ids: "node 6", as prose writes them
        source, node = f"node {source}", f"node {node}"
    prose = f"BFS layer {call['depth']} from {source} includes {node}"
    return prose.ljust(len(call.group())) if len(prose) <= len(call.group()) else call.group()


_EDGES_LABEL = re.compile(
    r"(?:(?<=\bthe )|(?<=^)|(?<=[.!?] )|(?<=\*\* ))edges:\s*(?=(?:exactly|only|just)\s)",
    re.I | re.M,
)
"""A label ``edges:`` before an exact list (``Looking at the edges: exactly B and C``): the
list names one node's ends, no pair of its own; the label blanked (``A's edges: exactly …``
keeps its owner)."""
_RULED_OUT = re.compile(r"\brules?\s+out\s+(?:an?|the|any)\s+edge\b", re.I)
"""A result that rules out an edge (``…, which rules out an edge A–B``): a non-edge, read as
``no edge`` (offsets kept)."""


_PAIR_DENIED_AFTER = re.compile(
    r"(?:^|(?<=:))(?P<pair>[^.:;?!\n]{1,80}?[–—][^.:;?!\n]{1,80}?)(?P<stop>\.\s+(?:It|That|This)"
    r"(?:['’]s|\s+is)\s+)not\s+(?:in|on)\s+(?:the\s+)?(?:edge\s+)?(?:list|input|graph)\b",
    re.M,
)
"""A pair alone after a colon or on its line, denied in the next sentence (``So that's the pair
I worried about: A–B. It's not in the list.``): a non-edge, read as ``A–B: not in the list``."""


def _pair_denied_after(denial: re.Match[str]) -> str:
    stop = denial.group("stop")
    return (
        denial.group("pair")
        + ":".ljust(len(stop))
        + denial.group()[denial.end("stop") - denial.start() :]
    )


_BULLET_WORD = re.compile(r"\n[ \t]*[-*•+][ \t]+(?=[a-z])")
"""A bullet that opens with a word (``- degree 4``), with the line break before it."""
_LABEL_LINE = re.compile(
    r"[ \t]*(?:#{1,6}[ \t]+|[-*•+][ \t]+)?(?P<label>[^\s#*•+][^\n]{0,119}?)[ \t]*"
)
"""A line that may only label a node, a pair or a path: ``### A``, ``**A–B**``, ``- A``."""
_LABEL_JOIN = re.compile(r"\s*(?:–|—|-|->|→|,)\s*")
_LABEL_LEAD = re.compile(r"(?:node|vertex|edge|pair|path)\s+", re.I)
_LABEL_REMARK = re.compile(r"\s*\([^()\n]{1,40}\)$")
"""A label's noun before its names (``edge A–B``) and an aside after them (``A (from B)``)."""


def _labels_over(text: str, names: NodeNames, resolve: Resolve) -> str:
    """``text`` with each line that only labels a node, pair or path joined to the bullet under
    it (``**A**`` over ``- degree 4`` read as ``A  degree 4``; offsets kept)."""
    parts, position = [], 0
    for bullet in _BULLET_WORD.finditer(text):
        line_start = text.rfind("\n", 0, bullet.start()) + 1
        label = _LABEL_LINE.fullmatch(text, line_start, bullet.start())
        if label is not None and _only_names(text, *label.span("label"), names, resolve):
            parts += [text[position : bullet.start()], " " * (bullet.end() - bullet.start())]
            position = bullet.end()
    return "".join([*parts, text[position:]]) if parts else text


def _only_names(text: str, low: int, high: int, names: NodeNames, resolve: Resolve) -> bool:
    """``text[low:high]`` names only nodes, joined by dashes, arrows or commas (a noun before,
    an aside after them allowed)."""
    lead = _LABEL_LEAD.match(text, low, high)
    low = low if lead is None else lead.end()
    aside = _LABEL_REMARK.search(text, low, high)
    high = high if aside is None else aside.start()
    found = mentions(text, low, high, names, resolve)
    if not found or found[0][1] != low or found[-1][2] != high:
        return False
    return all(_LABEL_JOIN.fullmatch(text, a[2], b[1]) for a, b in itertools.pairwise(found))


def extract_claims(
    text: str,
    names: NodeNames,
    max_words: int | None = None,
    graph: nx.Graph[str] | None = None,
) -> list[Claim]:
    """Every claim about the graph that ``text`` states, in text order (duplicates kept: a
    fact stated twice is two claims). ``max_words``: the most words in a node name (default:
    from ``names``); ``graph``: the instance's graph, for the kind of a table column whose
    header names no measure (read by agreement; without it such a column is not read)."""
    if max_words is None:
        max_words = 2 if names.numeric_ids else max(names.max_pieces * 12, 4)
    written = text
    if "**" in text or "__" in text:  # emphasis marks: blanked, so offsets stay the text's
        text = _EMPHASIS.sub(lambda mark: " " * len(mark.group()), text)
    if "print(f" in text:  # "print(f'A-B: {…}')" / "A-B: False": the output states
        text = _FORMATTED_PRINT.sub(_formatted_print, text)
    if "get_edge_data" in text:  # "print(G.get_edge_data(A, B))" / "None": a has_edge test
        text = _EDGE_DATA.sub(_edge_data, text)
    if "sep=" in text or "end=" in text:  # "print(*nbrs, sep=', ')": how it prints, blanked
        text = _PRINT_FORMAT.sub(lambda option: " " * len(option.group()), text)
    if "\n" in text:
        text = _repl_outputs(text)  # "G.degree[A]" / "# Out: 4": the query's output, one line
    if ")\n" in text or "]\n" in text or "?\n" in text or ") in " in text or text[-1:] in ")]?":
        text = _bare_queries(text)  # a query alone, no output after it: it asks, blanked
    if " or " in text and "?" in text:  # "(edge A–B, present or absent?): absent."
        text = _on_lines(text, ("?",), _ANSWERED_CHOICE, _answered_choice)
    if "log" in text or "LOG" in text:  # "logging.info('edge %s-%s', A, B)": its echo states
        text = _on_lines(text, ("log", "LOG"), _LOG_CALL, _blank)
    if "assert" in text:  # "assert B in adj[A], 'missing edge'": the message blanked
        text = _on_lines(text, ("assert",), _ASSERT_MESSAGE, _assert_message)
    if "ait, no" in text or "no, hold" in text or "no, wait" in text:  # "wait, no — A …", "A–B:
        text = _SELF_CORRECTION.sub(lambda no: " " * len(no.group()), text)  # no, hold on, …"
    if "bfs_layers" in text:  # "dict(enumerate(nx.bfs_layers(G, [A])))[3]  # contains B"
        text = _LAYER_INDEX.sub(_layer_index, text)
    if "dges:" in text:  # "Looking at the edges: exactly B and C": the list's, not a pair
        text = _EDGES_LABEL.sub(lambda label: " " * len(label.group()), text)
    if "rules out" in text or "rule out" in text:  # "…, which rules out an edge A–B": no edge
        text = _RULED_OUT.sub(lambda lead: "no edge".rjust(len(lead.group())), text)
    if "t in the" in text or "t on the" in text:  # "… pair: A–B. It's not in the list.": the
        text = _PAIR_DENIED_AFTER.sub(_pair_denied_after, text)  # pair denied, "A–B: not in …"
    text = _on_lines(text, _CLOSER_WORDS, _LIST_CLOSER, _list_closer)  # "A nbrs: B, C — done."
    text = _on_lines(text, ("? ",), _PAIR_ASKED, _pair_answered)  # "A-B? absent ✗": "A-B: absent"
    text = _on_lines(text, _LIST_ASKED_WORDS, _LIST_ASKED, _list_answered)  # "What does A
    # connect to? Exactly B and C.": "A connects to exactly B and C."
    text = _on_lines(text, _CROSSES, _PAIR_CROSSED, _pair_answered)  # "- A–B ✗": "- A–B:✗"
    if "wrong" in text:  # "I had the A–B weight wrong; it should be 7": the value corrected
        text = _HAD_WRONG.sub(_had_wrong, text)
    if "wrong" in text or "mis" in text:  # "A isn't adjacent to B — I was looking at the wrong
        text = _RETRACTION_TAIL.sub(lambda tail: " " * len(tail.group()), text)  # line": blanked
    if "? →" in text or "? ⟶" in text:  # "A → degree? → recounted → 4": the answer's steps
        text = _on_lines(text, ("? →", "? ⟶"), _ARROW_ANSWER, _blank)
    if "Q:" in text or "Q :" in text:  # "Q: how far is A from B? A: 4": the labels blanked
        text = _on_lines(text, ("Q:", "Q :"), _QUIZ, _quiz)
    if "? " in text:  # "A–B: present? yes.": a confirm check, read as its statement
        text = _on_lines(text, _CONFIRM_WORDS, _CONFIRM_CHECK, _confirm_check)
    if "check" in text:  # "…, let me check the input... yes.": a check that confirms, blanked
        text = _CONFIRMED.sub(_confirmed, text)
        text = _on_lines(text, _LABEL_WORDS, _CHECK_LABEL, _check_label)  # "# final check"
    if "check" in text or "erif" in text or "confirm" in text:  # "Double-checking against the
        text = _on_lines(text, _YES_WORDS, _CHECKED_LEAD, _blank)  # prompt: yep, …"
    if "confirm" in text:  # "…, and double-checking the list confirms it": blanked too
        text = _CONFIRMS_IT.sub(lambda remark: " " * len(remark.group()), text)
    if "wrong" in text or "mis" in text or "orrect" in text:  # a retraction's head too
        text = _RETRACTION_HEAD.sub(lambda head: " " * len(head.group()), text)
        text = _RETRACTED_VALUE.sub(_retracted_value, text)  # "I had the wrong number for
        # A–B. Going back to the list, it's 10": A–B's weight
    taken: list[int] = []  # where a route taken as a condition starts ("If I go A → B → C, …")
    if "f I " in text or "f we " in text:  # read as blanks: its total is stated, its links not
        taken = [lead.start() for lead in _ROUTE_TAKEN.finditer(text)]
        text = _ROUTE_TAKEN.sub(lambda lead: " " * len(lead.group()), text)
    if " check," in text or " test," in text:  # "For the radius check, …": the fact stated
        text = _CHECK_PURPOSE.sub(lambda lead: " " * len(lead.group()), text)
    if "→" in text or "->" in text or "⟶" in text:  # "Take A → B → C. Summing it gives 9.":
        text = _ROUTE_THEN_IT.sub(_route_then_it, text)  # one clause, its total read
    if "need" in text:  # "… I need d(A, B), and it comes to 9": the value needed, stated
        text = _NEED_ANSWERED.sub(_need_answered, text)
    if "final" in text or "settle" in text or "one with it" in text:  # a value said final, "…
        # comes off the queue, its distance is 9, and that's final", "Heap pop: B, distance 9
        # from A. Done with it."
        text = _finals(text)  # its state blanked
    text = _on_lines(text, _RECAP_WORDS, _RECAP_SO_FAR, _blank)  # "Recap so far: A has degree 4"
    text = _on_lines(text, _FINAL_WORDS, _FINALISED, _finalised)  # "B is finalized at 9 from
    # A", "d(A, B) = 9 after relaxation finishes": the graph's distance
    if "settle" in text or "permanent" in text:  # "B settled at 9 (source A)": B's distance
        text = _settlings(text)
    if "expected" in text:  # a confirmation, "returns `True`, as expected": blanked
        text = _AS_EXPECTED.sub(lambda remark: " " * len(remark.group()), text)
    if "through" in text or "ing " in text or "ed " in text:  # a survey done, "After checking
        text = _surveys(text)  # each edge, …": blanked
    if "..." in text or "…" in text:  # a recount or check, its result after an ellipsis
        text = _TRAILED_RESULT.sub(_trailed_result, text)  # ("let me recount A... that's 5")
        text = _RECOMPUTED_ROUTE.sub(_recomputed_route, text)  # ("…compute A → B... 9")
        text = _RECHECKED_DISTANCE.sub(_rechecked_distance, text)  # "…A to B by another
        # route... 9, the shortest"
    if "contributes" in text:  # "Adding up the path, the A–B leg contributes 7": its weight
        text = _LEG_SHARE.sub(_leg_share, text)
    if "very time" in text or "xpanding" in text:  # a count by appearances, an expansion
        text = _TALLIED.sub(_tallied, text)  # "every time A appears I add one, … ends up at 4"
        text = _EXPANDED.sub(_expanded, text)  # "Expanding A, one of the edges I follow goes to B"
    text = _on_lines(text, _NEXT_WORDS, _NEXT_STEP, _blank)  # "…, move on"
    text = _on_lines(text, _INPUT_VERBS, _INPUT_LEAD, _blank)  # "Restating the input so …: …"
    if "add_edge(" in text:  # "G.add_edge(A, B)  # from the input": the input's edge, copied
        text = _COPIED_EDGE.sub(_copied_edge, text)
    text = _on_lines(text, ("original", "efore any"), _ORIGINAL, _blank)  # "In the original
    # graph A has degree 3, before any removals"
    text = _on_lines(text, ("hop from", "leg from"), _ONE_HOP_ADDS, _one_hop_adds)  # "the hop
    # from A to B adds 3": the weight of A–B
    if "should be" in text:  # a belief's value, "I think A's degree should be 4": as stated
        text = _SHOULD_BE.sub(lambda verb: "is".rjust(len(verb.group())), text)
    if ")[" in text or ") [" in text:  # a search result's part, "…(A, B)[0]": blanked too
        text = _RESULT_PART.sub(lambda part: _result_part(part, names), text)
    if "? " in text:  # a Lisp predicate's "?", "(has-edge? g A B)": blanked too
        text = _LISP_PREDICATE.sub(lambda name: name.group()[:-1] + " ", text)
    if " no more" in text:  # "three edges, no more, no less": the idiom blanked too
        text = _EXACTLY.sub(
            lambda count: (
                count.group()[: count.start("idiom") - count.start()]
                + " " * len(count.group("idiom"))
            ),
            text,
        )
    if any(word in text for word in _EXCLUSION_WORDS):  # "… A (not A): B, C": blanked too
        text = _CENTRE_EXCLUDED.sub(lambda aside: _centre_excluded(aside, text, names), text)
    if "get" in text:  # a lookup's default, "get(A, 0)": blanked too
        text = _DEFAULT_ARGUMENT.sub(
            lambda call: (
                call.group()[: call.start("default") - call.start()]
                + " " * len(call.group("default"))
                + call.group()[call.end("default") - call.start() :]
            ),
            text,
        )
    text = _on_lines(text, ("shortest_path_length",), _UNWEIGHTED_LENGTH, _unweighted_length)
    # (networkx's default, without a weight: hops)
    if "len(" in text:  # "len(shortest_path(G, A, B)) - 1": the hops of the pair, rewritten
        text = _PATH_LENGTH.sub(
            lambda m: ("hop(" + m.group("call") + ")").ljust(len(m.group())), text
        )
    if "</" in text:  # HTML's inline markup ("<strong>A–B</strong>: <mark>4</mark>"): blanked
        text = _HTML_INLINE.sub(lambda tag: " " * len(tag.group()), text)
    if "\\begin" in text or "&" in text:  # LaTeX layout, blanked the same way
        text = _LATEX_LAYOUT.sub(lambda mark: " " * len(mark.group()), text)
    if not text.isascii():  # a particle glued to a name ("Lyon의 이웃"): blanked too
        text = _GLUED_SCRIPT.sub(lambda run: " " * len(run.group()), text)
    if "?." in text:  # code's optional chaining, "get(A)?.has(B)": no question, blanked too
        text = _OPTIONAL_CHAIN.sub(" ", text)
    if ", wh" in text or ",wh" in text:  # a relative clause that is a remark: blanked too
        text = _RELATIVE_ASIDE.sub(lambda aside: _remark(aside, names, max_words), text)
    if " — " in text or " – " in text:  # an aside between dashes that is a remark: too
        text = _DASH_ASIDE.sub(lambda aside: _remark(aside, names, max_words), text)
    if "(" in text:  # a concessive aside, "A (despite what I assumed) is …": blanked too
        text = _CONCESSIVE_ASIDE.sub(lambda aside: _remark(aside, names, max_words), text)
    if "nless" in text:  # a condition denied at once, "Unless I erred (I didn't), …": blanked
        text = _DENIED_CONDITION.sub(lambda lead: " " * len(lead.group()), text)
    if any(word in text for word in _SOME_OF_WORDS):  # "adjacent to one of A, B": blanked
        text = _SOME_OF.sub(lambda some: " " * len(some.group()), text)
    slots = _Slots(names, max_words)
    if "\n" in text:  # "**A**" / "### A" over "- degree 4": the bullet's subject is the label
        text = _labels_over(text, names, slots.resolve)
    marks = name_marks(text, names) if not names.numeric_ids else frozenset()
    ctx = _Context(text, slots, names.numeric_ids, graph, marks)
    claims: list[Claim] = []
    table: list[tuple[int, int]] = []
    unread: list[tuple[int, int] | None] = []  # statements no reader read, for runs of a shape
    for low, high in _lines(text):
        if _TABLE_ROW.match(text, low, high) and text[low:high].count("|") >= 3:
            table.append((low, high))
            unread.append(None)
            continue
        if table:
            claims += _table_claims(ctx, table)
            table = []
        if high - low < 3:
            continue
        line = text[low:high].lower()
        if _HYPOTHESIS.match(line):  # "Hypothesis to test: A and B …": put up, not stated
            if graph is not None:
                unread.append(None)
            continue
        found: list[Claim] = []
        ctx.slots.named.clear()
        for reader, words in _READERS:
            if words.search(line):
                found += reader(ctx, low, high)
        gate = _Gate(ctx, low, high, found)
        if _structured(line) or (found and _DOUBT.search(line)):
            # a belief or hypothesis silences the patterns too ("I might be wrong about A–B")
            found = _structural(ctx, low, high, found, line, gate)
        elif found and ("?" in line or _TODO.match(line)):
            # "Is (A, B) in E? To be checked.", "- [ ] check A–B": asked or planned, unless
            # the clause reader reads a fact ("- [ ] A–B: not in the input")
            found = _structural(ctx, low, high, found, line, gate)
        read = _routes(text, _anchored(ctx, low, high, found, line, gate), line)
        if (
            read
            and any(c.kind == "edge" for c in read)
            and any(word in line for word in _NOT_ASSERTED_WORDS)
            and _NOT_ASSERTED_CUE.search(line)
        ):
            read = _asserted(text, low, high, read)  # "no A–B line", "Kruskal can't use A–B"
        read = _verdict(_whole_expressions(text, low, read), line)
        if len(read) > 2 and "weigh" in line:
            read = _path_weighs(read)
        if len(read) > 1 and (" and " in line or " or " in line or " vs" in line):
            read = _both_ways(text, read)
        claims += read
        if graph is not None:
            unread += _statements(text, low, high) if not read else [None]
    if table:
        claims += _table_claims(ctx, table)
    if graph is not None:
        claims += _shaped_runs(ctx, unread)
    if taken:
        claims = _off_route(text, claims, taken)
    if "=" in written and "\n" in written:  # "n = A" over "G.degree(n)  # 4": A's degree
        claims += _bound_reads(written, names, max_words, slots)
    if "=" in written and "\n" in written and "#" in written:  # "d = f(G, A, B)" over
        # "print(d)  # 9" or "# 9"
        claims += _printed_calls(written, names, max_words)
    if "the latter" in written or "the former" in written:  # "A, then B: the latter …"
        claims += _latter_reads(written, names, max_words, slots)
    if "oth of them" in written or " pair" in written or "hat node" in written:  # "A and B.
        claims += _pair_reads(written, names, max_words, slots)  # "A and B. That pair is …"
    if "Let $" in written:  # "Let $v = A$. Then $\\deg(v) = 4$.": A's degree
        claims += _latex_bound_reads(written, names, max_words, slots)
    return _deduplicated(_one_hop_is_an_edge(_without_item_weights(claims)))


def _read_rewritten(
    used: str, names: NodeNames, max_words: int, start: int, end: int
) -> list[Claim]:
    """The claims of ``used`` (a passage rewritten with its referents' names written in), each
    spanning ``start``..``end`` of the trace, the passage it was rewritten from."""
    read = extract_claims(used, names, max_words)
    return [Claim(c.kind, c.nodes, c.value, start, end, c.implicit_source) for c in read]


_BINDING = re.compile(
    r"[ \t]*(?P<names>[A-Za-z_]\w{0,9}(?:[ \t]*,[ \t]*[A-Za-z_]\w{0,9})*)[ \t]*=[ \t]*"
    r"(?P<values>[^=\n#]{1,200}?)[ \t]*(?:#[^\n]*)?"
)
"""A code line binding variables to values (``n = A``, ``u, v = A, B``), a comment after it."""
_BINDING_LINE = re.compile(
    r"^[ \t]*[A-Za-z_]\w{0,9}(?:[ \t]*,[ \t]*[A-Za-z_]\w{0,9})*[ \t]*=(?!=)[^\n]*", re.M
)


def _bound_reads(text: str, names: NodeNames, max_words: int, slots: _Slots) -> list[Claim]:
    """The claims of code lines that read variables the lines right above bound to nodes
    (``n = A`` then ``G.degree(n)  # 4``; ``s = A``, ``dist = …(G, s)``, ``dist[B]  # 9``):
    each read with the node written for its variable, spanning the lines it is read from."""
    claims: list[Claim] = []
    position = 0
    for binding in _BINDING_LINE.finditer(text):
        if binding.start() < position or not (bound := _bound_nodes(binding.group(), slots)):
            continue
        uses: list[str] = []  # the lines below, their variables written as the nodes
        calls: dict[str, str] = {}  # "dist = …(G, A)": a variable bound to a call on a node
        first = end = binding.end()
        while text.startswith("\n", end):
            line_end = text.find("\n", end + 1)
            line = text[end + 1 : line_end if line_end >= 0 else len(text)]
            nodes = _bound_nodes(line, slots)
            if nodes and not uses:
                bound.update(nodes)
            elif nodes or (used := _uses(line, bound, calls)) is None:
                break
            else:
                first = end + 1 if not uses else first
                uses.append(used)
                if "(" in used and (call := _CALL_BINDING.fullmatch(used)):
                    calls[call.group("name")] = call.group("call")
            end += 1 + len(line)
        if uses:
            claims += _read_rewritten("\n".join(uses), names, max_words, first, end)
        position = end
    return claims


_PRINTED_CALL = re.compile(
    r"^[ \t]*(?P<name>[A-Za-z_]\w{0,19})[ \t]*=[ \t]*"
    r"(?P<call>(?:nx\.)?\w+\((?:[^()\n]|\([^()\n]*\))*\))[ \t]*\n"
    r"[ \t]*(?:(?:print\([ \t]*(?P=name)[ \t]*\)|(?P=name))[ \t]*)?(?P<out>#[ \t]*[\[{(\d][^\n]*)$",
    re.M,
)
"""A variable bound to a call, its output (a value, a list or a set) after a ``#`` on the next
line, alone or after the variable printed or shown (``dist = nx.dijkstra_path_length(G, A, B)``
/ ``print(dist)  # 9``; ``core = sorted(nx.k_core(G, k=2))`` / ``# [A, B, C]``)."""


def _printed_calls(text: str, names: NodeNames, max_words: int) -> list[Claim]:
    """The claims of a call whose result a variable holds and the next line prints, read as the
    call with its output (``…(G, A, B)  # 9``), spanning both lines."""
    claims: list[Claim] = []
    for shown in _PRINTED_CALL.finditer(text):
        used = shown.group("call") + "  " + shown.group("out")
        claims += _read_rewritten(used, names, max_words, shown.start("call"), shown.end())
    return claims


_LATTER = re.compile(r"[:;—][ \t]*(?=the\s+(?:latter|former)\b)")
"""A clause opening with ``the latter`` / ``the former`` after a colon, semicolon or dash."""
_LATTER_WORD = re.compile(r"\bthe\s+(?P<which>latter|former)\b")
_LATTER_STOP = re.compile(r"[.!?](?=\s|$)|\n")


def _latter_node(pair: list[str], word: re.Match[str]) -> str:
    """The node ``the former`` / ``the latter`` names in ``pair``."""
    return pair[word.group("which") == "latter"]


def _latter_reads(text: str, names: NodeNames, max_words: int, slots: _Slots) -> list[Claim]:
    """The claims of a clause whose ``the latter`` / ``the former`` refer to the two nodes the
    clause right before it names, in order (``Consider A, then B: the latter is a neighbour of
    the former``; ``From A, consider B: the latter is 9 away``), read with the names written in,
    spanning the sentence; nothing where that clause names one node or three."""
    claims: list[Claim] = []
    for separator in _LATTER.finditer(text):
        low = max(text.rfind("\n", 0, separator.start()) + 1, 0)
        for stop in _LATTER_STOP.finditer(text, low, separator.start()):
            low = stop.end()
        named = mentions(text, low, separator.start(), names, slots.resolve)
        pair = list(dict.fromkeys(node for node, _, _ in named))
        if len(pair) != 2:
            continue
        end_match = _LATTER_STOP.search(text, separator.end())
        high = len(text) if end_match is None else end_match.end()
        after = text[separator.end() : high]
        used = _LATTER_WORD.sub(functools.partial(_latter_node, pair), after)
        first = named[0][1]
        if "former" not in after and text[max(low, first - 5) : first].lower() == "from ":
            used = f"From {pair[0]}, {used}"  # "From A, consider B: the latter is 9 away"
        claims += _read_rewritten(used, names, max_words, low, high)
    return claims


_PAIR_REFERENCE = re.compile(
    r"(?<=[.!?;:])[ \t]+(?P<ref>(?P<one>(?:that|this)\s+node\b)|(?:both\s+of\s+them|"
    r"(?:that|this)\s+pair)(?:\s+(?P<is>is)\b)?)",
    re.I,
)
"""A sentence opening with ``Both of them`` / ``That pair`` (``A and B. That pair is joined``),
or with ``That node`` (``Then there's A. That node isn't attached to B``)."""


def _pair_reads(text: str, names: NodeNames, max_words: int, slots: _Slots) -> list[Claim]:
    """The claims of a sentence whose ``Both of them`` / ``That pair`` refers to the two nodes
    the sentence right before it names (``Take A and B. Both of them appear on one line, so
    they're adjacent``; ``Right, A and B. That pair is not joined``), read with ``A and B``
    written in, spanning both; nothing where that sentence names one node or three. ``That
    node`` likewise refers to the one node of the sentence before."""
    claims: list[Claim] = []
    for reference in _PAIR_REFERENCE.finditer(text):
        low = max(text.rfind("\n", 0, reference.start()) + 1, 0)
        for stop in _LATTER_STOP.finditer(text, low, reference.start() - 1):
            low = stop.end()
        named = mentions(text, low, reference.start(), names, slots.resolve)
        pair = list(dict.fromkeys(node for node, _, _ in named))
        if len(pair) != (1 if reference.group("one") else 2):
            continue
        end_match = _LATTER_STOP.search(text, reference.end())
        high = len(text) if end_match is None else end_match.end()
        written = " and ".join(pair) + (" are" if reference.group("is") else "")
        used = written + text[reference.end() : high]
        claims += _read_rewritten(used, names, max_words, low, high)
    return claims


_LATEX_BINDING = re.compile(
    r"\bLet \$(?P<name>[A-Za-z])[ \t]*=[ \t]*(?P<value>[^$\n=]{1,200}?)[ \t]*\$\.[ \t]+"
    r"(?P<then>Then [^\n]*?\$\.)"
)
"""A LaTeX binding (``Let $v = A$.``) and the sentence right after it, which reads ``v``."""


def _latex_bound_reads(text: str, names: NodeNames, max_words: int, slots: _Slots) -> list[Claim]:
    """The claims of a sentence that reads a variable the sentence right before bound to one
    node or to a path of nodes (``Let $v = A$. Then $\\deg(v) = 4$.``, ``Let $P = A -> B$.
    Then $w(P) = 7$.``), read with the value written in, spanning both sentences."""
    claims: list[Claim] = []
    for binding in _LATEX_BINDING.finditer(text):
        value = binding.group("value")
        parts = re.split(r"\s*(?:->|→)\s*", value)
        if not all(slots.resolve(part) for part in parts):
            continue
        pattern = r"(?<=[($\[,])[ \t]*" + binding.group("name") + r"[ \t]*(?=[)$\],])"
        then = binding.group("then")
        used = re.sub(pattern, value.replace("\\", r"\\"), then)
        if used == then:
            continue
        read = _read_rewritten(used, names, max_words, binding.start(), binding.end())
        if len(parts) > 1:  # the path's edges are the binding's own claims
            read = [c for c in read if c.kind != "edge"]
        claims += read
    return claims


def _bound_nodes(line: str, slots: _Slots) -> dict[str, str]:
    """The variables ``line`` binds to node names as written (``u, v = A, B``), else none."""
    binding = _BINDING.fullmatch(line)
    if binding is None:
        return {}
    variables = [v.strip() for v in binding.group("names").split(",")]
    values = [v.strip() for v in binding.group("values").split(",")]
    if len(variables) == 1:
        values = [binding.group("values").strip()]
        pair = values[0][1:-1].split(",") if values[0][:1] + values[0][-1:] == "()" else []
        if len(pair) == 2 and all(slots.resolve(v) for v in pair):  # "e = (A, B)": an edge
            return {variables[0]: values[0]}
        path = values[0][1:-1] if values[0][:1] in "'\"" and values[0][-1:] == values[0][0] else ""
        parts = re.split(r"\s*(?:->|→)\s*", path) if "->" in path or "→" in path else []
        if len(parts) > 1 and all(slots.resolve(part) for part in parts):  # "p = 'A -> B'"
            return {variables[0]: path}
    if len(variables) != len(values) or not all(slots.resolve(v) for v in values):
        return {}
    return dict(zip(variables, values, strict=True))


_CALL_BINDING = re.compile(
    r"[ \t]*(?P<name>[A-Za-z_]\w{0,9})[ \t]*=[ \t]*(?P<call>(?:nx\.)?\w+\([^()\n]*\))[ \t]*"
)
"""A code line binding a variable to a call (``dist = nx.single_source_dijkstra_path_length(G,
A)``), read with its node written in."""


def _uses(line: str, bound: dict[str, str], calls: dict[str, str] | None = None) -> str | None:
    """``line`` with the bound variables it reads (an argument or subscript: ``f(n)``,
    ``G[u][v]``) written as their values, and a variable bound to a call on a node and
    subscripted (``dist[B]``) written as that call; ``None`` if it reads none."""
    pattern = r"(?<=[(\[,])\s*(?:" + "|".join(map(re.escape, bound)) + r")(?=\s*[)\],])"
    used = re.sub(pattern, lambda variable: bound[variable.group().strip()], line)
    if used == line and line.lstrip().startswith("#"):  # "# total along p: 9"
        pattern = r"(?<=\s)(?:" + "|".join(map(re.escape, bound)) + r")(?=[:;,.]?(?:\s|$))"
        used = re.sub(pattern, lambda variable: bound[variable.group()], line)
    if calls and "[" in used:
        subscript = r"^(\s*)(" + "|".join(map(re.escape, calls)) + r")(?=\[)"
        used = re.sub(subscript, lambda v: v.group(1) + calls[v.group(2)], used)
    return used if used != line else None


_UNWEIGHTED_LENGTH = re.compile(
    r"(?P<name>(?:nx\.)?(?:single_source_)?shortest_path_length)\s*\((?P<args>[^()\n]*)\)"
)
"""NetworkX's ``shortest_path_length(G, A[, B])``: without a ``weight`` argument, the hop count
whatever weights the graph has."""


def _unweighted_length(call: re.Match[str]) -> str:
    """The call renamed ``hops`` (right-aligned, so offsets stay) where it names no weight."""
    if "weight" in call.group("args"):
        return call.group()
    name = call.group("name")
    return "hops".rjust(len(name)) + call.group()[len(name) :]


def _on_lines(
    text: str,
    words: tuple[str, ...],
    pattern: re.Pattern[str],
    rewrite: Callable[[re.Match[str]], str],
) -> str:
    """``text`` with ``pattern``'s matches rewritten on each line that holds one of ``words``
    (only those lines are searched: the rewrites below are rare, the texts long)."""
    lines: set[int] = set()
    for word in words:
        found = text.find(word)
        while found >= 0:
            low = text.rfind("\n", 0, found) + 1
            lines.add(low)
            high = text.find("\n", found)
            found = -1 if high < 0 else text.find(word, high)
    for low in sorted(lines, reverse=True):  # (from the end: a rewrite keeps lengths anyway)
        high = text.find("\n", low)
        high = len(text) if high < 0 else high
        line = text[low:high]
        written = pattern.sub(rewrite, line)
        if written != line:
            text = text[:low] + written + text[high:]
    return text


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


def _off_route(text: str, claims: list[Claim], taken: list[int]) -> list[Claim]:
    """The claims less the edges of a route taken as a condition (its links may be tried, not
    known: ``If I go A → B → C, that's 9 in total`` states the total, no edge)."""
    lines = {text.count("\n", 0, start) for start in taken}
    return [c for c in claims if c.kind != "edge" or text.count("\n", 0, c.start) not in lines]


def _statements(text: str, low: int, high: int) -> list[tuple[int, int] | None]:
    """The statements of an unread line that a run of one shape may hold: the line, or its
    clauses where it holds at least :data:`MIN_ROWS` separated by ``;`` or ``,`` (``A: 3; B: 2;
    C: 4``); ``None`` where the line holds no number (it breaks a run)."""
    if high - low > _LONGEST_STATEMENT * MIN_ROWS or not _LOOSE_NUMBER.search(text, low, high):
        return [None]
    pieces = [(a, b) for a, b in _pieces(text, low, high) if text[a:b].strip()]
    if len(pieces) >= MIN_ROWS:
        return list(pieces)
    return [(low, high)] if high - low <= _LONGEST_STATEMENT else [None]


_LONGEST_STATEMENT = 160
_PIECE_BREAK = re.compile(r"\s*[;,]\s+")


def _pieces(text: str, low: int, high: int) -> Iterator[tuple[int, int]]:
    position = low
    for match in _PIECE_BREAK.finditer(text, low, high):
        yield position, match.start()
        position = match.end()
    yield position, high


def _shaped_runs(ctx: _Context, unread: list[tuple[int, int] | None]) -> list[Claim]:
    """The claims of runs of at least :data:`MIN_ROWS` consecutive unread statements of one
    shape, each of one node (or pair) and one number, by the measure they agree on with the
    graph (:mod:`gralgo.analysis._trace_agreement`)."""
    assert ctx.graph is not None
    shaped: list[Shaped | None] = [None] * len(unread)
    first = None  # where the current stretch of candidates began
    for index, span in enumerate([*unread, None]):
        if span is not None:
            first = index if first is None else first
            continue
        if first is not None and index - first >= MIN_ROWS:  # only a long enough stretch
            for inside in range(first, index):
                low_high = unread[inside]
                shaped[inside] = None if low_high is None else _shaped(ctx, *low_high)
        first = None
    claims = []
    for run in runs(shaped):
        measure = agreed_measure(ctx.graph, [(s.nodes, s.value) for s in run])
        if measure is not None:
            claims += [Claim(measure, s.nodes, s.value, s.start, s.end) for s in run]
    return claims


def _shaped(ctx: _Context, low: int, high: int) -> Shaped | None:
    """A statement's skeleton (names and its number masked, a list mark dropped), its node (or
    two), and its one number; ``None`` where it names none or more than two, holds no number or
    several, or is refused (a question, plan, hypothesis, state, bound or arithmetic)."""
    text = ctx.text
    marked = _STATEMENT_MARK.match(text, low, high)
    low = low if marked is None else marked.end()
    found = mentions(text, low, high, ctx.slots.names, ctx.slots.resolve)
    if not 1 <= len(found) <= 2 or len({node for node, _, _ in found}) != len(found):
        return None
    parts, position = [], low
    for _, a, b in found:
        parts += [text[position:a], "\0"]
        position = b
    parts.append(text[position:high])
    masked = "".join(parts)
    if refused(see_through(masked, 0, len(masked))[0]):
        return None
    numbers = _LOOSE_NUMBER.findall(masked)
    if len(numbers) != 1:
        return None
    written = numbers[0].lower()
    value = int(written) if written.isdigit() else NUMBER_WORDS[written]
    skeleton = " ".join(_LOOSE_NUMBER.sub("#", masked).lower().split())
    return Shaped(skeleton, tuple(node for node, _, _ in found), value, low, high)


_STATEMENT_MARK = re.compile(r"\s*(?:[-*•+>▸▹◦▪‣]|\d+[.)]|\(?[ivx]+\))\s+")
"""A list item's mark before a statement (its numbering is no value)."""


_TODO = re.compile(r"\s*(?:[-*+•]\s*)?\[\s?\]")
"""An unticked to-do box at a line's start: ``- [ ] check A–B`` plans, it states no fact."""
_HYPOTHESIS = re.compile(
    r"\s*(?:[-*+•>#]+\s*|\d+[.)]\s*)?(?:(?:a|my|the|working|next|first|open)\s+)?"
    r"(?:hypothes[ie]s|conjectures?|guess|to\s+(?:test|check|verify|prove)|unverified)\b"
    r"[^:\n]{0,30}:"
)
"""A line headed as a hypothesis or a thing to test (``Hypothesis to test: A and B lie on a
triangle``, ``Conjecture: …``, ``To verify: …``): it puts a claim up, it states none."""
_VERDICT = re.compile(
    r"(?:#|//|--|;;|/\*|(?<=\s)!|(?<![<>!=])={1,3}|->|→|=>|(?<=\))\.(?=\s))\s*"
    r"(?:[a-z][\w#+]*(?:\s+[a-z][\w#+]*){0,2}\s*:\s*)?"
    r"(?:(?:->|→|=>|==?)\s*)?(?:\\(?:text|mathrm|mathtt|texttt|textsf|mathsf)\s*\{\s*|`)?"
    r"(?:(?P<yes>true|yes|#t(?:rue)?)|false|no|f|nil|#f(?:alse)?)\s*[}`]?\s*(?:\*/)?\s*[.!;]?"
    r"(?:\s*(?:,|—|–|-)\s*(?P<remark>(?:(?!true|false|yes|but|wait|actually|\d)[a-z ])"
    r"{1,30}?)\s*[.!]?)?\s*(?:\$\$?)?\s*$"
)
"""A test's verdict at its line's end (lower case), in a trailing comment (a language's name
may label it, a short remark follow it: ``// Kotlin: false``, ``;; => true, an edge``) or as the
value it is equal to, in any notation: ``… in edge_set  # False``, ``adj[A].includes(B)  // true``,
``# -> False``, ``# no``, ``; => #f``, ``/* false */``, ``EDGE?(A, B) = FALSE``,
``\text{edge}(A, B) = \text{false}``, ``has_edge(A, B) == False``, or a query's answer after it
(``?- edge(A, B). false.``)."""
_LONG_NO = re.compile(
    r"(?:#|//|--|;;|->|→|=>)\s*(?:(?P<false>false)|no)\s*[,;—–]\s*(?P<remark>[^\n]*?)\s*$"
)
"""A false verdict comment with a longer remark after it (``# False, so no A-B edge; moving
on``): the verdict holds where the remark takes nothing back (after a bare ``no``, where it
denies too)."""
_LONG_NO_CUE = re.compile(r"no\s*[,;—–]")
"""What a match of :data:`_LONG_NO` without ``false`` holds (a quick test before it)."""
_TAKEN_BACK = re.compile(r"\b(?:true|yes|but|wait|actually|however|though)\b")
_VERDICT_MARKS = ("#", "/", "-", ";", "!", "=", "→", ").")
"""What any match of :data:`_VERDICT` holds (one of its leading marks)."""
_CODE_NEGATION = re.compile(r"\bnot\b|(?<![\w)\]])!(?!=)|∉|\\notin|notin|!=")
"""A negation in a tested expression (a prefix ``!``; a postfix one, Dart's and Kotlin's
non-null ``graph[A]!.contains(B)``, negates nothing)."""
_REMARK_NEGATION = re.compile(r"\b(?:no|not|none|never)\b|n['’]t\b")


_LAST_TERM = re.compile(
    r"(?:[)\]]\s*[-−]|[)\]\w]\s*(?:[+*×·]|\\cdot\b|\\times\b))\s*(?:\\|[A-Za-z_]\w*\s*\.\s*)?$"
)
"""An arithmetic operator after an operand just before a claim (``G.degree(A) + G.degree(B) ==
5``, ``w(A, B) + w(B, C) = 10``, ``2 * deg(B)``): the claim is the expression's last term (a
minus only after a bracket, ``A - B (7)`` is an edge; no ``/``, ``A/B`` is a pair)."""


def _whole_expressions(text: str, low: int, claims: list[Claim]) -> list[Claim]:
    """The claims of a line less the values read of an expression's last term: the value
    stated is the whole expression's, not the term's."""
    return [
        c
        for c in claims
        if c.value is None or c.kind not in _MEASURES or not _LAST_TERM.search(text, low, c.start)
    ]


def _path_weighs(claims: list[Claim]) -> list[Claim]:
    """The claims of a line less a node weight read of a path's last node where the path's
    total is that value (``The path 2 → 0 → 8 weighs 5 overall``: the path weighs 5, not 8)."""
    totals = [c for c in claims if c.kind == "path_total"]
    if not totals:
        return claims
    return [
        c
        for c in claims
        if c.kind != "node_weight"
        or not any(
            t.value == c.value and t.nodes[-1] == c.nodes[0] and t.start <= c.start < t.end
            for t in totals
        )
    ]


_MEASURES = frozenset({"degree", "edge_weight", "distance", "hops", "node_weight"})
_BOTH_WAYS = re.compile(
    r"[\"'”’`)\]]*\s*(?:and|or|vs\.?|versus)\s*[\"'“‘`(\[]*\s*(?:(?:node|vertex)\s*)?$", re.I
)


def _both_ways(text: str, claims: list[Claim]) -> list[Claim]:
    """The claims of a line less the edges of a pair written with its reverse (``A–B or B–A``,
    ``(A, B) vs (B, A)``): the pair's notation or orientation, no edge stated."""
    edges = [c for c in claims if c.kind == "edge" and len(c.nodes) == 2]
    both = set()
    for first, second in zip(edges, edges[1:], strict=False):
        if first.nodes == second.nodes[::-1] and first.end <= second.start:
            if _BOTH_WAYS.match(text[first.end : second.start]):
                both |= {first, second}
    return [c for c in claims if c not in both] if both else claims


_ROUTE_ARROW = re.compile(
    r"\\leadsto\b|\\rightsquigarrow\b|\\squigarrowright\b|[⇝↝⟿⤳]"
    r"|\\min\s*_\s*\{?\s*(?:P|p|\\pi|π)\b"
)
"""A squiggly arrow, a path's notation (``A ⇝ B``, ``\\min_{P: A \\leadsto B} w(P)``), or a
minimum over paths (``d(A, B) = \\min_P w(P) = 9``): its ends are a route's, not an edge's."""
_ROUTE_MARKS = ("\\", "⇝", "↝", "⟿", "⤳")  # what _ROUTE_ARROW needs (a cheap test first)


def _routes(text: str, claims: list[Claim], lower: str) -> list[Claim]:
    """The claims of a line, where a squiggly arrow joins a pair: no edge of the pair, and a
    weight stated of it the route's length, its distance (``A ⇝ B costs 8``)."""
    if not claims or not any(mark in lower for mark in _ROUTE_MARKS):
        return claims
    if not _ROUTE_ARROW.search(lower):
        return claims
    routed = []
    for c in claims:
        if c.kind in ("edge", "edge_weight") and _ROUTE_ARROW.search(text, c.start, c.end):
            if c.kind == "edge_weight":
                routed.append(Claim("distance", c.nodes, c.value, c.start, c.end))
            continue
        routed.append(c)
    return routed


def _verdict(claims: list[Claim], lower: str) -> list[Claim]:
    """The claims of a line that ends in a code test's verdict comment, applied to the test: a
    false verdict makes the test's edge a non-edge and leaves no other value stated; where the
    test is itself negated (``A not in adj[B]  # False``), nothing is read (fail closed)."""
    if not claims:
        return claims  # (the pattern tries every position of the line)
    if not any(mark in lower for mark in _VERDICT_MARKS):
        return claims  # (a cheap test before the pattern)
    verdict = _VERDICT.search(lower)
    if verdict is None:
        if "false" not in lower and ("no" not in lower or not _LONG_NO_CUE.search(lower)):
            return claims
        verdict = _LONG_NO.search(lower)
        if verdict is None or not (remark := verdict.group("remark")):
            return claims
        if _TAKEN_BACK.search(remark) or (
            verdict.group("false") is None and not _REMARK_NEGATION.search(remark)
        ):
            return claims
        return _refuted(claims, lower[: verdict.start()])
    if verdict.group("yes") is not None:  # "// true, no edge": a remark against it, none read
        remark = verdict.group("remark")
        return [] if remark is not None and _REMARK_NEGATION.search(remark) else claims
    return _refuted(claims, lower[: verdict.start()])


def _refuted(claims: list[Claim], tested: str) -> list[Claim]:
    """The claims of a line whose test ``tested`` a false verdict answers (see
    :func:`_verdict`)."""
    if _CODE_NEGATION.search(tested):
        return []
    return [
        Claim("non_edge", c.nodes, None, c.start, c.end, c.implicit_source)
        if c.kind == "edge"
        else c
        for c in claims
        if c.kind in ("edge", "non_edge")
    ]


class _Gate:
    """A line as the gates before the clause and anchored readers test it a second time: the
    names of the patterns' claims ``read`` there written as a neutral word of the same length
    (``zzzz``), since a name's own words and marks cue nothing (``Mall Road has degree 2``,
    ``Eben M. Haber``, ``South 49th Street``); made only where a gate fails on the line as
    written, so a gate passes as often as before or more."""

    def __init__(self, ctx: _Context, low: int, high: int, read: list[Claim]) -> None:
        self.ctx, self.low, self.high, self.read = ctx, low, high, read
        self.count = len(ctx.slots.named)  # the names the patterns found (the readers after
        # them look up more)

    @cached_property
    def line(self) -> str | None:
        """The line with those names masked; ``None`` where it holds none, where names are
        numeric ids (a masked id could be a value), or where the claims stop before the line's
        end (``From the list, New York → Ada Lovelace, Dublin, Graz``: the patterns read one
        edge of a list, and what follows them is for the other readers to read)."""
        if not self.read or self.ctx.numeric_ids:
            return None
        text, low, high = self.ctx.text, self.low, self.high
        named = [c for c in self.read if c.nodes]
        if not named or text[max(c.end for c in named) : high].strip(_TAIL_CLEAN + " \t"):
            return None
        nodes = {node for c in named for node in c.nodes}
        spans = []
        for a, b, node in self.ctx.slots.named[: self.count]:
            if node in nodes and low <= a < b <= high:
                at = text[a:b].lower().find(node.lower())  # the name as written, not what
                if at >= 0:  # the resolver read past ("Kyoto (maybe)": the hedge stays)
                    spans.append((a + at, a + at + len(node)))
        if not spans:
            return None
        pieces: list[str] = []
        position = low
        for a, b in sorted(spans):
            a = max(a, position)
            if b > a:
                pieces += (text[position:a], "z" * (b - a))
                position = b
        pieces.append(text[position:high])
        return "".join(pieces)


def _stands(read: list[Claim], text: str, low: int, high: int, lower: str) -> bool:
    """Whether the patterns' claims ``read`` in ``text[low:high]`` (``lower``: in lower case)
    stand without the clause reader: one clause, no call, and they read all its cues."""
    words = words_of(lower)
    return (
        not _ATTENTION_MARKS.search(lower)
        and _ATTENTION_WORDS.isdisjoint(words)
        and not (("(" in lower or "[" in lower or "_{" in lower) and has_call(text, low, high))
        and _settled(read, words)
    )


def _structural(
    ctx: _Context, low: int, high: int, read: list[Claim], lower: str, gate: _Gate
) -> list[Claim]:
    """The patterns' claims ``read`` with the facts of the clause reader
    (:mod:`gralgo.analysis._trace_clauses`) they lack: where a pattern read a claim of the same
    family in the same clause or call, the pattern's reading stands unless the clause reader
    overrules it (:func:`_overruled`). ``lower``: the line in lower case; ``gate``: the line
    with the patterns' names masked."""
    text, names = ctx.text, ctx.slots.names
    if read and (
        _stands(read, text, low, high, lower)
        or (
            (masked := gate.line) is not None
            and _stands(read, masked, 0, len(masked), masked.lower())
        )
    ):
        return read  # one clause, no call, and the patterns read all its cues

    def unread(kind: str, start: int, end: int) -> bool:
        family = FAMILIES[kind]
        return not any(
            FAMILIES[c.kind] == family and c.nodes and c.start < end and start < c.end for c in read
        )

    def covered(start: int, end: int, written: str) -> bool:
        inside = [c for c in read if c.start < end and start < c.end]
        return bool(inside) and _settled(inside, words_of(written.lower()))

    claims = [
        Claim(kind, nodes, value, start, end)
        for kind, nodes, value, start, end in call_facts(
            text, low, high, ctx.slots.after, ctx.slots.before
        )
        if unread(kind, start, end)
        or (
            kind == "neighbours"
            and not _read_kind(read, (kind, nodes, value, start, end), start, end)
        )
    ]  # a neighbour list the patterns read only as edges ("nbrs(A) -> [B, C]")
    measured = {
        (frozenset(c.nodes), c.value) for c in read + claims if c.kind in ("distance", "hops")
    }  # "d(A, B) = 9 (weighted)": a value its function names the measure of, no edge's weight
    for start, end, facts in clause_facts(
        text, low, high, names, ctx.slots.resolve, covered, ctx.name_marks
    ):
        read = [c for c in read if not _overruled(c, start, end, facts)]
        kept = [f for f in facts if f[0] not in (IN_FLUX, ROUTED) and unread(f[0], start, end)]
        if measured:
            weighed = {frozenset(f[1]) for f in kept if f[0] == "edge_weight"
                       and (frozenset(f[1]), f[2]) in measured}  # fmt: skip
            kept = [f for f in kept if f[0] not in ("edge", "edge_weight")
                    or frozenset(f[1]) not in weighed]  # fmt: skip
        listed = [f for f in facts if f[0] == "neighbours" and not _read_kind(read, f, start, end)]
        if listed and not any(f[0] == "neighbours" for f in kept):
            # a complete neighbour list the patterns read only as edges: the list, and the
            # edges of its items that they did not read
            pairs = {frozenset(c.nodes) for c in read if c.kind == "edge"}
            kept += listed + [f for f in facts if f[0] == "edge" and frozenset(f[1]) not in pairs
                              and f[1][0] == listed[0][1][0]]  # fmt: skip
        claims += [Claim(kind, nodes, value, a, b) for kind, nodes, value, a, b in kept]
    return read + claims


_PAIR_WORDS = re.compile(
    r"\bdist(?:ances?)?\b|\bhops?\b|hopdist|shortest|\blevels?\b|\baway\b|\bapart\b|separated"
)  # a distance between two names (whole words: a node named "Distant Mill" is none)
_PAIR_STEMS = re.compile(r"dist|hop|shortest|level|away|apart|separated")
"""What each alternative of :data:`_PAIR_WORDS` holds (without its word boundaries, which make
that pattern try every position of a line): a quick test before it."""


def _paired(lower: str) -> bool:
    """Whether a line (lower case) holds one of :data:`_PAIR_WORDS`."""
    return _PAIR_STEMS.search(lower) is not None and _PAIR_WORDS.search(lower) is not None


_ECHOED = re.compile(
    r"\s*(?:(?:confirmed|yes|indeed|right)\s*[,:—–]?\s*)?(?P<no>(?:not|no)\s+)?"
    r"(?P<word>[a-z]{3,})\b(?:\s*[,;—–][^?]{0,40}?)?\s*[.!]?\s*",
    re.I,
)
_OR_NOT = re.compile(r"\s*,?\s*\bor\s+not\s*\?\s*$", re.I)


def _echoed(ctx: _Context, question: tuple[int, int], answer: tuple[int, int]) -> bool | None:
    """A yes-or-no question answered by repeating its own word, affirmed or denied (``Is A
    adjacent to B or not? Adjacent.``, ``A and B, adjacent? Confirmed, adjacent.``, ``Not
    adjacent.``): the answer's polarity; ``None`` where the answer names a node or repeats no
    word of the question."""
    text = ctx.text
    echo = _ECHOED.fullmatch(text, *answer)
    if echo is None or echo.group("word").lower() in ("not", "no", "none", "sure", "unsure"):
        return None
    word = echo.group("word").rstrip("sS")  # "Borders." answers "Does A border B?"
    asked = re.search(rf"\b{re.escape(word)}", text[question[0] : question[1]], re.I)
    if asked is None or mentions(text, *answer, ctx.slots.names, ctx.slots.resolve):
        return None
    return echo.group("no") is None


_LEAD_MARK = re.compile(r":\s|\s—\s")


def _asked_after_lead(ctx: _Context, start: int, end: int) -> int:
    """Where an answered question starts after a lead of work that names no node, ended by a
    colon or a spaced dash (``Before I go on, the thing to check: is A adjacent to B?``): the
    question after the lead's last mark where it names a node, else ``start``."""
    text, names, resolve = ctx.text, ctx.slots.names, ctx.slots.resolve
    marks = list(_LEAD_MARK.finditer(text, start, end))
    for mark in reversed(marks):
        if mentions(text, mark.end(), end, names, resolve):
            if mentions(text, start, mark.start(), names, resolve):
                return start
            return mark.end()
    return start


_ASK_WORDS = re.compile(r"whether|how\s|what\s|does\s")
_ASKED_INSIDE = re.compile(
    r"\b(?P<whether>whether|if)\s+|\b(?:how\s+(?:many|far|much)|what)\b|(?<![^\s,—–])(?:does|do)\s",
    re.I,
)
_TAIL_MARK = re.compile(r",\s*and\s+|\s[—–]\s|\.{3}\s*|…\s*")
_TAIL_VERDICT = re.compile(
    r"\b(?:(?P<no>no)|yes|(?:it|they|there)\s+(?:is|are|does|do|has|have)(?P<not>n['’]t|\s+not)?"
    r"(?:\s+one)?)\b(?![^\d\n]{0,50}\d)(?=\W*(?:$|[,—–:;]))",
    re.I,
)
_TAIL_VALUE = re.compile(
    r"(?:^\W*(?:and\s+)?|\b(?:is|['’]s|has|have|to|=)\s+)"
    r"(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")\b(?![^\n]*\d)",
    re.I,
)


def _answered_in_tail(
    ctx: _Context, pieces: list[tuple[int, int]], index: int
) -> tuple[int, int, bool | None, int | None] | None:
    """A question the writer puts to itself without a question mark, answered after it in its
    own sentence, after a comma and ``and``, a spaced dash or an ellipsis (``I should ask
    whether A and B are joined, and they are``, ``how far is A from B — 5, now final``,
    ``to settle whether A touches B... it does``): the question from its question word to
    the mark, and the answer's polarity (a yes, a no, a pronoun and its auxiliary) or its value
    (first, or after ``is``, ``has``, ``to``); ``None`` where the answer names a node or
    answers nothing (``…, and I'll look later``, ``…, and then 4 more remain``)."""
    text = ctx.text
    start, end = pieces[index]
    asked = _ASKED_INSIDE.search(text, start, end)
    if asked is None:
        return None
    mark = _TAIL_MARK.search(text, asked.end(), end)
    if mark is not None:
        question, answer = (start, mark.start()), (mark.end(), end)
    elif index + 1 < len(pieces) and not text[start:end].rstrip().endswith("?"):
        question, answer = (start, end), pieces[index + 1]
    else:
        return None
    if mentions(text, *answer, ctx.slots.names, ctx.slots.resolve):
        return None
    first = asked.end() if asked.group("whether") else asked.start()
    tail = text[answer[0] : answer[1]]
    if asked.group("whether") is not None or text[asked.start()] in "dD":
        verdict = _TAIL_VERDICT.search(tail)
        if verdict is None:
            return None
        return first, question[1], not (verdict.group("no") or verdict.group("not")), None
    number = _TAIL_VALUE.search(tail)
    if number is None:
        return None
    written = number.group("n").lower()
    return first, question[1], None, int(written) if written.isdigit() else NUMBER_WORDS[written]


def _after_work(ctx: _Context, answer: tuple[int, int]) -> tuple[int, int]:
    """An answer that opens with the work done for it up to a colon, naming no node and no
    number (``Rerunning the relaxations: 3.``): from after the colon, else as it is."""
    text = ctx.text
    colon = text.find(": ", *answer)
    if any(c.isdigit() for c in text[answer[0] : colon]) or mentions(
        text, answer[0], colon, ctx.slots.names, ctx.slots.resolve
    ):
        return answer
    return colon + 2, answer[1]


def _names_its_own(ctx: _Context, question: tuple[int, int], answer: tuple[int, int]) -> bool:
    """Whether the ``answer`` to a question names a node the ``question`` does not."""
    text, names, resolve = ctx.text, ctx.slots.names, ctx.slots.resolve
    asked = {n for n, _, _ in mentions(text, *question, names, resolve)}
    return any(n not in asked for n, _, _ in mentions(text, *answer, names, resolve))


def _anchored(
    ctx: _Context, low: int, high: int, read: list[Claim], lower: str, gate: _Gate
) -> list[Claim]:
    """The claims ``read`` with those of the name-anchored reader
    (:mod:`gralgo.analysis._trace_anchored`) in the clauses where nothing was read; a distance
    or hop count it reads between two nodes overrules an edge read between them there (``2.
    shortest A→B distance: 4``). ``gate``: the line with the patterns' names masked."""
    if read:
        if _read_alone(read, ctx.text, low, high, lower, ctx.name_marks) or (
            (masked := gate.line) is not None
            and _read_alone(read, masked, 0, len(masked), masked.lower(), frozenset())
        ):
            return read  # one clause, read by the patterns, nothing to add or overrule
    elif not _cued(lower, 0, len(lower)):
        return read  # no word or mark the anchored reader decides a claim by
    paired = _paired(lower)
    text, names = ctx.text, ctx.slots.names
    added: list[Claim] = []
    pieces = line_pieces(
        text, low, high, ctx.name_marks,
        lambda a, b: {n for n, _, _ in mentions(text, a, b, names, ctx.slots.resolve)},
    )  # fmt: skip
    released: set[tuple[int, int]] = set()  # stretches meta-talk was cut from (cut once)
    index = -1
    while index + 1 < len(pieces):
        index += 1
        start, end = pieces[index]
        inside = [c for c in read if c.start < end and start < c.end]
        answer, split, value = None, False, None
        asked = text[start:end].rstrip().endswith("?") and index + 1 < len(pieces)
        if asked and ": " in text[slice(*pieces[index + 1])]:  # "… A? Recounting them: 4."
            pieces[index + 1] = _after_work(ctx, pieces[index + 1])
        if asked and (bare := _BARE_VALUE.fullmatch(text, *pieces[index + 1])) is not None:
            written = bare.group(1).lower()  # "… A? Three.": the value the question asks
            value = int(written) if written.isdigit() else NUMBER_WORDS[written]
        if inside and not _unsettled(inside, paired, text[start:end]):
            if value is None or not {c.kind for c in inside} <= _EDGES:
                continue  # (an edge read in a question its value answers: its weight, maybe)
        if not asked and not inside and _ASK_WORDS.search(lower, start - low, end - low):
            tail = _answered_in_tail(ctx, pieces, index)  # "I should ask whether A and B are
            if tail is not None:  # joined, and they are": the question, its answer after it
                start, end, answer, value = tail
        if asked:
            answered = _ANSWERED.match(text, *pieces[index + 1])  # "… B? None exists."
            if answered is not None and _names_its_own(ctx, (start, end), pieces[index + 1]):
                answered = None  # "… A adjacent to B? Yes, C is adjacent to D.": D's fact
            answer = (
                None if answered is None else not any(answered.group("no", "denied", "crossed"))
            )
            if answer is None:  # "Is A adjacent to B or not? Adjacent.": the question's word
                answer = _echoed(ctx, (start, end), pieces[index + 1])
            if answer is not None and (alternative := _OR_NOT.search(text, start, end)):
                end = alternative.start()  # "… or not?": the question's own alternative
        lead = ": " in text[start:end] or " — " in text[start:end]  # "I forgot to check: is …?"
        if lead and (answer is not None or value is not None):
            start = _asked_after_lead(ctx, start, end)
        if index and (
            _THEY.match(text, start, end)
            or (
                _WHICH_SET.match(text, start, end)
                and _WHICH.fullmatch(text, pieces[index - 1][1], start)
            )
        ):  # "…, so they form the 2-core", "A, B, C, which is the 2-core": the names before,
            start = _named_before(ctx, pieces, index)  # this clause's set cue
        elif index and _IT_SET.match(text, start, end):  # "Looking at the 2-core. It is {…}",
            topic = topic_name(text, pieces[index - 1])  # "Looking at A. Within 2 hops it …"
            if topic is not None and _SET_WORD.search(text, topic[0], end):
                start = topic[0]
        elif index and _LABELLED_LIST.match(text, start, end):
            if set_head(text, *pieces[index - 1]):  # "Peeling done for k = 2. Left over: {…}."
                start = pieces[index - 1][0]
        elif (plan := _planned_topic(ctx, pieces, index, read)) is not None:
            start, end, split = plan  # "Let me look at A and B. They do share an edge."
        if not inside and not _cued(lower, start - low, end - low):
            continue
        families = {FAMILIES[c.kind] for c in inside if c.nodes}
        readings = list(anchored_facts(text, start, end, names, ctx.slots.resolve, answer, value))
        if (
            not readings
            and not inside
            and pieces[index] == (start, end)
            and (start, end) not in released
        ):
            runs = meta_released(text, start, end, names, ctx.slots.resolve)
            if runs is not None and refused(text[start:end]):  # "Before I forget — A and B
                released.update(runs)  # share a road, which I'll need later": the fact read
                pieces[index : index + 1] = runs
                index -= 1
                continue
        for a, b, facts in readings:
            if split:  # a result naming its own node after a topic: only a route's value
                facts = [f for f in facts if f[0] in ("distance", "hops")]
            pairs = {frozenset(f[1]) for f in facts if f[0] in ("distance", "hops")}
            denied = {frozenset(f[1]) for f in facts if f[0] == "non_edge"}
            if any(c.kind == "edge" and _ends(c) in denied for c in inside):
                read = [c for c in read if not (c in inside and c.kind == "edge"
                                                and _ends(c) in denied)]  # fmt: skip
                families -= {"edge"}  # "A -> B: missing from the edge list": no edge
            if names.numeric_ids:  # "weight(0) → 8": 8 is 0's weight, not a node beside it
                pairs |= {
                    frozenset((f[1][0], valued))
                    for f in facts
                    if f[0] in ("degree", "node_weight")
                    and (valued := names.resolve(str(f[2]))) is not None
                }
            read = [c for c in read if not (c in inside and _ends(c) in pairs)]
            if pairs:
                families -= {"edge", "weight"}
            listed = any(f[0] == "neighbours" for f in facts)
            for f in facts:  # "B and C are linked with A, no others": no edge B–C
                if f[0] == "neighbours":
                    items = set(f[1][1:])
                    read = [c for c in read if not (c in inside and c.kind == "edge"
                                                    and set(c.nodes) <= items)]  # fmt: skip
            edges = {frozenset(c.nodes) for c in read if c.kind == "edge"}
            added += [
                Claim(kind, nodes, value, a, b)
                for kind, nodes, value, _, _ in facts
                if FAMILIES[kind] not in families
                or kind == "neighbours"  # a complete list the patterns read as edges
                or (listed and kind == "edge" and frozenset(nodes) not in edges)  # and its rest
                or (pairs and kind == "distance")
            ]
    return read + added


def _read_alone(
    read: list[Claim], text: str, low: int, high: int, lower: str, kept: frozenset[int]
) -> bool:
    """Whether the claims ``read`` in ``text[low:high]`` (``lower``: in lower case) leave the
    anchored reader nothing to add or overrule: one clause, and no edge it may overrule
    (``kept``: the marks inside names)."""
    kinds = {c.kind for c in read}
    settled = not kinds <= _EDGES or not _unsettled(read, _paired(lower), lower)
    return settled and one_clause(text, low, high, kept)


def _planned_topic(
    ctx: _Context, pieces: list[tuple[int, int]], index: int, read: list[Claim]
) -> tuple[int, int, bool] | None:
    """Where a sentence that only names its topic and the sentence after it, its result, read
    as one clause: a plan (``Let me check A against B.`` / ``Yes, there's an edge.``), or a
    topic with its measure and no value, whatever leads it (``Now the degree of A.`` / ``I get
    4.``, ``Dijkstra finishes with B.`` / ``From A, the final value is 9.``) where neither
    sentence reads alone; from the topic (after its lead) to the result's end, and whether
    the result names a node of its own and no pronoun for the topic opens it (then only a
    distance or hop count between the two is read: ``Now at A. The cheapest way over to B costs
    9.`` states no edge). ``None`` where the piece is no such sentence or either was read."""
    if index + 1 >= len(pieces):
        return None
    text = ctx.text
    (start, end), (after_start, after) = pieces[index], pieces[index + 1]
    if not text[start:end].rstrip().endswith((".", ":", "…")):
        return None
    if any(c.start < after and start < c.end and c.nodes for c in read):
        return None  # (a claim whose names were not read, "no edge between them", is none)
    plan = _PLAN_TOPIC.match(text, start, end)
    if plan is not None:
        if index + 2 < len(pieces) and _THEY_RESULT.match(text, *pieces[index + 2]):
            after = pieces[index + 2][1]  # "Checking A-B... present. So they're adjacent."
        return plan.end(), after, False
    if _TOPIC_VALUE.search(text, start, end) or not _TOPIC_RESULT.search(text, after_start, after):
        return None  # a value in the topic, or no value or verdict in the result
    names, resolve = ctx.slots.names, ctx.slots.resolve
    if any(list(anchored_facts(text, a, b, names, resolve)) for a, b in pieces[index : index + 2]):
        return None  # either sentence is read alone
    topic = topic_name(text, (start, end))
    named = bool(mentions(text, after_start, after, names, resolve))
    named = named and not _BACK_REFERENCE.match(text, after_start, after)
    return (start if topic is None else topic[0]), after, named


_BACK_REFERENCE = re.compile(r"\s*(?:its|it|their|they)\b", re.I)
"""A result opened by a pronoun for its topic (``Its edges go to B and C, and nowhere else.``):
the names after it are the topic's, any claim of it read."""


_TOPIC_VALUE = re.compile(
    r"(?<!node\s)(?<!vertex\s)(?<![\w.])\d+(?![\w.]\w)|\b(?:"
    + "|".join(list(NUMBER_WORDS)[2:])
    + r")\b",
    re.I,
)
"""A value in a topic sentence (a numeric id after *node* or *vertex* is a name)."""
_TOPIC_RESULT = re.compile(
    r"\d|\b(?:" + "|".join(NUMBER_WORDS) + r"|no|not|never|none|yes|true|false|them|they|it|its|"
    r"both|the\s+two)\b|n['’]t\b",
    re.I,
)
"""What a result sentence holds: a value, a verdict, or a pronoun for the topic (``I get 4.``,
``The input gives no edge between them.``)."""


_PLAN_TOPIC = re.compile(
    r"\s*(?:(?:so|now|ok(?:ay)?|alright|first|next|then|wait|hmm+|right)\s*,?\s+)?"
    r"(?:(?:let\s+me|let's|let\s+us|i'll|we'll|i\s+will|we\s+will)\s+[a-z]+"
    r"(?:\s+(?:up|off|out|over|through|at|on))?|(?:checking|scanning|searching|looking)"
    r"(?:\s+(?:the|my|our)\s+(?:edge\s+)?(?:list|edges|input|rows?|adjacency(?:\s+list)?))?"
    r"(?:\s+(?:for|up))?),?\s+(?=\S)",
    re.I,
)
"""A plan's lead and its verb (``Let me check``, ``Let's read off``), or a search under way
(``Checking``, ``Scanning the list for``): what follows is its topic."""
_THEY_RESULT = re.compile(
    r"\s*(?:so|hence|thus|therefore|which\s+means)?,?\s*(?:they|they['’]re)\b", re.I
)
"""A conclusion about the topic after its result (``Checking A-B... present in the input. So
they're adjacent.``): the result runs to its end."""


_EDGES = {"edge", "edge_weight", "path_total"}


def _unsettled(inside: list[Claim], paired: bool, written: str) -> bool:
    """Whether the anchored reader may add to or overrule the claims ``inside`` a clause
    ``written``: only edges (and their weights or a path) where it may read a distance between
    their ends, a path's total, or a complete neighbour list."""
    kinds = {c.kind for c in inside}
    return (
        (paired and kinds <= _EDGES)
        or (kinds <= {"edge", "path_total"} and _DIGIT.search(written) is not None)
        or (kinds == {"edge"} and _LISTED.search(written) is not None)
        or (kinds == {"edge"} and _DENIED.search(written) is not None)
    )


_NOT_ASSERTED_WORDS = ("no", "n't", "n’t", "nev", "need", "✗", "✘", "❌")
"""What any match of :data:`_NOT_ASSERTED_CUE` holds (a quicker test before it)."""
_NOT_ASSERTED_CUE = re.compile(r"\b(?:no|none|not|never|cannot|need)\b|n['’]t\b|[✗✘❌]")
"""What :func:`_not_asserted` needs in a clause (a quick test before it)."""
_DENIAL_BEFORE = re.compile(
    r"(?:\b(?:no|not|never|cannot)\b|n['’]t\b|(?:['’]d|\bwould|\bwill)\s+need\b)"
    r"\s+(?:(?:to\s+)?[a-z]+\s+){0,2}[\"'“‘`(\[]*$|^\W*[✗✘❌]\s*[\"'“‘`(\[]*$",
    re.I | re.M,
)
_NONE_IS_BEFORE = re.compile(
    r"\b(?:none\s+of|not\s+(?:one|a\s+single)(?:\s+of)?|no)\s+(?:(?:the|these|those|my|its|[a-z]+['’]s)\s+)?"
    r"(?:[a-z]+\s+)?(?:lines?|entry|entries|rows?|edges?|items?|pairs?|links?)\b[^.;:!?\n]{0,40}?\s"
    r"(?:is|are|was|were|matches|match|reads)\s+[\"'“‘`(\[]*(?:(?:node|vertex)\s*)?$",
    re.I,
)
"""A denial that names the pair inside its subject (``None of the lines I read is A-B``, ``no
row of the list is A–B``): the pair is what none of them is, no edge stated."""
_DENIAL_AFTER = re.compile(
    r"[\"'”’`)\]]*\s*(?::\s*)?(?:[✗✘❌]|(?:(?:is|was)\s+(?:not|never)\b|(?:is|was)n['’]t\b|(?<=:)\s*"
    r"(?:not|no|never)\b)\s*(?:an?\s+)?(?:edges?|adjacent|connected|linked|joined|present|listed|"
    r"there|given|found|in\s+(?:the\s+)?(?:input|graph|E|G|edge\s*list|list)\b))",
    re.I,
)  # (a denial of adjacency, not of another set: "the edge A–B is not in the tree" is an edge)


def _asserted(text: str, low: int, high: int, read: list[Claim]) -> list[Claim]:
    """The claims ``read`` on the line ``text[low:high]`` less the edges it denies or needs
    rather than states (:func:`_not_asserted`)."""
    return [c for c in read if c.kind != "edge" or not _not_asserted(text, low, high, c)]


_LINK_ARROW_BEFORE = re.compile(r"(->|→|⟶|=>|⇒)\s*[\"'`]?\s*$")


def _switched_arrow(
    text: str, low: int, left: int, link: re.Match[str], right: int, high: int
) -> bool:
    """Whether an arrow after a chain's links is another glyph than the link before it and
    ends the chain (``0 -> 3 -> 1 → 9``): under numeric ids the id after it is the route's
    total, not a node."""
    before = _LINK_ARROW_BEFORE.search(text, max(low, left - 8), left)
    return (
        before is not None
        and before.group(1) != link.group().strip()
        and _EDGE_SEPARATOR.match(text, right, high) is None
    )


_NEED_BEFORE = re.compile(r"\bneed\s+(?:(?:to\s+)?[a-z]+\s+){0,2}[\"'“‘`(\[]*$", re.I)
_DENIED_LATER = re.compile(r"\b(?:no|not|never)\b|n['’]t\b", re.I)
_AFFIRMED_LATER = re.compile(r"\b(?:yes|yep|indeed)\b", re.I)


def _not_asserted(text: str, start: int, end: int, edge: Claim) -> bool:
    """Whether a pair the patterns read as an edge on the line ``text[start:end]`` is denied or
    needed there, not stated: a negation or a need just before it, at most two words away
    (``no A–B line``, ``Kruskal can't use A–B``, ``I'd need A–B``), a cross at the line's head
    (``✘ A–B``), a denial right after it (``A → B: ✗ not in the input``, ``A–B: not in E``) or
    one that names it in its subject (``none of the rows is A–B``)."""
    if _NEED_BEFORE.search(text, start, edge.start) is not None:
        # "Need A–B. In the list? No.": a need its answer denies ("… yes, it is": stated)
        rest = text[edge.end : end]
        if _DENIED_LATER.search(rest) and not _AFFIRMED_LATER.search(rest):
            return True
    return (
        _DENIAL_BEFORE.search(text, start, edge.start) is not None
        or _DENIAL_AFTER.match(text, edge.end, end) is not None
        or _NONE_IS_BEFORE.search(text, start, edge.start) is not None
    )


def _ends(claim: Claim) -> frozenset[str]:
    """The two nodes an edge or a path claim joins (a path: its ends)."""
    return frozenset((claim.nodes[0], claim.nodes[-1])) if claim.nodes else frozenset()


_DIGIT = re.compile(r"\d")
_DENIED = re.compile(
    r"(?:\b(?:not|no|never|missing|absent|lacks?|lacking|omit\w*|without)\b|n['’]t\b)"
    r"[^.;]{0,40}?\b(?:edges?|E|input|graph|adjacen\w*|connected|linked|joined|neighbou?rs?)\b|"
    r"[✗✘❌∉⇸↮]|\\notin|:\s*no\s*[.!]?\s*$"
)
"""A negation of adjacency in a clause where the patterns read an edge (``A -> B: missing from
the edge list``, ``… ✗``, a bare ``A ↔ B: no`` at its end): the anchored reader may read the pair
as no edge, which overrules them; a negation of another set (``the edge A-B is not in the
tree``) is none."""


def _named_before(ctx: _Context, pieces: list[tuple[int, int]], index: int) -> int:
    """Where the names that ``they`` in clause ``index`` refers to start: the clause before
    (or the one before it, where that names none), from its topic's name where it is a topic
    sentence (``Looking at A, B and C. Each pair is joined, so they form a clique.``)."""
    names, resolve = ctx.slots.names, ctx.slots.resolve
    back = index - 1
    if back and not mentions(ctx.text, *pieces[back], names, resolve):
        back -= 1
    topic = topic_name(ctx.text, pieces[back])
    return pieces[back][0] if topic is None else topic[0]


_IT_SET = re.compile(
    r"\s*(?:(?:it\s+is|it['’]s|it\s+(?:contains|consists\s+of|holds))\b|its\s+(?:members|"
    r"vertices|nodes|elements)\b|(?:with)?in\s+(?:\w+\s+){1,4}it\s+(?:reaches|covers|gets\s+to)\b)",
    re.I,
)  # a set said of the topic named before: "It is {…}", "Within two hops it reaches …"
_LABELLED_LIST = re.compile(r"[^:\n]{0,60}:\s*[\[{(]?\s*\S[^:\n]*,[^:\n]*$")
"""A clause that is a label and a list (``Left over: {…}``, ``Reached, not counting A: B, C``):
the members of the set its sentence before names, with its k or radius."""
_SET_WORD = re.compile(r"core|clique|triangle|hops?\b|within|radius|ball", re.I)
_THEY = re.compile(
    r"\s*(?:so\s+|hence\s+|thus\s+)?(?:together\s+|jointly\s+)?(?:they|these|those)\s+(?:all\s+)?"
    r"(?:together\s+)?(?:form|make|are)\b"
    r"(?=[^.;]*\b(?:core|clique|triangle)\b)",
    re.I,
)
_WHICH_SET = re.compile(
    r"\s*(?:is|are|forms?|makes?)\b(?=[^.;]*\b(?:core|clique|triangle)\b)", re.I
)
_WHICH = re.compile(r"\s*,?\s*which\s*", re.I)
"""``A, B, C, which is the 2-core``: the set is the names before ``which`` (the clause after
it, ``is the 2-core``, read from them on)."""
_BARE_VALUE = re.compile(
    r"\s*(?:(?:it|that)(?:['’]s|\s+is)\s+)?(\d+|" + "|".join(NUMBER_WORDS) + r")"
    r"(?:\s+(?:hops?|steps?|edges?))?\s*[.!]?\s*",
    re.I,
)
"""An answer that is a value alone (``Three.``, ``7``, ``It's 7.``, ``3 hops.``)."""
_AUXILIARY = r"(?:it|they|there|that)\s+(?:does|do|did|is|are|was|were|has|have)"
_ANSWERED = re.compile(
    r"\s*(?:(?:(?P<no>no|nope|none(?:\s+exists)?|there\s+is\s+none|not\s+at\s+all)|yes|yep|"
    r"indeed|it\s+does)\b[^;:?]{0,40}?|(?P<crossed>[✗✘❌])[^;:?]{0,40}?|"
    r"[✓✔✅☑](?![^;:?]{0,40}?(?:\b(?:not|no|never)\b|n['’]t\b))[^;:?]{0,40}?|(?P<denied>"
    + _AUXILIARY
    + r"(?:n['’]t|\s+not)|(?:it|they|there|that)\s+(?:isn|aren|wasn|weren|hasn|haven)['’]t)|"
    + _AUXILIARY
    + r")[.!]?\s*$",
    re.I,
)
"""A bare answer to the question before it: a yes or no word, a cross or a tick (``✗ not
adjacent``, ``✓``), or a pronoun and its auxiliary alone (``It does.``, ``It doesn't.``, ``They
aren't.``; not ``It is unclear.``)."""
_LISTED = re.compile(
    r"neighbo|adj|nbr|\b(?:only|exactly|complete|full|entire|entirety|whole|all|no\s+others?|no\s+more|"
    r"nothing\s+else|just|solely|alone|every|missing|omitted|left\s+out)\b",
    re.I,
)
_ANCHOR_CUES = re.compile(
    r"odległoś|avstånd|khoảng|mesafe|απόσταση|distancia|entfernung|abstand|distanza|jarak|stopień|"
    r"stopnia|graden|bậc|derece|βαθμός|grado|knotengrad|derajat|waga|wagę|vikten|trọng|bobot|"
    r"ağırlı|βάρος|peso|gewicht|sąsied|sąsiad|grannar|đỉnh|komşu|γείτονες|vecinos|nachbarn|tetangga|"
    r"chi_|χ_|\\models|adj|nbr|neighbo|conn|link|edge|join|hook|wire|attach|incid|border|shar|touch|abut|∈|∉|\\in|notin|"
    r"frown|⌢|mathrel|\bboth\(|out\s*\[|\|>|fan-?out|spokes|<=+\s*\d|"
    r"\\ni\b|∋|count_nonzero|nonzero|"
    r"⇄|⇸|↔|↮|⟷|≁|\\sim|∼|\s~\s|\btrue\b|\bfalse\b|✔|✓|✗|✘|deg|delta|δ|valenc|weigh|\bw\b|\bwt\b|"
    r"\b(?:in|from)\s+e\b|leftrightarrow|squigarrow|leadsto|gamma|γ|mathcal\{n\}|\bk\s*=\s*\d|"
    r"apsp|all[-\s]pairs|\^\s*\{?\s*(?:\\star|\\ast|\*)|\bn\s*_\s*\{?\s*(?:\\le|≤|<=)|"
    r"cost|worth|carr|dist|\bd\W|\bspd?\b|shortest|hop|bfs|level|depth|apart|away|separat|dijkstra|"
    r"bellman|floyd|warshall|johnson|astar|settles\s+at|\blen\s*\(|"
    r"clique|triangle|complete|core|peel|ball|ego|radius|within|pairwise|mutual|path|total|sum|"
    r"==|--|~~|~>|->|[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f]|\||_\{|optim|minim|cheapest|lowest|\bh\}?\s*\(|direct|"
    r"[)\]]\s*\.\s*(?:has|contains|includes)\s*\(|nbhd|math(?:bb|bf)\s*\{?\s*1\s*\}?\s*_|"
    r"['’]s\s+(?:row|line|entry)\b|\b(?:the|its)\s+(?:row|line|entry)\s*(?::|reads\b)|"
    r"(?:full|whole|entire)\s+(?:list|row|set|line|thing|lot)|nothing\s+(?:else|more|further|beyond|besides|past)"
)
"""What the anchored reader decides a claim by (lower case): a line without any is skipped."""
_NO_LESS = re.compile(r"\d\s+and\s+no\s+(?:less|fewer|lower)\b")
"""A value said the least (``… in 9 and no less``): a cue of the anchored reader too."""


def _cued(lower: str, low: int, high: int) -> bool:
    """Whether ``lower[low:high]`` holds a cue of the anchored reader (:data:`_ANCHOR_CUES`, or
    a value said the least, :data:`_NO_LESS`, behind a quick test)."""
    if _ANCHOR_CUES.search(lower, low, high):
        return True
    return "and no " in lower and _NO_LESS.search(lower, low, high) is not None


def _read_kind(read: list[Claim], fact: Fact, start: int, end: int) -> bool:
    """Whether the patterns read a claim of ``fact``'s kind in the clause ``start:end``."""
    return any(c.kind == fact[0] and c.start < end and start < c.end for c in read)


def _settled(read: list[Claim], words: list[str]) -> bool:
    """Whether the patterns' claims ``read`` in a text of ``words`` stand without the clause
    reader: they cover every family the words cue, and nothing there could overrule them (a
    negation beside an edge claim, a node weight beside an edge)."""
    kinds = {c.kind for c in read if c.nodes}
    if "edge" in kinds and ("node_weight" in kinds or negated(words)):
        return False
    return cued_families(words) <= {FAMILIES[kind] for kind in kinds}


def _overruled(claim: Claim, start: int, end: int, facts: list[Fact]) -> bool:
    """Whether the clause reader's reading of the clause ``text[start:end]`` overrules a
    pattern's ``claim`` there: the clause states nothing (a question, plan or hypothesis:
    ``Let me look at the edge between A and B``), it states the opposite of an edge claim
    (``the edge between A and B is missing``), or an edge weight where a pattern read a node
    weight of one of its names (``Edge (A, B): weight 9``), a claim whose names a pattern could
    not read where the clause reader read one of its family (``It is adjacent to B``), or a
    degree, distance or neighbour list said of algorithm state (``after removing A, B has degree
    2``, ``B's remaining neighbours are C``)."""
    if not (start <= claim.start and claim.end <= end) and not (
        claim.start < end and start < claim.end and facts
    ):
        return False
    if not facts:
        return True
    marks = {fact[0] for fact in facts} & {IN_FLUX, ROUTED}
    if marks:  # "A connects to B through C": a route, not an edge
        state = IN_FLUX in marks and claim.kind in ("degree", "distance", "hops", "neighbours")
        return state or (ROUTED in marks and claim.kind in ("edge", "edge_weight", "neighbours"))
    if not claim.nodes:
        return any(FAMILIES[fact[0]] == FAMILIES[claim.kind] for fact in facts)
    opposite = {"edge": "non_edge", "non_edge": "edge"}.get(claim.kind)
    pair = frozenset(claim.nodes)
    for kind, nodes, _, _, _ in facts:
        if kind == opposite and frozenset(nodes) == pair:
            return True
        if kind in ("distance", "hops") and claim.kind in ("edge", "edge_weight"):
            if frozenset(nodes) == pair:  # "the shortest A–B path is 5": a path's ends
                return True
        if kind == "edge_weight" and claim.kind == "node_weight" and claim.nodes[0] in nodes:
            return True
        if kind == "hops" and claim.kind == "distance" and frozenset(nodes) == pair:
            return True  # "the unweighted distance between A and B is 2": a hop count
    return False


# What makes a line worth the clause reader where the patterns read it all: a question, plan
# or hypothesis (that silences them), several clauses, a call; a negation beside an edge claim;
# "unweighted" (the distance it names is a hop count, :func:`_overruled`).
_ATTENTION_WORDS = frozenset(
    "if suppose assume assuming whether could might may maybe perhaps probably possibly let let's "
    "need needs want going have try trying check checking verify verifying find finding compute "
    "computing calculate calculating consider considering look looking unless wonder guess expect "
    "sure unsure hypothetical should must plan will i'll we'll otherwise instead else either "
    "unknown unclear but so which tentative tentatively current currently far update updated "
    "relax relaxing removing removed remove remaining still now new estimate bound unvisited "
    "visited unexplored explored processed left popped pop push queue frontier stack after "
    "before iteration only exactly precisely just all others hypothetically assumed presumed "
    "thought believed imagine imagined pretend add adding insert inserting delete deleting mistake "
    "mistaken mistakenly wrong wrongly erroneous erroneously incorrect incorrectly confused "
    "misread misremembered mixed wrote said claimed called stated had complement through "
    "via asks asked prompt quoting quote quoted confirm confirmed verified established certain "
    "know proven proved checked suspect suspects suspected suspecting sake case provided "
    "providing long condition whenever unweighted".split()
)
_DOUBT = re.compile(
    r"\b(?:if|suppose|assum\w*|presum\w*|could|might|may|maybe|perhaps|probably|possibly|"
    r"unsure|guess|suspect\w*|thought|believ\w*|wrong\w*|mistak\w*|incorrect\w*|misread|"
    r"confus\w*|imagin\w*|pretend|hypothetical\w*|not\s+sure|re-?check\w*|sake)\b"
)
"""A belief, hypothesis or retraction (lower case): a line holding one goes to the clause
reader even where the patterns read all its cues."""
_ATTENTION_MARKS = re.compile(r"[?;]|\.\s")


_STRUCTURE_WORDS = re.compile(
    r"connect|adjacen|link|edge|neighbo|join|incident|touch|share|road|weigh|w\(|w\[|cost|deg|valenc"
    r"|nbr|adj|(?<![\w\\])a(?:\[|_\{)|(?<![\w\\.])g\[|\b(?:n|d|c|sp|len|hops?|h)\}?\s*[(\[]|\b(?:w|wt|c|n|d)\}?_\{|mathcal\{n\}|\bb_\{?\d"
    r"|dist|shortest|hop|apart|away|minimum|cheapest|fewest|optimal|minimal|lightest"
    r"|\b(?:best|least)[\w-]*\s+(?:way|route|path|walk)|clique|triangle|core|within|bfs|breadth"
    r"|hooked|border|reachable|radius|dijkstra|ball\s*\(|worth|step|absent|missing|not\s+(?:present|listed|given|found)|gamma|γ|omega|ω|\b(?:w|wt|c|n|d|delta|δ)\}?_\w"
    r"|(?:\sto\s|[-–—])[^=:\n]*(?:[=:]|\sis)\s*\d|\)\s*(?:→|->|⇒)\s*\d|how\s+(?:far|heavy)"
)


_STRUCTURE_SURE = re.compile(
    r"edge|connect|adjacen|neighbo|link|weigh|cost|deg|dist|shortest|hop|step"
)
"""Words :data:`_STRUCTURE_WORDS` matches wherever they stand (plain alternatives of it): most
lines hold one, and this pattern of words alone is quick to scan where the other is not."""


def _structured(lower: str) -> bool:
    """Whether a line (lower case) holds one of :data:`_STRUCTURE_WORDS`."""
    return _STRUCTURE_SURE.search(lower) is not None or _STRUCTURE_WORDS.search(lower) is not None


def _any_of(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(word) for word in words))


_READERS: tuple[tuple[Callable[[_Context, int, int], list[Claim]], re.Pattern[str]], ...] = (
    (
        _separated,
        _any_of("-", "–", "—", "→", "⟶", "↔", "⟷", "↮", ">", "sim", "∼", "≁", "\\to", "─", "▶"),
    ),
    (_phrases, _any_of("connect", "adjacent", "link", "joined", "neighbo", "edge", "\\in", "\\no")),
    (_triples, _any_of("(")),
    (
        _distances,
        _any_of("dist", "path", "hop", "edge", "step", "d(", "sp(", "d[", "delta", "δ", "cost"),
    ),  # fmt: skip
    (_numbers_of, _any_of("deg", "weigh", "w(", " has ", "[w", " edges", "number of")),
    (_row_sums, _any_of("vert", "+/", "sum(", "count(", "nnz(")),
    (
        _lists,
        _any_of(
            "neighbo",
            "n(",
            ":",
            "clique",
            "triangle",
            "core",
            "within",
            "form",
            "→",
            "->",
            "adjacency",
            "reachable",
            "bigcup",
            "at most",
            "pairwise",
            "mutually",
        ),
    ),
)
"""Each reader, and the words (lower case) a line needs for it to find anything: a cheap
test that skips the reader's patterns on lines it cannot read."""


def longest_name_words(nodes: Iterable[str]) -> int:
    """The most words in one node name (how far a name may reach from an anchor)."""
    return max((len(str(node).split()) for node in nodes), default=1)


def _without_item_weights(claims: list[Claim]) -> list[Claim]:
    """``"B" (weight 7)`` in a neighbour list is the edge's weight, not B's."""
    edge_weights = {(c.start, c.end, c.value) for c in claims if c.kind == "edge_weight"}
    return [
        c for c in claims
        if c.kind != "node_weight"
        or not any(a <= c.start and c.end <= b and v == c.value for a, b, v in edge_weights)
    ]  # fmt: skip


def _one_hop_is_an_edge(claims: list[Claim]) -> list[Claim]:
    """A hop distance of one (``A and B are one hop apart``, ``B in a single step from A``) is
    an edge claim: checked as one, it is a hallucinated edge where it is wrong."""
    return [
        Claim("edge", c.nodes, None, c.start, c.end) if c.kind == "hops" and c.value == 1 else c
        for c in claims
    ]


def _deduplicated(claims: list[Claim]) -> list[Claim]:
    """Claims sorted by position; a claim read twice (the same fact at overlapping spans, e.g.
    an edge read as a separated pair and as a list item) is kept once."""
    kept: list[Claim] = []
    reach: dict[tuple[object, ...], int] = {}  # key -> the furthest end of its kept claims
    for claim in sorted(claims, key=lambda c: (c.start, c.end, c.kind)):
        nodes = frozenset(claim.nodes) if claim.kind in _UNORDERED else claim.nodes
        key = (claim.kind, nodes, claim.value)
        if claim.start < reach.get(key, -1):  # sorted by start: it overlaps a kept one
            continue
        reach[key] = max(reach.get(key, -1), claim.end)
        kept.append(claim)
    return kept


_UNORDERED = {"edge", "non_edge", "edge_weight", "distance", "hops", "clique", "k_core"}
