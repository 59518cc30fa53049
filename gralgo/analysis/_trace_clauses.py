"""Read graph facts from a clause's structure, for wording no pattern was written for.

A line is split into clauses (sentences, ``;``, ``but``, ``, so``); in each clause the node
names are found exactly (every word run that the certificate reader's resolver names, longest
first) and the numbers beside them, and the clause is reduced to a skeleton: ``N0 is linked
with N1``, ``the distance of N1 from N0 is #0``. A small lexicon of relation cues (edge,
weight, degree, distance, sets), negation, and question / hypothesis / plan / algorithm-state
markers then decides what, if anything, the clause asserts: how many distinct nodes it names,
how many numbers, which cue, whether a negation governs the cue. Anything ambiguous (two
numbers for one value, a negation that governs no cue, a plan, a question) is read as no claim.

Also here: calls and indexings with any function name from the lexicon (``cost(A, B) = 7``,
``Neighbours(A) = {B, C}``, ``w[A] = 5``). :mod:`gralgo.analysis._trace_claims` runs this
reader on every line and keeps its facts where its own patterns read nothing of the same
family in the same clause.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from gralgo.score import NodeNames

Fact = tuple[str, tuple[str, ...], int | None, int, int]
"""``(kind, nodes, value, start, end)``: a claim as :class:`~._trace_reading.Claim` holds it."""
Resolve = Callable[[str], "str | None"]

FAMILIES = {
    "edge": "edge",
    "non_edge": "edge",
    "neighbours": "edge",
    "edge_weight": "weight",
    "node_weight": "weight",
    "degree": "degree",
    "distance": "distance",
    "hops": "distance",
    "path_total": "distance",
    "clique": "set",
    "k_core": "set",
    "within_hops": "set",
}
"""Claim kinds that say the same sort of thing: a clause whose patterns read one of a family
gets none of that family from this reader."""

# ---------------------------------------------------------------------------------------------
# Finding the names and numbers of a clause

_RUN = re.compile(r"\w+")
_NameIndex = tuple[frozenset[str], int, dict[str, int]]
_NAME_INDEX: weakref.WeakKeyDictionary[NodeNames, _NameIndex] = weakref.WeakKeyDictionary()


def _name_index(names: NodeNames) -> _NameIndex:
    """The first word (lower case) of every name, the most words in one name, and each node's
    number of words."""
    found = _NAME_INDEX.get(names)
    if found is None:
        runs = {node: _RUN.findall(str(node).casefold()) for node in names.nodes}
        firsts = frozenset(words[0] for words in runs.values() if words)
        counts = {node: len(words) for node, words in runs.items()}
        found = (firsts, max(counts.values(), default=1), counts)
        _NAME_INDEX[names] = found
    return found


_NUMERIC_MENTION = re.compile(r"\b(?:nodes?|vertex|vertices)\s+(\d+)\b", re.I)
# With an edge cue in the clause: "(3, 5) is an edge", "the 3-5 edge"
_NUMERIC_PAIR = re.compile(
    r"(?<![\w.])\(\s*(\d+)\s*,\s*(\d+)\s*\)|(?<![\w.])(\d+)\s*[-–—]\s*(\d+)(?=\s+edge\b)"
    r"|(?:(?<=\bedge\s)|(?<=\blink\s)|(?<=\bedge\s\()|(?<=\bfor\s))(\d+)\s*[-–—~]\s*(\d+)(?![\w.]|\s*[-+*/]\s*\d)"
    r"|(?<![\w.])(\d+)\s*[/–—-]\s*(\d+)(?=\s*:\s*(?:(?:not\s+|no\s+)?(?:connected|adjacent|linked|edge)|"
    r"missing|absent|not\s+(?:present|listed|given|found)))",
    re.I,
)  # "(3, 5) is an edge", "the 3-5 edge", "edge 3~5", "the weight for 3-5", "- 3 / 5: not connected"
# A pair of bare ids keying a clause or named by a distance: "- 2 ⇝ 5: shortest distance 7",
# "• 2, 5 → not adjacent", "1 -x- 6: no edge", "Distance 7→6 = 2"
_ID_JOIN = r"\s*(?:->|→|⇝|-x-|,|[/–—-])\s*"
_KEYED_IDS = re.compile(
    r"[-*•+\s]*(\d+)" + _ID_JOIN + r"(\d+)(?=\s*(?:->|[:=→⇒])\s*(?:not\b|no\b|shortest|dist|"
    r"hops?\b|(?:not\s+)?(?:adjacent|connected|linked)\b))",
    re.I,
)
_NAMED_IDS = re.compile(
    r"(?:(?<=\bdistance\s)|(?<=\bdist\s)|(?<=\bhops\s))(\d+)" + _ID_JOIN + r"(\d+)(?=\s*[:=])", re.I
)
_MAPPED_ID = re.compile(r"[-*•+\s]*(\d+)\s*(?:->|→|⇒|=>|:)\s*(?=deg(?:ree)?\b)", re.I)
_GONE = re.compile(r"\b(?:missing|absent|not\s+(?:present|listed|given|found))\b", re.I)
_ID_SET = re.compile(
    r"\\?\{\s*(\d+(?:\s*,\s*\d+)+)\s*\\?\}|:\s*(\d+(?:\s*,\s*\d+)+)\s*\.?\s*$"
)  # in a set's braces, or the list after a colon that ends the clause
_RADIUS_WRITTEN = re.compile(r"(?:≤|<=|\\le|within|at\s+most)\s*\d+\s+hops?\b", re.I)
_NUMERIC_MORE = re.compile(r"\s*(?:,|and|&|or)\s*(?:node\s+)?(\d+)\b(?!\s*[-+*/=])", re.I)


def mentions(
    text: str, low: int, high: int, names: NodeNames, resolve: Resolve
) -> list[tuple[str, int, int]]:
    """The nodes named in ``text[low:high]``, left to right, each as the longest run of words
    that the resolver names (``node 3`` and ``nodes 3 and 5`` under numeric ids)."""
    found: list[tuple[str, int, int]] = []
    if names.numeric_ids:
        for match in _NUMERIC_MENTION.finditer(text, low, high):
            node = names.resolve(match.group(1))
            if node is None:
                continue
            found.append((node, match.start(), match.end()))
            if match.group().lower().startswith(("nodes", "vertices")):
                position = match.end()
                while (more := _NUMERIC_MORE.match(text, position, high)) is not None:
                    other = names.resolve(more.group(1))
                    if other is None:
                        break
                    found.append((other, more.start(1), more.end()))
                    position = more.end()
        if _SET.search(text, low, high) or _RADIUS_WRITTEN.search(text, low, high):
            for braces in _ID_SET.finditer(text, low, high):  # "the 2-core = {0, 1, 4}": bare ids
                group = 1 if braces.group(1) is not None else 2
                for match in re.finditer(r"\d+", braces.group(group)):
                    node = names.resolve(match.group())
                    if node is not None:
                        at = braces.start(group) + match.start()
                        found.append((node, at, at + len(match.group())))
        keyed = _KEYED_IDS.match(text, low, high) or _NAMED_IDS.search(text, low, high)
        if keyed is not None and not found:
            pair = [(names.resolve(keyed.group(i)), keyed.start(i), keyed.end(i)) for i in (1, 2)]
            found += [(node, a, b) for node, a, b in pair if node is not None]
        elif not found and (mapped := _MAPPED_ID.match(text, low, high)) is not None:
            node = names.resolve(mapped.group(1))  # "3 ⇒ deg 2": a node mapped to its degree
            if node is not None:
                found.append((node, mapped.start(1), mapped.end(1)))
        elif _EDGE.search(text, low, high) or _GONE.search(text, low, high):
            for match in _NUMERIC_PAIR.finditer(text, low, high):
                groups = [i for i in range(1, 9) if match.group(i) is not None]
                pair = [
                    (names.resolve(match.group(i)), match.start(i), match.end(i)) for i in groups
                ]
                found += [(node, a, b) for node, a, b in pair if node is not None]
        return sorted(found, key=lambda mention: mention[1])
    firsts, most, counts = _name_index(names)
    runs = list(_RUN.finditer(text, low, high))
    i = 0
    while i < len(runs):
        if runs[i].group().casefold() not in firsts:
            i += 1
            continue
        start = runs[i].start()
        best = None
        for j in range(min(len(runs), i + most) - 1, i - 1, -1):
            node = resolve(text[start : runs[j].end()])
            if node is not None and counts.get(node) == j - i + 1:  # "Kyoto = 3" is no name
                best = (node, j)
                break
        if best is None:
            i += 1
            continue
        found.append((best[0], start, runs[best[1]].end()))
        i = best[1] + 1
    return found


NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
"""Counts spelled out (``has three neighbours``): numbers like digits."""
# A number in digits or words; "one of", "the one", "no one" are no count
_NUMBER = re.compile(
    r"(?<![\w.])\d+(?!\w|\.\d)|(?=[zotfsen])(?<![\w'’-])(?<!\bthe\s)(?<!\bno\s)(?<!\bthis\s)"
    r"(?<!\bthat\s)(?<!\beach\s)(?:" + "|".join(NUMBER_WORDS) + r")(?![\w'’-])"
    r"(?!\s+of\b(?!\s+the\s+(?:listed\s+|given\s+|input\s+)?edges))"
    r"(?!\s+(?:by|at\s+a))|(?<=\ba\s)single(?=\s+(?:hop|step|move|edge)s?\b)",
    re.I,
)
_WORD_VALUES = {**NUMBER_WORDS, "single": 1}  # "in a single step"
_NOT_A_VALUE = re.compile(
    r"\d+\s*-\s*(?:core|hop(?!\s+(?:trip|path|route|journey|walk|distance|count)))\b|(?:step|round|iteration|(?<!\bat\s)(?<!\bon\s)(?<!\bin\s)level)"
    r"\s+\d+",
    re.I,
)

# ---------------------------------------------------------------------------------------------
# Clauses and their skeletons

_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?])(?<!\bexcl\.)(?<!\bincl\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)\s+(?=\S)"
    r"(?!(?:no\s+others?|nothing\s+(?:else|more)|nobody\s+else)[.!]?\s*$)|[.!?]$|"
    r"(?<!\\);(?!\s*(?:and\s+)?(?:no\s+others?|nothing\s+(?:else|more)|nobody\s+else|that['’]s\s+all)\b)\s*|"
    r"(?<!\bnobody)(?<!\bno\sone)(?<!\bnone)(?<!\bnothing)\s+but\s+|,\s+(?:so|but|which|whereas|while|hence|then|"
    r"not(?!\s+counting\b)(?!\s+an?\s+[\w-]+\s+of\b))\s+|\s+so\s+(?=(?:the|it|we|this)\b)|,?\s+and\s+(?=(?:it\s+)?(?:has|is|connects|links|"
    r"touches|weighs)\b)|,\s+(?=(?:i|we)['’]d\s|(?:i|we)\s+would\s|no\s+(?:[\w-]+\s+){0,2}"
    r"(?:needed|required)\b)",  # "…, I'd need another node", "…, no detour needed": apart
    re.I,
)
# A line's lead: a bullet, a task box ("- [ ] "), a bold label, a discourse word
CHECKED = (
    r"(?=[^:\n?]{1,80}:(?:[^\n?]*(?:✓|✔|☑|✗|✘|❌|\b(?:yes|no|true|false|confirmed|found|"
    r"present|absent|missing|holds|fails|edge|adjacent|connected|listed)\b)|"
    r"[^\n?]*?(?<![\w.])(?:\d+|" + "|".join(NUMBER_WORDS) + r")\s*[.!]?\s*$))"
)
"""What makes ``check``, ``verify`` or ``test`` a result, not a plan: a verdict after the colon
that follows the thing checked (``check A -> B: found in the edge list ✓``), or the one value
that ends the clause there (``Degree check, A: 4``)."""
_LEAD = re.compile(
    r"\s*(?:[-*•>]\s+|\d+[.)]\s+|[a-zA-Z]\)\s+|#+\s+)?(?:\[[\sxX✓✔]?\]\s+)?(?:\*\*[^*]{1,30}\*\*:?\s*)?"
    r"(?:(?:yes|no|ok(?:ay)?)\s*[,:!.]\s*|(?:so|thus|hence|therefore|wait|hmm+|right|alright|now|"
    r"and|also|then|actually|indeed|great|good|correct|well|oh|ah|first|next|similarly|likewise|"
    r"again)\b[,:!.]?\s+|(?:check|verify|test)\w*\s+" + CHECKED + r"|"
    r"(?:step|stage|phase)\s+\d+\s*[:.)]\s*)*",
    re.I,
)  # a check with its verdict leads its result ("check A -> B: found ✓"), a step's number too
_CLOSING = "\"'”’)*`"
"""Marks that may close a question (``"Is A adjacent to B?"``)."""
_QUESTION_START = re.compile(
    r"(?:is|are|does|do|did|can|could|should|would|was|were|has|have|will|what|which|how|why)\b",
    re.I,
)
_HYPOTHETICAL_WORDS = frozenset(
    "if suppose supposing assume assuming whether could might may maybe perhaps probably possibly "
    "let let's need needs want going have try trying check checking verify verifying find finding "
    "compute computing calculate calculating consider considering look looking unless wonder "
    "guess expect not unsure hypothetical hypothetically should must plan will i'll we'll "
    "otherwise instead else either unknown unclear assumed presumed thought believed imagine "
    "imagined pretend add adding insert inserting remove removing delete deleting mistake mistaken "
    "mistakenly wrong wrongly erroneous erroneously incorrect incorrectly confused confusing "
    "misread misremembered mixed i wrote said claimed called stated had were complement asks asked "
    "prompt quoting quote quoted confirm confirmed verified established certain know proven "
    "proved checked suspect suspects suspected suspecting sake case provided providing long "
    "condition whenever scanning searching".split()
)
"""The first words of :data:`_HYPOTHETICAL`'s markers (a cheap test before the pattern)."""
METRIC_IF = (
    r"\s+(?:we\s+|you\s+|one\s+)?(?:(?:the\s+|all\s+)?(?:edge\s+)?weights?\s+(?:are|is)\s+"
    r"(?:ignored|dropped|disregarded|set\s+aside)|ignores?\s+(?:the\s+)?(?:edge\s+)?weights?|"
    r"(?:count|counting)\s+(?:only\s+)?(?:edges|hops))\b"
)
"""What follows ``if`` where it names the measure, not a supposition (``B is 2 edges away from
A if the weights are ignored``: a hop count)."""
CONDITIONAL = (
    r"in\s+case|provid(?:ed|ing)\s+that|as\s+long\s+as|on\s+(?:the\s+)?condition\s+that|"
    r"whenever"
)
"""Subordinators other than ``if`` that open a condition (``In case A and B turn out to be
adjacent, …``, ``provided that A and B connect``): what follows is supposed, not claimed."""
_STATING = (
    r"\s+(?:just\s+)?(?:(?:note|record|say|state|mention|remark|observe|write\s+down|jot\s+down)"
    r"\s+(?:here\s+)?that\b|(?:note|record|write\s+down|jot\s+down)\s+[^,:;?\n]{1,80},\s*\d+\s*,)"
)
"""A verb of stating with its ``that`` after ``I'll`` / ``let me`` (``I'll note that A …``,
``let me record that …``), or a verb of recording whose object carries its value set off by
commas (``I'll note A's degree, 4, and …``): what follows is stated, not planned."""
HYPOTHETICAL = _HYPOTHETICAL = re.compile(
    r"\b(?:if(?!" + METRIC_IF + r")|" + CONDITIONAL + r"|"
    r"suppose|supposing|assume|assuming|whether|could|might|may|"
    r"maybe|perhaps|"
    r"probably|possibly|sake\s+of\s+argument|argument['’]s\s+sake|"  # a supposition, and
    r"let\s+(?!me\b|us\b)[^.;:\n]{1,160}?\s+be\b|"  # "let A be adjacent to B", "let (A, B) be"
    r"(?:let\s+me|let's|let\s+us)(?!\s+(?:list|enumerate|recall|note|count|recount|tally|write\s+"
    r"(?:down|out)|spell\s+out|redo|re-?do|re-?add|re-?check|re-?examine|go\s+over)\b[^:\n]*:\s*\S)"
    r"(?!" + _STATING + r")"
    r"(?!\s+(?:verify|check|double-check|re-?check|confirm)\b" + CHECKED + r")|"
    r"needs?\s+(?:to|the|an?|\w+(?:\s+\w+)?\s+to)|want\s+to|going\s+to|"
    r"have\s+to|try(?!\s+[A-Za-z_][\w.]*\s*\()|trying|check(?!\s*(?:\([^)\n]*\)\s*)?:)(?!"
    + CHECKED
    + r")|checking|"
    r"verify(?!\s*:)(?!" + CHECKED + r")|verifying|find|finding|compute|"
    r"computing|calculate|calculating|consider|considering|look\s+at|looking\s+for|"
    r"(?:scanning|searching)(?:\s+[^.;:\n]{0,30}?)?\s+for|unless|wonder|guess|"
    r"expect|not\s+sure|unsure|hypothetical(?:ly)?|should|must|plan|will|"
    r"(?:i|we)'ll(?!" + _STATING + r")|"
    r"otherwise|"
    r"instead|(?<!nothing\s)(?<!none\s)(?<!one\s)(?<!nobody\s)(?<!nowhere\s)else|"
    r"either(?![\s\"'”’)*`]*[.!;]?[\s\"'”’)*`]*$)|unknown|unclear|"  # (not "no edge A–B either.")
    r"assumed|presumed|thought|believed|imagined?|pretend|suspect\w*|"  # a belief: "I assumed ..."
    r"(?:add|adding|insert\w*|remov\w*|delet\w*)\s+(?:an?\s+|the\s+)?(?:new\s+)?edge|"
    r"mistak\w*|wrong(?:ly)?|erroneous\w*|incorrect(?:ly)?|confus\w*|misread|misremember\w*|"
    r"mixed\s+up|i\s+(?:wrote|said|claimed|called|stated)|complement|"  # retracted, another graph
    r"asks|asked|prompt|quot(?:e|ed|ing)|"  # the question quoted, not answered
    r"(?:not|cannot|never|\w+n['’]t)\s+(?:\w+\s+){0,2}?(?:confirm\w*|verif\w*|establish\w*|"
    r"certain|sure|know|checked|prove[dn]?)|"  # "I haven't confirmed that A connects to B"
    r"^(?:had|were)(?=\s))\b",
    re.I,
)
_STATE = re.compile(
    r"\b(?:unvisited|unexplored|visited|explored|remaining|left|new|more|still|yet|processed|"
    r"unprocessed|uncolou?red|colou?red|candidates?|fewer|less|"
    r"least(?!\s+(?:total\s+)?(?:cost|weight|distance))|most|than|tentative|"
    r"tentatively|current|currently|(?:so\s+)?far|update|updated|updating|relax|relaxing|relaxed|"
    r"estimate|bound|inf|infinity|queue|stack|frontier|pop|push|popped|pushed|min|max|"
    r"common|mutual|both|each|every|all|another|third|previous|before|after|within|via|now|"
    r"differ\w*|closer|farther|nearer|"  # a comparison of two values
    r"through|until|at\s+(?:the\s+)?(?:very\s+)?least)\b|<|(?<![-=])>|[≤≥∞+]|#\d+\s*[-−*/]\s*#\d+",
    re.I,
)
# Algorithm state: a degree, distance or neighbour list said of it is not the graph's
_IN_FLUX = re.compile(
    r"\b(?:tentative\w*|current(?:ly)?|(?:so\s+)?far|updat\w*|relax\w*|remov\w*|remaining|still|now|"
    r"new|estimate\w*|bound|unvisited|visited|unexplored|explored|processed|unprocessed|left|"
    r"popped|pop|push\w*|queue|frontier|stack|after|before|iteration)\b",
    re.I,
)
IN_FLUX = "in_flux"
ROUTED = "routed"
"""The kind of a fact that says: this clause names a route through a node (``A connects to B
through C``): no claim, and it overrules the patterns' edge claims there."""
_ROUTE_WORDS = re.compile(r"\b(?:through|via)\b", re.I)
_VIA = re.compile(r"\b(?:through|via|by\s+way\s+of)\s+N\d+", re.I)
"""The kind of a fact that says: this clause is about algorithm state (no claim; it overrules
the patterns' degree, distance and neighbour-list claims there)."""
_NEGATION = re.compile(
    r"\b(?:not|no|never|none|neither|nor|without|cannot|nothing|lacks?|missing|absent|"
    r"nonexistent)\b|n[’']t\b|\b(?:dis|un|non-?)(?:connected|adjacent|linked|joined|neighbou?rs?)\b",
    re.I,
)

