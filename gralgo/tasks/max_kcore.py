"""Maximum k-core (intuition, easy): the size of the largest subgraph of minimum degree k."""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx

from gralgo.graphs import SampledGraph
from gralgo.tasks import _certificate as cert
from gralgo.tasks._base import InstanceRejected, Problem, Solution, Task, TaskSettings
from gralgo.tasks._common import (
    INTEGER_ANSWER,
    TaskOptions,
    domain_for,
    make_problem_record,
    working_copy,
)


class MaxKCoreTask(Task):
    """Output ``|k-core|`` (peeling, O(|V| + |E|)); the certificate lists the core's nodes.

    ``k`` is drawn from ``k_range`` (upper bound null: the graph's largest core number), clipped
    to the largest core number; graphs whose largest core number is below ``min_k`` are rejected,
    so small graphs still get a non-trivial ``k`` while larger ones get the preferred range.
    """

    name = "max_kcore"
    taxonomy = "intuition"
    complexity = "easy"

    def __init__(self, settings: TaskSettings) -> None:
        super().__init__(settings)
        options = TaskOptions(self.name, settings.options, known=("k_range", "min_k"))
        self.min_k = options.integer("min_k", 2, minimum=1)
        self.k_range = options.int_range_open("k_range", (3, None), minimum=self.min_k)

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        graph = working_copy(sample, self.name)
        top = max(nx.core_number(graph).values())
        if top < self.min_k:
            raise InstanceRejected(
                f"{self.name}: the largest core number is {top}, below min_k={self.min_k}"
            )
        low, high = self.k_range
        high = top if high is None else min(high, top)
        return make_problem_record(sample, graph, {"k": rng.randint(min(low, high), high)})

    def solve(self, problem: Problem) -> Solution:
        k = int(problem.params["k"])
        core = sorted(nx.k_core(problem.graph, k).nodes())
        if not core:
            raise InstanceRejected(f"{self.name}: the graph has an empty {k}-core")
        return Solution(answer=str(len(core)), certificate={"k": k, "nodes": core})

    def story(self) -> str:
        return domain_for(self.settings.source).sentence

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

    def check_certificate(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        read = answer
        if read.unknown:
            return cert.hallucinated(read.unknown)
        chosen = set(read.nodes)
        if not chosen:
            return cert.unparsed("no node given")
        k = int(problem.params["k"])
        for node in sorted(chosen):
            inside = sum(1 for neighbour in problem.graph[node] if neighbour in chosen)
            if inside < k:
                return cert.infeasible(f"{node!r} has {inside} < {k} neighbours in the set")
        return cert.graded(len(chosen), int(solution.answer), f"{k}-core of {len(chosen)}")
