"""Read graph facts anchored on the instance's own node names, whatever the notation around them.

The pattern and clause readers (:mod:`._trace_claims`, :mod:`._trace_clauses`) read the wording
they know. This reader reads a clause they left unread from what the checker already knows: the
graph's node names. It sees through notation first (LaTeX wrappers ``\\text{..}``,
``\\operatorname{..}``, ``\\big(``, ``$``, code quotes, ``has_edge`` / ``G.degree`` written as
words, ``∈ E`` / ``∉`` / ``⇄`` / ``⇸`` / ``# True`` / ``# False`` / ``✔`` / ``✗`` as edge and
negation cues), finds every node mention (real names through the certificate reader's resolver;
under numeric ids ``node 3`` and the bare ids a slot holds: inside brackets, joined to another
id, or heading the clause, while a number after ``=`` / ``:`` / ``is`` at the clause's end or
before a unit word is a value), and decides the claim from the clause's structure alone: how
many distinct nodes, how many values, and which relation cue (adjacency, weight, degree,
distance, hops, neighbour set) with which polarity.

It refuses (precision first) a clause that is a question, plan, hypothesis, retraction,
quotation, algorithm state or arithmetic, one with two values or a cue of two families it
cannot tell apart, sets and paths (the other readers' job), and anything without a cue.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from gralgo.analysis._trace_clauses import (
    CHECKED,
    HYPOTHETICAL,
    METRIC_IF,
    NUMBER_WORDS,
    UNOWNED_PAIR,
    Fact,
    Resolve,
    bracket_open,
    mentions,
)

if TYPE_CHECKING:
    from gralgo.score import NodeNames

# ---------------------------------------------------------------------------------------------
# Seeing through notation: a view of the clause, with the origin of each of its characters

_X_ARROW = r"\\(?:xleftrightarrow\s*(?:\[[^\]\n]*\]\s*)?\{[^{}\n]*\}|longleftrightarrow\b)"
"""LaTeX's long or stretchy double arrow with its label: ``A \\xleftrightarrow{E} B``."""

_FROWN = r"(?:\\frown\b|⌢)"
"""The frown relation, adjacency in some graph texts: ``A \\frown B``."""
_SIM_REL = r"\\mathrel\s*\{\s*\\sim(?:\s*_\s*\{?\s*G\s*\}?)?\s*\}"
"""Adjacency as a relation symbol with its graph: ``A \\mathrel{\\sim_G} B``."""

_FOREIGN = {
    "distance": r"\b(?i:odległoś\w*|avstånd\w*|khoảng\s+cách|mesafe\w*|απόσταση|distancia|"
    r"entfernung|abstand|distanza|jarak)\b",
    "degree": r"\b(?i:stopień|stopnia|graden|bậc|derecesi|βαθμός|grado|knotengrad|derajat)\b",
    "weight": r"\b(?i:waga|wagę|vikten|trọng\s+số|bobot|ağırlığı|βάρος|peso|gewicht)\b",
    "neighbours": r"\b(?i:sąsiedzi|sąsiadami|grannar\w*|đỉnh\s+kề|komşuları|γείτονες|vecinos|"
    r"nachbarn|tetangga)\b",
}
"""A measure's noun in another language (Polish, Swedish, Vietnamese, Turkish, Greek, Spanish,
German, Italian, Indonesian): traces switch language mid-way; each is read as its English cue."""