_EDGE_CUE = (
    r"(?:(?:dis|un|non-?)?connect\w*|adjacen\w*|adjoin\w*|link\w*|edges?|neighbou?r\w*|join\w*|incident|"
    r"touch\w*|share\w*|"
    r"roads?|hooked|directly\s+reachable|border(?:s|ed|ing)?|abut(?:s|ted|ting)?)"
)
_EDGE = re.compile(r"\b" + _EDGE_CUE, re.I)
_GOVERNED = re.compile(
    r"(?:\b(?:not|no|never|lacks?|nothing)\b|n[’']t\b)(?:\s+\S+){0,3}?\s+" + _EDGE_CUE + r"\b"
    r"|\bnot\s+(?:one\s+of|among)\s+(?:\S+\s+){0,4}?" + _EDGE_CUE + r"\b"  # "not one it touches"
    r"|\b(?:dis|un|non-?)(?:connected|adjacent|linked|joined|neighbou?rs?)\b|\b(?:missing|absent|nonexistent)\s+"
    r"(?:\w+\s+)?(?:edge|link|connection|road)|\b(?:edge|link|connection|road)\b.*\b(?:is|are)\s+"
    r"(?:missing|absent)|\b(?:does\s+not|doesn['’]t)\s+exist",
    re.I,
)
_WEIGHT = re.compile(r"\b(?:weigh\w*|w|worth|carr(?:y|ies|ying))\b", re.I)
# "going directly from A to B costs 7": an edge weight, not a route
_SUBSCRIPT = re.compile(r"_\{[^{}N#]*\}")
"""A function's subscript naming no node or value (``d_{G,w}``): its letters are no cue."""
_DIRECT = re.compile(r"\b(?:direct(?:ly)?|straight)\b", re.I)
_COST = re.compile(r"\b(?:costs?|length)\b", re.I)
_DEGREE = re.compile(
    r"(?:\bdeg(?:ree)?s?\b\.?|\bvalency|#\d+\s+(?:other\s+)?(?:neighbou?rs|edges|connections|links|"
    r"adjacent\s+(?:nodes|vertices)|incident\s+edges)\b|\bcount\w*\s+(?:the\s+|its\s+|N\d+\s*['’]s\s+)?"
    r"(?:edges|neighbou?rs|connections|links)\b|(?<!minimum\s)(?<!fewest\s)(?<!smallest\s)"
    r"(?:number|count)\s+of\s+"
    r"(?:neighbou?rs|edges|connections)\b|neighbou?r\s+count\b|(?:appears|shows\s+up|occurs|is\s+"
    r"listed)\s+in\s+#\d+\s+(?:of\s+the\s+)?(?:listed\s+|given\s+|input\s+)?edges\b|"
    r"connected\s+to\s+#\d+\s+"
    r"(?:other\s+)?(?:nodes|vertices)\b)",
    re.I,
)
# A hop distance as the fewest edges, or as a BFS level from the source
_FEWEST = r"\b(?:minimum|min|fewest|smallest|least)\s+(?:number\s+of\s+)?(?:edges|hops|steps)\b"
_BFS_LEVEL = (
    r"\b(?:level|depth|layer)\b(?=.*\b(?:bfs|breadth))"
    r"|\b(?:bfs|breadth)\b.*\b(?:level|depth|layer)\b"
)
_DISTANCE = re.compile(
    r"(?:\bdist(?:ance)?s?\b\.?|\bshortest|\bhops?\b|#\d+\s+(?:units?\s+)?away\b|\b(?:minimum|min|lowest|least|smallest|"
    r"cheapest|fewest)\s+(?:total\s+)?(?:cost|weight|distance|total|hops|edges)|\b(?:dijkstra|bellman)|#\d+\s+(?:hops?|edges?|steps?)\s+(?:away|apart)|"
    r"in\s+(?:a\s+)?#\d+\s+(?:hops?|steps?|moves?)\b|\b(?:cheapest|lowest-cost|least-cost|optimal|"
    r"best|minimal|lightest)\s+(?:way|route|path|walk)|" + _FEWEST + "|" + _BFS_LEVEL + ")",
    re.I,
)
# a call's argument that switches weights off: "distances(g, A, B, weights = NA)", "weight=None"
_UNWEIGHTED_ARGUMENT = r"\bweight(?:s|ed)?\s*=\s*(?:NA|None|nothing|null|nil|false|F|FALSE)\b"
_HOP_WORDS = re.compile(
    r"\bhops?\b|\bunweighted\b|\bignoring\s+(?:the\s+)?weights\b|"
    r"\bnumber\s+of\s+(?:edges|hops|steps)\s+(?:on|along|in)\b|\bunit\s+(?:edge\s+)?(?:lengths?|weights?|costs?)\b|#\d+\s+(?:edges?|steps?)\b|in\s+(?:a\s+)?#\d+\s+(?:steps?|moves?)\b|"
    + _FEWEST
    + "|"
    + _BFS_LEVEL
    + "|"
    + _UNWEIGHTED_ARGUMENT,
    re.I,
)
_ROUTE = re.compile(
    r"\b(?:path|route|walk|going|go|get|getting|travel\w*|(?<!directly\s)reach\w*|total|sum)\b",
    re.I,
)
# A weight entry: "A-B is 7", "A to B = 7" (the whole clause; "going from A to B costs 7" is not)
_DASH_PAIR = re.compile(
    r"^(?:N(\d+)\s*(?:--|-|–|—|\s(?:to)\s)\s*N(\d+)|\(\s*N\d+\s*,\s*N\d+\s*\))\s*"
    r"(?:=|:|is|weighs|→|->|⇒)\s*#\d+\s*$",
    re.I,
)  # "A-B is 7", "A to B = 7", "(A, B) → 7"
_MINIMAL = re.compile(
    r"(?<=#\d)(?=\D)(?:(?!#\d).)*?(?P<marker>[,;]?\s*\b(?:no\s+(?:fewer|less|lower|shorter|shortcuts?)|"
    r"at\s+(?:the\s+)?(?:best|fewest)|not\s+(?:fewer|less))\b(?:\s+than\s+that)?)",
    re.I,
)  # after the count: "4 hops, no fewer", "in three hops at best" ("at least 3" is a bound)
_INPUT = (
    r"(?:the\s+)?(?:input|graph|edge\s+(?:list|set)|list\s+of\s+edges|adjacency\s+list|"
    r"given\s+edges|E|G)\b"
)
"""The graph's input, where a pair is said to be (or not to be)."""
# An edge written as a pair said to be (or not to be) in the graph's input: "A–B isn't in the
# input", "(A, B) is not in the edge list"
_GIVEN = re.compile(
    r"^(?:the\s+)?(?:edge\s+)?(?:N\d+\s*(?:--|-|–|—|~)\s*N\d+|\(\s*N\d+\s*,\s*N\d+\s*\))\W*"
    r"(?:is|was|appears)(?P<neg>\s*n['’]t|\s+not|\s+never|\s+nowhere)?\s+(?:(?:listed|given)\s+)?"
    r"(?:in|on|part\s+of|among)\s+" + _INPUT,
    re.I,
)
# A pair keyed by a colon and said to be absent: "A–B: not present", "(A, B): missing", also
# from the input: "A–B: missing from the graph"
_ABSENT = re.compile(
    r"^(?:(?:edge|pair)\s+(?:check\s+)?)?(?:N\d+\s*(?:--|-|–|—|~|/)\s*N\d+|\(\s*N\d+\s*,\s*N\d+\s*\))\W*:\s*(?:(?P<neg>not\s+(?:"
    r"present|there|listed|given|found|in\s+(?:the\s+)?(?:input|graph|list))|absent|missing|nonexistent|no)"
    r"|present|exists|listed|found|yes)(?:\s+(?:from|in|on)\s+" + _INPUT + r")?\W*$",
    re.I,
)
_SET = re.compile(
    r"\b(?:cliques?|triangles?|#\d+-core|core)\b|\bC_\{?#?\d+\}?\s*=|core_\{?#?\d|\bk_core\b", re.I
)

