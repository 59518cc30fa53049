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
from tests.analysis.trace_small_graph import small_graph

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


def _small(text: str, numeric_ids: bool = False) -> set[tuple[str, frozenset[str], int | None]]:
    names = NodeNames(small_graph(), numeric_ids)
    return {(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)}


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Prim cannot take Kyoto–Paris here; they share no edge.", False),
        ("To close the triangle we would need Lyon–Kyoto, and it is absent.", False),
        ("Rechecked: node 0–node 3 is not an edge.", True),
        ("Second look: Kyoto → Lyon ✘", False),
    ],
)
def test_round24_not_asserted_a_pair_denied_or_needed_is_no_edge(
    text: str, numeric_ids: bool
) -> None:
    """A pair after a negation or a need (``cannot take A–B``, ``would need A–B``), or with a
    denial right after it, is no edge the text states."""
    assert not {c for c in _small(text, numeric_ids) if c[0] == "edge"}


@pytest.mark.parametrize(
    "text",
    [
        "While scanning the input I found no Saint-Denis–Kyoto entry.",
        "Kyoto -> Lyon: ✘ not in the graph",
    ],
)
def test_round24_not_asserted_no_line_for_a_pair_or_its_colon_denial_is_a_non_edge(
    text: str,
) -> None:
    read = _small(text)
    assert not {c for c in read if c[0] == "edge"}
    assert any(c[0] == "non_edge" and len(c[1]) == 2 for c in read)


@pytest.mark.parametrize(
    "text", ["Kruskal: Paris–Lyon joins no cycle, so it goes in.", "No doubt about it, Paris–Lyon."]
)
def test_round24_not_asserted_a_negation_elsewhere_leaves_the_edge(text: str) -> None:
    assert ("edge", frozenset({"Paris", "Lyon"}), None) in _small(text)


def test_round24_switched_arrow_the_id_after_another_arrow_is_the_routes_total() -> None:
    """Under numeric ids (Kyoto 0, Lyon 1, New York 2, Paris 3, Saint-Denis 4) a chain of
    ``->`` links closed by a ``→`` to one more id: that id is the route's total."""
    read = _small("# route 4 -> 1 -> 2 → 3", numeric_ids=True)
    assert ("edge", frozenset({"New York", "Paris"}), None) not in read
    assert ("path_total", frozenset({"Saint-Denis", "Lyon", "New York"}), 3) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("h = nx.shortest_path_length(G, source=Lyon); h[Kyoto]  # -> 2", ("hops", 2)),
        ("print(nx.shortest_path_length(G, Paris, Kyoto))  # 3", ("hops", 3)),
        ("nx.shortest_path_length(G, Paris, Kyoto, weight='weight')  # 14", ("distance", 14)),
    ],
)
def test_round24_unweighted_length_networkx_default_counts_hops(
    text: str, claim: tuple[str, int]
) -> None:
    """``nx.shortest_path_length`` without a ``weight`` returns hops, on a weighted graph too."""
    assert {(c[0], c[2]) for c in _small(text) if c[0] in ("hops", "distance")} == {claim}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Last check on Lyon: its neighbours are {Paris, Saint-Denis, New York}, nothing else.",
         ("neighbours", {"Lyon", "Paris", "Saint-Denis", "New York"}, None)),
        ("assert G.has_edge(Kyoto, New York)  # last check", ("edge", {"Kyoto", "New York"}, None)),
        ("assert nx.dijkstra_path_length(G, Lyon, Kyoto) == 8  # sanity check",
         ("distance", {"Lyon", "Kyoto"}, 8)),
        ("✗ Lyon-Kyoto — missing (sanity check)", ("non_edge", {"Lyon", "Kyoto"}, None)),
    ],
)  # fmt: skip
def test_round24_check_label_a_check_said_done_states_its_fact(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A check's label at a line's head before its colon, or as a comment or aside, is a check
    done: the fact beside it is read (and a cross with ``missing`` denies the pair)."""
    kind, nodes, value = claim
    read = _small(text)
    assert (kind, frozenset(nodes), value) in read
    assert kind == "edge" or ("edge", frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    "text",
    [
        "Let me do a last check on Paris: is it adjacent to Kyoto?",
        "Final check on Paris and Kyoto.",
    ],
)
def test_round24_check_label_a_check_still_planned_or_asked_states_nothing(text: str) -> None:
    assert not {c for c in _small(text) if c[0] in ("edge", "non_edge")}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Kyoto has degree 1 in the original graph, before any deletions.", ("degree", 1)),
        ("In the original input, Lyon has degree 3 before any nodes are peeled.", ("degree", 3)),
    ],
)
def test_round24_original_a_value_said_of_the_input_graph_is_read(
    text: str, claim: tuple[str, int]
) -> None:
    """``in the original graph`` / ``before any removals`` say the value is the input's, not
    a peeling's state."""
    assert claim in {(c[0], c[2]) for c in _small(text) if c[0] == "degree"}


def test_round24_original_a_peeling_state_stays_unread() -> None:
    assert not {
        c for c in _small("After removing Kyoto, New York has degree 0.") if c[0] == "degree"
    }


@pytest.mark.parametrize(
    ("text", "pair", "value"),
    [
        ("Next, Lyon gets settled at 3 (source New York).", {"Lyon", "New York"}, 3),
        ("* settle Saint-Denis: 2 (from Paris)", {"Saint-Denis", "Paris"}, 2),
        ("Kyoto's label from source New York is permanent: 5", {"Kyoto", "New York"}, 5),
    ],
)
def test_round24_settling_a_node_settled_from_a_named_source_states_its_distance(
    text: str, pair: set[str], value: int
) -> None:
    """Dijkstra's settling of a node, on a line naming the source, states its distance."""
    assert ("distance", frozenset(pair), value) in _small(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (r"$N(\mathrm{Lyon}) = \{Paris, \text{New York}, Saint-Denis\}$",
         ("neighbours", {"Lyon", "Paris", "New York", "Saint-Denis"})),
        (r"\( N(\textit{'Paris'}) = \{Lyon, Saint-Denis\} \)",
         ("neighbours", {"Paris", "Lyon", "Saint-Denis"})),
    ],
)  # fmt: skip
def test_round26_latex_wrapped_name_heads_a_neighbour_set(
    text: str, claim: tuple[str, set[str]]
) -> None:
    """A name in a LaTeX text wrapper (``\\mathrm{A}``, quoted or not) is read wherever a bare
    name is: here the head of ``N(·) = \\{…\\}``."""
    assert (claim[0], frozenset(claim[1]), None) in _small(text)


def test_round26_latex_wrapped_name_without_equality_is_no_list() -> None:
    text = r"$N(\text{Lyon}) \supseteq \{Paris, Saint-Denis\}$"
    assert not {c for c in _small(text) if c[0] == "neighbours"}


@pytest.mark.parametrize("header", ["w=", "wt =", "w"])
def test_round26_weight_header_with_its_equals_sign_reads_weights(header: str) -> None:
    text = f"| From | To | {header} |\n|---|---|---|\n| 'Lyon' | New York | 3 |\n"
    assert ("edge_weight", frozenset({"Lyon", "New York"}), 3) in _small(text)


def test_round26_another_letter_with_an_equals_sign_is_no_weight() -> None:
    text = "| From | To | x= |\n|---|---|---|\n| Lyon | New York | 3 |\n"
    assert not {c for c in _small(text) if c[0] == "edge_weight"}


def test_round26_exactly_before_the_adjacent_names_reads_an_edge_to_each() -> None:
    """``A is adjacent to precisely B, C`` with a remark after it: an edge to each name (an
    exactness word between the phrase and its names is no name, and read no claim of none)."""
    read = _small("Lyon is adjacent to precisely Paris, New York — no doubt there.")
    assert {
        ("edge", frozenset({"Lyon", "Paris"}), None),
        ("edge", frozenset({"Lyon", "New York"}), None),
    } <= read
    assert ("edge", frozenset(), None) not in read


def test_round26_exactly_a_count_reads_no_edge() -> None:
    read = _small("Lyon is adjacent to exactly 3 nodes — worth remembering.")
    assert not {c for c in read if c[0] == "edge" and c[1]}


@pytest.mark.parametrize("mark", ["↳", "▸", "◦"])
def test_round26_a_bulleted_adjacency_line_reads_its_row(mark: str) -> None:
    """An adjacency line behind any bullet mark (``↳ A: B, C (complete row)``) is the node's
    row, as behind ``-``."""
    read = _small(f"  {mark} Lyon: Paris, New York, Saint-Denis (every one)")
    assert ("neighbours", frozenset({"Lyon", "Paris", "New York", "Saint-Denis"}), None) in read


def test_round26_a_bulleted_open_row_is_no_neighbour_list() -> None:
    assert not {
        c for c in _small("  ↳ Lyon: Paris, New York, and maybe more") if c[0] == "neighbours"
    }


def test_round24_settling_without_a_source_reads_no_distance() -> None:
    assert not {c for c in _small("Kyoto settled at 5, I think.") if c[0] == "distance"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Tested Lyon with Kyoto: not adjacent, moving on to the next one.",
         ("non_edge", {"Lyon", "Kyoto"})),
        ("Tested Lyon with Kyoto: not adjacent; moving on.", ("non_edge", {"Lyon", "Kyoto"})),
    ],
)  # fmt: skip
def test_round24_next_step_a_step_after_a_result_leaves_the_result(
    text: str, claim: tuple[str, set[str]]
) -> None:
    """The step a result leads to (``…, move on``, ``…, skip it``) plans no fact of its own: the
    result before it is read."""
    assert (claim[0], frozenset(claim[1]), None) in _small(text)


def test_round24_next_step_a_plan_before_it_still_states_nothing() -> None:
    assert not {c for c in _small("Let me compare Lyon and Kyoto, then move on.") if c[1]}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Re-reading the input so nothing gets misread: Lyon isn't joined to Kyoto.",
         ("non_edge", {"Lyon", "Kyoto"})),
        ("I'll copy the input out first, line by line — Kyoto–New York is one of the edges.",
         ("edge", {"Kyoto", "New York"})),
    ],
)  # fmt: skip
def test_round24_input_lead_a_lead_restating_the_input_leaves_its_fact(
    text: str, claim: tuple[str, set[str]]
) -> None:
    """A lead that reads or restates the input, to its colon or dash, is no plan: the fact
    after it is the input's."""
    assert (claim[0], frozenset(claim[1]), None) in _small(text)


