"""Logic shared by the nine tasks: option parsing, weight drawing, BFS, domain sentences.

Everything here iterates nodes and edges in sorted-name order, so a task's parameters and
certificates depend only on the graph and the seeded ``random.Random``, never on insertion or hash
order.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import networkx as nx

from gralgo.errors import ConfigError
from gralgo.graphs import SampledGraph
from gralgo.graphs._fast_build import copy_graph
from gralgo.tasks._base import InstanceRejected, Problem

INTEGER_ANSWER = r"Put your final answer (a single integer) in \boxed{}, e.g. \boxed{7}."
# Node answers have no instruction here: how a node is written depends on the format (a name,
# or a number under numeric_ids), so the prompt adds ``formats.answer_instruction``.


# ---------------------------------------------------------------------------------------------
# Options


class TaskOptions:
    """Typed, validated access to ``TaskSettings.options``; errors name the config field."""

    def __init__(self, task: str, options: Mapping[str, Any], known: Iterable[str]) -> None:
        self.task = task
        self.options = dict(options)
        valid = sorted(known)
        unknown = sorted(str(key) for key in self.options if key not in valid)
        if unknown:
            raise ConfigError(
                f"task.{task}.options: unknown key(s) {', '.join(unknown)}; "
                f"valid keys: {', '.join(valid) or '(none)'}"
            )

    def _field(self, key: str) -> str:
        return f"task.{self.task}.options.{key}"

    def _pair(self, key: str, default: Sequence[Any]) -> Sequence[Any]:
        value = self.options.get(key, default)
        if isinstance(value, str | bytes) or not isinstance(value, Sequence) or len(value) != 2:
            raise ConfigError(f"{self._field(key)} must be a list [low, high]; got {value!r}")
        return value

    def int_range(self, key: str, default: tuple[int, int], minimum: int) -> tuple[int, int]:
        """A closed integer range ``[low, high]`` with ``minimum <= low <= high``."""
        low, high = self.int_range_open(key, default, minimum)
        if high is None:
            raise ConfigError(f"{self._field(key)}: the upper bound must be an integer, not null")
        return low, high

    def int_range_open(
        self, key: str, default: tuple[int, int | None], minimum: int
    ) -> tuple[int, int | None]:
        """Like :meth:`int_range`, but ``high`` may be null (meaning: no upper bound)."""
        low, high = self._pair(key, default)
        if not _is_int(low) or not (high is None or _is_int(high)):
            raise ConfigError(f"{self._field(key)} must hold integers; got {[low, high]!r}")
        if low < minimum or (high is not None and high < low):
            raise ConfigError(
                f"{self._field(key)} must satisfy {minimum} <= low <= high; got {[low, high]!r}"
            )
        return int(low), None if high is None else int(high)

    def fraction_range(self, key: str, default: tuple[float, float]) -> tuple[float, float]:
        """A closed range ``[low, high]`` with ``0 <= low <= high <= 1``."""
        low, high = self._pair(key, default)
        numeric = all(isinstance(x, int | float) and not isinstance(x, bool) for x in (low, high))
        if not numeric or not 0.0 <= low <= high <= 1.0:
            raise ConfigError(
                f"{self._field(key)} must satisfy 0 <= low <= high <= 1; got {[low, high]!r}"
            )
        return float(low), float(high)

    def integer(self, key: str, default: int, minimum: int) -> int:
        value = self.options.get(key, default)
        if not _is_int(value) or value < minimum:
            raise ConfigError(f"{self._field(key)} must be an integer >= {minimum}; got {value!r}")
        return int(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.options.get(key, default)
        if not isinstance(value, bool):
            raise ConfigError(f"{self._field(key)} must be true or false; got {value!r}")
        return value

    def choice(self, key: str, default: str, choices: Sequence[str]) -> str:
        value = self.options.get(key, default)
        if value not in choices:
            raise ConfigError(f"{self._field(key)} must be one of {list(choices)}; got {value!r}")
        return str(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------------------------------------
# Problems and weights


def working_copy(sample: SampledGraph, task: str) -> nx.Graph:
    """A copy of the sampled graph (tasks never mutate the sample); rejects an empty graph."""
    if sample.graph.number_of_nodes() == 0:
        raise InstanceRejected(f"{task}: the sampled graph has no nodes", "too_small")
    return copy_graph(sample.graph)


def make_problem_record(sample: SampledGraph, graph: nx.Graph, params: dict[str, Any]) -> Problem:
    """A :class:`Problem` whose provenance is the sampler's, plus the start node."""
    return Problem(
        graph=graph, params=params, provenance={**sample.provenance, "start": sample.start}
    )


def require_connected(graph: nx.Graph, task: str) -> None:
    """Reject a graph that is disconnected or has fewer than two nodes."""
    if graph.number_of_nodes() < 2:
        raise InstanceRejected(f"{task}: the graph needs at least two nodes", "too_small")
    if not nx.is_connected(graph):
        raise InstanceRejected(f"{task}: the graph must be connected", "disconnected")