_LIST = r"N\d+(?:\s*(?:,|and|&|;)\s*(?:and\s+)?N\d+)*"
_NEIGHBOUR_NOUN = (
    r"(?:neighbou?rs|neighbou?rhood|neighbou?r\s+(?:set|list)|adjacency(?:\s+list)?|"
    r"adjacent\s+(?:nodes|vertices))"
)
_OPENER = (
    r"\s*(?P<open>(?:would\s+be|are|is|were|=|:|include|includes|including|consists?\s+of|→|->|⇒|"
    r"=>|,?\s*(?:i|we)\s+(?:get|see|have|obtain)|give|gives|yield|yields|go\s+to|lead\s+to)?"
    r"\s*[:=]?)\s*(?:(?:exactly|only|just|precisely)\s+)?"
)
_NEIGHBOUR_LIST = re.compile(
    r"(?:N(?P<h1>\d+)\s*(?:'s|’s)?\s*(?:has\s+)?(?:the\s+)?(?:[a-z]+\s+){0,2}" + _NEIGHBOUR_NOUN
    + r"|(?:the\s+)?" + _NEIGHBOUR_NOUN + r"\s+(?:of|for)\s+N(?P<h2>\d+)"
    + r"|for\s+N(?P<h3>\d+)\s*,\s*(?:the|its)\s+" + _NEIGHBOUR_NOUN
    + r"|(?:directly\s+)?(?:adjacent|connected|linked)\s+to\s+N(?P<h4>\d+)\s*(?=:)"
    + r"|(?:the\s+)?(?:nodes|vertices|neighbou?rs)\s+(?:directly\s+)?(?:adjacent|connected|linked)"
    r"\s+to\s+N(?P<h7>\d+)(?=\s+are\b)"
    + r"|(?:the\s+)?(?:[a-z]+\s+)?(?:list|set)\s+of\s+(?:nodes|vertices)\s+(?:directly\s+)?adjacent"
    r"\s+to\s+N(?P<h8>\d+)(?=\s+is\b)"
    + r"|(?:the\s+)?edges\s+(?:touching|at|of|incident\s+to|around|out\s+of)\s+N(?P<h5>\d+)\s*,?"
    + r"|\badjacency(?:\s+list)?\b[^N]*N(?P<h6>\d+)\s*(?=→|->|⇒))"
    + _OPENER + r"[\[{(]?\s*(?P<list>" + _LIST + r")\s*[\]})]?\s*$",
    re.I,
)  # fmt: skip
# What makes a list after "A connects to" all of A's neighbours: "only", "exactly", "and nothing
# else", "that's all (of its neighbours)"
_COMPLETE = re.compile(
    r"\s*[,;:—–-]*\s*(?:and\s+)?(?:(?:to\s+)?nothing\s+(?:else|more)|no\s+others?|none\s+else|"
    r"no\s+other\s+(?:edges?|neighbou?rs?|nodes?|vertices)(?:\s+[\w']+){0,3}|"
    r"\(\s*(?:that['’]?s\s+)?(?:the\s+)?(?:full|complete|whole|entire)\s+(?:list|set)\s*\)|"
    r"that['’]?s\s+(?:all|it|the\s+lot|everything|(?:the\s+)?(?:whole|full|complete|entire)\s+"
    r"(?:list|set|row))|exhaustive(?:ly)?|in\s+full"
    r"(?:\s+(?:of\s+)?(?:its|their|the)\s+neighbou?rs)?|(?:those|these)\s+are\s+all(?:\s+of\s+"
    r"(?:its|the)\s+neighbou?rs)?)\s*$|(?P<lead>N\d+\s+)(?:only|exclusively)\s+(?=\w)|"
    r"(?<=\bto)\s+(?:only|exactly|just)(?=\s+N\d)|"
    r"\s*\(\s*(?:all\s+of\s+them|(?:the\s+)?(?:full|complete|whole)\s+(?:list|set)|complete)\s*\)|"
    r"\s+(?:and\s+)?(?:no\s+(?:more|others?)|nothing\s+(?:more|else))(?=\s*:)",
    re.I,
)
_COMPLETE_CUE = re.compile(
    r"only|exactly|just|else|all|other|none|full|complete|whole|entire|more|lot|everything|"
    r"exhaustive",
    re.I,
)
_COMPLETE_WORDS = frozenset(
    "only exactly precisely just else all others other full complete whole entire more lot "
    "everything exhaustive exhaustively".split()
)
_PARTIAL = re.compile(
    r"\b(?:include|includes|including|among|such\s+as|some|also|e\.g|like)\b|\b(?:one|two|three|"
    r"four|five|six|seven|eight|nine|ten|several|few|many|most|both)\s+of\b",
    re.I,
)  # "two of A's neighbours are B and C" is no complete list
_EXACT_SET = re.compile(r"\b(?:exactly|precisely)\s+N\d+\s*(?:,|and|&)\s*N\d+\W*$", re.I)
"""Two names said to be exactly the set a clause ends in (``Looking at the edges: exactly A and
B``, the answer to whose neighbours they are): no edge between them."""
UNOWNED_PAIR = re.compile(
    r"(?:(?!N\d).)*?(?:\bneighbou?r|\badjacency\b|\badjacent\s+to\s+(?:it|this|that)\b|"
    r"\b(?:it|this\s+one|that\s+node)\s+(?:touches|connects\s+to|links\s+to)\b)(?:(?!N\d).)*?"
    r"N0\s*(?:,|&|\band\b)\s*(?:and\s+)?N1\b(?!.*\b(?:are|is|share|both|each\s+other)\b)",
    re.I,
)
"""A neighbour noun or a pronoun's verb before a two-name list (``Neighbours: A, B``, ``it
touches A and B and only those``): the list's owner is not in the clause, no edge A–B."""
_HEAD_LIST = re.compile(
    r"^(?:(?!N\d).)*?N(?P<head>\d+)(?P<mid>(?:(?!N\d|#\d).)*?)\s(?P<list>" + _LIST + r")\s*$"
)
_K_CORE = re.compile(
    r"#(?P<n1>\d+)-core|(?P<d1>\d+)-core|"
    r"\b(?P<w>zero|one|two|three|four|five|six|seven|eight|nine|ten)-core|"
    r"\bC_\{?#(?P<n2>\d+)\}?\s*=|\bcore_\{?(?P<d2>\d+)|\bcore_\{?#(?P<n3>\d+)|"
    r"\bk_?core\s*\([^)]*?\bk\s*=\s*#(?P<n4>\d+)|\bk\s*=\s*#(?P<n5>\d+)\b.*\bcore\b",
    re.I,
)  # "the 3-core", "the three-core", "$C_{3} = \{…\}$"
_PARTS = re.compile(
    r"\b(?:components?|clusters?|partitions?|parts?|communit\w*|groups?|class\w*)\b", re.I
)
_SET_LIST = re.compile(r"[\[{(]?\s*(" + _LIST + r")\s*[\]})]?")
_BALL = re.compile(
    r"(?:within\s+(?:a\s+)?(?:(?:hop\s+)?distance\s+(?:of\s+)?)?(?:#(?P<a>\d+)|(?P<b>\d+))\s+(?:hops?\s+)?|(?:#(?P<c>\d+)|(?P<d>\d+))-hop\s+"
    r"neighbou?rhood\s+)(?:of|from)\s+N(?P<src>\d+)" + _OPENER
    + r"[\[{(]?\s*(?P<list>" + _LIST + r")\s*[\]})]?\s*$",
    re.I,
)  # fmt: skip


_MARKED: weakref.WeakKeyDictionary[NodeNames, tuple[str, ...]] = weakref.WeakKeyDictionary()
"""Each graph's names holding a mark that may end a clause or list, in lower case
(:func:`name_marks`)."""
_MARK_IN_NAME = re.compile(r"\.(?=.)|\s[—–]\s")
_NAME_GOES_ON = re.compile(r"\s+[a-z]")


def name_marks(text: str, names: NodeNames) -> frozenset[int]:
    """Where ``text`` has a mark inside one of the graph's names that would end a sentence,
    clause or list: a period (``Jeffrey F. Naughton``, ``St. Louis``, ``J. R. R. Tolkien``) or
    a spaced dash (``Académica de Coimbra – O.A.F.``, the space before it). No break is made
    there. A name's last period (``Washington, D.C.``) is kept only where a lower-case word
    follows it."""
    marked = _MARKED.get(names)
    if marked is None:
        found = {str(node).lower() for node in names.nodes}
        marked = _MARKED[names] = tuple(n for n in found if _MARK_IN_NAME.search(n))
    if not marked or (". " not in text and " – " not in text and " — " not in text):
        return frozenset()  # (a period that ends a name and no other is read as before)
    lower = text.lower()
    if len(lower) != len(text):
        return frozenset()
    kept: set[int] = set()
    for name in marked:
        at = lower.find(name)
        while at >= 0:
            end = at + len(name)
            if not (at and lower[at - 1].isalnum()) and not lower[end : end + 1].isalnum():
                kept.update(at + m.start() for m in _MARK_IN_NAME.finditer(name))
                if name[-1] == "." and _NAME_GOES_ON.match(text, end):
                    kept.add(end - 1)
            at = lower.find(name, at + 1)
    return frozenset(kept)


def _kept_break(match: re.Match[str], kept: frozenset[int]) -> bool:
    """Whether the break ``match`` is at a mark inside a name (:func:`name_marks`)."""
    return bool(kept) and (match.start() in kept or match.start() - 1 in kept)


def one_clause(text: str, low: int, high: int, kept: frozenset[int] = frozenset()) -> bool:
    """Whether ``text[low:high]`` is one clause (no break before its end; ``kept``: the
    marks inside names, :func:`name_marks`)."""
    end = low + len(text[low:high].rstrip())
    if not _MAY_BREAK.search(text, low, end - 1):
        return True  # nothing a break starts with (a cheap test before the pattern)
    for found in _CLAUSE_BREAK.finditer(text, low, high):
        if not _kept_break(found, kept):
            return found.end() >= end
    return True


_MAY_BREAK = re.compile(r"[.;!?,]|\s(?:but|so|and)\s", re.I)


_PLAN_BEFORE = re.compile(
    r"\b(?:let\s+me|let['’]s|let\s+us|i['’]ll|i\s+will|(?:re)?check\w*|recount\w*|re-?add\w*|"
    r"see)\b",
    re.I,
)
"""A plan to look again (``let me recheck``, ``let's see``): what follows its ellipsis is the
result."""


def clauses(
    text: str, low: int, high: int, kept: frozenset[int] = frozenset()
) -> Iterator[tuple[int, int]]:
    """The clauses of ``text[low:high]`` (sentences, ``;``, ``but``, ``, so``, ...); a ``;``
    inside brackets (``pair (A; B)``) or before a trailing comment (``has(B); // true``: the
    comment is about the statement) breaks none, nor a mark inside a name (``kept``,
    :func:`name_marks`)."""
    position = low
    for match in _CLAUSE_BREAK.finditer(text, low, high):
        if _kept_break(match, kept):
            continue  # "Jeffrey F. Naughton": an initial's period, no sentence end
        if (
            position == low
            and text[match.start() - 1] == "."
            and _ROMAN_ITEM.fullmatch(text, low, match.start())
        ):
            continue  # "iv. A to B, …": a list item's roman numeral, no sentence
        if text[match.start() - 1] == "!" and text[match.start() - 2 : match.start() - 1].isspace():
            continue  # "adj(A, B)  ! F": a "!" apart from any word is a comment mark (Fortran)
        if text[match.start()] == ";" and (
            _TRAILING_COMMENT.match(text, match.end(), high)
            or bracket_open(text[position : match.start()])
            or _reads_what_was_assigned(text, position, match.start(), match.end(), high)
        ):
            continue
        if text[match.start() - 1 : match.start()] == "." and _COMMENT_ARROW.match(
            text, match.end(), high
        ):
            continue  # "maps:get(A, Adj).  % => [B, C]": a statement's end, then its value
        if match.start() > position:
            yield from _after_a_plan(text, position, match.start() + (text[match.start()] == "?"))
        position = match.end()
    if high > position:
        yield from _after_a_plan(text, position, high)


# ---------------------------------------------------------------------------------------------
# Meta-talk beside a fact

_META_BREAK = re.compile(
    r":\s+|\s+(?:—|–|--?)\s+|—|"
    r",?\s+(?=(?:and|but|because|which|so|since|though|although|while)\s)|,\s+"
)
"""Where a refused clause may hold pieces of its own: a colon, a dash between spaces,
``, and`` / ``, but`` / ``, because`` / ``, which`` / ``so`` ..., a comma."""
_META_ASIDE = re.compile(r"(?:^|(?<=\s))\([^()\n]*\)")
"""Parentheses that open after a space (an aside, not a call's arguments)."""
_RECORDED = re.compile(
    r"\b(?:(?:write|jot|put)\s+(?:it\s+)?down|note(?:\s+down)?|record|remember|forget|"
    r"keep\s+(?:track\s+of|in\s+mind)|make\s+(?:a\s+)?note(?:\s+of)?)"
    r"(?:\s+(?:here|this|it))?(?:\s+is)?\s+that\s",
    re.I,
)
"""A record verb and its ``that`` (``I should write down that …``, ``the thing I wanted to
note is that …``): its complement is stated, not planned."""
_GRAPH_WORD = re.compile(
    r"edge|adjacen|neighbo|nbr|connect|link|joined|weigh|cost|\bdeg|dist|\bhops?\b|path|"
    r"route|shortest|cheapest|apart|away|clique|triangle|core\b|within|reach|radius|\bw\b|\bd\b",
    re.I,
)
"""A word of the graph's structure: a piece holding one may give the fact beside it its
measure (``Let me check the degree: A has 4``), so it is no meta-talk."""
_VERDICT_WORD = re.compile(
    r"\b(?:true|false|yes|no|none|found|missing|absent|present|listed|rejected|accepted|holds|"
    r"fails)\b|[✓✔☑✗✘❌#=]|//|\w\(|\)\.",
    re.I,
)
"""A verdict, code or its comment (``has_edge(A, B)  # False → rejected``): it answers the
fact beside it, so it is no meta-talk."""
_GOVERNS = re.compile(
    r"\?|\b(?:if|suppos\w*|assum\w*|presum\w*|in\s+(?:that\s+)?case|unless|whether|provided|"
    r"as\s+long\s+as|whenever|otherwise|else|instead|hypothetical\w*|sake|let(?!['’]s)(?!\s+(?:me|us)\b)|"
    r"complement|"  # a supposition, another graph
    r"maybe|perhaps|probably|possibly|might|could|may|not\s+sure|unsure|guess\w*|suspect\w*|"
    r"doubt\w*|roughly|approximately|nearly|almost|at\s+(?:least|most)|"  # a hedge
    r"thought|believ\w*|wrong\w*|mistak\w*|misread|misremember\w*|incorrect\w*|erroneous\w*|"
    r"(?:i|we)\s+(?:wrote|said|claimed|stated)|"  # a belief or a retraction
    r"(?:re-?|double-?\s*)?(?:check|verify|confirm|test)(?:s|ing)?|make\s+sure|see\s+(?:if|whether)|"
    r"find\s+out|figure\s+out|work\s+out|determin\w*|(?:not|n['’]t|never)\s+(?:\w+\s+)?"
    r"(?:checked|verified|confirmed)|"  # a check, whose object is the fact beside it
    r"remov\w*|delet\w*|add(?:s|ed|ing)?|insert\w*|relax\w*|updat\w*|pop\w*|push\w*|settl\w*|"
    r"visit\w*|prun\w*|contract\w*|queue|stack|frontier|heap|iterations?|tentative\w*|"
    r"current\w*|remaining|so\s+far|still|yet)\b",  # algorithm state
    re.I,
)
"""What keeps a piece of meta-talk governing the fact beside it: a supposition or condition,
a hedge, a belief or retraction, a check (its object is that fact), algorithm state."""
_STATE_LEAD = re.compile(r"\b(?:then|next|now|after|afterwards|new|left|once|at\s+this)\b", re.I)
_DIGIT = re.compile(r"\d")
_META_WRITER = re.compile(
    r"\b(?:i|we|me|us|my|our|i['’](?:ll|m|ve|d)|we['’](?:ll|re|ve|d)|let['’]s)\b", re.I
)


class _Released(NamedTuple):
    """What :func:`meta_released` found in one text (the clause and anchored readers ask about
    the same clauses of a line): the text, its names, each clause's answer."""

    text: str
    names: NodeNames
    found: dict[tuple[int, int], list[tuple[int, int]] | None]


_RELEASED: list[_Released] = []


def meta_released(
    text: str, low: int, high: int, names: NodeNames, resolve: Resolve
) -> list[tuple[int, int]] | None:
    """The stretches of the refused clause ``text[low:high]`` that the meta-talk beside them
    does not govern. It is cut at colons, spaced dashes, an aside's parentheses, ``, and`` /
    ``, but`` / ``, because`` / ``, which`` / ``so`` and commas (never inside a name) and after
    a record verb's ``that``; a piece naming no node, no number, no word of the graph's
    structure and no verdict is meta-talk (``Let me not lose track of this``, ``and I don't
    want to forget that``) and is dropped; the runs of the other pieces between them are
    returned, each to be read as a clause of its own (its own markers still refuse it).
    ``None`` where nothing is released: no such cut, no meta-talk, meta-talk that governs the
    fact (:data:`_GOVERNS`; a word of algorithm state such as ``then`` or ``after`` where no
    writer is its subject), or a plan trailing off before its result."""
    memo = _RELEASED[0] if _RELEASED else None
    if memo is None or memo.text is not text or memo.names is not names:
        memo = _Released(text, names, {})
        _RELEASED[:] = [memo]
    if (low, high) not in memo.found:
        memo.found[low, high] = _released(text, low, high, names, resolve)
    return memo.found[low, high]


def _released(
    text: str, low: int, high: int, names: NodeNames, resolve: Resolve
) -> list[tuple[int, int]] | None:
    written = text[low:high]
    if written.rstrip().endswith(("…", "...")):
        return None  # a plan trailing off: its result is the clause after it (_after_a_plan)
    firsts = frozenset() if names.numeric_ids else _name_index(names)[0]
    if not (
        _DIGIT.search(written)
        if names.numeric_ids
        else not firsts.isdisjoint(_RUN.findall(written.casefold()))
    ):
        return None  # no node named: no fact to release
    cuts = [(m.start(), m.end()) for m in _META_BREAK.finditer(text, low, high)]
    if "that" in text[low:high].lower():  # (what a record verb's complement opens with)
        cuts += [(m.start(), m.end()) for m in _RECORDED.finditer(text, low, high)]
    titled: set[int] = set()  # where an aside opens that may be part of a name
    if "(" in text[low:high]:
        for aside in _META_ASIDE.finditer(text, low, high):
            at = aside.start()
            cuts += [(at, at + 1), (aside.end() - 1, aside.end())]
            if at - 2 >= low and text[at - 2].isalnum() and text[at + 1 : at + 2].isupper():
                if text[at + 1 : at + 3] not in ("I ", "I'", "I’"):
                    titled.add(at + 1)  # "Link (The Legend of Zelda)": a name's words, maybe
    talk = False  # (before looking names up: whether a piece may be meta-talk, and whether
    for a, b in _between(sorted(cuts), low, high):  # one that is, naming no node, governs)
        written = text[a:b]
        if _talk(written):
            if _governs(written) and firsts.isdisjoint(_RUN.findall(written.casefold())):
                return None
            talk = True
    if not talk:
        return None
    found = mentions(text, low, high, names, resolve)
    cuts = sorted((a, b) for a, b in cuts if not any(s < b and a < e for _, s, e in found))
    runs: list[tuple[int, int]] = []
    dropped = False
    last_meta = True
    for a, b in _between(cuts, low, high):
        written = text[a:b]
        if not written.strip(" \t.,;:!"):
            continue
        if a not in titled and not any(a <= s < b for _, s, _ in found) and _talk(written):
            if _governs(written):
                return None
            dropped = True
            last_meta = True
        elif last_meta:
            runs.append((a, b))
            last_meta = False
        else:
            runs[-1] = (runs[-1][0], b)
    return runs if dropped and runs else None