def test_round24_input_lead_a_question_after_it_stays_unread() -> None:
    assert not {c for c in _small("Reading the input once more: is Lyon–Kyoto there?") if c[1]}


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("H.add_edge(Lyon, Kyoto)  # copied from the input", {"Lyon", "Kyoto"}),
        ("graph.add_edge(New York, Paris)  // edge read from the prompt", {"New York", "Paris"}),
    ],
)
def test_round24_copied_edge_an_edge_built_from_the_input_is_stated(
    text: str, pair: set[str]
) -> None:
    """A graph built from the input, its comment saying so, restates the input's edge."""
    assert ("edge", frozenset(pair), None) in _small(text)


def test_round24_copied_edge_an_edge_built_for_a_try_is_none() -> None:
    assert not _small("H.add_edge(Lyon, Kyoto)  # try adding it")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Verifying once more against the input: yep, Kyoto and Lyon are linked.",
         ("edge", {"Kyoto", "Lyon"})),
        ("Finally, I re-check the pairs I used: Lyon–New York, yes, listed in the input.",
         ("edge", {"Lyon", "New York"})),
    ],
)  # fmt: skip
def test_round24_checked_lead_a_check_that_came_out_yes_states_its_fact(
    text: str, claim: tuple[str, set[str]]
) -> None:
    assert (claim[0], frozenset(claim[1]), None) in _small(text)


