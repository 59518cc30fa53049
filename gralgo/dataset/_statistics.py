"""Table-2 style statistics of a dataset: nodes, edges, density, edge connectivity per level,
and the guessing baselines per task x level (what a model scores without solving anything)."""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

import networkx as nx

from gralgo.dataset._instance import Instance

_Node = TypeVar("_Node", str, int)


def edge_connectivity(graph: nx.Graph[_Node]) -> int:
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
    answer: str = ""
    """The instance's canonical answer."""
    answer_kind: str = "integer"
    """``integer`` or ``node``."""
    rejected: Mapping[str, int] = field(default_factory=dict)
    """Draws rejected before this instance, by reason (from its provenance)."""


@dataclass(frozen=True)
class Baseline:
    """What guessing scores on one (task, level), without looking at the graph."""

    task: str
    level: int
    count: int
    """Instances in the group."""
    answer_kind: str
    majority_answer: str
    """The best single-answer constant: the most common answer (ties: the smallest string)."""
    majority_share: float
    """Accuracy of always answering ``majority_answer`` (the majority-guess baseline)."""
    distinct_answers: int
    """How many different answers the group has."""
    random_guess: float | None
    """Node answers: accuracy of naming a uniformly random node (mean of 1 / nodes); else None."""

    @property
    def chance(self) -> float:
        """The better of the two guessing strategies."""
        return max(self.majority_share, self.random_guess or 0.0)


def baselines(stats: Iterable[GraphStats]) -> list[Baseline]:
    """One :class:`Baseline` per (task, level), sorted."""
    groups: dict[tuple[str, int], list[GraphStats]] = defaultdict(list)
    for s in stats:
        groups[(s.task, s.level)].append(s)
    out = []
    for (task, level), items in sorted(groups.items()):
        counts = Counter(s.answer for s in items)
        answer, top = min(counts.items(), key=lambda item: (-item[1], item[0]))
        kind = items[0].answer_kind
        random_guess = sum(1 / s.nodes for s in items) / len(items) if kind == "node" else None
        out.append(
            Baseline(
                task, level, len(items), kind, answer, top / len(items), len(counts), random_guess
            )
        )
    return out


def baselines_csv(rows: list[Baseline]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "task",
            "level",
            "count",
            "answer_kind",
            "majority_answer",
            "majority_share",
            "random_guess",
            "distinct_answers",
        ]
    )
    for b in rows:
        writer.writerow(
            [
                b.task,
                b.level,
                b.count,
                b.answer_kind,
                b.majority_answer,
                f"{b.majority_share:.4f}",
                "" if b.random_guess is None else f"{b.random_guess:.4f}",
                b.distinct_answers,
            ]
        )
    return buffer.getvalue()


def baselines_markdown(rows: list[Baseline]) -> str:
    """Per task x level: the best constant, its accuracy, and the random-node accuracy."""
    lines = [
        "| Task | Level | Count | Best constant | Majority-guess acc. | Random-node acc. "
        "| Distinct answers |",
        "|---|---:|---:|---|---:|---:|---:|",
    ]
    for b in rows:
        constant = b.majority_answer.replace("|", "\\|")
        random_guess = "–" if b.random_guess is None else f"{b.random_guess:.3f}"
        lines.append(
            f"| {b.task} | {b.level} | {b.count} | {constant} | "
            f"{b.majority_share:.2f} | {random_guess} | {b.distinct_answers} |"
        )
    return "\n".join(lines) + "\n"


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
            graph: nx.Graph[int] = nx.Graph()
            graph.add_nodes_from(range(n))
            graph.add_edges_from(pairs)
            connectivity = edge_connectivity(graph)
    return GraphStats(
        instance.task,
        instance.level,
        n,
        m,
        density,
        connectivity,
        instance.answer,
        instance.answer_kind,
        dict(instance.provenance.get("rejected") or {}),
    )


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
    rejected: Mapping[str, int] = field(default_factory=dict)
    """Draws rejected while building the group, by reason (validity rules, answer share...)."""
    baseline: Baseline | None = None
    """Guessing baselines of a (task, level) row; None for the ``all`` rows."""


def summarise(stats: Iterable[GraphStats]) -> list[StatsRow]:
    """Rows per (task, level) and per level over all tasks (``group == "all"``)."""
    groups: dict[tuple[str, int], list[GraphStats]] = defaultdict(list)
    stats = list(stats)
    for s in stats:
        groups[(s.task, s.level)].append(s)
        groups[("all", s.level)].append(s)
    guesses = {(b.task, b.level): b for b in baselines(stats)}
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
                rejected=dict(sorted(sum((Counter(s.rejected) for s in items), Counter()).items())),
                baseline=guesses.get((group, level)),
            )
        )
    return rows


def statistics_csv(rows: list[StatsRow]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "group",
            "level",
            "count",
            "nodes",
            "edges",
            "density",
            "edge_connectivity",
            "majority_answer",
            "majority_share",
            "random_guess",
            "rejected_draws",
        ]
    )
    for r in rows:
        b = r.baseline
        writer.writerow(
            [
                r.group,
                r.level,
                r.count,
                f"{r.nodes:.2f}",
                f"{r.edges:.2f}",
                f"{r.density:.4f}",
                f"{r.connectivity:.2f}",
                "" if b is None else b.majority_answer,
                "" if b is None else f"{b.majority_share:.4f}",
                "" if b is None or b.random_guess is None else f"{b.random_guess:.4f}",
                sum(r.rejected.values()),
            ]
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
    task_rows = [r for r in rows if r.group != "all"]
    guesses = [r.baseline for r in task_rows if r.baseline is not None]
    if guesses:
        lines += [
            "",
            "### Guessing baselines per task and level",
            "",
            baselines_markdown(guesses).rstrip("\n"),
        ]
    if any(r.rejected for r in task_rows):
        lines += [
            "",
            "### Rejected draws per task and level (validity rules)",
            "",
            "| Task | Level | Instances | Rejected draws | Per instance | Reasons |",
            "|---|---:|---:|---:|---:|---|",
        ]
        for r in task_rows:
            total = sum(r.rejected.values())
            reasons = ", ".join(
                f"{k} {v}" for k, v in sorted(r.rejected.items(), key=lambda kv: (-kv[1], kv[0]))
            )
            lines.append(
                f"| {r.group} | {r.level} | {r.count} | {total} | "
                f"{total / r.count:.2f} | {reasons or '–'} |"
            )
    return "\n".join(lines) + "\n"
