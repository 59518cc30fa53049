"""highlights.html: wrong claims marked with the true fact beside them, text escaped."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from gralgo.analysis._trace_check import GraphFacts, check_claims
from gralgo.analysis._trace_claims import extract_claims
from gralgo.analysis._trace_highlights import mark_claims, write_highlights
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
