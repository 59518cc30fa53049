"""How much the instances of one cell (task, level, context) share: node-set Jaccard, the
build's overlap cap, and the clusters of overlapping instances (``design/data.md``,
"Independence").

Two instances *overlap* when their node sets have a Jaccard index above :data:`OVERLAP_CAP`;
a cell's *clusters* are the connected components of that relation, the units a resampling
interval must draw (instances of one cluster are not independent draws). The builder redraws a
draw that overlaps an earlier instance of its cell, or that lifts the cell's mean pairwise
Jaccard above :data:`MEAN_TARGET`; where the source is too small for that, the limits rise
step by step (never a failed build) and the clusters record what is left.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

OVERLAP_CAP = 0.5
"""Two instances of a cell whose node sets have a Jaccard index above this overlap: a draw that
overlaps an earlier instance is redrawn (reason ``overlap``) while the source allows."""
MEAN_TARGET = 0.2
"""A cell's mean pairwise node-set Jaccard is kept at most this while the source allows."""
RELAX_EVERY = 16
"""Overlap redraws of one instance after which both limits rise by :data:`RELAX_STEP` (at 4,
Harrisburg's level-4-6 BFS samples settled above the cap that 16 redraws reach)."""
RELAX_STEP = 0.1
"""How much the limits rise per step; at a cap of 1.0 every draw is admitted."""
CALM_TO_LOWER = 3
"""Consecutive instances kept without an overlap redraw after which the limits fall a step."""


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """``|a & b| / |a | b|`` (0 for two empty sets)."""
    union = len(a) + len(b)
    if not union:
        return 0.0
    shared = len(a & b)
    return shared / (union - shared)


