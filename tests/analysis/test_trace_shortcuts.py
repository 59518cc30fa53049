"""The trace-fact reader's speed shortcuts read exactly what the plain tests they stand for read:
memoised word cues and names, cheap tests before a pattern, patterns rewritten to start with
their mark (design/trace-facts.md, Speed)."""

from __future__ import annotations

import re

import networkx as nx
import pytest

from gralgo.analysis._trace_anchored import _WRAPPERS, _marked, _see
from gralgo.analysis._trace_claims import (
    _STRUCTURE_SURE,
    _STRUCTURE_WORDS,
    _structured,
    extract_claims,
)
from gralgo.analysis._trace_clauses import (
    _COUNTED,
    _NEGATION_WORDS,
    _STEMS_BY_START,
    _UNLINKED,
    NUMBER_WORDS,
    cued_families,
    negated,
    words_of,
)
from gralgo.analysis._trace_merging import _PAIR_STEMS, _PAIR_WORDS, _paired
from gralgo.analysis._trace_reading import _INNER_CLOSE, _INNER_OPEN, _Slots
from gralgo.score import NodeNames
from tests.analysis import trace_facts_phrasings, trace_facts_planted
from tests.analysis.trace_small_graph import small_graph

LINES = (
    "Kyoto has 4 neighbours, and the 2-core is {Paris, Lyon}; w = 3, dist 5.",
    "four neighbours-core four edges 2-hop ball of Paris isn't disconnected",
    "Paris and Lyon are not adjacent: the edge is missing; no road, non-neighbours",
    "The shortest path costs 9 (weight 4 + 5), Dijkstra settles at step 3.",
    "deg(Paris)=1, $d(Lyon,Paris)$ = 4, w(Paris, Kyoto) = 7 -- nbr list",
    "Let me think about this step by step, keeping a queue of nodes to visit.",
    "adj[Paris].includes(Kyoto)  // false",
    "3 connections and three links, dist, w, valence, reachable, within 2 hops",
)


def _plain_families(words: list[str]) -> set[str]:
    """:func:`cued_families` as it was written before its per-word memo."""
    found = set()
    previous = ""
    for word in words:
        for family, stem in _STEMS_BY_START.get(word[:2], ()):
            if word.startswith(stem):
                found.add(family)
        if word == "w":
            found.add("weight")
        elif word == "dist":
            found.add("distance")
        elif (previous.isdigit() or previous in NUMBER_WORDS) and word.startswith(_COUNTED):
            found.add("degree")
        elif "-core" in word or "-hop" in word:
            found.add("set")
        previous = word
    return found


def _plain_negated(words: list[str]) -> bool:
    return any(
        word in _NEGATION_WORDS or word.endswith(("n't", "n’t")) or word.startswith(_UNLINKED)
        for word in words
    )


@pytest.mark.parametrize("line", LINES)
def test_memoised_word_cues_read_as_the_plain_loop(line: str) -> None:
    words = words_of(line.lower())
    for _ in range(2):  # the second time from the memo
        assert cued_families(words) == _plain_families(words)
        assert negated(words) == _plain_negated(words)
        for i in range(len(words)):  # each word's neighbours matter ("4 neighbours")
            assert cued_families(words[i:]) == _plain_families(words[i:])


def test_names_are_resolved_as_without_the_memo() -> None:
    names = NodeNames(small_graph())
    written = ["Paris", " paris ", "New York", "new  york", "**Kyoto**", "Lyon,", "Saint-Denis's",
               "\\text{Paris}", "Nowhere", "", "Paris (degree 3)", "Paris"]  # fmt: skip
    for _ in range(2):
        slots = _Slots(names, 3)
        assert [slots.resolve(w) for w in written] == [slots._resolve(w) for w in written]


# The name-boundary patterns as they were written before they started with their mark.
PLAIN_OPEN = re.compile(r"(?<=\S)[(,{\[$]+(?=[^\s(,{\[$])")
PLAIN_CLOSE = re.compile(r"(?<=[^\s)\],}=$:;|\-–—\\])[)\],}=$:;|\-–—\\](?=\S)")


