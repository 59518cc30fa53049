"""The name-anchored reader: notation seen through, claims decided by the clause's node names,
values and cues, and filler refused. Wording here is in no labelled list (``dev`` ... ``round7``):
it tests that the mechanism generalises, not that a phrasing was learnt."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.analysis._trace_anchored import anchored_facts, see_through
from gralgo.analysis._trace_claims import extract_claims
from gralgo.score import NodeNames
from tests.analysis.trace_small_graph import small_graph


def _read(text: str, numeric_ids: bool = False) -> set[tuple[str, frozenset[str], int | None]]:
    names = NodeNames(small_graph(), numeric_ids)
    return {(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)}


def _assert_read(text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]) -> None:
    """``claim`` (its kind, nodes and value) is read from ``text``."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text, numeric_ids)


def _assert_read_and_not_its_opposite(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    """``claim`` (an edge or a non-edge) is read from ``text``, and its opposite is not."""
    kind, nodes, value = claim
    read = _read(text, numeric_ids)
    assert (kind, frozenset(nodes), value) in read
    opposite = {"edge": "non_edge", "non_edge": "edge"}[kind]
    assert (opposite, frozenset(nodes), value) not in read


P, L, N, S, K = "Paris", "Lyon", "New York", "Saint-Denis", "Kyoto"
# numeric ids: sorted names -> Kyoto 0, Lyon 1, New York 2, Paris 3, Saint-Denis 4


def test_the_view_keeps_each_characters_origin() -> None:
    text = r"x $\operatorname{hd}(Paris) = 4$ and G.has_edge(a, b)  # False"
    view, origin = see_through(text, 2, len(text))
    assert "operatorname" not in view and "$" not in view and "has edge" in view
    assert " no " in view and len(origin) == len(view) + 1
    at = view.index("Paris")
    assert text[origin[at] : origin[at] + 5] == "Paris"
    assert origin[-1] == len(text)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # code and LaTeX no pattern was written for: names seen through the notation
        ("assert graph.has_edge('Lyon', 'Kyoto')  # True", False, ("edge", {L, K}, None)),
        ("assert graph.has_edge('Lyon', 'Kyoto')  # False", False, ("non_edge", {L, K}, None)),
        ("$\\{Paris, Lyon\\} \\notin E$", False, ("non_edge", {P, L}, None)),
        ("graph.degree(Kyoto)  ->  3", False, ("degree", {K}, 3)),
        ("$\\operatorname{deg}_{G}(Saint-Denis) = 5$", False, ("degree", {S}, 5)),
        ("shortest_len[Paris][Kyoto] == 11", False, ("distance", {P, K}, 11)),
        ("$\\mathrm{spd}(Lyon, Kyoto) = 8$", False, ("distance", {L, K}, 8)),
        ("edge_cost[Paris, Lyon] := 9", False, ("edge_weight", {P, L}, 9)),
        ("Lyon ↔ Kyoto ✓", False, ("edge", {L, K}, None)),
        ("Paris ⇸ New York", False, ("non_edge", {P, N}, None)),
        # prose cues of the lexicon around unseen phrasings
        ("Kyoto and Lyon: wired up, yes.", False, ("edge", {K, L}, None)),
        ("Lyon counts 6 incident edges.", False, ("degree", {L}, 6)),
        ("Saint-Denis to Kyoto: BFS depth 3", False, ("hops", {S, K}, 3)),
        # numeric ids in a slot: inside brackets, joined to another id, or heading the clause
        ("adjacency[2][0] is True", True, ("edge", {N, K}, None)),
        ("degree_map[1] == 3", True, ("degree", {L}, 3)),
        ("dist_table[3][0] = 9", True, ("distance", {P, K}, 9)),
        ("4 ⟷ 1 ✓", True, ("edge", {S, L}, None)),
        ("deg 3 = 2", True, ("degree", {P}, 2)),
        # a path's total: a chain of names and one value
        ("cost along Paris -> Lyon -> Kyoto = 12", False, ("path_total", {P, L, K}, 12)),
        ("total for 3 -> 1 -> 2 = 10", True, ("path_total", {P, L, N}, 10)),
        # sets: a cue, a k or radius seen beside the names, and the names listed
        (
            "assert is_complete(graph.subgraph([Paris, Lyon, Saint-Denis]))",
            False,
            ("clique", {P, L, S}, None),
        ),
        (
            "networkx.k_core(graph, k=2) -> [Paris, Lyon, Saint-Denis]",
            False,
            ("k_core", {P, L, S}, 2),
        ),
        (
            "hop ball: ego_graph(graph, Lyon, radius=1) minus centre = {Paris, New York}",
            False,
            ("within_hops", {L, P, N}, 1),
        ),
        ("BFS out of 1 (radius 1): 3, 2, 4", True, ("within_hops", {L, P, N, S}, 1)),
    ],
)
def test_notation_no_pattern_was_written_for_is_read(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_a_complete_neighbour_set_in_code_is_a_neighbour_claim() -> None:
    read = _read("set(graph.adj[Lyon]) == {Paris, New York}  # the whole set")
    assert ("neighbours", frozenset({L, P, N}), None) in read
    read = _read("list(nbrs[1]) = [3, 2, 4]", numeric_ids=True)
    assert ("neighbours", frozenset({L, P, N, S}), None) in read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # a weight written on the connector
        ("Lyon ~~4~~ Saint-Denis", False, ("edge_weight", {L, S}, 4)),
        ("4 ==2== 3", True, ("edge_weight", {S, P}, 2)),
        # a question about an edge and the bare answer after it
        (
            "Any link joining Kyoto and Paris? Nope, not in the list.",
            False,
            ("non_edge", {K, P}, None),
        ),
        # "those two": a number word that is no value
        ("Lyon plus Paris: those two are wired together.", False, ("edge", {L, P}, None)),
        # the size of the set of edges holding a node is its degree
        ("$\\lvert\\{e \\in E : Lyon \\in e\\}\\rvert = 3$", False, ("degree", {L}, 3)),
        # "\\;" is LaTeX spacing, not a clause break
        (
            "$Q$: Paris → Lyon → New York $\\; \\text{total} = 10$",
            False,
            ("path_total", {P, L, N}, 10),
        ),
        # a hop ball with its radius in words or as a distance, a core with a subscript
        (
            "Every node at most one hop from Lyon: Paris, New York, Saint-Denis",
            False,
            ("within_hops", {L, P, N, S}, 1),
        ),
        ("$\\mathrm{core}_{2} = \\{Paris, Lyon, Saint-Denis\\}$", False, ("k_core", {P, L, S}, 2)),
        ("$B_{1}(1) = \\{3, 2, 4\\}$", True, ("within_hops", {L, P, N, S}, 1)),
        # "…, so they form …": the names of the clause before
        (
            "Paris, Lyon and Saint-Denis remain after pruning, so they form the 2-core.",
            False,
            ("k_core", {P, L, S}, 2),
        ),
        # a one-item complete list
        (
            "The sole vertex Kyoto is connected to: New York, and that's all.",
            False,
            ("neighbours", {K, N}, None),
        ),
    ],
)
def test_round7_classes_in_other_wording(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_a_bound_stated_as_the_very_least_is_no_value() -> None:
    assert _read("Kyoto and Paris lie 3 edges apart at the very least.") == set()


def test_a_value_after_an_arrow_is_no_node_under_numeric_ids() -> None:
    """``weight(0) → 8``: 8 is the weight, not an edge to node 8; a list opened by a neighbour
    noun holds ids, not a count."""
    assert _read("wt(4) → 3", numeric_ids=True) == {("node_weight", frozenset({S}), 3)}
    assert _read("* 0 → neighbour set (complete): 2", numeric_ids=True) == {
        ("edge", frozenset({K, N}), None),
        ("neighbours", frozenset({K, N}), None),
    }


def test_a_count_column_over_numbers_is_the_degree() -> None:
    table = "| City | Edges at it |\n|---|---|\n| Lyon | 3 |\n"
    assert _read(table) == {("degree", frozenset({L}), 3)}
    table = "| Vertex | Neighbours |\n|---|---|\n| 1 | 3 |\n"  # an id, not a count
    assert not any(kind == "degree" for kind, _, _ in _read(table, numeric_ids=True))


def test_a_distance_overrules_the_edge_a_pattern_read_between_its_ends() -> None:
    read = _read("3) shortest Paris→Kyoto distance: 11")
    assert ("distance", frozenset({P, K}), 11) in read
    assert not any(kind == "edge" for kind, _, _ in read)


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("graph.has_edge(Paris, Kyoto)  # to verify", False),
        ("Does graph.has_edge(Paris, Kyoto) hold?", False),
        ("I suspect Lyon ↔ Kyoto, not sure yet.", False),
        ("heap = [(3, Lyon), (5, Kyoto)]", False),
        ("prev[Kyoto] = Lyon  # tentative", False),
        ("Maybe deg(Paris) = 4, re-count later.", False),
        ("Lyon and Kyoto have at least 2 common neighbours.", False),
        ("Travelling Paris to Kyoto runs 12.", False),
        ("Lyon has 3 and Kyoto has 5.", False),
        ("4 + 3 = 7 and 7 < 9", True),
        ("Step 2 of 4: pop node 3", True),
        ("The rule says: a node of degree 1 is a leaf.", False),
    ],
)
def test_filler_states_nothing(text: str, numeric_ids: bool) -> None:
    assert _read(text, numeric_ids) == set()


def test_the_reader_reads_one_clause_from_its_names() -> None:
    names = NodeNames(small_graph())
    text = "graph.has_edge(Paris, Lyon)  # True"
    facts = [fact for _, _, found in anchored_facts(text, 0, len(text), names, names.resolve)
             for fact in found]  # fmt: skip
    assert [(kind, set(nodes)) for kind, nodes, _, _, _ in facts] == [("edge", {P, L})]
    start, end = facts[0][3], facts[0][4]
    assert text[start:end].startswith("Paris") and end == len(text)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claims"),
    [
        # a pair said to be missing from (or present in) the input, after a task box
        ("* [x] Lyon—Kyoto: missing from the graph", False, [("non_edge", {L, K}, None)]),
        ("- [ ] 3–0: not listed in the input", True, [("non_edge", {P, K}, None)]),
        ("* [x] Paris—Lyon: present in the edge set", False, [("edge", {P, L}, None)]),
        # an id mapped to a count of adjacent nodes: its degree, no edge to an id
        ("• 2 — 4 adjacent vertices", True, [("degree", {N}, 4)]),
        ("a) 4: three neighbouring nodes", True, [("degree", {S}, 3)]),
        # edges counted at one node, also written "edge(s)"
        ("__Kyoto__ meets 2 edge(s)", False, [("degree", {K}, 2)]),
        ("**1** — lies on 3 incident edges", True, [("degree", {L}, 3)]),
    ],
)
def test_round8_classes_in_other_wording(
    text: str, numeric_ids: bool, claims: list[tuple[str, set[str], int | None]]
) -> None:
    assert _read(text, numeric_ids) == {(k, frozenset(n), v) for k, n, v in claims}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # networkx's G[A] is A's neighbours: its size the degree, its list (with a code comment
        # that keeps it whole) all of them
        ("len(G['Kyoto']) is 1", False, ("degree", {K}, 1)),
        ("G[Lyon] = [Paris, New York, Saint-Denis]  # the full row", False,
         ("neighbours", {L, P, N, S}, None)),
        # a distance column named by a source before a parenthesis or as δ(A, x); an arrow
        # before the destination's name
        ("| Target | Label from Kyoto (settled) |\n|---|---|\n| ⇒ Lyon | 8 |", False,
         ("distance", {K, L}, 8)),
        ("| x | δ(Lyon, x) |\n|---|---|\n| `Paris` | 7 |", False, ("distance", {L, P}, 7)),
        ("| v | δ(1, v) |\n|---|---|\n| -> 3 | 7 |", True, ("distance", {L, P}, 7)),
    ],
)  # fmt: skip
def test_round8_code_and_table_classes_in_other_wording(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_a_code_comment_that_qualifies_a_list_keeps_it_partial() -> None:
    read = _read("G[Lyon] = [Paris, New York]  # some of them, so far")
    assert not any(kind == "neighbours" for kind, _, _ in read)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # an indexed distance compared by == with its source in a code comment
        ("dist[4] == 6  # src 0", True, ("distance", {K, S}, 6)),
        # ids joined by a tilde, answered after a colon
        ("__0 ~ 2__: yes, an edge", True, ("edge", {K, N}, None)),
        # a one-id list closed as complete is a neighbour, not a count
        ("- 0: 2 (that's all of its neighbours)", True, ("neighbours", {K, N}, None)),
    ],
)
def test_round8_numeric_id_classes_in_other_wording(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    read = _read(text, numeric_ids)
    assert (kind, frozenset(nodes), value) in read
    assert not any(k == "degree" for k, _, _ in read)


def test_a_comprehension_filter_is_no_hypothesis_and_a_cutoff_is_a_radius() -> None:
    text = (
        "{v for v, h in nx.single_source_shortest_path_length(graph, Kyoto, cutoff=2).items()"
        " if h != 0} = {New York, Lyon}"
    )
    assert ("within_hops", frozenset({K, N, L}), 2) in _read(text)
    assert _read("If Kyoto had 2 more neighbours, its degree would be 3.") == set()


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        # a sentence that only names a topic: what the next clause is about, with or without
        # a pronoun
        ("Now consider Kyoto. Number of neighbours: one.", [("degree", {K}, 1)]),
        ("Checking Saint-Denis. Kyoto is not among the nodes it links to.",
         [("non_edge", {S, K}, None)]),
        # a list said complete in other words: the list and every item's edge
        ("Consider Lyon. It links to New York and Paris, and that's everything.",
         [("edge", {L, N}, None), ("edge", {L, P}, None), ("neighbours", {L, N, P}, None)]),
        ("$\\Gamma(Saint-Denis) = \\{Paris, Lyon\\}$, in full.",
         [("edge", {S, P}, None), ("edge", {S, L}, None), ("neighbours", {S, P, L}, None)]),
        ("Lyon ⟶ [New York, Paris, Saint-Denis]  (whole neighbourhood)",
         [("edge", {L, N}, None), ("edge", {L, P}, None), ("edge", {L, S}, None),
          ("neighbours", {L, N, P, S}, None)]),
    ],
)  # fmt: skip
def test_round8_topic_and_complete_list_classes_in_other_wording(
    text: str, claims: list[tuple[str, set[str], int | None]]
) -> None:
    assert _read(text) == {(k, frozenset(n), v) for k, n, v in claims}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        # a path's total in the next sentence, in words, or written before the path
        ("Route: Kyoto → New York → Lyon. Total cost = 8.", ("path_total", {K, N, L}, 8)),
        ("Kyoto → New York → Lyon. That is 8 in total.", ("path_total", {K, N, L}, 8)),
        ("Kyoto → New York → Lyon, total eight.", ("path_total", {K, N, L}, 8)),
        ("$\\mathrm{length} = 5 + 3 = 8$ over Kyoto → New York → Lyon",
         ("path_total", {K, N, L}, 8)),
        # the fewest edges it takes to go between two nodes
        ("It takes 2 edges min to travel from Kyoto to Lyon.", ("hops", {K, L}, 2)),
    ],
)  # fmt: skip
def test_round8_path_total_classes_in_other_wording(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


def test_an_edge_named_as_a_topic_is_what_its_pronoun_weighs() -> None:
    assert _read("Consider the edge Kyoto–New York. It weighs 6.") == {
        ("edge", frozenset({K, N}), None),
        ("edge_weight", frozenset({K, N}), 6),
    }


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        # a question about a value answered by the value
        ("How large is the degree of Saint-Denis? That's 3.", ("degree", {S}, 3)),
        ("What is the shortest distance from Kyoto to Lyon? It is eight.",
         ("distance", {K, L}, 8)),
        # "adjoins": an edge
        ("Then Kyoto adjoins Paris.", ("edge", {K, P}, None)),
    ],
)  # fmt: skip
def test_round8_answer_and_lexicon_classes_in_other_wording(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


def test_a_question_answered_by_another_number_states_nothing_of_it() -> None:
    assert _read("What's the degree of Kyoto if Lyon is removed? It's 1.") == set()


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        # a k-core as the result of peeling with k, a hop ball as a BFS bounded in depth
        ("peel(k = 2) gives {Lyon, Saint-Denis, Paris}", ("k_core", {L, S, P}, 2)),
        ("bfs(Kyoto, depth <= 2) → New York, Lyon", ("within_hops", {K, N, L}, 2)),
    ],
)
def test_round8_set_classes_in_other_wording(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # a false verdict comment makes the test it annotates a non-edge, in every notation
        ("Paris in neighbours_of[Kyoto]   # -> False", False, ("non_edge", {P, K}, None)),
        ("nbr_map[Lyon].contains(Kyoto); // false", False, ("non_edge", {L, K}, None)),
        ("adjacency[Saint-Denis][Kyoto]  # no", False, ("non_edge", {S, K}, None)),
        ("G.has_edge(3, 0)  #=> False", True, ("non_edge", {P, K}, None)),
        ("{4, 2} in E  // False", True, ("non_edge", {S, N}, None)),
        # a true verdict leaves the edge as read
        ("nbr_map[Lyon].contains(Kyoto)  // TRUE", False, ("edge", {L, K}, None)),
    ],
)
def test_round9_a_code_tests_verdict_comment_decides_its_edge(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        # a negated test under a false verdict: a double negation, read as nothing
        ("Kyoto not in adjacency[Paris]  # False", False),
        ("!nbrs[3].includes(0)  // false", True),
        # an unticked to-do box states no fact
        ("* [ ] verify Lyon — Kyoto", False),
        ("[ ] need to verify 2 -> 0", True),
        # a question about an edge in notation, not answered yes or no
        ("Does $\\{Paris, Kyoto\\} \\in E$ hold? Need to look.", False),
        ("(1, 0) in edge_set? Not clear yet", True),
    ],
)
def test_round9_verdicts_todos_and_questions_state_no_edge(text: str, numeric_ids: bool) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] in ("edge", "non_edge")}