_WRAPPERS: tuple[tuple[str, str, tuple[tuple[str, ...], ...]], ...] = (
    # a neighbourhood's cardinality, a degree: "\operatorname{card} N(A)", "\# \Gamma(A)"
    (
        r"(?:\bcard\b|\\\#)\s*\}?(?=\s*(?:N|\\Gamma|Γ|\\mathcal\s*\{\s*N\s*\})(?:\s*_\s*\{?\s*G\s*\}?)?\s*\()",
        " deg ",
        (("card", "\\#"), ("(",)),
    ),
    # a neighbourhood's function name: "\Gamma_G(A)", "\mathcal{N}(A)", "N_G(A)", "Γ(A)"
    (
        r"(?:\\Gamma|Γ|\\mathcal\s*\{\s*N\s*\}|(?<![\w\\])N(?=\s*_))(?:\s*_\s*\{?\s*G\s*\}?)?(?=\s*\()",
        " nbrs ",
        (("(",),),
    ),
    # a neighbourhood named "nbhd", or defined by a bound variable: "x \sim A \iff x \in \{B, C\}"
    (r"\\(?:mathrm|operatorname|text|mathit)\s*\{\s*nbhd\s*\}|\bnbhd\b", " nbrs ", (("nbhd",),)),
    (
        r"(?<![\w\\])[a-z]\s*\\sim(?=\s[^\n]{1,80}?\\iff\s*[a-z]\s*\\in\s*\\\{)",
        " nbrs ",
        (("\\iff",),),
    ),
    (r"\\iff\s*[a-z]\s*\\in(?=\s*\\\{)", " = ", (("\\iff",),)),
    # a neighbourhood as a set-builder: "\{x \mid x \frown A\} = \{B, C\}" (see _BUILT)
    (
        r"\\\{\s*[a-z]\s*(?:\\mid|\\vert|\|(?=\s)|:)\s*[a-z]\s*(?:"
        + _FROWN
        + r"|\\sim\b|∼|"
        + _SIM_REL
        + ")",
        " nbrsof( ",
        (("\\{",),),
    ),
    # an edge's indicator, its value read after it: "\mathbb{1}_E(A, B) = 1" (see _INDICATED)
    (
        r"(?:\\math(?:bb|bf)\s*\{?\s*1\s*\}?|\\chi|χ)\s*_\s*\{?\s*E\s*\}?(?=\s*\()",
        " indicator    ",
        (("\\math", "\\chi", "χ"),),
    ),  # (or the edge set's characteristic function: "\chi_E(\{A, B\}) = 0")
    # the edge relation satisfied by the graph, or its negation: "G \models \neg E(A, B)"
    (r"\\models\s*(?:\\neg\b|\\lnot\b|¬)\s*E(?=\s*\()", " nonadjacent ", (("\\models",),)),
    (r"\\models\s*E(?=\s*\()", " adjacent ", (("\\models",),)),
    # a count of the rows holding a pair, either way round: "SELECT COUNT(*) FROM edges WHERE
    # (src, dst) IN ((A, B), (B, A));  -- 1" (see _INDICATED)
    (
        r"(?i:\bSELECT\s+COUNT)\s*\(\s*\*?\s*\)\s+(?i:FROM)\s+\w*edges?\w*\s+WHERE\s*\(\s*\w+\s*,\s*\w+\s*\)"
        r"\s*IN\s*\(",
        " indicator    ",
        (("select",),),
    ),
    # a count of a pair's edges, or of the edge list's lines holding it, its value after it:
    # "G.number_of_edges(A, B)  # 1", "grep -c '^A B$' edges.txt  # 0" (see _INDICATED)
    (
        r"\b(?:number_of_edges|num_edges|count_edges|edge_count)(?=\s*\()",
        " indicator    ",
        (("number_of_edges", "num_edges", "count_edges", "edge_count"),),
    ),
    (r"\bgrep\s+-c\s+['\"]\^?(?=[^'\"\n]+['\"]\s+\S*edge)", " indicator    ( ", (("grep",),)),
    (
        r"(?<=[^\s'\"])(?:\$['\"]|['\"])\s+\S*edges?\S*(?=\s*(?:#|//))",
        " ) ",
        (("'", '"'), ("edge",), ("#", "//")),
    ),
    # a count written as a sum of ones: "sum(1 for e in E if A in e)", "\sum_x \mathbb{1}[…]"
    (
        r"\bsum\s*\(\s*1\s+(?=for\b)|\\math(?:bb|bf)\s*\{\s*1\s*\}|𝟙",
        " count( ",
        (("sum", "\\math", "𝟙"),),
    ),
    # a query for a node's neighbours, its rows after it: "MATCH ({id: A})--(n) RETURN n.id  // B"
    (
        r"\bMATCH\s*\(\s*\w*\s*\{\s*id\s*:(?=[^\n{}]*\}\s*\)\s*-+\s*\(\s*\w+\s*\)\s*RETURN\b)",
        " nbrs ( ",
        (("match",), ("return",)),
    ),
    (
        r"\}\s*\)\s*-+\s*\(\s*\w+\s*\)\s*RETURN\s+\w+(?:\.\w+)?\s*(?://|--|#)",
        " ) = ",
        (("}",), ("return",)),
    ),
    # a query's row count, its result said after it: "RETURN a, b  // 1 row: edge exists"
    (r"\bRETURN\b[^\n]{0,40}?(?://|--|#)\s*\d+\s+rows?\s*:", " # ", (("return",), ("row",))),
    # a lookup of an edge and whether it found one: "g.find_edge(A, B).is_some()  // true"
    (  # (not "….is_none()  // false": a double negation, left unread)
        r"(?<!\w)(?:find|lookup|get)_?edge(?=\s*\()"
        r"(?![^\n]*is_?none\s*\(\s*\)\s*(?://|#)\s*(?i:false)\b)",
        " edge ",
        (("edge",), ("(",)),
    ),
    (r"\.\s*is_?some\s*\(\s*\)", " ", (("some",),)),
    (r"\.\s*is_?none\s*\(\s*\)(?=\s*(?://|#)\s*(?i:true)\b)", " not ", (("none",), ("true",))),
    (r";\s*--(?=\s)", " ; # ", ((";",), ("--",))),  # SQL's comment after a statement: no connector
    (
        r"▹|▷|⊳|\\triangleright\b",
        " # ",
        (("▹", "▷", "⊳", "\\triangleright"),),
    ),  # pseudo-code's comment mark (``\Comment``)
    # a function name starred, an optimum: "\ell^{\star}(A \to B)", "d^*(A, B)"
    (r"\^\s*\{?\s*(?:\\star|\\ast|\*)\s*\}?(?=\s*\()", " optimal ", (("^",),)),
    (
        r"\ball[-\s]pairs\s+(?=(?:shortest\s+)?(?:table|matrix|distances?|lengths?)\b)",
        " ",
        (("pairs",),),
    ),
    (
        r"\\(?:text|mathrm|operatorname|mathcal|mathit|mathbf|mathsf|texttt)\s*\{",
        " ",
        (("\\",), ("{",)),
    ),
    (
        r"\\(?:big|Big|bigg|Bigg)[lr]?|\\(?:left|right)(?![a-zA-Z])|\\[,;:! ]|\\q?quad",
        " ",
        (("\\",),),
    ),
    (r"\\\{", " { ", (("\\{",),)),
    (r"\\\}", " } ", (("\\}",),)),
    (r"\\notin\b|∉|\\not\s*\\in\b", " notin ", (("\\not", "∉"),)),
    (r"\\in\b|∈", " in ", (("\\in", "∈"),)),
    (
        r"⇸|↮|≁|\\not\s*\\sim\b|-x-|-/-|\\not\s*(?:"
        + _X_ARROW
        + "|"
        + _FROWN
        + "|"
        + _SIM_REL
        + ")",
        " nonadjacent ",
        (("⇸", "↮", "≁", "\\not", "-x-", "-/-"),),
    ),
    (
        r"⇄|↔|⟷|<->|<—>|\\leftrightarrow\b|\\sim\b|∼|" + _X_ARROW + "|" + _FROWN + "|" + _SIM_REL,
        " adjacent ",
        (
            (
                "⇄",
                "↔",
                "⟷",
                "<->",
                "<—>",
                "\\leftrightarrow",
                "\\sim",
                "∼",
                "\\xleftrightarrow",
                "\\longleftrightarrow",
                "\\frown",
                "⌢",
                "\\mathrel",
            ),
        ),
    ),
    (
        r"⇉|⇶|(?<![)=])={2,}>(?=\s*[{\[])",
        " adj ",
        (("⇉", "⇶", "==>"),),
    ),  # "A ⇉ B, C", "A ==> {B, C}" (not a labelled "==(2)==>")
    # a node's adjacency row or entry looked up, its neighbours: "np.flatnonzero(A[B])",
    # Erlang's "maps:get(B, Adj)" (the result in a "% =>" comment, an array's brackets)
    (
        r"\b(?:(?:np|numpy)\s*\.\s*)?(?:flatnonzero|nonzero|argwhere)\s*\(\s*(?:A|adj\w*|M)\s*(?=\[)",
        " nbrs ",
        (("nonzero", "argwhere"),),
    ),
    (
        r"\b(?:maps\s*:\s*)?get\s*\(\s*(?=[^,()\n]{1,60},\s*[Aa]dj\w*\s*\))",
        " nbrs ( ",
        (("get",), ("adj",)),
    ),
    (r",\s*[Aa]dj\w*\s*\)", " ) ", ((",",), ("adj",))),
    (r"(?<=\s)%+\s*(?:=>|->)", " # ", (("%",),)),
    (r"\barray\s*\(\s*(?=\[)", " ( ", (("array",),)),
    (
        r"(?<![\w!=<>)\]])!(?=[\w(])",
        " not ",
        (("!",),),
    ),  # code's negation; "assert!(" is a macro's bang
    (
        r"(?<=[\w)\]])!(?=\.)",
        " ",
        (("!.",),),
    ),  # a postfix non-null assertion: "graph[A]!.contains(B)"
    (
        r"¬|\\neg\b|\\lnot\b",
        " not ",
        (("¬", "\\neg", "\\lnot"),),
    ),  # logic's negation sign: "¬ G.Adj A B", "\neg (A \sim B)"
    # a proof after a definition sign, no value: "example : G.Adj A B := by decide", ":= rfl"
    (r":=\s*(?:by|rfl|decide|trivial|simp)\b[^\n]*", " ", ((":=",),)),
    (
        r"✔|✓|☑|\\checkmark\b|\bTrue\b|(?<![\w#])#t(?:rue)?\b",
        " yes ",
        (("✔", "✓", "☑", "\\checkmark", "true", "#t"),),
    ),  # "#t": Scheme's true
    # a traversal to a vertex's neighbours (Gremlin's "g.V(A).both()"), counted or filtered
    # a traversal repeated k times from a node (Gremlin's "repeat(both()).times(2)"): its ball
    (
        r"\.?\s*repeat\s*\(\s*(?:__\s*\.\s*)?both\s*\(\s*\)\s*\)\s*\.\s*times(?=\s*\(\s*\d+\s*\))",
        " within ",
        (("repeat",),),
    ),
    (r"\.\s*both\s*\(\s*\)", " neighbours ", (("both",),)),
    (
        r"\bASK(?=\s*\{)",
        "   ",
        (("ask",), ("{",)),
    ),  # a SPARQL query, its answer in the comment after it
    (
        r"\.\s*(?:hasNext|isPresent|exists)\s*\(\s*\)",
        " ",
        (("hasnext", "ispresent", "exists"),),
    ),  # whether the traversal found one
    # an interactive session's prompts: "In [3]: G.degree[A]   Out[3]: 4" (no values)
    (r"\b(?:In|Out)\s*\[\s*\d+\s*\]\s*:", " ", (("[",), ("]",))),
    # a pipe into a length: "adj |> Map.get(A) |> length()", its degree
    (r"\|>\s*(?:length|Enum\.count|count)\s*\(\s*\)", " deg ", (("|>",),)),
    (r"✗|✘|❌|\bFalse\b|(?<![\w#])#f(?:alse)?\b", " no ", (("✗", "✘", "❌", "false", "#f"),)),
    # an edge set holding a pair, written the other way round: "E(G) \ni \{A, B\}", "E ∋ (A, B)"
    (r"(?<![\w\\])E\s*(?:\(\s*G\s*\))?\s*(?:\\ni\b|∋)", " edge ", (("\\ni", "∋"),)),
    # a count of zero edges for a pair: "zero edges run between A and B", "0 edges join A to B"
    (
        r"\b(?:(?i:zero)|0)(?=\s+edges?\s[^.;\n]{0,24}?\b(?:between|with|to|and)\b)",
        " no ",
        (("zero", "0"), ("edge",)),
    ),
    # a falsy result after a comment mark or label, in any language's spelling: "# R: FALSE",
    # "! Fortran: F (no edge)", "// => false", "-- nil"
    (
        r"\bFALSE\b|(?<=[:#>/!-]\s)(?:false|F|nil|NIL|None)\b(?=\s*(?:\(|\n|$))",
        " no ",
        (("false", "f", "nil", "none"),),
    ),
    (r"(?<=[a-z])\(s\)", "s", (("(s)",),)),  # "edge(s)": a plural
    # a measure's noun in another language a trace switches to: read as the English cue
    (
        _FOREIGN["distance"],
        " distance ",
        (("odleg", "avst", "kho", "mesafe", "τα", "distan", "entfernung", "abstand", "jarak"),),
    ),
    (_FOREIGN["degree"], " degree ", (("stop", "grad", "bậc", "derece", "βαθμ", "derajat"),)),
    (
        _FOREIGN["weight"],
        " weight ",
        (("wag", "vikten", "tr", "bobot", "ağ", "βάρ", "peso", "gewicht"),),
    ),
    (
        _FOREIGN["neighbours"],
        " neighbours ",
        (("ąsi", "grannar", "đỉnh", "komşu", "γείτ", "vecino", "nachbarn", "tetangga"),),
    ),
    (r"\\deg\b", " deg ", (("\\deg",),)),
    # the size of a node's neighbour container, its degree: "len(adj[A])", "adjList[A].length"
    (
        r"\blen\s*\(\s*(?=[\w.]*?(?:adj|nbr|neighbo|\bG\b|\bgraph\b)\w*\s*\[)",
        " deg ",
        (("len",), ("[",)),
    ),
    (
        r"\b(?:\w*(?:adj|nbr|neighbo)\w*|G|graph)(?=\s*(?:\[[^\]\n]{1,80}\]|\.\s*get\s*\([^()\n]{1,80}"
        r"\))\s*\.\s*(?:length|size\(\)|count\(\))(?!\w))",
        " deg ",
        (("length", "size()", "count()"),),
    ),
    (
        r"(?<=[\])])\s*\.\s*(?:length|size\(\)|count\(\))(?!\w)",
        " ",
        (("length", "size()", "count()"),),
    ),
    (
        r"(?<=\bdeg )\s*\.\s*get\s*(?=\()",
        " ",
        ((".",), ("get",)),
    ),  # "adj.get(A).size()": Java's lookup
    # networkx's adjacency view of a node as a container, its neighbours: "set(G[A]) == {…}"
    (
        r"\b(?:set|frozenset|sorted|list)\s*\(\s*(?:G|graph)\s*(?=\[[^\]\n]{1,80}\]\s*\))",
        " nbrs ",
        (("set", "sorted", "list"), ("g[", "graph[")),
    ),
    # the nonzero entries of a node's adjacency row, its degree: "np.count_nonzero(A[B])"
    (
        r"\b(?:np\s*\.\s*)?count_nonzero\s*\(\s*(?:A|adj\w*|M)\s*(?=\[)",
        " deg ",
        (("count_nonzero",),),
    ),
    (r"\\delta\b|δ", " delta ", (("\\delta", "δ"),)),
    (
        r"\\omega\b(?=\s*(?:\\big)?\s*\|)",
        " weight ",
        (("\\omega",),),
    ),  # "\omega|_{\{A, B\}}": restricted to a pair
    (r"\\mid|\\vert|\\lvert|\\rvert", " | ", (("\\mid", "\\vert", "\\lvert", "\\rvert"),)),
    (r"\$|`|\"|“|”|\*\*|__", " ", (("$", "`", '"', "“", "”", "**", "__"),)),
    (r"(?<=[A-Za-z])[_.](?=[A-Za-z{])|_\{", " ", (("_", "."),)),
    (
        r"(?<!\w)get(?=[A-Z][a-z]+\w*\s*[(\[])",
        " ",
        (("get",),),
    ),  # "getWeight(": an accessor, no route
    (
        r"(?<=\bedge)(?=[A-Z][a-z]*\b)",
        " ",
        (("edge",),),
    ),  # "edgeSet", "edgeList": a container of edges
    (
        r"(?<=[a-z])(?=[A-Z][a-z]+\w*\s*[(\[])",
        " ",
        (("(", "["),),
    ),  # "hopCount(": a called camel-case name
)
"""Each notation the anchored reader sees through: its pattern, what it is read as, and the
literal marks any match of it holds (in the lower-cased clause and the few characters before
it), one of each group. A clause is scanned only for the wrappers whose marks it holds: the
same matches (design/trace-facts.md, Speed)."""

_BEHIND = 8
"""How far before a clause a wrapper's look-behind may read."""


def _marked(text: str, marks: tuple[tuple[str, ...], ...]) -> bool:
    """Whether ``text`` (lower-cased) holds one mark of each group."""
    return all(any(mark in text for mark in group) for group in marks)


def _by_mark() -> dict[str, tuple[int, ...]]:
    found: dict[str, tuple[int, ...]] = {}
    for i, (_, _, groups) in enumerate(_WRAPPERS):
        for mark in {mark for group in groups for mark in group}:
            found[mark] = (*found.get(mark, ()), i)
    return found


_BY_MARK = _by_mark()
"""The wrappers each mark may choose (it is in one of their groups)."""

_SEE_ONLY: dict[tuple[int, ...], re.Pattern[str] | None] = {}
"""The alternation of these wrappers, compiled once (``None``: none)."""

_SEE_KEPT = 4096
"""At most this many alternations kept (about 5 KB each; the labelled sets' 40,000 lines make
about 1,800)."""


