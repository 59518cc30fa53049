"""Read the claims of a Markdown table in a trace: one claim per row and measured column.

A column's role (the node, the pair, its weight, degree, distance, ...) comes from its header,
or, where the header names no measure, from agreement with the graph
(:mod:`gralgo.analysis._trace_agreement`); a row's cells are resolved to node names with the
same slots as every other reader (:mod:`gralgo.analysis._trace_reading`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gralgo.analysis._trace_agreement import MIN_ROWS, SHARE, agreed_measure
from gralgo.analysis._trace_clauses import (
    NUMBER_WORDS,
    call_facts,
    has_call,
)
from gralgo.analysis._trace_reading import (
    _MEASURES,
    Claim,
    _Context,
    _pair_after,
)

if TYPE_CHECKING:
    pass


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
