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
from gralgo.tasks._heuristics import Heuristic

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


def diametral_pair(graph: nx.Graph[str]) -> tuple[int, str, str]:
    """``(diameter, u, v)`` with ``u < v`` the lexicographically smallest farthest pair.

    BFS from every node (scipy, in C): O(|V| (|V| + |E|)).
    """
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import shortest_path

    nodes = sorted(graph.nodes())
    if len(nodes) < 2:
        raise ValueError("the diameter needs at least two nodes")
    # nx.to_scipy_sparse_array(graph, nodelist=nodes, format="csr"), built directly
    index = {node: i for i, node in enumerate(nodes)}
    rows: list[int] = []
    columns: list[int] = []
    weights: list[float] = []
    for u, row in adjacency_dicts(graph).items():
        for v, data in row.items():
            rows.append(index[u])
            columns.append(index[v])
            weights.append(data.get("weight", 1))
    matrix = csr_array((weights, (rows, columns)), shape=(len(nodes), len(nodes)))
    hops = shortest_path(matrix, directed=False, unweighted=True)
    upper = np.triu(np.where(np.isfinite(hops), hops, -1), k=1)
    diameter = upper.max()
    # Row-major order over sorted nodes: the first maximum is the lexicographically smallest pair.
    i, j = divmod(int(np.argmax(upper == diameter)), len(nodes))
    return int(diameter), nodes[i], nodes[j]


def _double_sweep(problem: Problem) -> list[str]:
    """BFS from the first node listed, then from a farthest node: that node's eccentricity."""
    graph = problem.graph
    first = min(graph.nodes())
    hops = nx.single_source_shortest_path_length(graph, first)
    far = min(n for n, d in hops.items() if d == max(hops.values()))
    return [str(max(nx.single_source_shortest_path_length(graph, far).values()))]


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
            "BFS from the first node, then from a farthest node: its eccentricity",
            _double_sweep,
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
