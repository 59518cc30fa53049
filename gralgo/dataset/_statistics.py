"""Table-2 style statistics of a dataset: nodes, edges, density, edge connectivity per level,
and the guessing baselines per task x level (what a model scores without solving anything)."""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from gralgo.dataset._hard_split import HardTally, hard_markdown
from gralgo.dataset._instance import Instance
from gralgo.dataset._levels import PAPER_TABLE2
from gralgo.dataset._overlap import MEAN_TARGET, OVERLAP_CAP, CellOverlap, cell_overlap
from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")

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
    if min_degree == 2:  # connected without a bridge: at least 2, and at most the least degree
        return 2
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
    heuristics: Mapping[str, float] = field(default_factory=dict)
    """Each named heuristic's credit on this instance (``gralgo.tasks.heuristic_credits``,
    stored in its provenance at build time and checked by the audit)."""
    overlap: Mapping[str, object] = field(default_factory=dict)
    """The instance's ``index`` and its overlap with the earlier instances of its cell
    (:func:`gralgo.dataset._overlap.overlap_provenance`, from its provenance)."""
    splits: tuple[str, ...] = ("paper",)
    """The instance's splits: only ``paper`` instances enter the statistics (:func:`summarise`)."""


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
    heuristics: Mapping[str, float] = field(default_factory=dict)
    """Accuracy of each named heuristic of the task (scans and algorithms), by name."""

    @property
    def chance(self) -> float:
        """The better of the two guessing strategies."""
        return max(self.majority_share, self.random_guess or 0.0)

    @property
    def best_heuristic(self) -> tuple[str, float] | None:
        """The most accurate named heuristic and its accuracy (ties: the first name)."""
        if not self.heuristics:
            return None
        name = min(self.heuristics, key=lambda h: (-self.heuristics[h], h))
        return name, self.heuristics[name]


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
        names = sorted({name for s in items for name in s.heuristics})
        heuristics = {
            name: sum(s.heuristics.get(name, 0.0) for s in items) / len(items) for name in names
        }
        out.append(
            Baseline(
                task,
                level,
                len(items),
                kind,
                answer,
                top / len(items),
                len(counts),
                random_guess,
                heuristics,
            )
        )
    return out


def heuristics_markdown(rows: list[Baseline]) -> str:
    """Every named heuristic's accuracy per task and level (one row per task x heuristic)."""
    levels = sorted({b.level for b in rows})
    by_task: dict[str, dict[int, Baseline]] = defaultdict(dict)
    for b in rows:
        by_task[b.task][b.level] = b
    lines = [
        "| Task | Heuristic | " + " | ".join(f"L{level}" for level in levels) + " |",
        "|---|---|" + "---:|" * len(levels),
    ]
    for task, cells in sorted(by_task.items()):
        names = sorted({name for b in cells.values() for name in b.heuristics})
        for name in names:
            values = [
                f"{cells[level].heuristics[name]:.2f}"
                if level in cells and name in cells[level].heuristics
                else "–"
                for level in levels
            ]
            lines.append(f"| {task} | {name} | " + " | ".join(values) + " |")
    return "\n".join(lines) + "\n"


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
            "best_heuristic",
            "best_heuristic_accuracy",
        ]
    )
    for b in rows:
        best = b.best_heuristic
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
                "" if best is None else best[0],
                "" if best is None else f"{best[1]:.4f}",
            ]
        )
    return buffer.getvalue()


def baselines_markdown(rows: list[Baseline]) -> str:
    """Per task x level: the best constant, its accuracy, the random-node accuracy, and the
    best named heuristic (``gralgo/tasks/_heuristics.py``) with its accuracy."""
    lines = [
        "| Task | Level | Count | Best constant | Majority-guess acc. | Random-node acc. "
        "| Distinct answers | Best heuristic | Heuristic acc. |",
        "|---|---:|---:|---|---:|---:|---:|---|---:|",
    ]
    for b in rows:
        constant = b.majority_answer.replace("|", "\\|")
        random_guess = "–" if b.random_guess is None else f"{b.random_guess:.3f}"
        best = b.best_heuristic
        heuristic = "– | –" if best is None else f"{best[0]} | {best[1]:.2f}"
        lines.append(
            f"| {b.task} | {b.level} | {b.count} | {constant} | "
            f"{b.majority_share:.2f} | {random_guess} | {b.distinct_answers} | {heuristic} |"
        )
    return "\n".join(lines) + "\n"


def graph_stats(instance: Instance) -> GraphStats:
    """Statistics straight from the node-link record; networkx only for the rare hard case."""
    index = {node["id"]: i for i, node in enumerate(instance.graph["nodes"])}
    pairs = [(index[e["source"]], index[e["target"]]) for e in instance.graph["edges"]]
    n, m = len(index), len(pairs)
    density = 2 * m / (n * (n - 1)) if n > 1 else 0.0
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for u, v in pairs:
        neighbours[u].append(v)
        neighbours[v].append(u)
    min_degree = min(map(len, neighbours), default=0)
    if n < 2 or min_degree == 0 or not _connected(neighbours):
        connectivity = 0
    elif min_degree == 1:
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
        dict(instance.provenance.get("heuristics") or {}),
        overlap_record(instance),
        instance.splits,
    )


OVERLAP_FIELDS = ("overlap_max", "overlap_mean", "overlap_with")


def overlap_record(instance: Instance) -> dict[str, object]:
    """What :func:`gralgo.dataset._overlap.cell_overlap` reads of one instance."""
    provenance = instance.provenance
    fields = {k: provenance[k] for k in OVERLAP_FIELDS if k in provenance}
    return {"index": instance.index, **fields} if fields else {}