def _between(cuts: list[tuple[int, int]], low: int, high: int) -> Iterator[tuple[int, int]]:
    """The stretches of ``low:high`` between the (sorted) ``cuts``."""
    position = low
    for a, b in cuts:
        if a > position:
            yield position, a
        position = max(position, b)
    if position < high:
        yield position, high


def _talk(written: str) -> bool:
    """Whether a piece holds no number, no word of the graph's structure and no verdict (it is
    meta-talk where it names no node either)."""
    if not written.strip(" \t.,;:!"):
        return False
    lower = written.lower()
    if _TALK_MARK.search(lower) or not _TALK_WORDS.isdisjoint(_WORDS.findall(lower)):
        # (a cheap test before the patterns)
        return not (
            _NUMBER.search(written) or _GRAPH_WORD.search(written) or _VERDICT_WORD.search(written)
        )
    return True


_TALK_MARKS = (
    *"0123456789#=/(✓✔☑✗✘❌",
    *("edge", "adjacen", "neighbo", "nbr", "connect", "link", "joined", "weigh", "cost", "deg"),
    *("dist", "path", "route", "shortest", "cheapest", "apart", "away", "clique", "triangle"),
    *("core", "within", "reach", "radius", "true", "false", "yes", "found", "missing"),
    *("absent", "present", "listed", "rejected", "accepted", "holds", "fails", ").", "hop"),
    *("w-", "-w", "w'", "w’", "'w", "’w", "d-", "-d", "d'", "d’", "'d", "’d"),
    *("no-", "-no", "no'", "no’", "'no", "’no"),
)
_TALK_MARK = re.compile("|".join(re.escape(mark) for mark in _TALK_MARKS))
_TALK_WORDS = frozenset(("w", "d", "no", "none", "hop", "hops", "single", *NUMBER_WORDS))
"""What a piece needs for :data:`_NUMBER`, :data:`_GRAPH_WORD` or :data:`_VERDICT_WORD` to
match it (substrings and words, lower case: a cheap test before those patterns)."""


def _governs(written: str) -> bool:
    """Whether a piece of meta-talk governs the fact beside it (:data:`_GOVERNS`, or a word of
    algorithm state with no writer its subject)."""
    return bool(
        _GOVERNS.search(written)
        or (_STATE_LEAD.search(written) and not _META_WRITER.search(written))
    )


_TRAILING_OFF = re.compile(r"(?:…|\.{3})\s*(?=\S)")


_APPOSITION = re.compile(
    r"[^,;:\n]{1,80}?,\s+(?:an?|not(?!\s+counting\b)|never|at|only|just|\d+\s+[a-z]+|(?:"
    + "|".join(list(NUMBER_WORDS)[1:])
    + r")\s+[a-z]+)\b[^,;:\n]{3,80}?(?=,\s+(?:is|are|was|goes|go|gets|joins|can|stays|"
    r"comes|becomes|enters|leaves|will|then|so)\b)",
    re.I,
)
"""A subject, an apposition about it set off by commas, and the verb of the rest (``A, a
direct neighbour of B, goes on the frontier``, ``B, at distance 9 from A, is popped next``):
the apposition states a fact, the rest what is done with it (a state)."""


def _after_a_plan(text: str, low: int, high: int) -> Iterator[tuple[int, int]]:
    """A clause, or two where a plan trails off before its result (``let me check again… yes,
    A–B is listed``, ``let me recheck A→B… it's 5``): the result stands as a clause of its own
    (an ellipsis after no plan, ``• A–B … edge``, is a leader and breaks nothing)."""
    apposed = _APPOSITION.match(text, low, high) if text.count(",", low, high) >= 2 else None
    if apposed is not None:  # "A, a neighbour of B, goes next": the subject and its apposition
        yield low, apposed.end()
        low = apposed.end() + 1
    if "…" in text[low:high] or "..." in text[low:high]:
        for mark in _TRAILING_OFF.finditer(text, low, high):
            if _PLAN_BEFORE.search(text, low, mark.start()):
                yield low, mark.start() + len(mark.group().rstrip())
                low = mark.end()
                break
    yield low, high


_COMMENT_ARROW = re.compile(r"(?://|#|--|%+)\s*(?:=>|->|→)")
"""A trailing comment that opens with a result arrow (``% => [B, C]``, ``# -> 7``)."""
_ROMAN_ITEM = re.compile(r"\s*(?i:[ivx]{1,4})\.")
_TRAILING_COMMENT = re.compile(r"\s*(?://|#|--(?=\s))[^\n]*$")  # (SQL's "-- 1")
_ASSIGNS = re.compile(
    r"\s*(?:(?:let|const|var|auto)\s+)?\(?([A-Za-z_]\w*)(?:\s*,\s*[A-Za-z_]\w*)*\)?\s*"
    r"(?::=|=(?!=)|←|<-)"
)  # (the first of a tuple unpacked too: "dist, paths = nx.single_source_dijkstra(G, A)")


def _reads_what_was_assigned(text: str, low: int, end: int, after: int, high: int) -> bool:
    """Whether the statement after a ``;`` reads the variable the statement before it assigned
    (``spl = dijkstra(G, A); spl[B]  # 5``): one clause, the value is of both."""
    assigned = _ASSIGNS.match(text, low, end)
    if assigned is None:
        return False
    used = re.compile(rf"\s*{re.escape(assigned.group(1))}\s*[\[(.]")
    return used.match(text, after, high) is not None


def bracket_open(written: str) -> bool:
    """Whether a bracket opened in ``written`` is still open at its end."""
    return sum(written.count(c) for c in "([{") > sum(written.count(c) for c in ")]}")


_FAMILY_STEMS = (
    ("degree", ("deg", "valenc")),
    ("edge", ("connect", "adjacen", "link", "edge", "neighbo", "join", "incident", "touch", "share",
              "road", "nbr", "adj", "hook", "reachab", "border", "non-neighbo", "nonneighbo",
              "disconnect", "unconnect", "nonadjacen", "non-adjacen", "input", "graph", "absent",
              "missing", "present")),
    ("weight", ("weigh", "cost", "length", "worth", "carr")),
    ("distance", ("distance", "shortest", "hop", "away", "apart", "minimum", "cheapest", "fewest",
                  "dijkstra",
                  "bfs", "breadth", "step", "optimal", "best", "minimal", "lightest")),
    ("set", ("clique", "triangle", "core", "within")),
)  # fmt: skip
_COUNTED = ("neighbo", "edges", "connections", "links")
_WORDS = re.compile(r"[a-z0-9'’-]+")
_UNLINKED = ("disconnect", "unconnect", "nonadjacen", "non-adjacen", "unlinked", "unjoined",
             "non-neighbo", "nonneighbo")  # fmt: skip
_NEGATION_WORDS = frozenset("no not never none lack lacks missing absent nonexistent".split())


def words_of(lower: str) -> list[str]:
    """The words of a text in lower case (the input of the cheap tests below)."""
    return _WORDS.findall(lower)


_STEMS_BY_START: dict[str, list[tuple[str, str]]] = {}
for _family, _stems in _FAMILY_STEMS:
    for _stem in _stems:
        _STEMS_BY_START.setdefault(_stem[:2], []).append((_family, _stem))


def cued_families(words: list[str]) -> set[str]:
    """The claim families (:data:`FAMILIES`) whose cue words are among ``words``."""
    found: set[str] = set()
    counts = False  # whether the word before is a number ("4 neighbours": a degree)
    for word in words:
        cues = _WORD_CUES.get(word) or _word_cues(word)
        if cues is _NO_CUES:  # most words: names, filler
            counts = False
            continue
        families, counted, set_cue, number, _ = cues
        if families:
            found |= families
        if counts and counted:
            found.add("degree")
        elif set_cue:
            found.add("set")
        counts = number
    return found


def negated(words: list[str]) -> bool:
    """Whether ``words`` hold a negation (``not``, ``n't``, ``disconnected``, ``missing``)."""
    return any((_WORD_CUES.get(word) or _word_cues(word)).negation for word in words)


class _WordCues(NamedTuple):
    """What one word cues, whatever its neighbours."""

    families: frozenset[str]
    counted: bool
    """A counted noun (``neighbours``): a degree after a number."""
    set_cue: bool
    """``2-core``, ``2-hop`` (not where it is a counted noun after a number)."""
    number: bool
    negation: bool
    """``not``, ``n't``, ``disconnected``, ``missing`` (:func:`negated`)."""


_NO_CUES = _WordCues(frozenset(), False, False, False, False)
_WORD_CUES: dict[str, _WordCues] = {}
""":func:`_word_cues` per word seen: words repeat from line to line, and the cheap tests above
run on every line (a memo of at most 65,536 words)."""


def _word_cues(word: str) -> _WordCues:
    special = word in ("w", "dist")
    families = {family for family, stem in _STEMS_BY_START.get(word[:2], ())
                if word.startswith(stem)}  # fmt: skip
    if word == "w":
        families.add("weight")
    elif word == "dist":
        families.add("distance")
    cues = _WordCues(
        frozenset(families),
        not special and word.startswith(_COUNTED),
        not special and ("-core" in word or "-hop" in word),
        word.isdigit() or word in NUMBER_WORDS,
        word in _NEGATION_WORDS or word.endswith(("n't", "n’t")) or word.startswith(_UNLINKED),
    )
    if cues == _NO_CUES:
        cues = _NO_CUES  # one object, tested by identity
    if len(_WORD_CUES) < 1 << 16:
        _WORD_CUES[word] = cues
    return cues


Covered = Callable[[int, int, str], bool]
"""Whether the patterns already read all that a clause ``(start, end, text)`` can state."""


_PAUSE = re.compile(
    r"\s*(?:(?:\.{2,}|…|hmm+|um+|uh+|ok(?:ay)?|wait|right|quick\s+check|one\s+sec(?:ond)?|"
    r"let\s+me\s+(?:look|see|check|scan|think|double[\s-]check|recheck|count|verify)"
    r"(?:\s+again)?|(?:checking|scanning|reading|looking\s+(?:at|over|through))\s+(?:the\s+)?"
    r"(?:list|input|edges?(?:\s+list)?|adjacency(?:\s+list)?|graph)(?:\s+again)?)"
    r"\s*[.…,:!]*\s*)+",
    re.I,
)
"""A pause between a question and its answer (``…``, ``Hmm.``, ``Let me look...``, ``Checking
the input again.``): it states nothing, and the answer after it answers the question."""
_ANSWER_LEAD = re.compile(
    r"\s*(?:\*\*A:?\*\*:?|→|->|⇒|=>)?\s*(?:(?:hmm+|well|ok(?:ay)?|right|ah|oh)\b[,.…!]*\s*)*",
    re.I,
)
"""What may lead an answer (``**A:** Yes``, ``→ yes``, ``Hmm, it's 7``)."""


_Q_LABEL = re.compile(r"\W*Q\W*:")
_A_LABEL = re.compile(r"\W*A\W*:")
_TAG = re.compile(
    r"\s*[,—–-]\s*(?:right|correct|yes|yeah|no|true|eh|(?:is|are|was|were|does|do|did|has|have|"
    r"had|can|could|will|would|should)(?:n['’]t)?\s+(?:it|they|he|she|that|this|there|we|you|i)"
    r"(?:\s+not)?)\s*\?\W*$",
    re.I,
)
"""A tag that turns a statement into a question (``A and B are adjacent, right?``, ``…, isn't
it?``, ``… — doesn't it?``, ``…, no?``): what it asks the writer to confirm is the statement."""
_AUX = r"(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would)"
_TAG_ANSWER = re.compile(
    r"\s*(?:→|->|⇒|=>)?\s*(?:(?P<yes>yes|yep|yeah|yup|right|correct|exactly|indeed|true|[✓✔])|"
    r"(?P<no>no|nope|wrong|[✗✘]))?(?:\b|(?<=\W))[,.!:;—–\s-]*"
    r"(?P<echo>(?:it|they|that|there|he|she)(?:['’]s|\s+"
    + _AUX
    + r")(?P<echo_no>n['’]t|\s+not)?\b)?"
    r"[,.!:;—–\s-]*",
    re.I,
)
"""The verdict that answers a tag question (``Right``, ``Yes``, ``It is``, ``No, they aren't``,
``→ wrong``), the remark after it left to be read on its own."""
_TAG_DOUBT = re.compile(
    r"\?|\b(?:but|though|although|except|unless|if|maybe|perhaps|probably|think|guess|wait|"
    r"actually|hmm+|unsure|sure)\b",
    re.I,
)
"""A remark after a tag question's verdict that doubts or takes it back (``Yes, I think``)."""
_DIGRESSION = re.compile(
    r"\s*(?:(?:okay|ok|so|and|hmm+|oh)\b[,\s]*)?(?:i|i['’]m|i['’]ve|i['’]d|we|my|let\s+me|let['’]s|"
    r"[a-z]+ing)\b[^\d?\n]{0,80}(?:\.{3}|…|\.)\s*",
    re.I,
)
"""A short digression, a sentence of the writer's own doing (``I had it somewhere...``, ``Let
me not guess.``, ``checking...``): no digit or ``?`` (a request, ``Give me a second...``, is
none: the question is left open)."""
_DEFERRED = re.compile(
    r"\b(?:later|next|will|won['’]t|skip|for\s+now|come\s+back|get\s+back|no\s+idea|unsure|"
    r"not\s+sure|(?:do|can)n['’]t\s+(?:know|tell|remember)|hard\s+to\s+say|unclear)\b|['’]ll\b",
    re.I,
)
"""What makes a digression after a question a plan or a doubt, not a pause before its answer
(``I'll look later``, ``not sure``)."""
_ECHO = re.compile(
    r"\s*(?:it|they|that|this|there)(?:['’](?:s|re)|\s+(?:is|are|was|were|has|have|had)|\s+[a-z]+s)"
    r"(?:\s+(?:worth|at|about|exactly|just|only|weight|degree|distance|depth|length|level|layer))?"
    r"\s+(?=(?:\d+|" + "|".join(NUMBER_WORDS) + r")(?:\s+(?:hops?|steps?|edges?|"
    r"neighbou?rs?|of\s+them))?\s*[.!]?\s*$)",
    re.I,
)
"""An answer that repeats its question's subject and verb before the value (``It has 4.``,
``It weighs 7.``, ``They are only 3 hops.``): what is left, the value, answers the question."""


def line_pieces(
    text: str,
    low: int,
    high: int,
    kept: frozenset[int] = frozenset(),
    named: Callable[[int, int], set[str]] | None = None,
) -> list[tuple[int, int]]:
    """The clauses of the line ``text[low:high]`` (:func:`clauses`), its questions' answers
    brought next to them where it holds a ``?`` (:func:`answered_pieces`): what both the
    clause reader and the anchored reader walk. ``named``: the nodes ``text[a:b]`` names."""
    pieces = list(clauses(text, low, high, kept))
    return answered_pieces(text, pieces, named) if "?" in text[low:high] else pieces