@pytest.mark.parametrize(
    "text",
    [
        "Now at Paris. The least expensive way over to Kyoto comes to a cost of 9.",
        "From 3 onwards: the shortest walk into 0 costs 9.",
        "Looking at Lyon. Minimum cost to get to Kyoto: 9.",
    ],
)
def test_round9_a_cost_said_of_a_route_to_one_node_is_no_node_weight(text: str) -> None:
    read = _read(text, numeric_ids=text.startswith("From 3"))
    assert not {c for c in read if c[0] in ("node_weight", "edge_weight")}


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Next up, Paris. Every node at most 2 hops out (not counting it): Lyon, Kyoto.", False),
        ("All nodes at most two hops out: Lyon, Kyoto and New York.", False),
        ("Reachable within 2 hops, the start left out: 1, 2, 0", True),
    ],
)
def test_round9_a_hop_ball_without_a_named_centre_takes_no_item_as_its_centre(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] == "within_hops"}


def _read_long(text: str) -> set[tuple[str, frozenset[str], int | None]]:
    """``_read`` on a graph whose names hold commas, as long-context names do."""
    graph = small_graph()
    graph = nx.relabel_nodes(graph, {K: "Kyoto, pale tower", N: "New York, calm river, bridge"})
    names = NodeNames(graph, False)
    return {(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names)}


KL, NL = "Kyoto, pale tower", "New York, calm river, bridge"


@pytest.mark.parametrize(
    ("text", "reader", "claim"),
    [
        # the topic in every notation a node is written in: "node 3", a name with commas
        ("Taking node 0. No edge joins it with node 3.", True, ("non_edge", {K, P}, None)),
        ("Considering Kyoto, pale tower. Three edges end there.", "long", ("degree", {KL}, 3)),
        ("Looking at New York, calm river, bridge. No edge links it to Paris.", "long",
         ("non_edge", {NL, P}, None)),
        # a pair named as the topic without the word "edge", and "that edge" for its pronoun
        ("Turning to Lyon/Paris. This edge weighs 9.", False, ("edge_weight", {L, P}, 9)),
        ("Focus on node 1–node 3. That edge weighs 9.", True, ("edge_weight", {L, P}, 9)),
        # a route from the topic to the one node the next sentence names
        ("Consider Paris. The shortest way to Kyoto costs 14.", False, ("distance", {P, K}, 14)),
        ("Looking at node 4. Best route into node 0 totals 11.", True, ("distance", {S, K}, 11)),
    ],
)  # fmt: skip
def test_round10_a_topic_in_every_notation_is_what_the_next_sentence_is_about(
    text: str, reader: bool | str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    read = _read_long(text) if reader == "long" else _read(text, bool(reader))
    assert (kind, frozenset(nodes), value) in read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # a path's total introduced by its own length word or symbol, after the path
        ("Consider the walk Paris → Lyon → Kyoto. Its total is 15.", False,
         ("path_total", {P, L, K}, 15)),
        ("Take node 3 → node 1 → node 0. Its cost: 15.", True, ("path_total", {P, L, K}, 15)),
        ("$Q = Paris \\to Lyon \\to Kyoto$, so $\\ell(Q) = 15$", False,
         ("path_total", {P, L, K}, 15)),
        ("$3 -> 1 -> 0$; $len(Q) = 15$", True, ("path_total", {P, L, K}, 15)),
    ],
)  # fmt: skip
def test_round10_a_path_total_by_its_length_word_or_symbol_after_the_path(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # a pair joined by any arrow, and a value introduced by "=" or ":" beside a word for
        # the best route (optimal, minimum, cheapest): a distance, in hops where hops are said
        ("Lyon ⤳ Kyoto := 8 (the optimum)", False, ("distance", {L, K}, 8)),
        ("1 ↠ 0 : 8, cheapest", True, ("distance", {L, K}, 8)),
        ("4 ⟹ 0 = 3 hops at minimum", True, ("hops", {S, K}, 3)),
        ("The minimum-weight route between Paris and Kyoto comes to 15.", False,
         ("distance", {P, K}, 15)),
        # hop counts and shortest paths written as calls in LaTeX
        ("$h(Lyon, Kyoto) = 2$", False, ("hops", {L, K}, 2)),
        ("$\\mathrm{SP}(1 \\to 0) = 8$", True, ("distance", {L, K}, 8)),
    ],
)  # fmt: skip
def test_round10_a_pair_and_a_value_beside_a_best_route_word_is_a_distance(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Is Lyon ⤳ Kyoto = 8 the optimum? Unclear.", False),
        ("If 1 ↠ 0 were 8 at minimum, the answer would change.", True),
        ("The minimum-weight route between Paris and Kyoto is not 15.", False),
    ],
)
def test_round10_a_best_route_asked_supposed_or_denied_is_no_distance(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] in ("distance", "hops")}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # a set named as the topic, listed in the next sentence
        ("Consider the 2-core. It consists of Paris, Lyon and Saint-Denis.", False,
         ("k_core", {P, L, S}, 2)),
        ("Take the 2-core. Its vertices: node 3, node 1, node 4.", True,
         ("k_core", {P, L, S}, 2)),
        # a node named as the topic, the centre of the ball the next sentence lists
        ("Now consider Lyon. In at most 2 hops it gets to Paris, Kyoto, New York.", False,
         ("within_hops", {L, P, K, N}, 2)),
        # names listed as the topic that a later "they" forms a set of
        ("Checking Paris, Lyon and Saint-Denis. All are adjacent, hence they form a triangle.",
         False, ("clique", {P, L, S}, None)),
    ],
)  # fmt: skip
def test_round10_a_set_said_of_the_topic_named_before(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_round10_a_topic_followed_by_an_edge_is_no_set() -> None:
    assert _read("Looking at Paris. It is linked to Lyon.") == {("edge", frozenset({P, L}), None)}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # a set-builder bounding a distance from its centre: the hop ball of that radius
        ("$S = \\{v : \\operatorname{dist}(Kyoto, v) \\leq 2\\} = \\{New York, Lyon\\}$", False,
         ("within_hops", {K, N, L}, 2)),
        ("$\\{y \\ne 0 : h(0, y) <= 2\\} = \\{2, 1\\}$", True, ("within_hops", {K, N, L}, 2)),
        # the centre said to be left out is no negation of the ball
        ("Up to 2 hops from Kyoto, excluding Kyoto: New York, Lyon.", False,
         ("within_hops", {K, N, L}, 2)),
        ("At most 2 hops around node 0 (node 0 left out): node 2, node 1", True,
         ("within_hops", {K, N, L}, 2)),
        # a peeling with its degree bound, and what remains: the k-core of that bound
        ("Strip nodes of degree below 2 → Paris, Lyon, Saint-Denis stay.", False,
         ("k_core", {P, L, S}, 2)),
        ("Once vertices with less than 2 neighbours are dropped, 3, 1 and 4 are kept.", True,
         ("k_core", {P, L, S}, 2)),
    ],
)  # fmt: skip
def test_round10_set_builders_exclusions_and_peeling_bounds_name_their_set(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    "text",
    [
        "After deleting every node with degree < 2, Paris has degree 1.",
        "If we prune deg < 2, then Paris, Lyon and Saint-Denis might remain.",
        "Not within 2 hops of Kyoto, excluding Kyoto: Paris, Saint-Denis.",
    ],
)
def test_round10_a_peeling_step_or_a_supposed_or_denied_set_is_no_set(text: str) -> None:
    assert not {c for c in _read(text) if c[0] in ("k_core", "within_hops")}


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("weight(3, 1) → 2", {L, N}),  # 2 is the value of the call, not a node after 1
        ("$\\text{hops}(4, 0) \\Rightarrow 2$", {K, N}),
        ("nx.shortest_path_length(G, 3, 4) -> 1", {S, L}),
    ],
)
def test_round10_a_call_mapped_to_its_value_is_no_edge_to_the_value(
    text: str, pair: set[str]
) -> None:
    assert ("edge", frozenset(pair), None) not in _read(text, numeric_ids=True)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "listed"),
    [
        # a head, any adjacency cue (a fan-out arrow, links, touches, joined), a completeness
        # marker, and the list before or after the head
        ("Saint-Denis ⇶ Paris and Lyon, no others", False, {S, P, L}),
        ("- Paris: (Lyon, Saint-Denis) <- all of its neighbours", False, {P, L, S}),
        ("- 3: (1, 4) ← full neighbour list", True, {P, L, S}),
        ("Saint-Denis touches exactly these: Paris, Lyon.", False, {S, P, L}),
        ("Only node 3 and node 4 are adjacent to node 1.", True, {L, P, S}),
        ("Paris and New York are linked with Lyon, no others.", False, {L, P, N}),
    ],
)  # fmt: skip
def test_round10_a_complete_list_around_its_head_in_any_order_and_notation(
    text: str, numeric_ids: bool, listed: set[str]
) -> None:
    read = _read(text, numeric_ids)
    assert ("neighbours", frozenset(listed), None) in read


def test_round10_completeness_said_before_the_head_names_no_list_of_it() -> None:
    assert not {c for c in _read("Only Paris is linked to Lyon.") if c[0] == "neighbours"}


def test_round10_the_items_of_a_list_before_its_head_are_no_edge_to_each_other() -> None:
    read = _read("Paris and New York are linked with Lyon, no others.")
    assert ("edge", frozenset({P, N}), None) not in read
    assert ("edge", frozenset({L, N}), None) in read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        # a table row with a pair cell and a number under a weight-like header
        ("| Pairing | Its weight |\n|---|---|\n| (Paris, Saint-Denis) | 4 |", False,
         ("edge_weight", {P, S}, 4)),
        ("| Connection | Weight |\n|---|---|\n| Lyon—Kyoto | **6** |", False,
         ("edge_weight", {L, K}, 6)),
        ("| Which edge | w |\n|---|---|\n| node 3—node 4 | `2` |", True,
         ("edge_weight", {P, S}, 2)),
        # a weight on the connector, whatever its head; a pair's value said directly
        ("3 –8⟶ 1", True, ("edge_weight", {P, L}, 8)),
        ("So Kyoto→New York, taken directly, is 6.", False, ("edge_weight", {K, N}, 6)),
    ],
)  # fmt: skip
def test_round10_an_edge_weight_by_its_pair_and_a_weight_like_place(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_round10_a_pair_cell_without_a_weight_header_is_no_edge() -> None:
    assert _read("| Seen | Count |\n|---|---|\n| Paris, Kyoto | 2 |") == set()


@pytest.mark.parametrize(
    ("text", "graph", "claim"),
    [
        # a column of the best cost from a source, its source in brackets
        ("| Dest. | Lowest cost (from Paris) |\n|---|---|\n| Kyoto | 14 |", "small",
         ("distance", {P, K}, 14)),
        # a source whose long name holds commas, in a distance call's header
        ("| Node | dist(Kyoto, pale tower, ·) |\n|---|---|\n| Lyon | 8 |", "long",
         ("distance", {KL, L}, 8)),
    ],
)  # fmt: skip
def test_round10_a_distance_column_from_its_source_in_any_notation(
    text: str, graph: str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    read = _read_long(text) if graph == "long" else _read(text)
    assert (kind, frozenset(nodes), value) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        # a question about a value answered by the value, its nodes named by numeric ids
        ("So what is the degree of node 4? Three.", ("degree", {S}, 3)),
        ("What is the shortest distance from node 3 to node 0? It's 9.", ("distance", {P, K}, 9)),
    ],
)
def test_round10_a_value_question_about_numeric_ids_answered_by_the_value(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text, numeric_ids=True)


def test_round10_a_value_question_with_a_number_of_its_own_states_nothing() -> None:
    assert _read("What's the degree of node 2 after 3 steps? It's 4.", numeric_ids=True) == set()


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Let Lyon be joined to Kyoto by an edge.", False),
        ("For argument's sake, Paris–Lyon is an edge.", False),
        ("$\\text{let } (Paris, Lyon) \\text{ be an edge}$", False),
        ("Let 1 and 0 be neighbours.", True),
    ],
)
def test_round10_a_supposition_in_any_notation_states_no_edge(text: str, numeric_ids: bool) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] in ("edge", "non_edge")}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Lyon ⇝ Kyoto | min weight 7", False, ("distance", {L, K}, 7)),
        ("Cheapest: Paris -> Lyon = 5", False, ("distance", {P, L}, 5)),
        ("Min cost 3→1 = 4", True, ("distance", {P, L}, 4)),
    ],
)
def test_round10_a_lone_arrow_pair_on_a_best_route_line_is_no_edge(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    read = _read(text, numeric_ids)
    assert (kind, frozenset(nodes), value) in read
    assert not {c for c in read if c[0] in ("edge", "edge_weight")}


def test_round10_a_path_of_arrows_on_a_best_route_line_keeps_its_edges() -> None:
    read = _read("Paris -> Lyon -> Kyoto, min cost 9")
    assert ("edge", frozenset({P, L}), None) in read and ("edge", frozenset({L, K}), None) in read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("assert(!has_edge(g, Lyon, Kyoto));", False, ("non_edge", {L, K}, None)),
        ("assert !adj[Paris].contains(Lyon)", False, ("non_edge", {P, L}, None)),
        ("debug_assert!(!graph.contains_edge(4, 0));", True, ("non_edge", {S, K}, None)),
        # a macro's bang is no negation
        ("assert!(graph.contains_edge(Lyon, Kyoto));", False, ("edge", {L, K}, None)),
    ],
)
def test_round10_code_negation_by_a_bang_in_any_notation(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "pair"),
    [
        ("The input lacks Paris–Lyon.", False, {P, L}),
        ("E is missing Lyon → Kyoto, so they are apart.", False, {L, K}),
        ("The edge set doesn't contain (Paris–Lyon).", False, {P, L}),
        ("The edge list omits 3-1.", True, {P, L}),
    ],
)
def test_round10_a_pair_named_as_what_a_list_lacks_is_no_edge(
    text: str, numeric_ids: bool, pair: set[str]
) -> None:
    read = _read(text, numeric_ids)
    assert ("non_edge", frozenset(pair), None) in read
    assert ("edge", frozenset(pair), None) not in read


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Kyoto ⇒ ⋯ ⇒ Paris: 3 edges at the fewest", False),
        ("Lyon ~> Kyoto — 2 edges", False),
        ("3 → … → 1: 4 edges", True),
    ],
)
def test_round10_a_count_of_edges_at_an_arrows_head_is_no_degree(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] == "degree"}


def test_round10_a_count_of_edges_said_of_a_listed_name_stays_a_degree() -> None:
    assert ("degree", frozenset({L}), 3) in _read("- Lyon: 3 edges")


def test_round10_the_number_after_an_assignment_arrow_is_its_value_not_a_node() -> None:
    assert ("hops", frozenset({S, P}), 2) in _read("level(4) <- 2  // search from 3", True)
    for text in ("level(4) <- 2  // search from 3", "depth(0) ⟵ 2  ◁ BFS tree rooted at 1"):
        assert not {c for c in _read(text, True) if N in c[1]}  # 2 is no node: a value


# Round 11 tuning (round 10 recall): each shape read in every notation, in other wording.


@pytest.mark.parametrize(
    ("text", "numeric_ids", "total"),
    [
        ("Route Paris → Lyon → Kyoto; that lands on eleven overall", False, 11),
        ("`Paris -> Lyon -> Kyoto` ==> `12` in the end", False, 12),
        ("$Paris \\to Lyon \\to Kyoto \\;\\Rightarrow\\; 9$", False, 9),
        ("3 -> 1 -> 2, 7 + 3 makes 10", True, 10),
        ("walk([3 -> 1 -> 2])  # 10", True, 10),
    ],
)
def test_round11_a_routes_one_number_after_it_is_its_total_in_any_notation(
    text: str, numeric_ids: bool, total: int
) -> None:
    nodes = {P, L, N} if numeric_ids else {P, L, K}
    assert ("path_total", frozenset(nodes), total) in _read(text, numeric_ids)


@pytest.mark.parametrize(
    "text",
    [
        "Paris -> Lyon -> Kyoto is not 11",
        "Paris -> Lyon -> Kyoto: at the most 11",
        "Paris -> Lyon -> Kyoto, or else 11",
        "Paris -> Lyon -> Kyoto, tentative 11",
        "If Paris -> Lyon -> Kyoto, then 11",
        "Paris -> Lyon -> Kyoto, and Saint-Denis gets 11",
        "Paris -> Lyon -> Kyoto: 11 - 2",
    ],
)
def test_round11_a_number_after_a_route_under_a_guard_is_no_total(text: str) -> None:
    assert not {c for c in _read(text) if c[0] == "path_total"}


