"""Render -> parse round trips and exact examples for the four graph formats."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.errors import UnknownChoiceError
from gralgo.formats import FORMATS, GraphTextError, parse_graph, render_graph

AWKWARD = [
    'Rue "A", B',
    "Zürich and Köln",
    "a|b\\|c",
    "x: y",
    "",
    " lead",
    "tab\there",
    "new\nline",
]

names = st.one_of(
    st.sampled_from(AWKWARD),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12),
)


@st.composite
def graphs(draw: st.DrawFn) -> nx.Graph:
    nodes = draw(st.lists(names, min_size=0, max_size=9, unique=True))
    graph = nx.Graph()
    for node in nodes:
        graph.add_node(node, weight=draw(st.integers(-50, 10**6)))
    pairs = [(u, v) for i, u in enumerate(nodes) for v in nodes[i + 1 :]]
    for u, v in draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []:
        relation = draw(st.one_of(st.none(), names))
        attrs = {"weight": draw(st.integers(-5, 999))}
        if relation is not None:
            attrs["relation"] = relation
        graph.add_edge(u, v, **attrs)
    return graph


def expected(graph: nx.Graph, node_w: bool, edge_w: bool, relations: bool) -> nx.Graph:
    want = nx.Graph()
    for node, data in graph.nodes(data=True):
        want.add_node(node, **({"weight": data["weight"]} if node_w else {}))
    for u, v, data in graph.edges(data=True):
        attrs = {}
        if edge_w:
            attrs["weight"] = data["weight"]
        if relations and "relation" in data:
            attrs["relation"] = data["relation"]
        want.add_edge(u, v, **attrs)
    return want


def same(a: nx.Graph, b: nx.Graph) -> bool:
    return dict(a.nodes(data=True)) == dict(b.nodes(data=True)) and {
        frozenset((u, v)): d for u, v, d in a.edges(data=True)
    } == {frozenset((u, v)): d for u, v, d in b.edges(data=True)}


@settings(max_examples=150, deadline=None)
@given(graphs(), st.sampled_from(sorted(FORMATS)), st.booleans(), st.booleans(), st.booleans())
def test_round_trip(graph: nx.Graph, fmt: str, node_w: bool, edge_w: bool, relations: bool) -> None:
    rendered = render_graph(
        graph, fmt, node_weights=node_w, edge_weights=edge_w, relations=relations
    )
    parsed = parse_graph(rendered.text, fmt)
    want = expected(graph, node_w, edge_w, relations)
    if fmt == "numeric_ids":
        want = nx.relabel_nodes(want, dict(rendered.labels))
        assert sorted(rendered.labels.values(), key=int) == [str(i) for i in range(len(graph))]
    assert same(parsed, want)
    # every node label occurs in the text (table cells escape "|")
    escape = (lambda s: s.replace("|", "\\|")) if fmt == "markdown_table" else (lambda s: s)
    assert all(escape(rendered.label(n)) in rendered.text for n in graph)


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_numeric_ids_show_no_names(graph: nx.Graph) -> None:
    text = render_graph(graph, "numeric_ids", node_weights=False, edge_weights=False).text
    assert '"' not in text
    assert parse_graph(text, "numeric_ids").number_of_nodes() == graph.number_of_nodes()


def small() -> nx.Graph:
    g = nx.Graph()
    g.add_node("Zürich and Köln", weight=4)
    g.add_node('Rue "A", B', weight=2)
    g.add_node("x|y", weight=9)
    g.add_node("lonely", weight=1)
    g.add_edge("x|y", "Zürich and Köln", weight=3)
    g.add_edge('Rue "A", B', "Zürich and Köln", weight=7)
    return g


GOLDEN = {
    "edge_list": (
        'Nodes: "Rue \\"A\\", B" (weight 2), "Zürich and Köln" (weight 4), "lonely" (weight 1), '
        '"x|y" (weight 9)\n'
        "Edges:\n"
        '"Rue \\"A\\", B" -- "Zürich and Köln" (weight 7)\n'
        '"Zürich and Köln" -- "x|y" (weight 3)'
    ),
    "adjacency_list": (
        '"Rue \\"A\\", B" (weight 2): "Zürich and Köln" (weight 7)\n'
        '"Zürich and Köln" (weight 4): "Rue \\"A\\", B" (weight 7), "x|y" (weight 3)\n'
        '"lonely" (weight 1):\n'
        '"x|y" (weight 9): "Zürich and Köln" (weight 3)'
    ),
    "markdown_table": (
        "| Node | Weight |\n"
        "| --- | --- |\n"
        '| "Rue \\"A\\", B" | 2 |\n'
        '| "Zürich and Köln" | 4 |\n'
        '| "lonely" | 1 |\n'
        '| "x\\|y" | 9 |\n'
        "\n"
        "| Source | Target | Weight |\n"
        "| --- | --- | --- |\n"
        '| "Rue \\"A\\", B" | "Zürich and Köln" | 7 |\n'
        '| "Zürich and Köln" | "x\\|y" | 3 |'
    ),
    "numeric_ids": (
        "Nodes: 0 (weight 2), 1 (weight 4), 2 (weight 1), 3 (weight 9)\n"
        "Edges:\n"
        "0 -- 1 (weight 7)\n"
        "1 -- 3 (weight 3)"
    ),
}


@pytest.mark.parametrize("fmt", sorted(GOLDEN))
def test_golden(fmt: str) -> None:
    rendered = render_graph(small(), fmt, node_weights=True, edge_weights=True)
    assert rendered.text == GOLDEN[fmt]


def test_golden_plain_edge_list_and_labels() -> None:
    rendered = render_graph(small(), "edge_list", node_weights=False, edge_weights=False)
    assert (
        rendered.text.splitlines()[0]
        == 'Nodes: "Rue \\"A\\", B", "Zürich and Köln", "lonely", "x|y"'
    )
    assert rendered.label('Rue "A", B') == '"Rue \\"A\\", B"'
    numeric = render_graph(small(), "numeric_ids", node_weights=False, edge_weights=False)
    assert numeric.label("x|y") == "3"
    assert numeric.answer_labels["x|y"] == "3"
    assert rendered.answer_labels["x|y"] == "x|y"


def test_relations_shown_on_request() -> None:
    g = nx.Graph()
    g.add_edge("Ada Lovelace", "London", relation="birthPlace")
    text = render_graph(g, "edge_list", node_weights=False, edge_weights=False, relations=True).text
    assert text.endswith('"Ada Lovelace" -- "London" (relation "birthPlace")')
    hidden = render_graph(g, "edge_list", node_weights=False, edge_weights=False).text
    assert "birthPlace" not in hidden


def test_no_edges() -> None:
    g = nx.Graph()
    g.add_node("solo")
    for fmt in FORMATS:
        text = render_graph(g, fmt, node_weights=False, edge_weights=False).text
        assert same(
            parse_graph(text, fmt),
            nx.relabel_nodes(g, {"solo": "0"}) if fmt == "numeric_ids" else g,
        )


def test_unknown_format() -> None:
    with pytest.raises(UnknownChoiceError, match="edge_list"):
        render_graph(small(), "csv", node_weights=False, edge_weights=False)
    with pytest.raises(UnknownChoiceError):
        parse_graph("", "csv")


def test_missing_weight_is_an_error() -> None:
    g = nx.Graph()
    g.add_edge("a", "b")
    with pytest.raises(ValueError, match="weight"):
        render_graph(g, "edge_list", node_weights=False, edge_weights=True)


def test_non_string_nodes_rejected() -> None:
    with pytest.raises(TypeError):
        render_graph(nx.path_graph(3), "edge_list", node_weights=False, edge_weights=False)


@pytest.mark.parametrize(
    ("fmt", "text", "message"),
    [
        ("edge_list", 'Nodes: "a", "b"\nEdges:\n"a" -- "c"', "not in the node list"),
        ("edge_list", 'Nodes: "a", b\nEdges:', "column 13"),
        ("edge_list", 'Nodes: "a", "b"\nEdges:\n"a" - "b"', "line 3"),
        ("edge_list", 'Nodes: "a", "b"\nEdges:\n"a" -- "b"\n"b" -- "a"', "repeated"),
        ("adjacency_list", '"a": "b"\n"b":', "missing from the other"),
        ("adjacency_list", '"a": "b" (weight 1)\n"b": "a" (weight 2)', "disagrees"),
        ("markdown_table", '| Node |\n| --- |\n| "a" |', "expected a 'Node' table"),
        ("numeric_ids", "Nodes: 0, 1\nEdges:\n0 -- x", "an integer"),
    ],
)
def test_malformed_text(fmt: str, text: str, message: str) -> None:
    with pytest.raises(GraphTextError, match=message):
        parse_graph(text, fmt)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_round_trip_all_awkward_names(fmt: str) -> None:
    g = nx.Graph()
    for i, name in enumerate(AWKWARD):
        g.add_node(name, weight=i)
    for i, (u, v) in enumerate(zip(AWKWARD, AWKWARD[1:] + AWKWARD[:1], strict=True)):
        g.add_edge(u, v, weight=i + 10, relation=AWKWARD[-1 - i])
    rendered = render_graph(g, fmt, node_weights=True, edge_weights=True, relations=True)
    want = nx.relabel_nodes(g, dict(rendered.labels)) if fmt == "numeric_ids" else g
    assert same(parse_graph(rendered.text, fmt), want)
