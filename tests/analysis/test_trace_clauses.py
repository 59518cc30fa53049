"""The clause reader: names found exactly, unseen wording read by its structure, and prose that
states no fact (questions, plans, hypotheses, algorithm state, arithmetic) read as nothing."""

from __future__ import annotations

import pytest

from gralgo.analysis._trace_claims import extract_claims
from gralgo.analysis._trace_clauses import mentions, meta_released
from gralgo.score import NodeNames
from tests.analysis.trace_small_graph import small_graph


def _read(text: str, numeric_ids: bool = False) -> list[tuple[str, frozenset[str], int | None]]:
    names = NodeNames(small_graph(), numeric_ids)
    return [(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)]


def test_names_are_whole_word_runs_the_resolver_names() -> None:
    names = NodeNames(small_graph())
    text = "So New York = 3 and Saint-Denis's neighbour is Kyoto."
    found = [node for node, _, _ in mentions(text, 0, len(text), names, names.resolve)]
    assert found == ["New York", "Saint-Denis", "Kyoto"]
    numeric = NodeNames(small_graph(), numeric_ids=True)
    text = "nodes 0 and 2 share an edge; (3, 4) is an edge; 3 - 1 = 2"
    found = [node for node, _, _ in mentions(text, 0, len(text), numeric, numeric.resolve)]
    assert found == ["Kyoto", "New York", "Paris", "Saint-Denis"]


P, L, N, S, K = "Paris", "Lyon", "New York", "Saint-Denis", "Kyoto"


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        ("Okay, Paris is hooked up... no wait. Lyon links up with Kyoto.", "edge", {L, K}, None),
        ("There's a road between Paris and New York.", "edge", {P, N}, None),
        ("Paris and Lyon are disconnected.", "non_edge", {P, L}, None),
        ("The edge between Kyoto and Paris is missing.", "non_edge", {K, P}, None),
        ("Kyoto has exactly 1 links.", "degree", {K}, 1),
        ("So Lyon ends up with a degree of 4.", "degree", {L}, 4),
        ("New York is 12 away from Paris.", "distance", {P, N}, 12),
        ("Paris sits 3 hops from Kyoto.", "hops", {P, K}, 3),
        ("The edge linking Lyon and New York has length 3.", "edge_weight", {L, N}, 3),
        (
            "Looking again: the neighbours of Saint-Denis would be Paris and Lyon.",
            "neighbours",
            {S, P, L},
            None,
        ),  # fmt: skip
        ("nbrs(Lyon) = {Paris, New York, Saint-Denis}", "neighbours", {L, P, N, S}, None),
        ("Is Kyoto adjacent to Paris? No.", "non_edge", {K, P}, None),
        ("For Kyoto, the neighbours are New York.", "neighbours", {K, N}, None),
    ],
)
def test_unseen_wording_is_read_by_its_structure(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Is Paris connected to Kyoto? Let me check the list.",
        "If Paris were adjacent to Kyoto, the distance would be 8.",
        "Maybe Lyon and Kyoto are neighbours.",
        "Let me look at the edge between Paris and Kyoto.",
        "I need to find the distance from Paris to Kyoto.",
        "Paris has 2 unvisited neighbours left.",
        "Lyon and Kyoto have a common neighbour.",
        "Current distance to Kyoto: 15 via Lyon.",
        "Update: dist from Paris to Kyoto is now 20.",
        "Pop Paris; push its neighbours Lyon, Kyoto.",
        "Paris and Kyoto: 3 + 4 = 7, so the edge count is 9.",
        "Kyoto is not the answer, but Paris is linked in the list.",
        "Queue: [Paris, Kyoto], 2 edges processed.",
        "The path from Paris to Kyoto has 4 edges and costs 15.",
        "Paris should be connected to Kyoto if the graph is complete.",
        "Wait, Paris connected to Kyoto? That seems wrong.",
        "Going from Paris to Kyoto costs 15.",
    ],
)
def test_prose_that_states_no_fact_is_not_read(text: str) -> None:
    read = _read(text)
    assert [claim for claim in read if P in claim[1] and K in claim[1]] == [], read


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        ("Now take Kyoto: its degree is 2.", "degree", {K}, 2),
        ("Lyon has degree 3, and is linked to Kyoto.", "edge", {L, K}, None),
        ("Consider Kyoto. It is adjacent to Paris.", "edge", {K, P}, None),
    ],
)
def test_a_clause_without_a_name_is_about_the_node_named_before(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    assert (kind, frozenset(nodes), value) in _read(text)


def test_it_is_not_read_where_the_line_named_several_nodes() -> None:
    assert all(claim[0] != "degree" for claim in _read("Paris is linked to Lyon; its degree is 2."))


@pytest.mark.parametrize(
    "text",
    [
        "After removing Kyoto, Paris has degree 1.",
        "Paris's remaining neighbours are Lyon.",
        "The tentative distance from Paris to New York is 10.",
        "So far, dist(Paris, New York) = 10.",
    ],
)
def test_algorithm_state_is_no_claim_about_the_graph(text: str) -> None:
    read = _read(text)
    assert [c for c in read if c[0] in ("degree", "distance", "neighbours")] == [], read


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        ("Lyon ends up with four neighbours.", "degree", {L}, 4),  # counts in words
        ("Kyoto sits two hops from Paris.", "hops", {P, K}, 2),
        ("I count the edges of Lyon: 4 altogether.", "degree", {L}, 4),  # a count of edges
        ("The fewest edges on any Paris to Kyoto route is 3.", "hops", {P, K}, 3),
        ("A breadth-first search from Paris reaches Kyoto on level 3.", "hops", {P, K}, 3),
        ("Kyoto lands in layer 3 of the BFS from Paris.", "hops", {P, K}, 3),
        ("The cheapest route from Paris to Kyoto is 8.", "distance", {P, K}, 8),
        (
            "Kyoto cannot be reached directly... Kyoto isn't directly reachable from Paris.",
            "non_edge",
            {P, K},
            None,
        ),  # fmt: skip
        ("Lyon just links to Paris and Kyoto, nothing else.", "neighbours", {L, P, K}, None),
        (
            "Lyon connects to Paris and Kyoto, and those are all of its neighbours.",
            "neighbours",
            {L, P, K},
            None,
        ),  # fmt: skip
        ("Lyon's neighbours are precisely Paris and Kyoto.", "neighbours", {L, P, K}, None),
    ],
)
def test_round4_classes_are_read_in_other_words(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    """The classes of misreads of the round-4 list, in wording that list does not use: counts
    in words, degree as a count of edges, hop distance as fewest edges or a BFS level, and
    completeness markers that make a list after ``connects to`` all of a node's neighbours."""
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "The shortest Paris–Kyoto path has length 9.",  # the pair names a path's ends
        "The minimum number of edges between Paris and Kyoto is three.",
        "Paris is the one node we still need; Kyoto is one of the others.",
        "Only Paris remains; Kyoto comes next.",
    ],
)
def test_a_path_between_two_names_is_no_edge(text: str) -> None:
    read = _read(text)
    assert [c for c in read if c[0] in ("edge", "non_edge") and {P, K} <= c[1]] == [], read


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("Adding along Paris -> Lyon -> New York: 11.", 11),  # not the weight of Lyon–New York
        ("Paris → Lyon → New York comes to 10.", 10),
        ("Paris → Saint-Denis → Lyon, which is 6 in total.", 6),
        ("The walk Paris -> Lyon -> New York carries a total weight of 10.", 10),
    ],
)
def test_a_number_after_a_path_is_its_total(text: str, total: int) -> None:
    read = _read(text)
    assert ("path_total", total) in [(kind, value) for kind, _, value in read], read
    assert [c for c in read if c[0] == "edge_weight"] == [], read


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        (r"$\{Paris, Kyoto\} \notin E$, so no.", "non_edge", {P, K}, None),  # a set as a pair
        (r"Indeed $\{Lyon, Paris\} \in E$.", "edge", {L, P}, None),
        (r"$\deg_{H}(Lyon) = 3$", "degree", {L}, 3),  # decorated function names
        (r"$\mathcal{N}(Kyoto) = \{New York\}$", "neighbours", {K, N}, None),
        (r"$c_{Paris,Lyon} = 7$", "edge_weight", {P, L}, 7),  # a subscript as the arguments
        (r"$\mathcal{N}_G(Paris) = \{Lyon, Saint-Denis\}$", "neighbours", {P, L, S}, None),
    ],
)
def test_latex_relations_and_decorated_calls_are_read(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("table", "kind", "nodes", "value"),
    [
        ("| Place | Links |\n| --- | --- |\n| Lyon | 3 |", "degree", {L}, 3),
        ("| name | # of edges |\n| --- | --- |\n| Kyoto | 1 |", "degree", {K}, 1),
        ("| Endpoints | Length |\n| --- | --- |\n| Paris → Lyon | 7 |", "edge_weight", {P, L}, 7),
        (
            "| Target | Path cost from Paris |\n| --- | --- |\n| Kyoto | 15 |",
            "distance",
            {P, K},
            15,
        ),
    ],
)
def test_table_headers_are_read_by_their_cue_words(
    table: str, kind: str, nodes: set[str], value: int | None
) -> None:
    assert (kind, frozenset(nodes), value) in _read(table)


