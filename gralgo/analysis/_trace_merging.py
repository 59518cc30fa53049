"""How the pattern readers' claims on a line are merged with the other two readers': the clause
reader (:mod:`gralgo.analysis._trace_clauses`) adds the facts of wording no pattern was written
for and may overrule a pattern (:func:`_structural`); the name-anchored reader
(:mod:`gralgo.analysis._trace_anchored`) reads the clauses where nothing was read
(:func:`_anchored`). Both test a line a second time with the patterns' names masked
(:class:`_Gate`).
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING

from gralgo.analysis._trace_anchored import anchored_facts, refused, set_head
from gralgo.analysis._trace_clauses import (
    FAMILIES,
    IN_FLUX,
    NUMBER_WORDS,
    ROUTED,
    Fact,
    call_facts,
    clause_facts,
    cued_families,
    has_call,
    line_pieces,
    mentions,
    meta_released,
    negated,
    one_clause,
    topic_name,
    words_of,
)
from gralgo.analysis._trace_reading import (
    _TAIL_CLEAN,
    Claim,
    _Context,
)

if TYPE_CHECKING:
    pass


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


_ATTENTION_MARKS = re.compile(r"[?;]|\.\s")