@pytest.mark.parametrize(
    ("table", "numeric_ids", "claim"),
    [
        ("| Place | Links at it |\n|---|---|\n| Lyon | 3 links |", False, ("degree", {L}, 3)),
        ("| The node | How many edges |\n|---|---|\n| Kyoto | one |", False, ("degree", {K}, 1)),
        ("| Picked node | How many neighbours |\n|---|---|\n| 1 | 3 |", True, ("degree", {L}, 3)),
        ("| Link | Weight |\n|---|---|\n| Paris ⟺ Lyon | 7 |", False, ("edge_weight", {P, L}, 7)),
        ("| Link | Weight |\n|---|---|\n| (Paris; Lyon) | 7 |", False, ("edge_weight", {P, L}, 7)),
        ("| A | B | Weight |\n|---|---|---|\n| Paris | Lyon | cost: 7 |", False,
         ("edge_weight", {P, L}, 7)),
        ("| Goal | Best cost (Paris is source) |\n|---|---|\n| ⇒ Kyoto | 15 (done) |", False,
         ("distance", {P, K}, 15)),
        ("| Where | Lowest cost from Paris |\n|---|---|\n| to Kyoto | 15 |", False,
         ("distance", {P, K}, 15)),
    ],
)  # fmt: skip
def test_round11_a_table_cell_states_its_one_number_whatever_surrounds_it(
    table: str, numeric_ids: bool, claim: tuple[str, set[str], int]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(table, numeric_ids)


@pytest.mark.parametrize(
    "row",
    ["| Lyon | 3 (or 4?) |", "| Lyon | 3 (not sure) |", "| Lyon | 3, 4 |", "| Lyon | ≥ 3 |"],
)
def test_round11_a_table_cell_with_doubt_or_two_numbers_states_no_value(row: str) -> None:
    assert not {c for c in _read("| Node | Degree |\n|---|---|\n" + row) if c[0] == "degree"}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Pair [Lyon; Kyoto]: an edge, yes.", False, ("edge", {L, K}, None)),
        ("(Paris; Kyoto) → no edge there", False, ("non_edge", {P, K}, None)),
        ("verify Paris ~> Lyon: found in E ✔", False, ("edge", {P, L}, None)),
        ("verify 3 → 0: missing from the edge list ✘", True, ("non_edge", {P, K}, None)),
        ("Kyoto → Paris: absent, no edge ✘", False, ("non_edge", {P, K}, None)),
        ("graph.get(Paris).has(Lyon); // yes", False, ("edge", {P, L}, None)),
        ("adj.get(3).includes(0);  // false", True, ("non_edge", {P, K}, None)),
    ],
)
def test_round11_a_pair_tested_and_its_verdict_in_any_notation(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


@pytest.mark.parametrize(
    "text",
    [
        "if (adj.get(Paris).has(Kyoto)) { return; }",
        "check Paris and Kyoto; the edge is next",
        "while (!seen.has(Kyoto)); // loop",
    ],
)
def test_round11_a_pair_tested_without_a_verdict_states_no_edge(text: str) -> None:
    assert not {c for c in _read(text) if c[0] in ("edge", "non_edge")}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "head", "items"),
    [
        ("Lyon borders just Paris and New York (nobody else).", False, L, {P, N}),
        ("Saint-Denis links to Paris and Lyon alone", False, S, {P, L}),
        ("The full adjacency of node 1 is node 3, node 2", True, L, {P, N}),
        ("nbr_list = [Paris, New York];  # each and every neighbour of Lyon", False, L, {P, N}),
        ("let out = [3, 2]; // every neighbour of 1", True, L, {P, N}),
        ("1 ⇒ 3, 2   // i.e. every neighbour", True, L, {P, N}),
        ("- Lyon's neighbours: {Paris, New York}, nothing omitted", False, L, {P, N}),
    ],
)
def test_round11_a_neighbour_list_said_complete_wherever_and_however_the_marker_stands(
    text: str, numeric_ids: bool, head: str, items: set[str]
) -> None:
    read = _read(text, numeric_ids)
    assert ("neighbours", frozenset({head, *items}), None) in read
    assert not {c for c in read if c[0] == "degree"}


@pytest.mark.parametrize(
    "text",
    [
        "Only Lyon is linked to Paris.",
        "Every neighbour of Lyon has degree 2.",
        "Lyon touches Paris and New York, maybe more.",
    ],
)
def test_round11_completeness_not_said_of_a_list_reads_no_neighbour_list(text: str) -> None:
    assert not {c for c in _read(text) if c[0] == "neighbours"}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("minHops(Paris, Kyoto)  // 3", False, ("hops", {P, K}, 3)),
        ("edgeWeight(Paris, Lyon) # 7", False, ("edge_weight", {P, L}, 7)),
        ("bellmanFordLength(Paris, Kyoto)  # 15", False, ("distance", {P, K}, 15)),
        ("sp_len[3][0] ← 15  ◁ after Dijkstra", True, ("distance", {P, K}, 15)),
        ("johnson_result(3, 0)  // 15", True, ("distance", {P, K}, 15)),
        ("fewestHops(3, 0)   // 3", True, ("hops", {P, K}, 3)),
    ],
)
def test_round11_a_call_on_two_names_and_its_value_in_a_comment_or_after_the_run(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int]
) -> None:
    kind, nodes, value = claim
    read = _read(text, numeric_ids)
    assert (kind, frozenset(nodes), value) in read
    if kind != "edge_weight":  # a route's value: no edge between its ends
        assert ("edge", frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("DIST[Paris, Kyoto] ← 15  ▷ after the first relaxation", False),
        ("sp_len[3][0] ← 15  ◁ after Dijkstra's pop of 2", True),
        ("Paris and Kyoto are linked after all? No.", False),
    ],
)
def test_round11_a_value_during_the_run_or_after_all_is_no_final_distance(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] in ("distance", "hops")}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Then Paris and Kyoto. Their shortest distance comes to 15.", False,
         ("distance", {P, K}, 15)),
        ("Now node 3 to node 0. Fewest hops: three.", True, ("hops", {P, K}, 3)),
        ("Next, Lyon & Paris. That edge weighs 7.", False, ("edge_weight", {P, L}, 7)),
        ("Now Kyoto. It has degree 1.", False, ("degree", {K}, 1)),
        ("Valency of Lyon? Tallying its edges gives 3.", False, ("degree", {L}, 3)),
        ("Weight on Paris–Lyon? Reading the input: 7.", False, ("edge_weight", {P, L}, 7)),
        ("Degree of node 1? By my count, three.", True, ("degree", {L}, 3)),
    ],
)  # fmt: skip
def test_round11_a_topic_or_a_question_in_one_sentence_its_value_in_the_next(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int]
) -> None:
    kind, nodes, value = claim
    read = _read(text, numeric_ids)
    assert (kind, frozenset(nodes), value) in read
    if kind in ("distance", "hops"):
        assert ("edge", frozenset(nodes), None) not in read


@pytest.mark.parametrize(
    "text",
    [
        "Degree of Lyon? Perhaps 3.",
        "Degree of Lyon? Not 3.",
        "Degree of Lyon? Paris has 3.",
        "Now Paris and Kyoto. Their shortest distance is at least 15.",
        "Then Paris and Kyoto. Maybe the shortest distance is 15.",
    ],
)
def test_round11_an_answer_or_a_follow_up_with_doubt_states_no_value(text: str) -> None:
    assert not {c for c in _read(text) if c[2] is not None}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Radius-2 ball at Paris (itself excluded): Lyon, Saint-Denis, New York", False,
         ("within_hops", {P, L, S, N}, 2)),
        ("Up to 2 hops of node 3, the others are precisely node 1, node 4, node 2", True,
         ("within_hops", {P, L, S, N}, 2)),
        ("BFS out of Paris, depth 1. Found, not counting Paris: Lyon, Saint-Denis.", False,
         ("within_hops", {P, L, S}, 1)),
        ("Peeled with k = 2. Survivors: Paris, Lyon, Saint-Denis.", False,
         ("k_core", {P, L, S}, 2)),
        ("Peeling for k = 2. What stays: {3, 1, 4}.", True, ("k_core", {P, L, S}, 2)),
        ("Any two of Paris, Lyon and Saint-Denis share an edge, so jointly they form a triangle.",
         False, ("clique", {P, L, S}, None)),
    ],
)  # fmt: skip
def test_round11_a_set_head_with_its_k_or_radius_and_its_list_in_any_sentence(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    "text",
    [
        "BFS out of Paris: Lyon at depth 1, New York at depth 2.",
        "BFS out of Paris, depth 2. Maybe: Lyon, Saint-Denis.",
        "Peeled with k = 2. Not yet: Paris, Lyon.",
    ],
)
def test_round11_a_depth_said_of_one_node_or_a_doubted_list_is_no_set(text: str) -> None:
    assert not {c for c in _read(text) if c[0] in ("within_hops", "k_core")}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("$\\lvert \\delta(Lyon) \\rvert = 3$, i.e. the lines touching Lyon", False,
         ("degree", {L}, 3)),
        ("$\\operatorname{deg}\\;2 = 2$", True, ("degree", {N}, 2)),
        ("$\\text{deg}\\,3 = 2$ (node 3)", True, ("degree", {P}, 2)),
        ("$\\sigma(Paris, Kyoto) = 3$ edges, unweighted", False, ("hops", {P, K}, 3)),
    ],
)  # fmt: skip
def test_round11_latex_a_function_closed_by_its_group_a_node_named_twice_an_unweighted_count(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Kyoto is three edges away from Paris if you ignore the weights.", False,
         ("hops", {P, K}, 3)),
        ("Reaching Kyoto from Paris costs 15, and nothing is cheaper.", False,
         ("distance", {P, K}, 15)),
        ("dist_to(0) == 15  # from 3, settled", True, ("distance", {P, K}, 15)),
        ("hops(0) ← 3  ◁ search rooted at 3", True, ("hops", {P, K}, 3)),
        ("from Lyon, Kyoto settles at 8", False, ("distance", {L, K}, 8)),
    ],
)  # fmt: skip
def test_round11_a_condition_or_remark_naming_the_measure_or_finality_keeps_the_claim(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Kyoto is 3 edges away from Paris if Lyon is removed.", False),
        ("Paris to Kyoto is not 15, and no route is cheaper.", False),
        ("dist_to(0) == 15  # from 3, tentative", True),
    ],
)
def test_round11_a_real_supposition_negation_or_state_beside_them_still_refuses(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] in ("distance", "hops")}


def test_round11_a_negation_of_another_set_after_a_pair_is_no_non_edge() -> None:
    for text in ("Paris -> Lyon: not in the spanning tree", "Edge Paris–Lyon is not on the path."):
        read = _read(text)
        assert ("non_edge", frozenset({P, L}), None) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("$\\{3,\\ 1\\} \\in E$", ("edge", {P, L}, None)),
        ("$\\{3,\\qquad 0\\} \\notin E$", ("non_edge", {P, K}, None)),
        ("- couple [1; 2]: an edge, yes", ("edge", {L, N}, None)),
        ("(3; 0) — no edge", ("non_edge", {P, K}, None)),
    ],
)
def test_round11_numeric_ids_in_a_pair_joined_by_latex_spacing_or_a_semicolon(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, True, claim)


def test_round11_a_semicolon_outside_brackets_joins_no_ids() -> None:
    assert not {c for c in _read("seen = 3; 0 left in the queue of edges", True) if c[1]}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "pair"),
    [
        ("That edge, between Paris and Lyon, bears the label 7.", False, {P, L}),
        ("The edge linking node 3 with node 1 got tagged 7", True, {P, L}),
    ],
)
def test_round11_the_one_number_said_of_a_definite_edge_is_its_weight(
    text: str, numeric_ids: bool, pair: set[str]
) -> None:
    assert ("edge_weight", frozenset(pair), 7) in _read(text, numeric_ids)


def test_round11_a_definite_edge_beside_a_degree_has_no_weight() -> None:
    assert not {c for c in _read("The edge linking Paris and Lyon gives Lyon degree 3") if
                c[0] == "edge_weight"}  # fmt: skip


# Round 12 tuning (round 11): precision classes, each in wording no list holds.


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("In case Kyoto and Paris are adjacent, we add one to the tally.", False),
        ("Provided that Kyoto is adjacent to Paris, the bound is 3.", False),
        ("As long as 0 and 3 are joined, the count rises.", True),
        ("On condition that Kyoto connects to Paris, it closes a triangle.", False),
        ("Whenever node 0 is adjacent to node 3 the answer changes.", True),
    ],
)
def test_round12_a_condition_opened_by_a_subordinator_other_than_if_states_no_edge(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] in ("edge", "edge_weight")}


@pytest.mark.parametrize(
    "text",
    ["nbrs[1] = (3, 2, 4)  # Lyon's neighbours as a tuple", "N[1] := (3, 2, 4)"],
)
def test_round12_a_tuple_assigned_to_one_nodes_key_is_no_weighted_edge(text: str) -> None:
    read = _read(text, numeric_ids=True)
    assert ("edge", frozenset({P, N}), None) not in read  # not (3, 2) with weight 4
    assert not {c for c in read if c[0] == "edge_weight"}


def test_round12_a_weighted_triple_not_keyed_by_a_node_is_still_an_edge() -> None:
    assert ("edge_weight", frozenset({P, L}), 7) in _read("edges = [(3, 1, 7)]", True)


# A table column whose header names no known measure: its kind by agreement with the graph.
# small_graph's degrees: Lyon 3, Paris 2, Saint-Denis 2, New York 2, Kyoto 1.


def _table(text: str, numeric_ids: bool = False) -> set[tuple[str, frozenset[str], int | None]]:
    graph = small_graph()
    names = NodeNames(graph, numeric_ids)
    return {(c.kind, frozenset(c.nodes), c.value) for c in extract_claims(text, names, graph=graph)}


def test_round12_a_column_of_unknown_header_is_read_as_the_measure_its_cells_agree_on() -> None:
    text = ("| City | Score |\n| --- | --- |\n| Lyon | 3 |\n| Paris | 2 |\n| Kyoto | 1 |\n"
            "| New York | 4 |\n")  # fmt: skip
    read = _table(text)
    assert ("degree", frozenset({L}), 3) in read and ("degree", frozenset({N}), 4) in read
    assert not _read(text) & {("degree", frozenset({N}), 4)}  # without the graph: not read


@pytest.mark.parametrize(
    ("rows", "claim"),
    [  # distances: Paris-New York 9, Kyoto-Lyon 8, Kyoto-Paris 14, Saint-Denis-New York 7
        ("| Paris / New York | figure 9 |\n| Kyoto / Lyon | figure 8 |\n"
         "| Kyoto / Paris | figure 14 |\n| Saint-Denis / New York | figure 6 |\n",
         ("distance", {S, N}, 6)),
        ("| Paris / New York | figure 2 |\n| Kyoto / Lyon | figure 2 |\n"
         "| Kyoto / Paris | figure 3 |\n| Saint-Denis / New York | figure 3 |\n",
         ("hops", {S, N}, 3)),
    ],
)  # fmt: skip
def test_round12_a_pair_column_of_unknown_header_agreeing_on_distances_or_hops(
    rows: str, claim: tuple[str, set[str], int]
) -> None:
    kind, pair, value = claim
    assert (kind, frozenset(pair), value) in _table("| Link | Figure |\n| --- | --- |\n" + rows)


def test_round12_edge_weights_equal_to_their_distances_are_no_clear_agreement() -> None:
    text = ("| Link | Figure |\n| --- | --- |\n| Kyoto / New York | 5 |\n| Lyon / New York | 3 |\n"
            "| Paris / Saint-Denis | 2 |\n| Saint-Denis / Lyon | 9 |\n")  # fmt: skip
    assert not {c for c in _table(text) if c[0] in ("edge_weight", "distance")}


@pytest.mark.parametrize(
    "rows",
    [
        "| Lyon | 3 |\n| Paris | 5 |\n| Kyoto | 4 |\n| New York | 1 |\n",  # one row agrees
        "| Lyon | 3 |\n| Paris | 2 |\n",  # too few rows
        "| Lyon | about 3 |\n| Paris | maybe 2 |\n| Kyoto | 1 or 2 |\n| New York | 9 |\n",
    ],
)
def test_round12_a_column_without_clear_agreement_or_hedged_reads_nothing(rows: str) -> None:
    read = _table("| Place | Mark |\n| --- | --- |\n" + rows)
    assert not {c for c in read if c[0] in ("degree", "node_weight", "distance", "hops")}


def test_round12_a_node_cell_with_a_label_and_a_header_naming_the_source() -> None:
    text = "| Stop | dist(Paris, stop) |\n| --- | --- |\n| w=Lyon | λ = 6 |\n| w=Kyoto | λ = 14 |\n"
    read = _table(text)
    assert ("distance", frozenset({P, L}), 6) in read
    assert ("distance", frozenset({P, K}), 14) in read


def test_round12_where_a_weight_was_read_from_is_no_distance_source() -> None:
    text = "| Edge | Weight (from the prompt) |\n| --- | --- |\n| Paris & Lyon | w 7 |\n"
    assert ("edge_weight", frozenset({P, L}), 7) in _table(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("\\begin{align*} \\delta(Kyoto, Lyon) &= 8 \\end{align*}", ("distance", {K, L}, 8)),
        ("$$ \\delta(Paris, Kyoto) &= 14 $$", ("distance", {P, K}, 14)),
        ("$$\\begin{aligned} \\delta(Lyon, Kyoto) &= 8 \\end{aligned}$$", ("distance", {L, K}, 8)),
    ],
)
def test_round12_latex_layout_an_environment_and_an_alignment_mark_are_notation(
    text: str, claim: tuple[str, set[str], int]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("I'll test Kyoto against Paris. Not adjacent, it turns out.", ("non_edge", {K, P}, None)),
        ("Let's compare Lyon with New York. An edge, indeed.", ("edge", {L, N}, None)),
        ("Now let me trace from Kyoto. Lyon turns up 2 hops out.", ("hops", {K, L}, 2)),
    ],
)
def test_round12_a_plan_naming_its_topic_and_the_sentence_after_it_read_as_one_clause(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Let me look at Kyoto and Paris. I'd guess they share an edge.",
        "Let's compare Lyon with New York. Is there an edge?",
        "Let me look at Kyoto and Paris.",
    ],
)
def test_round12_a_plan_followed_by_a_guess_a_question_or_nothing_states_no_edge(
    text: str,
) -> None:
    assert not {c for c in _read(text) if c[0] in ("edge", "non_edge")}


