"""Maximum k-core (intuition, easy): the size of the largest subgraph of minimum degree k."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from gralgo.graphs import (
    SampledGraph,
    SourceGraph,
    adjacency_dicts,
    core_numbers,
    without_hubs,
)
from gralgo.lazy import lazy_module
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
from gralgo.tasks._graph_helpers import make_problem_record, working_copy
from gralgo.tasks._heuristics import Exactness, Heuristic

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")

PEELING_PASSES = (1, 2, 3, 4)
"""The partial peelings measured as heuristics (one pass is a scan of the degrees)."""

HUB_CAP = (10, 12)
"""The degree caps a small sample's walk draws from (``options.hub_cap``, null: no cap)."""


def peel(graph: nx.Graph[str], k: int, passes: int | None = None) -> tuple[int, int]:
    """``(nodes left, passes that removed something)`` after peeling ``passes`` times (None:
    until nothing changes); a pass removes, at once, every node with fewer than ``k``
    neighbours left."""
    adjacency = adjacency_dicts(graph)
    alive = set(adjacency)
    # Each node's neighbours still alive (itself too when it has a self-loop, as
    # len(alive.intersection(adjacency[n])) counts), kept up to date as nodes go.
    left = {n: len(row) for n, row in adjacency.items()}
    drop = {n for n, count in left.items() if count < k}
    done = 0
    while drop and (passes is None or done < passes):
        alive -= drop
        done += 1
        touched = set()
        for n in drop:
            for m in adjacency[n]:
                left[m] -= 1
                touched.add(m)
        # Only a node that lost a neighbour can fall below k in the next pass.
        drop = {m for m in touched if m in alive and left[m] < k}
    return len(alive), done


def _passes(count: int) -> Heuristic:
    return Heuristic(
        f"peel_{count}_passes",
        "scan" if count == 1 else "algorithm",
        f"the nodes left after {count} passes of removing every node of degree < k",
        lambda problem: [str(peel(problem.graph, int(problem.params["k"]), count)[0])],
        Exactness(
            f"peeling ends within {count} pass{'es' if count > 1 else ''}",
            lambda problem, answer: peel(problem.graph, int(problem.params["k"]))[1] <= count,
        ),
    )


def _largest_component_of_degree_k(problem: Problem) -> list[str]:
    """The size of the largest connected component among the nodes of degree >= k."""
    k = int(problem.params["k"])
    kept = [n for n, d in problem.graph.degree if d >= k]
    sub = problem.graph.subgraph(kept)
    return [str(max((len(c) for c in nx.connected_components(sub)), default=0))]


class MaxKCoreTask(Task):
    """Output ``|k-core|`` (peeling, O(|V| + |E|)); the certificate lists the core's nodes.

    ``k`` is drawn from ``k_range`` (upper bound null: the graph's largest core number), clipped
    to the largest core number, among the values whose core is neither the whole graph nor just
    the nodes of degree >= k (see :meth:`shortcuts`) when there are such values; graphs whose
    largest core number is below ``min_k`` are rejected, so small graphs still get a
    non-trivial ``k`` while larger ones get the preferred range.
    """

    name = "max_kcore"
    taxonomy = "intuition"
    complexity = "easy"
    option_names = ("k_range", "min_k", "hub_cap", "hub_cap_max_nodes")

    def __init__(self, settings: TaskSettings) -> None:
        super().__init__(settings)
        self.min_k = self.options.integer("min_k", 2, minimum=1)
        self.k_range = self.options.int_range_open("k_range", (3, None), minimum=self.min_k)
        hub_cap = self.options.options.get("hub_cap", HUB_CAP)
        self.hub_cap = None if hub_cap is None else self.options.int_range("hub_cap", HUB_CAP, 1)
        self.hub_cap_max_nodes = self.options.integer("hub_cap_max_nodes", 15, minimum=1)

    def sampling_source(
        self, source: SourceGraph, n_range: tuple[int, int], n_nodes: int, rng: random.Random
    ) -> tuple[SourceGraph, dict[str, object]]:
        """Small samples (at most ``hub_cap_max_nodes`` nodes) walk only nodes of degree <= a cap
        drawn uniformly from ``hub_cap``: a small walk around a hub is a star whose cores peel
        in one pass, so nearly every such draw was redrawn by the scan rule
        (``design/data.md``)."""
        if self.hub_cap is None or n_range[1] > self.hub_cap_max_nodes:
            return source, {}
        cap = rng.randint(*self.hub_cap)
        return without_hubs(source, cap, n_nodes), {"hub_cap": cap}

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        graph = working_copy(sample, self.name)
        cores = core_numbers(graph)
        top = max(cores.values())
        if top < self.min_k:
            raise InstanceRejected(
                f"{self.name}: the largest core number is {top}, below min_k={self.min_k}",
                "core_too_small",
            )
        low, high = self.k_range
        high = top if high is None else min(high, top)
        ks = range(min(low, high), high + 1)
        # Among the k of the range, those whose core is not the whole graph (the named
        # degeneracy, redrawn anyway); no k is chosen by what a heuristic would get.
        n = graph.number_of_nodes()
        proper = [k for k in ks if sum(c >= k for c in cores.values()) != n]
        k = rng.choice(proper or list(ks))
        return make_problem_record(sample, graph, {"k": k})

    def solve(self, problem: Problem) -> Solution:
        k = int(problem.params["k"])
        # The nodes of nx.k_core(graph, k): those of core number k or more.
        core = sorted(node for node, number in core_numbers(problem.graph).items() if number >= k)
        if not core:
            raise InstanceRejected(f"{self.name}: the graph has an empty {k}-core", "empty_core")
        return Solution(answer=str(len(core)), certificate={"k": k, "nodes": core})

    heuristics = (
        *(_passes(count) for count in PEELING_PASSES),
        Heuristic(
            "degree_above_k",
            "scan",
            "the number of nodes of degree > k",
            lambda p: [str(sum(1 for _, d in p.graph.degree if d > int(p.params["k"])))],
        ),
        Heuristic(
            "core_of_degree_k_nodes",
            "algorithm",
            "the largest connected group of nodes of degree >= k",
            _largest_component_of_degree_k,
        ),
    )

    shortcut_rules = (
        Shortcut(
            "whole_graph",
            "the k-core is every node",
            lambda p, s: int(s.answer) == p.graph.number_of_nodes(),
        ),
    )

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        k = problem.params["k"]
        return (
            f"Find the maximum {k}-core of the graph: the largest set of nodes such that every "
            f"node in the set is adjacent to (joined by an edge to) at least {k} other nodes of "
            f"the set. How many nodes does it contain? {INTEGER_ANSWER}"
        )

    certificate_shape = "nodes"

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        k = problem.params["k"]
        return (
            f"Find the maximum {k}-core of the graph: the largest set of nodes such that every "
            f"node in the set is adjacent to (joined by an edge to) at least {k} other nodes of "
            "the set. Put all its nodes in the box, separated by commas."
        )

    def check_nodes(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        chosen = set(answer.nodes)
        k = int(problem.params["k"])
        for node in sorted(chosen):
            inside = sum(1 for neighbour in problem.graph[node] if neighbour in chosen)
            if inside < k:
                return cert.infeasible(f"{node!r} has {inside} < {k} neighbours in the set")
        return cert.graded(len(chosen), int(solution.answer), f"{k}-core of {len(chosen)}")