def test_a_column_of_neighbours_is_no_degree() -> None:
    """A ``Neighbours`` column holds names, also where one bare id looks like a count."""
    table = "| Node | Neighbours | Degree |\n| --- | --- | --- |\n| Kyoto | New York | 1 |"
    read = _read(table.replace("Kyoto", "0").replace("New York", "2"), numeric_ids=True)
    assert [c[2] for c in read if c[0] == "degree"] == [1], read


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        (
            "Once pruning stops, the 2-core holds Paris, Lyon and Saint-Denis.",
            "k_core",
            {P, L, S},
            2,
        ),  # fmt: skip
        ("Paris, Lyon and Saint-Denis form the 2-core.", "k_core", {P, L, S}, 2),
        ("Up to 1 hop from Kyoto there is only New York.", "within_hops", {K, N}, 1),
        (
            "The neighbourhood of radius 2 about Kyoto = {New York, Lyon}",
            "within_hops",
            {K, N, L},
            2,
        ),  # fmt: skip
        (
            "Taking the 1-hop ball around Lyon, I get Paris, New York, Saint-Denis.",
            "within_hops",
            {L, P, N, S},
            1,
        ),  # fmt: skip
    ],
)
def test_sets_are_read_in_any_order(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    """A k-core named anywhere in the clause, a hop ball by its radius, centre and list."""
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "kind", "nodes", "value"),
    [
        ("Lyon —4— Saint-Denis", False, "edge_weight", {L, S}, 4),  # a weight on the connector
        ("1 --3-- 2", True, "edge_weight", {L, N}, 3),
        ("Saint-Denis is worth 6.", False, "node_weight", {S}, 6),
        ("Weight on the edge 1~2 is 3.", True, "edge_weight", {L, N}, 3),  # a pair of bare ids
        ("1–2 has length 3.", True, "edge_weight", {L, N}, 3),
    ],
)
def test_weights_on_connectors_and_bare_id_pairs_after_an_edge_noun(
    text: str, numeric_ids: bool, kind: str, nodes: set[str], value: int
) -> None:
    read = _read(text, numeric_ids)
    assert (kind, frozenset(nodes), value) in read
    assert all(len(c[1]) != 2 or c[1] == frozenset(nodes) for c in read), read  # "1 --3": no edge


@pytest.mark.parametrize(
    ("text", "kind", "nodes"),
    [
        ("Considering Kyoto: Paris isn't one of its neighbours.", "non_edge", {K, P}),
        ("Checking Lyon: Saint-Denis is adjacent to it, as one of its neighbours.", "edge", {L, S}),
    ],
)
def test_its_after_a_topic_before_a_colon_is_the_topic(
    text: str, kind: str, nodes: set[str]
) -> None:
    assert (kind, frozenset(nodes), None) in _read(text)


def test_a_ball_written_in_latex_is_a_hop_ball() -> None:
    read = _read(r"Hence $B_1(Lyon) = \{Paris, New York, Saint-Denis\}$.")
    assert ("within_hops", frozenset({L, P, N, S}), 1) in read


def test_bare_ids_in_a_set_are_its_members_under_numeric_ids() -> None:
    read = _read(r"So $\text{1-core} = \{0, 1, 2, 3, 4\}$ here.", numeric_ids=True)
    assert ("k_core", frozenset({K, L, N, P, S}), 1) in read


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Every node within two hops of Kyoto is now visited: New York, Lyon.", "within_hops"),
        ("Two of the neighbours of Lyon would be Paris, Kyoto.", "neighbours"),  # not all
    ],
)
def test_state_and_partial_counts_make_no_set(text: str, kind: str) -> None:
    assert [c for c in _read(text) if c[0] == kind] == []


def test_counts_in_words_after_a_call_and_a_route_weight_is_no_edge_weight() -> None:
    assert ("distance", frozenset({P, K}), 15) in _read("So d(Paris, Kyoto) is fifteen.")
    read = _read("The shortest route Paris to Kyoto weighs 15.")
    assert ("distance", frozenset({P, K}), 15) in read
    assert [c for c in read if c[0] in ("edge", "edge_weight")] == [], read


@pytest.mark.parametrize(
    "text",
    [
        "I presumed Lyon–Kyoto was an edge; wrong.",  # a belief being retracted
        "Imagine putting a new edge Paris–Kyoto in: the degree rises.",
        "Deleting the edge Paris–Kyoto, the graph splits.",  # an edit of the graph
        "We need the cost of Paris–Kyoto first.",  # a plan without "to"
    ],
)
def test_round5_beliefs_edits_and_plans_state_nothing(text: str) -> None:
    """Round-5 class: a belief (``assumed``, ``thought``), a hypothetical edit of the graph
    (``adding an edge``) or a plan (``need the``) is no fact, even where a pattern reads an edge."""
    assert _read(text) == []


def test_round5_an_announced_list_after_a_colon_is_stated() -> None:
    """``Let me list A's neighbours: B, C`` delivers the list after the colon (no plan)."""
    read = _read("Let me enumerate Lyon's neighbours: Paris, New York, Saint-Denis.")
    assert ("neighbours", frozenset({L, P, N, S}), None) in read
    assert _read("Let me enumerate Lyon's neighbours and then compare.") == []


