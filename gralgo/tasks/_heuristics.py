"""Named heuristics: cheap ways to an answer without (all of) the task's algorithm.

They measure how cheap an instance is; they never decide what is drawn (``design/data.md``,
"Heuristics"). The builder redraws only for validity (a unique answer, the task's named
degeneracies, the answer-share rule); it solves every heuristic of the suite on every instance
and stores the credits in its provenance, and the instances no heuristic solves form the
``hard`` split. Three kinds:

* **position** — reads the nodes or edges in the order the prompt lists them (the busiest node
  of the first half of the edge list, the first listed node). The prompt order is a seeded
  permutation drawn from the instance id (``gralgo.tasks._prompt_order``), so these are at chance
  given what they also read off the degrees, by construction (``positional_control``).
* **scan** — one pass over the edge list or the degree sequence, or a count formula (the node
  with the heaviest mean edge, the number of nodes, one peeling pass).
* **algorithm** — a greedy or partial algorithm (greedy clique, double-sweep BFS, Borůvka
  rounds, peeling passes, k-hop reach).

A heuristic returns its candidate answers: one, or several when it ties (the busiest node of
several equally busy ones); it scores the share of candidates that are right (a model choosing
among the ties at random). Every task gets the generic heuristics of its answer kind
(:data:`GENERIC_NODE_SCANS`, :data:`GENERIC_INTEGER_SCANS`) plus its own ``Task.heuristics``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from gralgo.tasks._task_records import Exactness as Exactness
from gralgo.tasks._task_records import Heuristic as Heuristic  # where the task modules import it

if TYPE_CHECKING:
    import networkx as nx

    from gralgo.tasks._base import Task
    from gralgo.tasks._prompt_order import ShownOrder
    from gralgo.tasks._task_records import Problem, Solution


# ---------------------------------------------------------------------------------------------
# Facts several heuristics of one suite read (computed once per graph while a suite scores it)

_T = TypeVar("_T")
_FACTS: ContextVar[dict[tuple[int, str], tuple[object, Any]] | None] = ContextVar(
    "gralgo_suite_facts", default=None
)


@contextmanager
def shared_facts() -> Iterator[None]:
    """While a suite scores one instance: :func:`graph_fact` computes each fact of a graph once.

    Heuristics only read the problem (they guess; they never change the graph), so a fact
    derived from the graph holds for the whole suite; outside this scope nothing is remembered.
    """
    token = _FACTS.set({})
    try:
        yield
    finally:
        _FACTS.reset(token)


def graph_fact(graph: nx.Graph[str], name: str, compute: Callable[[], _T]) -> _T:
    """``compute()`` (a fact ``name`` of ``graph``), once per graph within :func:`shared_facts`
    (every time outside it)."""
    facts = _FACTS.get()
    if facts is None:
        return compute()
    key = (id(graph), name)
    held = facts.get(key)
    if held is None:  # the graph is held with its fact, so its id names no other graph
        held = facts[key] = (graph, compute())
    return held[1]


# ---------------------------------------------------------------------------------------------
# What a scan reads: the edge list as prompts show it, and per-node sums over it


def shown(problem: Problem) -> ShownOrder:
    """The problem's nodes and edges in the order its prompts list them."""
    from gralgo.tasks._prompt_order import shown_order

    return shown_order(problem.graph, problem.order_seed)


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


def half_busiest(problem: Problem, second: bool = False) -> list[str]:
    """The nodes most frequent in the first (or second) half of the edge list as shown."""
    edges = shown(problem).edges
    middle = max(1, len(edges) // 2)
    half = edges[middle:] if second else edges[:middle]
    counts = Counter(node for edge in half for node in edge)
    return extremes({n: float(c) for n, c in counts.items()}, largest=True)


def first_half_busiest(problem: Problem) -> list[str]:
    """The nodes most frequent in the first half of the edge list as shown."""
    return half_busiest(problem)


def second_half_busiest(problem: Problem) -> list[str]:
    """The nodes most frequent in the second half of the edge list as shown."""
    return half_busiest(problem, second=True)


def _is_tree(problem: Problem, answer: str) -> bool:
    import networkx as nx

    return problem.graph.number_of_nodes() > 0 and bool(nx.is_tree(problem.graph))


ON_TREES = Exactness("the graph is a tree", _is_tree)
"""Where a tree makes a heuristic exact (a double sweep's diameter, any spanning tree's weight)."""


def integer(value: float) -> list[str]:
    """One integer candidate."""
    return [str(int(value))]


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
        "fewest_edges",
        "the node with the fewest edges",
        lambda g: extremes({n: float(d) for n, d in g.degree}, largest=False),
    ),
    Heuristic(
        "first_half_busiest",
        "position",
        "the node most frequent in the first half of the edge list as shown",
        first_half_busiest,
    ),
    Heuristic(
        "second_half_busiest",
        "position",
        "the node most frequent in the second half of the edge list as shown",
        second_half_busiest,
    ),
    Heuristic(
        "first_listed_node",
        "position",
        "the first node of the node list as shown",
        lambda problem: shown(problem).nodes[:1],
    ),
    Heuristic(
        "last_listed_node",
        "position",
        "the last node of the node list as shown",
        lambda problem: shown(problem).nodes[-1:],
    ),
)
"""Heuristics every node-answer task gets."""

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


def heuristic_credits(task: Task | type[Task], problem: Problem, answer: str) -> dict[str, float]:
    """Every heuristic's credit on one instance, by name (in suite order); facts several of them
    read are computed once (:func:`shared_facts`)."""
    with shared_facts():
        return {h.name: h.credit(problem, answer) for h in heuristics_for(task)}


def find_shortcuts(task: Task, problem: Problem, solution: Solution) -> tuple[str, ...]:
    """The task's named degeneracies (``Task.shortcuts``) that hold: the builder redraws them."""
    return task.shortcuts(problem, solution)


def solved_by(credits: Mapping[str, float]) -> list[str]:
    """The heuristics whose credit on an instance is above 0 (the instance is not ``hard``)."""
    return [name for name, credit in credits.items() if credit > 0]