def test_round12_both_before_the_clauses_only_two_names_is_no_quantifier() -> None:
    read = _read("Both Paris and Lyon sit on one edge row: linked.")
    assert ("edge", frozenset({P, L}), None) in read
    assert ("non_edge", frozenset({K, L}), None) in _read("Both 0 and 1: not adjacent.", True)
    assert not _read("Both Paris and Lyon hold degree 2 or more.")


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Kyoto, which I nearly skipped, connects to New York.", False, ("edge", {K, N}, None)),
        ("node 0, whose row I misread, is adjacent to node 2.", True, ("edge", {K, N}, None)),
        ("Lyon, which I had almost forgotten, has degree 3.", False, ("degree", {L}, 3)),
    ],
)
def test_round12_a_relative_clause_remark_naming_no_node_does_not_govern_the_clause(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Valency check, Saint-Denis: 2", ("degree", {S}, 2)),
        ("**Valency check — Saint-Denis:** 2", ("degree", {S}, 2)),
        ("Hop-count check, Kyoto to Lyon: two.", ("hops", {K, L}, 2)),
    ],
)
def test_round12_a_check_whose_label_ends_in_one_value_is_a_result(
    text: str, claim: tuple[str, set[str], int]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


def test_round12_a_planned_check_with_a_value_and_more_after_it_is_still_a_plan() -> None:
    assert not _read("I will test the valency of Saint-Denis: 2 or 3, later")


def test_round12_an_arrow_after_a_membership_test_is_no_completeness_marker() -> None:
    read = _read("nbrs.get(Lyon).contains(Paris) /* => true */")
    assert ("edge", frozenset({L, P}), None) in read
    assert not {c for c in read if c[0] == "neighbours"}  # Lyon has other neighbours


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("graph.adj.get(Lyon)?.has(New York)  // true", ("edge", {L, N}, None)),
        ("nbrMap.get(Kyoto)?.contains(Paris)  // false", ("non_edge", {K, P}, None)),
    ],
)
def test_round12_optional_chaining_in_code_is_no_question(
    text: str, claim: tuple[str, set[str], None]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("len(adjacency[Kyoto])  # 1", False, ("degree", {K}, 1)),
        ("adjacency[Lyon].length  // 3", False, ("degree", {L}, 3)),
        ("adjList[2].size() // 2", True, ("degree", {N}, 2)),
    ],
)
def test_round12_the_size_of_a_nodes_neighbour_container_is_its_degree(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_round12_the_size_of_another_container_is_no_degree() -> None:
    assert not _read("route[Kyoto].length // 3") and not _read("len(dist[Kyoto]) == 3")


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("getCost(Kyoto, New York)  # 5", False, ("edge_weight", {K, N}, 5)),
        ("getEdgeWeight(3, 4) // gives 2", True, ("edge_weight", {P, S}, 2)),
    ],
)
def test_round12_an_accessors_verb_in_a_called_name_is_no_route_word(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Lightest route Kyoto to Lyon? It takes 8.", ("distance", {K, L}, 8)),
        ("Valency of Lyon? Three, no more.", ("degree", {L}, 3)),
    ],
)
def test_round12_a_value_answer_led_by_it_and_a_verb_or_followed_by_a_remark(
    text: str, claim: tuple[str, set[str], int]
) -> None:
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text", ["Valency of Lyon? Three, we reckon.", "Valency of Lyon? Three, maybe four."]
)
def test_round12_a_value_answer_with_a_hedging_remark_states_nothing(text: str) -> None:
    assert not _read(text)


# Round 12 tuned on for precision (round 13): the classes of its false claims.


def test_round13_an_ambiguous_header_is_decided_by_agreement_with_the_graph() -> None:
    degrees = ("| x | d_x |\n| --- | --- |\n| Lyon | = 3 |\n| Paris | val 2 |\n"
               "| Kyoto | 1 |\n| New York | 4 |\n")  # fmt: skip
    read = _table(degrees.replace("d_x", "d(x)")) | _table(degrees)
    assert ("degree", frozenset({L}), 3) in read and ("degree", frozenset({N}), 4) in read
    assert not {c for c in read if c[0] == "distance"}
    distances = "| x | d(x) |\n| --- | --- |\n| Lyon | 9 |\n| Paris | 12 |\n| Kyoto | 6 |\n"
    assert ("distance", frozenset({L}), 9) in _table(distances)  # no agreement: the cue's reading


@pytest.mark.parametrize(
    ("text", "numeric_ids", "pair"),
    [
        ("Adjacent?(Paris, Kyoto) = FALSE", False, {P, K}),
        ("edge_exists(Saint-Denis, Kyoto) = False;", False, {S, K}),
        ("$\\mathrm{adjacent}(Lyon, Kyoto) = \\mathrm{false}$", False, {L, K}),
        ("is_edge(3, 0) == False", True, {P, K}),
        ("nbrs[Kyoto].contains(Paris) /* false */", False, {K, P}),
        ("linked(New York, Paris) => `false`", False, {N, P}),
    ],
)
def test_round13_a_false_value_of_an_edge_test_in_any_notation_is_a_non_edge(
    text: str, numeric_ids: bool, pair: set[str]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, ("non_edge", pair, None))


def test_round13_a_true_value_of_an_edge_test_stays_an_edge() -> None:
    assert ("edge", frozenset({P, L}), None) in _read("LINK?(Paris, Lyon) = TRUE")


@pytest.mark.parametrize(
    ("text", "pair", "value"),
    [
        ("Kyoto ↝ Lyon costs 8", {K, L}, 8),
        ("$\\min_{\\pi:\\, Paris \\rightsquigarrow Kyoto} w(\\pi) = 14$", {P, K}, 14),
    ],
)
def test_round13_a_squiggly_arrow_joins_a_routes_ends_not_an_edge(
    text: str, pair: set[str], value: int
) -> None:
    read = _read(text)
    assert ("distance", frozenset(pair), value) in read
    assert not {c for c in read if c[0] in ("edge", "edge_weight")}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "pair", "value"),
    [
        ("4 ←(2)→ 3", True, {S, P}, 2),
        ("0 <-[5]-> 2", True, {K, N}, 5),
        ("Lyon <-(3)-> New York", False, {L, N}, 3),
    ],
)
def test_round13_a_number_in_brackets_on_a_two_headed_connector_is_its_weight_not_a_node(
    text: str, numeric_ids: bool, pair: set[str], value: int
) -> None:
    read = _read(text, numeric_ids)
    assert ("edge_weight", frozenset(pair), value) in read
    assert {c[1] for c in read if c[0] == "edge"} == {frozenset(pair)}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "subjects"),
    [
        ("Saint-Denis and Paris share an edge with Lyon", False, {S, P}),
        ("Lyon and Kyoto are adjacent to New York", False, {L, K}),
        ("1 and 3 are neighbours of 4", True, {L, P}),
    ],
)
def test_round13_two_subjects_with_an_edge_to_a_third_node_are_no_edge_of_their_own(
    text: str, numeric_ids: bool, subjects: set[str]
) -> None:
    assert ("edge", frozenset(subjects), None) not in _read(text, numeric_ids)


def test_round13_two_subjects_with_an_edge_and_no_third_node_stay_an_edge() -> None:
    assert ("edge", frozenset({P, L}), None) in _read("Paris and Lyon share an edge with weight 7")


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("graph.degree[Paris] + graph.degree[Kyoto] == 3", False),
        ("$\\deg(3) \\cdot \\deg(0) = 2$", True),
        ("w(Paris, Lyon) + w(Lyon, Kyoto) = 12", False),
        ("len(nbrs[Lyon]) - len(nbrs[Kyoto]) == 2", False),
    ],
)
def test_round13_the_value_of_an_arithmetic_expression_is_no_value_of_its_last_term(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[2] is not None}


def test_round13_a_term_alone_keeps_its_value() -> None:
    assert ("degree", frozenset({K}), 1) in _read("- deg(Kyoto) = 1")


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Moving on, the valency of Lyon. Counting, I reach 3.", False, ("degree", {L}, 3)),
        ("Moving on, the valency of node 1. Counting, I reach 3.", True, ("degree", {L}, 3)),
        ("Take Kyoto and Paris. There is no link between them.", False, ("non_edge", {K, P}, None)),
        ("Take Kyoto and New York. The input links them.", False, ("edge", {K, N}, None)),
        ("The BFS is rooted at Paris. New York turns up at depth 3.", False, ("hops", {P, N}, 3)),
        ("The BFS is rooted at node 3. Node 2 turns up at depth 3.", True, ("hops", {P, N}, 3)),
    ],
)
def test_round14_a_topic_sentence_without_a_value_and_its_result_read_as_one_clause(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    "text",
    [
        "Moving on, the valency of Lyon. Maybe 3.",
        "Take Kyoto and Paris. Suppose an edge joined them.",
        "Now at Paris. The least expensive way over to Kyoto comes to a cost of 9.",
    ],
)
def test_round14_a_topic_sentence_before_a_hedge_a_supposition_or_another_node_is_no_edge(
    text: str,
) -> None:
    assert _read(text) == set()


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("| First city | Second city | Cost |\n| --- | --- | --- |\n| Lyon | New York | c: 3 |\n"
         "| Kyoto | New York | c: 5 |\n", False),
        ("| Left | Right | w |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n| 0 | 2 | 5 |\n", True),
        ("| Linked | Weight |\n| --- | --- |\n| Lyon ~~ New York | 3 |\n| Kyoto ∼ New York | 5 |\n",
         False),
        ("| Linked | Weight |\n| --- | --- |\n| node 1 ~> node 2 | 3 |\n| node 0 ~ node 2 | 5 |\n",
         True),
    ],
)  # fmt: skip
def test_round14_a_row_of_two_names_under_a_weight_column_is_an_edge_and_its_weight(
    text: str, numeric_ids: bool
) -> None:
    read = _table(text, numeric_ids)
    assert ("edge_weight", frozenset({L, N}), 3) in read
    assert ("edge_weight", frozenset({K, N}), 5) in read
    assert not {c for c in read if c[0] == "node_weight"}


def test_round14_a_cell_value_with_a_total_remark_is_read() -> None:
    text = "| Node | Degree |\n| --- | --- |\n| Lyon | 3 altogether |\n| Kyoto | one overall |\n"
    read = _table(text)
    assert ("degree", frozenset({L}), 3) in read and ("degree", frozenset({K}), 1) in read


def test_round14_two_name_columns_without_a_weight_column_are_no_edge() -> None:
    text = "| Place | Nearest | Hops |\n| --- | --- | --- |\n| Lyon | Kyoto | 3 |\n"
    assert not {c for c in _table(text) if c[0] in ("edge", "edge_weight")}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Is Lyon adjacent to Kyoto? They aren't.", False, ("non_edge", {L, K}, None)),
        ("Is node 0 linked to node 1? There isn't.", True, ("non_edge", {K, L}, None)),
        ("Do Lyon and Paris share an edge? They do.", False, ("edge", {L, P}, None)),
    ],
)
def test_round14_a_pronoun_and_its_auxiliary_answer_an_edge_question(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


def test_round14_a_pronoun_and_its_auxiliary_with_more_words_answer_nothing() -> None:
    assert _read("Are Lyon and Kyoto linked? It is unclear.") == set()


@pytest.mark.parametrize(
    ("text", "numeric_ids", "node", "value"),
    [
        ("Edges meeting Lyon, counted up: three.", False, L, 3),
        ("▪ 1 — edges at it: 3", True, L, 3),
        ("len([e for e in E if Lyon in e])  # 3", False, L, 3),
        ("sum(1 for e in E if Kyoto in e)  # 1", False, K, 1),
        ("$\\sum_{v} \\mathbf{1}[\\{Kyoto, v\\} \\in E] = 1$", False, K, 1),
        ("collections.Counter(u for e in E for u in e)[1]  # 3", True, L, 3),
    ],
)
def test_round14_the_edges_at_one_node_counted_in_words_or_as_a_sum_of_ones_are_its_degree(
    text: str, numeric_ids: bool, node: str, value: int
) -> None:
    _assert_read(text, numeric_ids, ("degree", {node}, value))


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("* (Paris, Lyon) listed in E", False, ("edge", {P, L}, None)),
        ("◦ (3, 1) absent from E", True, ("non_edge", {P, L}, None)),
    ],
)
def test_round14_a_pair_said_in_or_absent_from_the_edge_set_in_words(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


def test_round14_a_pseudo_code_comment_mark_reads_as_a_comment() -> None:
    read = _read("ADJ(Lyon) := {Paris, New York, Saint-Denis}  ▷ all of them")
    assert ("neighbours", frozenset({L, P, N, S}), None) in read


def test_round14_a_measure_set_against_another_is_no_comparison() -> None:
    read = _read("Counting hops instead of weights, Lyon sits 2 away from Kyoto.")
    assert ("hops", frozenset({L, K}), 2) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Indeed $1 \\leftrightarrow 3$ in $G$.", ("edge", {L, P}, None)),
        ("$4 \\not\\leftrightarrow 0$ (not in E)", ("non_edge", {S, K}, None)),
        ("$$\\min_{Q:\\ 2 \\leadsto 0} c(Q) = 5$$", ("distance", {N, K}, 5)),
        ("$$\\min_{Q:\\ 2 \\rightsquigarrow 0} w(Q) = 5$$", ("distance", {N, K}, 5)),
        ("edgeList.includes([4, 0]) // false", ("non_edge", {S, K}, None)),
        ("edgeMap.has(pair(1, 3)) // true", ("edge", {L, P}, None)),
    ],
)
def test_round14_numeric_ids_joined_by_a_latex_arrow_or_tested_in_an_edge_container(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    read = _read(text, numeric_ids=True)
    assert (claim[0], frozenset(claim[1]), claim[2]) in read
    opposite = {"edge": "non_edge", "non_edge": "edge"}.get(claim[0])
    assert (opposite, frozenset(claim[1]), None) not in read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("const d = dijkstra(graph, Kyoto); d.get(Lyon) // 8", False, ("distance", {K, L}, 8)),
        ("lengths = bfs_levels(G, Paris); lengths[Kyoto]  # 3 hops", False, ("hops", {P, K}, 3)),
        ("dd = shortest_from(G, 4); dd[0]  # 9", True, ("distance", {S, K}, 9)),
    ],
)
def test_round14_a_statement_reading_the_variable_assigned_before_it_continues_it(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("No route cheaper than 9 joins Kyoto and Paris, and 9 is attained.", False,
         ("distance", {K, P}, 9)),
        ("Nothing lighter than 5 links node 2 and node 0, yet 5 is reached.", True,
         ("distance", {N, K}, 5)),
    ],
)  # fmt: skip
def test_round14_a_lower_bound_said_attained_is_the_distance(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_round14_a_bound_attained_by_another_value_states_no_distance() -> None:
    read = _read("No route cheaper than 9 joins Kyoto and Paris, and 10 is attained.")
    assert not {c for c in read if c[0] == "distance"}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "owner", "items"),
    [
        ("$\\Gamma(Lyon) = \\{Paris, New York, Saint-Denis\\}$, complete", False, L, {P, N, S}),
        ("$$\\mathcal{N}_G(Kyoto) &= \\{New York\\} && \\text{(complete)}$$", False, K, {N}),
        ("$\\Gamma_{G}(1) = \\{3, 2, 4\\}$ (that is all)", True, L, {P, N, S}),
        ("Lyon is adjacent to Paris, New York and Saint-Denis: that is the lot.", False, L,
         {P, N, S}),
        ("- Lyon | adj: Paris, New York, Saint-Denis | the whole list", False, L, {P, N, S}),
        ("Take Lyon. Its edges run to Paris, New York and Saint-Denis and nowhere else.", False,
         L, {P, N, S}),
        ("Lyon, in its entirety, borders Paris, New York and Saint-Denis.", False, L, {P, N, S}),
        ("Edges out of Lyon were found to reach Paris, New York and Saint-Denis only.", False, L,
         {P, N, S}),
    ],
)  # fmt: skip
def test_round14_a_complete_neighbour_list_by_a_neighbourhood_function_or_a_remark_after_it(
    text: str, numeric_ids: bool, owner: str, items: set[str]
) -> None:
    read = _read(text, numeric_ids)
    assert {c[1] for c in read if c[0] == "neighbours"} == {frozenset({owner, *items})}
    assert {c[1] for c in read if c[0] == "edge"} == {frozenset({owner, n}) for n in items}


def test_round14_a_clause_led_by_a_possessive_is_no_edge_or_list_of_its_first_name() -> None:
    for text in (
        "Its edges reach Paris, New York and Saint-Denis, nowhere else.",
        "Consider Lyon. Its edges go to Paris, Saint-Denis, and nothing else.",
    ):
        read = _read(text)
        assert not {c for c in read if c[0] == "edge" and L not in c[1]}
        assert not {c for c in read if c[0] == "neighbours" and L not in c[1]}


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("walk.map(weightOf).sum(0) # 12  [Kyoto -> New York -> Lyon]", False),
        ("functools.reduce(plus, legs, 0)  # 12  (0 -> 2 -> 1)", True),
        ("Twelve is the summed cost of the route Kyoto → New York → Lyon.", False),
        ("How long is Kyoto → New York → Lyon in total? 12.", False),
        ("What does the walk node 0 → node 2 → node 1 weigh? 12.", True),
    ],
)
def test_round14_a_routes_total_written_before_it_or_answering_a_question_about_it(
    text: str, numeric_ids: bool
) -> None:
    _assert_read(text, numeric_ids, ("path_total", {K, N, L}, 12))


