"""The trace-fact extractor and checker on the worked examples of design/trace-facts.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from gralgo.analysis._trace_check import GraphFacts, check_claims
from gralgo.analysis._trace_claims import extract_claims
from gralgo.score import NodeNames

EXAMPLES = json.loads(
    (Path(__file__).parent / "data" / "trace_facts_examples.json").read_text(encoding="utf-8")
)


def _graph() -> nx.Graph[str]:
    graph: nx.Graph[str] = nx.Graph()
    for u, v, w in EXAMPLES["graph"]["edges"]:
        graph.add_edge(u, v, weight=w)
    return graph


@pytest.mark.parametrize("example", EXAMPLES["examples"], ids=lambda e: e["text"][:30])
def test_worked_example(example: dict[str, Any]) -> None:
    graph = _graph()
    text = str(example["text"])
    checked = check_claims(extract_claims(text, NodeNames(graph)), GraphFacts(graph))
    if example["kind"] is None:
        assert checked == []
        return
    mine = [c for c in checked if c.claim.kind == example["kind"]]
    assert mine, [c.claim for c in checked]
    assert mine[0].verdict == example["verdict"]
    assert mine[0].error == example.get("error")
    if "truth" in example:
        assert mine[0].truth == example["truth"]
    for kind in example.get("absent", []):  # e.g. "A is connected to B and C" is no full list
        assert all(c.claim.kind != kind for c in checked), kind


def test_numeric_ids_read_as_nodes_and_arithmetic_is_no_edge() -> None:
    graph: nx.Graph[str] = nx.path_graph(["a", "b", "c", "d"])  # ids 0..3 in name order
    names = NodeNames(graph, numeric_ids=True)
    claims = extract_claims("0 -- 1, then node 2 and node 0 are adjacent. 3 - 1 = 2", names)
    assert [(c.kind, set(c.nodes)) for c in claims] == [
        ("edge", {"a", "b"}),
        ("edge", {"a", "c"}),
    ]


def test_long_context_names_with_commas_are_read_whole() -> None:
    graph: nx.Graph[str] = nx.Graph()
    graph.add_edge("Paris, amber harbour, quiet orchard", "Lyon, misty bridge")
    graph.add_edge("Lyon, misty bridge", "Oslo, calm river")
    text = "Paris, amber harbour, quiet orchard is connected to Oslo, calm river."
    checked = check_claims(extract_claims(text, NodeNames(graph)), GraphFacts(graph))
    assert [(c.claim.nodes, c.error) for c in checked] == [
        (("Paris, amber harbour, quiet orchard", "Oslo, calm river"), "hallucinated_edge")
    ]


def test_claims_get_their_segment() -> None:
    from gralgo.analysis._text_split import segment_at_markers

    graph = _graph()
    text = "Paris -- Lyon. Wait, Paris has degree 5."
    checked = check_claims(
        extract_claims(text, NodeNames(graph)), GraphFacts(graph), segment_at_markers(text)
    )
    assert [(c.claim.kind, c.segment) for c in checked] == [("edge", 0), ("degree", 1)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Iceland is connected to Rook (bird).", ("edge", ("Iceland", "Rook (bird)"), None)),
        ("Neighbors of Kino (band): Iceland, Bird.",
         ("neighbours", ("Kino (band)", "Iceland", "Bird"), None)),
        ("The distance from Rook (bird) to Iceland is 3.",
         ("distance", ("Rook (bird)", "Iceland"), 3)),
        ("Galcaio Airport (GLK) -- Iceland (weight 4)",
         ("edge_weight", ("Galcaio Airport (GLK)", "Iceland"), 4)),
    ],
)  # fmt: skip
def test_a_name_ending_in_its_bracket_is_read_whole(
    text: str, expected: tuple[str, tuple[str, ...], int | None]
) -> None:
    """A name whose last word is bracketed, before a mark (``Rook (bird).``, ``Kino (band):``)
    or a word (``Galcaio Airport (GLK) to``), is read whole, not as the name in its brackets."""
    graph: nx.Graph[str] = nx.Graph()
    graph.add_edges_from(
        [
            ("Iceland", "Rook (bird)"),
            ("Kino (band)", "Iceland"),
            ("Kino (band)", "Bird"),
            ("Galcaio Airport (GLK)", "Iceland"),
        ]
    )
    claims = extract_claims(text, NodeNames(graph, False), graph=graph)
    assert expected in [(c.kind, c.nodes, c.value) for c in claims]


def _dotted_graph() -> nx.Graph[str]:
    graph: nx.Graph[str] = nx.Graph()
    graph.add_edges_from(
        [
            ("Mara K. Oduya", "Tomas Brandt"),
            ("Mara K. Oduya", "Ines de la Vega"),
            ("Mara K. Oduya", "J. R. R. Tolkien"),
            ("St. Louis", "Washington, D.C."),
            ("St. Louis", "Omaha"),
            ("Tomas Brandt", "Omaha"),
            ("Omaha", "Clube Naval – S.C."),
        ]
    )
    return graph


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Neighbors of Tomas Brandt: Mara K. Oduya, Omaha.",
         ("neighbours", ("Tomas Brandt", "Mara K. Oduya", "Omaha"), None)),
        ("Neighbors of Mara K. Oduya: Tomas Brandt, J. R. R. Tolkien, Ines de la Vega.",
         ("neighbours", ("Mara K. Oduya", "Tomas Brandt", "J. R. R. Tolkien", "Ines de la Vega"),
          None)),
        ("Mara K. Oduya's neighbours are J. R. R. Tolkien, Tomas Brandt and Ines de la Vega.",
         ("neighbours", ("Mara K. Oduya", "J. R. R. Tolkien", "Tomas Brandt", "Ines de la Vega"),
          None)),
        ("- Mara K. Oduya: Tomas Brandt, J. R. R. Tolkien, Ines de la Vega",
         ("edge", ("Mara K. Oduya", "Ines de la Vega"), None)),
        ("The nodes adjacent to Tomas Brandt are Omaha and Mara K. Oduya.",
         ("edge", ("Tomas Brandt", "Mara K. Oduya"), None)),
        ("Tomas Brandt's neighbours: Omaha and Mara K. Oduya (that's all of them).",
         ("neighbours", ("Tomas Brandt", "Omaha", "Mara K. Oduya"), None)),
        ("Hmm, is J. R. R. Tolkien adjacent to Omaha? No, it is not.",
         ("non_edge", ("J. R. R. Tolkien", "Omaha"), None)),
        ("Neighbors of Omaha: Clube Naval – S.C., St. Louis, Tomas Brandt.",
         ("neighbours", ("Omaha", "Clube Naval – S.C.", "St. Louis", "Tomas Brandt"), None)),
    ],
)  # fmt: skip
def test_a_mark_inside_a_name_ends_no_list_or_clause(
    text: str, expected: tuple[str, tuple[str, ...], int | None]
) -> None:
    """An initial's or abbreviation's period inside a node's name (``Mara K. Oduya``, ``J. R.
    R. Tolkien``), or a spaced dash (``Clube Naval – S.C.``), ends no list, clause or sentence:
    the list and the clause read on past it."""
    graph = _dotted_graph()
    claims = extract_claims(text, NodeNames(graph, False), graph=graph)
    assert expected in [(c.kind, c.nodes, c.value) for c in claims]


def test_a_period_ending_a_sentence_after_a_dotted_name_still_ends_it() -> None:
    """A name's last period before a new sentence ends it, and so does a period after it."""
    graph = _dotted_graph()
    text = "Neighbors of St. Louis: Omaha. Tomas Brandt has degree 2."
    claims = [(c.kind, c.nodes, c.value) for c in extract_claims(text, NodeNames(graph, False))]
    assert ("neighbours", ("St. Louis", "Omaha"), None) in claims
    assert ("degree", ("Tomas Brandt",), 2) in claims