@dataclass
class OverlapGuard:
    """The overlap cap of one cell while its instances are drawn in index order.

    What it admits for instance ``i`` depends only on instances ``< i`` (so a smaller build
    stays a prefix of a larger one): each instance starts at the limits the previous one was
    kept at, one step lower after :data:`CALM_TO_LOWER` instances in a row were kept without
    an overlap redraw, and every :data:`RELAX_EVERY` overlap redraws raise them by
    :data:`RELAX_STEP` (a cell of a small source settles at the limits it allows).
    """

    kept: list[frozenset[str]] = field(default_factory=list)
    pair_sum: float = 0.0
    """Sum of the pairwise Jaccard indices of the kept instances."""
    step: int = 0
    """The relaxation step of the instance being drawn."""
    tries: int = 0
    """Overlap redraws of the instance being drawn."""
    parent: list[int] = field(default_factory=list)
    """Union-find over the kept instances (the overlap relation)."""
    calm: int = 0
    """Instances kept in a row without an overlap redraw."""
    admitted: tuple[frozenset[str], int, list[float]] | None = field(default=None, repr=False)
    """The last admitted node set, how many instances were kept then and its Jaccard indices
    with them: :meth:`keep` of the same set reads them instead of computing them again."""

    def start(self) -> None:
        """A new instance: see the class's description of the limits."""
        self.calm = self.calm + 1 if self.kept and not self.tries else 0
        if self.calm >= CALM_TO_LOWER and self.step:
            self.step -= 1
            self.calm = 0
        self.tries = 0

    def limits(self) -> tuple[float, float]:
        """(largest Jaccard with one earlier instance, largest mean of the cell) now allowed."""
        rise = RELAX_STEP * (self.step + self.tries // RELAX_EVERY)
        return OVERLAP_CAP + rise, MEAN_TARGET + rise

    def admit(self, nodes: frozenset[str]) -> str | None:
        """``None`` when a draw with these nodes may be kept, else the reason ``overlap``."""
        if not self.kept:
            return None
        cap, mean_cap = self.limits()
        if cap >= 1.0:
            return None
        values = [jaccard(nodes, other) for other in self.kept]
        n = len(self.kept) + 1
        mean = (self.pair_sum + sum(values)) / (n * (n - 1) / 2)
        if max(values) <= cap + 1e-9 and mean <= mean_cap + 1e-9:
            self.admitted = (nodes, len(self.kept), values)
            return None
        self.tries += 1
        return "overlap"

    def keep(self, nodes: frozenset[str]) -> dict[str, object]:
        """Record a kept instance; its provenance fields (:func:`overlap_provenance`)."""
        admitted, self.admitted = self.admitted, None
        if admitted is not None and admitted[1] == len(self.kept) and admitted[0] == nodes:
            values = admitted[2]
        else:
            values = [jaccard(nodes, other) for other in self.kept]
        index = len(self.kept)
        self.step += self.tries // RELAX_EVERY
        self.kept.append(nodes)
        self.pair_sum += sum(values)
        self.parent.append(index)
        overlapping = [j for j, value in enumerate(values) if value > OVERLAP_CAP]
        for j in overlapping:
            self.parent[self._root(j)] = self._root(index)
        return overlap_provenance(values, overlapping, self._cluster(index))

    def _root(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def _cluster(self, index: int) -> int:
        root = self._root(index)
        return min(i for i in range(len(self.parent)) if self._root(i) == root)


def overlap_provenance(
    values: Sequence[float], overlapping: Sequence[int], cluster: int
) -> dict[str, object]:
    """The fields an instance's provenance holds about its cell's earlier instances:

    * ``overlap_max`` / ``overlap_mean``: the largest and the mean node-set Jaccard with them;
    * ``overlap_with``: the indices of those it overlaps (Jaccard > :data:`OVERLAP_CAP`);
    * ``overlap_cluster``: the smallest index of its cluster among instances ``0..i``. A later
      instance may join two such clusters; :func:`overlap_clusters` gives a cell's exact ones.
    """
    return {
        "overlap_max": round(max(values, default=0.0), 4),
        "overlap_mean": round(sum(values) / len(values), 4) if values else 0.0,
        "overlap_with": list(overlapping),
        "overlap_cluster": cluster,
    }


def cluster_labels(node_sets: Sequence[frozenset[str]], cap: float = OVERLAP_CAP) -> list[int]:
    """Each set's cluster: the smallest index of its connected component in the relation
    "Jaccard > ``cap``" (exact: every pair is compared)."""
    parent = list(range(len(node_sets)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(node_sets):
        for j in range(i):
            if jaccard(a, node_sets[j]) > cap:
                ri, rj = root(i), root(j)
                parent[max(ri, rj)] = min(ri, rj)  # the root stays the component's least index
    return [root(i) for i in range(len(node_sets))]


SYNTHETIC_SAMPLERS = frozenset({"erdos_renyi"})
"""Samplers that generate graphs instead of sampling a source: their node names (0..n-1) say
nothing about shared nodes, so their instances never overlap (only a repeated graph counts)."""


def synthetic(instance: Any) -> bool:
    """Whether ``instance``'s graph was generated, not sampled (:data:`SYNTHETIC_SAMPLERS`)."""
    return instance.provenance.get("sampler") in SYNTHETIC_SAMPLERS


def node_set(graph: Mapping[str, Any]) -> frozenset[str]:
    """The node names of a node-link record."""
    return frozenset(str(node["id"]) for node in graph["nodes"])


def overlap_clusters(instances: Iterable[Any]) -> dict[str, int]:
    """Instance id -> its cluster within its cell (task, level, context): the smallest instance
    index of its connected component of overlapping instances, computed from the graphs of
    the instances given (so a slice gets the clusters of the slice). Resample these clusters,
    not instances, for an interval that does not treat overlapping instances as independent."""
    cells: dict[Hashable, list[Any]] = defaultdict(list)
    for instance in instances:
        cells[instance.task, instance.level, instance.context].append(instance)
    out: dict[str, int] = {}
    for items in cells.values():
        items.sort(key=lambda i: i.index)
        if any(synthetic(i) for i in items):
            out.update((i.id, i.index) for i in items)
            continue
        labels = cluster_labels([node_set(i.graph) for i in items])
        for instance, label in zip(items, labels, strict=True):
            out[instance.id] = items[label].index
    return out


@dataclass(frozen=True)
class CellOverlap:
    """The overlap of one cell's instances."""

    count: int
    mean: float
    """Mean pairwise node-set Jaccard (0 for a single instance)."""
    maximum: float
    """Largest pairwise node-set Jaccard."""
    clusters: int
    """Connected components of the overlap relation (``count`` when no two overlap)."""


def cell_overlap(records: Sequence[Mapping[str, Any]]) -> CellOverlap | None:
    """A cell's overlap from its instances' provenance (:func:`overlap_provenance`), in index
    order (``index`` beside the fields); ``None`` when some instance lacks the fields (a
    dataset built before them, or a context drawn without the cap)."""
    if not records or any("overlap_max" not in r for r in records):
        return None
    records = sorted(records, key=lambda r: int(r["index"]))
    position = {int(r["index"]): i for i, r in enumerate(records)}
    n = len(records)
    pair_sum = sum(float(r["overlap_mean"]) * i for i, r in enumerate(records))
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, r in enumerate(records):
        for j in r["overlap_with"]:
            if j in position:
                parent[root(i)] = root(position[j])
    pairs = n * (n - 1) / 2
    return CellOverlap(
        count=n,
        mean=pair_sum / pairs if pairs else 0.0,
        maximum=max(float(r["overlap_max"]) for r in records),
        clusters=len({root(i) for i in range(n)}),
    )


@dataclass(frozen=True)
class OverlapPair:
    """Two instances of one cell that overlap (node-set Jaccard above :data:`OVERLAP_CAP`)."""

    task: str
    level: int
    context: str
    first: int
    """The earlier instance's index."""
    second: int
    jaccard: float
    exact: bool
    """The same nodes and the same edges: one graph twice."""
    recorded: bool | None
    """Whether the later instance's provenance lists the earlier one in ``overlap_with``
    (``None`` when it holds no overlap record)."""


def edge_set(graph: Mapping[str, Any]) -> frozenset[tuple[str, str]]:
    """The edges of a node-link record, each as a sorted pair of names."""
    pairs = ((str(e["source"]), str(e["target"])) for e in graph["edges"])
    return frozenset((a, b) if a <= b else (b, a) for a, b in pairs)


def overlapping_pairs(instances: Iterable[Any]) -> list[OverlapPair]:
    """Every overlapping pair within each cell (task, level, context), exact duplicates
    included, from the graphs themselves (the audit's check of the build's record)."""
    cells: dict[tuple[str, int, str], list[Any]] = defaultdict(list)
    for instance in instances:
        cells[instance.task, instance.level, instance.context].append(instance)
    out = []
    for (task, level, context), items in sorted(cells.items()):
        items.sort(key=lambda i: i.index)
        nodes = [node_set(i.graph) for i in items]
        generated = any(synthetic(i) for i in items)
        for b, later in enumerate(items):
            listed = later.provenance.get("overlap_with")
            for a in range(b):
                value = jaccard(nodes[a], nodes[b])
                if value <= OVERLAP_CAP:
                    continue
                earlier = items[a]
                exact = nodes[a] == nodes[b] and edge_set(earlier.graph) == edge_set(later.graph)
                if generated and not exact:
                    continue
                recorded = None if listed is None else earlier.index in listed
                out.append(
                    OverlapPair(
                        task, level, context, earlier.index, later.index, value, exact, recorded
                    )
                )
    return out


def cell_overlaps(instances: Iterable[Any]) -> dict[tuple[str, int, str], CellOverlap]:
    """Each cell's overlap computed from the graphs (every pair compared); cells of generated
    graphs (:func:`synthetic`) are left out."""
    cells: dict[tuple[str, int, str], list[frozenset[str]]] = defaultdict(list)
    for instance in sorted(instances, key=lambda i: i.index):
        if synthetic(instance):
            continue
        cells[instance.task, instance.level, instance.context].append(node_set(instance.graph))
    out = {}
    for key, sets in sorted(cells.items()):
        values = [jaccard(a, sets[j]) for i, a in enumerate(sets) for j in range(i)]
        out[key] = CellOverlap(
            count=len(sets),
            mean=sum(values) / len(values) if values else 0.0,
            maximum=max(values, default=0.0),
            clusters=len(set(cluster_labels(sets))),
        )
    return out