def _digression(
    text: str, piece: tuple[int, int], named: Callable[[int, int], set[str]] | None
) -> bool:
    """Whether the clause ``piece`` after a question is a short digression before its answer
    (``I had it somewhere...``, ``checking...``): it trails off, and holds no verdict, node,
    number, question or plan."""
    return (
        named is not None
        and _DIGRESSION.fullmatch(text, *piece) is not None
        and _NUMBER.search(text, *piece) is None
        and _DEFERRED.search(text, *piece) is None
        and not named(*piece)
    )


def _tag_verdict(
    text: str,
    statement: tuple[int, int],
    answer: tuple[int, int],
    named: Callable[[int, int], set[str]],
) -> tuple[bool, int] | None:
    """The verdict of the ``answer`` to a tag question on ``statement`` (``True``: yes, it is;
    ``False``: no, it isn't) and where its remark starts; ``None`` where it holds no verdict,
    or its remark doubts it or names a node or value of its own (``Right, C–D is.``)."""
    verdict = _TAG_ANSWER.match(text, *answer)
    if verdict is None or verdict.group("yes", "no", "echo") == (None, None, None):
        return None
    no = verdict.group("no") is not None or verdict.group("echo_no") is not None
    if verdict.group("yes") is not None and verdict.group("echo_no") is not None:
        return None  # "Yes, it isn't": no verdict
    rest = (verdict.end(), answer[1])
    if _TAG_DOUBT.search(text, *rest) or not named(*rest) <= named(*statement):
        return None
    values = {m.group().lower() for m in _NUMBER.finditer(text, *rest)}
    if not values <= {m.group().lower() for m in _NUMBER.finditer(text, *statement)}:
        return None
    return not no, verdict.end()


def _tag_confirmed(
    text: str,
    question: tuple[int, int],
    answer: tuple[int, int],
    named: Callable[[int, int], set[str]] | None,
) -> tuple[int, int] | None:
    """Where a tag question's statement ends and its answer's remark starts, where the answer
    confirms it (``A and B are adjacent, right? Right — …``; ``A and B aren't adjacent, are
    they? No, they aren't.``); ``None`` where it is no tag question, or the answer denies it,
    doubts it or names a node or value of its own."""
    tag = _TAG.search(text, *question) if named is not None else None
    if tag is None or named is None:
        return None
    statement = (question[0], tag.start())
    verdict = _tag_verdict(text, statement, answer, named)
    if verdict is None or verdict[0] == (_NEGATION.search(text, *statement) is not None):
        return None  # a denial of a statement, or a doubt: nothing confirmed
    return tag.start(), verdict[1]


def answered_pieces(
    text: str,
    pieces: list[tuple[int, int]],
    named: Callable[[int, int], set[str]] | None = None,
) -> list[tuple[int, int]]:
    """The clauses ``pieces`` of a line holding ``?`` with each pause after a question dropped
    and the lead of the answer after it cut (``Is A adjacent to B? Let me look... yes.``: the
    question, then ``yes``), so that the answer is the clause right after its question; a tag
    question its answer confirms, its statement (``A and B are adjacent, right? Right.``: ``A
    and B are adjacent``); an answer that repeats its question's subject and verb, its value
    (``It has 4.``: ``4``). ``named`` (the nodes ``text[a:b]`` names): where given, a short
    digression naming no node or number is a pause too (``I had it somewhere... it's 7.``)."""
    kept: list[tuple[int, int]] = []
    index = 0
    while index < len(pieces):
        start, end = pieces[index]
        kept.append((start, end))
        index += 1
        if not text[start:end].rstrip().endswith("?"):
            continue
        following = index
        while following + 1 < len(pieces) and (
            _PAUSE.fullmatch(text, *pieces[following])
            or (following < index + 3 and _digression(text, pieces[following], named))
        ):
            following += 1
        if following < len(pieces):
            confirmed = _tag_confirmed(text, (start, end), pieces[following], named)
            if confirmed is not None:  # the statement, then what the answer says after it
                kept[-1] = (start, confirmed[0])
                if confirmed[1] < pieces[following][1]:
                    kept.append((confirmed[1], pieces[following][1]))
                index = following + 1
                continue
            labelled = _Q_LABEL.match(text, start, end)
            start, end = pieces[following]
            lead = _ANSWER_LEAD.match(text, start, end)
            if lead is not None and (echo := _ECHO.match(text, lead.end(), end)) is not None:
                lead = echo  # "How many neighbours does A have? It has 4.": "4"
            if labelled and (label := _A_LABEL.match(text, start, end)) is not None:
                lead = _ANSWER_LEAD.match(text, label.end(), end)  # "**Q:** … **A:** Yes"
            asks = text[start:end].rstrip().endswith("?")  # a question answered by a question
            if lead is not None and lead.end() < end and not asks:
                kept.append((lead.end(), end))
                index = following + 1
    return kept


def clause_facts(
    text: str,
    low: int,
    high: int,
    names: NodeNames,
    resolve: Resolve,
    covered: Covered = lambda _start, _end, _text: False,
    kept: frozenset[int] = frozenset(),
) -> Iterator[tuple[int, int, list[Fact]]]:
    """Each clause of the line ``text[low:high]`` with the facts its structure states; a
    question, plan or hypothesis with no facts (what is written in it states none). A question
    is read only where a bare ``Yes.`` or ``No.`` answers it (``Is A adjacent to B? No.``: a
    non-edge). ``kept``: the marks inside names (:func:`name_marks`)."""

    def nodes_in(a: int, b: int) -> set[str]:
        return {n for n, _, _ in mentions(text, a, b, names, resolve)}

    pieces = line_pieces(text, low, high, kept, nodes_in)
    released: set[tuple[int, int]] = set()  # stretches meta-talk was cut from (cut once)
    index = -1
    while index + 1 < len(pieces):
        index += 1
        start, end = pieces[index]
        lead = _LEAD.match(text, start, end)
        body = start if lead is None else lead.end()
        topic = _topic(text, body, end, names, resolve)
        if topic is not None:  # "Checking A: B is one of its neighbours"
            body = topic[1]
        piece = text[body:end]
        question = _QUESTION_START.match(piece)
        asked = piece.rstrip().endswith("?") and index + 1 < len(pieces)
        if asked and (
            denied := _tag_denied(text, body, end, pieces[index + 1], nodes_in, names, resolve)
        ):
            yield start, pieces[index + 1][1], denied  # "A–B an edge, right? Wrong.": none
            continue
        if asked:
            answer = _answer(text, pieces[index + 1])
            valued = _VALUE_ANSWER.fullmatch(text, *pieces[index + 1])
            if answer is None and valued is not None:  # "What's the degree of A? It's 4.",
                # "Degree of A? Counting: 4." (a value asked as a noun phrase, its answer)
                asks = body if question is None else body + question.end()
                yield from _valued_answer(text, asks, end, pieces[index + 1], valued, names,
                                          resolve)  # fmt: skip
                continue
            if answer is not None:  # "Is A adjacent to B? Yes.", "**Q:** A–B adjacent? No."
                asks = body if question is None else body + question.end()
                read = list(_answered(text, asks, end, pieces[index + 1], answer, names, resolve,
                                      question is None))  # fmt: skip
                yield from read
                if read or question is not None:
                    continue  # (a bare question not read as one edge is refused, like any other)
            elif told := _told_value(text, body, end, pieces[index + 1], names, resolve):
                yield pieces[index + 1][0], pieces[index + 1][1], told  # "What's A's degree?
                yield start, end, []  # Degree 4.": the answer's value is the question's subject's
                index += 1
                continue
        if not piece.strip():
            continue
        words = words_of(piece.lower())
        hypothetical = not _HYPOTHETICAL_WORDS.isdisjoint(words) and _HYPOTHETICAL.search(piece)
        if piece.rstrip().rstrip(_CLOSING).endswith("?") or hypothetical:
            runs = None
            if hypothetical and (start, end) not in released:
                runs = meta_released(text, start, end, names, resolve)
            if runs is None:
                yield start, end, []
                continue
            released.update(runs)  # "Let me not lose track of this: A has degree 4": the
            pieces[index : index + 1] = runs  # fact read, the meta-talk beside it dropped
            index -= 1
            continue
        continuation = index > 0 and re.match(r"(?:is|has)\b", piece, re.I) is not None
        if question is not None and not continuation:
            continue
        complete = not _COMPLETE_WORDS.isdisjoint(words)
        in_flux = _IN_FLUX.search(piece) or _ROUTE_WORDS.search(piece)
        if not complete and not in_flux and covered(start, end, piece):
            continue
        if not cued_families(words) and not any(w.isdigit() or w in NUMBER_WORDS for w in words):
            continue  # no cue and no number: nothing the reader could read
        before: tuple[str | None, str | None] = (None, None)
        held = _held_topic(text, pieces[index - 1], names, resolve) if index else None
        if topic is None and isinstance(held, tuple):  # "Looking at edge A–B. Its weight is 5."
            pronoun = _EDGE_PRONOUN.match(text, body, end)
            if (
                pronoun is not None
                and pronoun.group(1)
                and not mentions(text, body, end, names, resolve)
            ):
                a, b = pronoun.span(1)
                found = [(held[0], a, b), (held[1], b, b)]
                facts = [f for f in _read_found(text, body, end, names, found)
                         if f[0] in ("edge", "edge_weight", "non_edge")]  # fmt: skip
                if facts:
                    yield body, end, facts
            elif not mentions(text, body, end, names, resolve) and _DISTANCE.search(piece):
                # "Now A to B. The shortest distance is 4.": the pair's distance (and no edge
                # between the two, where the topic wrote them joined by a dash)
                found = [(held[0], body, body), (held[1], body, body)]
                facts = [f for f in _read_found(text, body, end, names, found)
                         if f[0] in ("distance", "hops")]  # fmt: skip
                if facts:
                    yield pieces[index - 1][0], end, facts
            continue
        if topic is None and isinstance(held, str):  # "Looking at A. Neighbour count: three."
            named = mentions(text, body, end, names, resolve)
            if not named and not _PRONOUN.match(text, body, end):
                facts = _read_found(text, body, end, names, [(held, body, body)])
                if facts:
                    yield body, end, facts
                continue
            if len(named) == 1 and named[0][0] != held and _DISTANCE.search(piece):
                to = _TO_NAME.search(text, body, named[0][1])  # "The cheapest route to B costs 4"
                if to is not None and to.end() == named[0][1]:
                    found = [(held, body, body), *named]
                    facts = [f for f in _read_found(text, body, end, names, found)
                             if f[0] in ("distance", "hops")]  # fmt: skip
                    if facts:
                        yield body, end, facts
                    continue
            topic = (held, body)
        if topic is not None:
            before = (topic[0], topic[0])
        elif index and (pronoun := _PRONOUN.match(text, body, end)) is not None:
            if not pronoun.group(1) and _WEIGHS.match(text, body, end):  # "A's edge to B, which
                edge = _edge_named(text, pieces[index - 1], names, resolve)  # weighs 3": the edge's
                if edge is not None:
                    found = [(edge[0], body, body), (edge[1], body, body)]
                    facts = [f for f in _read_found(text, body, end, names, found)
                             if f[0] == "edge_weight"]  # fmt: skip
                    if facts:
                        yield body, end, facts
                    continue
            before = _before(text, pieces[:index], names, resolve)
        elif index and (pair := _PAIR_PRONOUN.match(text, body, end)) is not None:
            facts = _pair_facts(text, pair.span(1), end, pieces[index - 1], names, resolve)
            if facts:
                yield body, end, facts
            continue
        facts = _read(text, body, end, names, resolve, before, topic is not None)
        if facts:
            yield body, end, facts


_DASH_JOIN = re.compile(r"\s*(?:–|—|-|--|/|~|\s(?:to|and|&)\s)\s*", re.I)
# A sentence that only names a topic: "Looking at A.", "Now consider node A."
_TOPIC_SENTENCE = re.compile(
    r"\s*(?:(?:(?:so|now|next|ok(?:ay)?|first|then)\s*,?\s+)?(?:looking\s+at|look\s+at|"
    r"considering|consider|checking|check|take|taking|turning\s+to|on\s+to|focus(?:ing)?\s+on)\s+|"
    r"next\s+(?:comes|up\s+is)\s+|back\s+to\s+|(?:now|next|then)\s*,?\s+|"
    r"(?:prim|kruskal|dijkstra|bor[uů]vka)(?:['’]s\s+algorithm)?\s+(?:now\s+|next\s+)?"
    r"(?:considers|examines|takes\s+up|looks\s+at)\s+)"
    r"(?P<edge>(?:the\s+)?edge\s+)?(?P<name>[^.:;?!\n]{1,400}?)\s*[.:]?\s*$",
    re.I,
)  # the name in any notation: "node 3", a long name with commas, a pair "A–B" or "A to B";
# a discourse lead alone introduces it too ("Now A.", "Next, A to B."), and an algorithm's step
# that only looks at it ("Prim considers A–B; that edge weighs 12": the weight is the graph's)
_NODE_WORD = re.compile(r"(?:node|vertex)\s+", re.I)
_EDGE_AFTER = re.compile(r"(?:the\s+)?(.+?)\s+edge", re.I)
"""A topic's pair with the noun after it (``the A–B edge``)."""


def topic_name(text: str, piece: tuple[int, int]) -> tuple[int, int] | None:
    """Where the clause ``piece`` names its topic when it only names one (``Looking at the
    2-core.``, ``Looking at A.``, ``Consider A, B and C.``): the span after the lead."""
    match = _TOPIC_SENTENCE.match(text, *piece)
    if match is None or match.end() != piece[1]:
        return None
    return match.start("name"), match.end("name")


def _held_topic(
    text: str, piece: tuple[int, int], names: NodeNames, resolve: Resolve
) -> str | tuple[str, str] | None:
    """The node (or the edge's two ends) that the clause ``piece`` only names as a topic
    (``Looking at A.``, ``Looking at edge A–B.``): what the clause after it is about."""
    match = _TOPIC_SENTENCE.match(text, *piece)
    if match is None or match.end() != piece[1]:
        return None
    low, high = match.span("name")
    noun = _EDGE_AFTER.fullmatch(text, low, high) if match.group("edge") is None else None
    if noun is not None:  # "Now the A–B edge.": an edge named with its noun after it
        low, high = noun.span(1)
    found = mentions(text, low, high, names, resolve)
    if found and not names.numeric_ids and (word := _NODE_WORD.match(text, low, found[0][1])):
        low = word.end()  # "node Paris"
    if len(found) == 2 and _DASH_JOIN.fullmatch(text, found[0][2], found[1][1]):
        whole = (found[0][1], found[1][2]) == (low, high)  # "Looking at (edge) A–B."
        return (found[0][0], found[1][0]) if whole and found[0][0] != found[1][0] else None
    if match.group("edge") is not None or noun is not None:
        return None
    if len(found) != 1 or (found[0][1], found[0][2]) != (low, high):
        return None
    return found[0][0]


# A topic before a colon: "Checking A:", "Looking at A:", "For A:", "A:"
_TOPIC = re.compile(
    r"(?:(?:checking|check|looking\s+at|look\s+at|considering|consider|for|at|about|regarding|"
    r"next|node|vertex)\s+)?(?P<name>[^:\n]{1,200}?)\s*:\s+(?=\S)",
    re.I,
)


def _topic(
    text: str, low: int, high: int, names: NodeNames, resolve: Resolve
) -> tuple[str, int] | None:
    """The node a clause is about when it opens with it before a colon, and where the clause
    after the colon starts; ``None`` where it does not (``its`` there is that node)."""
    if ":" not in text[low:high]:
        return None
    match = _TOPIC.match(text, low, high)
    if match is None or not _ITS.search(text, match.end(), high):
        return None
    found = mentions(text, match.start("name"), match.end("name"), names, resolve)
    if len(found) != 1 or (found[0][1], found[0][2]) != match.span("name"):
        return None
    return found[0][0], match.end()


_ITS = re.compile(r"\bits\b", re.I)


def _before(
    text: str, clauses: list[tuple[int, int]], names: NodeNames, resolve: Resolve
) -> tuple[str | None, str | None]:
    """The subject of the last of ``clauses`` (its first node) and the one node they all name,
    if only one."""
    named = [[n for n, _, _ in mentions(text, a, b, names, resolve)] for a, b in clauses]
    subject = named[-1][0] if named[-1] else None
    every = {node for nodes in named for node in nodes}
    return subject, next(iter(every)) if len(every) == 1 else None