def _see(text: str, low: int, high: int) -> re.Pattern[str] | None:
    """The alternation of the wrappers that may match in ``text[low:high]``: those whose marks
    the clause (and the few characters before it) holds, found from the marks it holds (each
    looked for once, in the clause alone: design/trace-facts.md, Speed)."""
    window = text[max(low - _BEHIND, 0) : high].lower()
    held = [mark for mark in _BY_MARK if mark in window]
    maybe = sorted({i for mark in held for i in _BY_MARK[mark]})
    chosen = tuple(i for i in maybe if _marked(window, _WRAPPERS[i][2]))
    if chosen not in _SEE_ONLY:
        if len(_SEE_ONLY) >= _SEE_KEPT:
            _SEE_ONLY.clear()
        _SEE_ONLY[chosen] = (
            re.compile("|".join(f"(?P<g{i}>{_WRAPPERS[i][0]})" for i in chosen)) if chosen else None
        )
    return _SEE_ONLY[chosen]


def see_through(text: str, low: int, high: int) -> tuple[str, list[int]]:
    """``text[low:high]`` with its notation seen through, and the position in ``text`` of each
    character of the view (one more entry: the end)."""
    view, origin, _ = _seen(text, low, high)
    return view, origin


def _seen(text: str, low: int, high: int) -> tuple[str, list[int], list[int]]:
    """The view, where each of its characters starts in ``text`` and where it ends there."""
    parts: list[str] = []
    origin: list[int] = []
    ends: list[int] = []
    position = low
    see = _see(text, low, high)
    for match in see.finditer(text, low, high) if see else ():
        parts.append(text[position : match.start()])
        origin += range(position, match.start())
        ends += range(position + 1, match.start() + 1)
        written = _WRAPPERS[int(str(match.lastgroup)[1:])][1]
        parts.append(written)
        origin += [match.start()] * len(written)
        ends += [match.end()] * len(written)
        position = match.end()
    parts.append(text[position:high])
    origin += [*range(position, high), high]
    ends += range(position + 1, high + 1)
    view = "".join(parts)
    if " indicator " in view:
        view = _INDICATED.sub(_indicated, view)
    if " nbrsof( " in view:
        view = _BUILT.sub(lambda m: " nbrs (  " + m.group("node") + ")", view)
    return view, origin, ends


_BUILT = re.compile(r" nbrsof\( (?P<node>[^{}()\n]*?)\}")
"""A set-builder's bound variable adjacent to a node, closed: the node's neighbourhood as a
call (the same length)."""


_INDICATED = re.compile(
    r" indicator {4}(?P<pair>\s*\([^()\n]*\))"
    r"(?P<is>\s*(?:,\s*\([^()\n]*\)\s*\)\s*;?\s*(?:--|#)|=|#|//)\s*)(?P<v>[01])(?![\w.])"
)
"""An edge's indicator and its value: ``1`` an edge, ``0`` none (the pair's reverse, in a
query's count, blanked)."""


def _indicated(match: re.Match[str]) -> str:
    """The indicator written as its adjacency, its value blanked (the same length)."""
    word = "adjacent" if match.group("v") == "1" else "nonadjacent"
    return " " + word.rjust(12) + match.group("pair") + " " * (len(match.group("is")) + 1)


# ---------------------------------------------------------------------------------------------
# Names and values

_LIST_MARK = re.compile(
    r"\s*(?:(?:[-*•+>▸▹▪◦‣◆◇►]|\d+(?:\.\d+)*[.)]|\(\d+\)|[a-zA-Z]\)|(?i:[ivxlc]+)\.|#+|"
    r"[│ ]*[└├]─*)\s+)?"
    r"(?:\[[xX✓✔]\]\s+)?(?<=\s)"
)
"""A list item's mark (a tree's branch, a roman numeral, a ticked box, a dotted number too:
``└──``, ``iv.``, ``- [x]``, ``2.1)``): no value or name."""
_INT = re.compile(r"(?<![\w.])\d+(?![\w.]\w)")
_UNIT = re.compile(
    r"\s*(?:(?:adjacent|neighbou?ring|distinct|direct)\s+(?=nodes|vertices|neighbou?rs|edges))?"
    r"(?:hops?|edges|steps?|levels?|bfs|neighbou?rs|nbrs|nodes|vertices|incident|units?|other|"
    r"more|times|connections|links|away|apart)\b",
    re.I,
)
_VALUE_BEFORE = re.compile(
    r"(?:==?|:|\bis|(?<!\\)\bto|\bat|\bof|\bequals|→|->|⇒|=>|⟶|\bweight(?:ed)?|\bcost|\blength|"
    r"\btotal|\bdegree|\bdeg|//|#)\s*$",
    re.I,
)
_VALUE_AFTER = re.compile(
    r"\s*(?!,\s*\d)(?:$|[.,;)\]}|#!]|[—–](?!\d)|-\s|\bin\s+total\b|\b(?:per|from|so|and)\b)"
)  # what ends a value (not a list of ids: "3, 2, 4"; nor a dash glued to an id: "1–2", a pair)
_ARROWS = "\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f"
"""Every arrow of Unicode's arrow blocks (``→``, ``⇢``, ``⟿``, ``⤳``): a pair's or a path's link."""
_MINUS = re.compile(r"(?:[)\]]\s*|(?<![\w.])[A-Za-z_]\w*\s+)[-−–]\s*$")
"""A minus after a bracket or a word (``len(H) - 1``, ``n - 1``): the number after it is a term,
not a joined id."""
_ID_JOIN = re.compile(
    rf"\s*(?:[{_ARROWS}]|->|~+>?|—|–|-|(?<!/)/|,|::|adjacent|nonadjacent|and|&|"
    r"\\leadsto|\\to|(?:squig|right)arrow)\s*$",  # LaTeX's arrows, "\\rightsquigarrow" cut
    re.I,
)
_LIST_OPEN = re.compile(
    r"(?:neighbou?rs?(?:\s+list\s*\)?)?|neighbou?rhood|adj\w*|nbrs?|set)\s*(?:\(\w+\))?"
    r"(?:\s*,\s*every\s+(?:single\s+)?one)?\s*(?:[:=]|are)\s*"
    r"[\[{(]?\s*$",
    re.I,
)  # "nbrs: 3", "(full neighbour list): 3": a list's ids, not a count
_LIST_CLOSED = re.compile(
    r"\s*(?:[(,—–-]|//|#)?\s*(?:that['’]?s\s+|that\s+is\s+)?(?:all|every|the\s+(?:whole|full|"
    r"complete|entire))\b(?:\s+of)?\s+(?:(?:its|their|the)\s+)?neighbou?r|"
    r"\s*(?:[(,—–←-]|<-|//|#)?\s*(?:that['’]?s\s+)?(?:the\s+)?(?:whole|full|complete|entire)\s+"
    r"list\b",
    re.I,
)  # "2: 3 (all of its neighbours)", "2: 3 ← full list": a one-id list closed as complete,
# not a count
_AFTER_A_LIST = re.compile(r"\]\s*,\s*$")
_MEMBER_OF = re.compile(
    r"\s+(?:not\s+in|in|∈|∉)\s+\w*(?:neighbou?r|nbr|adj|\bN\b|\bG\b)\w*\s*[\[(]", re.I
)
"""An id tested for membership in another's neighbours (``assert 4 in neighbors[0]``,
``4 ∈ N(0)``): a node, not a count."""
_NEIGHBOURS_OF = re.compile(r"(?:neighbou?r\w*|adj\w*|nbrs?)\s+(?:of|to)\s*$", re.I)
_JOIN = re.compile(r"\s*(?:→|->|⟶|⇝|~>?|—|–|-|/|,)\s*")
_FUNCTION_WORD = re.compile(r"\b(?:deg|degree|w|weight|dist|d|N|adj|nbrs|shortest|hops)\}?\s*$")
_LINE = r"(?:=+|-+|~+|—+|–+)"
_HEAD_OF_LINE = r"(?:" + _LINE + r">?|→|⟶)"
_CONNECTOR_AFTER = re.compile(r"\d\s*" + _LINE + "$")
_CONNECTOR_WEIGHT = re.compile(_HEAD_OF_LINE + r"\s*\d")
_WEIGHED_CONNECTOR = re.compile(r"\d\s*" + _LINE + r"\s*\d+\s*" + _HEAD_OF_LINE + r"\s*$")
"""A weight written on the connector (``3 ==12== 5``, ``0 —9→ 2``)."""
_ROOTED = re.compile(r"\b(?:rooted|centred|centered|started|starting)\s+(?:at|in|from)\s*$", re.I)
_PREPOSITION = re.compile(r"\b(?:from|of|to|around|between|and)\s*$", re.I)
_NODE_WORD = re.compile(r"\b(?:node|vertex)\s*#?\s*$", re.I)
_LISP_CALL = re.compile(r"\(\s*(?:deg|degree|dist|hops|w|weight|shortest|d)\s+$")
"""A prefix call's head (``(deg 3)``): the id after it is its argument."""
_TO = re.compile(r"\s+to\s+")
_PREFIXED = re.compile(r"(?:^|[\s{(])[a-z]*:$")
"""A prefix glued before an id (``:3``, ``ex:3``): a resource's name, no value."""
_ASSIGNED = re.compile(r"(?:←|⟵|⇐|<-|:=)\s*$")
"""An assignment's arrow: the number after it is the value assigned."""