@pytest.mark.parametrize(
    ("text", "kind", "nodes"),
    [
        ("The edge Paris–Kyoto is not in the graph.", "non_edge", {P, K}),  # the input's edges
        ("(Paris, Lyon) appears in the edge list.", "edge", {P, L}),
        ("Kyoto never shows up in Paris's list, so the two aren't adjacent.", "non_edge", {P, K}),
        ("Lyon and Kyoto: neither is in the queue, but they are neighbours.", "edge", {L, K}),
        ("* Paris / Kyoto — not linked", "non_edge", {P, K}),  # a slash pairs names
    ],
)
def test_round5_negation_reaches_the_pair(text: str, kind: str, nodes: set[str]) -> None:
    """Round-5 class: a pair said to be missing from the input is a non-edge (not the edge its
    dash reads), ``they`` / ``the two`` are the two nodes of the clause before, and a slash
    between names is no arithmetic."""
    read = _read(text)
    assert (kind, frozenset(nodes), None) in read
    opposite = {"edge": "non_edge", "non_edge": "edge"}[kind]
    assert (opposite, frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    ("text", "kind", "nodes"),
    [
        ("Kyoto and Paris sit one hop apart.", "edge", {K, P}),  # wrong: a hallucinated edge
        ("Kyoto is reachable from Paris in a single move.", "edge", {K, P}),
        ("From Lyon you get to Paris in 1 step.", "edge", {L, P}),
        ("You cannot get from Paris to Kyoto in a single hop.", "non_edge", {P, K}),
    ],
)
def test_round5_one_hop_is_an_edge(text: str, kind: str, nodes: set[str]) -> None:
    """Round-5 class: a hop distance of one is adjacency (checked as an edge, so a wrong one
    is a hallucinated edge, not a wrong distance); not reached in one step is a non-edge."""
    read = _read(text)
    assert (kind, frozenset(nodes), None) in read
    assert [c for c in read if c[0] in ("hops", "distance")] == [], read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "read"),
    [
        ("* 2 → 3 edges", True, [("degree", frozenset({N}), 3)]),  # a node mapped to its count
        ("* dist 0→1: 4", True, [("distance", frozenset({K, L}), 4)]),  # a distance's pair
        ("* (0, 1) → 1", True, []),  # no edge of a node to itself
        (
            "Dijkstra ends with dist[Kyoto] = 5 (starting at New York).",
            False,
            [("distance", frozenset({K, N}), 5)],
        ),  # fmt: skip
        ("Final: d[Paris] = 9, source Kyoto.", False, [("distance", frozenset({P, K}), 9)]),
    ],
)
def test_round5_arrows_and_indexings_name_their_pair(
    text: str, numeric_ids: bool, read: list[tuple[str, frozenset[str], int | None]]
) -> None:
    """Round-5 class: an arrow between ids is no edge where it maps a node to a count or names
    a distance's pair, and ``d[B] = 9 (source A)`` is A's distance, not the question's."""
    assert _read(text, numeric_ids) == read


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        (r"$d(Lyon) = 3$", "degree", {L}, 3),  # one argument: the degree
        (r"$\lvert N(Paris) \rvert = 2$", "degree", {P}, 2),  # the size of the neighbour set
        (r"$|\Gamma(Kyoto)| = 1$", "degree", {K}, 1),
        (r"$\operatorname{dist}_H(Paris \to Kyoto) = 12$", "distance", {P, K}, 12),
        (r"$\mathrm{hops}(Paris, Kyoto) = 3$", "hops", {P, K}, 3),  # not a weighted distance
        (r"$w(\{Lyon, New York\}) = 3$", "edge_weight", {L, N}, 3),  # the pair as a set
        (r"$\omega(Kyoto) = 4$", "node_weight", {K}, 4),
        (r"$\gamma(Kyoto) = \{New York\}$", "neighbours", {K, N}, None),
        (r"$N_{\leq 1}(Kyoto) = \{New York\}$", "within_hops", {K, N}, 1),
    ],
)
def test_round5_latex_notation_is_read(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    """Round-5 class: LaTeX notation of the same facts (``d(A)`` with one argument, ``|N(A)|``,
    ``\\to`` between arguments, ``hops(·,·)``, ``ω``, a set as the pair, ``N_{\\le k}(A)``)."""
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        ("Lyon sits four edges from Kyoto on a shortest path.", "hops", {L, K}, 4),
        ("Kyoto and Paris are split by 3 edges along the shortest way.", "hops", {K, P}, 3),
        ("Counting Lyon's links, we get 3.", "degree", {L}, 3),  # counting a node's edges
        ("Going from Saint-Denis to Kyoto takes 5 hops, not fewer.", "hops", {S, K}, 5),
        ("In the BFS tree rooted at Paris, Kyoto's depth is 3.", "hops", {P, K}, 3),
        ("The best path from Paris to Kyoto has weight 12.", "distance", {P, K}, 12),
    ],
)
def test_round5_counts_and_routes_are_read(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    """Round-5 class: ``k edges`` between two names is a hop count (not a degree), counting a
    node's edges is its degree, a minimality marker after the count (``no fewer``, ``at best``)
    keeps it a value, a BFS level or depth in any order, and the best/optimal route a distance."""
    assert (kind, frozenset(nodes), value) in _read(text)


def test_round5_a_bound_is_no_value() -> None:
    assert _read("We want Paris to end with at least 3 neighbours here.") == []
    assert _read("Paris has at least 3 neighbours.") == []


@pytest.mark.parametrize(
    "text",
    [
        "Lyon is joined to Paris, New York and Saint-Denis, and to nothing else.",
        "Lyon connects to Paris, New York and Saint-Denis; no other neighbours exist.",
        "Lyon touches Paris, New York, Saint-Denis (the complete list).",
        "Linked to Lyon (all of them): Paris, New York, Saint-Denis.",
        "- Neighbours of Lyon ⇒ {Paris, New York, Saint-Denis}",  # an arrow opens the list
        "Going over the edges at Lyon, we get Paris, New York and Saint-Denis.",
        "Reading the adjacency list: Lyon -> Paris, New York, Saint-Denis",
    ],
)
def test_round5_completeness_markers_make_a_neighbour_list(text: str) -> None:
    """Round-5 class: completeness said in other places (``and to nothing else``, ``; no other
    edges``, a parenthesis, ``(all of them):``), an arrow as the list's opener, the edges at a
    node as its neighbours, and an arrow list read from the adjacency list."""
    assert ("neighbours", frozenset({L, P, N, S}), None) in _read(text)


def test_round5_a_partial_list_stays_edges() -> None:
    read = _read("Lyon is adjacent to Paris and Kyoto (among others).")
    assert [c for c in read if c[0] == "neighbours"] == [], read


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("Thus Paris → Saint-Denis → Lyon forms a walk with total cost 6.", 6),
        ("Tracing Paris -> Saint-Denis -> Lyon, we have a total of 6.", 6),
        ("Paris → Saint-Denis → Lyon [2 + 4 = 6]", 6),  # the sum written out
    ],
)
def test_round5_path_totals_in_other_places(text: str, total: int) -> None:
    """Round-5 class: a path's total after ``is a path of total weight``, ``I get a total of``
    or a written-out sum, not the last edge's weight."""
    read = _read(text)
    assert ("path_total", total) in [(kind, value) for kind, _, value in read], read
    assert [c for c in read if c[0] == "edge_weight"] == [], read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "read"),
    [
        ("Saint-Denis -(4)- Lyon", False,
         [("edge", frozenset({S, L}), None), ("edge_weight", frozenset({S, L}), 4)]),
        ("The edge Kyoto, New York carries 5.", False,
         [("edge", frozenset({K, N}), None), ("edge_weight", frozenset({K, N}), 5)]),
        ("Travelling straight from Kyoto to New York costs 5.", False,
         [("edge", frozenset({K, N}), None), ("edge_weight", frozenset({K, N}), 5)]),
        ("* (Kyoto, New York) ⇒ 5", False,
         [("edge", frozenset({K, N}), None), ("edge_weight", frozenset({K, N}), 5)]),
        ("Travelling from Kyoto to Paris costs 12.", False, []),  # a route: no edge weight
        ("0 ↮ 4", True, [("non_edge", frozenset({K, S}), None)]),
        ("Paris ⟷ Lyon", False, [("edge", frozenset({P, L}), None)]),
    ],
)  # fmt: skip
def test_round5_weights_and_connectors(
    text: str, numeric_ids: bool, read: list[tuple[str, frozenset[str], int | None]]
) -> None:
    """Round-5 class: a weight in brackets on the connector (``A -[7]- B``), ``carries`` as a
    weight cue, ``directly`` / ``straight`` making a cost an edge's, a pair mapped to a number,
    and the double arrows ``⟷`` (an edge) and ``↮`` (no edge)."""
    assert _read(text, numeric_ids) == read


