"""Maximum weight triangle (enumeration, medium): the heaviest triangle by node weights."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from gralgo.graphs import SampledGraph, adjacency_dicts
from gralgo.lazy import lazy_module
from gralgo.tasks import _certificate_checks as cert
from gralgo.tasks._base import (
    DefinedTask,
    InstanceRejected,
    Problem,
    Solution,
    TaskSettings,
)
from gralgo.tasks._domains import domain_for
from gralgo.tasks._graph_helpers import draw_node_weights, make_problem_record, working_copy
from gralgo.tasks._heuristics import Exactness, Heuristic, shown

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


def triangles(graph: nx.Graph[str]) -> Iterator[tuple[str, str, str]]:
    """Every triangle once as a sorted triple, in lexicographic order. O(sum of deg^2)."""
    adjacency = adjacency_dicts(graph)
    for u in sorted(adjacency):
        later = sorted([n for n in adjacency[u] if n > u])
        for i, v in enumerate(later):
            row = adjacency[v]  # graph.has_edge(v, w) is w in row
            for w in later[i + 1 :]:
                if w in row:
                    yield u, v, w


def _top_three(problem: Problem) -> int:
    """The sum of the three largest node weights."""
    nodes = problem.graph.nodes
    return sum(sorted((int(nodes[n]["weight"]) for n in nodes), reverse=True)[:3])


def _heaviest_edge_triangle(problem: Problem) -> list[str]:
    """The heaviest edge (by its two node weights) that has a common neighbour, with its best
    common neighbour."""
    graph = problem.graph
    weight = {node: int(graph.nodes[node]["weight"]) for node in graph}
    ranked = sorted(graph.edges(), key=lambda e: (-(weight[e[0]] + weight[e[1]]), sorted(e)))
    for u, v in ranked:
        common = set(graph[u]) & set(graph[v])
        if common:
            return [str(weight[u] + weight[v] + max(weight[w] for w in common))]
    return []


def _weights(problem: Problem) -> dict[str, int]:
    return {node: int(problem.graph.nodes[node]["weight"]) for node in problem.graph}


def _best_through(problem: Problem, nodes: Iterable[str]) -> list[str]:
    """The heaviest triangle through any of ``nodes`` (none: no candidate)."""
    graph, weight = problem.graph, _weights(problem)
    adjacency = adjacency_dicts(graph)
    best = None
    for u in nodes:
        row = sorted(n for n in adjacency[u] if n != u)
        for i, v in enumerate(row):
            for w in row[i + 1 :]:
                if w in adjacency[v]:
                    total = weight[u] + weight[v] + weight[w]
                    best = total if best is None or total > best else best
    return [] if best is None else [str(best)]


def _top5_heavy_triangle(problem: Problem) -> list[str]:
    """The heaviest triangle through one of the five heaviest nodes."""
    weight = _weights(problem)
    return _best_through(problem, sorted(weight, key=lambda n: (-weight[n], n))[:5])


def _triangles_touch_top5(problem: Problem, answer: str) -> bool:
    """Every triangle has a node among the five heaviest (as :func:`_top5_heavy_triangle`
    ranks them), so the heaviest triangle is one through them."""
    weight = _weights(problem)
    top = set(sorted(weight, key=lambda n: (-weight[n], n))[:5])
    adjacency = adjacency_dicts(problem.graph)
    rest = {
        n: {m for m in adjacency[n] if m not in top and m != n} for n in adjacency if n not in top
    }
    return not any(rest[u] & rest[v] for u in rest for v in rest[u])


def _heaviest_node_triangle(problem: Problem) -> list[str]:
    weight = _weights(problem)
    for node in sorted(weight, key=lambda n: (-weight[n], n)):
        found = _best_through(problem, [node])
        if found:
            return found
    return []


def _greedy_heavy_path(problem: Problem) -> list[str]:
    """The heaviest node, its heaviest neighbour with a common neighbour, their heaviest one."""
    graph, weight = problem.graph, _weights(problem)
    for u in sorted(weight, key=lambda n: (-weight[n], n)):
        for v in sorted(graph[u], key=lambda n: (-weight[n], n)):
            common = (set(graph[u]) & set(graph[v])) - {u, v}
            if common:
                return [str(weight[u] + weight[v] + max(weight[w] for w in common))]
    return []


def _first_listed_triangle(problem: Problem) -> list[str]:
    """The first triangle closed by the edge list as shown (its weight)."""
    weight = _weights(problem)
    seen: dict[str, set[str]] = {}
    for u, v in shown(problem).edges:
        common = seen.get(u, set()) & seen.get(v, set())
        if common:
            return [str(weight[u] + weight[v] + max(weight[w] for w in common))]
        seen.setdefault(u, set()).add(v)
        seen.setdefault(v, set()).add(u)
    return []


class MaxWeightTriangleTask(DefinedTask):
    """Output the largest total node weight of a triangle; rejects triangle-free graphs."""

    name = "max_weight_triangle"
    taxonomy = "enumeration"
    complexity = "medium"
    option_names = ("node_weight_range",)
    node_weighted = True

    def __init__(self, settings: TaskSettings) -> None:
        super().__init__(settings)
        self.weight_range = self.options.int_range("node_weight_range", (1, 100), minimum=1)

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        graph = working_copy(sample, self.name)
        if next(triangles(graph), None) is None:
            raise InstanceRejected(f"{self.name}: the sampled graph has no triangle", "no_triangle")
        draw_node_weights(graph, rng, *self.weight_range)
        return make_problem_record(sample, graph, {})

    def solve(self, problem: Problem) -> Solution:
        weight = {node: int(problem.graph.nodes[node]["weight"]) for node in problem.graph}
        best: tuple[int, tuple[str, str, str]] | None = None
        for triple in triangles(problem.graph):
            total = weight[triple[0]] + weight[triple[1]] + weight[triple[2]]
            # Triangles come in lexicographic order, so ties keep the smallest triple.
            if best is None or total > best[0]:
                best = (total, triple)
        if best is None:
            raise InstanceRejected(f"{self.name}: the graph has no triangle", "no_triangle")
        total, triple = best
        certificate = {
            "total": total,
            "triangle": list(triple),
            "weights": [weight[node] for node in triple],
        }
        return Solution(answer=str(total), certificate=certificate)

    heuristics = (
        Heuristic(
            "heaviest_edge_triangle",
            "algorithm",
            "the heaviest edge with a common neighbour, plus its best common neighbour",
            _heaviest_edge_triangle,
        ),
        Heuristic(
            "top_three_nodes",
            "scan",
            "the sum of the three largest node weights (no triangle checked)",
            lambda p: [str(_top_three(p))],
        ),
        Heuristic(
            "heaviest_node_triangle",
            "algorithm",
            "the heaviest triangle through the heaviest node that has one",
            _heaviest_node_triangle,
        ),
        Heuristic(
            "top5_heavy_triangle",
            "algorithm",
            "the heaviest triangle through one of the five heaviest nodes",
            _top5_heavy_triangle,
            Exactness(
                "every triangle touches one of the five heaviest nodes", _triangles_touch_top5
            ),
        ),
        Heuristic(
            "greedy_heavy_path",
            "algorithm",
            "the heaviest node, its heaviest neighbour sharing a neighbour, their heaviest one",
            _greedy_heavy_path,
        ),
        Heuristic(
            "first_listed_triangle",
            "position",
            "the first triangle the edge list closes, as shown",
            _first_listed_triangle,
        ),
    )

    def story(self) -> str:
        domain = domain_for(self.settings.source)
        return f"{domain.sentence} Each {domain.node} has been given a positive integer weight."

    definition = (
        "A triangle is a set of three nodes that are all connected to each other by edges, "
        "and its weight is the sum of the weights of its three nodes. "
    )
    asks = "What is the maximum weight of a triangle in the graph?"
    asks_for_witness = (
        "Which triangle has the maximum weight? Put its three nodes in the box, separated by "
        "commas."
    )

    def check_nodes(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        nodes = sorted(set(answer.nodes))
        if len(nodes) != 3:
            return cert.infeasible(f"a triangle has three nodes, not {len(nodes)}")
        a, b, c = nodes
        graph = problem.graph
        if not (graph.has_edge(a, b) and graph.has_edge(b, c) and graph.has_edge(a, c)):
            return cert.infeasible(f"{nodes!r} is not a triangle")
        total = sum(int(graph.nodes[node]["weight"]) for node in nodes)
        return cert.graded(total, int(solution.answer), f"weight {total}")
