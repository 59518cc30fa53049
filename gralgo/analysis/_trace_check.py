"""Check the claims of a trace against the instance's graph: correct, wrong or unverifiable.

Adjacency, weights and degrees are read off the graph; distances, path totals, k-cores and
hop balls are computed exactly with networkx (per instance, cached per source). A wrong claim
gets an error kind (:data:`ERROR_KINDS`) and the true fact in words.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gralgo.analysis._text_split import Segment
from gralgo.analysis._trace_reading import Claim
from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")

VERDICTS = ("correct", "wrong", "unverifiable")
ERROR_KINDS = (
    "hallucinated_edge",
    "missed_edge",
    "wrong_weight",
    "wrong_degree",
    "wrong_distance",
    "wrong_set",
)
"""What a wrong claim gets wrong: an edge the graph lacks (a clique or triangle with a missing
pair too), an edge it has (claimed absent, or left out of a neighbour list), an edge or node
weight, a degree, a distance or path total, a k-core or hop ball."""


@dataclass(frozen=True)
class CheckedClaim:
    """A claim with its verdict."""

    claim: Claim
    verdict: str
    """One of :data:`VERDICTS`."""
    error: str | None
    """One of :data:`ERROR_KINDS` when wrong."""
    truth: str
    """The true fact (wrong claims) or why it cannot be checked (unverifiable); else ``""``."""
    segment: int = 0
    """The segment (over-thinking segmentation) the claim starts in."""


class GraphFacts:
    """The facts of one instance's graph, computed on demand and cached."""

    def __init__(self, graph: nx.Graph[str], params: Mapping[str, Any] | None = None) -> None:
        self.graph = graph
        self.params = dict(params or {})
        self.edge_weighted = any("weight" in d for _, _, d in graph.edges(data=True))
        self._order = list(graph.nodes)
        self._index = {node: i for i, node in enumerate(self._order)}
        self._matrices: dict[bool, Any] = {}
        self._hops: dict[str, dict[str, int]] = {}
        self._cores: dict[int, frozenset[str]] = {}

    @property
    def source(self) -> str | None:
        """The question's own source node (``node`` or ``root``), if it has one."""
        for key in ("node", "root"):
            value = self.params.get(key)
            if isinstance(value, str) and value in self.graph:
                return value
        return None

    def hops(self, u: str) -> dict[str, int]:
        if u not in self._hops:
            self._hops[u] = dict(nx.single_source_shortest_path_length(self.graph, u))
        return self._hops[u]

    def distance(self, u: str, v: str, by_hops: bool) -> float:
        """The shortest distance (in hops, or weighted where the graph's edges are), from one
        all-pairs matrix per kind (scipy's Floyd-Warshall: instances have at most a few hundred
        nodes, where it takes half the time of Dijkstra from every node, and a trace asks about
        many sources; the weights are whole numbers, so both give the same sums)."""
        weighted = self.edge_weighted and not by_hops
        if weighted not in self._matrices:
            from scipy.sparse.csgraph import floyd_warshall

            matrix = nx.to_scipy_sparse_array(
                self.graph, nodelist=self._order, weight="weight" if weighted else None
            )
            self._matrices[weighted] = floyd_warshall(
                matrix, directed=False, unweighted=not weighted
            )
        index = self._index
        return float(self._matrices[weighted][index[u], index[v]])

    def k_core(self, k: int) -> frozenset[str]:
        if k not in self._cores:
            self._cores[k] = frozenset(nx.k_core(self.graph, k).nodes())
        return self._cores[k]

    def check(self, claim: Claim) -> tuple[str, str | None, str]:
        """``(verdict, error kind, truth)`` for one claim."""
        if not claim.nodes:
            return "unverifiable", None, "a name is not a node of the graph"
        return _CHECKS[claim.kind](self, claim)


def _edge_text(u: str, v: str) -> str:
    return f"{u} – {v}"


