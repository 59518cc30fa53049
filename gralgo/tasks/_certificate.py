"""Certificate answers: the model returns the object behind its answer, and the task checks it.

Shared here: the verdict and answer records and the checks several tasks share. Each task owns
its question wording, its certificate shape and its validator (``certificate_question``,
``certificate_shape``, ``check_certificate`` on the task class). Reading the box text into a
:class:`CertificateAnswer` is the score stage's job (``gralgo.score``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import networkx as nx

CertificateShape = Literal["nodes", "path", "edges"]
"""What a task's certificate is: a set/list of nodes, a path (ordered nodes), or edges."""
CertificateStatus = Literal["unparsed", "hallucinated", "infeasible", "feasible", "optimal"]
CERTIFICATE_STATUSES: tuple[str, ...] = (
    "unparsed",
    "hallucinated",
    "infeasible",
    "feasible",
    "optimal",
)


@dataclass(frozen=True)
class CertificateVerdict:
    """How a certificate answer stands against the graph."""

    status: CertificateStatus
    """``unparsed`` < ``hallucinated`` < ``infeasible`` < ``feasible`` < ``optimal``."""
    ratio: float | None = None
    """Value relative to the optimum in [0, 1] for feasible/optimal answers (1.0 when optimal)."""
    detail: str = ""
    """One line saying why (the unknown name, the missing edge, ...)."""
    unknown: tuple[str, ...] = field(default_factory=tuple)
    """Names or edges in the answer that are not in the graph."""


def unparsed(detail: str) -> CertificateVerdict:
    return CertificateVerdict("unparsed", None, detail)


def hallucinated(unknown: Iterable[str], what: str = "node") -> CertificateVerdict:
    names = tuple(unknown)
    return CertificateVerdict("hallucinated", None, f"not a {what} of the graph: {names!r}", names)


def unusable_nodes(answer: CertificateAnswer) -> CertificateVerdict | None:
    """The verdict for an answer naming a node not in the graph, or naming no node; else None."""
    if answer.unknown:
        return hallucinated(answer.unknown)
    if not answer.nodes:
        return unparsed("no node given")
    return None


def infeasible(detail: str) -> CertificateVerdict:
    return CertificateVerdict("infeasible", None, detail)


def graded(
    value: float, optimum: float, detail: str = "", maximise: bool = True
) -> CertificateVerdict:
    """``optimal`` when ``value`` equals ``optimum``, else ``feasible`` with the ratio."""
    if value == optimum:
        return CertificateVerdict("optimal", 1.0, detail)
    if maximise:
        ratio = value / optimum if optimum else 0.0
    else:
        ratio = optimum / value if value else 0.0
    return CertificateVerdict("feasible", max(0.0, min(1.0, ratio)), detail)


@dataclass(frozen=True)
class CertificateAnswer:
    """A certificate as read from a model's box, its names already matched to the graph."""

    nodes: list[str] = field(default_factory=list)
    """The nodes named, in the order written (for ``nodes`` and ``path`` shapes)."""
    edges: list[tuple[str, str]] = field(default_factory=list)
    """The edges named (for the ``edges`` shape), each as written."""
    unknown: list[str] = field(default_factory=list)
    """Items that name no node of the graph."""


# ---------------------------------------------------------------------------------------------
# Checks several tasks share


_EMPTY = {"none", "empty", "nothing", "∅", "\\emptyset", "\\varnothing", "no nodes", "no leaves"}


def check_node_set(
    read: CertificateAnswer, expected: Collection[str], what: str
) -> CertificateVerdict:
    """A set answer against the exact set: a strict subset is ``feasible`` (ratio = coverage),
    any wrong member makes it ``infeasible``."""
    unknown = [item for item in read.unknown if item.strip().lower() not in _EMPTY]
    if unknown:
        return hallucinated(unknown)
    chosen, target = set(read.nodes), set(expected)
    if not chosen and target and not read.unknown:
        return unparsed(f"no node listed for {what}")
    wrong = sorted(chosen - target)
    if wrong:
        return infeasible(f"not in {what}: {wrong[:5]!r}")
    return graded(len(chosen), len(target), f"{len(chosen)} of {len(target)} nodes of {what}")


def check_path(graph: nx.Graph[str], read: CertificateAnswer) -> CertificateVerdict | None:
    """The verdict for an answer that must be a simple path, or ``None`` when it is one."""
    if read.unknown:
        return hallucinated(read.unknown)
    if len(read.nodes) < 2:
        return unparsed("a path needs at least two nodes")
    problem = path_problem(graph, read.nodes)
    return None if problem is None else infeasible(problem)


def path_problem(graph: nx.Graph[str], path: Sequence[str]) -> str | None:
    """Why ``path`` is not a simple path of ``graph`` (``None`` when it is one)."""
    if len(set(path)) != len(path):
        return "the path repeats a node"
    for u, v in zip(path, path[1:], strict=False):
        if not graph.has_edge(u, v):
            return f"no edge between {u!r} and {v!r}"
    return None


def certificate_instruction(numeric_ids: bool) -> str:
    """The closing sentence of every certificate question: how to write nodes in the box."""
    how = (
        "write each node as its number"
        if numeric_ids
        else "write each node's name exactly as in the graph, without the surrounding quotes"
    )
    return f"Think step by step, then give your final answer in \\boxed{{...}}; {how}."