@pytest.mark.parametrize(
    "text", ["Phase 3: Kyoto → New York → Lyon", "Is Kyoto → New York → Lyon shorter? 12."]
)
def test_round14_a_number_before_a_route_or_after_a_comparison_is_no_total(text: str) -> None:
    assert not {c for c in _read(text) if c[0] == "path_total"}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("How many edges meet Lyon? Three.", False, ("degree", {L}, 3)),
        ("How many neighbours does node 1 have? 3", True, ("degree", {L}, 3)),
        ("How heavy is the edge joining Kyoto and New York? 5.", False,
         ("edge_weight", {K, N}, 5)),
        ("How heavy is the edge 0–2? 5.", True, ("edge_weight", {K, N}, 5)),
    ],
)  # fmt: skip
def test_round14_a_question_answered_at_once_by_a_bare_value_states_it(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_round14_an_edge_question_answered_by_a_number_states_nothing_of_it() -> None:
    assert not {c for c in _read("Is Paris adjacent to Lyon? 3.") if c[0] != "edge"}


def test_round14_a_called_function_named_by_a_plan_verb_is_code_not_a_plan() -> None:
    _assert_read("edge_wt = find(Kyoto, New York);  # == 5", False, ("edge_weight", {K, N}, 5))


def test_round14_an_edge_topic_named_with_its_noun_after_it_is_what_its_pronoun_weighs() -> None:
    read = _read("Then the Kyoto–New York edge. Its recorded weight: 5.")
    assert ("edge_weight", frozenset({K, N}), 5) in read


def test_round14_what_survives_at_a_given_k_is_its_k_core() -> None:
    read = _read("Survivors (k = 2): {Paris, Lyon, Saint-Denis}")
    assert ("k_core", frozenset({P, L, S}), 2) in read


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("Ball of radius 2 around Lyon (root not included): Paris, Kyoto, New York", {P, K, N}),
        ("- radius 1 around Lyon, Lyon omitted: Paris, New York, Saint-Denis", {P, N, S}),
    ],
)
def test_round14_a_balls_centre_said_omitted_or_not_included_is_no_negation(
    text: str, items: set[str]
) -> None:
    read = _read(text)
    assert {c[1] for c in read if c[0] == "within_hops"} == {frozenset({L, *items})}


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("nodes_near = [y for y in ball(Lyon, 1) if y != Lyon]  # [Paris, New York, Saint-Denis]",
         False, ("within_hops", {L, P, N, S}, 1)),
        ("$\\mathrm{ball}(1, 1) \\setminus \\{1\\} = \\{3, 2, 4\\}$", True,
         ("within_hops", {L, P, N, S}, 1)),
        ("sorted(v for v, c in core_numbers(G).items() if c >= 2)  # [1, 3, 4]", True,
         ("k_core", {L, P, S}, 2)),
    ],
)  # fmt: skip
def test_round14_a_ball_called_on_its_centre_and_radius_and_a_core_number_filter(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    "text",
    [
        "- Lyon tallies 3\n- Paris tallies 2\n- Kyoto tallies 2\n- New York tallies 2\n",
        "Lyon: 3; Paris: 2; Kyoto: 2; New York: 2",
        "1. Lyon → 3\n\n2. Paris → 2\n\n3. Kyoto → 2\n\n4. New York → 2\n",
    ],
)
def test_round14_a_run_of_statements_of_one_shape_takes_the_measure_they_agree_on(
    text: str,
) -> None:
    read = _table(text)  # Kyoto's degree is 1: three of four agree on degrees
    assert {c for c in read if c[0] == "degree"} == {
        ("degree", frozenset({L}), 3), ("degree", frozenset({P}), 2),
        ("degree", frozenset({K}), 2), ("degree", frozenset({N}), 2),
    }  # fmt: skip
    assert _read(text) == set()  # without the graph: no agreement, nothing read


def test_round14_a_run_of_pairs_of_one_shape_states_their_edge_weights() -> None:
    read = _table("Lyon ~ Paris = 7\nLyon ~ New York = 9\nParis ~ Saint-Denis = 2\n")
    assert ("edge_weight", frozenset({L, N}), 9) in read
    assert ("edge_weight", frozenset({P, S}), 2) in read


@pytest.mark.parametrize(
    "text",
    [
        "Step 1: Lyon\nStep 2: Paris\nStep 3: Kyoto\n",  # an enumeration
        "Lyon tallies 3\nParis tallies 2\n",  # two rows
        "Lyon tallies 3\nParis tallies 2\nmaybe Kyoto tallies 1\n",  # a hedge breaks the run
        "Lyon scores 9\nParis scores 12\nKyoto scores 6\n",  # no measure agrees
        "Lyon tallies 3\nThe queue holds Paris.\nParis tallies 2\nKyoto tallies 1\n",
    ],
)
def test_round14_no_run_of_one_shape_no_agreement_no_claim(text: str) -> None:
    assert _table(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Lyon ~[1]~> {Paris, New York, Saint-Denis} (Lyon itself left out)",
        "Lyon ==(1)==> [Paris, New York, Saint-Denis], not counting Lyon",
    ],
)
def test_round14_an_arrow_labelled_by_a_radius_from_a_node_to_a_set_is_its_ball(
    text: str,
) -> None:
    read = _read(text)
    assert ("within_hops", frozenset({L, P, N, S}), 1) in read
    assert not {c for c in read if c[0] in ("edge", "edge_weight", "non_edge")}


@pytest.mark.parametrize(
    ("text", "node", "value"),
    [
        ("Let me tally New York's edges. That makes 2 altogether.", N, 2),
        ("I'll go over Lyon's edges. Three, all told.", L, 3),
    ],
)
def test_round14_a_plan_whose_topic_is_a_possessive_and_its_result(
    text: str, node: str, value: int
) -> None:
    _assert_read(text, False, ("degree", {node}, value))


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("node 0 (unlike what I wrote before) is not adjacent to node 1.", True,
         ("non_edge", {K, L}, None)),
        ("Kyoto (contrary to my first reading) is not joined to Lyon.", False,
         ("non_edge", {K, L}, None)),
    ],
)  # fmt: skip
def test_round14_a_concessive_aside_in_brackets_is_no_hedge_on_the_clause(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


def test_round14_a_hedge_in_brackets_still_hedges() -> None:
    assert _read("Kyoto (maybe) is not joined to Lyon.") == set()


def test_round14_a_completeness_remark_after_a_semicolon_closes_the_list() -> None:
    read = _read("Paris's adjacency list reads Lyon, Saint-Denis; nobody else.")
    assert ("neighbours", frozenset({P, L, S}), None) in read


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("$c^{\\ast}(0 \\to 1) = 8$", True),
        ("spd[(Kyoto, Lyon)] = 8  # all pairs matrix", False),
    ],
)
def test_round14_a_starred_function_or_an_all_pairs_table_states_a_distance(
    text: str, numeric_ids: bool
) -> None:
    _assert_read(text, numeric_ids, ("distance", {K, L}, 8))


@pytest.mark.parametrize(
    ("text", "numeric_ids", "owner", "items"),
    [
        ("Kyoto's neighbour list shows New York; nothing more.", False, K, {N}),
        ("Lyon ⟼ ⟨Paris, New York, Saint-Denis⟩, no others", False, L, {P, N, S}),
        ("Lyon's neighbours, every single one: Paris, New York, Saint-Denis", False, L,
         {P, N, S}),
        ("1) 4's neighbours, every one: 3", True, S, {P}),
    ],
)  # fmt: skip
def test_round14_a_list_said_whole_after_it_or_mapped_to_in_angle_brackets(
    text: str, numeric_ids: bool, owner: str, items: set[str]
) -> None:
    read = _read(text, numeric_ids)
    assert {c[1] for c in read if c[0] == "neighbours"} == {frozenset({owner, *items})}
    assert not {c for c in read if c[0] == "degree"}  # "every one: 3" lists, it counts nothing


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("I'll do BFS from Lyon to depth 1. Besides Lyon, that yields {Paris, New York, "
         "Saint-Denis}.", ("within_hops", {L, P, N, S}, 1)),
        ("$N_{\\le 1}(Lyon) = \\{Paris, New York, Saint-Denis\\}$ (Lyon excluded)",
         ("within_hops", {L, P, N, S}, 1)),
        ("- what 2-peeling keeps: Paris, Lyon, Saint-Denis", ("k_core", {P, L, S}, 2)),
    ],
)  # fmt: skip
def test_round14_a_ball_by_its_depth_or_bounded_neighbourhood_and_a_core_by_its_peeling(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round14_the_nodes_said_no_more_than_k_hops_away_are_a_ball() -> None:
    text = "Lyon aside, Paris, New York, Saint-Denis are the vertices no more than 1 hop from it."
    assert ("within_hops", frozenset({L, P, N, S}), 1) in _read(text)
    assert _read("No nodes are no more than 2 hops from Lyon.") == set()


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Kyoto sits within 3 hops of Paris.", False),
        ("node 1 is no more than 2 hops from node 3.", True),
    ],
)
def test_round14_one_node_within_a_bound_of_another_is_no_ball(
    text: str, numeric_ids: bool
) -> None:
    assert not {c for c in _read(text, numeric_ids) if c[0] == "within_hops"}


def test_round14_several_nodes_within_a_bound_of_another_stay_a_ball() -> None:
    read = _read("Lyon and Saint-Denis are both within 1 hop of Paris.")
    assert ("within_hops", frozenset({P, L, S}), 1) in read


@pytest.mark.parametrize(
    "text",
    [
        "theorem t : ¬ G.Adj Kyoto Paris := by simp",
        "lemma no_link : ¬ (Kyoto ~ Paris) := rfl",
        "$\\neg\\, \\mathrm{Adj}(Kyoto, Paris)$",
    ],
)
def test_round15_a_logic_negation_sign_makes_an_adjacency_a_non_edge(text: str) -> None:
    _assert_read_and_not_its_opposite(text, False, ("non_edge", {K, P}, None))


def test_round15_a_proof_after_a_definition_sign_is_no_neighbour_list() -> None:
    read = _read("theorem t : G.Adj Lyon Paris := by norm_num")
    assert ("edge", frozenset({L, P}), None) in read
    assert not {c for c in read if c[0] == "neighbours"}


@pytest.mark.parametrize(
    "text",
    [
        "Conjecture: Paris and Kyoto lie on one triangle.",
        "- To verify: Lyon is linked to Kyoto.",
        "Working hypothesis, unchecked: Kyoto -- Saint-Denis is an edge.",
    ],
)
def test_round15_a_line_headed_as_a_hypothesis_states_nothing(text: str) -> None:
    assert _read(text) == set()


@pytest.mark.parametrize(
    "text",
    ["?- link(Kyoto, Paris).  no.", "?- adjacent('Kyoto', 'Paris').   false."],
)
def test_round15_a_query_answered_false_is_a_non_edge(text: str) -> None:
    _assert_read_and_not_its_opposite(text, False, ("non_edge", {K, P}, None))


def test_round15_a_query_answered_true_stays_an_edge() -> None:
    _assert_read_and_not_its_opposite("?- link(Lyon, Paris).  true.", False, ("edge", {L, P}, None))


@pytest.mark.parametrize(
    "text",
    [
        "SELECT cost FROM roads WHERE a = 3 AND b = 1;  -- 0",
        "local n = count(1);  -- 0 here",
    ],
)
def test_round15_a_dash_pair_after_a_statement_end_is_a_comment_not_an_edge(text: str) -> None:
    assert ("edge", frozenset({L, K}), None) not in _read(text, True)


@pytest.mark.parametrize(
    "text",
    [
        "$\\min_Q \\lvert E(Q) \\rvert = 3$ across all $Kyoto$–$Paris$ walks",
        "igraph::distances(g, 'Kyoto', Paris, weights = NA)  # 3",
        "shortest(G, Kyoto, Paris, weighted = FALSE) -> 3",
    ],
)
def test_round15_an_edge_count_or_weights_switched_off_is_a_hop_count(text: str) -> None:
    read = _read(text)
    assert ("hops", frozenset({K, P}), 3) in read
    assert ("distance", frozenset({K, P}), 3) not in read


@pytest.mark.parametrize(
    "text", ["$$ d_{G,w}(Kyoto, Paris) = 12 $$", "$\\delta_{G,c}(Kyoto, Paris) = 12$"]
)
def test_round15_a_name_inside_a_functions_subscript_is_no_call_of_its_own(text: str) -> None:
    assert ("edge_weight", frozenset({K, P}), 12) not in _read(text)


@pytest.mark.parametrize(
    "text", ["d[2] == 9; // after running dijkstra from 4", "dist[2] = 9  # sssp out of src 4"]
)
def test_round15_a_search_source_named_in_a_trailing_comment_is_the_distances_source(
    text: str,
) -> None:
    read = _read(text, True)
    assert ("distance", frozenset({N, S}), 9) in read
    assert ("distance", frozenset({N}), 9) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("$$Lyon \\xleftrightarrow{E(G)} Paris$$", ("edge", {L, P}, None)),
        ("Here $Paris \\xleftrightarrow{} Saint-Denis$.", ("edge", {P, S}, None)),
        ("$$Kyoto \\not\\xleftrightarrow{\\,E\\,} Paris$$", ("non_edge", {K, P}, None)),
    ],
)
def test_round16_a_labelled_latex_double_arrow_is_an_edge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("$\\mathbf{1}_{E}(Lyon, Paris) = 1$", ("edge", {L, P}, None)),
        ("so $\\mathbb 1_E(Kyoto, Paris)=0$.", ("non_edge", {K, P}, None)),
    ],
)
def test_round16_an_edge_indicator_of_one_or_zero_is_an_edge_or_a_non_edge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    "text",
    [
        "$$ y \\sim Paris \\iff y \\in \\{Lyon, Saint-Denis\\} $$",
        "$\\operatorname{nbhd}(Paris) = \\{Lyon, Saint-Denis\\}$ (all of them)",
    ],
)
def test_round16_a_latex_neighbourhood_set_is_the_neighbour_list(text: str) -> None:
    assert ("neighbours", frozenset({P, L, S}), None) in _read(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("MATCH (s {id: Lyon})--(t {id: Paris}) RETURN s, t  // 1 row: the edge is there",
         ("edge", {L, P}, None)),
        ("MATCH (p {id: 'Kyoto'})--(q {id: Paris}) RETURN p, q  # 0 rows: no such edge",
         ("non_edge", {K, P}, None)),
    ],
)  # fmt: skip
def test_round16_a_graph_query_for_a_pair_with_its_row_count_is_an_edge_or_not(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


def test_round16_a_graph_query_for_a_nodes_neighbours_with_its_rows_is_the_list() -> None:
    read = _read("MATCH ({id: Lyon})--(m) RETURN m.name  // Paris, New York, Saint-Denis, all")
    assert ("neighbours", frozenset({L, P, N, S}), None) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("SELECT count(*) FROM graph_edges WHERE (u, v) IN ((Lyon, Paris), (Paris, Lyon)); -- 1",
         ("edge", {L, P}, None)),
        ("SELECT COUNT(*) FROM graph_edges WHERE (u, v) IN ((Kyoto, Paris), (Paris, Kyoto)); -- 0",
         ("non_edge", {K, P}, None)),
    ],
)  # fmt: skip
def test_round16_a_count_of_a_pairs_rows_either_way_round_is_an_edge_or_not(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (
            "SELECT w FROM graph_edges WHERE u = Lyon AND v = Paris;  -- 7",
            ("edge_weight", {L, P}, 7),
        ),
        ("SELECT COUNT(*) FROM graph_edges WHERE Lyon IN (u, v);  -- 3", ("degree", {L}, 3)),
    ],
)
def test_round16_a_sql_comment_after_the_statement_is_its_value(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("graph.lookup_edge(Lyon, Paris).is_some()  # True", False, ("edge", {L, P}, None)),
        ("let e = g.find_edge(0, 3).is_none();  // true", True, ("non_edge", {K, P}, None)),
    ],
)
def test_round16_a_lookup_of_an_edge_and_whether_it_found_one_is_an_edge_or_not(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


def test_round16_a_lookup_of_an_edge_said_not_none_is_left_unread() -> None:
    assert not {
        c for c in _read("g.find_edge(Lyon, Paris).is_none()  // false") if c[0] == "non_edge"
    }


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("adj.hasEdge(Lyon, Kyoto) // Java: false", ("non_edge", {L, K}, None)),
        ("(member? (nbrs Paris) Kyoto) ;; -> false, not adjacent", ("non_edge", {P, K}, None)),
    ],
)
def test_round17_code_verdicts_a_false_verdict_after_a_label_or_before_a_remark_is_a_non_edge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


def test_round17_code_verdicts_a_true_verdict_with_a_denying_remark_is_left_unread() -> None:
    assert not _read("adj.hasEdge(Lyon, Paris) // Java: true, no edge")


@pytest.mark.parametrize(
    "text",
    [
        "$\\delta(Paris, Kyoto) = 15$ (weighted)",
        "$d(Paris, Kyoto) = 15$, weighted",
        "sp(Paris, Kyoto) = 15  (weighted)",
    ],
)
def test_round17_weighted_distances_a_distance_call_said_weighted_is_no_edge_weight(
    text: str,
) -> None:
    assert _read(text) == {("distance", frozenset({P, K}), 15)}


