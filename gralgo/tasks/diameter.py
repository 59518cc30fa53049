"""Diameter (exploration, hard): the longest shortest-path distance in an unweighted graph."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from gralgo.graphs import adjacency_dicts
from gralgo.lazy import lazy_module
from gralgo.tasks import _certificate_checks as cert
from gralgo.tasks._answers import INTEGER_ANSWER
from gralgo.tasks._base import Problem, Shortcut, Solution, Task
from gralgo.tasks._graph_helpers import (
    canonical_shortest_path,
    require_connected,
)
from gralgo.tasks._heuristics import ON_TREES, Heuristic, shown

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


SMALL_GRAPH = 50
"""Nodes up to which :func:`diametral_pair` counts hops by numpy frontier steps (a float32 product
of two small matrices per hop: several times cheaper than scipy's validation and setup, which
dominate at these sizes); larger graphs use scipy's BFS from every node."""


def diametral_pair(graph: nx.Graph[str]) -> tuple[int, str, str]:
    """``(diameter, u, v)`` with ``u < v`` the lexicographically smallest farthest pair.

    BFS from every node: by frontier steps up to :data:`SMALL_GRAPH` nodes, by scipy (in C)
    above; the same hop counts either way. O(|V| (|V| + |E|)).
    """
    nodes = sorted(graph.nodes())
    if len(nodes) < 2:
        raise ValueError("the diameter needs at least two nodes")
    index = {node: i for i, node in enumerate(nodes)}
    rows: list[int] = []
    columns: list[int] = []
    for u, row in adjacency_dicts(graph).items():
        rows += [index[u]] * len(row)
        columns += [index[v] for v in row]
    count = len(nodes)
    hops = (
        _frontier_hops(count, rows, columns)
        if count <= SMALL_GRAPH
        else _scipy_hops(count, rows, columns)
    )
    upper = np.triu(hops, k=1)
    diameter = upper.max()
    # Row-major order over sorted nodes: the first maximum is the lexicographically smallest pair.
    i, j = divmod(int(np.argmax(upper == diameter)), count)
    return int(diameter), nodes[i], nodes[j]


def _frontier_hops(count: int, rows: list[int], columns: list[int]) -> np.ndarray:
    """Hops between every two of ``count`` nodes joined by the edges ``rows[k]``-``columns[k]``
    (each both ways), -1 where no path: every node's BFS frontier at once, one matrix
    product per hop."""
    adjacency = np.zeros((count, count), dtype=np.float32)
    adjacency[rows, columns] = 1
    reached = np.eye(count, dtype=bool)
    hops = np.where(reached, 0, -1)
    frontier = reached.astype(np.float32)
    distance = 0
    while True:
        step = ((frontier @ adjacency) > 0) & ~reached
        if not step.any():
            return hops
        distance += 1
        hops[step] = distance
        reached |= step
        frontier = step.astype(np.float32)


def _scipy_hops(count: int, rows: list[int], columns: list[int]) -> np.ndarray:
    """:func:`_frontier_hops` by scipy's BFS from every node."""
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import shortest_path

    matrix = csr_array(([1] * len(rows), (rows, columns)), shape=(count, count))
    found = shortest_path(matrix, directed=False, unweighted=True)
    return np.where(np.isfinite(found), found, -1).astype(np.int64)


def _eccentricity(graph: nx.Graph[str], node: str) -> tuple[int, str]:
    """A node's eccentricity (one BFS) and its farthest node (ties: the first by name)."""
    hops = nx.single_source_shortest_path_length(graph, node)
    far = max(hops.values())
    return far, min(n for n, d in hops.items() if d == far)


def _by_degree(graph: nx.Graph[str], largest: bool) -> str:
    """A node of smallest (or largest) degree, ties by name."""
    sign = -1 if largest else 1
    return min(graph.nodes(), key=lambda n: (sign * graph.degree(n), n))


def _double_sweep(problem: Problem) -> list[str]:
    """BFS from the first listed node, then from a farthest node: that node's eccentricity."""
    first = shown(problem).nodes[0]
    return [str(_eccentricity(problem.graph, _eccentricity(problem.graph, first)[1])[0])]