def _check_edge(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    u, v = claim.nodes
    if facts.graph.has_edge(u, v):
        return "correct", None, ""
    return "wrong", "hallucinated_edge", f"no edge {_edge_text(u, v)}"


def _check_non_edge(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    u, v = claim.nodes
    if not facts.graph.has_edge(u, v):
        return "correct", None, ""
    return "wrong", "missed_edge", f"edge {_edge_text(u, v)} exists"


def _check_neighbours(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    node, listed = claim.nodes[0], set(claim.nodes[1:])
    missing = sorted(set(facts.graph[node]) - listed)
    if not missing:
        return "correct", None, ""
    return "wrong", "missed_edge", f"{node} is also adjacent to {', '.join(missing)}"


def _check_edge_weight(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    u, v = claim.nodes
    if not facts.graph.has_edge(u, v):
        return "unverifiable", None, f"no edge {_edge_text(u, v)} (counted as an edge claim)"
    weight = facts.graph.edges[u, v].get("weight")
    if weight is None:
        return "unverifiable", None, "the graph's edges have no weights"
    if int(weight) == claim.value:
        return "correct", None, ""
    return "wrong", "wrong_weight", f"{_edge_text(u, v)} has weight {weight}"


def _check_node_weight(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    (node,) = claim.nodes
    weight = facts.graph.nodes[node].get("weight")
    if weight is None:
        return "unverifiable", None, "the graph's nodes have no weights"
    if int(weight) == claim.value:
        return "correct", None, ""
    return "wrong", "wrong_weight", f"{node} has weight {weight}"


def _check_degree(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    (node,) = claim.nodes
    degree = int(facts.graph.degree(node))
    if degree == claim.value:
        return "correct", None, ""
    return "wrong", "wrong_degree", f"{node} has degree {degree}"


def _check_distance(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    by_hops = claim.kind == "hops"
    if claim.implicit_source:
        source = facts.source
        if source is None:
            return "unverifiable", None, "the question names no source node"
        u, v = source, claim.nodes[0]
    else:
        u, v = claim.nodes
    true = facts.distance(u, v, by_hops)
    if true == claim.value:
        return "correct", None, ""
    unit = " hops" if by_hops or not facts.edge_weighted else ""
    shown = "unreachable" if math.isinf(true) else f"{int(true)}{unit}"
    return "wrong", "wrong_distance", f"distance({u}, {v}) = {shown}"


def _check_path_total(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    pairs = list(zip(claim.nodes, claim.nodes[1:], strict=False))
    if not all(facts.graph.has_edge(u, v) for u, v in pairs):
        return "unverifiable", None, "the path uses an edge the graph lacks (an edge claim)"
    if facts.edge_weighted:
        total = sum(int(facts.graph.edges[u, v].get("weight", 1)) for u, v in pairs)
        hops = len(pairs)
        if claim.value in (total, hops):  # a walk's length in edges is also a true total
            return "correct", None, ""
        return "wrong", "wrong_distance", f"the path's total weight is {total}"
    if claim.value == len(pairs):
        return "correct", None, ""
    return "wrong", "wrong_distance", f"the path has {len(pairs)} edges"


def _check_clique(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    nodes = claim.nodes
    absent = [
        _edge_text(u, v)
        for i, u in enumerate(nodes)
        for v in nodes[i + 1 :]
        if not facts.graph.has_edge(u, v)
    ]
    if not absent:
        return "correct", None, ""
    return "wrong", "hallucinated_edge", f"no edge {', '.join(absent)}"


def _set_difference(claimed: set[str], true: frozenset[str]) -> str:
    parts = []
    extra, missing = sorted(claimed - true), sorted(true - claimed)
    if extra:
        parts.append(f"not in it: {', '.join(extra)}")
    if missing:
        parts.append(f"missing: {', '.join(missing)}")
    return "; ".join(parts)


def _check_k_core(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    assert claim.value is not None
    true = facts.k_core(claim.value)
    if set(claim.nodes) == true:
        return "correct", None, ""
    return (
        "wrong",
        "wrong_set",
        f"the {claim.value}-core: {_set_difference(set(claim.nodes), true)}",
    )


def _check_within_hops(facts: GraphFacts, claim: Claim) -> tuple[str, str | None, str]:
    assert claim.value is not None
    source, listed = claim.nodes[0], set(claim.nodes[1:]) - {claim.nodes[0]}
    k = claim.value
    true = frozenset(n for n, d in facts.hops(source).items() if 0 < d <= k)
    if listed == true:
        return "correct", None, ""
    return "wrong", "wrong_set", f"within {k} hops of {source}: {_set_difference(listed, true)}"


_CHECKS = {
    "edge": _check_edge,
    "non_edge": _check_non_edge,
    "neighbours": _check_neighbours,
    "edge_weight": _check_edge_weight,
    "node_weight": _check_node_weight,
    "degree": _check_degree,
    "distance": _check_distance,
    "hops": _check_distance,
    "path_total": _check_path_total,
    "clique": _check_clique,
    "k_core": _check_k_core,
    "within_hops": _check_within_hops,
}


def check_claims(
    claims: Sequence[Claim], facts: GraphFacts, segments: Sequence[Segment] = ()
) -> list[CheckedClaim]:
    """Each claim checked, with the segment it starts in (0 without ``segments``)."""
    from bisect import bisect_right

    starts = [segment.start for segment in segments]
    checked = []
    for claim in claims:
        verdict, error, truth = facts.check(claim)
        segment = max(0, bisect_right(starts, claim.start) - 1) if starts else 0
        checked.append(CheckedClaim(claim, verdict, error, truth, segment))
    return checked