def test_round24_checked_lead_a_check_asked_states_nothing() -> None:
    assert not {c for c in _small("Let me verify: Kyoto and Lyon, yes or no?") if c[1]}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Before I lose it — Kyoto and New York share a road, which I'll need later.",
         ("edge", {"Kyoto", "New York"}, None)),
        ("Side note, since I plan ahead: New York's neighbour count comes to 2.",
         ("degree", {"New York"}, 2)),
    ],
)  # fmt: skip
def test_round25_meta_talk_beside_what_the_anchored_reader_reads_does_not_refuse_it(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """Meta-talk beside a clause only the anchored reader reads (no pattern's wording): the
    clause is read alone."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _small(text)


@pytest.mark.parametrize(
    "text",
    [
        "If memory serves — Kyoto and New York share a road.",
        "I have to double-check this: New York's neighbour count comes to 2.",
        "Kyoto and New York share a road, or so I assumed.",
    ],
)
def test_round25_meta_talk_that_governs_what_the_anchored_reader_reads_refuses_it(
    text: str,
) -> None:
    assert not [c for c in _small(text) if c[0] in ("edge", "degree")]


def test_round25_counted_after_a_count_of_nbrs_after_a_dash_is_no_node() -> None:
    """Under numeric ids, ``node 3 — 2 nbrs``: 2 counts 3's neighbours, no node joined to 3."""
    assert not [c for c in _small("node 3 — 2 nbrs.", numeric_ids=True) if c[0] == "edge"]


@pytest.mark.parametrize(
    "text",
    [
        "Kyoto in adj[Paris]  // false; so Paris and Kyoto share no edge, next pair",
        "has_edge(Paris, Kyoto) -> False, so that pair is out, carrying on",
        "Kyoto in G[Paris]  # no, there is no such link, on to the next one",
        "Kyoto in G[Paris]  # False, hence no Paris-Kyoto road; carry on",
    ],
)
def test_round27_a_query_answered_false_with_a_remark_is_a_non_edge(text: str) -> None:
    """A query whose printed result is false, a longer remark after it (``# False, so no A-B
    edge; moving on``): the result decides, a non-edge and no edge."""
    read = _small(text)
    assert ("non_edge", frozenset({"Paris", "Kyoto"}), None) in read
    assert not {c for c in read if c[0] == "edge"}


@pytest.mark.parametrize(
    "text",
    [
        "Lyon in adj[Paris]  // true, so the edge is there, next pair",
        "Lyon in adj[Paris]  # True; no need to look further",
    ],
)
def test_round27_a_query_answered_true_with_a_remark_is_an_edge(text: str) -> None:
    read = _small(text)
    assert ("edge", frozenset({"Paris", "Lyon"}), None) in read
    assert not {c for c in read if c[0] == "non_edge"}


def test_round27_a_need_its_answer_denies_is_no_edge() -> None:
    """``Need A–B. In the list? No.``: the need is answered no, no edge; answered yes, the
    edge stands."""
    denied = _small("Need Kyoto–Lyon. Listed? Nope. No edge.")
    assert not {c for c in denied if c[0] == "edge"}
    stated = _small("For the triangle I need Paris–Lyon, and yes, it appears in the input.")
    assert ("edge", frozenset({"Paris", "Lyon"}), None) in stated


@pytest.mark.parametrize(
    "text",
    [
        "Survivors once the peeling stops: Paris, Lyon, Saint-Denis, which is the 2-core.",
        "Paris, Lyon and Saint-Denis, which are the 2-core, as expected.",
    ],
)
def test_round27_the_list_before_which_is_the_core(text: str) -> None:
    """``A, B, C, which is the 2-core``: the k-core is the list before ``which``, not its first
    name."""
    cores = {c for c in _small(text) if c[0] == "k_core"}
    assert cores == {("k_core", frozenset({"Paris", "Lyon", "Saint-Denis"}), 2)}


@pytest.mark.parametrize(
    "text",
    [
        "Saint-Denis is adjacent to exactly one of Kyoto, New York.",
        "Kyoto is linked to only one of Paris and New York — the puzzle says so.",
        "Lyon has an edge to two of Paris, Kyoto, New York.",
    ],
)
def test_round27_adjacent_to_one_of_a_list_is_no_list_and_no_edge(text: str) -> None:
    """``A is adjacent to exactly one of B, C``: which one is not said, so no neighbour list
    and no edge is read."""
    assert not {c for c in _small(text) if c[0] in ("neighbours", "edge")}


def test_round27_one_of_its_neighbours_still_reads() -> None:
    read = _small("Lyon is adjacent to Paris, New York, Saint-Denis (exactly those).")
    assert ("neighbours", frozenset({"Lyon", "Paris", "New York", "Saint-Denis"}), None) in read


def test_round27_a_name_that_opens_with_one_of_is_still_read() -> None:
    """``adjacent to One of Us``: a node's name, not a count of a list."""
    graph: nx.Graph[str] = nx.Graph([("Lyon", "One of Us"), ("Lyon", "Paris")])
    read = {
        (c.kind, frozenset(c.nodes))
        for c in extract_claims("Paris is not adjacent to One of Us.", NodeNames(graph, False))
    }
    assert ("non_edge", frozenset({"Paris", "One of Us"})) in read


def _claims(text: str) -> list[tuple[str, frozenset[str], int | None]]:
    names = NodeNames(small_graph())
    return [(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (">>> G.has_edge('Saint-Denis', 'Kyoto')\nFalse", ("non_edge", {"Saint-Denis", "Kyoto"})),
        ("In [7]: G.degree['New York']\nOut[7]: 2", ("degree", {"New York"}, 2)),
        ("nx.dijkstra_path_length(G, 'Lyon', 'Kyoto')\n# Out: 8",
         ("distance", {"Lyon", "Kyoto"}, 8)),
        ("G.degree['Lyon']  # how many?\n3", ("degree", {"Lyon"}, 3)),
    ],
)  # fmt: skip
def test_round30_a_querys_output_alone_on_the_next_line_is_its_result(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A REPL or notebook query whose printed value stands alone on the line after it
    (``False``, ``Out[7]: 2``, ``# Out: 8``) states what the query asks, with that value: a
    query answered ``False`` is no edge, and the cell's number is no value."""
    kind, nodes, *value = claim
    read = _claims(text)
    assert (kind, frozenset(nodes), value[0] if value else None) in read
    assert ("edge", frozenset({"Saint-Denis", "Kyoto"}), None) not in read
    assert ("degree", frozenset({"New York"}), 7) not in read


@pytest.mark.parametrize(
    "text",
    [
        "x = G.degree['Lyon']\n3",
        "G.degree['Lyon']  # TODO later\n3",
        "G.degree['Lyon']\n\n3",
        "G.degree['Lyon']\nLet me think.\n3",
        "G.degree['Lyon']\n# expected: 3",
    ],
)
def test_round30_a_value_not_right_after_its_query_is_no_output(text: str) -> None:
    """An assignment, a query with a note of more than one word, a blank line or prose
    between, an expectation: the number is not the query's printed output."""
    assert ("degree", frozenset({"Lyon"}), 3) not in _claims(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("G.has_edge('Lyon', 'New York')  # True\nseen = {'Paris'}",
         ("edge", {"Lyon", "New York"})),
        ("len(G['Kyoto'])  # 1\nqueue = [('Kyoto', 0)]", ("degree", {"Kyoto"}, 1)),
        ("list(G['Paris'])  # -> [Lyon, Saint-Denis]  (complete)\nvisited = {'Paris'}",
         ("neighbours", {"Paris", "Lyon", "Saint-Denis"})),
    ],
)  # fmt: skip
def test_round30_code_after_a_query_with_its_result_is_no_output(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A query whose result is already in its comment (``# True``, ``# 1``, ``# -> [...]``),
    then a line of code (an assignment, ``seen = {A}``): the comment's result is read, the next
    line is no output of the query."""
    kind, nodes, *value = claim
    assert (kind, frozenset(nodes), value[0] if value else None) in _claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "In [3]: G.has_edge('Paris', 'Kyoto')\nnext I look at Lyon.",
        "G.get_edge_data('Lyon', 'Kyoto')",
        ">>> 'Kyoto' in G['Paris']\nmoving on",
        "frozenset(('Paris', 'Kyoto')) in seen_edges",
        ">>> G.has_edge('Paris', 'Kyoto')  # worth checking?",
    ],
)
def test_round31_a_query_alone_with_no_output_states_nothing(text: str) -> None:
    """A query on a line of its own, with no output after it and no result in a comment (a
    call, a lookup, a membership test): it asks, it states no edge."""
    assert not [c for c in _claims(text) if c[0] == "edge"]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("assert G.has_edge('Paris', 'Lyon')", ("edge", {"Paris", "Lyon"})),
        (">>> 'Lyon' in G.adj['Paris']\nTrue", ("edge", {"Paris", "Lyon"})),
        ("print(G.get_edge_data('Saint-Denis', 'Kyoto'))\nNone",
         ("non_edge", {"Saint-Denis", "Kyoto"})),
        ("print(G.get_edge_data('Paris', 'Lyon') is not None)\nTrue", ("edge", {"Paris", "Lyon"})),
        ("print(f'Kyoto-Lyon linked: {G.has_edge(\"Kyoto\", \"Lyon\")}')\nKyoto-Lyon linked: False",
         ("non_edge", {"Kyoto", "Lyon"})),
        ("print(f'Paris–Lyon: {G.has_edge(\"Paris\", \"Lyon\")}')\nParis–Lyon: True",
         ("edge", {"Paris", "Lyon"})),
        ("assert 'Lyon' in G['New York'], 'not adjacent'", ("edge", {"Lyon", "New York"})),
    ],
)  # fmt: skip
def test_round31_a_query_with_its_output_or_an_assertion_states_the_result(
    text: str, claim: tuple[Any, ...]
) -> None:
    """An assertion states what it asserts (its message is what a failure would print); an
    edge lookup printed with its output is read as the test it is (``None`` no edge, ``is not
    None`` / ``True`` an edge); a formatted print's output states, its template does not."""
    kind, nodes = claim
    read = _claims(text)
    assert (kind, frozenset(nodes), None) in read
    other = "non_edge" if kind == "edge" else "edge"
    assert (other, frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Quick one (edge Lyon–Kyoto, there or missing?): missing.",
         ("non_edge", {"Lyon", "Kyoto"})),
        ("Quick one (edge Paris–Lyon, there or missing?): there.", ("edge", {"Paris", "Lyon"})),
        ("Link or no link between Saint-Denis and Kyoto? No link.",
         ("non_edge", {"Saint-Denis", "Kyoto"})),
        ("Link or no link between Paris and Lyon? Link.", ("edge", {"Paris", "Lyon"})),
        ("The lookup gave False for (Saint-Denis, Kyoto); so that rules out the edge "
         "Saint-Denis–Kyoto.",
         ("non_edge", {"Saint-Denis", "Kyoto"})),
    ],
)  # fmt: skip
def test_round31_an_answered_choice_or_a_ruled_out_edge_is_the_answer(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A question offering alternatives answered by one of them states the answer, not the
    question's words; an edge a result rules out is no edge."""
    kind, nodes = claim
    read = _claims(text)
    assert (kind, frozenset(nodes), None) in read
    other = "non_edge" if kind == "edge" else "edge"
    assert (other, frozenset(nodes), None) not in read


def test_round31_a_logged_pair_is_no_neighbour_list_its_echo_states_the_edge() -> None:
    """A logging call's arguments are no node's whole neighbour list; the echoed line states
    the edge once."""
    read = _claims(
        "logging.debug('nbr %s, %s', Paris, Lyon)  # only for real edges\n"
        "DEBUG:root:nbr Paris, Lyon"
    )
    assert not [c for c in read if c[0] == "neighbours"]
    assert read.count(("edge", frozenset({"Paris", "Lyon"}), None)) == 1


def _towns() -> nx.Graph[str]:
    graph: nx.Graph[str] = nx.Graph()
    for u, v, w in [("Quito", "Hanoi", 6), ("Hanoi", "Accra", 2), ("Accra", "Perth", 5),
                    ("Perth", "Quito", 1), ("Tromsø", "Hanoi", 4)]:  # fmt: skip
        graph.add_edge(u, v, weight=w)
    return graph


def _towns_claims(text: str) -> set[tuple[str, frozenset[str], int | None]]:
    names = NodeNames(_towns())
    return {(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Re-verifying Quito–Accra: linked? yes.", ("edge", {"Quito", "Accra"}, None)),
        ("Re-verifying Quito–Accra: linked? no.", ("non_edge", {"Quito", "Accra"}, None)),
        ("Triple-checking Perth's valency: 4? yep.", ("degree", {"Perth"}, 4)),
        ("Triple-checking dist(Hanoi, Perth): 11? yes — settled.",
         ("distance", {"Hanoi", "Perth"}, 11)),
        ("Triple-checking w(Tromsø, Hanoi): 8? yes, 8.", ("edge_weight", {"Tromsø", "Hanoi"}, 8)),
    ],
)  # fmt: skip
def test_round33_a_confirm_check_answered_yes_states_its_candidate(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A candidate after a colon asked and answered at once (``…: 4? yes``) is stated; a no to
    a lone word denies it."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "Triple-checking Perth's valency: 4? no.",
        "Triple-checking Perth's valency: 4? not sure yet.",
        "Triple-checking Perth's valency: 4? let me look again.",
        "Triple-checking Perth's valency: 4?",
        "Re-verifying Quito–Accra: linked? let me look again.",
    ],
)
def test_round33_a_confirm_check_denied_or_unanswered_states_nothing(text: str) -> None:
    """A value answered no, an unsure answer or none at all states no value and no edge."""
    read = _towns_claims(text)
    assert not {c for c in read if c[2] is not None}
    assert ("edge", frozenset({"Quito", "Accra"}), None) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Does Quito border Perth or not? Borders.", ("edge", {"Quito", "Perth"}, None)),
        ("Accra and Quito, linked? Confirmed, linked.", ("edge", {"Accra", "Quito"}, None)),
        ("Accra and Quito, linked? Not linked, so drop that branch.",
         ("non_edge", {"Accra", "Quito"}, None)),
        ("Is Hanoi wired to Tromsø or not? Yes.", ("edge", {"Hanoi", "Tromsø"}, None)),
        ("Before the next layer, one detail I keep forgetting to check: is Perth adjacent to "
         "Accra? Yes.", ("edge", {"Perth", "Accra"}, None)),
        ("I still owe the ranking one figure — Hanoi's valency, what is it? 3.",
         ("degree", {"Hanoi"}, 3)),
    ],
)  # fmt: skip
def test_round33_an_answer_repeating_the_questions_word_or_after_a_lead_states_it(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A yes-or-no question answered by its own word (``Linked.``, ``Not linked.``), its ``or
    not`` dropped, and a question after a lead of work that names no node, read as answered."""
    kind, nodes, value = claim
    read = _towns_claims(text)
    assert (kind, frozenset(nodes), value) in read
    if kind in ("edge", "non_edge"):
        other = "non_edge" if kind == "edge" else "edge"
        assert (other, frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    "text",
    [
        "Does Quito border Perth or not? Not sure yet.",
        "Does Quito border Perth or not? Let me look.",
        "Does Quito border Perth or not?",
        "Does Quito border Perth or not? Perth.",
        "Does Quito border Perth or not? Tomorrow.",
        "Halfway through the sweep, the one thing left to look up: is Perth linked to Accra?",
    ],
)
def test_round33_an_unanswered_or_unsure_question_states_nothing(text: str) -> None:
    """No answer, an unsure one, a name or a word the question does not hold states nothing."""
    assert not _towns_claims(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Ahead of the merge step I want to know whether Quito and Perth are joined, and "
         "they are, per the input.", ("edge", {"Quito", "Perth"}, None)),
        ("Ahead of the merge step I want to know whether Accra and Tromsø are joined, and "
         "they aren't.", ("non_edge", {"Accra", "Tromsø"}, None)),
        ("The open point is whether there is an edge from Hanoi to Accra, and scanning the "
         "rows once more there is one.", ("edge", {"Hanoi", "Accra"}, None)),
        ("For the pruning I need to know how many neighbours Hanoi really has, and it has 3.",
         ("degree", {"Hanoi"}, 3)),
    ],
)  # fmt: skip
def test_round33_a_question_answered_in_its_own_sentence_states_the_answer(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A question without a question mark, answered after ``, and`` in the same sentence
    (a yes or no, a pronoun and its auxiliary, a value), states the answer."""
    kind, nodes, value = claim
    read = _towns_claims(text)
    assert (kind, frozenset(nodes), value) in read
    if kind in ("edge", "non_edge"):
        other = "non_edge" if kind == "edge" else "edge"
        assert (other, frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    "text",
    [
        "Ahead of the merge step I want to know whether Quito and Perth are joined, and I'll "
        "look it up later.",
        "Ahead of the merge step I want to know whether Quito and Perth are joined, and they "
        "might be.",
        "Ahead of the merge step I want to know whether Quito and Perth are joined, and I am "
        "not sure yet.",
        "For the pruning I need to know how many neighbours Hanoi really has, and then 3 more "
        "nodes remain.",
        "For the pruning I need to know how many neighbours Hanoi really has, and I'll count "
        "them next.",
    ],
)
def test_round33_a_question_its_sentence_does_not_answer_states_nothing(text: str) -> None:
    """A tail that plans, hedges or says something else answers nothing."""
    assert not _towns_claims(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Re-verifying __Quito–Accra__: linked? __yes__", ("edge", {"Quito", "Accra"}, None)),
        ("Re-verifying __Quito–Accra__: linked? __no__", ("non_edge", {"Quito", "Accra"}, None)),
        ("Does Accra touch Tromsø? Going over the rows once more: no.",
         ("non_edge", {"Accra", "Tromsø"}, None)),
        ("Is Hanoi wired to Tromsø? Scanning the input rows: yes.",
         ("edge", {"Hanoi", "Tromsø"}, None)),
    ],
)  # fmt: skip
def test_round33_an_emphasised_confirm_check_or_an_answer_after_its_work_is_read(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A confirm check in emphasis marks is read as one without them; an answer opening with
    the work done for it up to a colon (naming no node or number) answers the question."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "And Perth's valency? Tallying its rows again: not done yet.",
        "And Perth's valency? Tallying the rows of Quito: 2.",
        "And Perth's valency? Tallying row 3: 2.",
    ],
)
def test_round33_work_before_a_colon_that_answers_nothing_or_names_a_node_states_no_value(
    text: str,
) -> None:
    """Work that leads to no value, or that names a node or a number of its own, is no answer
    to the question before it."""
    assert not [c for c in _towns_claims(text) if c[0] == "degree" and c[1] == {"Perth"}]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("**Q:** how far is Hanoi from Perth? **A:** 8, nothing shorter.",
         ("distance", {"Hanoi", "Perth"}, 8)),
        ("Q: how far is Quito from Tromsø? A: 10, no way round.",
         ("distance", {"Quito", "Tromsø"}, 10)),
    ],
)  # fmt: skip
def test_round33_a_quiz_labelled_question_and_answer_are_read_bare(
    text: str, claim: tuple[Any, ...]
) -> None:
    """``Q: … ? A: …`` reads as the question and its answer without their labels."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "**Q:** how far is Hanoi from Perth? **A:** not sure yet.",
        "**Q:** how far is Hanoi from Perth? **A:** let me run it first.",
        "**Q:** how far is Hanoi from Perth?",
    ],
)
def test_round33_a_quiz_label_unanswered_states_nothing(text: str) -> None:
    """A quiz question with no answer, or an unsure one, states nothing."""
    assert not _towns_claims(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Accra → valency? → tallied twice → 2", ("degree", {"Accra"}, 2)),
        ("Hanoi ⟶ Perth: least total? ⟶ 8", ("distance", {"Hanoi", "Perth"}, 8)),
    ],
)
def test_round33_an_arrow_chain_after_a_question_ends_in_its_answer(
    text: str, claim: tuple[Any, ...]
) -> None:
    """The steps after a question on an arrow line lead to its answer, the last step."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    ["Accra → valency? → tallied twice → not sure", "Accra → valency? → recount later",
     "Accra → valency?"],
)  # fmt: skip
def test_round33_an_arrow_chain_after_a_question_without_an_answer_states_nothing(
    text: str,
) -> None:
    """A chain that ends in doubt or a plan, or no chain at all, states no value."""
    assert not _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "to-do: Lyon-Kyoto",
        "Up next: Saint-Denis → New York?",
        "- pending: 'Kyoto'–Paris",
    ],
)
def test_round32_a_plan_note_naming_one_pair_states_no_edge(text: str) -> None:
    """A plan label at its line's head with one pair after it and nothing else names what is to
    be looked at: no edge, and no denial either."""
    assert not [c for c in _claims(text) if c[0] in ("edge", "non_edge")]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Up next: Paris–Lyon is an edge.", ("edge", {"Paris", "Lyon"})),
        ("pending: Paris-Lyon ✓", ("edge", {"Paris", "Lyon"})),
        ("Kyoto—Lyon not in the graph.", ("non_edge", {"Kyoto", "Lyon"})),
        ("right, Saint-Denis–Kyoto absent.", ("non_edge", {"Saint-Denis", "Kyoto"})),
        ("look up Kyoto–Paris… none. no such edge.", ("non_edge", {"Kyoto", "Paris"})),
        ("Paris–Kyoto... nope, not listed.", ("non_edge", {"Paris", "Kyoto"})),
        ("again Lyon–Kyoto → not there, so no edge.", ("non_edge", {"Lyon", "Kyoto"})),
        ("Lyon–Paris... yes, listed.", ("edge", {"Lyon", "Paris"})),
        ("Lyon–Paris... no wait, it is listed.", ("edge", {"Lyon", "Paris"})),
    ],
)  # fmt: skip
def test_round32_a_terse_denial_after_the_pair_is_no_edge(
    text: str, claim: tuple[Any, ...]
) -> None:
    """In the verbless voice an absence right after the pair (``not in the graph``, ``absent``),
    after an arrow, or a denial after an ellipsis (``… none``, ``... nope``) is no edge; a plan
    label with a verdict after the pair, an ellipsis's ``yes`` or ``no wait`` keep the edge."""
    kind, nodes = claim
    read = _claims(text)
    assert (kind, frozenset(nodes), None) in read
    other = "non_edge" if kind == "edge" else "edge"
    assert (other, frozenset(nodes), None) not in read