def _double_sweep_min_degree(problem: Problem) -> list[str]:
    """BFS from a node of smallest degree, then from a farthest node: its eccentricity."""
    graph = problem.graph
    return [str(_eccentricity(graph, _eccentricity(graph, _by_degree(graph, False))[1])[0])]


def _single_bfs(pick: Callable[[Problem], str]) -> Callable[[Problem], list[str]]:
    return lambda p: [str(_eccentricity(p.graph, pick(p))[0])]


def _twice_hub_eccentricity(problem: Problem) -> list[str]:
    """Twice the eccentricity of a node of largest degree, at most n - 1 (a radius bound)."""
    graph = problem.graph
    far = _eccentricity(graph, _by_degree(graph, True))[0]
    return [str(min(2 * far, graph.number_of_nodes() - 1))]


class DiameterTask(Task):
    """Output the diameter; the certificate is a diametral pair and a shortest path between them."""

    name = "diameter"
    taxonomy = "exploration"
    complexity = "hard"
    needs_connected = True

    def solve(self, problem: Problem) -> Solution:
        require_connected(problem.graph, self.name)
        diameter, u, v = diametral_pair(problem.graph)
        path = canonical_shortest_path(problem.graph, u, v)
        certificate = {"diameter": diameter, "pair": [u, v], "path": path}
        return Solution(answer=str(diameter), certificate=certificate)

    heuristics = (
        Heuristic(
            "double_sweep",
            "algorithm",
            "BFS from the first listed node, then from a farthest node: its eccentricity",
            _double_sweep,
            ON_TREES,  # a farthest node from any start ends a longest path
        ),
        Heuristic(
            "double_sweep_min_degree",
            "algorithm",
            "BFS from a node of fewest edges, then from a farthest node: its eccentricity",
            _double_sweep_min_degree,
            ON_TREES,  # a farthest node from any start ends a longest path
        ),
        Heuristic(
            "bfs_min_degree",
            "algorithm",
            "one BFS from a node of fewest edges: its eccentricity",
            _single_bfs(lambda p: _by_degree(p.graph, False)),
        ),
        Heuristic(
            "bfs_max_degree",
            "algorithm",
            "one BFS from a node of most edges: its eccentricity",
            _single_bfs(lambda p: _by_degree(p.graph, True)),
        ),
        Heuristic(
            "bfs_first_listed",
            "position",
            "one BFS from the first listed node: its eccentricity",
            _single_bfs(lambda p: shown(p).nodes[0]),
        ),
        Heuristic(
            "twice_hub_eccentricity",
            "algorithm",
            "twice the eccentricity of a node of most edges (at most n - 1)",
            _twice_hub_eccentricity,
        ),
    )

    shortcut_rules = (
        Shortcut(
            "path_graph",
            "the diameter is the node count - 1 (the graph is a path: count the nodes)",
            lambda p, s: int(s.answer) == p.graph.number_of_nodes() - 1,
        ),
        Shortcut(
            "complete_graph",
            "it is 1 (every pair is adjacent)",
            lambda p, s: int(s.answer) <= 1,
        ),
    )

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return (
            "The distance between two nodes is the number of edges on a shortest path between "
            "them. What is the diameter of the graph, that is, the largest distance between any "
            f"two nodes? {INTEGER_ANSWER}"
        )

    certificate_shape = "path"

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return (
            "The distance between two nodes is the number of edges on a shortest path between "
            "them, and the diameter is the largest distance between any two nodes. Give a "
            "shortest path between two nodes that are a diameter apart: put the path's nodes in "
            "the box in order from one end to the other, separated by commas."
        )

    def check_certificate(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        verdict = cert.check_path(problem.graph, answer)
        if verdict is not None:
            return verdict
        length = len(answer.nodes) - 1
        distance = nx.shortest_path_length(problem.graph, answer.nodes[0], answer.nodes[-1])
        if length != distance:
            return cert.infeasible(f"not a shortest path: {length} edges, distance {distance}")
        return cert.graded(length, int(solution.answer), f"distance {length}")
