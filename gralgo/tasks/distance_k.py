"""Distance-k (exploration, medium): how many other nodes lie within k hops of a node."""

from __future__ import annotations

import random
from collections.abc import Callable

from gralgo.graphs import SampledGraph
from gralgo.tasks import _certificate_checks as cert
from gralgo.tasks._answers import INTEGER_ANSWER
from gralgo.tasks._base import (
    InstanceRejected,
    Problem,
    Shortcut,
    Solution,
    Task,
    TaskSettings,
)
from gralgo.tasks._graph_helpers import hop_distances, make_problem_record, param_node, working_copy
from gralgo.tasks._heuristics import Heuristic

NODE_CHOICES = ("start", "random", "away_from_hubs")
"""``start``: the sampler's centre (layered BFS keeps hop distance = layer); ``random``: any
node; ``away_from_hubs``: a random node of at most the median degree (a random walk's start is
often a hub that reaches nearly every node within k hops)."""


def _asked(problem: Problem) -> str:
    """The node the question is about."""
    return param_node(problem, "node", DistanceKTask.name)


def _reach(problem: Problem, hops: int) -> list[str]:
    """How many other nodes lie within ``hops`` hops of the asked node (a partial BFS)."""
    dist = hop_distances(problem.graph, _asked(problem))
    return [str(sum(1 for d in dist.values() if 0 < d <= hops))]


def _capped(problem: Problem, value: float) -> list[str]:
    """``value`` rounded, between 0 and n - 1."""
    return [str(max(0, min(round(value), problem.graph.number_of_nodes() - 1)))]


def _degree_sum(problem: Problem) -> list[str]:
    """Its degree plus its neighbours' degrees minus one each (paths of two edges, counted with
    repeats), no BFS: a count formula."""
    graph, node = problem.graph, _asked(problem)
    return _capped(problem, graph.degree(node) + sum(graph.degree(m) - 1 for m in graph[node]))


def _degree_power(problem: Problem) -> list[str]:
    """Its degree times the mean degree to the power k - 1 (a branching estimate)."""
    graph, node, k = problem.graph, _asked(problem), int(problem.params["k"])
    mean = 2 * graph.number_of_edges() / max(1, graph.number_of_nodes())
    return _capped(problem, graph.degree(node) * max(1.0, mean - 1) ** (k - 1))


class DistanceKTask(Task):
    """Output ``|{u != v : d(u, v) <= k}|`` (BFS, O(|V| + |E|)); certificate: those nodes."""

    name = "distance_k"
    taxonomy = "exploration"
    complexity = "medium"
    option_names = ("k_range", "node")

    def __init__(self, settings: TaskSettings) -> None:
        super().__init__(settings)
        self.k_range = self.options.int_range("k_range", (2, 4), minimum=1)
        self.node_choice = self.options.choice("node", "start", NODE_CHOICES)

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        graph = working_copy(sample, self.name)
        if self.node_choice == "start":
            node = sample.start
        elif self.node_choice == "random":
            node = rng.choice(sorted(graph.nodes()))
        else:
            degrees = sorted(d for _, d in graph.degree)
            median = degrees[(len(degrees) - 1) // 2]
            node = rng.choice(sorted(n for n, d in graph.degree if d <= median))
        eccentricity = max(hop_distances(graph, node).values())
        # k must stay below the eccentricity, or the answer is simply "every reachable node".
        low, high = self.k_range[0], min(self.k_range[1], eccentricity - 1)
        if high < low:
            raise InstanceRejected(
                f"{self.name}: node {node!r} has eccentricity {eccentricity}, too small for "
                f"k in {list(self.k_range)}",
                "eccentricity_too_small",
            )
        return make_problem_record(sample, graph, {"node": node, "k": rng.randint(low, high)})

    def solve(self, problem: Problem) -> Solution:
        node = param_node(problem, "node", self.name)
        k = int(problem.params["k"])
        within = sorted(u for u, d in hop_distances(problem.graph, node).items() if 0 < d <= k)
        certificate = {"node": node, "k": k, "nodes": within}
        return Solution(answer=str(len(within)), certificate=certificate)

    heuristics = (
        Heuristic(
            "neighbours",
            "scan",
            "its number of edges (reach over paths of <= 1 edge)",
            lambda p: [str(p.graph.degree(_asked(p)))],
        ),
        Heuristic(
            "reach_k_minus_1",
            "algorithm",
            "the nodes within k - 1 hops (a BFS stopped one level early)",
            lambda p: _reach(p, int(p.params["k"]) - 1),
        ),
        Heuristic(
            "reach_k_plus_1",
            "algorithm",
            "the nodes within k + 1 hops (a BFS run one level too far)",
            lambda p: _reach(p, int(p.params["k"]) + 1),
        ),
        Heuristic(
            "degree_sum",
            "scan",
            "its degree plus its neighbours' degrees minus one each (no BFS)",
            _degree_sum,
        ),
        Heuristic(
            "degree_power",
            "scan",
            "its degree times (mean degree - 1) to the power k - 1",
            _degree_power,
        ),
        Heuristic(
            "all_others",
            "scan",
            "every other node (n - 1)",
            lambda p: [str(p.graph.number_of_nodes() - 1)],
        ),
    )

    shortcut_rules = (
        Shortcut(
            "all_reachable",
            "every other node it reaches is within k hops (count the nodes)",
            lambda p, s: int(s.answer) == len(hop_distances(p.graph, _asked(p))) - 1,
        ),
        Shortcut(
            "neighbours_only",
            "only its direct neighbours are (count its edges)",
            lambda p, s: int(s.answer) == p.graph.degree(_asked(p)),
        ),
    )

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        node, k = label(str(problem.params["node"])), problem.params["k"]
        return (
            f"How many other nodes (not counting {node} itself) are at most {k} hops away from "
            f"{node}, that is, can be reached from {node} by a path of at most {k} edges? "
            f"{INTEGER_ANSWER}"
        )

    certificate_shape = "nodes"

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        node, k = label(str(problem.params["node"])), problem.params["k"]
        return (
            f"Which nodes (other than {node} itself) are at most {k} hops away from {node}, that "
            f"is, can be reached from {node} by a path of at most {k} edges? Put all of them in "
            "the box, separated by commas."
        )

    def check_certificate(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        return cert.check_node_set(answer, solution.certificate["nodes"], f"the {self.name} set")