def _ids(view: str, names: NodeNames) -> list[tuple[str, int, int]]:
    """The bare node ids of a numeric-id clause (see the module docstring)."""
    found: list[tuple[str, int, int]] = []
    ints = list(_INT.finditer(view))
    for index, match in enumerate(ints):
        before = view[max(0, match.start() - 12) : match.start()]
        if _UNIT.match(view, match.end()):
            continue
        if _CONNECTOR_WEIGHT.match(view, match.end()) and _CONNECTOR_AFTER.search(before):
            continue  # "3 ==12== 5": 12 is the weight
        node = names.resolve(match.group())
        if node is not None and _WEIGHED_CONNECTOR.search(before):
            found.append((node, match.start(), match.end()))  # … and 5 the other end
            continue
        chained = (
            index > 0
            and found
            and found[-1][2] == ints[index - 1].end()
            and _JOIN.fullmatch(view, ints[index - 1].end(), match.start())
        )  # "1 -> 7 -> 4 -> 8": the last id of a chain is no value
        opened = _LIST_OPEN.search(view, max(0, match.start() - 30), match.start())
        closed = index > 0 and _LIST_CLOSED.match(view, match.end()) is not None
        headed = _NEIGHBOURS_OF.search(view, max(0, match.start() - 30), match.start())
        member = _MEMBER_OF.match(view, match.end()) is not None
        if node is not None and (chained or opened or closed or headed or member):
            # "nbrs (all): 3, 4", "2: 3 (all)", "every neighbour of 5", "4 in nbrs[0]"
            found.append((node, match.start(), match.end()))
            continue
        lisp = _LISP_CALL.search(before) is not None  # "(deg 3) 2": 3 the argument
        paired = (  # "3 to 5, …": the pair's second id
            index > 0
            and found
            and found[-1][2] == ints[index - 1].end()
            and _TO.fullmatch(view, ints[index - 1].end(), match.start()) is not None
        )
        if node is not None and (lisp or paired):
            found.append((node, match.start(), match.end()))
            continue
        if _VALUE_BEFORE.search(before) and _VALUE_AFTER.match(view, match.end()):
            if not _NODE_WORD.search(before) and not _ROOTED.search(before):
                continue  # "… = 3", "degree of 3"; but "rooted at 6" names the source
        if _ASSIGNED.search(before):
            continue  # "depth(6) ← 1", "level[2] := 1": the value assigned, not a node
        if _MINUS.search(before):
            continue  # "len(H) - 1": a term of arithmetic, not a node
        if _AFTER_A_LIST.search(before) and view[match.end() :].lstrip().startswith(")"):
            continue  # "combinations([0, 1, 6], 2)": an argument after a list, its size
        bracketed = before.rstrip().endswith(("(", "[", "{", ",")) or (
            before.rstrip().endswith(";") and bracket_open(view[: match.start()])
        )  # "pair (2; 7)": a pair in brackets joined by a semicolon
        joined = _ID_JOIN.search(before) is not None and index > 0
        joined_after = index + 1 < len(ints) and _ID_JOIN.search(
            view[match.end() : ints[index + 1].start()] + " "
        )
        heading = not view[: match.start()].strip()
        called = _FUNCTION_WORD.search(before) is not None and index + 1 < len(ints)
        applied = (  # "(dist 1 5)", "shortest 4 5": a function applied to two ids, no brackets
            index > 0
            and found
            and found[-1][2] == ints[index - 1].end()
            and not view[ints[index - 1].end() : match.start()].strip()
            and _FUNCTION_WORD.search(
                view, max(0, ints[index - 1].start() - 12), ints[index - 1].start()
            )
            is not None
        )
        named = any(p.search(before) for p in (_NODE_WORD, _PREPOSITION, _ROOTED))
        named = named or _PREFIXED.search(before) is not None  # SPARQL's "{ :3 :adj :5 }"
        if not (bracketed or joined or joined_after or heading or called or named or applied):
            continue
        if node is not None:
            found.append((node, match.start(), match.end()))
    return found


def _values(view: str, found: list[tuple[str, int, int]]) -> list[int]:
    """The numbers of the clause outside its node mentions (digits or words)."""
    values = []
    for match in _NUMBER.finditer(view):
        if any(a <= match.start() < b for _, a, b in found):
            continue
        written = match.group().lower()
        values.append(int(written) if written.isdigit() else NUMBER_WORDS[written])
    return values


_NUMBER = re.compile(
    r"(?<![\w.])\d+(?![\w.]\w|\s*-\s*core)|(?<!those\s)(?<!these\s)(?<!the\s)(?<!all\s)(?<!every\s)(?<!each\s)(?<!single\s)\b(?:"
    + "|".join(list(NUMBER_WORDS)[2:])
    + r")\b(?!\s+of\b)",
    re.I,
)  # "those two are hooked up", "two of them": no value

# ---------------------------------------------------------------------------------------------
# The clause's structure: refusals, cues, polarity