def test_round17_distance_arrays_an_initialised_array_states_no_distance() -> None:
    assert not _read("d = [inf] * n; d[Lyon] = 0")


def test_round17_distance_arrays_a_source_named_after_a_remark_is_the_source() -> None:
    assert _read("dist[Lyon] = 7  # settled, source Paris") == {("distance", frozenset({L, P}), 7)}


@pytest.mark.parametrize("text", ["so deg 3 → 2", "**Distance 0 → 2** — *4*"])
def test_round17_numeric_measures_an_id_mapped_to_its_value_is_no_edge(text: str) -> None:
    assert not {c for c in _read(text, numeric_ids=True) if c[0] == "edge"}


def test_round17_tree_lists_a_branch_mark_is_no_value() -> None:
    read = _read("├── 1's neighbours (complete): 2", numeric_ids=True)
    assert not {c for c in read if c[0] == "degree"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("so $Lyon \\frown Saint-Denis$, fine", ("edge", {L, S}, None)),
        ("$Kyoto \\not\\frown Paris$ \\checkmark", ("non_edge", {K, P}, None)),
        ("$Paris \\mathrel{\\sim_G} Lyon$ (true)", ("edge", {P, L}, None)),
        ("$Kyoto \\not\\mathrel{\\sim_G} Lyon$", ("non_edge", {K, L}, None)),
    ],
)
def test_round17_latex_relations_frown_and_a_graphs_sim_are_adjacency(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


def test_round17_latex_relations_a_set_builder_of_a_nodes_adjacent_is_its_neighbourhood() -> None:
    assert ("neighbours", frozenset({K, N}), None) in _read(
        "$\\{y : y \\frown Kyoto\\} = \\{New York\\}$"
    )


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("traversal.V(Lyon).both().count()  -> 3", False, ("degree", {L}, 3)),
        ("g.V(3).both().hasId(0).hasNext()  # false", True, ("non_edge", {P, K}, None)),
        ("g.V(Paris).both().hasId(Saint-Denis).hasNext()  # true", False, ("edge", {P, S}, None)),
        ("In [12]: nx.degree(G, Lyon)    Out[12]: 3", False, ("degree", {L}, 3)),
        ("nbrs |> Map.fetch!(Lyon) |> Enum.count()  # 3", False, ("degree", {L}, 3)),
    ],
)
def test_round17_code_idioms_traversals_sessions_and_pipes_are_read(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Looking more closely, it turns out Kyoto borders New York.", ("edge", {K, N}, None)),
        ("Let me verify: Paris and Kyoto are not neighbours.", ("non_edge", {P, K}, None)),
        ("New York abuts Lyon.", ("edge", {N, L}, None)),
        ("Saint-Denis does not abut Kyoto.", ("non_edge", {S, K}, None)),
    ],
)
def test_round17_result_leads_and_abut_state_an_edge_or_none(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "owner", "items"),
    [
        ("Fan-out of Paris: Lyon and Saint-Denis, everybody.", False, P, {L, S}),
        ("The spokes from Lyon go to Paris, New York and Saint-Denis. Nothing else.", False, L,
         {P, N, S}),
        ("No one but Lyon and Kyoto touches New York.", False, N, {L, K}),
        ("New York is wired to Lyon and Kyoto, and to no one else.", False, N, {L, K}),
        ("vi. Lyon → Paris, New York, Saint-Denis (all)", False, L, {P, N, S}),
        ("ii. 1 ⇒ 2, 3, 4 (exhaustive)", True, L, {P, N, S}),
    ],
)  # fmt: skip
def test_round17_neighbour_lists_fan_out_spokes_nobody_but_and_mapped_lists_are_complete(
    text: str, numeric_ids: bool, owner: str, items: set[str]
) -> None:
    _assert_read(text, numeric_ids, ("neighbours", {owner, *items}, None))


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Counting Saint-Denis: 2 spokes, i.e. degree 2.", False, ("degree", {S}, 2)),
        ("Saint-Denis has 2 spokes; degree 2.", False, ("degree", {S}, 2)),
        ("vertex #0 and vertex #2 share an edge", True, ("edge", {K, N}, None)),
    ],
)
def test_round17_repeated_values_and_numbered_vertices_are_read(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


def test_round17_repeated_values_a_term_and_its_result_stay_two_values() -> None:
    assert not _read("hops = len(bfs_path(Paris, Kyoto)) - 2  # 2")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("g.getWeight(g.getEdge(Lyon, New York))  // 3", ("edge_weight", {L, N}, 3)),
        ("$\\omega|_{\\{Paris, Saint-Denis\\}} = 2$", ("edge_weight", {P, S}, 2)),
        ("Paris <==7==> Lyon", ("edge_weight", {P, L}, 7)),
    ],
)
def test_round17_edge_weights_nested_accessors_restrictions_and_two_headed_connectors(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("vii. Paris to Kyoto, least total: 15", ("distance", {P, K}, 15)),
        ("It is 10 that Paris → Lyon → New York costs.", ("path_total", {P, L, N}, 10)),
    ],
)
def test_round17_distances_a_least_total_and_a_cleft_path_cost_are_read(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("(= (dist 0 3) 15)  ; z3", ("distance", {K, P}, 15)),
        ("val d = shortest 3 1  (* OCaml: 7 *)", ("distance", {P, L}, 7)),
        ("(= (hops 2 3) 2)", ("hops", {N, P}, 2)),
        ("(= (deg 1) 3)", ("degree", {L}, 3)),
        ("vi. 4 to 2, least sum: 7", ("distance", {S, N}, 7)),
    ],
)
def test_round17_numeric_applications_ids_after_a_function_without_brackets_are_its_arguments(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, True, claim)


@pytest.mark.parametrize(
    "text",
    [
        "Lyon ⇝(≤1) {Paris, New York, Saint-Denis}, Lyon not counted",
        "Reachable from Lyon in 1 hop (without Lyon): Paris, New York, Saint-Denis",
        "Lyon's one-hop footprint, excluding Lyon: Paris, New York, Saint-Denis",
        "$S_{\\le 1}(Lyon) \\setminus \\{Lyon\\} = \\{Paris, New York, Saint-Denis\\}$",
    ],
)
def test_round17_hop_balls_bounded_arrows_reach_footprints_and_bounded_sets(text: str) -> None:
    claims = extract_claims(text, NodeNames(small_graph(), False))
    balls = [(c.nodes[0], set(c.nodes[1:]), c.value) for c in claims if c.kind == "within_hops"]
    assert balls == [(L, {P, N, S}, 1)]


def test_round17_k_cores_a_k_core_call_with_its_k_lists_the_core() -> None:
    read = _read("G.k_core(2).vertices  # => [Paris, Lyon, Saint-Denis]")
    assert ("k_core", frozenset({P, L, S}), 2) in read


def test_round17_hop_balls_a_traversal_repeated_k_times_without_its_start_is_its_ball() -> None:
    text = "t.V(Paris).repeat(both()).times(1).dedup().not(hasId(Paris))  # [Lyon, Saint-Denis]"
    claims = extract_claims(text, NodeNames(small_graph(), False))
    balls = [(c.nodes[0], set(c.nodes[1:]), c.value) for c in claims if c.kind == "within_hops"]
    assert balls == [(P, {L, S}, 1)]


def test_round17_k_cores_what_remains_after_deleting_nodes_below_a_degree_is_the_core() -> None:
    text = "After deleting each vertex under degree 2, what remains is Paris, Lyon and Saint-Denis."
    assert ("k_core", frozenset({P, L, S}), 2) in _read(text)


# Round 15 (held out, then tuned on): precision classes, in wording of none of its phrasings


def test_round18_a_script_glued_to_a_name_is_no_part_of_it() -> None:
    # a Japanese particle glued to the first name and a copula to the last: not the list's
    # head read as the second item, and the last item read
    read = _read("Lyonの隣接ノードは Paris, Saint-Denis, New Yorkだけ (all neighbours).")
    assert ("edge", frozenset({P, S}), None) not in read
    assert ("neighbours", frozenset({L, P, S, N}), None) in read


def test_round18_a_lone_arrow_on_a_hop_line_joins_a_measured_pair() -> None:
    read = _read("Counting hops, New York→Paris needs 2, and nothing beats that.")
    assert ("edge", frozenset({N, P}), None) not in read


def test_round18_a_distance_with_a_unit_subscript_is_a_hop_count() -> None:
    read = _read("$d_{1}(Paris, Kyoto) = 3$, each edge taken as one")
    assert ("hops", frozenset({P, K}), 3) in read
    assert ("distance", frozenset({P, K}), 3) not in read


@pytest.mark.parametrize(
    ("text", "pair"),
    [("Il percorso minimo da node 0 a node 2 — 3.", {N, P}), ("Fewest hops 1 → 4 — 2", {S, N})],
)
def test_round18_a_bare_number_after_an_id_named_as_a_node_is_a_value(
    text: str, pair: set[str]
) -> None:
    # the id carries a "node" word or ends an arrow's pair; the number after the dash does not
    assert ("edge", frozenset(pair), None) not in _read(text, True)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("<strong>Kyoto</strong> has degree <em>1</em>", ("degree", {K}, 1)),
        ("<b>Paris -> Lyon -> New York</b> costs <i>10</i>", ("path_total", {P, L, N}, 10)),
    ],
)
def test_round18_html_emphasis_is_read_through(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Hmm, I got it wrong before: Paris and New York are not adjacent.",
         ("non_edge", {P, N}, None)),
        ("My mistake — New York and Kyoto are adjacent.", ("edge", {N, K}, None)),
    ],
)  # fmt: skip
def test_round18_a_retractions_head_leaves_the_corrected_statement_read(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Saint-Denis <====> Lyon", ("edge", {S, L}, None)),
        ("Kyoto ◀━━▶ New York (listed)", ("edge", {K, N}, None)),
        ("Paris <──x──> Kyoto", ("non_edge", {P, K}, None)),
        ("Lyon ◀─/─▶ Kyoto, not in the input", ("non_edge", {L, K}, None)),
    ],
)
def test_round18_a_long_two_headed_arrow_is_an_edge_and_crossed_a_non_edge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    "text",
    [
        "sum(w[r[i], r[i + 1]] for i in range(len(r) - 1))  # 10, r = Paris -> Lyon -> New York",
        "(apply + (map cost (pairs r)))  ;; => 10 with r = Paris -> Lyon -> New York",
    ],
)
def test_round18_a_code_total_in_its_comment_before_the_route_is_the_routes_total(
    text: str,
) -> None:
    assert ("path_total", frozenset({P, L, N}), 10) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "O percurso Paris → Lyon → New York dá 10 no total.",
        "Paris → Lyon → New York, a walk of total length 10, is still a candidate.",
        "Then Paris → Lyon → New York — let me sum it again — comes to 10.",
    ],
)
def test_round18_a_routes_total_is_read_past_its_unit_state_and_asides(text: str) -> None:
    assert ("path_total", frozenset({P, L, N}), 10) in _read(text)


def test_round18_a_table_row_of_an_expression_and_its_value_is_the_call_equal_to_it() -> None:
    read = _read(
        "| Expression | Result |\n| --- | --- |\n| degree(Kyoto) | 1 |\n| d(Paris, New York) | 10 |"
    )
    assert ("degree", frozenset({K}), 1) in read
    assert ("distance", frozenset({P, N}), 10) in read


def test_round18_a_first_index_after_a_call_picks_its_result_no_value() -> None:
    assert ("distance", frozenset({P, N}), 10) in _read(
        "g.shortest_paths_dijkstra(Paris, New York)[0][0]  # 10"
    )


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("graph.edge_count(Lyon, Kyoto)  // 0", ("non_edge", {L, K}, None)),
        ("grep -c '^Lyon Paris$' edge_list.csv  # 1", ("edge", {L, P}, None)),
    ],
)
def test_round18_a_count_of_a_pairs_edges_or_lines_of_zero_or_one_is_an_edge_or_not(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Hmm, let me recompute the distance Kyoto→Paris… it comes to 12, fine.",
         ("distance", {K, P}, 12)),
        ("Alright, let's see, Lyon–New York... weight 3.", ("edge_weight", {L, N}, 3)),
    ],
)  # fmt: skip
def test_round18_a_plan_trailing_off_before_its_result_leaves_the_result_read(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round18_a_pair_said_not_listed_after_it_is_a_non_edge() -> None:
    _assert_read_and_not_its_opposite(
        "Saint-Denis—Kyoto isn't listed, so skip it.", False, ("non_edge", {S, K}, None)
    )


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Saint-Denis, a neighbour of Lyon, joins the frontier.", ("edge", {S, L}, None)),
        ("Kyoto, not a neighbour of Lyon, can wait.", ("non_edge", {K, L}, None)),
        ("Kyoto, two hops away from Lyon, stays in the queue.", ("hops", {K, L}, 2)),
    ],
)
def test_round18_an_apposition_before_a_state_verb_states_its_fact(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("try std.testing.expectEqual(1, g.degree(Kyoto));", ("degree", {K}, 1)),
        ("numpy.count_nonzero(adj_matrix[Kyoto])  # 1", ("degree", {K}, 1)),
        ("Alright, let's tally: Paris has two incident edges.", ("degree", {P}, 2)),
        ("Lyon touches 3 edges, no more, no less.", ("degree", {L}, 3)),
    ],
)
def test_round18_a_degree_in_code_idioms_and_counted_exactly_is_read(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("(adjacent? g Kyoto New York)  ;; => #t", ("edge", {K, N}, None)),
        ("(adjacent? g Kyoto Paris)  ;; => #f", ("non_edge", {K, P}, None)),
        ("has_edge(g, Kyoto, Paris)  ; => #f", ("non_edge", {K, P}, None)),
        ("so $E \\ni (Lyon, New York)$", ("edge", {L, N}, None)),
    ],
)
def test_round18_lisp_predicates_booleans_and_a_reversed_membership_are_edges_or_not(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    "text",
    [
        "numpy.nonzero(A[Paris])  # array([Lyon, Saint-Denis]), every one",
        "get(Paris, adjacency).  % => [Lyon, Saint-Denis], complete",
        "Paris ===> [Lyon, Saint-Denis], and nothing else",
    ],
)
def test_round18_a_looked_up_adjacency_row_or_a_fat_arrow_into_a_set_is_the_list(
    text: str,
) -> None:
    assert ("neighbours", frozenset({P, L, S}), None) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Within 2 hops of Kyoto (not Kyoto): Lyon, New York",
        "Reachable from Kyoto within two steps, other than Kyoto: New York, Lyon.",
    ],
)
def test_round18_a_balls_centre_excluded_again_in_an_aside_leaves_the_ball_read(
    text: str,
) -> None:
    assert ("within_hops", frozenset({K, L, N}), 2) in _read(text)