def _connected(neighbours: list[list[int]]) -> bool:
    """Whether every node is reached from node 0 (a plain search: these graphs are small)."""
    seen = [False] * len(neighbours)
    seen[0] = True
    stack = [0]
    reached = 1
    while stack:
        for v in neighbours[stack.pop()]:
            if not seen[v]:
                seen[v] = True
                reached += 1
                stack.append(v)
    return reached == len(neighbours)


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
    overlap: CellOverlap | None = None
    """Node-set overlap of a (task, level) row's instances; None for the ``all`` rows and for
    instances built without the overlap record."""


def summarise(stats: Iterable[GraphStats]) -> list[StatsRow]:
    """Rows per (task, level) and per level over all tasks (``group == "all"``), of the
    ``paper`` split only (the hard split is filtered, so it would bias every figure; its
    counts are the hard-split section's, :func:`gralgo.dataset._hard_split.hard_markdown`)."""
    groups: dict[tuple[str, int], list[GraphStats]] = defaultdict(list)
    stats = [s for s in stats if "paper" in s.splits]
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
                overlap=None if group == "all" else cell_overlap([s.overlap for s in items]),
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
            "best_heuristic",
            "best_heuristic_accuracy",
            *OVERLAP_COLUMNS,
        ]
    )
    for r in rows:
        b = r.baseline
        best = None if b is None else b.best_heuristic
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
                "" if best is None else best[0],
                "" if best is None else f"{best[1]:.4f}",
                *overlap_cells(r.overlap),
            ]
        )
    return buffer.getvalue()


OVERLAP_COLUMNS = ("overlap_mean_jaccard", "overlap_max_jaccard", "overlap_clusters")


def overlap_cells(overlap: CellOverlap | None) -> list[str]:
    """The :data:`OVERLAP_COLUMNS` of one row (empty where not measured)."""
    if overlap is None:
        return ["", "", ""]
    return [f"{overlap.mean:.4f}", f"{overlap.maximum:.4f}", str(overlap.clusters)]


def overlap_markdown(rows: list[StatsRow]) -> list[str]:
    """Per task and level: the mean and largest pairwise node-set Jaccard and the clusters of
    overlapping instances (``design/data.md``, "Independence"); no lines when not measured."""
    measured = [r for r in rows if r.overlap is not None]
    if not measured:
        return []
    lines = [
        "",
        "### Overlap between instances per task and level",
        "",
        "Node-set Jaccard index over every pair of a cell's instances; two instances overlap "
        f"above {OVERLAP_CAP}, and clusters are the connected groups of overlapping instances "
        "(the units an interval resamples: `overlap_cluster` in each instance's provenance). "
        f"The build caps each cell at a max of {OVERLAP_CAP} and a mean of {MEAN_TARGET}; "
        f"where its source is too small for a level the cap is relaxed ({NOT_REACHED}), and "
        "the cell counts as its clusters, not its instances, in every bootstrap interval.",
        "",
        "| Task | Level | Instances | Mean Jaccard | Max Jaccard | Clusters | Cap |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in measured:
        o = r.overlap
        assert o is not None
        lines.append(
            f"| {r.group} | {r.level} | {o.count} | {o.mean:.3f} | {o.maximum:.3f} | {o.clusters} "
            f"| {'met' if within_cap(o) else NOT_REACHED} |"
        )
    return lines


NOT_REACHED = "not reached: source too small, clusters resampled"
"""The ``Cap`` cell of a cell whose overlap exceeds the build's cap (:func:`within_cap`)."""


def within_cap(overlap: CellOverlap) -> bool:
    """Whether a cell's overlap is within the build's cap (max and mean pairwise Jaccard)."""
    return overlap.maximum <= OVERLAP_CAP + 1e-9 and overlap.mean <= MEAN_TARGET + 1e-9


def paper_markdown(rows: list[StatsRow]) -> list[str]:
    """The level rows beside the paper's Table 2: V, E and edge connectivity, each with its
    ratio to the paper's figure (no lines when no level of the paper was built)."""
    levels = [r for r in rows if r.group == "all" and r.level in PAPER_TABLE2]
    if not levels:
        return []
    lines = [
        "",
        "### Against the paper's Table 2",
        "",
        "| Group | V | paper V | ratio | E | paper E | ratio | λ | paper λ | ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in levels:
        v, e, _, lam = PAPER_TABLE2[r.level]
        lines.append(
            f"| Level-{r.level} | {r.nodes:.2f} | {v:.2f} | {r.nodes / v:.2f} | "
            f"{r.edges:.2f} | {e:.2f} | {r.edges / e:.2f} | {r.connectivity:.2f} | "
            f"{lam:.2f} | {r.connectivity / lam:.2f} |"
        )
    return lines


def statistics_markdown(rows: list[StatsRow], hard: Sequence[HardTally] = ()) -> str:
    """The paper's Table 2 layout (levels over all tasks), the baselines, overlap and rejected
    draws of the paper split, and with ``hard`` the hard split's cells."""
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
    lines += paper_markdown(rows)
    task_rows = [r for r in rows if r.group != "all"]
    guesses = [r.baseline for r in task_rows if r.baseline is not None]
    if guesses:
        lines += [
            "",
            "### Guessing baselines per task and level",
            "",
            baselines_markdown(guesses).rstrip("\n"),
        ]
    if any(b.heuristics for b in guesses):
        lines += [
            "",
            "### Heuristic baselines per task and level",
            "",
            "Accuracy of each named heuristic (``gralgo/tasks/_heuristics.py``): positional "
            "reads, scans and partial algorithms, measured and never redrawn (design/data.md).",
            "",
            heuristics_markdown(guesses).rstrip("\n"),
        ]
    lines += overlap_markdown(task_rows)
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
    lines += hard_markdown(hard)
    return "\n".join(lines) + "\n"