_REFUSE = re.compile(
    r"\?|\b(?:if|suppose|supposing|assum\w*|whether|could|might|may|maybe|perhaps|probably|"
    r"possibly|let(?!\s+(?:mut\s+)?\w+\s*(?::\s*[\w<>\[\]]+\s*)?=)|let's|need\w*|want|try\w*|check\w*|verify\w*|find\w*|comput\w*|calculat\w*|"
    r"consider\w*|look\w*|unless|wonder|guess|expect\w*|should|must|plan\w*|will|would|"
    r"i'll|we'll|otherwise|instead|unknown|unclear|unsure|thought|believed|imagin\w*|pretend|"
    r"mistak\w*|wrong\w*|erroneous\w*|incorrect\w*|confus\w*|misread|mixed|scratch|redo|undo|"
    r"later|asks?|asked|says|said|prompt|question|quot\w*|rule|recall|definition|defined|"
    r"tentative\w*|current\w*|far|queue|deque|pq|heap|stack|frontier|parent|prev|pred\w*|"
    r"candidate\w*|updat\w*|relax\w*|push\w*|pop\w*|visited|unvisited|remaining|still|yet|"
    r"settled|before|after|then|next|new|add\w*|remov\w*|delet\w*|insert\w*|changed?|"
    r"not\s+sure|complement|common|mutual)\b",
    re.I,
)
"""Plans, hypotheses, retractions, quotations and algorithm state: no claim at all."""
_QUALIFIED = re.compile(
    r"\b(?:fewer|less|more|than|comparisons?|every|each|both|some|any|all\s+pairs|via|through|"
    r"at\s+(?:the\s+)?(?:very\s+)?least|at\s+most|up\s+to|roughly|about|around|approximately|"
    r"nearly|almost|within|radius|peel\w*|subgraph)\b|\b(?:below|above|over|under)\s+\d|(?:<|(?<![-=~])>|[≤≥+×])\s*\d|"
    r"\d\s*(?:[<>≤≥+×]|-\s+\d)",
    re.I,
)
"""Bounds, comparisons, quantifiers and arithmetic: no claim of a value or a pair."""
_WORDS = "|".join(NUMBER_WORDS)
_PEELED = r"\b(?:prun|peel|remov|delet|strip|discard|drop)\w*\b"
_DEGREE_BOUND = (
    r"(?:\bdeg(?:ree)?s?\s*(?:<|below|under|less\s+than)|\b(?:fewer|less)\s+than|"
    r"\b(?:below|under)\s+deg(?:ree)?s?)\s*"
)  # "deg < 2", "below degree 2"
_PEEL_BOUND = (
    rf"{_PEELED}[^.;]*?{_DEGREE_BOUND}(?P<c5>\d+|{_WORDS})\b|"
    rf"{_DEGREE_BOUND}(?P<c6>\d+|{_WORDS})\b[^.;]*?{_PEELED}"
)  # "prune deg < 2 ⇒ {…} remain", "after peeling every vertex with fewer than 2 neighbours"
_BOUNDED_CALL = (
    r"\b(?:d|dist\w*|hops?|h|delta)\}?\s*\(\s*(?:[^,()]+?\s*,\s*[a-z]|[a-z]\s*,\s*[^()]+?)\s*\)"
    r"\s*(?:≤|<=|\\leq?)\s*(?P<r7>\d+)"
)  # "{x : d(A, x) ≤ 2}", "{x : d(x, A) ≤ 2}": a set-builder bounding a distance from A
_LABELLED_ARROW = (
    r"(?:~+|-+|—+|=+)\s*[(\[]\s*(?P<r10>\d+)\s*[)\]]\s*(?:(?:~+|-+|—+|=+)>?|[→⟶⇒])\s*(?=[{\[])"
)
"""An arrow labelled by a number from a node to a set (``A ~(2)~> {B, C}``): the set within that
many hops of the node."""
_NODES_BOUNDED = (
    r"\b(?:nodes|vertices)\b[^.;]{0,40}?\bno\s+more\s+than\s+(?P<r13>\d+|"
    + "|".join(NUMBER_WORDS)
    + r")\s*hops?\b"
)
"""The nodes said no more than k hops away (``… are the nodes no more than two hops away from
it``): a ball."""
_BOUNDED_ARROW = r"[⤳⇝↝⟿]\s*\(\s*(?:≤|<=|\\le)\s*(?P<r14>\d+)\s*\)"
"""A squiggly arrow labelled by a bound (``A ⤳(≤2) {B, C}``): the set within that many hops."""
_BOUNDED_SET = r"\bS\s*_?\s*\{?\s*(?:\\le|≤|<=)\s*(?P<r15>\d+)"
"""The sphere-like set of a bounded radius (``S_{\\le 2}(A)``)."""
_REACH = r"\breach\w*\b[^.;:]{0,60}?\bin\s+(?P<r16>\d+)\s+hops?\b"
"""A node's reach in k hops (``Reach of A in 2 Hops: …``)."""
_NO_MORE_THAN = re.compile(r"\bno\s+more\s+than\b", re.I)
"""A bound (``no more than two hops``), no negation of a set."""
_SURVIVORS = r"\b(?:surviv\w*|remain\w*|left\s+over|kept)\b[^.;:\d]{0,20}?\bk\s*=\s*\d"
"""What survives a peeling at its k (``survivors at k = 2: {…}``): a k-core."""
_SET_CUE = re.compile(
    r"\b(?:cliques?|triangles?|is\s+complete|complete\s+(?:sub)?graph|K_?n|cores?|k\s*core|\d+-core|core\s*\d+|ego\s*graph|"
    r"ball|balls|\d+-hop|radius|cutoff|every\s+pair|all\s+pairs|pairwise(?!\s*\()|mutually)\b|"
    r"\bpeel\w*\b[^.;\d]{0,20}?\bk\s*=\s*\d|\bdepth\s*(?:≤|<=|\\le)\s*\d|"
    + _SURVIVORS
    + "|"
    + _LABELLED_ARROW.replace("(?P<r10>", "(?:")
    + "|"
    r"\bbfs\b[^.;:]{0,120}?,\s*depth\s*(?:=\s*)?\d+\s*(?:[.;:)]|$)|"
    r"\bbfs\b[^.;:]{0,120}?\b(?:up\s+)?to\s+depth\s+\d+|"  # "BFS from A up to depth 2"
    r"\bN\s*\}?\s*(?:_\s*)?\{?\s*(?:\\le|≤|<=)\s*\d|"  # "\mathcal{N}_{\le 2}(A)"
    r"(?:\d+|"
    + _WORDS
    + r")\s*-\s*(?:peel\w*|core)\b|"  # "2-peeling", "the two-core"
    + _NODES_BOUNDED.replace("(?P<r13>", "(?:")
    + "|"
    + _PEEL_BOUND
    + "|"
    + _BOUNDED_CALL
    + "|"
    r"(?:≤|<=|\\le|within|at\s+most|up\s+to)\s*(?:\d+|" + _WORDS + r")\s*hops?\b|"
    r"\bhops?\s*(?:≤|<=)\s*\d|\bB\s*_?\s*\{?\s*\d|"
    + _BOUNDED_ARROW.replace("(?P<r14>", "(?:")
    + "|"
    + _BOUNDED_SET.replace("(?P<r15>", "(?:")
    + "|"
    + _REACH.replace("(?P<r16>", "(?:")
    + "|"
    r"(?:\d+|" + _WORDS + r")-hops?\b|\bk\s*core\s*\(\s*\d+\s*\)|\bwithin\s*\(\s*\d+\s*\)|"
    r"\bwithin\s+(?:a\s+)?(?:hop\s+)?distance\s+(?:of\s+)?\d|"
    r"(?:\d+|" + _WORDS + r")\s+(?:rounds?|levels?|layers?)\s+of\s+(?:bfs|breadth[- ]first)|"
    r"\bat\s+(?:hop\s+)?distance\s*(?:≤|<=|\\leq?|at\s+most|no\s+more\s+than)\s*\d",
    re.I,
)
_K = re.compile(
    r"(?P<c1>\d+)\s*-\s*core|core\s*\}?\s*_?\s*\{?\s*(?P<c2>\d+)|\bk\s*=\s*(?P<c3>\d+)|"
    r"k\s*core\s*\(\s*\w+\s*,\s*(?P<c4>\d+)|(?:radius|cutoff)\s*[-=:]?\s*(?P<r1>\d+)|"
    r"\bdepth\s*(?:≤|<=|\\le)\s*(?P<r6>\d+)|"
    r"\bbfs\b[^.;:]{0,120}?,\s*depth\s*(?:=\s*)?(?P<r8>\d+)\s*(?:[.;:)]|$)|"
    r"(?:≤|<=|\\le|within|at\s+most|up\s+to)\s*(?P<r2>\d+|" + _WORDS + r")\s*hops?|"
    r"(?P<r3>\d+|(?:"
    + _WORDS
    + r")(?=-))\s*-?\s*hops?\b|\bwithin\s+(?:a\s+)?(?:hop\s+)?distance\s+(?:of\s+)?(?P<r5>\d+)|"
    r"\bB\s*_?\s*\{?\s*(?P<r4>\d+)|" + _PEEL_BOUND + "|" + _BOUNDED_CALL + "|"
    r"\bball\s*\}?\s*\(\s*[^()]+?\s*,\s*(?P<r9>\d+)\s*\)|"  # "ball(A, 2)": a centre, a radius
     + _LABELLED_ARROW + "|"
    r"\bcore\s*_?\s*numbers?\b[^#\n]*?>=?\s*(?P<c7>\d+)|"  # "… core_number(G) … if c >= 2"
    r"(?P<c8>\d+|" + _WORDS + r")\s*-\s*(?:peel\w*|core)\b|"  # "2-peeling", "the two-core"
    r"\bbfs\b[^.;:]{0,120}?\b(?:up\s+)?to\s+depth\s+(?P<r11>\d+)|"
    r"\bN\s*\}?\s*(?:_\s*)?\{?\s*(?:\\le|≤|<=)\s*(?P<r12>\d+)|"
    + _NODES_BOUNDED
    + "|"
    + _BOUNDED_ARROW
    + "|"
    + _BOUNDED_SET
    + "|"
    + _REACH
    + "|"
    r"\bk\s*core\s*\(\s*(?P<c9>\d+)\s*\)|"  # "g.k_core(2)": the core of its k
    r"\bwithin\s*\(\s*(?P<r17>\d+)\s*\)|"  # a traversal repeated k times
    r"(?P<r18>\d+|" + _WORDS + r")\s+(?:rounds?|levels?|layers?)\s+of\s+(?:bfs|breadth[- ]first)|"
    r"\bat\s+(?:hop\s+)?distance\s*(?:≤|<=|\\leq?|at\s+most|no\s+more\s+than)\s*(?P<r19>\d+)",
    re.I,
)
_CENTRE = re.compile(
    r"\b(?:from|of|around|at|ego\s*graph\s*\(\s*\w+\s*,|bfs\s*\(|ball\s*\}?\s*\()\s*"
    r"(?:(?:node|vertex)\s+)?N(\d+)|N(\d+)\s*(?:~+|-+|—+|=+)\s*[(\[]\s*\d+\s*[)\]]|"
    r"\bN\s*\}?\s*(?:_\s*)?\{?\s*(?:\\le|≤|<=)\s*\d+\s*\}?\s*\(\s*N(\d+)|\(\s*(?:G|graph)\s*,\s*N(\d+)|"
    r"\b(?:d|dist\w*|hops?|h|delta)\}?\s*\(\s*(?:N(\d+)\s*,\s*[a-z]|[a-z]\s*,\s*N(\d+))\s*\)",
    re.I,
)  # "BFS from A", "ego_graph(G, A, …)", "…_length(G, A, cutoff=2)", "{x : d(A, x) ≤ 2}"
_CLIQUE = re.compile(
    r"\b(?:cliques?|triangles?|is\s+complete|complete\s+(?:sub)?graph|K_?n|every\s+pair|"
    r"all\s+pairs|pairwise(?!\s*\()|mutually)\b",  # (itertools' pairwise(…): a call)
    re.I,
)
_CORE = re.compile(
    r"core|\bpeel\w*\b[^.;\d]{0,20}?\bk\s*=|\d\s*-\s*peel|" + _SURVIVORS + "|" + _PEEL_BOUND, re.I
)
"""A k-core's cue: ``core``, a peeling with its k (``peeling (k = 2) → {…}``, ``Peeling done for
k = 2``), a peeling bound."""
_REMAIN = re.compile(r"\b(?:left|remain\w*|surviv\w*|stay\w*|kept|keeps?)\b|⇒|→|->|=", re.I)
"""What a peeling's result is introduced by: the names that remain."""
_EXCLUDED = re.compile(
    r"\(?\s*\b(?:not\s+counting|excluding|excl\.?|except(?:\s+for)?|other\s+than|besides|"
    r"apart\s+from|without|minus)\s+(?:itself|N\d+|the\s+(?:centre|center|source|start))\b\s*\)?|"
    r"\\setminus\s*\{\s*N\d+\s*\}|\bnot\s*\(\s*has\s*Id\s*\(\s*N\d+\s*\)\s*\)|"
    r"\(?\s*\b(?:itself|N\d+|(?:the\s+)?(?:centre|center|source|start|root))\s+(?:(?:is|being)\s+)?"
    r"(?:excluded|left\s+out|omitted|not\s+(?:counted|included))\b\s*\)?",
    re.I,
)
"""The ball's centre said to be left out of it (``excluding A``, ``A omitted``, ``source not
counted``): no negation of the set."""
_FILTER = re.compile(
    r"(\bfor\s+\w+(?:\s*,\s*\w+)*\s+in\b[^{}\[\]]*?)\bif\s+\w+\s*(?:(?:[<>]=?|[!=]=)|"
    r"\s(?:not\s+)?in\s)\s*\w+"
)  # "{n for n, d in ….items() if d > 0}", "sum(1 for e in E if A in e)": a comprehension's filter
_BFS_ROUNDS = re.compile(
    r"\bafter\s+(?:\d+|"
    + _WORDS
    + r")\s+(?:rounds?|levels?|layers?)\s+of\s+(?:bfs|breadth[- ]first)",
    re.I,
)
_ROUNDS_STATE = re.compile(r"\b(?:after|visited)\b", re.I)
"""A BFS's visited set after k rounds (``After 2 rounds of BFS from A, the visited set minus A
is {…}``): the ball of radius k, no algorithm state."""
_NONE_BELOW = re.compile(r"\bonce\s+no\s+(?:node|vertex)\s+(?:has|is\s+left\s+with)\b", re.I)
"""A peeling's end (``Once no node has degree below 2, …``): no negation of the set."""
_PEELING = re.compile(
    r"\b(?:after|once)\s+(?:repeatedly\s+)?(?:prun|peel|remov|delet|strip)\w*|"
    r"^\s*(?:repeatedly\s+)?(?:prun|peel|remov|delet|strip)\w*ing\b|"  # "Removing nodes …, …"
    r"\bonce\s+no\s+(?:node|vertex)\s+(?:has|is\s+left\s+with)\b|"  # "Once no node has degree …"
    r"\bstill(?=\s+(?:standing|left|remaining|there)\b)|\buntil\s+nothing\s+changes\b",
    re.I,
)
_CHECKED = re.compile(r"\b(?:check|verify|test)\w*\b" + CHECKED, re.I)
_FINISHED = re.compile(
    r"\b(?:after|once)\s+(?:the\s+)?(?:(?:dijkstra|bfs|floyd|bellman|johnson)\w*(?:\W+warshall|"
    r"\W+ford)?|a\*|a-?star|termination|convergence|(?:the\s+)?(?:run|search|algorithm)\s+(?:ends|finished|"
    r"is\s+done))\b(?!\s+(?:step|round|iteration|pass|pop|update)\w*)|"
    r"\b(?:after|once|when)\s+(?:i|we)\s+(?:re-?count|re-?check|double-?check|re-?read|re-?verify|"
    r"re-?add|re-?do)(?:s|ed)?\b(?:\s+(?:it|them|this|that))?(?=\s*[.!]?\s*$)",
    re.I,
)
"""A value said after the algorithm finished (``after Floyd–Warshall``), or after the writer's
own recount ending the sentence (``A ends up with degree 4 after I recount``): final, no
state."""
_MEASURE = re.compile(
    r"\bif" + METRIC_IF + r"|(?:[,(]|//|#|—|–)\s*(?:now\s+)?(?:settled|final(?:i[sz]ed)?)\b",
    re.I,
)
"""A condition naming the measure (``if the weights are ignored``) and a remark that the value is
final (``=== 4 // from A, settled``): no supposition, no algorithm state."""
_NO_BETTER = re.compile(
    r",?\s*(?:and\s+)?(?:no|none|nothing)\s+(?:other\s+)?(?:route|path|way|walk|option)?\s*"
    r"(?:is\s+|would\s+be\s+|comes\s+out\s+)?(?:cheaper|shorter|better|lighter|lower|fewer)\b",
    re.I,
)
"""A remark that no route does better (``…, and no route is cheaper``): the value is the least,
a distance, and no negation."""
_AT_BEST = re.compile(r"(?<=\d)\s+at\s+(?:the\s+)?best\b", re.I)
"""A value said the best there is (``A to B is 5 at best``): the least, a distance."""
_CALLED_VERB = re.compile(
    r"(?<![\w.])(?:look_?up|find|get|fetch|compute|calc\w*|calculate)\w*(?=\s*\()", re.I
)
"""A called function named by a plan's verb (``lookup(A, B)``, ``find_weight(…)``): code that
states its value, no plan."""
_OWNED = re.compile(r"\s*(?:its|their|his|her)\b", re.I)
"""A clause led by a possessive pronoun: its names are another node's, not its subject."""
_TRAVELLED = re.compile(r"\b(?:path|route|walk|trip|journey|via)\b", re.I)
_CONTRAST = re.compile(
    r"\b(?:rather\s+than|instead\s+of|not)\s+(?:by\s+|the\s+|their\s+)?(?:weights?|costs?|"
    r"lengths?|hops?|edges?|steps?)\b(?=\s*[,;]|\s+(?:count|counting|as)\b)",
    re.I,
)
"""A measure set against another (``Counting edges rather than weights, …``, ``hops, not
weights,``): which measure is meant, no comparison or negation."""
_NO_CYCLE = re.compile(
    r"\b(?:(?:does|do|did|would|will|wo|could|can)(?:\s*n['’]t|\s+not)|never|no)\s+"
    r"(?:(?:close|closes|form|forms|create|creates|make|makes|join|joins|give|gives)\s+)?"
    r"(?:an?\s+|any\s+)?(?:cycles?|loops?)\b",
    re.I,
)
"""A negation whose object is a cycle (Kruskal's ``A–B doesn't close a cycle``): it denies the
cycle, not the pair's edge."""
_WE_FIND = re.compile(
    r"\b(?:(?:we|i)\s+(?:find|found|get|got|see)|(?:is|are|was|were)\s+found)\b", re.I
)  # "we find exactly A, B", "Edges from A are found to B and C only": a result, not a plan
_RESULT_LEAD = re.compile(
    r"(?:\b(?:looking|on\s+a)\s+(?:\w+\s+){0,2}?(?:carefully|closely|again|look)\s*,\s*)?"
    r"\bit\s+turns\s+out(?:\s+that)?\b|\b(?:let\s+me|let['’]s|let\s+us)\s+(?:double-?\s*|re-?)?"
    r"(?:check|verify|confirm)\s*:|"
    r"\b(?:let\s+me|let['’]s|let\s+us)\s+(?:double-?\s*|re-?)?[a-z]+\b"
    r"(?![^:\n?]{0,80}\b(?:whether|if)\b)(?=[^:\n?]{1,80}:\s*(?:\d+|" + _WORDS + r")\s*[.!]?\s*$)|"
    r"\s(?:once\s+(?:more|again)|again|one\s+more\s+time)(?=\s*:\s*\d)|"
    r"\b(?:(?:i|we)['’]ll|let\s+me|let['’]s|let\s+us)\s+(?:just\s+)?(?:note|record|say|state|mention|"
    r"remark|observe|write\s+down|jot\s+down)\s+(?:here\s+)?that\b|"
    r"\b(?:let\s+me|let['’]s|let\s+us)\s+(?:redo|re-?do|re-?count|re-?add|re-?check|re-?examine|"
    r"go\s+over)\b(?=[^:\n]{0,60}:\s*\S)",  # "let me redo A: its neighbours are …": the result
    re.I,
)
"""A result's lead (``Looking more carefully, it turns out …``, ``Let me double-check: …``,
``Let me verify A's degree once more: 4``, a plan of any verb whose colon gives only a value:
``Let me tally the edges at A: five``): what follows is found, not planned."""
_ROW_OF = r"\bfor\s+(?:node\s+)?,?\s*(?:the|its)\s+(?:adjacency\s+)?(?:row|line|entry)\b"
"""A node's row held as a topic (``for A the row reads B, C``; the name blanked before)."""
_EDGE_CUE = re.compile(
    r"\b(?:adjacen\w*|nonadjacent|connect\w*|linked|links?|edges?|neighbou?rs?|neighbou?rhood|"
    r"joined|joins?|adjoin\w*|hooked|wired|attached|incident|border\w*|abut\w*|shares?|touch\w*|"
    r"fan-?outs?|spokes|"
    r"has\s+edge|in\s+E|from\s+E|"
    r"notin\s+E|nbrs?|adj)\b|\bin\s+G\s*\[|"
    r"[)\]]\s*\.\s*(?:has|contains|includes)\s*\(|"  # "get(A).has(B)": B among A's
    r"[↦⟼]\s*[⟨\[{(]|"  # "A ↦ ⟨B, C⟩": A mapped to its list
    r"['’]s\s+(?:row|line|entry)\b|" + _ROW_OF,  # "B shows up in A's row", "A's row has no B on it"
    re.I,
)
_NEGATIVE = re.compile(
    r"\b(?:not|no|never|none|neither|nor|without|lacks?|omit\w*|missing|absent|nonexist\w*|nonadjacent|"
    r"notin|disconnected|unconnected|unlinked|non-?adjacent|non-?neighbou?rs?)\b|n['’]t\b",
    re.I,
)
_NONE_ELSE = re.compile(
    r"\b(?:no\s+others?|no\s+more|none\s+else|nothing\s+(?:else|more)|(?:nobody|no\s+one|none)\s+but|"
    r"no\s+one\s+(?:else|besides)|"
    r"(?:none|nothing|no\s+\w+)\s+(?:is\s+|are\s+)?(?:missing|omitted|left\s+out))\b",
    re.I,
)
"""A list said complete ("B and C, no others"): no negation of what it lists."""
_DEGREE_CUE = re.compile(
    r"\b(?:deg|degrees?|valency|delta)\b|\bincident\b|\bneighbou?rs?\b|\b\d+\s+nbrs?\b|\bspokes\b|"
    r"\b(?:adjacent|neighbou?ring)\s+(?:nodes|vertices)\b|"  # "2 adjacent nodes"
    r"\bedges\b(?!\s+(?:from|away|apart|to|between|long)\b)|"  # "touches 3 edges", "Edges
    # touching A, all told: four": a count of the edges at the one node named
    r"\|\s*\{[^{}]*\bin\s+E\b[^{}]*\}\s*\||"  # "|{e ∈ E : A ∈ e}|": the edges at A
    r"\b(?:count|counter|len|sum)\b[^;#=]*\bin\s+E\b",  # "Counter(x for e in E …)[A]  # 4"
    re.I,
)
"""A degree's cue: its name, neighbours counted, or the edges at one node counted (in words, as
a set's size, or as a count or a sum of ones over the edge set)."""
_DISTANCE_CUE = re.compile(
    r"\b(?:dist\w*|shortest|hops?|hopdist|bfs|levels?|depth|separated|apart|away|fewest|"
    r"dijkstra|bellman|floyd|warshall|johnson|astar|sp|spd|apsp|(?<!['’])d|distances?|optimal|optimum|"
    r"min|minimum|minimal|cheapest|lowest|best|unweighted)\b|\bpath\s+length\s*\(|\bsettles\s+at\b|"
    r"\bleast\s+(?:total|sum|cost)\b",
    re.I,
)
_HOP_CUE = re.compile(
    r"\b(?:hops?|hopdist|bfs|levels?|depth|unweighted|fewest|unit|edges|steps)\b|"
    r"\|\s*E\s*\(\s*\w+\s*\)\s*\||"  # "|E(P)|": the size of a path's edge set, its hops
    r"\bweight(?:s|ed)?\s*=\s*(?:NA|None|nothing|null|nil|false|F|FALSE)\b",  # weights off
    re.I,
)
_WEIGHT_CUE = re.compile(r"\b(?:w|wt|weights?|weigh\w*|worth|costs?|carr(?:y|ies))\b", re.I)
_THE_EDGE = re.compile(r"\b(?:the|that|this)\s+edge\b(?!\s*(?:count|list|set)\b)", re.I)
"""An edge named as a definite noun phrase: the one number said of it is its weight."""
_DIRECT = re.compile(r"\b(?:direct|directly)\b", re.I)
"""A value said of a pair directly: the edge's, not a route's."""
_ON_CONNECTOR = re.compile(r"N0\s*(?:=+|-+|~+|—+|–+)\s*\d+\s*(?:(?:=+|-+|~+|—+|–+)>?|→|⟶)\s*N1\b")
_STEP_WORD = re.compile(
    r"\b(?:relax\w*|candidates?|next|consider\w*|queue|heap|heapq|pq|push\w*|pop\w*|prim['’]?s?|"
    r"kruskal['’]?s?|step)\b",
    re.I,
)
"""The words of an algorithm's step that leave an edge's weight the graph's (``Relaxing A's edge
to B, whose weight is 7``, ``Kruskal's next candidate is A–B at weight 7``): the step's state
is in distances and sets, not in the edge's weight."""
_DASHED_PAIR = re.compile(r"N0\s*[–—-]\s*N1\b")
_KEYED_ANSWER = re.compile(r"\s*N0\s*(?:--|[–—~-])\s*N1\s*:\s*(?:no|yes)\W*$", re.I)
"""A dashed pair keyed to a bare answer (``A – B: no``): whether it is an edge."""
_MATRIX_ENTRY = re.compile(
    r"\b(?:adj\w*|A|M)\s*(?:matrix)?\s*\[\s*N0\s*\]\s*\[\s*N1\s*\]\s*(?:#|//|==?|→|->|:)\s*[01]\b"
)
"""An adjacency matrix's entry and its value (``adj_matrix[A][B]  # 1``, ``A[A][B] == 0``): ``1``
an edge, ``0`` none."""
_ROUTE = re.compile(
    r"\b(?:path|route|walk|total|sum\w*|going(?!\s+back\s+(?:and\s+forth|over)\b)|go|get|getting|"
    r"travel\w*|trip|journey|(?<!directly\s)reach\w*|via)\b",
    re.I,
)
_CHEAPEST = re.compile(
    r"\b(?:dist\w*|shortest|hops?|bfs|levels?|depth|apart|away|fewest|dijkstra|spd?|"
    r"cheapest|minimum|minimal|least)\b",
    re.I,
)
"""A distance cue, or a least cost: said of one node, a distance from a topic, no weight."""
_WORDED = re.compile(r"[^\s(){}\[\]_^]")
"""Words between a ball's radius and its first name: that name is an item, not the centre."""
_COMPLETENESS = (
    r"all|complete|full|exactly|precisely|only|just|solely|alone|every|nothing\s+else|no\s+others?|"
    r"entire|entirety|whole|exhaustive(?:ly)?|the\s+lot|everything|everyone|everybody|nobody\s+else|"
    r"nowhere\s+else|(?:nobody|no\s+one|none)\s+but|(?:to\s+)?no\s+one\s+(?:else|besides)|"
    r"nothing\s+(?:more|further)|"
    r"(?:none|nothing|no\s+\w+)\s+(?:is\s+|are\s+)?(?:missing|omitted|left\s+out)|"
    r"nothing\s+(?:else\s+)?(?:beyond|besides|past|outside|other\s+than)\s+(?:those|these|them|that)"
)
"""A list said complete, whatever the word and wherever it stands (``just B and C``, ``B and C
alone``, ``every neighbour of A``, ``{B, C}, none missing``)."""
_COMPLETE_WORD = re.compile(rf"\b(?:{_COMPLETENESS})\b", re.I)
_CLOSED_LIST = (
    r"[,;—–]?\s*(?:and\s+)?(?:that['’]?s|that\s+is|those\s+are|these\s+are)\s+(?:all|it|everything|"
    r"the\s+lot|(?:the\s+)?(?:full|whole|complete|entire)\s+(?:list|row|set|line|thing|lot))"
    r"|(?:and\s+)?(?:there['’]?s\s+)?nothing\s+(?:else|more|further|(?:else\s+)?(?:beyond|besides|"
    r"past|other\s+than)\s+(?:those|these|them|that))"
)
"""A closer that says the list before it whole (``…, and that's the full list``, ``…, and
there's nothing beyond those``), at the clause's end."""
_COMPLETE = re.compile(
    rf"\b(?:{_COMPLETENESS}|that's\s+it)\b|==|(?<![=!<>])=(?![=>])",
    re.I,
)


