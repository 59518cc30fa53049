"""Minimum spanning tree (intuition, medium): the total weight of an MST."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from gralgo.graphs import SampledGraph, adjacency_dicts
from gralgo.lazy import lazy_module
from gralgo.tasks import _certificate_checks as cert
from gralgo.tasks._answers import INTEGER_ANSWER
from gralgo.tasks._base import EdgeWeightedTask, Problem, Shortcut, Solution
from gralgo.tasks._domains import domain_for
from gralgo.tasks._graph_helpers import (
    edge_weight,
    make_problem_record,
    require_connected,
    sorted_edges,
    working_copy,
)
from gralgo.tasks._heuristics import ON_TREES, Exactness, Heuristic, graph_fact, shown

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


def kruskal(graph: nx.Graph[str]) -> list[tuple[str, str, int]]:
    """MST edges ``(u, v, w)``, ``u < v``, by Kruskal on edges sorted by ``(w, u, v)``.

    Ties between equal weights are broken by name, so the tree is the same on every run.
    O(|E| log |V|).
    """
    parts = nx.utils.UnionFind(graph.nodes())
    chosen: list[tuple[str, str, int]] = []
    for w, u, v in weighted_edges(graph):
        if parts[u] != parts[v]:
            parts.union(u, v)
            chosen.append((u, v, w))
    return sorted(chosen)


def weighted_edges(graph: nx.Graph[str]) -> list[tuple[int, str, str]]:
    """Every edge as ``(w, u, v)``, ``u < v``, sorted (by weight, then names), read once per
    graph while a suite scores it (``graph_fact``); an edge without a weight is an error."""

    def compute() -> list[tuple[int, str, str]]:
        adjacency = adjacency_dicts(graph)
        edges = []
        for u, v in sorted_edges(graph):
            weight = adjacency[u][v].get("weight")
            if weight is None:
                weight = edge_weight(graph, u, v, "mst_weight")  # raises its error
            edges.append((int(weight), u, v))
        edges.sort()
        return edges

    return graph_fact(graph, "mst_weight.edges", compute)


def _lightest_tree_weight(problem: Problem) -> int:
    """The sum of the n - 1 lightest edge weights (no cycle check)."""
    graph = problem.graph
    weights = sorted(int(w) for _, _, w in graph.edges(data="weight", default=0))
    return sum(weights[: graph.number_of_nodes() - 1])


SHARED_ROUNDS = 2
"""Borůvka rounds computed once per graph for the suite (its 1- and 2-round heuristics)."""


def _boruvka(graph: nx.Graph[str], rounds: int) -> list[str]:
    """``rounds`` rounds of Borůvka (each component takes its lightest outgoing edge, ties by
    (weight, names)), then the remaining components joined by the lightest edges between
    different components, without a cycle check among them: the tree's weight if that spans.
    Up to :data:`SHARED_ROUNDS` rounds come from one run per graph while a suite scores it."""
    return [_boruvka_shared(graph, rounds)[0][rounds - 1]]


def _boruvka_shared(graph: nx.Graph[str], rounds: int) -> tuple[list[str], list[int]]:
    """:func:`_boruvka_runs` for at least ``rounds`` rounds, once per graph within a suite."""
    if rounds <= SHARED_ROUNDS:
        return graph_fact(graph, "mst_weight.boruvka", lambda: _boruvka_runs(graph, SHARED_ROUNDS))
    return _boruvka_runs(graph, rounds)


def _boruvka_runs(graph: nx.Graph[str], rounds: int) -> tuple[list[str], list[int]]:
    """:func:`_boruvka`'s answer after 1, 2, ..., ``rounds`` rounds, from one run, and the
    number of components each round leaves."""
    parts = nx.utils.UnionFind(graph.nodes())
    edges = weighted_edges(graph)
    total = 0
    answers: list[str] = []
    left: list[int] = []

    def joined() -> tuple[str, int]:  # the lightest edges between what is left, no cycle check
        components = len({parts[n] for n in graph})
        crossing = [w for w, u, v in edges if parts[u] != parts[v]]
        return str(total + sum(crossing[: components - 1])), components

    for _ in range(rounds):
        best: dict[str, tuple[int, str, str]] = {}
        for w, u, v in edges:
            a, b = parts[u], parts[v]
            if a != b:
                for root in (a, b):
                    if root not in best or (w, u, v) < best[root]:
                        best[root] = (w, u, v)
        if not best:  # one component left: every later round is the same
            break
        for w, u, v in sorted(set(best.values())):
            if parts[u] != parts[v]:
                parts.union(u, v)
                total += w
        answer, components = joined()
        answers.append(answer)
        left.append(components)
    final, components = joined()
    return answers + [final] * (rounds - len(answers)), left + [components] * (rounds - len(left))


def _boruvka_rounds(rounds: int) -> Heuristic:
    return Heuristic(
        f"boruvka_{rounds}_round{'s' if rounds > 1 else ''}",
        "algorithm",
        f"{rounds} Borůvka round(s), then the lightest edges between what is left",
        lambda p: _boruvka(p.graph, rounds),
        # its rounds' edges are in the MST, and so is the lightest edge between two parts
        Exactness(
            f"{rounds} Borůvka round{'s leave' if rounds > 1 else ' leaves'} at most two "
            "components",
            lambda p, answer: _boruvka_shared(p.graph, rounds)[1][rounds - 1] <= 2,
        ),
    )


def _listed_order_tree(problem: Problem) -> list[str]:
    """Edges taken in the order the prompt lists them, skipping those closing a cycle."""
    graph = problem.graph
    parts = nx.utils.UnionFind(graph.nodes())
    total = 0
    adjacency = adjacency_dicts(graph)
    for u, v in shown(problem).edges:
        if parts[u] != parts[v]:
            parts.union(u, v)
            weight = adjacency[u][v].get("weight")
            total += int(edge_weight(graph, u, v, "mst_weight") if weight is None else weight)
    return [str(total)]


def _lightest_per_node(problem: Problem) -> list[str]:
    """The sum over nodes of each node's lightest edge, counting an edge twice when two nodes
    pick it (a count formula)."""
    graph = problem.graph
    total = 0
    for n, row in adjacency_dicts(graph).items():
        if row:
            total += min(
                int(data["weight"] if "weight" in data else edge_weight(graph, n, m, "mst_weight"))
                for m, data in row.items()
            )
    return [str(total)]


class MstWeightTask(EdgeWeightedTask):
    """Output the total weight of a minimum spanning tree; certificate: one such tree."""

    name = "mst_weight"
    taxonomy = "intuition"
    complexity = "medium"
    default_edge_weights = (1, 20)
    needs_connected = True

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        graph = working_copy(sample, self.name)
        require_connected(graph, self.name)
        self.draw_weights(graph, rng)
        return make_problem_record(sample, graph, {})

    def solve(self, problem: Problem) -> Solution:
        require_connected(problem.graph, self.name)
        tree = kruskal(problem.graph)
        total = sum(w for _, _, w in tree)
        certificate = {"total": total, "edges": [[u, v, w] for u, v, w in tree]}
        return Solution(answer=str(total), certificate=certificate)

    heuristics = (
        Heuristic(
            "lightest_edges",
            "scan",
            "the sum of the n - 1 lightest edge weights (no cycle check)",
            lambda p: [str(_lightest_tree_weight(p))],
            ON_TREES,  # a tree's n - 1 edges are its spanning tree
        ),
        Heuristic(
            "lightest_per_node",
            "scan",
            "the sum of every node's lightest edge weight (edges picked twice counted twice)",
            _lightest_per_node,
        ),
        _boruvka_rounds(1),
        _boruvka_rounds(2),
        Heuristic(
            "listed_order_tree",
            "position",
            "edges in the listed order, skipping those closing a cycle",
            _listed_order_tree,
            ON_TREES,
        ),
    )

    shortcut_rules = (
        Shortcut(
            "already_tree",
            "the graph is a tree (the answer is the sum of all weights)",
            lambda p, s: p.graph.number_of_edges() == p.graph.number_of_nodes() - 1,
        ),
    )

    def story(self) -> str:
        domain = domain_for(self.settings.source)
        return f"{domain.sentence} Each edge has been given a positive integer weight (a cost)."

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return (
            "A spanning tree is a set of edges that connects all nodes of the graph without "
            "forming a cycle; its weight is the sum of its edge weights. What is the total weight "
            f"of a minimum spanning tree of the graph? {INTEGER_ANSWER}"
        )

    certificate_shape = "edges"

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return (
            "A spanning tree is a set of edges that connects all nodes of the graph without "
            "forming a cycle; its weight is the sum of its edge weights. Give the edges of a "
            "minimum spanning tree: put them in the box, each edge as (node, node), separated by "
            "commas."
        )

    def check_certificate(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        verdict = cert.unreadable(answer)
        if verdict is not None:
            return verdict
        if answer.says_empty:
            return cert.infeasible("the answer claims an empty tree")
        edges = answer.edges
        if not edges:
            return cert.unparsed("no edge given")
        graph = problem.graph
        missing = [f"{u} - {v}" for u, v in edges if not graph.has_edge(u, v)]
        if missing:
            return cert.infeasible(f"not an edge of the graph: {missing[:3]!r}")
        repeated = cert.repeated_edges(edges)
        if repeated:
            return cert.infeasible(f"lists the edge(s) {repeated[:3]!r} more than once")
        tree = nx.Graph(edges)
        tree.add_nodes_from(graph)
        if tree.number_of_edges() != graph.number_of_nodes() - 1 or not nx.is_tree(tree):
            return cert.infeasible(
                f"not a spanning tree: {tree.number_of_edges()} distinct edges for "
                f"{graph.number_of_nodes()} nodes, {nx.number_connected_components(tree)} "
                "component(s)"
            )
        total = sum(edge_weight(graph, u, v, self.name) for u, v in tree.edges())
        return cert.graded(total, int(solution.answer), f"weight {total}", maximise=False)
