"""The format registry: render a networkx graph as text in a named format, and parse it back."""

from __future__ import annotations

import functools
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gralgo.errors import UnknownChoiceError
from gralgo.formats import _adjacency_list, _edge_list, _markdown_table, _numeric_ids
from gralgo.formats._syntax import (
    IDS,
    NAMES,
    EdgeRow,
    GraphTextError,
    LabelCodec,
    NodeRow,
    json_literal,
)
from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx

    from gralgo.tasks import PromptOrder
else:
    nx = lazy_module("networkx")


@dataclass(frozen=True)
class GraphFormat:
    """One serialisation format."""

    name: str
    description: str
    """A sentence for the prompt telling the reader how to read the graph text."""
    codec: LabelCodec
    """How node labels are written (quoted names, or integer ids)."""
    write: Callable[[list[NodeRow], list[EdgeRow], Mapping[str, str]], str]
    """``(nodes, edges, written)``: the text, with each node label written as ``written`` says."""
    read: Callable[[str, LabelCodec], tuple[list[NodeRow], list[EdgeRow]]]


_QUOTED = "Node names are written as double-quoted strings (JSON string syntax)."
FORMATS: dict[str, GraphFormat] = {
    "edge_list": GraphFormat(
        "edge_list",
        "The graph is given as a list of nodes followed by its undirected edges, one per line "
        f"as A -- B. {_QUOTED}",
        NAMES,
        _edge_list.render,
        _edge_list.parse,
    ),
    "adjacency_list": GraphFormat(
        "adjacency_list",
        "The graph is given as an adjacency list: each line names a node, then a colon, then "
        f"all of its neighbours (edges are undirected and appear on both lines). {_QUOTED}",
        NAMES,
        _adjacency_list.render,
        _adjacency_list.parse,
    ),
    "markdown_table": GraphFormat(
        "markdown_table",
        "The graph is given as two Markdown tables: its nodes, then its undirected edges "
        f"(one row per edge). {_QUOTED} A '|' inside a cell is written '\\|'.",
        NAMES,
        _markdown_table.render,
        _markdown_table.parse,
    ),
    "numeric_ids": GraphFormat(
        "numeric_ids",
        "The nodes are numbered from 0, and the graph is given as a list of nodes followed by "
        "its undirected edges, one per line as A -- B. Refer to nodes by their numbers.",
        IDS,
        _edge_list.render,
        _edge_list.parse,
    ),
}
"""Format name -> :class:`GraphFormat`."""


@dataclass(frozen=True)
class RenderedGraph:
    """A graph written in one format, and how each node appears in that text."""

    text: str
    format_name: str
    labels: Mapping[str, str]
    """Node name -> its label in ``text`` (a JSON string literal, or an id); Markdown table
    cells additionally write any ``|`` as ``\\|``."""
    answer_labels: Mapping[str, str]
    """Node name -> how an answer naming the node is written (the bare name, or the id)."""

    def label(self, name: str) -> str:
        """How node ``name`` appears in the text; pass this to ``Task.question``."""
        return self.labels[name]


def get_format(format_name: str) -> GraphFormat:
    if format_name not in FORMATS:
        raise UnknownChoiceError("format", format_name, sorted(FORMATS))
    return FORMATS[format_name]


@dataclass(frozen=True)
class GraphRows:
    """A graph's nodes and edges in rendering order, labelled by name (format-independent).

    Computing them once lets one graph be written in several formats cheaply.
    """

    names: list[str]
    nodes: list[NodeRow]
    edges: list[EdgeRow]

    @functools.cached_property
    def quoted(self) -> dict[str, str]:
        """Name -> its JSON string literal (the label of every named format), made once."""
        return {name: json_literal(name) for name in self.names}