def _both_named(skeleton: str, found: list[tuple[str, int, int]]) -> str:
    """``skeleton`` without ``both`` where it counts the clause's only two names."""
    return _BOTH_NAMED.sub(" ", skeleton) if len({f[0] for f in found}) == 2 else skeleton


_BOTH_NAMED = re.compile(r"\bboth\s+(?=N\d+\s+(?:and|&)\s+N\d+\b)", re.I)
"""``both`` before the two names it counts (``Both A and B appear …``): no quantifier."""
_WHOLE_LIST = re.compile(
    rf"\b(?:each\s+and\s+)?(?:{_COMPLETENESS})\s+(?:(?:of\s+)?(?:its|their|the)\s+)?(?:\w+\s+)?"
    r"(?:neighbou?r\w*|adj\w*|nbrs?)|(?<=[,—–])\s*every\s+(?:single\s+)?one\b|\bnothing\s+more\b|"
    rf"\b(?:{_COMPLETENESS})\s+(?:set|list)\s+of\s+(?:the\s+)?(?:nodes|vertices|neighbou?rs)\b",
    re.I,
)  # (and "A's neighbours, every one: …", "…; nothing more": the list said whole; "the full
# set of nodes adjacent to A": the set of a node's neighbours said whole)
"""Completeness said of a neighbour noun (``every neighbour``, ``complete adjacency``): of a
node's list, not of a name's place (``Only A is linked to B``), and no quantifier."""
_HEAD = re.compile(
    r"(?P<mid>(?:(?!N\d).)*N0\b(?:(?!N\d).)*?)"
    r"(?P<list>[\s\[{(⟨]*N\d+(?:\s*(?:,|and|&)\s*(?:and\s+)?N\d+)*)"
    r"[\s\]})⟩]*(?:(?:[-—–(#,;:|&←/.]|<-|\band\b|(?=(?i:"
    + _COMPLETENESS
    + r")\b))(?:(?!N\d)\D)*)?$"
)  # a head, a neighbour cue, and the list that ends the clause (a remark may follow it)
_ITEM_GAP = re.compile(r"\s*(?:,|&|\band\b)\s*(?:and\s+)?")
"""What joins a list's first item to the rest (``B, C``, ``B and C``): the first name is an
item, not the list's owner (that is named outside the clause, or not at all)."""
_ARITHMETIC = re.compile(r"[-+*/×−]\s*\d")
_MAPPED = re.compile(
    r"\s*N0\s*(?:⇢|→|->|⟶|⇒|=>|↦)\s*[\[{(⟨]?\s*N1\s*(?:,|\band\b|&)|"
    r"(?:(?:(?!N\d)[^:])*?\s[—–]\s+)?\s*N0\s*:\s*[\[{(⟨]?\s*N1\s*(?:,|\band\b|&)[^:]*?(?:"
    + _CLOSED_LIST
    + r")\s*$",
    re.I,
)
"""A node mapped by an arrow to a list of two or more (``A ⇢ B, C``), or by a colon to one a
closer ends (``A: B, C, and that's the full list``, after a lead and a spaced dash too)."""
_BORDER_VERB = r"(?:borders?|abuts?|touch(?:es)?|adjoins?|neighbou?rs?)"
"""A verb whose subject is a node's neighbour, its object the node (``B and C border A``)."""
_TAIL_HEAD = re.compile(
    r"^(?:(?!N\d).)*?(?P<list>N0(?:\s*(?:,|and|&)\s*(?:and\s+)?N\d+)*)"
    r"(?:\s+(?:are|is|were)\b|[\s\]})]*(?:[;,#—–]|//)|(?=\s+" + _BORDER_VERB + r"\s+N\d+\b))"
    r"(?:(?!N\d).)*\b(?:to|of|with|" + _BORDER_VERB + r")\s+N(?P<head>\d+)\b(?:(?!N\d)\D)*$"
)  # the list first, its head last: "Exactly B and C are joined to A", "… adjacent to A",
# "[B, C]; // every neighbour of A"
_NEIGHBOUR_CUE = re.compile(
    r"neighbou?r|adj|nbr|connect|link|join|touch|border|abut|fan-?out|spokes|wired|hooked|"
    r"attached|\bedges?\b|↦|⟼|\|->|['’]s\s+(?:adjacency\s+)?(?:row|line|entry)\b|" + _ROW_OF,
    re.I,
)  # (a node mapped to its list, "A ↦ ⟨B, C⟩"; a node's row, "A's line is exactly B, C")
_NEIGHBOUR_NOUN = re.compile(r"neighbou?r|adj|nbr|fan-?out|spokes", re.I)
_CHAIN = re.compile(r"N\d+(?:\s*(?:→|->|⟶|⇒|=>)\s*N\d+){2,}")
_TOTAL_CUE = re.compile(r"\b(?:path|total|sum\w*|costs?|length|weight|w)\b", re.I)