_WEIGHS = re.compile(r"\s*weighs\b", re.I)
_EDGE_NOUN = re.compile(r"\b(?:edge|link|road|connection)s?\b", re.I)


def _edge_named(
    text: str, piece: tuple[int, int], names: NodeNames, resolve: Resolve
) -> tuple[str, str] | None:
    """The two ends of the edge the clause ``piece`` names (two nodes and an edge noun: ``A's
    edge to B``), if it names one: what a relative clause after it (``…, which weighs 3``) is
    about, not the first node."""
    named = list(dict.fromkeys(n for n, _, _ in mentions(text, *piece, names, resolve)))
    if len(named) != 2 or not _EDGE_NOUN.search(text, *piece):
        return None
    return named[0], named[1]


# "its neighbours are", "it has degree 3", "has degree 3" (after "A is ..., and")
_PRONOUN = re.compile(r"\s*(its|it|(?=has\b|is\b|connects\b|links\b|touches\b|weighs\b))\b", re.I)

_LIST_LABEL = re.compile(
    r"\s*(?:[-*•]\s+)?((?:(?:the\s+)?(?:complete|full|whole|entire)\s+)?(?:neighbou?rs?|"
    r"neighbou?r\s+(?:list|set)|adjacency(?:\s+list)?|adjacent\s+nodes)"
    r"(?:\s*\(\s*(?:all|complete|full)\s*\))?\s*:)",
    re.I,
)
"""A bare neighbour label opening a clause after a topic (``Neighbours:``, ``Complete
neighbour list:``, ``full adjacency:``): the list is the topic's."""
_TO_NAME = re.compile(r"\b(?:to|into|towards?|reach(?:ing)?)\s+$", re.I)
"""What ends right before the one node a clause after a topic names as a route's end."""

# "its weight", "that edge weighs": the edge a topic sentence named
_EDGE_PRONOUN = re.compile(r"\s*(its|it|(?:that|this|the\s+same)\s+edge(?:['’]s)?)\b", re.I)

# "they", "those two": the two nodes the clause before named ("A–B is missing, so they're not
# adjacent")
_PAIR_PRONOUN = re.compile(r"\s*(they|those\s+two|these\s+two|the\s+two|both)(?=\W)", re.I)


def _pair_facts(
    text: str,
    pronoun: tuple[int, int],
    end: int,
    previous: tuple[int, int],
    names: NodeNames,
    resolve: Resolve,
) -> list[Fact]:
    """The edge facts of a clause about ``they``: the two nodes the clause before named."""
    named = list(dict.fromkeys(n for n, _, _ in mentions(text, *previous, names, resolve)))
    if len(named) != 2 or mentions(text, pronoun[1], end, names, resolve):
        return []
    found = [(named[0], *pronoun), (named[1], pronoun[1], pronoun[1])]
    facts = _read_found(text, pronoun[0], end, names, found)
    return [f for f in facts if f[0] in ("edge", "non_edge")]


_ANSWER = re.compile(
    r"\s*(?:(?:looking|checking|going)\s+(?:at|over|through)\s+[^,?!.\n]{1,40}?,\s*)?"
    r"(?:(?P<yes>yes|yep|yeah|yup|[✓✔])(?:,?\s+(?:there\s+(?:is|are)(?:\s+one)?|(?:it|they)\s+"
    r"(?:does|do|is|are)))?|(?P<no>no|nope|nah|not\s+directly|[✗✘])(?:,?\s+(?:there\s+(?:is|are)"
    r"(?:n['’]t|\s+not)(?:\s+one)?|(?:it|they)\s+(?:does|do|is|are)(?:n['’]t|\s+not)))?|"
    r"(?:it|they|there)\s+(?:(?P<does>does|do|is|are)|"
    r"(?:does|do|is|are)(?:n['’]t|\s+not)))"
    r"(?:\s*,\s*(?P<remark>[^?\n]{1,60}?))?\s*[.!]?\s*",
    re.I,
)
"""A yes/no answer to the question before it (``No.``, ``Yes, there is.``, ``It doesn't.``,
after a lead-in: ``Looking at the input, no, there isn't``), a short remark after it allowed
(``It doesn't, I don't see that edge anywhere``)."""
_REMARK_DOUBT = re.compile(
    r"\b(?:but|though|although|except|unless|if|maybe|perhaps|probably)\b", re.I
)


def _answer(text: str, piece: tuple[int, int]) -> bool | None:
    """Whether the clause ``piece`` answers the question before it yes (``True``) or no
    (``False``); ``None`` where it is no such answer, or a remark after it doubts it or
    contradicts a yes (``Yes, but only through C``)."""
    answer = _ANSWER.fullmatch(text, *piece)
    if answer is None:
        return None
    yes = answer.group("yes") is not None or answer.group("does") is not None
    remark = answer.group("remark") or ""
    if _REMARK_DOUBT.search(remark) or (yes and _NEGATION.search(remark)):
        return None
    return yes


def _tag_denied(
    text: str,
    low: int,
    end: int,
    answer: tuple[int, int],
    named: Callable[[int, int], set[str]],
    names: NodeNames,
    resolve: Resolve,
) -> list[Fact]:
    """The non-edge a tag question's answer states where it denies the question's edge (``A
    and B are adjacent, right? Wrong, it's not listed.``, ``…, isn't it? It isn't.``): the
    statement ``text[low:end]`` before the tag states only that edge, no value, no negation."""
    tag = _TAG.search(text, low, end)
    if tag is None:
        return []
    statement = (low, tag.start())
    if _NEGATION.search(text, *statement) or _NUMBER.search(text, *statement):
        return []
    verdict = _tag_verdict(text, statement, answer, named)
    if verdict is None or verdict[0]:
        return []
    facts = _read(text, *statement, names, resolve)
    if len(facts) != 1 or facts[0][0] != "edge":
        return []
    return [("non_edge", facts[0][1], None, low, answer[1])]


_VALUE_ANSWER = re.compile(
    r"\s*(?:(?:it|that)(?:['’]s|\s+is|\s+[a-z]+s)\s+|(?:[^\d?!\n:=,]{1,60}?(?::|=|,|\bis|\bgives|"
    r"\bmakes|\bcomes\s+to)\s*))?(\d+|" + "|".join(NUMBER_WORDS) + r")"
    r"(?P<unit>\s+(?:hops?|steps?|edges?))?(?P<remark>\s*[,;]\s*[^\d?!\n,;]{1,40}?)?\s*[.!]?\s*",
    re.I,
)  # "It's 4.", "Four.", "Counting its lines: 4.", "It costs 4, nothing less." (one number,
# the answer's last but for a remark after a comma)


_WRITER = re.compile(r"\b(?:i|we|i'd|we'd|i'm|we're)\b", re.I)
"""The writer speaking in a remark after a value (``4, I think``): a hedge on it."""


_ASKED_MEASURE = re.compile(
    r"\s*(?:how\s+)?(?:(?P<far>far(?:\s+away)?\s+(?:is|are)\s+)|"
    r"(?P<heavy>heavy\s+is\s+))",
    re.I,
)
"""A question's words for the measure it asks (after ``how``): ``far is C from A``."""
_MEASURES = {"far": "the distance of ", "heavy": "the weight of "}


def _valued_answer(
    text: str,
    low: int,
    end: int,
    answer: tuple[int, int],
    valued: re.Match[str],
    names: NodeNames,
    resolve: Resolve,
) -> Iterator[tuple[int, int, list[Fact]]]:
    """The facts of a question about one node's or pair's value answered by the value: the
    question read as if it stated it (``How far is C from A? 3 hops.``: the distance of C from
    A is 3)."""
    head = ""
    measure = _ASKED_MEASURE.match(text, low, end)
    if measure is not None:  # "far is C from A": "the distance of C from A"
        head, low = _MEASURES[measure.lastgroup or ""], measure.end()
    question = text[low:end].rstrip().rstrip("?")
    if _HYPOTHETICAL.search(question) or _NEGATION.search(question):
        return
    said = text[answer[0] : valued.start(1)]
    doubted = _HYPOTHETICAL.search(said) or _NEGATION.search(said)
    remark = valued.group("remark") or ""  # "…, nothing less": its negation is of another value;
    hedged = _HYPOTHETICAL.search(remark) or _WRITER.search(remark)  # "…, I think": a hedge
    if doubted or hedged or mentions(text, *answer, names, resolve):
        return  # "… ? Maybe 4.", "… ? Not 4.", "… ? B has 4.": no answer of the question
    found = mentions(text, low, low + len(question), names, resolve)
    unnamed = list(question)
    for _, a, b in found:  # "node 9" is a name, not a number of the question
        unnamed[a - low : b - low] = " " * (b - a)
    if not found or _NUMBER.search("".join(unnamed)):
        return
    written = valued.group(1).lower()
    value = int(written) if written.isdigit() else NUMBER_WORDS[written]
    unit = valued.group("unit") or ""  # "… ? 3 hops.": a hop count
    stated = f"{head}{question} is {value}{unit}"  # the question and its answer, one statement
    shift = len(head) - low
    found = [(n, a + shift, b + shift) for n, a, b in found]
    facts = _read_found(stated, 0, len(stated), names, found)
    facts = [(kind, nodes, number, low, answer[1]) for kind, nodes, number, _, _ in facts
             if number == value]  # fmt: skip
    if facts:
        yield low, answer[1], facts


_TOLD_KINDS = ({"degree"}, {"distance", "hops"})
"""What an answer naming no node may state of the one node or the two a question names."""


def _told_value(
    text: str,
    low: int,
    end: int,
    answer: tuple[int, int],
    names: NodeNames,
    resolve: Resolve,
) -> list[Fact]:
    """The facts of an answer that names no node but states a value with its measure, of the
    node or the pair its question ``text[low:end]`` names (``How far is C from A? Shortest
    distance 6.``, ``And A? Degree 4.``): one node's degree, two nodes' distance or hops; none
    where either is hedged, negated, or holds a number of its own."""
    said = text[answer[0] : answer[1]]
    question = text[low:end]
    if (
        not any(c.isdigit() for c in said)
        or said.rstrip().endswith("?")
        or _HYPOTHETICAL.search(said)
        or _HYPOTHETICAL.search(question)
        or _NEGATION.search(question)
        or mentions(text, *answer, names, resolve)
    ):
        return []
    found = mentions(text, low, end, names, resolve)
    asked = list(dict.fromkeys(n for n, _, _ in found))
    if not 1 <= len(asked) <= 2:
        return []
    unnamed = list(question)
    for _, a, b in found:
        unnamed[a - low : b - low] = " " * (b - a)
    if _NUMBER.search("".join(unnamed)):
        return []
    start = answer[0]
    facts = _read_found(text, start, answer[1], names, [(n, start, start) for n in asked])
    kinds = _TOLD_KINDS[len(asked) - 1]
    return [f for f in facts if f[0] in kinds and f[2] is not None]


def _answered(
    text: str,
    low: int,
    end: int,
    answer: tuple[int, int],
    yes: bool,
    names: NodeNames,
    resolve: Resolve,
    bare: bool = False,
) -> Iterator[tuple[int, int, list[Fact]]]:
    """The facts of a question answered ``Yes`` (as asked) or ``No`` (an edge asked about is a
    non-edge; anything else asked is not read); none where the answer names a node the question
    does not (``Is A adjacent to B? Yes, C is adjacent to D.``: the answer's own fact).
    ``bare``: the question has no question word (``A–B adjacent? Yes.``): read only as one
    pair's edge."""
    question = text[low:end].rstrip().rstrip("?")
    if _HYPOTHETICAL.search(question) or _NEGATION.search(question):
        return
    facts = _read(text, low, low + len(question), names, resolve)
    if bare and (len(facts) != 1 or facts[0][0] != "edge"):
        return
    asked = {node for fact in facts for node in fact[1]}
    if facts and any(n not in asked for n, _, _ in mentions(text, *answer, names, resolve)):
        return
    answer_end = answer[1]
    if not yes:
        facts = [("non_edge", *f[1:]) for f in facts if f[0] == "edge"]
    facts = [(kind, nodes, value, a, answer_end) for kind, nodes, value, a, _ in facts]
    if facts:
        yield low, answer_end, facts


def _read(
    text: str,
    low: int,
    high: int,
    names: NodeNames,
    resolve: Resolve,
    before: tuple[str | None, str | None] = (None, None),
    its_anywhere: bool = False,
) -> list[Fact]:
    """The facts of the clause ``text[low:high]``; ``before``: the subject of the clause
    before it (what a clause without one is about: ``and has degree 3``) and the one node the
    line named before it, if only one (what ``it`` and ``its`` are about)."""
    found = mentions(text, low, high, names, resolve)
    pronoun = _PRONOUN.match(text, low, high)
    referred = None
    if pronoun is not None and (not found or found[0][1] >= pronoun.end()):
        node = before[1] if pronoun.group(1) else before[0]
        if node is not None:
            found.insert(0, (node, pronoun.start(1), pronoun.end(1)))
            referred = node
    elif its_anywhere and before[1] is not None and before[1] not in {n for n, _, _ in found}:
        its = re.search(r"\bits?\b", text[low:high], re.I)  # "B is one of its neighbours"
        if its is None and (label := _LIST_LABEL.match(text, low, high)) is not None:
            found.insert(0, (before[1], label.start(1), label.start(1)))  # "Take A. Full
            # neighbour list: B, C": the topic's list
        elif its is not None:
            found.append((before[1], low + its.start(), low + its.end()))
            found.sort(key=lambda mention: mention[1])
    if not found:
        return []
    facts = _read_found(text, low, high, names, found)
    if referred is not None and facts:
        # "A, B, C, which is the 2-core": the set is the list before, not its first name
        facts = [f for f in facts if f[0] != "k_core" or f[1] != (referred,)]
    return facts