def test_round32_a_node_taken_out_of_a_set_is_no_edge_to_its_members() -> None:
    """``… without A → {B, C}``, ``\\setminus A → …``: the arrow maps what is left to its
    members, no edge from A; a node mapped to a set with no such word keeps its edges."""
    for text in ("radius-2 set of Paris without Paris → {Lyon, New York}",
                 "B2(Paris) \\setminus Paris → {Lyon, New York}"):  # fmt: skip
        read = _claims(text)
        assert ("within_hops", frozenset({"Paris", "Lyon", "New York"}), 2) in read
        assert ("edge", frozenset({"Paris", "Lyon"}), None) not in read
    assert ("edge", frozenset({"Paris", "Lyon"}), None) in _claims("Paris → {Lyon} (all).")


@pytest.mark.parametrize(
    ("text", "nodes"),
    [
        ("New York nbrs: Lyon, Kyoto — done.", ("New York", "Lyon", "Kyoto")),
        ("neighbours of Lyon → Paris, Saint-Denis. the full list.",
         ("Lyon", "Paris", "Saint-Denis")),
        ("adjacent Kyoto -> New York. complete.", ("Kyoto", "New York")),
        ("Saint-Denis → Paris and Lyon. only these.", ("Saint-Denis", "Paris", "Lyon")),
        ("$N(Kyoto) = \\{New York\\}$ (complete)", ("Kyoto", "New York")),
    ],
)  # fmt: skip
def test_round32_a_list_its_terse_closer_ends_is_whole(text: str, nodes: tuple[str, ...]) -> None:
    """A neighbour list closed by a fragment of its own (``— done``, ``. the full list.``, ``.
    complete.``, ``. only these.``, ``(complete)`` after a LaTeX set) is the node's whole list."""
    read = _claims(text)
    assert [c for c in read if c[0] == "neighbours"] == [("neighbours", frozenset(nodes), None)]


