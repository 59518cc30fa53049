"""Named heuristics: cheap ways to an answer without (all of) the task's algorithm.

Two kinds, two uses (``design/data.md``, "Heuristics"):

* **scan** — one pass over the edge list or the degree sequence, never exploring the graph (the
  node with the heaviest mean edge, the busiest node of the first half of the edge list, two
  rounds of peeling). A scan must not beat chance: the builder redraws any instance a scan
  solves (:func:`scan_shortcuts`, reason ``shortcut:<name>``), and the audit counts them.
* **algorithm** — a real algorithm a model may legitimately run (greedy clique, double-sweep
  BFS). These are baselines, not defects: their accuracy per task x level is reported beside
  the guessing baselines (statistics, audit, every accuracy table and the report).

A heuristic returns its candidate answers: one, or several when it ties (the busiest node of
several equally busy ones); it scores the share of candidates that are right (a model choosing
among the ties at random). Every task gets the generic scans for its answer kind
(:data:`GENERIC_NODE_SCANS`, :data:`GENERIC_INTEGER_SCANS`) plus its own ``Task.heuristics``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from gralgo.tasks._records import Heuristic as Heuristic  # where the task modules import it

if TYPE_CHECKING:
    import networkx as nx

    from gralgo.tasks._base import Task
    from gralgo.tasks._records import Problem, Solution

SCAN_SHORTCUT_CREDIT = 0.5
"""A scan whose candidates are at least this share right is a shortcut (the instance is
redrawn): a unique right pick, or one of two tied picks."""


# ---------------------------------------------------------------------------------------------
# What a scan reads: the edge list as prompts show it, and per-node sums over it


def edge_list(graph: nx.Graph[str]) -> list[tuple[str, str]]:
    """Edges in the order prompts list them: by (smaller name, larger name)."""
    from gralgo.graphs import sorted_pairs

    return sorted_pairs(graph)


def extremes(values: dict[str, float], largest: bool) -> list[str]:
    """The nodes holding the largest (or smallest) value, sorted (several on a tie)."""
    if not values:
        return []
    best = max(values.values()) if largest else min(values.values())
    return sorted(node for node, value in values.items() if value == best)


def weighted_degree(graph: nx.Graph[str]) -> dict[str, float]:
    """Each node's sum of incident edge weights (1 per edge when unweighted)."""
    from gralgo.graphs import adjacency_dicts

    return {
        n: float(sum(data.get("weight", 1) for data in row.values()))
        for n, row in adjacency_dicts(graph).items()
    }


def mean_edge_weight(graph: nx.Graph[str]) -> dict[str, float]:
    """Each node's mean incident edge weight."""
    from gralgo.graphs import adjacency_dicts

    totals = weighted_degree(graph)
    # len(row) + (n in row) is graph.degree(n): a self-loop counts twice
    adjacency = adjacency_dicts(graph)
    return {n: totals[n] / max(1, len(row) + (n in row)) for n, row in adjacency.items()}


def first_half_busiest(graph: nx.Graph[str]) -> list[str]:
    """The nodes most frequent in the first half of the edge list."""
    edges = edge_list(graph)
    counts = Counter(node for edge in edges[: max(1, len(edges) // 2)] for node in edge)
    return extremes({n: float(c) for n, c in counts.items()}, largest=True)


def _node_scan(
    name: str, description: str, pick: Callable[[nx.Graph[str]], list[str]]
) -> Heuristic:
    return Heuristic(name, "scan", description, lambda problem: pick(problem.graph))


GENERIC_NODE_SCANS: tuple[Heuristic, ...] = (
    _node_scan(
        "most_edges",
        "the node with the most edges",
        lambda g: extremes({n: float(d) for n, d in g.degree}, largest=True),
    ),
    _node_scan(
        "first_half_busiest",
        "the node most frequent in the first half of the edge list",
        first_half_busiest,
    ),
)
"""Scans every node-answer task gets."""

WEIGHTED_NODE_SCANS: tuple[Heuristic, ...] = (
    _node_scan(
        "heaviest_mean_edge",
        "the node with the largest mean incident edge weight",
        lambda g: extremes(mean_edge_weight(g), largest=True),
    ),
    _node_scan(
        "heaviest_total_weight",
        "the node with the largest weighted degree (sum of incident edge weights)",
        lambda g: extremes(weighted_degree(g), largest=True),
    ),
)
"""Scans every node-answer task on edge weights gets."""

GENERIC_INTEGER_SCANS: tuple[Heuristic, ...] = (
    Heuristic(
        "node_count",
        "scan",
        "the number of nodes",
        lambda problem: [str(problem.graph.number_of_nodes())],
    ),
    Heuristic(
        "edge_count",
        "scan",
        "the number of edges",
        lambda problem: [str(problem.graph.number_of_edges())],
    ),
)
"""Scans every integer-answer task gets."""


def heuristics_for(task: Task | type[Task]) -> tuple[Heuristic, ...]:
    """The generic scans for the task's answer kind, then the task's own heuristics."""
    generic: tuple[Heuristic, ...] = ()
    if task.generic_scans:
        if task.answer_kind == "node":
            generic = GENERIC_NODE_SCANS + (WEIGHTED_NODE_SCANS if task.edge_weighted else ())
        elif task.answer_kind == "integer":
            generic = GENERIC_INTEGER_SCANS
    return generic + tuple(task.heuristics)


def heuristic_credits(
    task: Task | type[Task],
    problem: Problem,
    answer: str,
    known: Mapping[str, float] | None = None,
) -> dict[str, float]:
    """Every heuristic's credit on one instance, by name; ``known`` credits (of this problem and
    answer, e.g. the scans :func:`first_shortcut` computed) are taken as they are."""
    known = known or {}
    return {
        h.name: known[h.name] if h.name in known else h.credit(problem, answer)
        for h in heuristics_for(task)
    }


def scan_shortcuts(task: Task | type[Task], problem: Problem, answer: str) -> list[str]:
    """The scans that (mostly) give ``answer``: the instance does not measure the task."""
    return [
        h.name
        for h in heuristics_for(task)
        if h.kind == "scan" and h.credit(problem, answer) >= SCAN_SHORTCUT_CREDIT
    ]


def find_shortcuts(task: Task, problem: Problem, solution: Solution) -> tuple[str, ...]:
    """The task's named shortcuts (``Task.shortcuts``) and the scans that solve the instance."""
    return (*task.shortcuts(problem, solution), *scan_shortcuts(task, problem, solution.answer))


def first_shortcut(
    task: Task, problem: Problem, solution: Solution
) -> tuple[str | None, dict[str, float]]:
    """``find_shortcuts(...)[0]`` (None when there is none), computing no more than it needs, and
    the scans' credits it computed (for :func:`heuristic_credits`; empty when a named shortcut
    came first)."""
    named = task.shortcuts(problem, solution)
    if named:
        return named[0], {}
    scans = {
        h.name: h.credit(problem, solution.answer) for h in heuristics_for(task) if h.kind == "scan"
    }
    hit = next((name for name, c in scans.items() if c >= SCAN_SHORTCUT_CREDIT), None)
    return hit, scans
