"""highlights.html: wrong claims marked with the true fact beside them, text escaped."""

from __future__ import annotations

import random
from pathlib import Path

import networkx as nx

from gralgo.analysis._trace_check import GraphFacts, check_claims
from gralgo.analysis._trace_claims import extract_claims
from gralgo.analysis._trace_highlights import disjoint_claims, mark_claims, write_highlights
from gralgo.score import NodeNames


def _checked(text: str):
    graph: nx.Graph[str] = nx.Graph()
    graph.add_edge("A<b>", "Lyon", weight=7)
    graph.add_edge("Lyon", "Oslo", weight=2)
    return check_claims(extract_claims(text, NodeNames(graph)), GraphFacts(graph))


def test_wrong_claims_are_marked_with_the_truth_and_text_is_escaped() -> None:
    text = "A<b> -- Lyon (weight 9). A<b> is connected to Oslo. Lyon -- Oslo."
    page = mark_claims(text, _checked(text))
    assert '<mark class="wrong"' in page and "[A&lt;b&gt; – Lyon has weight 7]" in page
    assert "[no edge A&lt;b&gt; – Oslo]" in page
    assert '<span class="correct">Lyon -- Oslo</span>' in page
    assert "<b>" not in page


def test_page_lists_only_responses_with_a_wrong_claim(tmp_path: Path) -> None:
    good, bad = "Lyon -- Oslo.", "Lyon is not connected to Oslo."
    path = write_highlights(
        tmp_path / "h.html", [("r1", good, _checked(good)), ("r2", bad, _checked(bad))]
    )
    page = path.read_text(encoding="utf-8")
    assert "<h2>r2</h2>" in page and "<h2>r1</h2>" not in page
    assert "[edge Lyon – Oslo exists]" in page


def _disjoint_by_pairs(spans: list[tuple[int, int, str]]) -> list[int]:
    """The rule of :func:`disjoint_claims`, each span tested against every one taken."""
    chosen: list[int] = []
    taken: list[tuple[int, int]] = []
    for index in sorted(range(len(spans)), key=lambda i: (spans[i][2] != "wrong", spans[i][0])):
        start, end, verdict = spans[index]
        if verdict == "unverifiable" or any(a < end and start < b for a, b in taken):
            continue
        taken.append((start, end))
        chosen.append(index)
    return sorted(chosen, key=lambda i: spans[i][0])


def test_disjoint_claims_match_the_pairwise_rule_on_random_spans() -> None:
    """Nested, touching, equal and empty spans, as many as a long response holds."""
    rng = random.Random(7)
    for _ in range(3000):
        n, width = rng.randint(0, 40), rng.choice((10, 60, 400))
        spans = []
        for _ in range(n):
            start = rng.randint(0, width)
            end = start + rng.choice((0, 0, 1, 2, 5, rng.randint(0, width)))
            spans.append((start, end, rng.choice(("wrong", "correct", "correct", "unverifiable"))))
        assert disjoint_claims(spans) == _disjoint_by_pairs(spans), spans
    assert disjoint_claims([(3, 3, "correct"), (3, 8, "wrong"), (8, 8, "correct")]) == [1, 0, 2]
    assert disjoint_claims([(3, 8, "correct"), (5, 5, "wrong"), (0, 9, "correct")]) == [1]