@pytest.mark.parametrize(
    ("text", "kind", "nodes", "value"),
    [
        ("Its three-core: Paris, Lyon, Saint-Denis.", "k_core", {P, L, S}, 3),  # in words
        (r"Hence $C_{3} = \{Paris, Lyon, Saint-Denis\}$.", "k_core", {P, L, S}, 3),
        ("Vertices at hop distance <= 2 from Kyoto: New York, Lyon.", "within_hops", {K, N, L}, 2),
        ("New York and Lyon lie within two hops of Kyoto.", "within_hops", {K, N, L}, 2),
    ],
)
def test_round5_sets_in_other_words(
    text: str, kind: str, nodes: set[str], value: int | None
) -> None:
    """Round-5 class: a k-core with k in words or as ``C_k``, a hop ball by ``distance ≤ k``,
    and a hop ball whose list comes before its radius and centre."""
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "kind", "nodes", "value"),
    [
        ("Left after deleting each node of degree under three: Paris, Lyon, Saint-Denis.", False,
         "k_core", {P, L, S}, 3),  # a k-core by its definition
        ("* 0 / 4: not adjacent", True, "non_edge", {K, S}, None),  # a pair keying an item
        ("- ≤2 hops from node 0: 1, 2, 3", True, "within_hops", {K, L, N, P}, 2),
    ],
)  # fmt: skip
def test_round5_sets_and_pairs_keyed_in_lists(
    text: str, numeric_ids: bool, kind: str, nodes: set[str], value: int | None
) -> None:
    """Round-5 class: a k-core said as what is left after pruning low degrees, and under
    numeric ids a pair of bare ids keying a list item and bare ids listed after a ball's colon."""
    assert (kind, frozenset(nodes), value) in _read(text, numeric_ids)


def test_round5_a_named_part_is_no_k_core() -> None:
    """``C_k = {…}`` is a k-core only where the clause names no parts (components, clusters)."""
    assert _read(r"The components are $C_1 = \{Paris, Lyon\}$.") == []


@pytest.mark.parametrize(
    ("table", "read"),
    [
        ("| Link (a, b) | w(a, b) |\n|---|---|\n| (Kyoto, New York) | 5 |",
         [("edge", frozenset({K, N}), None), ("edge_weight", frozenset({K, N}), 5)]),
        ("| Pairs | Cost |\n|---|---|\n| Kyoto / New York | 5 |",
         [("edge", frozenset({K, N}), None), ("edge_weight", frozenset({K, N}), 5)]),
        ("| City | d(Paris, ·) |\n|---|---|\n| Kyoto | 13 |",
         [("distance", frozenset({P, K}), 13)]),
    ],
)  # fmt: skip
def test_round5_table_header_cues(
    table: str, read: list[tuple[str, frozenset[str], int | None]]
) -> None:
    """Round-5 class: table headers written as calls (``w(u, v)``, ``dist(A, ·)``: A is the
    source), a pair column with its arguments (``Edge (u, v)``), and a pair cell ``A / B``."""
    assert _read(table) == read


@pytest.mark.parametrize(
    "text",
    [
        "Earlier I wrote Paris–Kyoto, but that edge doesn't exist.",  # reported, retracted
        "I was wrong to call Paris–Kyoto an edge.",
        "Earlier I claimed Paris and Kyoto are adjacent — that was a mistake.",
        "In the complement graph, Paris–Kyoto is an edge.",  # another graph
        "Had Paris been adjacent to Kyoto, the answer would change.",  # an inverted conditional
        "Paris connects to Kyoto through Lyon.",  # a route through a node
        "Paris and Kyoto differ by one hop.",  # a comparison, not a hop count
    ],
)
def test_round5_generalised_retractions_and_routes_state_no_edge(text: str) -> None:
    """The round-5 classes, generalised beyond its wording: a retracted or reported claim
    (``I was wrong``, ``I wrote``, ``a mistake``), a fact of another graph, an inverted
    conditional and a route through a node state no edge, even where a pattern reads one."""
    read = _read(text)
    assert [c for c in read if c[0] == "edge" and c[1] == frozenset({P, K})] == [], read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "nodes"),
    [("Paris–Kyoto: not present.", False, {P, K}), ("(Paris, Kyoto): absent", False, {P, K}),
     ("- 0–4: missing", True, {K, S})],
)  # fmt: skip
def test_round5_a_pair_said_absent_is_a_non_edge(
    text: str, numeric_ids: bool, nodes: set[str]
) -> None:
    assert _read(text, numeric_ids) == [("non_edge", frozenset(nodes), None)]


@pytest.mark.parametrize(
    "text",
    [
        'The prompt says: "Are Paris and Kyoto adjacent?"',  # the question quoted
        'Quoting the task: "Is there an edge between Paris and Kyoto?"',
        "I haven't verified that Paris is adjacent to Kyoto.",  # not confirmed: no claim
        "It's not yet confirmed that Paris connects to Kyoto.",
        "I can't be certain Paris links to Kyoto.",
        "Tentatively, d(Paris, Kyoto) = 9 via Lyon.",  # state with a route
    ],
)
def test_round6_quoted_questions_and_unconfirmed_claims_state_nothing(text: str) -> None:
    """Round-6 class (filler read as claims), in other wording: a question quoted from the
    prompt (its ``?`` before a closing quote), a claim said not to be confirmed, verified or
    certain, and a tentative value with a route state nothing, even where a pattern reads one."""
    assert _read(text) == []


def test_round6_an_unweighted_distance_is_a_hop_count() -> None:
    assert _read("The unweighted distance from Paris to New York is 2.") == [
        ("hops", frozenset({P, N}), 2)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "route: Paris -> Lyon -> New York  # cost 10",  # a code comment
        "**Route:** Paris → Lyon → New York (**10**)",  # a bracket after the path
        "Paris → Lyon → New York => 10 in total",
        "Following Paris → Lyon → New York: the weights add to 10.",  # a subject before the verb
        "Best route: Paris → Lyon → New York, which comes to 10.",
        "2) Paris → Lyon → New York — total cost 10",  # a dash before the total
    ],
)
def test_round6_a_path_total_after_other_marks(text: str) -> None:
    """Round-6 class, in other wording: a path's total after a comment mark, an arrow, a dash,
    a bracket of its own (where no link carries a weight) or a subject (``which comes to``,
    ``the weights add to``); ``A -(7)-> B -(3)-> C (3)`` keeps its last link's weight."""
    assert ("path_total", frozenset({P, L, N}), 10) in _read(text)
    weighed = _read("Paris -(7)-> Lyon -(3)-> New York (3)")
    assert ("edge_weight", frozenset({L, N}), 3) in weighed
    assert not [c for c in weighed if c[0] == "path_total"]


@pytest.mark.parametrize(
    ("text", "numeric_ids", "read"),
    [
        ("Kyoto in adj[New York]", False, ("edge", {K, N}, None)),  # membership
        ("Lyon not in adj[Kyoto]", False, ("non_edge", {L, K}, None)),
        ("adj[Paris] includes Lyon", False, ("edge", {P, L}, None)),
        ("4 in adj[1]", True, ("edge", {S, L}, None)),
        ("adj[Kyoto][Paris] == 0", False, ("non_edge", {K, P}, None)),  # an entry
        ("A[Paris][Lyon] = 1", False, ("edge", {P, L}, None)),
        ("$A_{2,4} = 0$", True, ("non_edge", {N, S}, None)),
        ("len(N(Lyon)) = 3", False, ("degree", {L}, 3)),  # a size
        ("$\\sum_j A_{Lyon,j} = 3$", False, ("degree", {L}, 3)),  # a row sum
        ("$ Paris \\sim Lyon $", False, ("edge", {P, L}, None)),  # LaTeX adjacency
        ("$ Paris \\nsim Kyoto $", False, ("non_edge", {P, K}, None)),
        ("Paris <–> Lyon", False, ("edge", {P, L}, None)),
    ],
)
def test_round6_code_and_matrix_notation(
    text: str, numeric_ids: bool, read: tuple[str, set[str], int | None]
) -> None:
    """Round-6 class (code notation), in other wording: a node's neighbour set used as a set
    (membership, ``contains``, its size), an adjacency-matrix entry or row sum, ``\\sim``."""
    kind, nodes, value = read
    assert _read(text, numeric_ids) == [(kind, frozenset(nodes), value)]