@pytest.mark.parametrize(
    "text",
    [*LINES, "a((b", "a(,$ b", "$d(Lyon,Paris$", "x ,y", ",,a", "a,,", "f(x)]]y", "(a)", "a) b",
     "a-b", "a—b—c", "\\d(A,B)", "é(ü)=3", " (x", "x( ", "[[A]]", "A;B|C:D=E"],
)  # fmt: skip
def test_boundary_patterns_find_what_their_plain_forms_find(text: str) -> None:
    for pos in range(len(text)):
        assert [m.span() for m in _INNER_OPEN.finditer(text, pos)] == [
            m.span() for m in PLAIN_OPEN.finditer(text, pos)
        ]
        assert [m.span() for m in _INNER_CLOSE.finditer(text, pos)] == [
            m.span() for m in PLAIN_CLOSE.finditer(text, pos)
        ]


def test_the_sure_structure_words_match_the_structure_pattern_anywhere() -> None:
    for word in _STRUCTURE_SURE.pattern.split("|"):
        for mark in ("", "x", "\\", "_", "0", ".", " ", "-", "("):
            assert _STRUCTURE_WORDS.search(mark + word + mark), word
    for line in LINES:
        lower = line.lower()
        assert _structured(lower) == (_STRUCTURE_WORDS.search(lower) is not None)


def test_every_pair_word_holds_a_pair_stem() -> None:
    stems = _PAIR_STEMS.pattern.split("|")
    for alternative in _PAIR_WORDS.pattern.split("|"):  # (no "|" inside its groups)
        plain = alternative.replace("\\b", "").replace("(?:ances?)?", "").replace("?", "")
        assert any(stem in plain for stem in stems), alternative
    for line in (*LINES, "the 2 nodes are 3 hops apart", "distant mill", "shortest-path level"):
        lower = line.lower()
        assert _paired(lower) == (_PAIR_WORDS.search(lower) is not None)


# The notation pass's wrappers, each on its own and all of them in one alternation.
WRAPPER_ALONE = [re.compile(pattern) for pattern, _, _ in _WRAPPERS]
ALL_WRAPPERS = re.compile("|".join(f"(?P<g{i}>{p})" for i, (p, _, _) in enumerate(_WRAPPERS)))
NOTATION = ("x deg .get(A)", "edgeSet", "$\\deg(A)$, `adj.get(A).size()`  // 3", "a \\in \\{B\\}")


def _labelled_lines() -> set[str]:
    """Every line of the labelled sets' traces (one seed)."""
    traces = list(trace_facts_planted.labelled_set(1))
    for split in trace_facts_phrasings.SPLITS:
        traces += trace_facts_phrasings.labelled_set(split, 1)
    return {line for trace in traces for line in trace.text.split("\n")} | {*LINES, *NOTATION}


def test_every_wrapper_match_holds_the_wrappers_marks() -> None:
    matched = [0] * len(_WRAPPERS)
    for line in _labelled_lines():
        lower = line.lower()
        for i, wrapper in enumerate(WRAPPER_ALONE):
            if wrapper.search(line):
                matched[i] += 1
                assert _marked(lower, _WRAPPERS[i][2]), (_WRAPPERS[i][0], line)
    assert all(matched), [_WRAPPERS[i][0] for i, count in enumerate(matched) if not count]


def test_a_clause_is_scanned_for_every_wrapper_whose_marks_it_holds() -> None:
    # the wrappers are found from the marks the clause holds (_BY_MARK), not tried one by one
    for line in sorted(_labelled_lines()):
        lower = line.lower()
        chosen = [i for i, (_, _, marks) in enumerate(_WRAPPERS) if _marked(lower, marks)]
        see = _see(line, 0, len(line))
        plain = "|".join(f"(?P<g{i}>{_WRAPPERS[i][0]})" for i in chosen)
        assert (see.pattern if see else "") == plain, line


@pytest.mark.parametrize("line", [*LINES, *NOTATION])
def test_the_marked_wrappers_match_what_all_of_them_match(line: str) -> None:
    text = "E ∋ (A, B); edge" + line  # a clause after another: look-behinds read before it
    for low in range(len(text) + 1):
        see = _see(text, low, len(text))
        found = [(m.span(), m.lastgroup) for m in see.finditer(text, low)] if see else []
        assert found == [(m.span(), m.lastgroup) for m in ALL_WRAPPERS.finditer(text, low)]


