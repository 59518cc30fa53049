"""Small random graphs with awkward node names, shared by the task tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import networkx as nx
import pytest

from gralgo.graphs import SampledGraph
from gralgo.seeding import rng_for
from gralgo.tasks import Task, TaskSettings, make_task

NAME_POOL = (
    'Rue "A", B',
    "Zürich and Köln",
    "O'Hare",
    "node 10",
    "node 2",
    "a",
    "B",
    "Ω",
    " leading space",
    "x, y; z",
    "Straße-1",
)
"""Names with quotes, commas, "and", non-ASCII and digits, so sorted != insertion order."""


def random_sample(rng: random.Random, n: int, p: float) -> SampledGraph:
    """A G(n, p) graph on ``n`` names from the pool, inserted in a random order."""
    names = rng.sample(NAME_POOL, n)
    graph = nx.Graph()
    graph.add_nodes_from(names)
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < p:
                graph.add_edge(names[j], names[i])
    return SampledGraph(graph=graph, start=names[0], provenance={"sampler": "test"})


def random_tree_sample(rng: random.Random, n: int) -> SampledGraph:
    """A random tree (each node attached to an earlier one) rooted at a random node."""
    names = rng.sample(NAME_POOL, n)
    graph = nx.Graph()
    graph.add_node(names[0])
    for i in range(1, n):
        graph.add_edge(names[i], names[rng.randrange(i)])
    root = rng.choice(names)
    return SampledGraph(graph=graph, start=root, provenance={"sampler": "binary_tree_bfs"})


@pytest.fixture(scope="session")
def random_samples() -> list[SampledGraph]:
    """400 graphs, 1 to 9 nodes, densities from empty to complete."""
    rng = random.Random(20240601)
    return [
        random_sample(rng, rng.randint(1, 9), rng.choice([0.0, 0.2, 0.4, 0.6, 0.8, 1.0]))
        for _ in range(400)
    ]


@pytest.fixture(scope="session")
def connected_samples(random_samples: list[SampledGraph]) -> list[SampledGraph]:
    """The connected graphs with at least two nodes among ``random_samples``."""
    return [s for s in random_samples if len(s.graph) >= 2 and nx.is_connected(s.graph)]


@pytest.fixture(scope="session")
def random_trees() -> list[SampledGraph]:
    """300 random trees with 1 to 10 nodes."""
    rng = random.Random(7)
    return [random_tree_sample(rng, rng.randint(1, 10)) for _ in range(300)]


TaskFactory = Callable[..., Task]


@pytest.fixture(scope="session")
def build_task() -> TaskFactory:
    """``build_task(name, source=..., **options)``: a task with test settings."""

    def build(name: str, source: str = "synthetic", **options: Any) -> Task:
        opts: Mapping[str, Any] = options
        return make_task(name, TaskSettings(source=source, sampler="test", options=opts))

    return build


@pytest.fixture(scope="session")
def seeded() -> Callable[..., random.Random]:
    """``seeded(i)``: an rng per test case, stable across runs."""
    return lambda *parts: rng_for("tests.tasks", *parts)
