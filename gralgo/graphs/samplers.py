"""Seeded subgraph samplers over a :class:`SourceGraph` (random walks and BFS variants).

Every random choice comes from the ``random.Random`` passed in, and neighbours are read from CSR
rows (sorted ids), so a sample depends only on the source and the seed. Every loop is bounded:
a sampler that cannot reach ``n_nodes`` tries a few other start nodes, then raises
:class:`SamplingError`.
"""

from __future__ import annotations

import functools
import heapq
import inspect
import random
import weakref
from collections import Counter, deque
from collections.abc import Callable
from contextvars import ContextVar
from itertools import repeat
from typing import Any

import numpy as np

from gralgo.errors import ConfigError, SamplingError, UnknownChoiceError
from gralgo.graphs._sampled import SampledGraph
from gralgo.graphs._shuffle import shuffle
from gralgo.graphs._source_graph import SourceGraph

MAX_STARTS = 20
"""How many start nodes a sampler tries before giving up."""
MAX_WALK_CHUNKS = 50
"""A walk is extended at most this many times ``walk_length`` steps per start node."""


class _TooSmall(Exception):
    """This start node could not yield ``n_nodes``; ``reached`` says how many it got."""

    def __init__(self, reached: int) -> None:
        super().__init__(reached)
        self.reached = reached


Admit = Callable[[frozenset[str]], str | None]
"""Sees a sample's node names before its graph is built; returns why it is refused, or None."""

_ADMIT: ContextVar[Admit | None] = ContextVar("gralgo_sampler_admit", default=None)
"""The ``admit`` of the :func:`sample_subgraph` call in progress (samplers take only options)."""


