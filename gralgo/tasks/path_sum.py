"""PathSum (exploration, easy): count root-to-leaf paths whose edge-weight sum exceeds tau."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from gralgo.errors import ConfigError
from gralgo.graphs import SampledGraph
from gralgo.lazy import lazy_module
from gralgo.tasks import _certificate_checks as cert
from gralgo.tasks._answers import INTEGER_ANSWER
from gralgo.tasks._base import (
    EdgeWeightedTask,
    InstanceRejected,
    Problem,
    Shortcut,
    Solution,
)
from gralgo.tasks._domains import domain_for
from gralgo.tasks._graph_helpers import (
    edge_weight,
    hop_distances,
    make_problem_record,
    param_node,
    working_copy,
)
from gralgo.tasks._heuristics import Heuristic

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


def leaf_sums(tree: nx.Graph[str], root: str) -> dict[str, int]:
    """Root-to-leaf weight sum for every leaf (a non-root node of degree 1). O(|V|)."""
    total = {root: 0}
    queue = deque([root])
    while queue:
        node = queue.popleft()
        for child in sorted(tree[node]):
            if child not in total:
                total[child] = total[node] + int(edge_weight(tree, node, child, "path_sum"))
                queue.append(child)
    return {node: s for node, s in sorted(total.items()) if node != root and tree.degree(node) == 1}


def draw_threshold(sums: list[int], rng: random.Random) -> int:
    """A threshold that neither every leaf nor no leaf exceeds, whenever the sums differ.

    Any integer in ``[min, max - 1]`` leaves the smallest sum out and the largest in. When all sums
    are equal no threshold can split them, so ``min - 1`` (all) or ``min`` (none) is drawn.
    """
    low, high = min(sums), max(sums)
    if low < high:
        return rng.randint(low, high - 1)
    return rng.choice([low - 1, low])


def _leaves_and_depths(problem: Problem) -> dict[str, int]:
    """Each leaf's depth (edges from the root)."""
    root = param_node(problem, "root", PathSumTask.name)
    depth = hop_distances(problem.graph, root)
    return {n: depth[n] for n in problem.graph if n != root and problem.graph.degree(n) == 1}


def _depth_formula(problem: Problem) -> list[str]:
    """The leaves whose depth times the mean edge weight exceeds tau (no weights summed)."""
    graph, tau = problem.graph, int(problem.params["tau"])
    weights = [int(w) for _, _, w in graph.edges(data="weight", default=0)]
    mean = sum(weights) / max(1, len(weights))
    return [str(sum(1 for d in _leaves_and_depths(problem).values() if d * mean > tau))]


def _deepest_leaves(problem: Problem) -> list[str]:
    """The leaves at the largest depth."""
    depths = _leaves_and_depths(problem)
    top = max(depths.values(), default=0)
    return [str(sum(1 for d in depths.values() if d == top))]


def _last_edge_above(problem: Problem) -> list[str]:
    """The leaves whose own (last) edge times their depth exceeds tau."""
    graph, tau = problem.graph, int(problem.params["tau"])
    return [
        str(
            sum(
                1
                for leaf, d in _leaves_and_depths(problem).items()
                if d * int(edge_weight(graph, leaf, next(iter(graph[leaf])), "path_sum")) > tau
            )
        )
    ]


class PathSumTask(EdgeWeightedTask):
    """Output the number of root-to-leaf paths with weight sum strictly greater than ``tau``."""

    name = "path_sum"
    taxonomy = "exploration"
    complexity = "easy"
    default_edge_weights = (1, 10)

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        graph = working_copy(sample, self.name)
        if not nx.is_tree(graph):
            raise ConfigError(
                f"task.{self.name}.sampler must produce a tree (e.g. binary_tree_bfs); the "
                f"sample from {sample.provenance.get('sampler', 'the sampler')!r} is not one"
            )
        if graph.number_of_nodes() < 2:
            raise InstanceRejected(
                f"{self.name}: a one-node tree has no root-to-leaf path", "too_small"
            )
        self.draw_weights(graph, rng)
        tau = draw_threshold(list(leaf_sums(graph, sample.start).values()), rng)
        return make_problem_record(sample, graph, {"root": sample.start, "tau": tau})

    def solve(self, problem: Problem) -> Solution:
        root = param_node(problem, "root", self.name)
        tau = int(problem.params["tau"])
        sums = leaf_sums(problem.graph, root)
        above = [{"leaf": leaf, "sum": s} for leaf, s in sums.items() if s > tau]
        certificate = {"tau": tau, "leaf_count": len(sums), "leaves_above": above}
        return Solution(answer=str(len(above)), certificate=certificate)

    heuristics = (
        Heuristic(
            "all_leaves",
            "scan",
            "the number of leaves (every path)",
            lambda p: [str(len(_leaves_and_depths(p)))],
        ),
        Heuristic(
            "half_leaves",
            "scan",
            "half the number of leaves, rounded",
            lambda p: [str(round(len(_leaves_and_depths(p)) / 2))],
        ),
        Heuristic(
            "depth_formula",
            "scan",
            "the leaves whose depth times the mean edge weight exceeds tau",
            _depth_formula,
        ),
        Heuristic("deepest_leaves", "scan", "the leaves at the largest depth", _deepest_leaves),
        Heuristic(
            "last_edge_times_depth",
            "scan",
            "the leaves whose own edge weight times their depth exceeds tau",
            _last_edge_above,
        ),
    )

    shortcut_rules = (
        Shortcut(
            "none_or_all",
            "no path or every path exceeds tau (one comparison decides it)",
            lambda p, s: int(s.answer) in (0, int(s.certificate["leaf_count"])),
        ),
    )

    def story(self) -> str:
        domain = domain_for(self.settings.source)
        return (
            f"{domain.sentence} The edges shown form a tree, and each edge has been given a "
            "positive integer weight."
        )

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        root, tau = label(str(problem.params["root"])), problem.params["tau"]
        return (
            f"Treat the tree as rooted at {root}. A leaf is a node other than the root that has "
            "exactly one neighbour, and the weight of a root-to-leaf path is the sum of the "
            "weights of its edges. How many root-to-leaf paths have a weight strictly greater "
            f"than {tau}? {INTEGER_ANSWER}"
        )

    certificate_shape = "nodes"

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        root, tau = label(str(problem.params["root"])), problem.params["tau"]
        return (
            f"Treat the tree as rooted at {root}. A leaf is a node other than the root that has "
            "exactly one neighbour, and the weight of a root-to-leaf path is the sum of the "
            "weights of its edges. Which leaves end a root-to-leaf path whose weight is strictly "
            f"greater than {tau}? Put all those leaves in the box, separated by commas (or "
            "\\boxed{none} if there is none)."
        )

    def check_certificate(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        leaves = [entry["leaf"] for entry in solution.certificate["leaves_above"]]
        return cert.check_node_set(answer, leaves, "the qualifying leaves")
