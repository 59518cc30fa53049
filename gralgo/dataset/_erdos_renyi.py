"""Erdős–Rényi variants of every task (paper §2.2): the algorithm-family study's problems.

For each task, ``n_graphs`` (300 in the paper) seeded G(n, p) graphs replace the real subgraph:
``n`` uniform in ``n_nodes``, each edge present with probability ``p``. Nodes get real-looking
names drawn from the task's own source (street names, airports, people...), so the prompt reads
like the benchmark's; tree tasks (path_sum) use a BFS tree of the graph from a random root; the
task then draws its parameters and weights and computes the answer with its own exact solver.
Draws that a task rejects (disconnected where it needs connectivity, no unique answer, a repeat)
are redrawn with the next attempt, exactly as for the size levels, so the data is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gralgo.dataset._build import (
    BuildOptions,
    GraphKey,
    graph_fingerprint,
    make_instance,
    names_are_distinguishable,
)
from gralgo.dataset._instance import Instance
from gralgo.errors import ConfigError, SamplingError
from gralgo.graphs import SampledGraph, SourceGraph
from gralgo.lazy import lazy_module
from gralgo.seeding import rng_for
from gralgo.tasks import InstanceRejected, Task

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")

CONTEXT = "erdos_renyi"
"""The ``context`` of Erdős–Rényi instances (their ``level`` is 0)."""
TREE_SAMPLERS = ("binary_tree_bfs",)
"""Samplers whose tasks need a tree: their ER graphs become BFS trees."""


@dataclass(frozen=True)
class ErdosRenyiSpec:
    """How the Erdős–Rényi graphs are drawn."""

    n_graphs: int = 300
    """Graphs per task (the paper's 300)."""
    n_nodes: tuple[int, int] = (8, 15)
    """Inclusive range of the node count."""
    p: float = 0.3
    """Edge probability."""
    weight_range: tuple[int, int] = (1, 100)
    """Integer edge weights for tasks that read given weights (distance_threshold's km);
    tasks that draw their own weights overwrite them."""

    def __post_init__(self) -> None:
        low, high = self.n_nodes
        if not 2 <= low <= high:
            raise ConfigError(
                f"context.erdos_renyi.n_nodes must be 2 <= min <= max, got {list(self.n_nodes)}"
            )
        if not 0.0 < self.p <= 1.0:
            raise ConfigError(f"context.erdos_renyi.p must be in (0, 1], got {self.p}")
        if self.n_graphs < 1:
            raise ConfigError(f"context.erdos_renyi.n_graphs must be >= 1, got {self.n_graphs}")


def erdos_renyi_sample(
    task: Task, names: tuple[str, ...], spec: ErdosRenyiSpec, rng: random.Random
) -> SampledGraph:
    """One G(n, p) graph with real-looking names (a BFS tree for tree tasks)."""
    n = rng.randint(*spec.n_nodes)
    if n > len(names):
        raise SamplingError(f"the source has {len(names)} names, fewer than {n} nodes")
    chosen = sorted(rng.sample(names, n))
    topology = nx.gnp_random_graph(n, spec.p, seed=rng.randrange(2**32))
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(chosen)
    graph.add_edges_from(sorted((chosen[u], chosen[v]) for u, v in topology.edges))
    start = rng.choice(chosen)
    if task.settings.sampler in TREE_SAMPLERS:
        tree: nx.Graph[str] = nx.Graph()
        component: set[str] = nx.node_connected_component(graph, start)
        tree.add_nodes_from(sorted(component))
        tree.add_edges_from(
            sorted(
                (min(u, v), max(u, v)) for u, v in nx.bfs_edges(graph, start, sort_neighbors=sorted)
            )
        )
        graph = tree
    for u, v in sorted(graph.edges):
        graph.edges[u, v]["weight"] = rng.randint(*spec.weight_range)
    provenance = {"sampler": "erdos_renyi", "n": n, "p": spec.p}
    return SampledGraph(graph=graph, start=start, provenance=provenance)


def build_erdos_renyi_task(
    task: Task, source: SourceGraph, spec: ErdosRenyiSpec, options: BuildOptions
) -> Iterator[Instance]:
    """The first ``min(spec.n_graphs, options.per_level)`` ER instances of ``task``."""
    seen: set[GraphKey] = set()
    for index in range(min(spec.n_graphs, options.per_level)):
        for attempt in range(options.max_attempts):
            rng = rng_for(options.seed, CONTEXT, task.name, index, attempt)
            sample = erdos_renyi_sample(task, source.node_names, spec, rng)
            graph = sample.graph
            if task.needs_connected and not nx.is_connected(graph):
                continue
            if not names_are_distinguishable(graph):
                continue
            fingerprint = graph_fingerprint(graph)
            if fingerprint in seen:
                continue
            try:
                problem = task.make_problem(sample, rng)
                solution = task.solve(problem)
            except InstanceRejected:
                continue
            seen.add(fingerprint)
            yield make_instance(
                task,
                source.name,
                0,
                CONTEXT,
                options,
                index,
                problem,
                solution,
                provenance={**problem.provenance, "attempt": attempt},
            )
            break
        else:
            raise SamplingError(
                f"task {task.name!r}: no valid Erdős–Rényi instance #{index} after "
                f"{options.max_attempts} attempts (n_nodes {list(spec.n_nodes)}, p {spec.p}); "
                "raise p or dataset.max_attempts"
            )
