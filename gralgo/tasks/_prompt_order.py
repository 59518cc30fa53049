"""The order a prompt lists a graph's nodes and edges in: a seeded random permutation.

The order is drawn from the instance's own stable seed (:func:`prompt_order_seed`, from its id),
never from its answer, so no position in a prompt carries the answer: the first listed node, the
busiest node of the first half of the edge list and every other positional scan are as good as
on a random reshuffle of the same lines (``gralgo/dataset/_order_control.py`` measures it).
Every format of an instance shows the same order: the node list, the edge list (each edge's two
ends in a drawn orientation), the adjacency list's lines and neighbours (in node-list order), the
Markdown tables. ``numeric_ids`` keeps ids in sorted-name order (ids name nodes, not positions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gralgo.seeding import stable_seed

if TYPE_CHECKING:
    import networkx as nx

ORDER_SALT = "gralgo-prompt-order/v1"


def prompt_order_seed(instance_id: str) -> int:
    """The seed of an instance's prompt order (the same for every format of the instance)."""
    return stable_seed(ORDER_SALT, instance_id)


@dataclass(frozen=True)
class ShownOrder:
    """Nodes and edges in the order a prompt lists them (edges oriented as shown)."""

    nodes: list[str]
    edges: list[tuple[str, str]]


PromptOrder = int | ShownOrder | None
"""How a prompt orders a graph: a seed to draw the order from, the order itself (e.g. read back
from a prompt, ``positional_control``), or ``None`` (sorted by name)."""


def shown_order(graph: nx.Graph[str], seed: PromptOrder) -> ShownOrder:
    """The graph's nodes and edges as a prompt with order ``seed`` lists them.

    ``None``: nodes sorted by name, edges by (smaller, larger) name (the order before prompt
    orders were drawn; format tests use it). A :class:`ShownOrder`: itself. Otherwise a
    permutation of the nodes, one of the edges and each edge's orientation, all from
    ``random.Random(seed)``, applied to the sorted lists: byte-reproducible.
    """
    from gralgo.graphs import sorted_pairs

    if isinstance(seed, ShownOrder):
        return seed
    names = sorted(graph.nodes())
    pairs = sorted_pairs(graph)
    if seed is None:
        return ShownOrder(names, pairs)
    rng = random.Random(seed)
    rng.shuffle(names)
    rng.shuffle(pairs)
    flips = rng.getrandbits(len(pairs)) if pairs else 0
    edges = [(v, u) if flips >> i & 1 else (u, v) for i, (u, v) in enumerate(pairs)]
    return ShownOrder(names, edges)


def drawn_order(graph: nx.Graph[str], instance_id: str) -> ShownOrder:
    """The order an instance's prompts list ``graph`` in, drawn once from its id: a problem that
    carries it (``Problem.order_seed``) lets every heuristic and every format read the same lists
    instead of drawing them again (the same order as the seed :func:`prompt_order_seed` gives)."""
    return shown_order(graph, prompt_order_seed(instance_id))


def permuted(order: ShownOrder, rng: random.Random) -> ShownOrder:
    """The same lines in a random order (nodes, edges and each edge's orientation)."""
    nodes, edges = list(order.nodes), list(order.edges)
    rng.shuffle(nodes)
    rng.shuffle(edges)
    return ShownOrder(nodes, [(v, u) if rng.random() < 0.5 else (u, v) for u, v in edges])