def anchored_facts(
    text: str,
    low: int,
    high: int,
    names: NodeNames,
    resolve: Resolve,
    answer: bool | None = None,
    valued: int | None = None,
) -> Iterator[tuple[int, int, list[Fact]]]:
    """The facts of the clause ``text[low:high]`` read by its node names and structure (with
    their spans in ``text``); nothing where it is refused. ``answer``: the clause is a question
    about an edge that the next clause answers (``True``: yes; ``False``: no, a non-edge);
    ``valued``: the clause is a question that the next clause answers by this bare value
    (``How many edges end at A? Three.``: read as if it stated it)."""
    if answer is not None or valued is not None:
        high = low + len(text[low:high].rstrip().rstrip("?"))
    view, origin, ends = _seen(text, low, high)
    if (bound := _BOUND_ATTAINED.search(view)) is not None:
        view = _attained(view, bound)  # "Nothing shorter than 4 …, and 4 is achieved": 4 least
    marked = _LIST_MARK.match(view)
    start = marked.end() if marked is not None else 0
    view = " " * start + view[start:]
    if names.numeric_ids:
        found = sorted(
            {*mentions(view, 0, len(view), names, resolve), *_ids(view, names)},
            key=lambda mention: mention[1],
        )
        found = [m for i, m in enumerate(found) if not i or m[1] >= found[i - 1][2]]
    else:
        found = mentions(view, 0, len(view), names, resolve)
    if not found:
        return
    skeleton = _NO_BETTER.sub(" cheapest ", _skeleton(view, found))
    if "best" in skeleton:
        skeleton = _AT_BEST.sub(" cheapest ", skeleton)
    if "<" in skeleton:  # "A <=7=> B": a weight on a two-headed connector, no comparison
        skeleton = _TWO_HEADED.sub(" ", skeleton)
    skeleton = _CONTRAST.sub(" ", skeleton)  # "edges rather than weights": which measure
    if "cycle" in skeleton or "loop" in skeleton:  # "A–B doesn't close a cycle": no denial
        skeleton = _NO_CYCLE.sub(" ", skeleton)  # of the edge
    if "turns" in skeleton or "let" in skeleton.lower() or "ll " in skeleton:  # "Let me
        skeleton = _RESULT_LEAD.sub(" ", skeleton)  # double-check: …", "I'll note that …":
        # found or stated, not planned ("it turns out …" too)
    said = _WE_FIND.sub(" ", skeleton)  # a result, not a plan
    said = _CALLED_VERB.sub(" ", said)  # "w = lookup(A, B)  // == 6": a function, not a plan
    said = _FINISHED.sub(" ", said)  # "← 9 ▷ after Floyd–Warshall": a final value, no step
    said = _MEASURE.sub(" ", said)  # "… if the weights are ignored": the measure, no supposition
    said = _CHECKED.sub(" ", said)  # "check A -> B: found ✓": a result, not a plan
    if _BFS_ROUNDS.search(said):  # "After 2 rounds of BFS from A, the visited set …": a ball
        said = _ROUNDS_STATE.sub(" ", said)
    if _CORE.search(said):  # "left after pruning": a k-core's definition, not a step
        said = _PEELING.sub(" ", said)
    if " if " in said and " for " in said:  # a comprehension's filter: no hypothesis
        said = _FILTER.sub(r"\1", said)
    stepped = False  # an edge's weight said in an algorithm's step: the graph's, no state
    if _REFUSE.search(said) or HYPOTHETICAL.search(said):
        if not _STEP_WORD.search(said) or not _WEIGHT_CUE.search(said):
            return  # the clause reader's plans and hypotheses, and algorithm state
        unstepped = _STEP_WORD.sub(" ", said)
        if _REFUSE.search(unstepped) or HYPOTHETICAL.search(unstepped):
            return
        stepped = True
    if _SET_CUE.search(skeleton) or (names.numeric_ids and _SET_CUE.search(view)):
        facts = _set(view, found)
    elif _QUALIFIED.search(_WHOLE_LIST.sub(" ", _both_named(skeleton, found))) and answer is None:
        return
    else:
        answered = [] if valued is None else [valued]
        facts = _decide(skeleton, found, _values(view, found) + answered)
    if stepped:  # "Kruskal's next candidate is A–B at weight 7": only the edge and its weight
        weighed = any(f[0] == "edge_weight" for f in facts)
        edged = _EDGE_CUE.search(skeleton) or _DASHED_PAIR.search(skeleton)
        facts = [f for f in facts if f[0] in ("edge", "edge_weight")] if weighed and edged else []
    if answer is not None:  # only an edge is asked and answered
        asked = [f for f in facts if f[0] == "edge" and len(facts) == 1]
        facts = [(("edge" if answer else "non_edge"), f[1], None) for f in asked]
    if facts:
        a, b = origin[found[0][1]], ends[len(view.rstrip()) - 1]
        yield a, b, [(kind, nodes, value, a, b) for kind, nodes, value in facts]


_TWO_HEADED = re.compile(r"<(?=(?:=+|-+|~+)\s*\d+\s*(?:=+|-+|~+)>)")
_BOUND_ATTAINED = re.compile(
    r"\b(?:no|nothing|none)\b[^.;\d]{0,40}?\b(?:shorter|cheaper|lighter|lower|less|fewer|smaller)"
    r"\s+than\s+(?P<v>\d+)\b(?P<mid>[^.;]*?),?\s*(?:and|but|yet|while)\s+(?P=v)\s+(?:is|gets|"
    r"can\s+be|was)\s+(?:achieved|attained|reached|realised|realized|met|possible|hit)\b",
    re.I,
)
"""A lower bound said attained (``Nothing shorter than 4 connects A to B, and 4 is achieved``):
the value is the least, a distance."""