class SampleRefused(Exception):
    """``sample_subgraph``'s ``admit`` refused the drawn node set (``reason``); no graph was
    built and the generator is where building it would have left it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# A per-start attempt: returns (node ids in selection order, tree edges or None).
_Attempt = Callable[[int], tuple[list[int], list[tuple[int, int]] | None]]


def _pick_start(source: SourceGraph, rng: random.Random, candidates: np.ndarray) -> int:
    return int(candidates[rng.randrange(candidates.shape[0])])


def _run_attempts(
    source: SourceGraph,
    sampler: str,
    n_nodes: int,
    rng: random.Random,
    options: dict[str, Any],
    attempt: _Attempt,
) -> SampledGraph:
    """Try ``attempt`` from up to ``MAX_STARTS`` random start nodes of degree >= 1."""
    if n_nodes < 1:
        raise SamplingError(f"n_nodes must be at least 1, got {n_nodes}")
    if n_nodes > source.n_nodes:
        raise SamplingError(
            f"{source.name}: cannot sample {n_nodes} nodes from a source with only "
            f"{source.n_nodes} nodes; lower n_nodes or use a larger source"
        )
    candidates = np.flatnonzero(source.degrees() >= 1)
    if candidates.shape[0] == 0:
        raise SamplingError(f"{source.name}: the source has no edges to sample from")
    best = 0
    for attempt_no in range(1, MAX_STARTS + 1):
        start = _pick_start(source, rng, candidates)
        try:
            nodes, tree_edges = attempt(start)
        except _TooSmall as small:
            best = max(best, small.reached)
            continue
        admit = _ADMIT.get()
        if admit is not None:  # before the graph: a refused draw never pays for building it
            refused = admit(frozenset([source.node_names[n] for n in nodes]))
            if refused is not None:
                raise SampleRefused(refused)
        graph = source.to_networkx(nodes, edges=tree_edges)
        provenance = {
            "sampler": sampler,
            "options": dict(sorted(options.items())),
            "source": source.name,
            "start_id": start,
            "node_ids": sorted(nodes),
            "attempts": attempt_no,
        }
        return SampledGraph(graph=graph, start=source.node_names[start], provenance=provenance)
    raise SamplingError(
        f"{source.name}: sampler {sampler!r} could not reach {n_nodes} nodes from "
        f"{MAX_STARTS} random start nodes (best: {best}); the components around the start "
        f"nodes are too small or too sparse: lower n_nodes, raise the walk length, or use "
        f"another sampler/source"
    )


class _Rows(dict[int, list[int]]):
    """Neighbour lists of one source as Python lists, filled on first use (walks revisit the
    same hubs; converting a CSR row each time dominated the walk). Holds the CSR arrays, not
    the source, so the weak cache below can drop it with the source. For sources above
    :data:`ALL_ROWS_LIMIT` entries only: smaller ones get :func:`_all_rows`."""

    def __init__(self, source: SourceGraph) -> None:
        super().__init__()
        self.indptr = source.indptr
        self.indices = source.indices

    def __missing__(self, node: int) -> list[int]:
        row: list[int] = self.indices[self.indptr[node] : self.indptr[node + 1]].tolist()
        self[node] = row
        return row


ALL_ROWS_LIMIT = 1_000_000
"""CSR entries up to which a source's neighbour rows are all converted at once (a list indexed
by node id: a walk step reads it faster than a dict; ~36 MB per worker at the limit); a
full-size source converts only the rows its walks reach."""

_RowTable = list[tuple[int, ...]] | _Rows
"""Node id -> its sorted neighbour ids."""


def _all_rows(source: SourceGraph) -> list[tuple[int, ...]]:
    """Every node's neighbour ids as a tuple, in one list indexed by node id."""
    flat = source.indices.tolist()
    bounds = source.indptr.tolist()
    return [tuple(flat[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]


_ROW_CACHES: weakref.WeakKeyDictionary[SourceGraph, _RowTable] = weakref.WeakKeyDictionary()


def _row_cache(source: SourceGraph) -> _RowTable:
    """The neighbour rows of ``source`` (:func:`_all_rows`, or :class:`_Rows` for a source
    above :data:`ALL_ROWS_LIMIT` entries), shared by every walk on it."""
    cache = _ROW_CACHES.get(source)
    if cache is None:
        small = source.indices.shape[0] <= ALL_ROWS_LIMIT
        cache = _ROW_CACHES[source] = _all_rows(source) if small else _Rows(source)
    return cache


def _walk_visits(
    source: SourceGraph,
    start: int,
    n_nodes: int,
    rng: random.Random,
    walk_length: int,
    restart: float,
) -> tuple[dict[int, int], list[int]]:
    """Random walk with restart to ``start``: visit counts and first-visit order.

    The walk runs ``walk_length`` steps, and is extended by chunks of ``walk_length`` while fewer
    than ``n_nodes`` distinct nodes were seen (at most ``MAX_WALK_CHUNKS`` chunks). Each step
    draws ``random()`` for the restart, then (if it goes on) ``random()`` for the neighbour.
    """
    rows = _row_cache(source)
    visits = [start]
    seen = {start}
    current = start
    draw = rng.random  # bound once: this loop is the hottest of the whole build
    append = visits.append
    for _chunk in range(MAX_WALK_CHUNKS):
        for _step in repeat(None, walk_length):
            neighbours = rows[current]
            if neighbours and draw() >= restart:
                # int(random() * n) is several times cheaper than randrange(n) per step
                current = neighbours[int(draw() * len(neighbours))]
            else:
                current = start
            append(current)
        seen.update(visits[-walk_length:])
        if len(seen) >= n_nodes:
            break
    counts = Counter(visits)  # counted in C; keys in first-visit order
    return counts, list(counts)


def _walk_prefix(
    source: SourceGraph,
    start: int,
    n_nodes: int,
    rng: random.Random,
    walk_length: int,
    restart: float,
) -> list[int]:
    """The first ``n_nodes`` distinct nodes of :func:`_walk_visits`'s walk (fewer when the
    walk ends first), drawing nothing after the last of them."""
    rows = _row_cache(source)
    order = [start]
    seen = {start}
    current = start
    draw = rng.random
    if n_nodes <= 1:
        return order
    for _step in repeat(None, MAX_WALK_CHUNKS * walk_length):
        neighbours = rows[current]
        if neighbours and draw() >= restart:
            current = neighbours[int(draw() * len(neighbours))]
        else:
            current = start
        if current not in seen:
            seen.add(current)
            order.append(current)
            if len(order) >= n_nodes:
                break
    return order


def _connected_top(
    source: SourceGraph, start: int, counts: dict[int, int], order: list[int], n_nodes: int
) -> list[int]:
    """Grow from ``start``, always adding the most visited walked node adjacent to the chosen
    (ties: the first visited). Heap entries are single ints ``rank - visits * len(order)``, in
    the order of ``(-visits, rank)`` and cheaper to compare than tuples; ``order[entry %
    len(order)]`` is the node."""
    chosen = [start]
    member = {start}
    width = len(order)
    key = {node: rank - counts[node] * width for rank, node in enumerate(order)}
    heap: list[int] = []
    push, pop = heapq.heappush, heapq.heappop
    rows = _row_cache(source)
    node = start
    while len(chosen) < n_nodes:
        for v in rows[node]:
            if v in key and v not in member:
                push(heap, key[v])
        node = -1
        while heap:
            node = order[pop(heap) % width]
            if node not in member:
                break
            node = -1
        if node < 0:
            return chosen
        member.add(node)
        chosen.append(node)
    return chosen


def random_walk_top(
    source: SourceGraph,
    n_nodes: int,
    rng: random.Random,
    walk_length: int = 1000,
    restart: float = 0.2,
    connected: bool = False,
) -> SampledGraph:
    """Induced subgraph on the ``n_nodes`` most visited nodes of a random walk with restart.

    Ties are broken by first-visit order. With ``connected`` the nodes are chosen greedily by
    visit count among those adjacent to the nodes already chosen, so the result is connected.
    """
    options = {"walk_length": walk_length, "restart": restart, "connected": connected}
    _check_walk_options(walk_length, restart)

    def attempt(start: int) -> tuple[list[int], None]:
        counts, order = _walk_visits(source, start, n_nodes, rng, walk_length, restart)
        if len(order) < n_nodes:
            raise _TooSmall(len(order))
        if connected:
            chosen = _connected_top(source, start, counts, order, n_nodes)
            if len(chosen) < n_nodes:
                raise _TooSmall(len(chosen))
            return chosen, None
        # a stable sort keeps first-visit order among equal counts
        return sorted(order, key=counts.__getitem__, reverse=True)[:n_nodes], None

    return _run_attempts(source, "random_walk_top", n_nodes, rng, options, attempt)


def random_walk_prefix(
    source: SourceGraph,
    n_nodes: int,
    rng: random.Random,
    walk_length: int = 1000,
    restart: float = 0.5,
) -> SampledGraph:
    """Induced subgraph on the first ``n_nodes`` distinct nodes of a walk with restart.

    Each new node is adjacent to an earlier one, so the result is connected.
    """
    options = {"walk_length": walk_length, "restart": restart}
    _check_walk_options(walk_length, restart)

    def attempt(start: int) -> tuple[list[int], None]:
        order = _walk_prefix(source, start, n_nodes, rng, walk_length, restart)
        if len(order) < n_nodes:
            raise _TooSmall(len(order))
        return order[:n_nodes], None

    return _run_attempts(source, "random_walk_prefix", n_nodes, rng, options, attempt)


def bfs(source: SourceGraph, n_nodes: int, rng: random.Random) -> SampledGraph:
    """Induced subgraph on the first ``n_nodes`` nodes of a BFS with shuffled neighbour order."""

    def attempt(start: int) -> tuple[list[int], None]:
        order = [start]
        seen = {start}
        queue = deque([start])
        while queue and len(order) < n_nodes:
            row = source.neighbors(queue.popleft()).tolist()
            shuffle(row, rng)
            for v in row:
                if v not in seen:
                    seen.add(v)
                    order.append(v)
                    queue.append(v)
                    if len(order) == n_nodes:
                        break
        if len(order) < n_nodes:
            raise _TooSmall(len(order))
        return order, None

    return _run_attempts(source, "bfs", n_nodes, rng, {}, attempt)


def binary_tree_bfs(
    source: SourceGraph, n_nodes: int, rng: random.Random, max_children: int = 2
) -> SampledGraph:
    """A BFS tree of exactly ``n_nodes`` nodes where each node adopts <= ``max_children`` children.

    Children are drawn at random among the node's neighbours not yet in the tree. The graph holds
    the tree edges only; ``start`` is the root.
    """
    if max_children < 1:
        raise ConfigError(f"sampler option max_children must be >= 1, got {max_children}")
    options = {"max_children": max_children}

    def attempt(start: int) -> tuple[list[int], list[tuple[int, int]]]:
        order = [start]
        seen = {start}
        edges: list[tuple[int, int]] = []
        queue = deque([start])
        while queue and len(order) < n_nodes:
            parent = queue.popleft()
            fresh = [v for v in source.neighbors(parent).tolist() if v not in seen]
            take = min(max_children, len(fresh), n_nodes - len(order))
            for child in rng.sample(fresh, take):
                seen.add(child)
                order.append(child)
                edges.append((parent, child))
                queue.append(child)
        if len(order) < n_nodes:
            raise _TooSmall(len(order))
        return order, edges

    return _run_attempts(source, "binary_tree_bfs", n_nodes, rng, options, attempt)


def layered_bfs(
    source: SourceGraph,
    n_nodes: int,
    rng: random.Random,
    keep: float = 0.6,
    max_per_layer: int | None = None,
) -> SampledGraph:
    """Induced subgraph on random subsets of BFS layers around a centre (``start``).

    Layer ``d + 1`` keeps ``max(1, round(keep * c))`` of the ``c`` undiscovered neighbours of
    the nodes kept in layer ``d`` (at most ``max_per_layer``). Every kept node has a kept parent,
    and kept nodes in layers more than one apart are never adjacent, so the hop distance from the
    centre in the sample equals the layer index.
    """
    if not 0.0 < keep <= 1.0:
        raise ConfigError(f"sampler option keep must be in (0, 1], got {keep}")
    if max_per_layer is not None and max_per_layer < 1:
        raise ConfigError(f"sampler option max_per_layer must be >= 1, got {max_per_layer}")
    options = {"keep": keep, "max_per_layer": max_per_layer}

    def attempt(centre: int) -> tuple[list[int], None]:
        chosen = [centre]
        discovered = {centre}
        layer = [centre]
        while layer and len(chosen) < n_nodes:
            candidates: list[int] = []
            for node in layer:
                for v in source.neighbors(node).tolist():
                    if v not in discovered:
                        discovered.add(v)
                        candidates.append(v)
            size = max(1, round(keep * len(candidates))) if candidates else 0
            if max_per_layer is not None:
                size = min(size, max_per_layer)
            size = min(size, n_nodes - len(chosen))
            layer = rng.sample(candidates, size)
            chosen.extend(layer)
        if len(chosen) < n_nodes:
            raise _TooSmall(len(chosen))
        return chosen, None

    return _run_attempts(source, "layered_bfs", n_nodes, rng, options, attempt)


def _check_walk_options(walk_length: int, restart: float) -> None:
    if walk_length < 1:
        raise ConfigError(f"sampler option walk_length must be >= 1, got {walk_length}")
    if not 0.0 <= restart < 1.0:
        raise ConfigError(f"sampler option restart must be in [0, 1), got {restart}")


SAMPLERS: dict[str, Callable[..., SampledGraph]] = {
    "random_walk_top": random_walk_top,
    "random_walk_prefix": random_walk_prefix,
    "bfs": bfs,
    "binary_tree_bfs": binary_tree_bfs,
    "layered_bfs": layered_bfs,
}
"""Sampler name -> function ``(source, n_nodes, rng, **options) -> SampledGraph``."""


def sampler_options(sampler: str) -> tuple[str, ...]:
    """The option names ``sampler`` accepts."""
    if sampler not in SAMPLERS:
        raise UnknownChoiceError("sampler", sampler, sorted(SAMPLERS))
    return _option_names(SAMPLERS[sampler])


@functools.cache
def _option_names(function: Callable[..., SampledGraph]) -> tuple[str, ...]:
    """A sampler's keyword options (its parameters after source, n_nodes, rng); cached, since
    every draw checks its options and ``inspect.signature`` is slow."""
    return tuple(list(inspect.signature(function).parameters)[3:])


def sample_subgraph(
    source: SourceGraph,
    sampler: str,
    n_nodes: int,
    rng: random.Random,
    *,
    admit: Admit | None = None,
    **options: Any,
) -> SampledGraph:
    """Draw an ``n_nodes``-node subgraph of ``source`` with the named sampler.

    ``admit`` sees the drawn node names before the graph is built and may refuse them
    (:class:`SampleRefused`, with its reason): the same draws are made either way.
    """
    valid = sampler_options(sampler)
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise ConfigError(
            f"sampler {sampler!r} has no option(s) {', '.join(unknown)}; "
            f"valid options: {', '.join(valid) or '(none)'}"
        )
    token = _ADMIT.set(admit)
    try:
        return SAMPLERS[sampler](source, n_nodes, rng, **options)
    finally:
        _ADMIT.reset(token)