def test_round6_a_membership_asked_is_no_claim() -> None:
    assert _read("Is Lyon in adj[Paris]? Checking...") == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("**Paris** is **not** adjacent to **Kyoto**.", ("non_edge", {P, K}, None)),
        ("**No link** between Paris and Kyoto.", ("non_edge", {P, K}, None)),
        ("**3 hops** from Paris to New York.", ("hops", {P, N}, 3)),
        ("Paris has __degree 2__.", ("degree", {P}, 2)),
    ],
)
def test_round6_bold_marks_are_read_as_blanks(
    text: str, read: tuple[str, set[str], int | None]
) -> None:
    """Round-6 class (bold labels), in other wording: ``**`` and ``__`` around any words."""
    kind, nodes, value = read
    assert _read(text) == [(kind, frozenset(nodes), value)]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Saint-Denis borders Lyon.", [("edge", {S, L})]),  # another edge verb
        ("Kyoto does not border Paris.", [("non_edge", {K, P})]),
        ("Oh right, Kyoto is one of New York's neighbours after all.", [("edge", {K, N})]),
        ("Nothing links Paris with Kyoto.", [("non_edge", {P, K})]),  # "nothing" governs
        ("Paris and Kyoto are non-neighbours.", [("non_edge", {P, K})]),
        ("The nodes connected to Lyon are Paris, New York and Saint-Denis.",
         [("neighbours", {L, P, N, S}), ("edge", {P, L}), ("edge", {N, L}), ("edge", {S, L})]),
        ("Lyon has the following neighbours and no others: Paris, New York, Saint-Denis.",
         [("neighbours", {L, P, N, S}), ("edge", {P, L}), ("edge", {N, L}), ("edge", {S, L})]),
    ],
)  # fmt: skip
def test_round6_edges_and_neighbour_lists_in_other_words(
    text: str, read: list[tuple[str, set[str]]]
) -> None:
    """Round-6 classes, in other wording: ``border`` an edge verb, ``after all`` an idiom (no
    algorithm state), ``nothing`` a negation that governs the verb after it, ``non-neighbours``
    a non-edge, the nodes adjacent to A as its neighbour list and a completeness marker before
    the list's colon (``and no others:``)."""
    assert _read(text) == [(kind, frozenset(nodes), None) for kind, nodes in read]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The least cost of getting from Paris to New York is 9.", ("distance", {P, N}, 9)),
        ("Nothing is shorter than 9, the shortest distance from Paris to New York.",
         ("distance", {P, N}, 9)),  # a minimum said by what does not beat it
        ("After processing all nodes, Lyon is at distance 6 from Paris.",
         ("distance", {P, L}, 6)),  # the algorithm's end, not a step
        ("Dijkstra from Kyoto leaves Lyon at 8.", ("distance", {K, L}, 8)),
        ("A 3-hop path from Kyoto to Paris, at minimum.", ("hops", {K, P}, 3)),
    ],
)  # fmt: skip
def test_round6_distances_in_other_words(text: str, read: tuple[str, set[str], int]) -> None:
    """Round-6 classes, in other wording: the least (total) cost, a value nothing beats, the
    end of a run (``after relaxing everything``, ``once all … are settled``) as no algorithm
    state, Dijkstra's result from a source, a ``k-hop`` trip or path as a hop count."""
    kind, nodes, value = read
    assert _read(text) == [(kind, frozenset(nodes), value)]


@pytest.mark.parametrize(
    ("text", "numeric_ids", "read"),
    [
        ("| City | Neighbours | Total |\n|---|---|---|\n| Lyon | Paris, New York | 2 |", False,
         [("degree", {L}, 2)]),  # a bare count beside a node's listed neighbours
        ("Edge check (Paris, Kyoto): absent", False, [("non_edge", {P, K}, None)]),
        ("- Paris–Lyon: yes", False, [("edge", {P, L}, None)]),  # a pair keyed by a verdict
        ("* Edge check (2, 4): present", True, [("edge", {N, S}, None)]),
        ("N(Kyoto) → {New York}", False,
         [("neighbours", {K, N}, None), ("edge", {K, N}, None)]),  # a call's list after an arrow
    ],
)  # fmt: skip
def test_round6_counts_verdicts_and_call_arrows(
    text: str, numeric_ids: bool, read: list[tuple[str, set[str], int | None]]
) -> None:
    """Round-6 classes, in other wording: a table's bare count column (``Total``, ``Count``)
    beside a column of listed neighbours is the degree; a pair keyed by a colon and a verdict
    (``present``, ``yes``, ``absent``), also after a label (``Edge check``); a neighbour set
    written as a call mapped by an arrow to its list."""
    assert _read(text, numeric_ids) == [(k, frozenset(n), v) for k, n, v in read]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("core_{2} = [Paris, Lyon, Saint-Denis]", ("k_core", {P, L, S}, 2)),  # k as a subscript
        ("With k = 2, the core holds Paris, Lyon and Saint-Denis.", ("k_core", {P, L, S}, 2)),
        ("ball(Kyoto, 1) = {New York}", ("within_hops", {K, N}, 1)),  # the radius an argument
        ("- 1-hop reach of Kyoto: New York", ("within_hops", {K, N}, 1)),
        ("Reachable from Kyoto in 1 hop or less: New York.", ("within_hops", {K, N}, 1)),
        ("Kyoto → ≤1 hop: New York", ("within_hops", {K, N}, 1)),  # the centre before an arrow
        ("A BFS from Kyoto down to depth 1 finds New York.", ("within_hops", {K, N}, 1)),
    ],
)
def test_round6_sets_in_other_words(text: str, read: tuple[str, set[str], int]) -> None:
    """Round-6 classes, in other wording: a k-core named by ``core_k`` or ``k = 2 … the core``,
    a hop ball by a call with its radius (``ball(A, 1)``), a ``k-hop reach`` or ``k hops or
    fewer``."""
    kind, nodes, value = read
    assert _read(text) == [(kind, frozenset(nodes), value)]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Distance 2->1: 7", ("distance", {N, L}, 7)),  # bare ids named by a distance
        ("- 2 ⇝ 1: shortest distance 7", ("distance", {N, L}, 7)),  # a pair keying a clause
        ("• 0, 2 → not adjacent", ("non_edge", {K, N}, None)),
        ("0 -x- 2: no edge", ("non_edge", {K, N}, None)),
    ],
)
def test_round6_bare_id_pairs_keying_a_clause(
    text: str, read: tuple[str, set[str], int | None]
) -> None:
    """Round-6 class (numeric ids), in other wording: a pair of bare ids that opens a clause
    before a colon or arrow and a cue (``shortest``, ``not adjacent``, ``no edge``), or that
    follows ``Distance``; arithmetic (``3 - 1 = 2``) stays unread."""
    kind, nodes, value = read
    assert _read(text, numeric_ids=True) == [(kind, frozenset(nodes), value)]
    assert _read("3 - 1 = 2", numeric_ids=True) == []


@pytest.mark.parametrize(
    ("text", "numeric_ids", "read"),
    [
        ("Kyoto appears in one of the listed edges.", False, ("degree", {K}, 1)),
        ("node 2 occurs in three of the given edges.", True, ("degree", {N}, 3)),
        ("4 → degree two", True, ("degree", {S}, 2)),  # a bare id mapped to its degree
        ("- 3 => deg 1", True, ("degree", {P}, 1)),
    ],
)
def test_round6_degrees_by_appearances_and_mapped_ids(
    text: str, numeric_ids: bool, read: tuple[str, set[str], int]
) -> None:
    """Round-6 class (degrees), in other wording: the edges a node appears in, counted (``in
    three of the listed edges``), and under numeric ids a bare id mapped by an arrow to its
    degree; a bare arrow between ids and numbers (``1 → 5``) stays no degree."""
    kind, nodes, value = read
    assert _read(text, numeric_ids) == [(kind, frozenset(nodes), value)]
    assert not [c for c in _read("1 → 5", numeric_ids=True) if c[0] == "degree"]