def sorted_edges(graph: nx.Graph) -> list[tuple[str, str]]:
    """Every edge once as ``(u, v)`` with ``u < v``, sorted."""
    return sorted((u, v) if u < v else (v, u) for u, v in graph.edges())


def draw_node_weights(graph: nx.Graph, rng: random.Random, low: int, high: int) -> None:
    """Set an integer ``weight`` in ``[low, high]`` on every node, in sorted-name order."""
    for node in sorted(graph.nodes()):
        graph.nodes[node]["weight"] = rng.randint(low, high)


def draw_edge_weights(graph: nx.Graph, rng: random.Random, low: int, high: int) -> None:
    """Set an integer ``weight`` in ``[low, high]`` on every edge, in sorted-edge order."""
    for u, v in sorted_edges(graph):
        graph.edges[u, v]["weight"] = rng.randint(low, high)


def edge_weight(graph: nx.Graph, u: str, v: str, task: str) -> int | float:
    """The ``weight`` of edge ``(u, v)``; a missing weight means the problem was not prepared."""
    try:
        return graph.edges[u, v]["weight"]  # type: ignore[no-any-return]
    except KeyError:
        raise ValueError(f"{task}: edge ({u!r}, {v!r}) has no 'weight' attribute") from None


def param_node(problem: Problem, key: str, task: str) -> str:
    """The node named by ``problem.params[key]``; it must be in the graph."""
    node = problem.params.get(key)
    if node not in problem.graph:
        raise ValueError(f"{task}: params[{key!r}] = {node!r} is not a node of the graph")
    return str(node)


# ---------------------------------------------------------------------------------------------
# Unweighted distances


def hop_distances(graph: nx.Graph, source: str) -> dict[str, int]:
    """Breadth-first hop distance from ``source`` to every node it reaches. O(|V| + |E|)."""
    dist = {source: 0}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        for neighbour in graph[node]:  # distances do not depend on the visiting order
            if neighbour not in dist:
                dist[neighbour] = dist[node] + 1
                queue.append(neighbour)
    return dist


def canonical_shortest_path(graph: nx.Graph, source: str, target: str) -> list[str]:
    """The lexicographically smallest shortest path (by hops) from ``source`` to ``target``."""
    to_target = hop_distances(graph, target)
    if source not in to_target:
        raise ValueError(f"{target!r} is not reachable from {source!r}")
    path = [source]
    while path[-1] != target:
        here = path[-1]
        path.append(min(n for n in graph[here] if to_target.get(n) == to_target[here] - 1))
    return path


# ---------------------------------------------------------------------------------------------
# Domains: what nodes and edges mean in each source family


@dataclass(frozen=True)
class Domain:
    """How a source's nodes and edges read in a prompt."""

    node: str
    """Singular noun for a node (``street``)."""
    sentence: str
    """The sentence saying what nodes and edges are."""
    native_weight: str | None = None
    """What the source's own edge ``weight`` measures, where it has one."""
    weight_unit: str | None = None
    """Unit of the native weight, written after distances in questions (``km``)."""


_DOMAINS: tuple[tuple[str, Domain], ...] = (
    (
        "osm",
        Domain(
            "street",
            "The graph is a sample of a city's street network: each node is a street, and an edge "
            "joins two streets that meet at an intersection.",
        ),
    ),
    (
        "openflights",
        Domain(
            "airport",
            "The graph is a sample of the world airline network: each node is an airport, and an "
            "edge is a direct flight route between two airports.",
            "the great-circle distance between the two airports in kilometres",
            "km",
        ),
    ),
    (
        "wiki",
        Domain(
            "article",
            "The graph is a sample of Wikipedia: each node is a Wikipedia article, and an edge "
            "joins two articles when one contains a hyperlink to the other.",
        ),
    ),
    (
        "dbpedia",
        Domain(
            "entity",
            "The graph is a sample of the DBpedia knowledge graph: each node is an entity, and an "
            "edge joins two entities that are linked by a relation.",
        ),
    ),
    (
        "dblp",
        Domain(
            "author",
            "The graph is a sample of the DBLP co-authorship network: each node is a computer "
            "science researcher, and an edge joins two researchers who wrote a paper together.",
            "the number of papers the two researchers wrote together",
        ),
    ),
)

_GENERIC_DOMAIN = Domain("node", "The graph below is an undirected graph.")

SAMPLE_NOTE = (
    "Only the edges listed below exist in this problem (real ones may have been left out), so "
    "do not add connections from what you know about the real network."
)
"""Said after every real domain's sentence: samples drop real edges (thinning keeps about half
of them on dense sources), and a model using world knowledge would add edges that are not
there."""


def domain_for(source: str) -> Domain:
    """The domain of a source, matched by name prefix (``osm_paris`` -> streets).

    A user-supplied source outside the five families gets a neutral sentence rather than a wrong
    one.
    """
    for prefix, domain in _DOMAINS:
        if source.startswith(prefix):
            return replace(domain, sentence=f"{domain.sentence} {SAMPLE_NOTE}")
    return _GENERIC_DOMAIN