def graph_rows(
    graph: nx.Graph[str],
    *,
    node_weights: bool,
    edge_weights: bool,
    relations: bool = False,
    order_seed: PromptOrder = None,
) -> GraphRows:
    """Nodes and edges in the prompt order drawn from ``order_seed`` (``None``: nodes sorted by
    name, edges by (smaller, larger) name; ``gralgo.tasks._prompt_order``), with the requested
    attributes."""
    if any(not isinstance(n, str) for n in graph):
        raise TypeError("render_graph needs a graph whose node ids are strings (real names)")
    from gralgo.graphs import adjacency_dicts
    from gralgo.tasks import shown_order

    order = shown_order(graph, order_seed)
    names = order.nodes
    if node_weights:
        nodes = [NodeRow(n, _weight(graph.nodes[n], "node", n)) for n in names]
    else:
        nodes = [NodeRow(n) for n in names]
    pairs = order.edges
    make = tuple.__new__  # EdgeRow(u, v, weight, relation), without the named tuple's __new__
    if relations:
        adjacency = adjacency_dicts(graph)  # adjacency[u][v] is graph.edges[u, v]'s data
        edges = [_edge_row(u, v, adjacency[u][v], edge_weights, relations) for u, v in pairs]
    elif edge_weights:
        adjacency = adjacency_dicts(graph)
        edges = []
        for u, v in pairs:
            weight = adjacency[u][v].get("weight")
            if type(weight) is not int:  # the usual case is an int; else check and convert
                weight = _weight(adjacency[u][v], "edge", (u, v))
            edges.append(make(EdgeRow, (u, v, weight, None)))
    else:
        edges = [make(EdgeRow, (u, v, None, None)) for u, v in pairs]
    return GraphRows(names, nodes, edges)


def render_graph(
    graph: nx.Graph[str],
    format_name: str,
    *,
    node_weights: bool,
    edge_weights: bool,
    relations: bool = False,
    rows: GraphRows | None = None,
    order_seed: PromptOrder = None,
) -> RenderedGraph:
    """Write ``graph`` in ``format_name``, nodes and edges in the order ``order_seed`` draws
    (``None``: sorted by name; see :func:`graph_rows`).

    ``node_weights``/``edge_weights`` show the integer ``weight`` attributes (which must then be
    present); ``relations`` shows each edge's ``relation`` attribute where it has one. ``rows``
    (from :func:`graph_rows` with the same flags) skips recomputing them.
    """
    fmt = get_format(format_name)
    if rows is None:
        rows = graph_rows(
            graph,
            node_weights=node_weights,
            edge_weights=edge_weights,
            relations=relations,
            order_seed=order_seed,
        )
    names = rows.names
    if fmt.codec.numeric:
        own = _numeric_ids.id_labels(sorted(names))
        labels = {n: fmt.codec.write(own[n]) for n in names}
    else:
        own = {name: name for name in names}
        labels = rows.quoted  # fmt.codec.write(name) for every name, shared by the formats
    return RenderedGraph(fmt.write(rows.nodes, rows.edges, labels), fmt.name, labels, own)


def _edge_row(u: str, v: str, data: Mapping[str, Any], weights: bool, relations: bool) -> EdgeRow:
    weight = _weight(data, "edge", (u, v)) if weights else None
    relation = data.get("relation") if relations else None
    return EdgeRow(u, v, weight, None if relation is None else str(relation))


def _weight(data: Mapping[str, Any], kind: str, item: object) -> int:
    """The integer ``weight`` of a node or edge (``kind`` and ``item`` name it in the error)."""
    value = data.get("weight")
    if type(value) is int:  # the usual case, before the slower abstract check
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(
            f"{kind} {item!r} needs an integer 'weight' attribute to be rendered, got {value!r}"
        )
    return int(value)


def parse_graph(text: str, format_name: str) -> nx.Graph[str]:
    """Read back a graph written by :func:`render_graph` (ids as strings for ``numeric_ids``).

    Node and edge ``weight`` and edge ``relation`` attributes are restored where the text shows
    them. Raises :class:`GraphTextError` on malformed text.
    """
    fmt = get_format(format_name)
    nodes, edges = fmt.read(text, fmt.codec)
    graph: nx.Graph[str] = nx.Graph()
    for node in nodes:
        if node.label in graph:
            raise GraphTextError(f"node {json_literal(node.label)} is listed twice")
        graph.add_node(node.label, **({} if node.weight is None else {"weight": node.weight}))
    for edge in edges:
        for end in (edge.u, edge.v):
            if end not in graph:
                raise GraphTextError(f"edge endpoint {json_literal(end)} is not in the node list")
        if edge.u == edge.v or graph.has_edge(edge.u, edge.v):
            raise GraphTextError(f"edge {edge.u!r} -- {edge.v!r} is a self-loop or repeated")
        attrs: dict[str, Any] = {}
        if edge.weight is not None:
            attrs["weight"] = edge.weight
        if edge.relation is not None:
            attrs["relation"] = edge.relation
        graph.add_edge(edge.u, edge.v, **attrs)
    return graph