def _attained(view: str, bound: re.Match[str]) -> str:
    """``view`` with a bound said attained written as the least value (the same length)."""
    lead = bound.start("v") - bound.start()
    least = "cheapest".ljust(lead) if lead >= 9 else " " * lead
    return (
        view[: bound.start()] + least + view[bound.start("v") : bound.end("mid")]
        + " " * (bound.end() - bound.end("mid")) + view[bound.end() :]
    )  # fmt: skip


def refused(view: str) -> bool:
    """Whether a clause (seen through) is a question, plan, hypothesis, retraction, quotation,
    algorithm state, bound, comparison or arithmetic: no statement of a value."""
    return bool(_REFUSE.search(view) or HYPOTHETICAL.search(view) or _QUALIFIED.search(view))


def set_head(text: str, low: int, high: int) -> bool:
    """Whether the clause ``text[low:high]`` heads a set without listing it: a set cue with its
    k or radius (``Peeling done for k = 2.``, ``BFS from A, depth 2.``) and no list."""
    view, _ = see_through(text, low, high)
    return bool(_SET_CUE.search(view) and _K.search(view)) and ":" not in view


def _skeleton(view: str, found: list[tuple[str, int, int]]) -> str:
    """The clause with its names written ``N0, N1, ...``."""
    parts = []
    position = 0
    for index, (_, a, b) in enumerate(found):
        parts.append(view[position:a] + f" N{index} ")
        position = b
    parts.append(view[position:])
    return "".join(parts)


Decided = tuple[str, tuple[str, ...], int | None]


def _decide(skeleton: str, found: list[tuple[str, int, int]], values: list[int]) -> list[Decided]:
    """The claim the clause's structure states: distinct names, values, cue, polarity."""
    distinct = list(dict.fromkeys(node for node, _, _ in found))
    negative = _NEGATIVE.search(_NONE_ELSE.sub(" ", skeleton)) is not None
    words = re.sub(r"N\d+", " ", skeleton)
    edge = _EDGE_CUE.search(words) is not None or _KEYED_ANSWER.match(skeleton) is not None
    if not _ARITHMETIC.search(skeleton):  # "4 spokes, so degree 4": one value, said twice
        values = list(dict.fromkeys(values))  # (not "len(…) - 1 # = 1": a term, its result)
    if len(values) > 1:
        return []
    if len(found) == 2 == len(distinct) and len(values) == 1 and _ON_CONNECTOR.search(skeleton):
        pair = (distinct[0], distinct[1])  # "A ==7== B": the weight on the connector
        return [("edge", pair, None), ("edge_weight", pair, values[0])]
    if len(found) >= 3 and len(values) == 1 and not negative:
        chain = _CHAIN.search(skeleton)
        if chain is not None and _TOTAL_CUE.search(words):
            indices = [int(i) for i in re.findall(r"N(\d+)", chain.group())]
            if indices == list(range(len(found))):
                return [("path_total", tuple(node for node, _, _ in found), values[0])]
        return []
    if len(values) == 1 and values[0] in (0, 1) and len(found) == 2 == len(distinct):
        entry = _MATRIX_ENTRY.search(skeleton)  # "adj[A][B]  # 1 → edge": the matrix's entry
        if entry is not None and not _DISTANCE_CUE.search(words) and not _WEIGHT_CUE.search(words):
            if negative == (values[0] == 1):  # "# 1 → no edge": a gloss against it, unread
                return []
            return [("edge" if values[0] else "non_edge", (distinct[0], distinct[1]), None)]
    if len(values) == 1:
        value = values[0]
        if negative:
            return []
        if len(distinct) == 1:  # "|δ(A)| = 4 (edges at A)": one node, named twice
            degree = _DEGREE_CUE.search(words) is not None
            weight = _WEIGHT_CUE.search(words) is not None
            if (
                degree
                and not weight
                and not _DISTANCE_CUE.search(_without(words, "d"))
                and not _TRAVELLED.search(words)  # "the route to A takes 3 edges": no degree
            ):
                return [("degree", (distinct[0],), value)]
            routed = _ROUTE.search(words) or _CHEAPEST.search(_without(words, "d"))
            if weight and not degree and not edge and not routed:  # "the route to A costs 4":
                return [("node_weight", (distinct[0],), value)]  # a distance, no node weight
            return []
        if len(distinct) == 2 and len(found) == 2:
            pair = (distinct[0], distinct[1])
            distance = _DISTANCE_CUE.search(words) is not None
            weight = _WEIGHT_CUE.search(words) is not None
            if distance and not (weight and edge):
                return [("hops" if _HOP_CUE.search(words) else "distance", pair, value)]
            if value == 0 and edge:  # "edgesWith(B).length  // 0": no edge joins them
                return [("non_edge", pair, None)]
            weight = weight or _DIRECT.search(words) is not None  # "A to B directly is 7"
            named_edge = _THE_EDGE.search(words) is not None and not _DEGREE_CUE.search(words)
            weight = weight or named_edge  # "The edge joining A and B has been labelled 7"
            if weight and not distance and not _ROUTE.search(words):
                return [("edge", pair, None), ("edge_weight", pair, value)]
        return []
    if not edge and _MAPPED.match(skeleton) and _COMPLETE_WORD.search(words):
        edge = True  # "A ⇢ B, C (complete)": a node mapped to its whole list
    if not edge or _OWNED.match(skeleton):
        return []  # "Its edges go to A and B": another node's, no edge or list of the first
    if len(distinct) == 2 and len(found) == 2:
        if _DISTANCE_CUE.search(_without(words, "d")) or _WEIGHT_CUE.search(words):
            return []
        if UNOWNED_PAIR.match(skeleton):  # "Neighbours: A, B": whose list is said elsewhere
            return []
        worded = _COMPLETE_WORD.search(words) and _NEIGHBOUR_CUE.search(words)
        if not negative and (worded or (_COMPLETE.search(words) and _NEIGHBOUR_NOUN.search(words))):
            listed = _neighbours(skeleton, found)  # "N(A) = {B}": all of A's neighbours
            if listed:
                return listed
        return [("non_edge" if negative else "edge", (distinct[0], distinct[1]), None)]
    if len(distinct) >= 2 and not negative and _COMPLETE.search(words):
        return _neighbours(skeleton, found)
    return []


def _neighbours(skeleton: str, found: list[tuple[str, int, int]]) -> list[Decided]:
    """A head, a neighbour cue, and the list that ends the clause: all the head's neighbours."""
    if not _NEIGHBOUR_CUE.search(re.sub(r"N\d+", " ", skeleton)) and not _MAPPED.match(skeleton):
        return []
    head = _HEAD.match(skeleton)
    tail = _TAIL_HEAD.match(skeleton) if head is None else None
    if head is not None:
        if _unowned(skeleton, head):
            return []  # "Neighbours: B, C, D — all of them": B is an item, the owner unnamed
        after = _COMPLETE_WORD.search(skeleton, skeleton.index("N0"))
        if not after and "=" not in skeleton and not _WHOLE_LIST.search(skeleton):
            return []  # "Only A is linked to B": complete said of A's place, not A's list
        owner = found[0][0]
        items = [found[int(i)][0] for i in re.findall(r"N(\d+)", head.group("list"))]
    elif tail is not None and int(tail.group("head")) == len(found) - 1:
        owner = found[-1][0]
        items = [found[int(i)][0] for i in re.findall(r"N(\d+)", tail.group("list"))]
    else:
        return []
    if owner in items or len(items) != len(found) - 1:
        return []
    listed = tuple(dict.fromkeys(items))
    edges: list[Decided] = [("edge", (owner, n), None) for n in listed]
    return [*edges, ("neighbours", (owner, *listed), None)]


def _unowned(skeleton: str, head: re.Match[str]) -> bool:
    """The list :data:`_HEAD` matched starts at its first name (``B, C, D``): no owner named."""
    return _ITEM_GAP.fullmatch(skeleton, skeleton.index("N0") + 2, head.start("list")) is not None


def _without(words: str, word: str) -> str:
    """``words`` without the single letter ``word`` (``d`` is a distance only in a call)."""
    return re.sub(rf"\b{word}\b(?!\s*\()", " ", words)


def _set(view: str, found: list[tuple[str, int, int]]) -> list[Decided]:
    """A clique, k-core or hop ball: its cue, its k or radius, and the names it lists."""
    skeleton = _NONE_BELOW.sub(" ", _skeleton(view, found))  # "Once no node has degree …"
    if _NEGATIVE.search(_EXCLUDED.sub(" ", _NO_MORE_THAN.sub(" ", skeleton))):
        return []
    k = _K.search(view)
    if k is not None and k.lastgroup not in ("c5", "c6", "r7", "r8", "r11", "r16"):  # centre stays
        labelled = k.lastgroup in ("r9", "r10")  # "ball(A, 2)", "A ~(2)~> {…}": A stays
        low, high = k.span(k.lastgroup) if labelled and k.lastgroup else k.span()
        found = [m for m in found if not (m[1] < high and low < m[2])]
    names = list(dict.fromkeys(node for node, _, _ in found))
    skeleton = _skeleton(view, found)
    peeled = k is not None and k.lastgroup in ("c5", "c6")
    if peeled and (len(names) < 2 or not _REMAIN.search(skeleton)):
        return []  # "after removing every vertex of degree < 2, A has degree 1": no set
    written = None if k is None else next(g for g in k.groups() if g is not None)
    value = None
    if written is not None:
        value = int(written) if written.isdigit() else NUMBER_WORDS[written.lower()]
    radius = k is not None and k.lastgroup is not None and k.lastgroup.startswith("r")
    if _CLIQUE.search(skeleton) and len(names) >= 3 and not radius:
        return [("clique", tuple(names), None)]
    if _CORE.search(skeleton) and value is not None and not radius and names:
        return [("k_core", tuple(names), value)]
    if radius and value is not None and len(names) >= 2:
        centre = _CENTRE.search(skeleton)
        if centre is None and k is not None and _WORDED.search(view, k.end(), found[0][1]):
            return []  # "everything within 2 hops is A, B": no centre named, none guessed
        at = 0 if centre is None else int(next(g for g in centre.groups() if g is not None))
        source = found[at][0]
        items = tuple(n for n in names if n != source)
        if len(items) == 1 and _ONE_BOUNDED.match(skeleton):
            return []  # "B is within 2 hops of A": a bound on the pair's distance, no ball
        return [("within_hops", (source, *items), value)]
    return []


_ONE_BOUNDED = re.compile(r"\s*N\d+\s+(?:is|lies|sits|stays|remains)\b", re.I)
"""One node said to be within a bound of another: the pair's distance bounded, not a ball."""