def test_round18_a_box_drawn_connector_labelled_by_a_weight_is_the_edges_weight() -> None:
    assert ("edge_weight", frozenset({S, L}), 4) in _read("Saint-Denis ━(4)━ Lyon")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("| Ligação | Valor |\n| --- | --- |\n| Saint-Denis ─ Lyon | 4 |\n| Kyoto ─ New York | 5 |",
         ("edge", {S, L}, None)),
        ("| U | V | Weight |\n| --- | --- | --- |\n| Saint-Denis | Lyon | 4, listed |",
         ("edge_weight", {S, L}, 4)),
    ],
)  # fmt: skip
def test_round18_a_dashed_pair_cell_and_a_value_with_a_remark_are_read(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round18_a_lookups_default_is_no_node() -> None:
    read = _read("cost.getOrDefault(2, 0)  // Java → 9", True)
    assert ("edge", frozenset({N, K}), None) not in read
    assert ("node_weight", frozenset({N}), 9) in read


def test_round18_a_postfix_non_null_assertion_negates_nothing() -> None:
    _assert_read_and_not_its_opposite(
        "nbrs[Paris]!.contains(Kyoto)  // Kotlin: false", False, ("non_edge", {P, K}, None)
    )


def test_round18_a_paths_node_count_less_one_is_its_hop_count() -> None:
    assert ("hops", frozenset({P, N}), 2) in _read(
        "len(nx.shortest_path(G, Paris, New York)) - 1  # 2"
    )


# Round 16, tuned on for precision (issue 39): wording of its own, none of round 16's bank.


@pytest.mark.parametrize(
    "text",
    [
        "edge_exists(Paris, Kyoto)  -- my answer: FALSE",
        "write(*,*) linked(Paris, Kyoto)  ! gfortran says: F",
        "adjacent?(Paris, Kyoto)  # => nil",
    ],
)
def test_round19_falsy_results_a_falsy_value_after_a_comment_mark_is_a_non_edge(text: str) -> None:
    _assert_read_and_not_its_opposite(text, False, ("non_edge", {P, K}, None))


@pytest.mark.parametrize(
    "text",
    [
        "There are 0 edges linking Lyon and Kyoto.",
        "Zero edges connect Lyon with Kyoto.",
        "graph.edgesBetween(Lyon, Kyoto).size()  // 0",
    ],
)
def test_round19_zero_edges_a_count_of_zero_edges_for_a_pair_is_a_non_edge(text: str) -> None:
    read = _read(text)
    assert ("non_edge", frozenset({L, K}), None) in read
    assert not {c for c in read if c[0] in ("edge", "edge_weight")}


def test_round19_no_pair_edge_a_pair_named_after_no_before_the_edge_noun_is_a_non_edge() -> None:
    _assert_read_and_not_its_opposite(
        "Kyoto never shows up under Lyon: no Lyon–Kyoto link.",
        False,
        ("non_edge", {L, K}, None),
    )


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("$\\operatorname{card}\\, N(Kyoto) = 2$", False, ("degree", {K}, 2)),
        ("$\\# N(3) = 2$", True, ("degree", {P}, 2)),
    ],
)
def test_round19_neighbourhood_cardinality_card_n_of_a_node_is_its_degree(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    read = _read(text, numeric_ids)
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in read
    assert not {c for c in read if c[0] in ("edge", "neighbours")}


def test_round19_weighted_distance_a_superscript_w_names_no_weight_call() -> None:
    assert _read("$\\operatorname{dist}^{w}(Paris, Kyoto) = 9$") == {
        ("distance", frozenset({P, K}), 9)
    }


def test_round19_numeric_sums_a_dash_before_a_sums_first_term_is_no_edge() -> None:
    read = _read("node 1 → node 3 — 4 + 2 — totals 6", numeric_ids=True)
    assert ("edge", frozenset({L, P}), None) in read
    assert ("edge", frozenset({P, S}), None) not in read  # 3 — 4: a term, no edge


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("<em>deg(Kyoto)</em> = <b>3</b>", ("degree", {K}, 3)),
        ("<b>Kyoto–Lyon</b>: <i>not an edge</i>", ("non_edge", {K, L}, None)),
        ('<span class="hl">dist(Paris, Lyon)</span> = <code>5</code>', ("distance", {P, L}, 5)),
    ],
)
def test_round19_html_markup_inline_tags_are_read_as_blanks(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("I'll record that Kyoto has degree 3.", ("degree", {K}, 3)),
        ("We'll note here that Lyon and Kyoto are not adjacent.", ("non_edge", {L, K}, None)),
        ("Let me jot down that the distance from Paris to Lyon is 5.", ("distance", {P, L}, 5)),
    ],
)
def test_round19_stated_notes_a_verb_of_stating_after_ill_or_let_me_states_no_plan(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round19_checked_results_a_check_with_a_result_ending_in_a_value_is_stated() -> None:
    read = _read("Let me double-check with Dijkstra from Paris: Kyoto sits at distance 7.")
    assert ("distance", frozenset({P, K}), 7) in read


def test_round19_checked_results_a_distances_pair_of_numeric_ids_is_no_edge() -> None:
    read = _read("Let me recheck the distance node 1 → node 3 one more time: 6.", numeric_ids=True)
    assert ("edge", frozenset({L, P}), None) not in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Η απόσταση από Paris προς Kyoto είναι 7.", ("distance", {P, K}, 7)),
        ("Der Knotengrad von Lyon beträgt 3.", ("degree", {L}, 3)),
        ("Il peso dell'arco Paris–Lyon è 4.", ("edge_weight", {P, L}, 4)),
        ("Jarak terpendek dari Lyon ke Kyoto adalah 5.", ("distance", {L, K}, 5)),
    ],
)
def test_round19_foreign_measures_a_measures_noun_in_another_language_is_its_cue(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round19_stated_notes_a_complete_list_after_a_verb_of_stating_is_read() -> None:
    read = _read("We'll record that Kyoto is adjacent to exactly Paris and Lyon, nothing else.")
    assert ("neighbours", frozenset({K, P, L}), None) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (
            "Unless I slipped somewhere (I did not), Paris and Kyoto are not adjacent.",
            ("non_edge", {P, K}, None),
        ),
        ("Unless I miscounted (we haven't), deg(Lyon) = 3.", ("degree", {L}, 3)),
    ],
)
def test_round19_denied_conditions_a_condition_denied_in_brackets_is_no_hedge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round19_denied_conditions_an_open_condition_still_hedges() -> None:
    assert not _read("Unless I slipped somewhere, Paris and Kyoto are not adjacent.")


def test_round19_dashed_lists_a_spaced_dash_ends_a_neighbour_list() -> None:
    read = _read("Kyoto's neighbours are Lyon and Paris – I went through each one.")
    assert ("neighbours", frozenset({K, L, P}), None) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("$\\chi_{E}(\\{Lyon, Kyoto\\}) = 1$", ("edge", {L, K}, None)),
        ("so $χ_E(\\{Paris, Kyoto\\}) = 0$", ("non_edge", {P, K}, None)),
        ("$\\mathcal{G} \\models E(Lyon, Paris)$ holds", ("edge", {L, P}, None)),
        ("$\\mathcal{G} \\models \\lnot E(Kyoto, Paris)$", ("non_edge", {K, P}, None)),
    ],
)
def test_round19_latex_edge_predicates_chi_e_and_a_models_e_pair_are_adjacency(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


def test_round19_aside_lists_an_aside_saying_the_list_complete_may_precede_it() -> None:
    read = _read("Kyoto's neighbours (every one, each row read twice): Lyon, Paris.")
    assert ("neighbours", frozenset({K, L, P}), None) in read


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("assert 2 in nbrs[0], 'edge lost'", ("edge", {K, N}, None)),
        ("ok = 3 in adj[1]  # True", ("edge", {L, P}, None)),
        ("Neighbours of 2: 0 (the whole list)", ("neighbours", {N, K}, None)),
    ],
)
def test_round20_member_ids_an_id_tested_in_a_neighbour_list_is_a_node_not_a_count(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    read = _read(text, True)
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in read
    assert not {c for c in read if c[0] == "degree"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Searching the input for Paris-Kyoto... nowhere. So they aren't linked.",
         ("non_edge", {P, K}, None)),
        ("Checking Lyon-New York... yes, it's listed. Hence they are connected.",
         ("edge", {L, N}, None)),
        ("Scanning my edges for Kyoto-Lyon... absent. They share no edge.",
         ("non_edge", {K, L}, None)),
    ],
)  # fmt: skip
def test_round20_checked_pairs_a_pair_searched_for_is_what_its_result_says(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


def test_round20_source_after_a_source_named_after_the_value_is_the_distances_source() -> None:
    read = _read("dist[Lyon] = 9   # settled, from source Kyoto")
    assert ("distance", frozenset({K, L}), 9) in read
    assert ("distance", frozenset({L}), 9) not in read


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Result set [1 hop from Lyon, Lyon excluded]: Paris, Saint-Denis, New York", False,
         ("within_hops", {L, P, S, N}, 1)),
        ("__Final set (1 hop of 3, 3 not counted):__ 1, 4", True, ("within_hops", {P, L, S}, 1)),
    ],
)  # fmt: skip
def test_round20_labelled_balls_an_answer_set_labelled_by_its_radius_is_a_hop_ball(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("So Kyoto lies 3 hops out from Paris, nothing closer.", ("hops", {K, P}, 3)),
        ("Saint-Denis sits 2 edges out from New York.", ("hops", {S, N}, 2)),
    ],
)
def test_round20_sits_out_a_node_sitting_n_hops_out_from_another_is_a_hop_count(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ('vertex_w["Paris"] = 6', ("node_weight", {P}, 6)),
        ("edge_w[Lyon][Kyoto] = 4", ("edge_weight", {L, K}, 4)),
    ],
)
def test_round20_prefixed_weights_a_node_or_edge_prefix_keeps_the_weight_function(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round20_list_arguments_a_number_after_a_list_argument_is_its_size_not_a_member() -> None:
    read = _read("ok = all(G.has_edge(u, v) for u, v in itertools.combinations([1, 3, 4], 2))"
                 "  # True → clique", True)  # fmt: skip
    assert ("clique", frozenset({L, P, S}), None) in read
    assert not {c for c in read if c[0] == "clique" and N in c[1]}


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Regarding Kyoto, its neighbourhood is precisely {New York}.", False),
        ("As for node 0, its neighbourhood is precisely {node 2}.", True),
    ],
)
def test_round20_precisely_precisely_says_a_neighbour_list_complete(
    text: str, numeric_ids: bool
) -> None:
    _assert_read(text, numeric_ids, ("neighbours", {K, N}, None))


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Test Paris–Lyon: edge. ✓", ("edge", {P, L}, None)),
        ("Verify Kyoto - Paris: adjacent.", ("edge", {K, P}, None)),
    ],
)
def test_round20_checked_verdicts_an_edge_word_after_the_checks_colon_is_its_result(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Let me confirm the distance Kyoto→Lyon one more time: 8.", ("distance", {K, L}, 8)),
        ("Let us verify Paris's weight once more: 3.", ("node_weight", {P}, 3)),
    ],
)
def test_round20_checked_values_a_check_with_its_value_after_the_colon_is_a_result(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ('list(nx.all_neighbors(G, "Lyon"))  # [Paris, New York, Saint-Denis] – every one', False),
        ("sorted(G.neighbors(1))  # [3, 2, 4], the whole list", True),
        ('G["Lyon"]  # -> [Paris, New York, Saint-Denis]', False),
    ],
)
def test_round20_commented_results_a_neighbour_query_with_its_list_in_a_comment_is_the_list(
    text: str, numeric_ids: bool
) -> None:
    _assert_read(text, numeric_ids, ("neighbours", {L, P, N, S}, None))


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Within 1 hop of Lyon, leaving out the centre itself: Paris, New York, Saint-Denis.",
         False),
        ("<em>within 1 hop of 1</em>, excluding it: 2, 3, 4", True),
        ("$\\bigcup_{i=1}^{1} N^{i}(Lyon) = \\{Paris, New York, Saint-Denis\\}$", False),
    ],
)  # fmt: skip
def test_round20_ball_centres_a_ball_leaving_out_its_centre_by_a_pronoun_or_as_spheres(
    text: str, numeric_ids: bool
) -> None:
    _assert_read(text, numeric_ids, ("within_hops", {L, P, N, S}, 1))


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("Good: New York turns up in Kyoto's row.", False, ("edge", {N, K}, None)),
        ("Paris's line in the input has no Kyoto on it, so no edge.", False,
         ("non_edge", {P, K}, None)),
        ("Right, node 3 appears in node 1's entry.", True, ("edge", {P, L}, None)),
    ],
)  # fmt: skip
def test_round20_rows_a_node_in_or_not_in_anothers_row_is_an_edge_or_none(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, numeric_ids, claim)


@pytest.mark.parametrize(
    ("text", "numeric_ids", "claim"),
    [
        ("$\\lVert A_{Lyon, \\cdot}\\rVert_{1} = 3$", False, ("degree", {L}, 3)),
        ("np.count_nonzero(adj[Kyoto, :])  # -> 1", False, ("degree", {K}, 1)),
        ("+/A[3;]  ⍝ 2", True, ("degree", {P}, 2)),
    ],
)
def test_round20_row_sums_a_row_sum_of_the_adjacency_matrix_is_a_degree(
    text: str, numeric_ids: bool, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, numeric_ids, claim)


# Round 18's classes (tune23), each in other wording than the bank's.


@pytest.mark.parametrize(
    "text",
    [
        "Edges have no direction here, so Lyon–Kyoto or Kyoto–Lyon names one pair.",
        "Reading Paris-Kyoto vs Kyoto-Paris makes no difference in an undirected graph.",
    ],
)
def test_round21_both_ways_a_pair_written_with_its_reverse_is_notation_no_edge(text: str) -> None:
    assert not {c for c in _read(text) if c[0] == "edge"}


def test_round21_both_ways_two_different_pairs_are_still_edges() -> None:
    read = _read("Lyon-Kyoto and Paris-Lyon are edges.")
    assert {("edge", frozenset({L, K}), None), ("edge", frozenset({P, L}), None)} <= read


@pytest.mark.parametrize(
    "text",
    [
        "$\\delta(Paris, Kyoto) = \\min_P w(P) = 14$",
        "\\[ \\operatorname{dist}(Paris, Kyoto) = \\min_{p} w(p) = 14 \\]",
    ],
)
def test_round21_min_over_paths_a_least_path_weight_is_a_distance_no_edge(text: str) -> None:
    read = _read(text)
    assert ("distance", frozenset({P, K}), 14) in read
    assert not {c for c in read if c[0] in ("edge", "edge_weight")}


def test_round21_minus_one_an_id_after_a_bracket_and_a_minus_is_a_term_no_node() -> None:
    text = "s = G.subgraph([3, 4, 2]); s.size() == len(s) * (len(s) - 1) / 2  # True: a clique"
    cliques = {c for c in _read(text, numeric_ids=True) if c[0] == "clique"}
    assert cliques == {("clique", frozenset({P, S, N}), None)}


def test_round21_both_ways_numeric_ids_too() -> None:
    text = "Direction doesn't matter: node 1-node 0 or node 0-node 1 is one pair."
    assert not {c for c in _read(text, numeric_ids=True) if c[0] == "edge"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Stage 2: are Lyon and Kyoto adjacent? Going over the edge list, no, they aren't.",
         ("non_edge", {L, K}, None)),
        ("Is Paris joined to Lyon? It is, the list shows it.", ("edge", {P, L}, None)),
        ("Phase 4: is Kyoto linked with New York? Yes.", ("edge", {K, N}, None)),
    ],
)  # fmt: skip
def test_round21_answered_a_question_answered_after_a_lead_in_or_it_does(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("My feeling is that Kyoto's degree should be 1.", ("degree", {K}, 1)),
        ("By my count the distance between Lyon and Kyoto should be 8.", ("distance", {L, K}, 8)),
        ("Paris's neighbours should be Lyon and Saint-Denis, no others.",
         ("neighbours", {P, L, S}, None)),
    ],
)  # fmt: skip
def test_round21_should_be_a_belief_of_a_value_is_stated(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    "text",
    ["Kyoto should be at most 3 from Paris.", "The degree should be 2 if Lyon keeps that edge."],
)
def test_round21_should_be_a_bound_or_condition_stays_unread(text: str) -> None:
    assert not _read(text)


