"""A source without its hubs: the graph a walk samples when it must not enter any node whose
degree exceeds a cap (degree-aware sampling, see ``design/data.md``).

The capped source keeps every node id and name, so a sample's provenance still names source
nodes; a node above the cap loses its edges, and samplers never start at or walk into a node
without edges. Both the capped sources and the caps a sample size can use are remembered per
source.
"""

from __future__ import annotations

import math
import weakref

import numpy as np

from gralgo.graphs._source_graph import SourceGraph

COMPONENT_MARGIN = 1.3
"""A walk may start only in a component of at least this many times the sample's node count, so
it reaches that count quickly from any start (a start in a smaller component costs a whole
failed walk)."""

_CAPPED: weakref.WeakKeyDictionary[SourceGraph, dict[tuple[int, int], SourceGraph | None]] = (
    weakref.WeakKeyDictionary()
)
_LARGEST: weakref.WeakKeyDictionary[SourceGraph, dict[int, int]] = weakref.WeakKeyDictionary()


def walkable(sample_nodes: int) -> int:
    """The smallest component a walk for ``sample_nodes`` nodes may start in."""
    return math.ceil(COMPONENT_MARGIN * sample_nodes)


def without_hubs(source: SourceGraph, max_degree: int, sample_nodes: int = 0) -> SourceGraph:
    """``source`` with every edge at a node of degree > ``max_degree`` removed, then every edge
    of a component too small for a walk of ``sample_nodes`` nodes (:func:`walkable`). The
    source itself when nothing is removed."""
    key = (max_degree, walkable(sample_nodes))
    cache = _CAPPED.setdefault(source, {})
    if key not in cache:
        degrees = source.degrees()
        keep = degrees <= max_degree
        if key[1] > 1:
            labels = _component_labels(_keeping(source, keep))
            keep &= np.bincount(labels)[labels] >= key[1]
        # None for "unchanged": a value holding its own key would keep the source alive forever.
        cache[key] = None if bool(keep[degrees > 0].all()) else _keeping(source, keep)
    return cache[key] or source


def hub_caps(source: SourceGraph, sample_nodes: int) -> tuple[int, ...]:
    """The caps a draw of ``sample_nodes`` nodes may use, largest first: each distinct node
    degree of ``source`` whose capped source keeps a component :func:`walkable` for it."""
    largest = _LARGEST.setdefault(source, {})
    caps = []
    for cap in sorted({int(d) for d in source.degrees() if d > 0}, reverse=True):
        if cap not in largest:
            labels = _component_labels(without_hubs(source, cap))
            largest[cap] = int(np.bincount(labels).max()) if labels.size else 0
        if largest[cap] < walkable(sample_nodes):
            break  # a lower cap removes more: its components are no larger
        caps.append(cap)
    return tuple(caps)


def _keeping(source: SourceGraph, keep: np.ndarray) -> SourceGraph:
    """``source`` with only the edges between nodes where ``keep`` is true."""
    rows = np.repeat(np.arange(source.n_nodes), source.degrees())
    entry = keep[rows] & keep[source.indices]
    indptr = np.zeros(source.n_nodes + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows[entry], minlength=source.n_nodes), out=indptr[1:])
    return SourceGraph(
        name=source.name,
        node_names=source.node_names,
        indptr=indptr,
        indices=source.indices[entry],
        edge_weight=None if source.edge_weight is None else source.edge_weight[entry],
        edge_label=None if source.edge_label is None else source.edge_label[entry],
        labels=source.labels,
    )


def _component_labels(source: SourceGraph) -> np.ndarray:
    """The connected component of every node, as a label ``0..c-1``."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    n = source.n_nodes
    data = np.ones(source.indices.shape[0], dtype=np.int8)
    matrix = csr_matrix((data, source.indices, source.indptr), shape=(n, n))
    labels: np.ndarray = connected_components(matrix, directed=False)[1]
    return labels