@pytest.mark.parametrize(
    ("text", "numeric_ids", "read"),
    [
        ("vertex_weight(Paris) = 15", False, ("node_weight", {P}, 15)),  # a prefixed name
        ("edge_weight(Paris, Lyon) = 7", False, ("edge_weight", {P, L}, 7)),
        ("cost[Kyoto][New York] = 5", False, ("edge_weight", {K, N}, 5)),  # two indexings
        ("w[2][1] = 12", True, ("edge_weight", {N, L}, 12)),
    ],
)
def test_round6_weights_in_code_notation(
    text: str, numeric_ids: bool, read: tuple[str, set[str], int]
) -> None:
    """Round-6 class (code notation), in other wording: a weight function with a ``node_`` /
    ``edge_`` / ``vertex_`` prefix, and an edge's weight indexed twice (``w[A][B] = 7``)."""
    kind, nodes, value = read
    assert (kind, frozenset(nodes), value) in _read(text, numeric_ids)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Lyon to Kyoto comes to two hops, no shortcut.", ("hops", {"Lyon", "Kyoto"}, 2)),
        ("Hence Paris reaches Lyon in one hop; no shortcuts.", ("edge", {"Paris", "Lyon"}, None)),
    ],
)  # fmt: skip
def test_round24_no_shortcut_a_count_said_minimal_is_read(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``no shortcut`` after a hop count says it is the least (as ``no fewer``), no negation."""
    kind, nodes, value = claim
    read = _read(text)
    assert (kind, frozenset(nodes), value) in read
    assert not {c for c in read if c[0] == "non_edge"}


def test_round24_assigns_a_tuple_unpacked_keeps_its_first_name_for_the_lookup() -> None:
    """``lengths, paths = single_source_dijkstra(G, A); lengths[B]  # 8``: one clause, A to B."""
    text = "lengths, paths = nx.single_source_dijkstra(G, Lyon); lengths[Kyoto]  # 8"
    assert ("distance", frozenset({"Lyon", "Kyoto"}), 8) in _read(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("I need to keep my notes straight: Lyon has degree 3.", ("degree", {"Lyon"}, 3)),
        ("Kyoto is 9 away from Paris, because I'll use it when I plan the tour.",
         ("distance", {"Kyoto", "Paris"}, 9)),
        ("I will take it slowly this time, and Paris is adjacent to Lyon.",
         ("edge", {"Paris", "Lyon"}, None)),
        ("Lyon and Kyoto are not adjacent, and I must keep that in my head.",
         ("non_edge", {"Lyon", "Kyoto"}, None)),
        ("A quick aside while I plan the rest (Saint-Denis is adjacent to Lyon).",
         ("edge", {"Saint-Denis", "Lyon"}, None)),
        ("Aside -- my next plan is long -- Kyoto has degree 1.", ("degree", {"Kyoto"}, 1)),
    ],
)  # fmt: skip
def test_round25_meta_talk_beside_a_fact_does_not_refuse_it(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A plan, a need or a will in a piece naming no node, no number and no word of the graph
    governs that piece only: the fact beside it, across a colon, a dash, parentheses, ``, and``,
    ``, because``, is read."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("I want to jot down that New York and Paris are adjacent.",
         ("edge", {"New York", "Paris"}, None)),
        ("The one thing I must remember is that Kyoto has degree 1.", ("degree", {"Kyoto"}, 1)),
    ],
)  # fmt: skip
def test_round25_meta_talk_a_record_verbs_complement_is_stated(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``write down / jot down / note / remember / keep track … that X``: X is stated."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "If I read the list right: Lyon has degree 3.",
        "In case it matters later: Lyon has degree 3.",
        "I should check that Kyoto is adjacent to Paris.",
        "I want to remember whether Kyoto is adjacent to Paris.",
        "Lyon has degree 3, or so I believed.",
        "Lyon has degree 3, unless I misread the row.",
        "I wrongly noted this before: Lyon has degree 3.",
        "After the next round -- Lyon has degree 3.",
        "Perhaps, and only perhaps: Lyon has degree 3.",
        "I'm not sure -- Lyon has degree 3.",
    ],
)
def test_round25_meta_talk_that_governs_the_fact_still_refuses_it(text: str) -> None:
    """A supposition or condition, a check whose object is the fact, a belief, a retraction,
    algorithm state or a hedge beside the fact still refuse it."""
    assert not [c for c in _read(text) if c[0] == "degree" or len(c[1]) == 2]


def test_round25_meta_talk_a_value_at_best_is_the_least_no_weight() -> None:
    """``A to B is 6 at best``: the least over the routes (a distance), no edge's weight."""
    read = _read("Lyon to Kyoto is 8 at best.")
    assert ("distance", frozenset({"Lyon", "Kyoto"}), 8) in read
    assert not [c for c in read if c[0] in ("edge", "edge_weight")]


