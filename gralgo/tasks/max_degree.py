"""Maximum degree (enumeration, easy): the largest number of neighbours of any node."""

from __future__ import annotations

import random
from collections import Counter

from gralgo.graphs import SourceGraph, hub_caps, without_hubs
from gralgo.tasks import _certificate_checks as cert
from gralgo.tasks._base import DefinedTask, Problem, Shortcut, Solution, TaskSettings
from gralgo.tasks._heuristics import Heuristic, half_busiest, shown


def _half_hub(second: bool) -> Heuristic:
    half = "second" if second else "first"
    return Heuristic(
        f"{half}_half_hub",
        "position",
        f"the degree of the node most frequent in the {half} half of the edge list as shown",
        lambda p: [str(p.graph.degree(n)) for n in half_busiest(p, second)],
    )


def _first_half_count_doubled(problem: Problem) -> list[str]:
    """Twice the most appearances of a node in the first half of the edge list as shown."""
    edges = shown(problem).edges
    half = edges[: max(1, len(edges) // 2)]
    counts = Counter(node for edge in half for node in edge)
    return [str(2 * max(counts.values(), default=0))]


def _first_listed_degree(problem: Problem) -> list[str]:
    """The degree of the first node of the node list as shown."""
    return [str(problem.graph.degree(n)) for n in shown(problem).nodes[:1]]


def _mean_degree_doubled(problem: Problem) -> list[str]:
    """Twice the mean degree, rounded (4|E| / |V|): a count formula."""
    graph = problem.graph
    return [str(round(4 * graph.number_of_edges() / max(1, graph.number_of_nodes())))]


def _busiest_left_end(problem: Problem) -> list[str]:
    """The degree of the node written most often on the left of ``--`` in the edge list."""
    counts = Counter(u for u, _ in shown(problem).edges)
    if not counts:
        return []
    best = max(counts.values())
    return [str(problem.graph.degree(n)) for n in sorted(n for n, c in counts.items() if c == best)]


class MaxDegreeTask(DefinedTask):
    """Output ``max_v deg(v)``; the certificate lists every node attaining it. O(|V| + |E|)."""

    name = "max_degree"
    taxonomy = "enumeration"
    complexity = "easy"
    option_names = ("hub_cap_share",)

    def __init__(self, settings: TaskSettings) -> None:
        super().__init__(settings)
        self.hub_cap_share = self.options.fraction("hub_cap_share", 0.6)

    def sampling_source(
        self, source: SourceGraph, n_range: tuple[int, int], n_nodes: int, rng: random.Random
    ) -> tuple[SourceGraph, dict[str, object]]:
        """Degree-aware sampling where samples hold most of the source: when the largest
        sample exceeds ``hub_cap_share`` of the source's nodes, every sample holds the same few
        hubs and their degrees are nearly the only answers. Then the walk avoids the nodes above
        a degree cap drawn uniformly among the source's degrees (those that leave a component
        large enough to walk, ``gralgo.graphs.hub_caps``), which spreads the answers."""
        share = self.hub_cap_share
        if share is None or n_range[1] <= share * source.n_nodes:
            return source, {}
        caps = hub_caps(source, n_nodes)
        if len(caps) < 2:
            return source, {}
        cap = caps[rng.randrange(len(caps))]
        return without_hubs(source, cap, n_nodes), {"hub_cap": cap}

    def solve(self, problem: Problem) -> Solution:
        degrees = {node: problem.graph.degree(node) for node in problem.graph.nodes()}
        best = max(degrees.values())
        nodes = sorted(node for node, degree in degrees.items() if degree == best)
        return Solution(answer=str(best), certificate={"max_degree": best, "nodes": nodes})

    heuristics = (
        _half_hub(second=False),
        _half_hub(second=True),
        Heuristic(
            "first_half_count_doubled",
            "position",
            "twice the most appearances of one node in the first half of the edge list",
            _first_half_count_doubled,
        ),
        Heuristic(
            "first_listed_degree",
            "position",
            "the degree of the first listed node",
            _first_listed_degree,
        ),
        Heuristic(
            "busiest_left_end",
            "position",
            "the degree of the node most often on the left of an edge line",
            _busiest_left_end,
        ),
        Heuristic(
            "mean_degree_doubled",
            "scan",
            "twice the mean degree, 4|E| / |V|, rounded",
            _mean_degree_doubled,
        ),
    )

    shortcut_rules = (
        Shortcut(
            "universal_node",
            "a node touches every other (the answer is the node count - 1)",
            lambda p, s: int(s.answer) == p.graph.number_of_nodes() - 1,
        ),
        Shortcut(
            "regular",
            "every node has the same degree (the answer is 2|E| / |V|)",
            lambda p, s: (
                min((d for _, d in p.graph.degree), default=int(s.answer)) == int(s.answer)
            ),
        ),
    )

    definition = "The degree of a node is the number of edges incident to it. "
    asks = "What is the maximum degree of any node in the graph?"
    asks_for_witness = (
        "Which node has the maximum degree in the graph? Put that node in the box (one node; "
        "if several tie, any of them)."
    )

    def check_nodes(
        self, problem: Problem, solution: Solution, answer: cert.CertificateAnswer
    ) -> cert.CertificateVerdict:
        degree = min(problem.graph.degree(node) for node in answer.nodes)
        return cert.graded(degree, int(solution.answer), f"degree {degree}")