def _read_found(
    text: str, low: int, high: int, names: NodeNames, found: list[tuple[str, int, int]]
) -> list[Fact]:
    """The facts of the clause ``text[low:high]`` whose names are ``found``."""
    skeleton, numbers = _skeleton(text, low, high, found)
    if "\n" in skeleton:
        return []
    if "after all" in skeleton.lower():  # an idiom, not a time: "B is in A's list after all"
        skeleton = _AFTER_ALL.sub("", skeleton)
    final = _FINAL.search(skeleton)  # "after relaxing everything": the end, not a step
    if final is not None:
        skeleton = skeleton[: final.start()] + skeleton[final.end() :]
    beaten = _UNBEATEN.search(skeleton)  # "nothing beats 9": 9 is the minimum
    if beaten is not None:
        skeleton = skeleton[: beaten.start()] + skeleton[beaten.end() :]
    complete = _COMPLETE.search(skeleton) if _COMPLETE_CUE.search(skeleton) else None
    if complete is not None:  # "A connects to B, C, and nothing else": all of A's neighbours
        lead = complete.group("lead") or ""
        skeleton = skeleton[: complete.start()] + lead + skeleton[complete.end() :]
    minimal = _MINIMAL.search(skeleton)  # "needs 4 hops, no fewer": the count is a minimum
    if minimal is not None:
        skeleton = skeleton[: minimal.start("marker")] + skeleton[minimal.end("marker") :]
    facts = _sets(skeleton, found, numbers, low, high)
    if facts is not None:
        return facts
    distinct = list(dict.fromkeys(node for node, _, _ in found))
    routed: list[Fact] = [(ROUTED, (), None, low, high)] if _VIA.search(skeleton) else []
    if _STATE.search(skeleton):  # "tentatively d(A, B) = 9 via C": state and a route
        return [(IN_FLUX, (), None, low, high), *routed] if _IN_FLUX.search(skeleton) else routed
    span = (found[0][1], high if not numbers else max(numbers[-1][2], found[-1][2]))
    listed = _NEIGHBOUR_LIST.search(skeleton)
    if listed is not None and not numbers:
        return _neighbour_list(listed, skeleton, found, span)
    negated = _NEGATION.search(skeleton) is not None
    given = _GIVEN.search(skeleton) or _ABSENT.search(skeleton)
    if given is not None and len(distinct) == 2 and len(found) == 2 and not numbers:
        kind = "non_edge" if given.group("neg") else "edge"
        return [(kind, (distinct[0], distinct[1]), None, *span)]
    if _DEGREE.search(skeleton) and not (len(distinct) == 2 and _DISTANCE.search(skeleton)):
        if len(distinct) == 1 and len(numbers) == 1 and not negated:
            return [("degree", (distinct[0],), numbers[0][0], *span)]
        return []
    if _DISTANCE.search(skeleton):
        if len(distinct) == 2 and len(numbers) == 1 and negated:
            if numbers[0][0] == 1 and _HOP_WORDS.search(skeleton):  # "can't reach B in one step"
                return [("non_edge", (distinct[0], distinct[1]), None, *span)]
            return []
        if len(distinct) == 2 and len(numbers) == 1:
            kind = "hops" if _HOP_WORDS.search(skeleton) else "distance"
            source = re.search(r"\bfrom\s+N(\d+)", skeleton)  # "of B from A": A first
            pair = (distinct[0], distinct[1])
            if source is not None and found[int(source.group(1))][0] == pair[1]:
                pair = (pair[1], pair[0])
            return [(kind, pair, numbers[0][0], *span)]
        return []
    weight, edge = _WEIGHT.search(_SUBSCRIPT.sub(" ", skeleton)), _EDGE.search(skeleton)
    if numbers:
        direct = _DIRECT.search(skeleton) is not None
        if len(numbers) != 1 or negated or (_ROUTE.search(skeleton) and not direct):
            return []
        value = numbers[0][0]
        if weight is not None and len(distinct) == 1 and edge is None:
            return [("node_weight", (distinct[0],), value, *span)]
        if value == 0 and edge is not None and len(distinct) == 2:  # "edgesWith(B).length  //
            return [("non_edge", (distinct[0], distinct[1]), None, *span)]  # 0": none joins them
        dash = _DASH_PAIR.search(skeleton) if not names.numeric_ids else None
        cost = _COST.search(skeleton) is not None and (edge is not None or direct)
        if minimal is not None and dash is not None and weight is None and not cost:
            return [("distance", (distinct[0], distinct[1]), value, *span)]  # "A to B is 5
            # at best": the least over the routes, no edge's weight
        if len(distinct) == 2 and (weight is not None or cost or dash is not None):
            pair = (distinct[0], distinct[1])
            return [("edge", pair, None, *span), ("edge_weight", pair, value, *span)]
        return []
    if edge is None or _ROUTE.search(skeleton):
        return []
    if negated and not _GOVERNED.search(skeleton):
        return []
    kind = "non_edge" if negated else "edge"
    if len(distinct) == 2 and len(found) == 2:
        if UNOWNED_PAIR.match(skeleton):  # "Neighbours: A, B — all": whose list is not said
            return []
        if "xactly" in skeleton or "recisely" in skeleton:  # "edges: exactly A and B": a set
            if _EXACT_SET.search(skeleton):  # of two (whose ends?), no pair
                return []
        return [(kind, (distinct[0], distinct[1]), None, *span)]
    head = _HEAD_LIST.match(skeleton)
    if head is None or not _EDGE.search(head.group("mid")):
        return []
    owner = found[int(head.group("head"))][0]
    items = [found[int(i)] for i in re.findall(r"N(\d+)", head.group("list"))]
    edges: list[Fact] = [(kind, (owner, n), None, a, b) for n, a, b in items if n != owner]
    if complete is not None and not negated and len(edges) == len(items):
        members = tuple(dict.fromkeys(node for node, _, _ in items))
        edges.append(("neighbours", (owner, *members), None, *span))
    return edges


_AFTER_ALL = re.compile(r",?\s*\bafter\s+all\b(?!\s+\w)", re.I)
_FINAL = re.compile(
    r"\b(?:after|once)\s+(?:relaxing|processing|settling|visiting|exploring|finalising|finalizing)"
    r"\s+(?:everything|all(?:\s+(?:the\s+)?\w+)?|every\s+\w+)\b,?\s*|\b(?:when|once|after)\s+(?:the\s+)?"
    r"(?:algorithm|dijkstra|bfs|search|run)\s+(?:finishes|ends|terminates|completes|is\s+done)\b,?\s*",
    re.I,
)
_UNBEATEN = re.compile(
    r"\b(?:nothing|none|no\s+(?:route|path|way|walk))\s+(?:beats|is\s+(?:shorter|cheaper|less|lower)"
    r"\s+than|does\s+better\s+than)\s+(?=#\d)",
    re.I,
)


def _skeleton(
    text: str, low: int, high: int, found: list[tuple[str, int, int]]
) -> tuple[str, list[tuple[int, int, int]]]:
    """The clause with its names written ``N0, N1, ...`` and its numbers ``#0, #1, ...``
    (values with their spans)."""
    parts: list[str] = []
    numbers: list[tuple[int, int, int]] = []
    position = low
    for index, (_, a, b) in enumerate([*found, ("", high, high)]):
        gap = text[position:a]
        skip = [m.span() for m in _NOT_A_VALUE.finditer(gap)]
        last = 0
        for match in _NUMBER.finditer(gap):
            if any(s <= match.start() < e for s, e in skip):
                continue
            parts.append(_plain(gap[last : match.start()]) + f"#{len(numbers)}")
            written = match.group()
            value = int(written) if written.isdigit() else _WORD_VALUES[written.lower()]
            numbers.append((value, position + match.start(), position + match.end()))
            last = match.end()
        parts.append(_plain(gap[last:]))
        if index < len(found):
            parts.append(f"N{index}" if a < b else f"N{index} ")  # a topic held from before
        position = b
    return "".join(parts).rstrip(" .!:;,"), numbers


def _plain(written: str) -> str:
    """Prose without emphasis and code marks (``**A**`` is ``A``)."""
    return written.translate(_MARKS)


_MARKS = str.maketrans("", "", '*`"“”')


def _neighbour_list(
    listed: re.Match[str], skeleton: str, found: list[tuple[str, int, int]], span: tuple[int, int]
) -> list[Fact]:
    head = next(g for g in listed.group("h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8") if g)
    owner = found[int(head)][0]
    items = [found[int(i)] for i in re.findall(r"N(\d+)", listed.group("list"))]
    if any(node == owner for node, _, _ in items) or _NEGATION.search(skeleton):
        return []
    facts: list[Fact] = [("edge", (owner, node), None, a, b) for node, a, b in items]
    opened = listed.group("open").strip() or re.search(r"\bhas\b", listed.group(), re.I)
    if opened and not _PARTIAL.search(skeleton):  # "A neighbours B" is an edge, not a list
        listed_nodes = tuple(dict.fromkeys(node for node, _, _ in items))
        facts.append(("neighbours", (owner, *listed_nodes), None, *span))
    return facts


# A hop ball in any order: a radius ("within 2 hops", "at most two steps", "2-hop ball", "ball
# of radius 2"), its centre ("of/from/around A") and the list that ends the clause
_RADIUS = re.compile(
    r"(?:\b(?:within|at\s+most|no\s+more\s+than|up\s+to)\s+(?:a\s+)?(?:distance\s+(?:of\s+)?)?"
    r"#(?P<a>\d+)\s+(?:hops?|steps?|edges?)\b|(?P<b>\d+)-hop\s+(?:ball|neighbou?rhood|reach)\b|"
    r"#(?P<g>\d+)\s+(?:hops?|steps?|edges?)\s+or\s+(?:fewer|less)\b|"
    r"\b(?:stopping\s+at|up\s+to|down\s+to|to)\s+(?:a\s+)?depth\s+(?:of\s+)?#(?P<h>\d+)|"
    r"\b(?:ball|neighbou?rhood)\s+of\s+radius\s+#(?P<c>\d+)|"
    r"\b(?:(?:hop\s+)?distance|hops?)\s*(?:≤|<=|\\le(?:q)?)\s*#(?P<e>\d+)|"
    r"(?:≤|<=|\\le(?:q)?)\s*#(?P<f>\d+)\s+(?:hops?|steps?|edges?)\b)",
    re.I,
)
# A k-core by its definition: what is left after removing every node of degree below k
_PEELED = re.compile(
    r"\b(?:remain\w*|left|surviv\w*|stays?)\b.*\b(?:prun\w*|remov\w*|peel\w*|delet\w*|strip\w*)\b"
    r".*\bdegree\s+(?:below|less\s+than|under|smaller\s+than|<)\s*#(\d+)\b",
    re.I,
)
_CENTRE = re.compile(r"\b(?:of|from|around|about)\s+N(\d+)\b", re.I)
_CENTRE_FIRST = re.compile(r"N(\d+)\s*(?:⟹|⇒|→|->|=>|⟶)")
_LIST_START = re.compile(r"\s*[\[{(]?\s*(" + _LIST + r")\s*[\]})]?(?=\s)")
_LIST_END = re.compile(r"[\[{(]?\s*(" + _LIST + r")\s*[\]})]?\s*$")


_ONE_BOUNDED = re.compile(r"\s*N\d+\s+(?:is|lies|sits|stays|remains)\b", re.I)
"""One node said to be within a bound of another: the pair's distance bounded, not a ball."""


def _hop_ball(
    radius: re.Match[str],
    skeleton: str,
    found: list[tuple[str, int, int]],
    numbers: list[tuple[int, int, int]],
    high: int,
) -> list[Fact]:
    """``within_hops`` of a clause with a radius, one centre, and a list that ends it."""
    centre = _CENTRE.search(skeleton) or _CENTRE_FIRST.match(skeleton)  # "A ⟹ ≤2 hops: B, C"
    listed = _LIST_END.search(skeleton)
    if listed is not None and centre is not None and listed.start() < centre.end():
        listed = None
    if listed is None and centre is not None:  # "B, C are all within 2 hops of A"
        listed = _LIST_START.match(skeleton)
        if listed is not None and listed.end() > radius.start():
            listed = None
    if centre is None or listed is None:
        return []
    rest = skeleton[: radius.start()] + skeleton[radius.end() :]
    if _NEGATION.search(rest) or _IN_FLUX.search(rest):
        return []  # "no more than 2 hops" is the radius; "… has been visited" is state
    indices = [int(i) for i in re.findall(r"N(\d+)", listed.group(1))]
    if sorted([int(centre.group(1)), *indices]) != list(range(len(found))):
        return []  # every name is the centre or an item
    if len(indices) == 1 and _ONE_BOUNDED.match(skeleton):
        return []  # "B is within 2 hops of A": a bound on the pair's distance, no ball
    written = next((g for g in radius.group("a", "c", "e", "f", "g", "h") if g), None)
    k = int(radius.group("b")) if written is None else numbers[int(written)][0]
    source = found[int(centre.group(1))][0]
    items = [found[i][0] for i in indices]
    return [("within_hops", (source, *dict.fromkeys(items)), k, found[0][1], high)]


def _sets(
    skeleton: str,
    found: list[tuple[str, int, int]],
    numbers: list[tuple[int, int, int]],
    low: int,
    high: int,
) -> list[Fact] | None:
    """Cliques, triangles, k-cores and hop balls; ``None`` where the clause names no set."""
    peeled = _PEELED.search(skeleton)
    if peeled is not None:  # "left after pruning every node of degree below 3: A, B, C"
        listed = _LIST_END.search(skeleton)
        indices = [] if listed is None else [int(i) for i in re.findall(r"N(\d+)", listed.group(1))]
        if not indices or sorted(indices) != list(range(len(found))):
            return []
        nodes = tuple(dict.fromkeys(found[i][0] for i in indices))
        return [("k_core", nodes, numbers[int(peeled.group(1))][0], low, high)]
    ball = _BALL.search(skeleton)
    if ball is None:
        radius = _RADIUS.search(skeleton)
        if radius is not None:
            return _hop_ball(radius, skeleton, found, numbers, high)
    if ball is None and not _SET.search(skeleton):
        return None
    if _NEGATION.search(skeleton):
        return []
    if ball is not None:
        k_written = next(g for g in ball.group("a", "b", "c", "d") if g is not None)
        k = numbers[int(k_written)][0] if ball.group("a") or ball.group("c") else int(k_written)
        source = found[int(ball.group("src"))][0]
        items = [found[int(i)][0] for i in re.findall(r"N(\d+)", ball.group("list"))]
        return [("within_hops", (source, *dict.fromkeys(items)), k, found[0][1], high)]
    lists = list(_SET_LIST.finditer(skeleton))
    if len(lists) != 1:
        return []
    items = [found[int(i)][0] for i in re.findall(r"N(\d+)", lists[0].group(1))]
    if len(items) != len(found):
        return []
    nodes = tuple(dict.fromkeys(items))
    core = _K_CORE.search(skeleton)
    if core is not None and core.group("n2") is not None and _PARTS.search(skeleton):
        return []  # "the components are C_1 = {A, B} and …": C_k names a part, not a k-core
    if core is not None:
        written = next((g for g in core.group("n1", "n2", "n3", "n4", "n5") if g), None)
        digits = core.group("d1") or core.group("d2")
        if written is not None:
            k = numbers[int(written)][0]
        else:
            k = int(digits) if digits else NUMBER_WORDS[core.group("w").lower()]
        return [("k_core", nodes, k, low, high)] if nodes else []
    if re.search(r"\b(?:cliques?|triangles?)\b", skeleton, re.I) and len(nodes) >= 2:
        return [("clique", nodes, None, found[0][1], found[-1][2])]
    return []


# ---------------------------------------------------------------------------------------------
# Calls and indexings: "cost(A, B) = 7", "Neighbours(A) = {B, C}", "w[A] = 5"

# LaTeX decorations too: "\mathcal{N}(A)", "\deg_G(A)", and a subscript as the arguments "w_{A,B}";
# no name inside another's subscript ("d_{G,w}(A, B)": d's, no call of w)
_CALL = re.compile(
    r"(?<![\w\\^])(?<!_\{)(?<!\^\{)(?<!_\{.,)(?<!_\{..,)\\?(?:(?:text|mathrm|operatorname|mathcal|mathit|mathbf)\{)?"
    r"((?:node_|edge_|vertex_)?[A-Za-zδΔγΓωΩ]+)\}?"
    r"(?:_(?:\{(?P<le>(?:\\leq?|≤)\s*)?(?P<sub>[A-Za-z]|\d+)\}|(?P<sub1>[A-Za-z\d])(?![A-Za-z\d])))?"
    r"\s*(?P<open>[(\[]|_\{)\s*"
)
_CALL_KINDS = (
    (re.compile(r"deg(?:ree)?", re.I), "degree", 1),
    (re.compile(r"hops?|(?-i:h)", re.I), "hops", 2),  # "h(A, B) = 3": a hop count
    (re.compile(r"d|dist(?:ance)?|sp|delta|δ|shortest|len(?:gth)?", re.I), "distance", 2),
    (re.compile(r"(?:node_|edge_|vertex_)?(?:w|wt|weight|cost|c|omega|ω)", re.I), "weight", 0),
    (
        # "G[A]": networkx's view of A's neighbours
        re.compile(
            r"n|nbrs?|neighbou?rs?|neighbou?rhood|adj(?:acent|acency)?|gamma|γ|(?-i:G)", re.I
        ),
        "neighbours",
        1,
    ),
    (re.compile(r"A"), "matrix", 2),  # the adjacency matrix: "A_{B,C} = 1", "A[B][C] = 0"
)
_OPENING = re.compile(r"[(\[]|_\{")
_FUNCTION_BEFORE = re.compile(
    r"(?:node_|edge_|vertex_)?([a-zA-Zδγω]+)\}?(?:_(?:\{(?:[A-Za-z]|\d+)\}|[A-Za-z\d]))?\s*$"
)  # ("node_w[A]": the weight function, its prefix apart)
_FUNCTIONS = re.compile(
    r"deg\w*|d|dist\w*|sp|delta|δ|shortest|len\w*|hops?|(?-i:h)|w|wt|weight|cost|c|n|nbrs?|neighbo\w*|"
    r"adj\w*|gamma|γ|b|ball|omega|ω|(?-i:A)|(?-i:G)",
    re.I,
)


