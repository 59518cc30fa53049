"""Maximum clique (enumeration, hard): the size of a largest set of pairwise adjacent nodes."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gralgo.graphs import adjacency_dicts
from gralgo.lazy import lazy_module
from gralgo.tasks import _certificate_checks as cert
from gralgo.tasks._base import DefinedTask, Problem, Shortcut, Solution
from gralgo.tasks._heuristics import Exactness, Heuristic, extremes, graph_fact, shown

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")

_Rows = Mapping[str, Mapping[str, Any]]
"""A graph's adjacency dicts (node -> neighbour -> edge data)."""


def greedy_clique(graph: nx.Graph[str], start: str, degree: Mapping[str, int] | None = None) -> int:
    """Grow a clique from ``start``: add neighbours by falling degree (then name) when they
    are adjacent to every member so far. ``degree``: ``dict(graph.degree)``, when known."""
    degree = degree if degree is not None else dict(graph.degree)
    return _grown(adjacency_dicts(graph), start, lambda n: (-degree[n], n))


def _grown(adjacency: _Rows, start: str, order: Callable[[str], Any]) -> int:
    """:func:`greedy_clique`'s clique size, neighbours taken in ``order`` (a sort key)."""
    clique = [start]
    for node in sorted(adjacency[start], key=order):
        row = adjacency[node]  # graph.has_edge(node, member) is member in row
        if all(member in row for member in clique):
            clique.append(node)
    return len(clique)


def _degrees_and_rank(graph: nx.Graph[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Each node's degree, and its place by falling degree then name (the order a greedy clique
    takes neighbours in, as one integer), once per graph while a suite scores it."""

    def compute() -> tuple[dict[str, int], dict[str, int]]:
        degree = dict(graph.degree)
        ranked = sorted(degree, key=lambda n: (-degree[n], n))
        return degree, {node: i for i, node in enumerate(ranked)}

    return graph_fact(graph, "max_clique.degree_rank", compute)


def _from_hub(problem: Problem) -> list[str]:
    graph = problem.graph
    degree, rank = _degrees_and_rank(graph)
    hubs = extremes({n: float(d) for n, d in degree.items()}, largest=True)
    adjacency = adjacency_dicts(graph)
    return [str(_grown(adjacency, hub, rank.__getitem__)) for hub in hubs]


def _best_start(problem: Problem) -> list[str]:
    graph = problem.graph
    _, rank = _degrees_and_rank(graph)
    adjacency = adjacency_dicts(graph)
    return [str(max((_grown(adjacency, n, rank.__getitem__) for n in graph), default=0))]


def _closed_maximum_clique(problem: Problem, answer: str) -> bool:
    """Some node's neighbours form a maximum clique with it (the greedy clique grown from that
    node takes them all)."""
    adjacency = adjacency_dicts(problem.graph)
    size = int(answer)
    for node, row in adjacency.items():
        neighbours = [n for n in row if n != node]
        if len(neighbours) + 1 == size and all(
            b in adjacency[a] for i, a in enumerate(neighbours) for b in neighbours[i + 1 :]
        ):
            return True
    return False


def _core_plus_one(problem: Problem) -> list[str]:
    return [str(max(nx.core_number(problem.graph).values(), default=-1) + 1)]


def _min_degree_peeling(problem: Problem) -> list[str]:
    """Remove a node of smallest degree (ties: the first by name) until the rest is a clique.

    The smallest (degree, name) comes off a heap with an entry per degree change (entries whose
    degree is no longer the node's are skipped): O(E log V), where a scan per removal was
    O(V^2)."""
    adjacency = {n: set(row) - {n} for n, row in adjacency_dicts(problem.graph).items()}
    heap = [(len(row), n) for n, row in adjacency.items()]
    heapq.heapify(heap)
    while adjacency:
        while True:  # a node present at this degree is always on the heap
            degree, low = heapq.heappop(heap)
            row = adjacency.get(low)
            if row is not None and len(row) == degree:
                break
        if degree == len(adjacency) - 1:
            return [str(len(adjacency))]
        for other in adjacency.pop(low):
            neighbours = adjacency[other]
            neighbours.discard(low)
            heapq.heappush(heap, (len(neighbours), other))
    return ["0"]


def _greedy_first_listed(problem: Problem) -> list[str]:
    """A greedy clique grown from the first node of the node list as shown."""
    first = shown(problem).nodes[:1]
    _, rank = _degrees_and_rank(problem.graph)
    return [str(_grown(adjacency_dicts(problem.graph), node, rank.__getitem__)) for node in first]


def maximum_clique(graph: nx.Graph[str]) -> list[str]:
    """The lexicographically smallest sorted clique among those of maximum size.

    Every maximum clique is maximal, so enumerating maximal cliques (Bron–Kerbosch with pivoting,
    exponential in the worst case) and sorting makes the choice independent of graph order.
    """
    largest: list[list[str]] = []
    for clique in nx.find_cliques(graph):  # only the largest are sorted and compared
        if not largest or len(clique) > len(largest[0]):
            largest = [clique]
        elif len(clique) == len(largest[0]):
            largest.append(clique)
    return min(sorted(c) for c in largest)


class MaxCliqueTask(DefinedTask):
    """Output the clique number; the certificate is one maximum clique."""

    name = "max_clique"
    taxonomy = "enumeration"
    complexity = "hard"

    def solve(self, problem: Problem) -> Solution:
        clique = maximum_clique(problem.graph)
        return Solution(answer=str(len(clique)), certificate={"clique": clique})

    heuristics = (
        Heuristic(
            "core_plus_one",
            "algorithm",
            "the largest core number + 1 (an upper bound)",
            _core_plus_one,
        ),
        Heuristic(
            "greedy_from_hub",
            "algorithm",
            "a greedy clique grown from a node of most edges",
            _from_hub,
        ),
        Heuristic(
            "greedy_best_start",
            "algorithm",
            "the largest greedy clique over all start nodes",
            _best_start,
            Exactness("a node's neighbours form a maximum clique with it", _closed_maximum_clique),
        ),
        Heuristic(
            "max_degree_plus_one",
            "scan",
            "the largest degree + 1 (the busiest node and all its neighbours)",
            lambda p: [str(max((d for _, d in p.graph.degree), default=0) + 1)],
        ),
        Heuristic(
            "min_degree_peeling",
            "algorithm",
            "remove a node of smallest degree until the rest is a clique",
            _min_degree_peeling,
        ),
        Heuristic(
            "greedy_first_listed",
            "position",
            "a greedy clique grown from the first listed node",
            _greedy_first_listed,
        ),
    )

    shortcut_rules = (
        Shortcut(
            "triangle_free",
            "the clique number is at most 2 (no triangle to find)",
            lambda p, s: int(s.answer) <= 2,
        ),
    )

    definition = "A clique is a set of nodes in which every two nodes are connected by an edge. "
    asks = "What is the number of nodes in the largest clique of the graph?"
    asks_for_witness = (
        "Which nodes form a largest clique of the graph? Put them in the box, separated by commas."
    )

    def check_nodes(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        nodes = sorted(set(answer.nodes))
        for i, u in enumerate(nodes):
            for v in nodes[i + 1 :]:
                if not problem.graph.has_edge(u, v):
                    return cert.infeasible(f"not a clique: no edge between {u!r} and {v!r}")
        return cert.graded(len(nodes), int(solution.answer), f"clique of {len(nodes)}")