@pytest.mark.parametrize(
    "text",
    [
        "pop Lyon → Paris. done.",
        "Lyon → Kyoto — done.",
        "relaxed Lyon–Paris, then Paris. all.",
    ],
)
def test_round32_a_closer_after_a_step_is_no_list(text: str) -> None:
    """A closer after one step with no neighbour word and no second item closes the step, not
    a list: no neighbours claim."""
    assert not [c for c in _claims(text) if c[0] == "neighbours"]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Lyon/Kyoto? missing", ("non_edge", {"Lyon", "Kyoto"})),
        ("Saint-Denis–Kyoto? nope.", ("non_edge", {"Saint-Denis", "Kyoto"})),
        ("Paris–Lyon? yep", ("edge", {"Paris", "Lyon"})),
        ("* Lyon — Kyoto ❌", ("non_edge", {"Lyon", "Kyoto"})),
        ("Lyon–Kyoto: no change", ("edge", {"Lyon", "Kyoto"})),
        ("• New York–Paris ✘ (missing)", ("non_edge", {"New York", "Paris"})),
    ],
)  # fmt: skip
def test_round32_a_bare_pair_answered_or_crossed_on_its_line_is_the_verdict(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A bare pair asked and answered by one verdict on its line (``A/B? missing``, ``A–B?
    nope.``), or crossed by a mark that ends its line (``* A — B ❌``), is that verdict; a ``no``
    that opens a remark (``A–B: no change``) is none."""
    kind, nodes = claim
    read = _claims(text)
    assert (kind, frozenset(nodes), None) in read
    other = "non_edge" if kind == "edge" else "edge"
    assert (other, frozenset(nodes), None) not in read


def test_round32_a_crossed_value_or_a_question_with_a_verb_is_no_bare_pair() -> None:
    """A cross after a value (``w A–B 7 ✗``) is no verdict on the pair; a question with a verb
    keeps to the question reader."""
    assert ("non_edge", frozenset({"Paris", "Lyon"}), None) not in _claims("w Paris–Lyon 7 ✗")
    assert ("non_edge", frozenset({"Paris", "Lyon"}), None) not in _claims(
        "is Paris–Lyon in the tree? no"
    )
    read = _claims("Hmm, Paris–Lyon — an edge, isn't it? Yes, in the list.")
    assert ("non_edge", frozenset({"Paris", "Lyon"}), None) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("| vertex | degree ✔ |\n|---|---|\n| Lyon | 3 ✔ |\n| Kyoto | 1 ✔ |",
         ("degree", {"Kyoto"}, 1)),
        ("| pair | w ✔ |\n|---|---|\n| Paris; Lyon | 7 |\n| Lyon; New York | 3 |",
         ("edge_weight", {"Lyon", "New York"}, 3)),
    ],
)  # fmt: skip
def test_round32_a_check_mark_in_a_header_or_after_a_cell_value_is_no_cue(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A check mark beside a header's words or after a cell's value says verified: the column
    keeps its cue, the cell its value."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _claims(text)


def _numeric_claims(text: str) -> list[tuple[str, frozenset[str], int | None]]:
    names = NodeNames(small_graph(), numeric_ids=True)
    return [(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)]


def test_round32_a_clipped_node_header_before_a_nodes_measure_holds_ids() -> None:
    """``| n | dist |`` (the clipped ``node``) before a one-node measure: its cells are nodes,
    bare ids too; ``n`` before a column with no one-node measure is no node column."""
    # ids by sorted name: 0 Kyoto, 1 Lyon, 2 New York, 3 Paris, 4 Saint-Denis
    read = _numeric_claims("| n | degree |\n|---|---|\n| 1 | 3 |\n| 0 | 1 |\n| 4 | 2 |")
    assert ("degree", frozenset({"Lyon"}), 3) in read
    assert not _numeric_claims("| n | label |\n|---|---|\n| 1 | 3 |\n| 0 | 1 |")


def test_round32_the_id_after_a_costed_routes_last_arrow_is_its_total() -> None:
    """With numeric ids, ``total: 3 -> 1 -> 2`` at its line's end: the last id is the route's
    total, no node (the route's links stay edges); with no total word, or an output line after
    it, it is a node."""
    read = _numeric_claims("sum // 3 -> 1 -> 2 -> 4")
    assert ("edge", frozenset({"Saint-Denis", "New York"}), None) not in read
    assert ("path_total", frozenset({"Paris", "Lyon", "New York"}), 4) in read
    for text in ("route 3 -> 1 -> 2 -> 4", "sum // 3 -> 1 -> 2 -> 4\n7"):  # 7: the output
        assert ("edge", frozenset({"Saint-Denis", "New York"}), None) in _numeric_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "Here is the one that bothered me: Kyoto–Paris. It's not in the list.",
        "The suspicious pair: Kyoto – Paris. That is not on the edge list.",
        "Kyoto–Paris. It's not on the graph.",
    ],
)
def test_round34_a_pair_denied_in_the_next_sentence_is_a_non_edge(text: str) -> None:
    """``…: A–B. It's not in the list.``: the pair alone, denied after it, is no edge."""
    read = _claims(text)
    assert ("non_edge", frozenset({"Kyoto", "Paris"}), None) in read
    assert ("edge", frozenset({"Kyoto", "Paris"}), None) not in read


@pytest.mark.parametrize(
    "text",
    [
        "Here is the one I wanted: Kyoto–New York. It's in the list.",
        "Kyoto–New York, weight 5. It's not in the MST though.",
    ],
)
def test_round34_a_pair_confirmed_or_something_else_denied_stays_an_edge(text: str) -> None:
    read = _claims(text)
    assert ("edge", frozenset({"Kyoto", "New York"}), None) in read
    assert ("non_edge", frozenset({"Kyoto", "New York"}), None) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("#### Lyon\n- degree = 3", ("degree", {"Lyon"}, 3)),
        ("**Kyoto–New York**\n* weight = 5", ("edge_weight", {"Kyoto", "New York"}, 5)),
        ("- vertex Saint-Denis\n    - linked to Paris", ("edge", {"Saint-Denis", "Paris"}, None)),
        ("**New York** (start: Paris)\n- dist 8", ("distance", {"New York", "Paris"}, 8)),
    ],
)
def test_round34_a_bullet_under_a_label_line_is_about_the_label(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A heading, bold line or bullet that only names a node, pair or path, then a bullet
    that opens with a word: the bullet's fact is the label's (``**A**`` / ``- degree 4``)."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "**Lyon**\n- pending",
        "**Paris and Lyon**\n- degree 3",
        "### Step 2\n- degree 3",
        "**Lyon**\nI will come back to it.\n- degree 3",
    ],
)
def test_round34_a_bullet_under_no_single_label_or_further_down_has_no_subject(text: str) -> None:
    assert not [c for c in _claims(text) if c[0] == "degree"]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("v = 'Lyon'\nnx.degree(G, v)  # 3", ("degree", {"Lyon"}, 3)),
        (
            "p, q = Kyoto, New York\ngraph.has_edge(p, q)  # True",
            ("edge", {"Kyoto", "New York"}, None),
        ),
        ("here = Lyon\nParis in G[here]  # False", ("non_edge", {"Lyon", "Paris"}, None)),
        (
            "pair = (Paris, Lyon)\ngraph.edges[pair]['weight']  # 7",
            ("edge_weight", {"Paris", "Lyon"}, 7),
        ),
    ],
)
def test_round34_a_variable_bound_to_a_node_on_the_line_above_is_that_node(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``n = A`` then ``G.degree(n)  # 4``: the call's argument is A."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "v = 'Lyon'\n\nnx.degree(G, v)  # 3",
        "v = 'Lyon'\nv = 'Paris'  # next one\nnx.degree(G, v)  # 3",
        "v = 'Lyon'  # pending\nWe take a look at it later, a degree 3 maybe.",
    ],
)
def test_round34_a_binding_further_up_rebound_or_unread_states_nothing_of_its_node(
    text: str,
) -> None:
    assert ("degree", frozenset({"Lyon"}), 3) not in _claims(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ('>>> "Tromsø" in G.adj["Accra"]\nFalse', ("non_edge", {"Tromsø", "Accra"}, None)),
        (">>> Quito in G[Accra]\nFalse", ("non_edge", {"Quito", "Accra"}, None)),
        ("In [4]: Quito in G.adj[Perth]\nOut[4]: True", ("edge", {"Quito", "Perth"}, None)),
    ],
)
def test_round35_a_prompted_membership_reads_its_output_on_the_next_line(
    text: str, claim: tuple[Any, ...]
) -> None:
    """A membership test after a prompt, its output alone on the next line: the output says
    whether the edge is there (``False``: a non-edge)."""
    kind, nodes, value = claim
    read = _towns_claims(text)
    assert (kind, frozenset(nodes), value) in read
    other = {"edge": "non_edge", "non_edge": "edge"}[kind]
    assert (other, frozenset(nodes), None) not in read


def test_round35_a_prompted_membership_without_output_states_nothing() -> None:
    assert not _towns_claims(">>> Quito in G.adj[Accra]\n>>> len(G)")


@pytest.mark.parametrize(
    "text",
    [
        "Re-examining Hanoi–Perth: no.",
        "One more time, Tromsø–Accra: nope",
        "Looking again at Quito–Accra: ✗",
        "Second pass over Accra–Tromsø: not there.",
    ],
)
def test_round35_a_pair_keyed_to_a_bare_no_after_a_lead_is_a_non_edge(text: str) -> None:
    """A pair and a colon, then a bare negative verdict ending the clause: no edge, whatever
    leads the clause."""
    read = _towns_claims(text)
    assert [c[0] for c in read] == ["non_edge"]


@pytest.mark.parametrize(
    "text",
    [
        "Re-examining Hanoi–Accra: no, wait, it is listed after all.",
        "Re-examining Hanoi–Accra: not weight 9",
    ],
)
def test_round35_a_no_taken_back_or_of_a_weight_is_no_non_edge(text: str) -> None:
    assert ("non_edge", frozenset({"Hanoi", "Accra"}), None) not in _towns_claims(text)


def test_round35_a_triple_naming_one_node_twice_is_no_edge() -> None:
    """``(w, u, u)``-like triples (a heap entry, its weight first) name no edge of a node to
    itself; a triple of two nodes and a weight still reads."""
    assert not _small("popped from the heap: (1, 1, 2)", numeric_ids=True)
    assert ("edge_weight", frozenset({"Paris", "Lyon"}), 7) in _small(
        "popped from the heap: (3, 1, 7)", numeric_ids=True
    )


def test_round35_a_call_in_code_quotes_mapped_to_its_value_is_no_edge() -> None:
    """A call closed inside code quotes and mapped by an arrow to its value: the value is no
    node joined to the call's last argument."""
    read = _small("- `nx.astar_path_length(G, 0, 4)` → `1`", numeric_ids=True)
    assert not [c for c in read if c[0] == "edge"]
    assert ("distance", frozenset({"Kyoto", "Saint-Denis"}), 1) in read
    assert ("edge", frozenset({"Paris", "Lyon"}), None) in _small("* `3 → 1`", numeric_ids=True)


def test_round35_an_unweighted_distance_is_a_hop_count() -> None:
    assert ("hops", frozenset({"Quito", "Accra"}), 2) in _towns_claims(
        "So the unweighted distance from Quito to Accra is 2."
    )
    assert ("distance", frozenset({"Quito", "Accra"}), 7) in _towns_claims(
        "So the weighted distance from Quito to Accra is 7."
    )


@pytest.mark.parametrize(
    "text",
    [
        "For now, tentatively d[2] = 11 via 3, pending more relaxations.",
        "Tentative: d[2] = 11 through 3.",
    ],
)
def test_round35_a_distance_entry_said_provisional_states_nothing(text: str) -> None:
    assert not _small(text, numeric_ids=True)


def test_round35_a_distance_entry_beside_a_provisional_sentence_still_reads() -> None:
    read = _small("Tentatively d[2] = 11 via 3. Settled: d[4] = 6.", numeric_ids=True)
    assert [c for c in read if c[0] == "distance"] == [("distance", frozenset({"Saint-Denis"}), 6)]


