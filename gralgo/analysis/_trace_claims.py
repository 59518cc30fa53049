"""Read the graph facts a reasoning trace states: adjacency, weights, degrees, distances, sets.

:func:`extract_claims` is the entry. A trace first goes through the rewrite passes
(:mod:`gralgo.analysis._trace_rewrites`: what a reader must not take literally, rewritten or
blanked at the same length), then is read line by line: a Markdown table by its header
(:mod:`gralgo.analysis._trace_tables`), any other line by the pattern readers its words wake
(:mod:`gralgo.analysis._trace_patterns`: claims at anchors such as ``is connected to``,
``deg(A) =``, ``A -- B (7)``, ``neighbours of A:``), whose claims are merged with the clause
reader's and the name-anchored reader's (:mod:`gralgo.analysis._trace_merging`). The names
beside an anchor are resolved with the certificate reader's :class:`gralgo.score.NodeNames`
(real names, numeric ids, lengthened long-context names) through the slots of
:mod:`gralgo.analysis._trace_reading`: the longest run of words next to the anchor that names a
node wins. What refers back across lines (a variable bound to a node, ``the latter``, LaTeX's
``Let``) is read last. Nothing here knows the answer, except the kind of a table column whose
header names no measure, read by agreement with the graph
(:mod:`gralgo.analysis._trace_agreement`); :mod:`gralgo.analysis._trace_check` checks the claims
against the graph. What is and is not read is listed in ``design/trace-facts.md``.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from gralgo.analysis._trace_agreement import MIN_ROWS, Shaped, agreed_measure, runs
from gralgo.analysis._trace_anchored import refused, see_through
from gralgo.analysis._trace_clauses import (
    NUMBER_WORDS,
    Resolve,
    mentions,
    name_marks,
)
from gralgo.analysis._trace_merging import (
    _anchored,
    _Gate,
    _structural,
)
from gralgo.analysis._trace_patterns import (
    _READERS,
)
from gralgo.analysis._trace_reading import (
    _MEASURES,
    Claim,
    _Context,
    _Slots,
)
from gralgo.analysis._trace_rewrites import (
    rewritten_for_reading,
)
from gralgo.analysis._trace_tables import (
    _LOOSE_NUMBER,
    _table_claims,
)

if TYPE_CHECKING:
    import networkx as nx

    from gralgo.score import NodeNames


_NUMBER = r"(\d+)"
_IS = r"\s*(?:=|:|is|of|equals|was)?\s*"


def _lines(text: str) -> Iterator[tuple[int, int]]:
    position = 0
    for line in text.split("\n"):
        yield position, position + len(line)
        position += len(line) + 1


# ---------------------------------------------------------------------------------------------
# Edges and paths written with separators: "A -- B", "A - B (7)", "A → B → C, total 12"


# ---------------------------------------------------------------------------------------------
# Phrases with a name on either side: "A is (not) connected to B", "deg(A) = 4"


# ---------------------------------------------------------------------------------------------
# Lists: neighbours, cliques and triangles, k-cores, nodes within k hops


# ---------------------------------------------------------------------------------------------
# Markdown tables: the header names the columns

_TABLE_ROW = re.compile(r"\s*\|(.*)\|\s*$")


_CELL_MARKS = " `*_"


# ---------------------------------------------------------------------------------------------


"""Markdown bold marks (``**A**``, ``__A__``): read as blanks (``**No edge** between A and B``)."""


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
    text, taken = rewritten_for_reading(text, names, max_words)
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


_DOUBT = re.compile(
    r"\b(?:if|suppose|assum\w*|presum\w*|could|might|may|maybe|perhaps|probably|possibly|"
    r"unsure|guess|suspect\w*|thought|believ\w*|wrong\w*|mistak\w*|incorrect\w*|misread|"
    r"confus\w*|imagin\w*|pretend|hypothetical\w*|not\s+sure|re-?check\w*|sake)\b"
)
"""A belief, hypothesis or retraction (lower case): a line holding one goes to the clause
reader even where the patterns read all its cues."""


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
