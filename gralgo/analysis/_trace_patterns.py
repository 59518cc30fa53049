"""The pattern readers of trace claims, one per family of anchors (``A -- B (7)``, ``is
connected to``, ``dist(A, C) =``, ``deg(A) =``, ``neighbours of A:``, a clique or core listed),
and the words that wake each on a line (``_READERS``): a reader runs only on lines holding one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from gralgo.analysis._trace_clauses import (
    HYPOTHETICAL,
    NUMBER_WORDS,
    mentions,
)
from gralgo.analysis._trace_reading import (
    _LIST_SEPARATOR,
    Claim,
    _Context,
    _pair_after,
    _past_quotes,
)

if TYPE_CHECKING:
    pass


_ITEM_WEIGHT_VALUE = re.compile(r"[(\[]\s*(?:w(?:eight)?|cost)?\s*[:=]?\s*(\d+)\s*[)\]]\s*$", re.I)


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