def test_round25_meta_talk_a_titled_aside_after_a_word_may_be_a_name() -> None:
    """``Link (The Legend of Zelda)``: an aside opening with a capital right after a word may be
    a name's own words (the resolver may not know it by them), so it is never dropped as
    meta-talk; an aside the writer speaks in (``(I …)``) is."""
    names = NodeNames(small_graph())
    text = "I will list Kyoto, Lyon (The Old Town), Paris"
    runs = meta_released(text, 0, len(text), names, names.resolve)
    aside = text.index("The Old Town")
    assert runs is None or any(a <= aside < b for a, b in runs)
    text = "I plan ahead (I keep notes), Kyoto has degree 1"
    runs = meta_released(text, 0, len(text), names, names.resolve)
    assert runs is not None and [text[a:b] for a, b in runs] == ["Kyoto has degree 1"]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Do Kyoto and New York touch? Give me a second... yep.", None),
        ("Are Saint-Denis and Lyon joined? Hmm... yes, they are.",
         ("edge", {"Saint-Denis", "Lyon"}, None)),
        ("Is there a road from Paris to Saint-Denis? Checking the edges. Yeah.",
         ("edge", {"Paris", "Saint-Denis"}, None)),
        ("Is Kyoto adjacent to Lyon? Let me see... nope.", ("non_edge", {"Kyoto", "Lyon"}, None)),
        ("Does Paris touch Kyoto? Hmm. There isn't.", ("non_edge", {"Paris", "Kyoto"}, None)),
        ("**Q:** Lyon–New York adjacent? **A:** Yes.", ("edge", {"Lyon", "New York"}, None)),
        ("- Kyoto–Paris an edge? → no", ("non_edge", {"Kyoto", "Paris"}, None)),
    ],
)  # fmt: skip
def test_round28_a_question_answered_yes_or_no_at_once_is_an_edge_or_none(
    text: str, claim: tuple[str, set[str], int | None] | None
) -> None:
    """A yes/no question about a pair answered by a verdict right after it, or after a short
    pause (``…``, ``hmm``, ``let me see``, ``checking the edges``), is that edge or non-edge; a
    pause that is no look (``give me a second``) leaves the question open."""
    read = _read(text)
    if claim is None:
        assert not [c for c in read if c[0] in ("edge", "non_edge")]
    else:
        kind, nodes, value = claim
        assert (kind, frozenset(nodes), value) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Weight on Lyon-Kyoto? Let me see... 6.", ("edge_weight", {"Lyon", "Kyoto"}, 6)),
        ("How heavy is the Paris–Saint-Denis edge? Hmm, it's 2.",
         ("edge_weight", {"Paris", "Saint-Denis"}, 2)),
        ("How far is New York from Saint-Denis? Let me count. 2.",
         ("distance", {"New York", "Saint-Denis"}, 2)),
        ("How far is Kyoto from Lyon? 2 hops.", ("hops", {"Kyoto", "Lyon"}, 2)),
        ("What's the degree of Lyon? Checking the list... 3.", ("degree", {"Lyon"}, 3)),
    ],
)  # fmt: skip
def test_round28_a_question_answered_by_a_value_at_once_states_it(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A question about one node's or pair's value answered by the value (after a pause, a lead
    ``Hmm, it's``, with a unit ``hops``) is that claim; ``how far`` asks a distance, ``how
    heavy`` a weight."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Is Lyon adjacent to Kyoto? Let me work that out later.",
        "How far is New York from Paris? I'll run BFS next.",
        "Is Paris adjacent to Kyoto? Hmm... maybe.",
        "Is Paris adjacent to Kyoto? Let me see... does it matter?",
        "How far is Kyoto from Paris? Let me see... is it 3?",
        "Is Paris adjacent to Kyoto? Hmm. Yes, Lyon is adjacent to New York.",
        "What's Lyon's degree? Let me see... Paris has 2.",
        "Kyoto has degree 4? Yes, I think.",
    ],
)
def test_round28_a_question_left_open_hedged_or_answered_elsewhere_states_nothing(
    text: str,
) -> None:
    """A question answered by a plan, a hedge, another question, or an answer naming a pair or
    node of its own states nothing of what it asks (the answer's own fact may be read)."""
    read = _read(text)
    assert not [c for c in read if set(c[1]) in ({"Paris", "Kyoto"}, {"Lyon", "Kyoto"})]
    assert not [c for c in read if c[0] in ("degree", "distance", "hops") and c[2] is not None
                and set(c[1]) != {"Lyon", "New York"}]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Then Lyon? Degree 3.", ("degree", {"Lyon"}, 3)),
        ("How well linked is Saint-Denis? It has 2 neighbours.", ("degree", {"Saint-Denis"}, 2)),
        ("From Kyoto to Paris, then? Shortest path length 11.",
         ("distance", {"Kyoto", "Paris"}, 11)),
        ("Is New York near Saint-Denis? It's 2 hops away.",
         ("hops", {"New York", "Saint-Denis"}, 2)),
    ],
)  # fmt: skip
def test_round28_an_answer_naming_no_node_states_the_value_of_the_questions_nodes(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """An answer that names no node but states a value with its measure (``Degree 3.``,
    ``Shortest path length 11.``) is that value of the one node (a degree) or the two (a
    distance or hop count) its question names."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Then Lyon? Perhaps degree 3.",
        "Then Lyon? Degree 3 so far.",
        "From Kyoto to Paris, then? The first edge weighs 5.",
        "Kyoto, Paris or Lyon? Shortest path length 11.",
        "Then Lyon? Paris has degree 2.",
    ],
)
def test_round28_an_answer_naming_no_node_hedged_or_of_another_kind_states_nothing(
    text: str,
) -> None:
    """A hedged value, algorithm state, a weight after a pair's question (which edge?), three
    nodes asked, or an answer naming a node of its own: nothing of the question's nodes."""
    valued = [c for c in _read(text) if c[2] is not None]
    assert all(c[1] == frozenset({"Paris"}) for c in valued)  # "Paris has degree 2": its own


@pytest.mark.parametrize(
    "text",
    [
        "# neighbours(1) = 2, 3, 4 (the full set, jotted down)",
        "// nbrs(1) = 2, 3, 4, that's all of them",
    ],
)
def test_round27_a_comment_mark_before_a_neighbour_call_is_no_count(text: str) -> None:
    """Under numeric ids (Kyoto 0, Lyon 1, New York 2, Paris 3, Saint-Denis 4): ``# nbrs(1) =
    2, 3, 4`` opens a comment, it counts nothing: no degree 2 of Lyon; a list is read."""
    read = _read(text, numeric_ids=True)
    assert not [c for c in read if c[0] == "degree"]
    assert ("neighbours", frozenset({L, N, P, S}), None) in read


def test_round27_a_glued_hash_still_counts_a_set() -> None:
    assert ("degree", frozenset({L}), 3) in _read("#N(1) = 3", numeric_ids=True)


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("print(len(list(G.neighbors(1))))  # 3", True),
        ("n = len(sorted(adj['Lyon']))  # 3", False),
        ("len(set(nbrs[1])) == 3", True),
    ],
)
def test_round27_the_size_of_a_copied_neighbour_set_is_a_degree(
    text: str, numeric_ids: bool
) -> None:
    """``len(list(G.neighbors(A)))  # 3``: the size of the set through its copies, a degree,
    no list of the printed number."""
    read = _read(text, numeric_ids)
    assert ("degree", frozenset({L}), 3) in read
    assert not [c for c in read if c[0] in ("neighbours", "edge")]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Kyoto and New York share a road, don't they? They do.",
         ("edge", {"Kyoto", "New York"}, None)),
        ("New York lies 2 hops from Paris — doesn't it? Yep.", ("hops", {"New York", "Paris"}, 2)),
        ("Saint-Denis and Kyoto are not linked, are they? No, they are not.",
         ("non_edge", {"Saint-Denis", "Kyoto"}, None)),
        ("Lyon is linked to Kyoto, isn't it? It isn't.", ("non_edge", {"Lyon", "Kyoto"}, None)),
        ("Paris and Kyoto are joined, right? Wrong.", ("non_edge", {"Paris", "Kyoto"}, None)),
    ],
)  # fmt: skip
def test_round30_a_tag_question_states_what_its_answer_confirms(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A statement turned into a question by a tag (``…, don't they?``, ``… — doesn't it?``,
    ``…, right?``) and confirmed (``They do.``, ``Yep.``; a negative one by ``No, they are
    not.``) states the statement; an edge it denies (``It isn't.``, ``Wrong.``) is a non-edge."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Kyoto and Paris share a road, don't they?",
        "Kyoto and Paris share a road, don't they? Probably.",
        "Kyoto and Paris share a road, don't they? Yes, though I should double-check.",
        "Kyoto and Paris share a road, don't they? No, Kyoto and Lyon do.",
        "Kyoto and Paris share a road, don't they? Wrong — only Kyoto and New York do.",
        'The prompt asks "Kyoto and Paris share a road, don\'t they?" and wants a yes or no.',
        "Paris has 4 neighbours, no? No, 2.",
        "Paris has 4 neighbours, no? Yes, 5.",
    ],
)
def test_round30_a_tag_question_left_open_doubted_or_refuted_states_nothing(text: str) -> None:
    """A tag question left open, answered with a hedge or a doubt, refuted with another pair,
    quoted from the task, or answered with a value of its own: nothing of Kyoto–Paris and no
    degree 4 of Paris (a denied value is no claim)."""
    read = _read(text)
    assert not [c for c in read if c[1] == frozenset({"Kyoto", "Paris"})]
    assert ("degree", frozenset({"Paris"}), 4) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("What's the degree of Kyoto? It is just 1.", ("degree", {"Kyoto"}, 1)),
        ("What does the Lyon–New York road weigh? It is exactly 3.",
         ("edge_weight", {"Lyon", "New York"}, 3)),
        ("How far is Lyon from Kyoto? They are only 8.", ("distance", {"Lyon", "Kyoto"}, 8)),
    ],
)  # fmt: skip
def test_round30_an_answer_repeating_its_questions_subject_and_verb_states_the_value(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """An answer that repeats the question's subject and verb before the value (``It is just
    1.``, ``They are only 8.``) is the question's claim with that value."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Is Saint-Denis adjacent to Paris? I jotted the edges down earlier... scrolling... yes.",
         ("edge", {"Saint-Denis", "Paris"}, None)),
        ("And the distance from Lyon to Kyoto? I had to go around the long way... it's 8.",
         ("distance", {"Lyon", "Kyoto"}, 8)),
        ("How far is Lyon from Kyoto? I redid the sum by hand. It's 8.",
         ("distance", {"Lyon", "Kyoto"}, 8)),
    ],
)  # fmt: skip
def test_round30_an_answer_after_a_short_digression_answers_the_question(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A digression between a question and its answer that names no node and no number
    (``I jotted the edges down earlier... scrolling...``) is a pause: the answer after it
    answers the question."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Is Paris adjacent to Kyoto? I'll sort that out later... yes, that's the plan.",
        "Is Paris adjacent to Kyoto? Not sure... yes.",
        "Is Paris adjacent to Kyoto? Lyon has three roads... yes.",
        "Is Paris adjacent to Kyoto? I counted 4 of them... yes.",
        "How many neighbours does Paris have? It has 3, I think.",
        "How many neighbours does Paris have? Lyon has 3.",
    ],
)
def test_round30_a_digression_with_a_plan_a_doubt_a_node_or_a_number_answers_nothing(
    text: str,
) -> None:
    """A plan, a doubt, a node or a number of its own after the question: what follows is no
    answer to it (and a hedged or another node's value answers nothing either)."""
    read = _read(text)
    assert not [c for c in read if c[1] == frozenset({"Paris", "Kyoto"})]
    assert not [c for c in read if c[1] == frozenset({"Paris"})]


@pytest.mark.parametrize(
    "text",
    [
        "Saint-Denis is the current one. Neighbour set in full: Paris, Lyon.",
        "Back on Saint-Denis. Scanning its row, it touches Paris and Lyon and nothing else.",
        "Saint-Denis — adjacency (every entry): Paris & Lyon",
    ],
)
def test_round34_a_two_name_list_without_its_owner_is_no_edge_between_them(text: str) -> None:
    """A neighbour noun (or ``it touches``) before ``B, C`` says whose list it is elsewhere:
    no edge B–C."""
    assert ("edge", frozenset({P, L}), None) not in _read(text)


@pytest.mark.parametrize(
    "text", ["Paris and Lyon are neighbours.", "Paris, Lyon: neighbours", "Paris touches Lyon."]
)
def test_round34_two_names_the_neighbour_word_joins_stay_an_edge(text: str) -> None:
    assert ("edge", frozenset({P, L}), None) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Turning to Saint-Denis. Full neighbour set: Paris, Lyon — that's the whole set.",
        "Now Saint-Denis. Adjacency list: Paris and Lyon, nothing else.",
        "Looking at Saint-Denis. Neighbours (all): Paris, Lyon.",
    ],
)
def test_round34_a_bare_neighbour_label_after_a_topic_is_the_topics_list(text: str) -> None:
    """``Take A. Neighbours: B, C — that's the whole list.``: the list is the topic's."""
    read = _read(text)
    assert ("neighbours", frozenset({S, P, L}), None) in read
    assert ("edge", frozenset({S, P}), None) in read
    assert ("edge", frozenset({P, L}), None) not in read