def test_round35_a_prints_format_options_leave_its_output_the_items() -> None:
    """``print(*…, sep=…)`` prints the items themselves: one item on the next line is a
    neighbour, not a count; a count printed with ``end=…`` still reads."""
    read = _small("print(*sorted(G.neighbors(0)), sep=' | ')\n2", numeric_ids=True)
    assert not [c for c in read if c[0] == "degree"]
    assert ("neighbours", frozenset({"Kyoto", "New York"}), None) in read
    assert ("degree", frozenset({"Kyoto"}), 1) in _small(
        "print(G.degree[0], end='')\n1", numeric_ids=True
    )


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Let $u = Hanoi$. Then $\\deg(u) = 3$.", ("degree", {"Hanoi"}, 3)),
        ("Let $x = Perth$. Then $d(Quito, x) = 6$.", ("distance", {"Quito", "Perth"}, 6)),
        ("Let $x = Accra$. Then $x$ is $2$ hops from $Quito$.", ("hops", {"Accra", "Quito"}, 2)),
        ("Let $Q = Quito -> Hanoi -> Accra$. Then $w(Q) = 8$.",
         ("path_total", {"Quito", "Hanoi", "Accra"}, 8)),
    ],
)  # fmt: skip
def test_round36_a_latex_variable_bound_in_the_sentence_before_is_its_node(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``Let $v = A$. Then $\\deg(v) = 4$.``: the next sentence's variable is A (a path for
    ``Let $P = A -> B$``)."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "Let $u = Hanoi, Perth$. Then $\\deg(u) = 3$.",
        "Let $u = Hanoi$. That settles it.\nThen $\\deg(u) = 3$.",
        "Let $u = Hanoi$. Then we move on.",
    ],
)
def test_round36_a_latex_binding_of_two_nodes_or_further_back_states_nothing(text: str) -> None:
    assert not [c for c in _towns_claims(text) if c[0] == "degree"]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("src = Quito\nd = nx.single_source_dijkstra_path_length(G, src)\nd[Accra]  # 8",
         ("distance", {"Quito", "Accra"}, 8)),
        ("src = 'Perth'\nh = nx.single_source_shortest_path_length(G, src)\nh['Hanoi']  # 2",
         ("hops", {"Perth", "Hanoi"}, 2)),
        ("route = 'Perth -> Quito -> Hanoi'\n# its total, along route: 7",
         ("path_total", {"Perth", "Quito", "Hanoi"}, 7)),
    ],
)  # fmt: skip
def test_round36_a_variable_bound_to_a_call_or_route_is_read_through(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``s = A`` / ``dist = …(G, s)`` / ``dist[B]  # 9``: B's distance from A; ``p = 'A -> B
    -> C'`` / ``# total along p: 7``: the route's total."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "s = Quito\nd = nx.single_source_dijkstra_path_length(G, s)\nprint(len(d))\nd[Accra]  # 8",
        "s = Quito\nd = nx.single_source_dijkstra_path_length(G, s)\ns = Perth\nd[Accra]  # 8",
        "s = Quito, Perth\nd = nx.single_source_dijkstra_path_length(G, s)\nd[Accra]  # 8",
    ],
)
def test_round36_a_call_on_a_variable_further_up_rebound_or_of_two_states_nothing(
    text: str,
) -> None:
    assert not [c for c in _towns_claims(text) if c[0] == "distance" and c[2] == 8]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Take Quito, and after it Perth: the latter is adjacent to the former.",
         ("edge", {"Quito", "Perth"}, None)),
        ("Pick Accra, then Quito; the former isn't adjacent to the latter.",
         ("non_edge", {"Quito", "Accra"}, None)),
        ("Measuring from Perth, look at Accra: the latter is 6 away along the shortest path.",
         ("distance", {"Perth", "Accra"}, 6)),
        ("Now Perth → Quito → Hanoi; this one comes to 7 in total.",
         ("path_total", {"Perth", "Quito", "Hanoi"}, 7)),
    ],
)  # fmt: skip
def test_round36_the_latter_and_the_former_are_the_two_nodes_of_the_clause_before(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``Consider A, then B: the latter is a neighbour of the former``: B–A; a route then
    ``; this one comes to 7``: the route's total."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "Take Quito, then Perth and Hanoi: the latter is adjacent to the former.",
        "Take Quito. Then Perth. Fine: the latter is adjacent to the former.",
        "Take Quito, and after it Perth: the latter I will check later.",
    ],
)
def test_round36_the_latter_after_one_node_three_or_further_back_states_nothing(
    text: str,
) -> None:
    assert ("edge", frozenset({"Quito", "Perth"}), None) not in _towns_claims(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Perth -> Quito -> Hanoi sums to 7 — I got that wrong earlier.",
         ("path_total", {"Perth", "Quito", "Hanoi"}, 7)),
        ("Let me redo Accra → Hanoi → Quito … 8",
         ("path_total", {"Accra", "Hanoi", "Quito"}, 8)),
        ("res = nx.dijkstra_path_length(G, 'Accra', 'Quito')\nprint(res)  # 7",
         ("distance", {"Accra", "Quito"}, 7)),
        ("members = list(nx.k_core(G, k=1))\n# [Quito, Hanoi, Accra, Perth, Tromsø]",
         ("k_core", {"Quito", "Hanoi", "Accra", "Perth", "Tromsø"}, 1)),
        ("Let me verify Perth to Hanoi via a second path… again 7, the minimum.",
         ("distance", {"Perth", "Hanoi"}, 7)),
        ("For the radius I need the distance from Quito to Accra, and it comes to 8.",
         ("distance", {"Quito", "Accra"}, 8)),
        ("Min-heap pop: Accra, distance 8 from Quito. Done with it.",
         ("distance", {"Quito", "Accra"}, 8)),
        ("Okay. For the eccentricity check, Tromsø is 10 away from Perth.",
         ("distance", {"Perth", "Tromsø"}, 10)),
        ("The distance-1 ball of Hanoi: Quito, Accra, Tromsø",
         ("within_hops", {"Hanoi", "Quito", "Accra", "Tromsø"}, 1)),
    ],
)  # fmt: skip
def test_round38_a_result_after_its_recheck_need_or_binding_is_stated(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A route recomputed, its total after an ellipsis; a route total with ``I had it wrong
    before`` after it; a call bound to a variable, its output on the next line; a pair checked
    along another route, its value said the least; a value needed and given at once; a heap pop
    said done with; a fact after ``For the … check,``; the task's ``distance-k`` set."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Perth -> Quito -> Hanoi sums to 7 — unless I got that wrong earlier.", "path_total"),
        ("Perth -> Quito -> Hanoi sums to 7, I had it wrong before?", "path_total"),
        ("Let me redo Accra → Hanoi → Quito … 8 or 9?", "path_total"),
        ("Let me redo Accra → Hanoi → Quito …", "path_total"),
        ("res = nx.dijkstra_path_length(G, 'Accra', 'Quito')\nprint(out)  # 7", "distance"),
        ("members = list(nx.k_core(G, k=1))\n# then Quito", "k_core"),
        ("Let me verify Perth to Hanoi via a second path… 7 or 8, the minimum.", "distance"),
        ("Let me verify Perth to Hanoi via a second path… again 7, the minimum?", "distance"),
        ("Towards the radius we need dist(Quito, Accra), and that is 8 if Perth is used.",
         "distance"),
        ("Towards the radius we need dist(Quito, Accra) and dist(Quito, Perth), and that is 8.",
         "distance"),
        ("Min-heap pop: Accra, distance 8 from Quito.", "distance"),
        ("Min-heap pop: Accra, distance 8 from Quito. Not done with it.", "distance"),
        ("For the eccentricity check, Tromsø might be 10 away from Perth.", "distance"),
        ("For the eccentricity check, is Tromsø 10 away from Perth?", "distance"),
        ("For the eccentricity check, Tromsø matters.", "distance"),
        ("The distance-1 ball of Hanoi: Quito or Accra?", "within_hops"),
    ],
)  # fmt: skip
def test_round38_a_recheck_need_or_pop_left_open_or_of_two_states_nothing(
    text: str, kind: str
) -> None:
    assert not [c for c in _towns_claims(text) if c[0] == kind]


@pytest.mark.parametrize(
    "text",
    ["Take Perth -> Quito -> Hanoi. Summing it gives 7.",
     "Next the route Perth → Quito → Hanoi. Following it all the way costs 7."],
)  # fmt: skip
def test_round38_a_route_alone_in_its_sentence_then_its_total_through_it(text: str) -> None:
    """``Consider A → B → C. Walking it end to end gives 9.``: the route's total."""
    assert ("path_total", frozenset({"Perth", "Quito", "Hanoi"}), 7) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "Take Perth -> Quito -> Hanoi. Summing it might give 7.",
        "Take Perth -> Quito -> Hanoi. Does it sum to 7?",
        "Take Perth -> Quito -> Hanoi. It has 3 stops and a total of 7.",
        "Take Perth -> Quito -> Hanoi. It beats Accra at 7.",
        "Take Perth -> Quito -> Hanoi. Then Accra is 7 away.",
    ],
)
def test_round38_a_route_then_a_sentence_that_supposes_asks_or_names_more_states_no_total(
    text: str,
) -> None:
    assert not [c for c in _towns_claims(text) if c[0] == "path_total"]


@pytest.mark.parametrize(
    "text",
    [
        "The search reaches Hanoi and scans each neighbour it has: Quito, Accra.",
        "I land on Hanoi and go through all the neighbours it has: Quito, Accra.",
        "Time to rebuild Hanoi's row from scratch. All of its neighbours: Quito, Accra.",
        "Hanoi's edges, once more. All its neighbours are Quito and Accra.",
        "Revisiting Hanoi: its neighbours are Quito, Accra, that's every last one.",
    ],
)
def test_round37_a_whole_list_said_of_the_one_node_named_before_is_its_neighbour_list(
    text: str,
) -> None:
    """``every neighbour it has: …``, ``All its neighbours: …`` (the node named in the sentence
    before where its own names none) and a list closed by a remark that it is whole (``…, that's
    every last one``) are the one node's complete neighbour list."""
    assert ("neighbours", frozenset({"Hanoi", "Quito", "Accra"}), None) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "The search reaches Hanoi and Perth and scans each neighbour it has: Quito, Accra.",
        "Hanoi and Perth, once more. All its neighbours: Quito, Accra.",
        "If the search reaches Hanoi, it scans each neighbour it has: Quito, Accra.",
        "Does the search reach Hanoi and scan each neighbour it has: Quito, Accra?",
        "Revisiting Hanoi: its neighbours are Quito, Accra, that's a start.",
        "Revisiting Hanoi. All its neighbours include Quito and Accra.",
    ],
)
def test_round37_a_list_with_two_candidate_owners_a_supposition_or_open_is_no_whole_list(
    text: str,
) -> None:
    """Two nodes named before the pronoun, a supposition, a question, a list left open (``…,
    that's a start``) or only partly given (``include``): no whole neighbour list of Hanoi."""
    assert not [c for c in _towns_claims(text) if c[0] == "neighbours"]


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("So what does Perth connect to? Precisely Quito and Accra.", {"Perth", "Quito", "Accra"}),
        ("What is Tromsø linked to? Just Hanoi.", {"Tromsø", "Hanoi"}),
    ],
)  # fmt: skip
def test_round37_a_question_for_a_nodes_list_answered_by_the_list_said_whole_states_it(
    text: str, listed: set[str]
) -> None:
    """``What does A connect to? Precisely B and C.``: the question answered at once by the
    list alone, said whole, is A's complete neighbour list."""
    assert ("neighbours", frozenset(listed), None) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "So what does Perth connect to?",
        "So what does Perth connect to? Precisely Quito or Accra.",
        "So what does Perth connect to? Precisely Quito and Accra, I think.",
        "So what does Perth connect to? Precisely what I have to look up.",
        "So what does Perth connect to? Let me see... Quito and Accra, maybe.",
        "So what does Perth connect to? Precisely Quito and Accra if the list is right.",
    ],
)
def test_round37_a_list_question_left_open_hedged_or_with_two_candidates_states_nothing(
    text: str,
) -> None:
    """A question left open, an answer with two candidates, a hedge, a supposition or no
    list: no neighbour list and no edge of Perth."""
    read = _towns_claims(text)
    assert not [c for c in read if c[0] in ("neighbours", "edge") and "Perth" in c[1]]


