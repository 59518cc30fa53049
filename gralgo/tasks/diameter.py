"""Diameter (exploration, hard): the longest shortest-path distance in an unweighted graph."""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx

from gralgo.graphs import SampledGraph
from gralgo.tasks._base import Problem, Solution, Task, TaskSettings
from gralgo.tasks._common import (
    INTEGER_ANSWER,
    TaskOptions,
    canonical_shortest_path,
    domain_for,
    hop_distances,
    make_problem_record,
    require_connected,
    working_copy,
)


def diametral_pair(graph: nx.Graph) -> tuple[int, str, str]:
    """``(diameter, u, v)`` with ``u < v`` the lexicographically smallest farthest pair.

    BFS from every node: O(|V| (|V| + |E|)).
    """
    best: tuple[int, str, str] | None = None
    for u in sorted(graph.nodes()):
        for v, d in sorted(hop_distances(graph, u).items()):
            if u < v and (best is None or d > best[0]):
                best = (d, u, v)
    if best is None:
        raise ValueError("the diameter needs at least two nodes")
    return best


class DiameterTask(Task):
    """Output the diameter; the certificate is a diametral pair and a shortest path between them."""

    name = "diameter"
    taxonomy = "exploration"
    complexity = "hard"
    needs_connected = True

    def __init__(self, settings: TaskSettings) -> None:
        super().__init__(settings)
        TaskOptions(self.name, settings.options, known=())

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        graph = working_copy(sample, self.name)
        require_connected(graph, self.name)
        return make_problem_record(sample, graph, {})

    def solve(self, problem: Problem) -> Solution:
        require_connected(problem.graph, self.name)
        diameter, u, v = diametral_pair(problem.graph)
        path = canonical_shortest_path(problem.graph, u, v)
        certificate = {"diameter": diameter, "pair": [u, v], "path": path}
        return Solution(answer=str(diameter), certificate=certificate)

    def story(self) -> str:
        return domain_for(self.settings.source).sentence

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return (
            "The distance between two nodes is the number of edges on a shortest path between "
            "them. What is the diameter of the graph, that is, the largest distance between any "
            f"two nodes? {INTEGER_ANSWER}"
        )