@pytest.mark.parametrize(
    "text",
    [
        "Now Saint-Denis and Kyoto. Neighbours: Paris, Lyon — that's the whole list.",
        "Now Saint-Denis. Let me see what I have on it.",
        "Neighbours: Paris, Lyon — that's the whole list.",
    ],
)
def test_round34_a_label_with_two_topics_or_none_reads_no_list(text: str) -> None:
    read = _read(text)
    assert not [c for c in read if c[0] in ("neighbours", "edge")]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (
            "Next comes Lyon; the full set of vertices adjacent to it is Paris, New York, "
            "Saint-Denis.",
            ("neighbours", {L, P, N, S}, None),
        ),
        ("Back to Kyoto. Its degree is 1.", ("degree", {K}, 1)),
        ("Next up is Kyoto. It touches New York.", ("edge", {K, N}, None)),
    ],
)
def test_round34_next_comes_or_back_to_a_node_makes_it_the_topic(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


def test_round34_next_comes_with_no_node_holds_no_topic() -> None:
    text = "Next comes the hard part; the complete list of nodes adjacent to it is Paris, Lyon."
    assert not [c for c in _read(text) if c[0] in ("neighbours", "edge")]


def test_round35_an_answer_listing_exactly_two_nodes_is_no_edge_between_them() -> None:
    """``Which nodes border A? Scanning the edges: exactly B and C.``: a set of two (A's
    neighbours), no edge between B and C."""
    read = _read("Which nodes border Kyoto? Scanning the edges: exactly Paris and Lyon.")
    assert ("edge", frozenset({P, L}), None) not in read
    assert ("edge", frozenset({P, L}), None) in _read("Scanning the edges: Paris and Lyon.")


@pytest.mark.parametrize(
    "text",
    [
        "Result 2: the number of edges along the shortest Kyoto–Lyon path, ignoring weights.",
        "Returned 2: the number of edges on the shortest Kyoto–Lyon path.",
        "Returned 2: the shortest Kyoto–Lyon path, ignoring weights.",
    ],
)
def test_round35_a_count_of_edges_on_a_route_or_one_ignoring_weights_is_hops(text: str) -> None:
    """A route's value said a count of its edges, or with weights ignored: a hop count."""
    read = _read(text)
    assert ("hops", frozenset({K, L}), 2) in read
    assert not [c for c in read if c[0] == "distance"]


def test_round35_a_routes_value_without_a_hop_word_is_its_distance() -> None:
    assert ("distance", frozenset({K, L}), 8) in _read(
        "Returned 8: the total weight of the shortest Kyoto–Lyon path."
    )


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("I'll record Kyoto's degree, 1, and go to the next node.", ("degree", {"Kyoto"}, 1)),
        ("We'll write down Saint-Denis's degree, 2, and take the next node.",
         ("degree", {"Saint-Denis"}, 2)),
    ],
)  # fmt: skip
def test_round37_a_recording_plan_whose_object_carries_its_value_states_it(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``I'll record A's degree, 1, and …``: the value set off by commas after the recorded
    measure is stated, not planned."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'll record Kyoto's degree, 1 or 2, and go to the next node.",
        "I'll record Kyoto's degree once I know it, and go to the next node.",
        "I'll record Kyoto's degree, if it is 1, and go to the next node.",
        "I'll record Kyoto's degree later.",
        "Should I record Kyoto's degree, 1, and go to the next node?",
    ],
)
def test_round37_a_recording_plan_with_two_candidates_a_supposition_or_no_value_states_none(
    text: str,
) -> None:
    """Two candidates, a supposition, no value, or a question: no degree 1 of Kyoto."""
    assert ("degree", frozenset({"Kyoto"}), 1) not in _read(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Kruskal examines Lyon–New York. That edge weighs 3.",
         ("edge_weight", {"Lyon", "New York"}, 3)),
        ("Dijkstra's algorithm now looks at Saint-Denis–Lyon; its weight is 4.",
         ("edge_weight", {"Saint-Denis", "Lyon"}, 4)),
    ],
)  # fmt: skip
def test_round40_an_algorithm_step_that_looks_at_an_edge_is_the_topic_of_its_weight(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """``Prim considers A–B; that edge weighs 12``: the step only names the edge, the next
    clause gives its weight (the graph's, no state)."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Kruskal examines Lyon–New York; that edge might weigh 3.",
        "Kruskal examines Lyon–New York; does that edge weigh 3?",
        "Kruskal examines Lyon–New York or Paris–Lyon; that edge weighs 3.",
        "Kruskal examines Lyon–New York; that edge weighs 3 if Kyoto is in the tree.",
        "Kruskal examines Lyon–New York; that edge weighs 3 or 4.",
        "Kruskal examines Lyon; that edge weighs 3.",
    ],
)
def test_round40_an_algorithm_step_then_a_hedge_question_or_two_edges_states_no_weight(
    text: str,
) -> None:
    """A hedge, a question, two edges named, a supposition, two candidates, or one node: no
    weight."""
    assert not [c for c in _read(text) if c[0] == "edge_weight"]
