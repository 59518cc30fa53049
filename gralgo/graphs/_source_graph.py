"""A large real-world graph held compactly (CSR arrays), from which subgraphs are sampled.

Full-size sources (wiki-topcats: 1.8 M nodes, 28.5 M edges) do not fit in a networkx graph on a
24 GiB machine, so sources are stored as sorted CSR adjacency arrays plus a name table; only the
sampled subgraphs become ``networkx`` graphs.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from gralgo.graphs._fast_build import add_new_edges, add_new_nodes
from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


@dataclass(frozen=True, eq=False)
class SourceGraph:
    """An undirected simple graph in CSR form with unique, human-readable node names."""

    name: str
    """Source name, e.g. ``osm_harrisburg``."""
    node_names: tuple[str, ...]
    """``node_names[i]`` is the unique display name of node ``i``."""
    indptr: np.ndarray
    """CSR row pointers (int64, length ``n + 1``)."""
    indices: np.ndarray
    """CSR column indices (int32); each row sorted ascending, no self-loops, no duplicates."""
    edge_weight: np.ndarray | None = None
    """Optional weight per CSR entry (aligned with ``indices``); symmetric."""
    edge_label: np.ndarray | None = None
    """Optional label code per CSR entry (aligned with ``indices``), index into ``labels``."""
    labels: tuple[str, ...] = ()
    """Label vocabulary for ``edge_label`` (e.g. DBpedia relation names)."""

    @property
    def n_nodes(self) -> int:
        return len(self.node_names)

    @property
    def n_edges(self) -> int:
        return int(self.indices.shape[0]) // 2

    def neighbors(self, node: int) -> np.ndarray:
        """Sorted neighbour ids of ``node``."""
        return self.indices[self.indptr[node] : self.indptr[node + 1]]

    def degree(self, node: int) -> int:
        return int(self.indptr[node + 1] - self.indptr[node])

    def degrees(self) -> np.ndarray:
        return np.diff(self.indptr)

    def induced_edges(self, nodes: Iterable[int]) -> list[tuple[int, int, int]]:
        """Edges ``(u, v, csr_position)`` with ``u < v`` among ``nodes``, in sorted order."""
        chosen = sorted(set(int(n) for n in nodes))
        u, v, positions = self._induced(chosen)
        return list(zip(u, v, positions, strict=True))

    def _induced(self, chosen: list[int]) -> tuple[list[int], list[int], list[int]]:
        """:meth:`induced_edges` of the sorted distinct ids ``chosen``, as three lists."""
        ids = np.array(chosen, dtype=np.int64)
        starts, ends = self.indptr[ids], self.indptr[ids + 1]
        lengths = ends - starts
        # CSR positions of every neighbour entry of the chosen rows, row by row (vectorised:
        # a Python loop over hub rows dominated sampling).
        shift = starts - (np.cumsum(lengths) - lengths)  # row start minus its offset in the run
        positions = np.arange(int(lengths.sum()), dtype=np.int64) + np.repeat(shift, lengths)
        u = np.repeat(ids, lengths)
        v = self.indices[positions].astype(np.int64)
        member = _member_mask(self)  # all False between calls
        member[ids] = True
        try:
            keep = (v > u) & member[v]  # np.isin(v, chosen), without sorting hub rows
        finally:
            member[ids] = False
        return u[keep].tolist(), v[keep].tolist(), positions[keep].tolist()

    def to_networkx(
        self, nodes: Iterable[int], edges: Sequence[tuple[int, int]] | None = None
    ) -> nx.Graph[str]:
        """A networkx graph on ``nodes`` labelled by name.

        Without ``edges`` the induced subgraph is returned; with ``edges`` (pairs of node ids that
        must be source edges) only those edges are kept, e.g. a sampled tree. Edge attributes
        ``weight`` and ``relation`` are copied when the source has them. Nodes are inserted in
        ascending id order and edges in sorted order, so the result is deterministic.
        """
        chosen = sorted(set(int(n) for n in nodes))
        graph: nx.Graph[str] = nx.Graph()
        names = self.node_names
        add_new_nodes(graph, [names[n] for n in chosen])
        if edges is None:  # induced edges: distinct pairs of the nodes just added
            u, v, positions = self._induced(chosen)
            attributes = self._attributes_at(positions)
            named = zip([names[n] for n in u], [names[n] for n in v], attributes, strict=True)
            add_new_edges(graph, named)
        else:
            triples = sorted(self._locate(min(a, b), max(a, b)) for a, b in edges)
            attributes = self._attributes_at([pos for _, _, pos in triples])
            graph.add_edges_from(
                (names[a], names[b], attrs)
                for (a, b, _), attrs in zip(triples, attributes, strict=True)
            )
        return graph

    def _attributes_at(self, positions: list[int]) -> list[dict[str, object]]:
        """Per CSR position, a fresh dict: ``weight`` then ``relation``, where the source has
        them."""
        weights = None if self.edge_weight is None else self.edge_weight[positions].tolist()
        labels = None if self.edge_label is None else self.edge_label[positions].tolist()
        if weights is None and labels is None:
            return [{} for _ in positions]
        if labels is None:
            return [{"weight": w} for w in weights or ()]
        relations = [self.labels[code] for code in labels]
        if weights is None:
            return [{"relation": r} for r in relations]
        return [{"weight": w, "relation": r} for w, r in zip(weights, relations, strict=True)]

    def _locate(self, u: int, v: int) -> tuple[int, int, int]:
        row = self.neighbors(u)
        i = int(np.searchsorted(row, v))
        if i >= row.shape[0] or int(row[i]) != v:
            raise ValueError(f"{self.name}: ({u}, {v}) is not an edge")
        return u, v, int(self.indptr[u]) + i


_MEMBER_MASKS: weakref.WeakKeyDictionary[SourceGraph, np.ndarray] = weakref.WeakKeyDictionary()


def _member_mask(source: SourceGraph) -> np.ndarray:
    """A boolean array over ``source``'s nodes, all False, reused by every call (the caller
    resets what it sets)."""
    mask = _MEMBER_MASKS.get(source)
    if mask is None:
        mask = _MEMBER_MASKS[source] = np.zeros(source.n_nodes, dtype=bool)
    return mask


def build_source_graph(
    name: str,
    node_names: Sequence[str],
    sources: np.ndarray,
    targets: np.ndarray,
    weights: np.ndarray | None = None,
    labels: np.ndarray | None = None,
    label_names: Sequence[str] = (),
    combine: str = "first",
) -> SourceGraph:
    """Build a :class:`SourceGraph` from an undirected edge list of node ids.

    Self-loops are dropped; duplicate pairs (in either direction) are merged: weights are summed
    when ``combine == "sum"``, otherwise the first occurrence (in input order) is kept; labels keep
    the smallest label code, so the result never depends on input order for labels.
    """
    n = len(node_names)
    if len(set(node_names)) != n:
        raise ValueError(f"{name}: node names must be unique")
    src = np.asarray(sources, dtype=np.int64)
    dst = np.asarray(targets, dtype=np.int64)
    keep = src != dst
    src, dst = src[keep], dst[keep]
    w = None if weights is None else np.asarray(weights)[keep]
    lab = None if labels is None else np.asarray(labels, dtype=np.int32)[keep]
    lo, hi = np.minimum(src, dst), np.maximum(src, dst)
    key = lo * n + hi
    order = np.argsort(key, kind="stable")
    key_sorted = key[order]
    first = np.ones(key_sorted.shape[0], dtype=bool)
    first[1:] = key_sorted[1:] != key_sorted[:-1]
    group = np.cumsum(first) - 1
    uniq_idx = order[first]
    lo_u, hi_u = lo[uniq_idx], hi[uniq_idx]
    w_u = None
    if w is not None:
        if combine == "sum":
            w_u = np.zeros(uniq_idx.shape[0], dtype=w.dtype)
            np.add.at(w_u, group, w[order])
        else:
            w_u = w[uniq_idx]
    lab_u = None
    if lab is not None:
        lab_u = np.full(uniq_idx.shape[0], np.iinfo(np.int32).max, dtype=np.int32)
        np.minimum.at(lab_u, group, lab[order])
    # Symmetrise and sort by (row, col).
    rows = np.concatenate([lo_u, hi_u])
    cols = np.concatenate([hi_u, lo_u])
    perm = np.lexsort((cols, rows))
    rows, cols = rows[perm], cols[perm]
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.add.at(indptr, rows + 1, 1)
    indptr = np.cumsum(indptr)
    edge_weight = None if w_u is None else np.concatenate([w_u, w_u])[perm]
    edge_label = None if lab_u is None else np.concatenate([lab_u, lab_u])[perm]
    return SourceGraph(
        name=name,
        node_names=tuple(node_names),
        indptr=indptr,
        indices=cols.astype(np.int32),
        edge_weight=edge_weight,
        edge_label=edge_label,
        labels=tuple(label_names),
    )