def test_round21_route_taken_a_route_tried_as_a_condition_states_its_total_not_its_links() -> None:
    read = _read("If we follow Saint-Denis -> Lyon -> New York, it comes to 7 altogether.")
    assert ("path_total", frozenset({S, L, N}), 7) in read
    assert not {c for c in read if c[0] == "edge"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Hang on, I have to correct myself: Kyoto and Paris aren't linked.",
         ("non_edge", {K, P}, None)),
        ("Hold on, let me correct that — New York and Kyoto are adjacent after all.",
         ("edge", {N, K}, None)),
    ],
)  # fmt: skip
def test_round21_correction_head_the_corrected_statement_after_it_is_stated(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Okay, Kyoto and Paris share no edge, we would need a detour.",
         ("non_edge", {K, P}, None)),
        ("Saint-Denis to Paris is a single edge, no extra stop required.",
         ("edge", {S, P}, None)),
        ("Since nothing links Lyon and Kyoto directly, I'd route through New York.",
         ("non_edge", {L, K}, None)),
    ],
)  # fmt: skip
def test_round21_consequence_a_plan_after_the_comma_is_its_own_clause(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read_and_not_its_opposite(text, False, claim)


def test_round21_consequence_a_condition_before_it_still_hedges() -> None:
    assert not _read("If Kyoto and Paris were adjacent, I'd be done.")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Once every edge is relaxed, the tentative distance from Lyon to Kyoto settles at 8.",
         ("distance", {L, K}, 8)),
        ("When New York is popped off the heap, its distance from Paris is 10 — that is final.",
         ("distance", {N, P}, 10)),
    ],
)  # fmt: skip
def test_round21_settled_a_walkthrough_value_said_final_is_a_distance(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round21_settled_a_tentative_value_not_said_final_stays_unread() -> None:
    assert not _read("After relaxing Lyon, the tentative distance from Paris to Kyoto is 15.")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("adj[Lyon][Saint-Denis]  // 1 (edge)", ("edge", {L, S}, None)),
        ("adjacency[Kyoto][Paris]  # 0, no edge", ("non_edge", {K, P}, None)),
        ("len(graph['Paris'])  # 2", ("degree", {P}, 2)),
        ("frozenset(graph[Paris]) == {Lyon, Saint-Denis}  # True", ("neighbours", {P, L, S}, None)),
        ("`graph.has_edge(Kyoto, New York)` gives `True`, just as I expected.",
         ("edge", {K, N}, None)),
    ],
)  # fmt: skip
def test_round21_code_matrix_entries_container_sizes_and_views_as_expected(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round21_code_a_matrix_entry_glossed_against_its_value_stays_unread() -> None:
    assert not {c for c in _read("adj[Lyon][Kyoto]  # 1 → no edge") if c[0] != "degree"}


@pytest.mark.parametrize(
    "text",
    [
        "The candidate I pop next is Lyon–New York at weight 3.",
        "Considering the edge Lyon–New York with weight 3 for the tree.",
        "pq.push((3, Lyon, New York))  // edge weight 3",
    ],
)
def test_round21_step_an_edge_weight_said_in_an_algorithm_step_is_the_graphs(text: str) -> None:
    _assert_read(text, False, ("edge_weight", {L, N}, 3))


@pytest.mark.parametrize(
    "text",
    [
        "Relaxing Lyon–New York, dist[New York] = 3.",
        "If the next candidate Lyon–New York had weight 3, I'd take it.",
    ],
)
def test_round21_step_a_distance_or_a_supposed_weight_stays_unread(text: str) -> None:
    assert not {c for c in _read(text) if c[0] in ("edge_weight", "distance")}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Oops, we got the Kyoto–New York weight wrong: it's 5.", ("edge_weight", {K, N}, 5)),
        ("Saint-Denis has degree 2, let me double-check the list... yep.", ("degree", {S}, 2)),
        ("The Lyon-Paris edge weighs 7 — let me check the input... correct, 7.",
         ("edge_weight", {L, P}, 7)),
    ],
)  # fmt: skip
def test_round21_confirmed_a_correction_or_a_check_that_confirms_states_the_value(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round21_confirmed_a_check_with_another_value_stays_unread() -> None:
    assert not _read("The Lyon-Paris edge weighs 7 — let me check the input... correct, 8.")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Deleting vertices with degree below 2 until nothing changes, what stays is Lyon, "
         "Paris, Saint-Denis — the 2-core.", ("k_core", {L, P, S}, 2)),
        ("Once no vertex has fewer than 2 neighbours, the ones still left are Paris, Lyon and "
         "Saint-Denis, i.e. the 2-core.", ("k_core", {L, P, S}, 2)),
        ("$\\{ v : \\operatorname{d}(v, Kyoto) \\le 2 \\} = \\{New York, Lyon\\}$",
         ("within_hops", {K, N, L}, 2)),
        ("Everything at most 2 hops from Kyoto, not counting Kyoto itself, is {New York, Lyon}.",
         ("within_hops", {K, N, L}, 2)),
        ("After two levels of breadth-first search from Kyoto, everything visited except Kyoto "
         "is {New York, Lyon}.", ("within_hops", {K, N, L}, 2)),
    ],
)  # fmt: skip
def test_round21_sets_peeled_cores_reversed_set_builders_and_bfs_levels(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


def test_round21_sets_a_node_visited_after_bfs_rounds_is_no_set() -> None:
    assert not _read("After 2 rounds of BFS, Kyoto has been visited.")


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("And Kyoto–Lyon isn't an edge either.", ("non_edge", {K, L}, None)),
        ("Okay, let me go over Kyoto again: its neighbours are New York, nothing more.",
         ("neighbours", {K, N}, None)),
        ("Having gone through every row, Paris is linked to exactly Lyon and Saint-Denis.",
         ("neighbours", {P, L, S}, None)),
        ("Hmm, New York and Paris aren't neighbours — I was reading the wrong row before.",
         ("non_edge", {N, P}, None)),
        ("Kyoto ⟷ Lyon? ❌ no edge", ("non_edge", {K, L}, None)),
    ],
)  # fmt: skip
def test_round21_results_after_leads_and_before_remarks_are_stated(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    "text",
    [
        "After checking each edge, I'll decide whether Kyoto and Lyon are adjacent.",
        "Kyoto ⟷ Lyon? ✓ not adjacent",
    ],
)
def test_round21_results_a_plan_after_the_lead_or_a_contradicted_tick_stays_unread(
    text: str,
) -> None:
    assert not _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "All nodes at distance at most 2 from Kyoto, Kyoto excluded, are New York and Lyon.",
        "The nodes at hop distance ≤ 2 from Kyoto (Kyoto left out): {New York, Lyon}.",
    ],
)
def test_round21_sets_at_distance_at_most_k_is_a_balls_radius(text: str) -> None:
    _assert_read(text, False, ("within_hops", {K, N, L}, 2))


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Kyoto and Paris — I'm pretty confident they're not linked, and a second look at the "
         "edge list confirms it.", ("non_edge", {K, P}, None)),
        ("Checking pair by pair, Saint-Denis and Lyon do have an edge joining them, so that's "
         "fine.", ("edge", {S, L}, None)),
        ("Hold on, let me recount Saint-Denis... I get 2, not what I had earlier.",
         ("degree", {S}, 2)),
        ("Let me re-check Lyon to Kyoto... the minimum is 8.", ("distance", {L, K}, 8)),
    ],
)  # fmt: skip
def test_round21_trailed_results_after_an_ellipsis_or_a_survey_and_before_a_confirmation(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    "text",
    [
        "Let me recount the route Lyon to Kyoto... that's 8.",
        "Let me recount Lyon... that's 3, and Kyoto has 1.",
    ],
)
def test_round21_trailed_a_recount_of_another_measure_or_with_more_after_it_is_no_degree(
    text: str,
) -> None:
    assert not {c for c in _read(text) if c[0] == "degree"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Every time Lyon appears in the edge list, I count it: that comes to 3.",
         ("degree", {L}, 3)),
        ("Expanding Kyoto in the BFS, one of the edges I traverse runs to New York.",
         ("edge", {K, N}, None)),
    ],
)  # fmt: skip
def test_round21_counted_tallies_by_appearance_and_a_search_expansions_edge(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    _assert_read(text, False, claim)


@pytest.mark.parametrize("text", ["len(G[3])  # 4", "len(graph[3])  // 2"])
def test_round21_sized_a_size_around_a_neighbour_query_is_a_degree_no_list(text: str) -> None:
    read = _read(text, numeric_ids=True)
    assert not {c for c in read if c[0] in ("neighbours", "edge")}
    assert any(c[0] == "degree" and c[1] == frozenset({P}) for c in read)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        # a colon-keyed list a closer says whole
        ("Paris: Lyon, Saint-Denis, and that is the entire set.", ("neighbours", {P, L, S}, None)),
        ("Worth writing down — Paris: Lyon and Saint-Denis, those are all.",
         ("neighbours", {P, L, S}, None)),
        # "nothing past/beyond those" closes a neighbour list
        ("Lyon's neighbours: Paris, New York, Saint-Denis, and nothing past those.",
         ("neighbours", {L, P, N, S}, None)),
        # a node's row or line in the adjacency list, said whole
        ("Lyon's line, untangled, reads exactly Paris, New York, Saint-Denis.",
         ("neighbours", {L, P, N, S}, None)),
        ("For Lyon the entry reads Paris, New York, Saint-Denis, the whole lot.",
         ("neighbours", {L, P, N, S}, None)),
        ("Kyoto: New York, Lyon and nothing else.", ("neighbours", {K, N, L}, None)),
        ("For Paris, its row: Lyon and Saint-Denis, complete.", ("neighbours", {P, L, S}, None)),
        # the abbreviation of a counted neighbour: a degree
        ("Lyon: 3 nbrs in total.", ("degree", {L}, 3)),
        ("Kyoto has just 1 nbr.", ("degree", {K}, 1)),
    ],
)  # fmt: skip
def test_round26_closers_rows_and_nbrs_are_read(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A list closed by a phrase that says it whole (``that is the entire set``, ``nothing past
    those``), a node's row or line said whole, and ``nbrs`` counted after a number."""
    _assert_read(text, False, claim)


@pytest.mark.parametrize(
    "text",
    [
        "Paris: Lyon, Saint-Denis, and that's not the full list.",  # said incomplete
        "Paris: Lyon, Saint-Denis, and that's the full list of what I checked.",  # not its end
        "Lyon's row is Paris, New York, Saint-Denis, at least.",  # no closer
        "For Paris the row has Lyon and Saint-Denis so far.",  # no closer
        "Lyon's neighbours: Paris, New York, and there's more beyond those.",  # more beyond
        "Kyoto: New York, Lyon and nothing else matters.",  # no closer at the end
    ],
)
def test_round26_an_open_list_is_no_neighbour_list(text: str) -> None:
    assert not {c for c in _read(text) if c[0] == "neighbours"}


def test_round26_nbr_inside_a_word_counts_nothing() -> None:
    assert not {c for c in _read("Lyon: 3 nbrhoods of interest.") if c[0] == "degree"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Paris – Kyoto: no", ("non_edge", {P, K}, None)),
        ("- Lyon ~ Kyoto: no.", ("non_edge", {L, K}, None)),
        ("Lyon ↔ Kyoto: no", ("non_edge", {L, K}, None)),
        ("Paris – Lyon: yes", ("edge", {P, L}, None)),
    ],
)
def test_round26_a_pair_keyed_to_a_bare_answer_reads_its_polarity(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A pair keyed to a bare ``no`` (``A – B: no``, ``A ↔ B: no``) is no edge; to ``yes``,
    an edge."""
    _assert_read_and_not_its_opposite(text, False, claim)


@pytest.mark.parametrize("text", ["Paris – Kyoto: no idea yet", "Paris – Kyoto: no?"])
def test_round26_a_no_that_answers_nothing_reads_no_non_edge(text: str) -> None:
    assert not {c for c in _read(text) if c[0] == "non_edge"}


def test_round21_which_weighs_a_relative_weight_after_an_edge_is_the_edges() -> None:
    read = _read("I take the link from Saint-Denis to Paris, which weighs 2, and move on.")
    assert ("edge_weight", frozenset({S, P}), 2) in read
    assert not {c for c in read if c[0] == "node_weight"}


def test_round24_pairwise_call_itertools_pairwise_is_a_call_no_clique() -> None:
    text = "cost = sum(w[x][y] for x, y in pairwise(r))  # r = Paris -> Lyon -> New York: 10"
    read = _read(text)
    assert not {c for c in read if c[0] == "clique"}
    assert ("path_total", frozenset({P, L, N}), 10) in read


def test_round24_pairwise_call_the_adjective_still_names_a_clique() -> None:
    read = _read("So Paris, Lyon and Saint-Denis are pairwise adjacent.")
    assert ("clique", frozenset({P, L, S}), None) in read


def test_round25_no_better_a_value_at_best_is_the_least() -> None:
    """``A to B is 11 at best``: no route does better, the value is the pair's distance."""
    names = NodeNames(small_graph())
    text = "Paris to Kyoto is 11 at best."
    facts = [f[:3] for _, _, found in anchored_facts(text, 0, len(text), names, names.resolve)
             for f in found]  # fmt: skip
    assert facts == [("distance", ("Paris", "Kyoto"), 11)]


def test_round25_unit_nbrs_counts_neighbours_no_node() -> None:
    """Under numeric ids ``2 nbrs`` is a count (as ``2 neighbours``), not node 2."""
    names = NodeNames(small_graph(), numeric_ids=True)
    text = "node 3 — 2 nbrs."
    facts = [f for _, _, found in anchored_facts(text, 0, len(text), names, names.resolve)
             for f in found]  # fmt: skip
    assert not [f for f in facts if f[0] == "edge"]


@pytest.mark.parametrize(
    "text",
    ["__Aside (edges):__ 1–3 is present", "Memo (edges): 2—1 is in", "*Edges:* 4–1 holds"],
)
def test_round27_a_dash_glued_pair_of_ids_is_no_value(text: str) -> None:
    """Under numeric ids (Kyoto 0, Lyon 1, New York 2, Paris 3, Saint-Denis 4): ``1–3`` after
    a label's colon is a pair, its first id no count: no degree, the edge read."""
    read = _read(text, numeric_ids=True)
    assert not {c for c in read if c[0] == "degree"}
    assert any(c[0] == "edge" and L in c[1] for c in read)


def test_round27_a_value_before_a_spaced_dash_is_still_read() -> None:
    assert ("degree", frozenset({"Lyon"}), 3) in _read("Degree of Lyon: 3 — as counted.")


@pytest.mark.parametrize(
    "text",
    [
        "Kruskal picks node 1–node 3 next: in the edge list, and it does not close a loop.",
        "Kruskal: node 3–node 1 sits in the edge list and doesn't create a cycle, so in it goes.",
        "Prim: Paris–Lyon won't form any cycle, so it joins the tree.",
    ],
)
def test_round27_a_denied_cycle_leaves_the_edge(text: str) -> None:
    """``A–B doesn't close a cycle``: the negation's object is the cycle, no non-edge."""
    read = _read(text, numeric_ids="node" in text)
    assert not {c for c in read if c[0] == "non_edge"}
    assert ("edge", frozenset({"Paris", "Lyon"}), None) in read


def test_round27_a_denied_edge_beside_a_cycle_stays_denied() -> None:
    read = _read("Kyoto–Lyon is not an edge, so no cycle there.")
    assert ("non_edge", frozenset({"Kyoto", "Lyon"}), None) in read


def test_round27_a_dotted_item_number_is_no_id() -> None:
    """``3.2) 0: nbrs = 2, 4, full list``: the item's number is no id; the row is read."""
    read = _read("3.2) 0: nbrs = 2, 4, full list", numeric_ids=True)
    assert ("neighbours", frozenset({"Kyoto", "New York", "Saint-Denis"}), None) in read
    assert not {c for c in read if c[0] == "non_edge"}


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Lyon ⟶ Kyoto: best is 8, settled.", ("distance", frozenset({"Lyon", "Kyoto"}), 8)),
        ("Saint-Denis⇢Kyoto best = 12", ("distance", frozenset({"Saint-Denis", "Kyoto"}), 12)),
    ],
)  # fmt: skip
def test_round32_a_best_value_between_two_nodes_is_their_distance(
    text: str, claim: tuple[str, frozenset[str], int | None]
) -> None:
    """``best`` before a value between two nodes (``A ⟶ B: best is 8``, ``A⇢B best = 12``) names
    the best route's total, a distance, like ``cheapest`` or ``lowest``; no edge weight."""
    read = _read(text)
    assert claim in read
    assert not [c for c in read if c[0] == "edge_weight"]


def test_round32_best_beside_an_edge_and_its_weight_keeps_the_weight() -> None:
    """``best`` said of an edge with its weight named (``the best edge is A–B, weight 7``)
    keeps the edge's weight: no distance."""
    read = _read("the best edge is Paris–Lyon, weight 7")
    assert ("edge_weight", frozenset({"Paris", "Lyon"}), 7) in read
    assert not [c for c in read if c[0] == "distance"]


@pytest.mark.parametrize(
    "text",
    [
        "Lyon is what I'm on now. Adjacent nodes, every one: Paris, New York, Saint-Denis.",
        "On to Lyon; the entire set of vertices next to it: Paris, New York, Saint-Denis.",
        "Lyon once more. Going over its line fully, it links Paris, New York, Saint-Denis, "
        "nothing else.",
        "Node 1 is what I'm on now. Adjacent nodes, every one: 3, 2, 4.",
    ],
)
def test_round34_a_whole_list_whose_owner_is_named_outside_its_clause_is_not_its_first_items(
    text: str,
) -> None:
    """A complete list that opens with its first item (``…: B, C, D``) is no list of B's: the
    clause names no owner, so no B–C or B–D edge and no neighbour list of B."""
    read = _read(text, numeric_ids="Node 1" in text)
    assert ("edge", frozenset({P, N}), None) not in read
    assert ("edge", frozenset({P, S}), None) not in read
    assert ("neighbours", frozenset({P, N, S}), None) not in read


@pytest.mark.parametrize(
    ("text", "numeric_ids"),
    [
        ("Lyon: Paris, New York, Saint-Denis — that is the full row.", False),
        ("Lyon ⇢ Paris, New York, Saint-Denis (complete)", False),
        ("1: 3, 2, 4, and that's the whole list", True),
    ],
)
def test_round34_an_owner_before_a_colon_or_arrow_still_owns_the_list(
    text: str, numeric_ids: bool
) -> None:
    """The shape that names its owner in the line (``A: B, C``, ``A ⇢ B, C``) stays read."""
    assert ("neighbours", frozenset({L, P, N, S}), None) in _read(text, numeric_ids)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Let me walk along the edges at New York: three.", ("degree", {"New York"}, 3)),
        ("Let me tick off Saint-Denis's incident edges: 2.", ("degree", {"Saint-Denis"}, 2)),
        ("Let me sum the hops from Kyoto to Paris: 3.", ("hops", {"Kyoto", "Paris"}, 3)),
    ],
)  # fmt: skip
def test_round37_a_plan_whose_colon_gives_only_its_value_states_the_value(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A plan of any verb (``Let me add up …``) whose colon is followed by one value ending
    the sentence states what it found: the value."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Let me see whether New York has degree 3: 3?",
        "Let me walk along the edges at New York:",
        "Let me walk along the edges at New York: three, or maybe four.",
        "Let me check if New York has three edges: three.",
        "Let me walk along the edges at New York: three? Not sure.",
    ],
)
def test_round37_a_plan_left_open_or_supposed_states_no_value(text: str) -> None:
    """A plan with no value after its colon, a question, two candidates or a supposition
    (``whether``, ``if``) before it: no degree 3 of New York."""
    assert ("degree", frozenset({"New York"}), 3) not in _read(text)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Saint-Denis finishes at degree 2 once I re-check.", ("degree", {"Saint-Denis"}, 2)),
        ("New York comes out with degree 2 after we recount them.", ("degree", {"New York"}, 2)),
    ],
)  # fmt: skip
def test_round37_a_value_said_after_the_writers_own_recount_is_final(
    text: str, claim: tuple[str, set[str], int | None]
) -> None:
    """A value with ``after I recount`` / ``once I re-check`` ending the sentence is the
    checked result, final: no algorithm state."""
    kind, nodes, value = claim
    assert (kind, frozenset(nodes), value) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "Saint-Denis finishes at degree 2 once I re-check, maybe.",
        "Saint-Denis would finish at degree 2 once I re-check.",
        "Saint-Denis finishes at degree 2 after I add Kyoto.",
        "Saint-Denis finishes at degree 2 or 3 once I re-check.",
        "Does Saint-Denis finish at degree 2 once I re-check?",
    ],
)
def test_round37_a_recount_with_a_hedge_a_supposition_or_a_change_is_no_final_value(
    text: str,
) -> None:
    """A hedge, a supposition, a change to the graph (``after I add``), two candidates or a
    question: no degree 2 of Saint-Denis."""
    assert ("degree", frozenset({"Saint-Denis"}), 2) not in _read(text)


@pytest.mark.parametrize(
    "text", ["- 2 (complete neighbour list): 3", "**Node 2.** Whole neighbor list: 3."]
)
def test_round39_a_neighbour_list_of_one_id_is_its_member_not_a_count(text: str) -> None:
    """``2 (complete neighbour list): 3``: node 3 is 2's one neighbour, not its degree."""
    read = _read(text, True)
    assert ("neighbours", frozenset({"New York", "Paris"}), None) in read
    assert not {c for c in read if c[0] == "degree"}


def test_round39_a_neighbour_count_of_an_id_is_its_degree() -> None:
    assert ("degree", frozenset({"New York"}), 2) in _read("Node 2 neighbour count: 2", True)
