"""Turn a parsed edge table (any node order) into a canonical :class:`SourceGraph`.

Node ids are reassigned in sorted-name order, so the same input gives identical arrays on every
machine; optionally only the largest connected component is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gralgo.errors import SamplingError
from gralgo.graphs._source_graph import SourceGraph, build_source_graph


@dataclass(frozen=True)
class EdgeTable:
    """What a parser produces: unique node names and an edge list over their positions."""

    names: Sequence[str]
    """Unique node names in any order; ``src``/``dst`` index into this sequence."""
    src: np.ndarray
    """Edge endpoints (int64), undirected; self-loops and duplicates are allowed."""
    dst: np.ndarray
    weights: np.ndarray | None = None
    """Optional weight per edge."""
    labels: np.ndarray | None = None
    """Optional label code per edge, indexing ``label_names``."""
    label_names: Sequence[str] = ()
    combine: str = "first"
    """How duplicate pairs merge weights (see :func:`build_source_graph`)."""


class NameIndex:
    """Interns names to dense integer ids in first-seen order (a parser-side helper)."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self.names: list[str] = []

    def __len__(self) -> int:
        return len(self.names)

    def id(self, name: str) -> int:
        found = self._ids.get(name)
        if found is None:
            found = self._ids[name] = len(self.names)
            self.names.append(name)
        return found


def disambiguate(names: Sequence[str], keys: Sequence[object]) -> list[str]:
    """Make names unique: every name shared by several entries gets ``" #<key>"`` appended.

    All members of a clash are renamed (not just the later ones), so the result does not depend
    on input order. Keys must be unique.
    """
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [
        f"{name} #{key}" if counts[name] > 1 else name
        for name, key in zip(names, keys, strict=True)
    ]


def relabel_codes(codes: np.ndarray, vocabulary: Sequence[str]) -> tuple[np.ndarray, list[str]]:
    """Recode label ``codes`` (into ``vocabulary``) so the vocabulary is sorted."""
    order = sorted(range(len(vocabulary)), key=lambda i: vocabulary[i])
    new_code = np.empty(len(vocabulary), dtype=np.int32)
    new_code[np.asarray(order, dtype=np.int64)] = np.arange(len(vocabulary), dtype=np.int32)
    return new_code[np.asarray(codes, dtype=np.int64)], [vocabulary[i] for i in order]


def assemble(name: str, table: EdgeTable, largest_component: bool) -> SourceGraph:
    """Build the canonical graph: sorted-name ids, optional largest connected component."""
    names = list(table.names)
    order = sorted(range(len(names)), key=names.__getitem__)
    rank = np.empty(len(names), dtype=np.int64)
    rank[np.asarray(order, dtype=np.int64)] = np.arange(len(names), dtype=np.int64)
    sorted_names = [names[i] for i in order]
    src = rank[np.asarray(table.src, dtype=np.int64)]
    dst = rank[np.asarray(table.dst, dtype=np.int64)]
    labels, label_names = table.labels, list(table.label_names)
    if labels is not None:
        labels, label_names = relabel_codes(labels, label_names)
    graph = build_source_graph(
        name, sorted_names, src, dst, table.weights, labels, label_names, table.combine
    )
    if largest_component:
        graph = largest_connected_component(graph)
    if graph.n_edges == 0:
        raise SamplingError(
            f"source {name!r} has no edges after parsing and filtering; check the input files "
            "and the loader options (e.g. network_type, splits)"
        )
    return graph


def largest_connected_component(graph: SourceGraph) -> SourceGraph:
    """The subgraph on the largest component (ties: the one holding the smallest node id)."""
    from scipy.sparse import csr_matrix  # lazy: 0.5 s of imports every job paid for nothing
    from scipy.sparse.csgraph import connected_components

    n = graph.n_nodes
    if n == 0:
        return graph
    data = np.ones(graph.indices.shape[0], dtype=np.int8)
    matrix = csr_matrix((data, graph.indices, graph.indptr), shape=(n, n))
    _, comp = connected_components(matrix, directed=False)
    sizes = np.bincount(comp)
    # connected_components numbers components by their smallest node, so argmax breaks ties
    # towards the component containing the smallest id.
    keep = np.flatnonzero(comp == int(np.argmax(sizes)))
    return induced_subgraph(graph, keep)


def induced_subgraph(graph: SourceGraph, keep: np.ndarray) -> SourceGraph:
    """The subgraph induced by the sorted node ids ``keep``; id order (hence names) preserved."""
    n = graph.n_nodes
    new_id = np.full(n, -1, dtype=np.int64)
    new_id[keep] = np.arange(keep.shape[0], dtype=np.int64)
    rows = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))
    cols = graph.indices.astype(np.int64)
    mask = (new_id[rows] >= 0) & (new_id[cols] >= 0) & (rows < cols)
    weights = None if graph.edge_weight is None else graph.edge_weight[mask]
    labels = None if graph.edge_label is None else graph.edge_label[mask]
    names = [graph.node_names[i] for i in keep.tolist()]
    return build_source_graph(
        graph.name, names, new_id[rows[mask]], new_id[cols[mask]], weights, labels, graph.labels
    )