_CUED = ("Mall Road", "Eben M. Haber", "New York", "Must Have Done Something Right")
"""Names holding cue words and marks (``road``, ``. ``, ``new``, ``must``) the gates before
the clause and anchored readers test for."""
_PLAIN = ("Lyon", "Paris", "Kyoto", "Oslo")
_MASKED_LINES = (
    "{0} is connected to {1}.",
    "{0} is not adjacent to {3}.",
    "{2} has degree 2.",
    "The distance from {0} to {1} is 3.",
    "Neighbors of {3}: {0}, {2}.",
    "{1} -- {2} (weight 4)",
)


def _names_graph(names: tuple[str, ...]) -> nx.Graph[str]:
    graph: nx.Graph[str] = nx.Graph()
    graph.add_edges_from([(names[0], names[1]), (names[1], names[2]), (names[3], names[0])])
    return graph


@pytest.mark.parametrize("template", _MASKED_LINES)
def test_names_masked_at_the_gates_read_as_plain_names(
    template: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line whose names hold cue words reads what the same line with plain names reads, and
    stops at the patterns as that one does (the clause and anchored readers never run)."""
    from gralgo.analysis import _trace_merging, _trace_tables

    def read(names: tuple[str, ...]) -> list[tuple[str, tuple[str, ...], int | None]]:
        graph = _names_graph(names)
        plain = dict(zip(names, _PLAIN, strict=True))
        claims = extract_claims(template.format(*names), NodeNames(graph, False), graph=graph)
        return [(c.kind, tuple(plain[n] for n in c.nodes), c.value) for c in claims]

    def refused(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a reader behind the gates ran")

    monkeypatch.setattr(_trace_merging, "clause_facts", refused)
    monkeypatch.setattr(_trace_merging, "anchored_facts", refused)
    monkeypatch.setattr(_trace_merging, "call_facts", refused)
    monkeypatch.setattr(_trace_tables, "call_facts", refused)
    expected = read(_PLAIN)
    assert expected and read(_CUED) == expected


def test_the_masked_line_keeps_every_offset() -> None:
    """The line the gates test a second time is the line with only the names' characters
    replaced: as long as the line, the same elsewhere."""
    from gralgo.analysis._trace_merging import _Gate
    from gralgo.analysis._trace_patterns import _READERS
    from gralgo.analysis._trace_reading import _Context

    graph = _names_graph(_CUED)
    names = NodeNames(graph, False)
    for template in _MASKED_LINES:
        text = template.format(*_CUED)
        ctx = _Context(text, _Slots(names, 8), False, graph)
        found = [c for reader, words in _READERS if words.search(text.lower())
                 for c in reader(ctx, 0, len(text))]  # fmt: skip
        masked = _Gate(ctx, 0, len(text), found).line
        assert masked is not None and len(masked) == len(text)
        kept = [(i, ch) for i, ch in enumerate(text) if masked[i] != "z"]
        assert all(masked[i] == ch for i, ch in kept)
        assert not any(word in masked for word in ("Road", "M. ", "New", "Must"))


def test_claims_that_stop_before_the_line_end_are_not_masked() -> None:
    """``From the adjacency list, New York → Ada Lovelace, Dublin, Graz``: the patterns read one
    edge, the rest is for the clause reader, so the gates test the line as written."""
    from gralgo.analysis._trace_merging import _Gate
    from gralgo.analysis._trace_patterns import _READERS
    from gralgo.analysis._trace_reading import _Context

    graph: nx.Graph[str] = nx.Graph()
    graph.add_edges_from([("New York", n) for n in ("Ada Lovelace", "Dublin", "Graz")])
    text = "From the adjacency list, New York → Ada Lovelace, Dublin, Graz."
    ctx = _Context(text, _Slots(NodeNames(graph, False), 4), False, graph)
    found = [c for reader, words in _READERS if words.search(text.lower())
             for c in reader(ctx, 0, len(text))]  # fmt: skip
    assert found and max(c.end for c in found) <= text.index(", Dublin")
    assert _Gate(ctx, 0, len(text), found).line is None
    claims = extract_claims(text, NodeNames(graph, False), graph=graph)
    assert ("neighbours", ("New York", "Ada Lovelace", "Dublin", "Graz")) in [
        (c.kind, c.nodes) for c in claims
    ]