def _towns_ids(text: str) -> set[tuple[str, frozenset[str], int | None]]:
    """``_towns`` under numeric ids: 0 Accra, 1 Hanoi, 2 Perth, 3 Quito, 4 Tromsø."""
    names = NodeNames(_towns(), True)
    return {(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Okay, wait, no — Perth sits at depth 1 from Quito in the BFS.",
         ("edge", {"Perth", "Quito"}, None)),
        ("Quito–Tromsø: no, hold on, it's there after all.", ("edge", {"Quito", "Tromsø"}, None)),
        ("Accra–Perth: no, wait, it does exist.", ("edge", {"Accra", "Perth"}, None)),
    ],
)  # fmt: skip
def test_round39_a_no_taking_back_the_writers_own_thought_denies_nothing(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``wait, no — B is at depth 1 from A``, ``A–B: no, hold on, it's there``: the "no"
    takes back what the writer thought, the statement after it stands."""
    kind, nodes, value = claim
    read = _towns_claims(text)
    assert (kind, frozenset(nodes), value) in read
    assert ("non_edge", frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    "text",
    [
        "Wait, no — Quito and Perth share no edge.",
        "Quito–Perth: no, there is no such edge.",
        "Wait, no edge joins Quito and Perth.",
    ],
)
def test_round39_a_no_before_a_denial_still_denies(text: str) -> None:
    assert ("non_edge", frozenset({"Quito", "Perth"}), None) in _towns_claims(text)


def test_round39_a_bfs_layer_looked_up_by_depth_is_a_hop_count_not_a_node() -> None:
    """``dict(enumerate(nx.bfs_layers(G, [0])))[2]  # contains 3``: 3 is two hops from 0; the
    depth ``2`` is no node."""
    read = _towns_ids("dict(enumerate(nx.bfs_layers(G, [0])))[2]  # contains 3")
    assert ("hops", frozenset({"Accra", "Quito"}), 2) in read
    assert not {c for c in read if "Perth" in c[1]}  # node 2 is the depth
    assert not _towns_ids("dict(enumerate(nx.bfs_layers(G, [0])))  # contains 3")


@pytest.mark.parametrize(
    "text", ["Edges: exactly Accra and Quito.", "Perth is done. Edges: only Accra and Quito."]
)
def test_round39_an_edges_label_before_an_exact_list_is_no_pair(text: str) -> None:
    """``Edges: exactly B and C``: the ends of one node's edges, not an edge B–C."""
    assert ("edge", frozenset({"Accra", "Quito"}), None) not in _towns_claims(text)


def test_round39_an_owners_edges_label_still_reads_its_list() -> None:
    read = _towns_claims("Scanning Perth's edges: exactly Accra and Quito.")
    assert ("neighbours", frozenset({"Perth", "Accra", "Quito"}), None) in read
    assert ("edge", frozenset({"Accra", "Quito"}), None) not in read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "pair", "weight"),
    [
        ("next edge: (2, 3, 1)", True, {"Quito", "Hanoi"}, 2),
        ("heapq.heappush(heap, (4, 4, 1))  # candidate edge", True, {"Tromsø", "Hanoi"}, 4),
        ("heappush(frontier, (5, Accra, Perth))  # cheapest crossing edge", False,
         {"Accra", "Perth"}, 5),
    ],
)  # fmt: skip
def test_round39_a_heap_entry_puts_the_weight_first(
    text: str, numeric_ids: bool, pair: set[str], weight: int
) -> None:
    """``next edge: (7, A, B)``, ``heappush(pq, (7, A, B))  # edge``: the edge A–B weighs 7;
    the weight is no node and the last id no weight."""
    read = _towns_ids(text) if numeric_ids else _towns_claims(text)
    assert ("edge_weight", frozenset(pair), weight) in read
    assert {c for c in read if c[0] in ("edge", "edge_weight")} <= {
        ("edge", frozenset(pair), None),
        ("edge_weight", frozenset(pair), weight),
    }


def test_round39_a_heap_entry_without_an_edge_word_or_an_edge_list_keeps_its_reading() -> None:
    """``heap = [(2, 3, 1)]`` may hold a distance and a parent: nothing; ``edges = [(2, 3,
    1)]`` (no heap) is the edge 2–3 of weight 1, as before."""
    assert not _towns_ids("heap = [(2, 3, 1)]")
    assert ("edge_weight", frozenset({"Perth", "Quito"}), 1) in _towns_ids("edges = [(2, 3, 1)]")


@pytest.mark.parametrize(
    ("text", "not_edge"),
    [
        ("- (0, 2) → 3", {"Perth", "Quito"}),
        ("Along 1 -> 0 -> 2: 2 + 1 → 3.", {"Hanoi", "Quito"}),
        ("total = 2 + 1  # 1 -> 0 -> 2 -> 3", {"Perth", "Quito"}),
    ],
)
def test_round39_a_value_after_a_pair_a_sum_or_a_summed_route_is_no_node(
    text: str, not_edge: set[str]
) -> None:
    """``(A, B) → 3``, ``2 + 1 → 3``, ``total = 2 + 1  # A -> B -> C -> 3``: the id after the
    arrow is a value (a weight, a sum, a route's total), no edge's end."""
    assert ("edge", frozenset(not_edge), None) not in _towns_ids(text)


def test_round39_a_route_of_ids_still_reads_its_links() -> None:
    read = _towns_ids("0 → 2 → 3")
    assert {("edge", frozenset({"Accra", "Perth"}), None),
            ("edge", frozenset({"Perth", "Quito"}), None)} <= read  # fmt: skip


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Pick Accra and Perth. Both of them sit on one line of the input, so they're adjacent.",
         ("edge", {"Accra", "Perth"}, None)),
        ("So, Hanoi and Tromsø. That pair is linked directly.",
         ("edge", {"Hanoi", "Tromsø"}, None)),
        ("So, Hanoi and Perth. This pair is not linked.", ("non_edge", {"Hanoi", "Perth"}, None)),
        ("Next is Accra. That node isn't attached to Quito, the input has no such line.",
         ("non_edge", {"Accra", "Quito"}, None)),
        ("Next is Hanoi; that node finishes with degree 3.", ("degree", {"Hanoi"}, 3)),
    ],
)  # fmt: skip
def test_round39_both_of_them_that_pair_or_that_node_are_the_nodes_of_the_sentence_before(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``A and B. Both of them … adjacent`` / ``That pair is joined``: A–B; ``Then A. That
    node isn't attached to C``: A–C absent."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("Pick Accra, Perth and Quito. Both of them are adjacent.", {"Accra", "Perth"}),
        ("Pick Accra. That pair is linked directly.", {"Accra", "Perth"}),
        ("Accra and Perth. That node is adjacent to Quito.", {"Accra", "Quito"}),
        ("Accra and Perth.\nBoth of them are adjacent to Quito.", {"Accra", "Quito"}),
    ],
)
def test_round39_a_reference_to_a_number_of_nodes_the_sentence_before_lacks_states_nothing(
    text: str, pair: set[str]
) -> None:
    read = _towns_claims(text)
    assert ("edge", frozenset(pair), None) not in read
    assert ("edge", frozenset({"Accra", "Perth"}), None) not in read


def test_round39_a_table_value_after_an_arrow_is_the_value() -> None:
    """``| A | → 6 |`` under a degree column: A's degree is 6."""
    text = "| Vertex | Degree at the end |\n|---|---|\n| Hanoi | → 3 |\n| Perth | -> 2 |"
    read = _towns_claims(text)
    assert {("degree", frozenset({"Hanoi"}), 3), ("degree", frozenset({"Perth"}), 2)} <= read


def test_round39_a_table_arrow_to_a_name_is_no_value() -> None:
    text = "| Vertex | Degree at the end |\n|---|---|\n| Hanoi | → Perth |"
    assert not {c for c in _towns_claims(text) if c[0] == "degree"}


@pytest.mark.parametrize(
    ("text", "pair", "weight"),
    [
        ("Totalling the route, the Hanoi–Accra edge contributes 2.", {"Hanoi", "Accra"}, 2),
        ("Summing up my walk, the Quito – Hanoi link contributes 6.", {"Quito", "Hanoi"}, 6),
        ("Oops, I got the wrong value for Tromsø–Hanoi. Scanning the edge list again, it is 4.",
         {"Tromsø", "Hanoi"}, 4),
        ("Wait, I used the wrong weight for Accra–Perth. Rereading the prompt, it's 5.",
         {"Accra", "Perth"}, 5),
        ("Let me re-read my edge list for Quito–Hanoi … weight 6.", {"Quito", "Hanoi"}, 6),
        ("Let me re-read the table on Hanoi-Accra... cost 2.", {"Hanoi", "Accra"}, 2),
    ],
)  # fmt: skip
def test_round40_a_pairs_share_retracted_value_or_reread_weight_is_its_weight(
    text: str, pair: set[str], weight: int
) -> None:
    """One edge's share of a route after the writer's own summing (``Adding up the path, the A–B
    leg contributes 7``); a pair's value retracted and given in the next sentence through ``it``
    (``I had the wrong number for A–B. Going back to the list, it's 10``); a re-read of the
    input for a pair, its weight after an ellipsis: the pair's weight."""
    assert ("edge_weight", frozenset(pair), weight) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "Totalling the route, the Hanoi–Accra edge could contribute 2.",
        "Totalling the route, does the Hanoi–Accra edge contribute 2?",
        "Totalling the route, the Hanoi–Accra edge contributes 2 or 3.",
        "Totalling the route, the Hanoi–Accra edge contributes 2 if Tromsø is skipped.",
        "Totalling the route, the Hanoi edge contributes 2.",
        "If I take Hanoi–Accra, the edge contributes 2.",
        "I got the wrong value for Hanoi–Accra. Scanning the edge list again, it is 2 or 3.",
        "I got the wrong value for Hanoi–Accra. Scanning the edge list again, it is 2?",
        "I got the wrong value for Hanoi–Accra. If I scan it again, it is 2.",
        "I got the wrong value for Hanoi–Accra. It might be 2.",
        "I got the wrong value for Hanoi–Accra and Quito–Hanoi. Scanning again, it is 2.",
        "I got the wrong value for Hanoi–Accra. Scanning past Tromsø, it is 2.",
        "I got the wrong value for Hanoi–Accra. Scanning the edge list now.",
        "Let me re-read my edge list for Hanoi–Accra … weight 2 or 3.",
        "Let me re-read my edge list for Hanoi–Accra … weight 2?",
        "Let me re-read my edge list for Hanoi–Accra and Quito–Hanoi … weight 2.",
        "Let me re-read my edge list for Hanoi–Accra … if weight 2, fine.",
        "Let me re-read my edge list for Hanoi–Accra …",
    ],
)
def test_round40_a_share_retraction_or_reread_hedged_open_or_of_two_states_no_weight(
    text: str,
) -> None:
    """A hedge, a question, two candidates, a supposition, two pairs, a lead naming another
    node, one node, or no value: no weight."""
    assert not [c for c in _towns_claims(text) if c[0] == "edge_weight"]