def has_call(text: str, low: int, high: int) -> bool:
    """Whether ``text[low:high]`` holds a call or indexing with a function name of the
    lexicon (``deg(``, ``w[``, ``Neighbours(``)."""
    for opening in _OPENING.finditer(text, low, high):
        before = _FUNCTION_BEFORE.search(text, max(low, opening.start() - 16), opening.start())
        if before is not None and _FUNCTIONS.fullmatch(before.group(1)):
            return True
    return False


_ARGUMENT_GLUE = re.compile(r"\s*(?:,|\\to\b|→|->|\\rightarrow\b)\s*")  # "δ(A \to B)"
_PAIR_OPEN = re.compile(r"\s*\\?\{\s*")
_BARS = re.compile(r"(?s:.)*(?:\||\\[lv]vert|\\left\|)\s*")  # "|N(A)|": the size of a set
_CALL_VALUE = re.compile(
    r"\s*(?:==?|:|is|equals)\s*(\d+|" + "|".join(NUMBER_WORDS) + r")(?!\s*[-+*/]\s*\d)(?!\w|\.\d)",
    re.I,
)  # "d(A, B) = 9", "d(A, B) is nine"
_CARDINAL = re.compile(r"(?:(?:\bcard|\\#)\s*\}?(?:\s|\\[,;:! ])*|(?<!\\)#)$")
"""A set's cardinality written before it: ``\\operatorname{card} N(A)``, ``\\# N(A)``,
``#N(A)`` (a bare ``#`` glued to it: ``# N(A) = B, C`` opens a comment)."""
_SIZE_VALUE = re.compile(r"\s*(?:\||\\[rv]vert|\\right\|)" + _CALL_VALUE.pattern, re.I)
_CALL_LIST = re.compile(
    r"\s*(?:\)\s*)*(?:(?:#|//)\s*(?:=>|->|→)?|=|:|is|are|->|→|⟶)\s*\\?[{\[(]?", re.I
)  # "nbrs(A) -> [B, C]", "sorted(G[A])  # [B, C]": the list a call returns (in a comment too)


Reader = Callable[[str, int, int], tuple[str, int] | None]
"""Reads the node named at (``after(text, start, high)``) or before (``before(text, end,
low)``) a position: the node and where its name ends (or starts)."""


def call_facts(
    text: str, low: int, high: int, after: Reader, before: Reader | None = None
) -> list[Fact]:
    """Facts written as a call or an indexing with a function name from the lexicon;
    ``after(text, start, high)`` reads the node named at ``start``, ``before(text, end, low)``
    the node named before ``end``."""
    facts: list[Fact] = []
    if not has_call(text, low, high):
        return facts
    for match in _CALL.finditer(text, low, high):
        kind, arity = next(
            ((k, n) for pattern, k, n in _CALL_KINDS if pattern.fullmatch(match.group(1))),
            ("", 0),
        )
        radius = match.group("sub") or match.group("sub1") or ""
        if radius.isdigit() and (match.group(1) in ("B", "Ball", "ball") or match.group("le")):
            kind, arity = "within_hops", 1  # "B_2(A) = {B, C}", "N_{\\le 2}(A)": radius 2
        if not kind and match.group(1).lower() == "ball":
            kind, arity = "ball", 1  # "ball(A, 2)": its radius an argument
        if not kind:
            continue
        closer = {"(": ")", "[": "]"}.get(match.group("open"), "}")
        args: list[tuple[str, int]] = []
        position = match.end()
        pair = _PAIR_OPEN.match(text, position, high) if closer != "}" else None
        if pair is not None:  # "w(\{A, B\})": the pair as a set
            position = pair.end()
        while len(args) < 2:
            node = after(text, position, high)
            if node is None:
                break
            args.append(node)
            position = _skip_quotes(text, node[1], high)
            glue = _ARGUMENT_GLUE.match(text, position, high)
            if glue is None or text[position : position + 1] == closer:
                break
            position = glue.end()
        position = _skip_quotes(text, position, high)
        while position < high and text[position] in (" \\}" if pair is not None else " \\"):
            position += 1
        row = _ROW_SUM.match(text, position, high) if kind == "matrix" else None
        if row is not None and len(args) == 1:  # "\sum_x A_{B,x} = 4": B's row sum, its degree
            value = _CALL_VALUE.match(text, row.end(), high)
            if _SUM_BEFORE.search(text, max(low, match.start() - 24), match.start()) and (
                value is not None and value.group(1).isdigit()
            ):
                facts.append(("degree", (args[0][0],), int(value.group(1)), match.start(),
                              value.end()))  # fmt: skip
            continue
        radius_arg = _RADIUS_ARGUMENT.match(text, position, high)
        if radius_arg is not None and len(args) == 1 and match.group(1).lower() == "ball":
            listed = _call_list(text, match.start(), radius_arg.end(), high, args[0][0], after)
            facts += [("within_hops", f[1], int(radius_arg.group(1)), f[3], f[4]) for f in listed
                      if f[0] == "neighbours"]  # fmt: skip
            continue  # "ball(A, 2) = {B, C}": the hop ball of radius 2
        if kind == "ball":
            continue
        if not args or text[position : position + 1] != closer:
            continue
        position += 1
        nodes = tuple(node for node, _ in args)
        if (
            kind == "weight"
            and len(nodes) == 1
            and (indexed := _second_index(text, position, high, nodes[0], after))
        ):
            other, weight, end = indexed
            facts.append(("edge_weight", (nodes[0], other), weight, match.start(), end))
            continue  # "w[A][B] = 7": an edge's weight
        if kind in ("neighbours", "matrix") and len(nodes) == 1:
            member = _member(text, low, match.start(), position, high, nodes[0], after, before)
            if member is not None:
                facts.append(member)
                continue
            if kind == "matrix":
                continue
        if kind == "matrix":
            entry = _ENTRY.match(text, position, high)
            if entry is not None and len(set(nodes)) == 2:
                edge = "edge" if entry.group(1).lower() in ("1", "true") else "non_edge"
                facts.append((edge, nodes, None, match.start(), entry.end()))
            continue
        if kind == "distance" and radius == "1":
            kind = "hops"  # "\delta_1(A, B) = 3": every edge weighs 1, a hop count
        if kind == "distance" and len(nodes) == 1 and match.group(1) == "d" and closer == ")":
            kind, arity = "degree", 1  # "d(A) = 4": one argument, the degree (d[A]: a distance)
        if kind == "neighbours" and len(nodes) == 1 and _BARS.fullmatch(text, low, match.start()):
            size = _SIZE_VALUE.match(text, position, high)  # "|N(A)| = 4": the degree
            if size is not None:
                written = size.group(1)
                number = int(written) if written.isdigit() else NUMBER_WORDS[written.lower()]
                facts.append(("degree", nodes, number, match.start(), size.end()))
            continue
        if (
            kind == "neighbours"
            and len(nodes) == 1
            and _CARDINAL.search(text, max(low, match.start() - 24), match.start())
        ):
            size = _CALL_VALUE.match(text, position, high)  # "card N(A) = 4": the degree
            if size is not None:
                written = size.group(1)
                number = int(written) if written.isdigit() else NUMBER_WORDS[written.lower()]
                facts.append(("degree", nodes, number, match.start(), size.end()))
            continue
        if kind == "neighbours" and len(nodes) == 1:
            facts += _call_list(text, match.start(), position, high, nodes[0], after)
            continue
        if kind == "within_hops" and len(nodes) == 1:
            listed = _call_list(text, match.start(), position, high, nodes[0], after)
            facts += [("within_hops", f[1], int(radius), f[3], f[4]) for f in listed
                      if f[0] == "neighbours"]  # fmt: skip
            continue
        value = _CALL_VALUE.match(text, position, high)
        if value is None or (arity and len(nodes) != arity) or len(set(nodes)) != len(nodes):
            continue
        if kind == "weight":
            kind = "node_weight" if len(nodes) == 1 else "edge_weight"
            if kind == "node_weight" and match.group(1).lower() in ("cost", "c"):
                continue
        written = value.group(1)
        number = int(written) if written.isdigit() else NUMBER_WORDS[written.lower()]
        facts.append((kind, nodes, number, match.start(), value.end()))
    return facts


_RADIUS_ARGUMENT = re.compile(r"\s*,?\s*(\d+)\s*\)")
_ROW_SUM = re.compile(r"(?:\s*,)?\s*[a-z]\s*\}")
_SUM_BEFORE = re.compile(r"(?:\\sum|∑)(?:_\{?[a-z]\}?)?\s*$")
_ENTRY = re.compile(r"\s*(?:==?|:|is)\s*(0|1|true|false)\b(?!\s*[-+*/.]\s*\d)", re.I)
_SIZE_OPEN = re.compile(
    r"\b(?:len|size|count|card)\s*\(\s*(?P<wrap>(?:(?:list|set|sorted|tuple|frozenset)\s*\(\s*)*)"
    r"(?:[A-Za-z_]\w*\s*\.\s*)?$"
)  # "len(adj[A])", "len(list(G.neighbors(A)))": the size of the set, through its copies
_SIZE_CLOSE = re.compile(r"\s*\)")
_SIZE_COMMENT = re.compile(r"\s*(?:\)\s*)*(?:#|//)\s*(?:=>|->|→|==?)?\s*(\d+)\s*$")
"""A size printed in a trailing comment (``print(len(G[A]))  # 4``)."""
_SECOND_INDEX = re.compile(r"\s*\[\s*[\"'`]*")
_INDEX_CLOSE = re.compile(r"[\"'`]*\s*\]")
_CONTAINS = re.compile(
    r"\s+(?:(?P<neg>does\s*n[o'’]t\s+(?:contain|include|have)|lacks)|contains|includes|has)\s+"
    r"[\"'`]*",
    re.I,
)
_MEMBER_OF = re.compile(r"[\"'`]*\s*(?:(?P<neg>\bnot\s+in|∉|\\notin)|\bin|∈|\\in)\s*$")
_MEMBER_END = re.compile(r"[\"'`]*\s*(?:[✓✔✗.!;]|#|$)")


def _second_index(
    text: str, position: int, high: int, owner: str, after: Reader
) -> tuple[str, int, int] | None:
    """The node of a second index after ``position`` and the value given it (``[B] = 7``)."""
    index = _SECOND_INDEX.match(text, position, high)
    node = None if index is None else after(text, index.end(), high)
    closed = None if node is None else _INDEX_CLOSE.match(text, node[1], high)
    value = None if closed is None else _CALL_VALUE.match(text, closed.end(), high)
    if node is None or value is None or node[0] == owner or not value.group(1).isdigit():
        return None
    return node[0], int(value.group(1)), value.end()


def _member(
    text: str,
    low: int,
    start: int,
    position: int,
    high: int,
    owner: str,
    after: Reader,
    before: Reader | None,
) -> Fact | None:
    """The fact of a node's neighbour set (or matrix row) ``…[owner]`` ending at ``position``
    used as a set or a row: its size (``len(adj[A]) == 3``: a degree), an entry
    (``adj[A][B] == 0``: a non-edge), or a membership (``B in adj[A]``, ``adj[A] contains
    B``: an edge; ``B not in adj[A]``: a non-edge)."""
    opened = _SIZE_OPEN.search(text, max(low, start - 40), start)
    if opened is not None:
        shut = position
        for _ in range(1 + opened.group("wrap").count("(")):  # each copy's bracket closed
            closed = _SIZE_CLOSE.match(text, shut, high)
            if closed is None:
                return None
            shut = closed.end()
        value = _CALL_VALUE.match(text, shut, high) or _SIZE_COMMENT.match(text, shut, high)
        if value is not None and value.group(1).isdigit():
            return ("degree", (owner,), int(value.group(1)), opened.start(), value.end())
        return None
    index = _SECOND_INDEX.match(text, position, high)
    if index is not None:
        node = after(text, index.end(), high)
        closed = None if node is None else _INDEX_CLOSE.match(text, node[1], high)
        entry = None if closed is None else _ENTRY.match(text, closed.end(), high)
        if node is None or entry is None or node[0] == owner:
            return None
        edge = "edge" if entry.group(1).lower() in ("1", "true") else "non_edge"
        return (edge, (owner, node[0]), None, start, entry.end())
    contains = _CONTAINS.match(text, position, high)
    if contains is not None:
        node = after(text, contains.end(), high)
        if node is None or node[0] == owner or not _MEMBER_END.match(text, node[1], high):
            return None
        edge = "non_edge" if contains.group("neg") else "edge"
        return (edge, (owner, node[0]), None, start, node[1])
    member = None if before is None else _MEMBER_OF.search(text, max(low, start - 16), start)
    if member is not None and before is not None and _MEMBER_END.match(text, position, high):
        node = before(text, member.start(), low)
        if node is None or node[0] == owner:
            return None
        edge = "non_edge" if member.group("neg") else "edge"
        return (edge, (owner, node[0]), None, node[1], position)
    return None


def _skip_quotes(text: str, position: int, high: int) -> int:
    while position < high and text[position] in "\"'”’*`":
        position += 1
    return position


_QUALIFIED_COMMENT = re.compile(
    "|".join(p.pattern for p in (_PARTIAL, _IN_FLUX, _NEGATION, _HYPOTHETICAL)) + r"|\?", re.I
)
"""A code comment that makes a list partial, state, denied or a guess (``# some``, ``# so far``)."""


_LIST_TAIL = re.compile(
    r"[\s,;:—–(-]*(?:and\s+)?(?:exhaustive(?:ly)?|in\s+full|all\s+of\s+them|that['’]?s\s+(?:all|it|"
    r"the\s+lot|everything)|(?:the\s+)?(?:full|complete|whole|entire)\s+(?:list|set|"
    r"neighbou?rhood|row)|nothing\s+(?:else|more)|no\s+others?|all|complete|done)[\s).!$]*",
    re.I,
)
"""What may follow a listed call and keep it whole: ``, exhaustively``, ``(the full set)``, a
terse closer (``(all)``, ``— done``)."""


_SIZED = re.compile(r"\b(?:len|size|length|count|card|abs)\s*\(\s*$", re.I)
"""A size function around a call (``len(G[A])``): the call's value is counted, not listed."""


def _call_list(
    text: str,
    start: int,
    position: int,
    high: int,
    owner: str,
    after: Callable[[str, int, int], tuple[str, int] | None],
) -> list[Fact]:
    opening = _CALL_LIST.match(text, position, high)
    if opening is None or _SIZED.search(text, max(0, start - 16), start):
        return []  # "len(G[A])  # 4": the list's size, no list
    items: list[tuple[str, int, int]] = []
    position = opening.end()
    while True:
        position = _skip_space(text, position, high)
        node = after(text, position, high)
        if node is None:
            break
        items.append((node[0], position, node[1]))
        position = _skip_quotes(text, node[1], high)
        glue = _ARGUMENT_GLUE.match(text, position, high)
        if glue is None:
            break
        position = glue.end()
    rest = text[position:high].strip(" \\}])$.")
    if rest.startswith("#") and not _QUALIFIED_COMMENT.search(rest):
        rest = ""  # "G[A] = [B, C]  # every neighbour": a code comment that keeps the list whole
    elif _LIST_TAIL.fullmatch(rest):
        rest = ""  # "N(A) = {B, C}, exhaustively": the list said complete
    if not items or rest or any(node == owner for node, _, _ in items):
        return []
    facts: list[Fact] = [("edge", (owner, node), None, a, b) for node, a, b in items]
    listed = tuple(dict.fromkeys(node for node, _, _ in items))
    facts.append(("neighbours", (owner, *listed), None, start, high))
    return facts


def _skip_space(text: str, position: int, high: int) -> int:
    while position < high and text[position] in " \\{[(":
        position += 1
    return position
