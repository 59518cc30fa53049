"""The rewrite passes a trace goes through before its claims are read.

Each pass finds a shape whose words a reader would misread (an output echoed under its
query, a retraction, a question answered, a remark between dashes, ...) and rewrites it,
in place and at the same length, into what it states, or blanks it: the readers of
:mod:`gralgo.analysis._trace_claims` then see only statements, at the trace's own offsets.
What is and is not read is listed in ``design/trace-facts.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from gralgo.analysis._trace_clauses import (
    NUMBER_WORDS,
)

if TYPE_CHECKING:
    from gralgo.score import NodeNames


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


def rewritten_for_reading(text: str, names: NodeNames, max_words: int) -> tuple[str, list[int]]:
    """``text`` with the passages the readers must not take literally rewritten or blanked
    (offsets kept: every pass replaces a span with one of the same length), and where each
    route taken as a condition starts (its links are not claims)."""
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
    return text, taken