@pytest.mark.parametrize(
    "text",
    [
        "Perth in G[Hanoi]\n# False",
        '"Tromsø" in graph.adj["Accra"]\nFalse',
        "Quito in adjacency[Accra]\n#  False",
    ],
)
def test_round41_a_membership_test_with_a_false_verdict_under_it_is_no_edge(text: str) -> None:
    """``B in G[A]`` with ``# False`` on the line under it: the test's verdict, a non-edge (as
    for ``G.has_edge(A, B)``), never the edge."""
    read = _towns_claims(text)
    assert not {c for c in read if c[0] == "edge"}
    assert any(c[0] == "non_edge" for c in read)


def test_round41_a_membership_test_keeps_a_true_verdict_and_a_value_is_no_verdict() -> None:
    assert ("edge", frozenset({"Hanoi", "Tromsø"}), None) in _towns_claims(
        "Tromsø in G[Hanoi]\n# True"
    )
    assert not {c for c in _towns_claims("Tromsø in G[Hanoi]\n7") if c[0] == "non_edge"}
    assert not {c for c in _towns_claims("if Tromsø in G[Hanoi]\n# False") if c[0] == "non_edge"}


@pytest.mark.parametrize(
    "text",
    [
        "None of the rows I scanned is Perth-Hanoi, so no.",
        "Not one entry in the list is Quito–Accra.",
        "Not a single line of the list is Tromsø–Perth.",
    ],
)
def test_round41_a_denial_that_names_the_pair_in_its_subject_states_no_edge(text: str) -> None:
    """``None of the lines is A-B``: the pair is what none of them is, no edge stated."""
    assert not {c for c in _towns_claims(text) if c[0] == "edge"}


def test_round41_a_line_that_is_the_pair_still_states_it() -> None:
    assert ("edge", frozenset({"Hanoi", "Accra"}), None) in _towns_claims(
        "The second row is Hanoi-Accra."
    )
    assert ("edge", frozenset({"Hanoi", "Accra"}), None) in _towns_claims(
        "No doubt about it: one of the rows is Hanoi-Accra."
    )


@pytest.mark.parametrize(
    ("text", "pair", "weight"),
    [
        ("Adding up, the hop from Quito to Hanoi adds 6.", {"Quito", "Hanoi"}, 6),
        ("Then the leg from Accra to Perth contributes another 5.", {"Accra", "Perth"}, 5),
    ],
)
def test_round41_what_one_hop_adds_is_its_edges_weight(
    text: str, pair: set[str], weight: int
) -> None:
    """``the hop from A to B adds 6``: the weight of A–B, not a distance or hop count."""
    read = _towns_claims(text)
    assert ("edge_weight", frozenset(pair), weight) in read
    assert not {c for c in read if c[0] in ("distance", "hops")}


def test_round41_a_hop_that_adds_hops_keeps_its_count() -> None:
    read = _towns_claims("The hop from Quito to Accra adds 2 hops.")
    assert not {c for c in read if c[0] == "edge_weight"}


@pytest.mark.parametrize(
    ("text", "pair", "weight"),
    [
        ("Now the lightest edge left is Perth–Quito at 1.", {"Perth", "Quito"}, 1),
        ("By Kruskal, the lowest edge left is Tromsø-Hanoi at 4.", {"Tromsø", "Hanoi"}, 4),
    ],
)
def test_round41_the_cheapest_edge_left_weighs_its_value(
    text: str, pair: set[str], weight: int
) -> None:
    """Kruskal's ``the cheapest edge left is A–B at 4``: the edge's weight, no distance."""
    read = _towns_claims(text)
    assert ("edge_weight", frozenset(pair), weight) in read
    assert not {c for c in read if c[0] in ("distance", "hops")}


def test_round41_the_cheapest_route_is_still_a_distance() -> None:
    read = _towns_claims("The cheapest route from Quito to Accra is 8.")
    assert ("distance", frozenset({"Quito", "Accra"}), 8) in read


def _weighted_ids(text: str) -> set[tuple[str, frozenset[str], int | None]]:
    """``_towns`` under numeric ids with node weights (each node weighs 9)."""
    graph = _towns()
    for node in graph:
        graph.nodes[node]["weight"] = 9
    names = NodeNames(graph, True)
    return {(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names, graph=graph)}


def test_round41_a_paths_weight_is_no_weight_of_its_last_node() -> None:
    """``The path 3 → 1 → 0 weighs 8 in all`` (numeric ids): the path's total, not node 0's
    weight; a node that weighs a value alone still does."""
    read = _weighted_ids("The path node 3 → node 1 → node 0 weighs 8 in all.")
    assert ("path_total", frozenset({"Quito", "Hanoi", "Accra"}), 8) in read
    assert not {c for c in read if c[0] == "node_weight"}
    assert ("node_weight", frozenset({"Accra"}), 8) in _weighted_ids("Node 0 weighs 8 in all.")


@pytest.mark.parametrize(
    ("text", "pair", "value"),
    [
        ("At last Perth is finalised at 11 from Hanoi.", {"Perth", "Hanoi"}, 11),
        ("So d(Quito, Accra) = 8 after the relaxation has finished.", {"Quito", "Accra"}, 8),
        ("Looking at the options, Tromsø to Perth can be covered in 11 and no less.",
         {"Tromsø", "Perth"}, 11),
    ],
)  # fmt: skip
def test_round41_a_value_said_final_or_least_is_a_distance(
    text: str, pair: set[str], value: int
) -> None:
    """``B is finalized at 9 from A``, ``d(A, B) = 9 after relaxation finishes``, ``A to B can be
    done in 9 and no less``: the graph's distance, not the search's state or a bound."""
    assert ("distance", frozenset(pair), value) in _towns_claims(text)


def test_round41_no_less_than_is_a_bound_and_finalised_without_a_source_states_nothing() -> None:
    assert not _towns_claims("Tromsø to Perth is 11 and no less than that.")
    assert not _towns_claims("Perth is finalised at 11.")


@pytest.mark.parametrize(
    ("text", "node", "degree"),
    [
        ("Recap so far: Accra has degree 2.", "Accra", 2),
        ("Summary so far: Hanoi has degree 3.", "Hanoi", 3),
    ],
)
def test_round41_a_recap_so_far_states_its_values(text: str, node: str, degree: int) -> None:
    """``Recap so far: A has degree 4``: the recap's lead says what was found, no state."""
    assert ("degree", frozenset({node}), degree) in _towns_claims(text)


def test_round41_so_far_without_a_recap_is_still_state() -> None:
    assert not _towns_claims("So far Accra has degree 2.")
    assert not _towns_claims("The recap so far is late; Accra has degree 2 so far.")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Per the relaxations, the shortest Quito–Perth distance is 12.",
         ("distance", {"Quito", "Perth"}, 12)),
        ("Dijkstra's table gives the Hanoi-Accra distance as 9.",
         ("distance", {"Hanoi", "Accra"}, 9)),
        ("So the Tromsø → Perth shortest distance ends up at 14.",
         ("distance", {"Tromsø", "Perth"}, 14)),
    ],
)  # fmt: skip
def test_round42_a_pair_before_distance_names_its_ends_not_an_edge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``the shortest A–B distance is 5``: the pair written before the noun is the distance's
    ends, as before ``path`` (``the shortest A–B path``), not an edge A–B."""
    kind, nodes, value = claim
    read = _towns_claims(text)
    assert (kind, frozenset(nodes), value) in read
    assert not {c for c in read if c[0] in ("edge", "edge_weight")}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Quito–Perth is an edge, and the distance from Accra is 5.",
         ("edge", {"Quito", "Perth"}, None)),
        ("Quito–Perth (weight 3) is an edge; the distance to Accra is 5.",
         ("edge_weight", {"Quito", "Perth"}, 3)),
        ("Prim adds Quito–Perth: distance-wise it is the cheapest edge.",
         ("edge", {"Quito", "Perth"}, None)),
    ],
)  # fmt: skip
def test_round42_a_pair_with_distance_further_on_is_still_an_edge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """Only the noun right after the pair names its ends: an edge stated before a later
    ``distance`` stands."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _towns_claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "**Tromsø–Hanoi:** edge absent",
        "Tromsø–Hanoi: edge absent.",
        "- Tromsø–Hanoi — link missing",
    ],
)
def test_round42_a_pair_label_over_an_absent_edge_is_a_non_edge(text: str) -> None:
    """``**A–B:** edge absent``: the noun before the verdict is what is absent, the pair's edge;
    as ``A–B: absent``."""
    read = _towns_claims(text)
    assert ("non_edge", frozenset({"Tromsø", "Hanoi"}), None) in read
    assert ("edge", frozenset({"Tromsø", "Hanoi"}), None) not in read


@pytest.mark.parametrize("text", ["**Tromsø–Hanoi:** edge present", "Tromsø–Hanoi: edge found."])
def test_round42_a_pair_label_over_a_present_edge_stays_an_edge(text: str) -> None:
    assert ("edge", frozenset({"Tromsø", "Hanoi"}), None) in _towns_claims(text)
