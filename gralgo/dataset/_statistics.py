"""Table-2 style statistics of a dataset: nodes, edges, density, edge connectivity per level."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from gralgo.dataset._instance import Instance


def edge_connectivity(graph: nx.Graph) -> int:
    """Exact edge connectivity, with cheap exits (most sampled real graphs have a bridge)."""
    n = graph.number_of_nodes()
    if n < 2:
        return 0
    min_degree = min(d for _, d in graph.degree)
    if min_degree == 0 or not nx.is_connected(graph):
        return 0
    if min_degree == 1 or nx.has_bridges(graph):
        return 1
    return int(nx.edge_connectivity(graph))


@dataclass(frozen=True)
class GraphStats:
    """Statistics of one instance graph."""

    task: str
    level: int
    nodes: int
    edges: int
    density: float
    connectivity: int


def graph_stats(instance: Instance) -> GraphStats:
    """Statistics straight from the node-link record; networkx only for the rare hard case."""
    import numpy as np
    from scipy.sparse import coo_array
    from scipy.sparse.csgraph import connected_components

    index = {node["id"]: i for i, node in enumerate(instance.graph["nodes"])}
    pairs = [(index[e["source"]], index[e["target"]]) for e in instance.graph["edges"]]
    n, m = len(index), len(pairs)
    density = 2 * m / (n * (n - 1)) if n > 1 else 0.0
    ends = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    degrees = np.bincount(ends.ravel(), minlength=n)
    if n < 2 or degrees.min() == 0:
        connectivity = 0
    else:
        adjacency = coo_array((np.ones(m), (ends[:, 0], ends[:, 1])), shape=(n, n))
        components, _ = connected_components(adjacency, directed=False)
        if components > 1:
            connectivity = 0
        elif degrees.min() == 1:
            connectivity = 1
        else:
            graph = nx.Graph()
            graph.add_nodes_from(range(n))
            graph.add_edges_from(pairs)
            connectivity = edge_connectivity(graph)
    return GraphStats(instance.task, instance.level, n, m, density, connectivity)


@dataclass(frozen=True)
class StatsRow:
    """Averages over a group of instances."""

    group: str
    level: int
    count: int
    nodes: float
    edges: float
    density: float
    connectivity: float


def summarise(stats: Iterable[GraphStats]) -> list[StatsRow]:
    """Rows per (task, level) and per level over all tasks (``group == "all"``)."""
    groups: dict[tuple[str, int], list[GraphStats]] = defaultdict(list)
    for s in stats:
        groups[(s.task, s.level)].append(s)
        groups[("all", s.level)].append(s)
    rows = []
    for (group, level), items in sorted(groups.items(), key=lambda kv: (kv[0][0] != "all", kv[0])):
        count = len(items)
        rows.append(
            StatsRow(
                group=group,
                level=level,
                count=count,
                nodes=sum(s.nodes for s in items) / count,
                edges=sum(s.edges for s in items) / count,
                density=sum(s.density for s in items) / count,
                connectivity=sum(s.connectivity for s in items) / count,
            )
        )
    return rows


def statistics_csv(rows: list[StatsRow]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["group", "level", "count", "nodes", "edges", "density", "edge_connectivity"])
    for r in rows:
        writer.writerow(
            [r.group, r.level, r.count, f"{r.nodes:.2f}", f"{r.edges:.2f}", f"{r.density:.4f}",
             f"{r.connectivity:.2f}"]
        )
    return buffer.getvalue()


def statistics_markdown(rows: list[StatsRow]) -> str:
    """The paper's Table 2 layout (levels over all tasks)."""
    lines = [
        "| Group | Count | V | E | D | λ |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        if r.group == "all":
            lines.append(
                f"| Level-{r.level} | {r.count} | {r.nodes:.2f} | {r.edges:.2f} | "
                f"{r.density:.2f} | {r.connectivity:.2f} |"
            )
    return "\n".join(lines) + "\n"
