"""Graph helpers the tasks share: working copies, weights, parameters, hop distances.

Everything here iterates nodes and edges in sorted-name order, so a task's parameters and
certificates depend only on the graph and the seeded ``random.Random``, never on insertion or hash
order.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any

from gralgo.graphs import SampledGraph, copy_graph
from gralgo.lazy import lazy_module
from gralgo.tasks._task_records import InstanceRejected, Problem

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


def working_copy(sample: SampledGraph, task: str) -> nx.Graph[str]:
    """A copy of the sampled graph (tasks never mutate the sample), or the graph itself when the
    sample owns it (``SampledGraph.owned``: the same nodes, rows and attributes in the same
    order as the copy); rejects an empty graph."""
    if sample.graph.number_of_nodes() == 0:
        raise InstanceRejected(f"{task}: the sampled graph has no nodes", "too_small")
    return sample.graph if sample.owned else copy_graph(sample.graph)


def make_problem_record(
    sample: SampledGraph, graph: nx.Graph[str], params: dict[str, Any]
) -> Problem:
    """A :class:`Problem` whose provenance is the sampler's, plus the start node."""
    return Problem(
        graph=graph, params=params, provenance={**sample.provenance, "start": sample.start}
    )


def require_connected(graph: nx.Graph[str], task: str) -> None:
    """Reject a graph that is disconnected or has fewer than two nodes."""
    if graph.number_of_nodes() < 2:
        raise InstanceRejected(f"{task}: the graph needs at least two nodes", "too_small")
    if not nx.is_connected(graph):
        raise InstanceRejected(f"{task}: the graph must be connected", "disconnected")


def sorted_edges(graph: nx.Graph[str]) -> list[tuple[str, str]]:
    """Every edge once as ``(u, v)`` with ``u < v``, sorted."""
    from gralgo.graphs import sorted_pairs

    return sorted_pairs(graph)


def draw_node_weights(graph: nx.Graph[str], rng: random.Random, low: int, high: int) -> None:
    """Set an integer ``weight`` in ``[low, high]`` on every node, in sorted-name order."""
    for node in sorted(graph.nodes()):
        graph.nodes[node]["weight"] = rng.randint(low, high)


def draw_edge_weights(graph: nx.Graph[str], rng: random.Random, low: int, high: int) -> None:
    """Set an integer ``weight`` in ``[low, high]`` on every edge, in sorted-edge order."""
    for u, v in sorted_edges(graph):
        graph.edges[u, v]["weight"] = rng.randint(low, high)


def edge_weight(graph: nx.Graph[str], u: str, v: str, task: str) -> int | float:
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


def hop_distances(graph: nx.Graph[str], source: str) -> dict[str, int]:
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


def canonical_shortest_path(graph: nx.Graph[str], source: str, target: str) -> list[str]:
    """The lexicographically smallest shortest path (by hops) from ``source`` to ``target``."""
    to_target = hop_distances(graph, target)
    if source not in to_target:
        raise ValueError(f"{target!r} is not reachable from {source!r}")
    path = [source]
    while path[-1] != target:
        here = path[-1]
        path.append(min(n for n in graph[here] if to_target.get(n) == to_target[here] - 1))
    return path
