"""Certificate answers: the model returns the object behind its answer, and the task checks it.

Shared here: the verdict and answer records and the checks several tasks share. Each task owns
its question wording, its certificate shape and its validator (``certificate_question``,
``certificate_shape``, ``check_certificate`` on the task class). Reading the box text into a
:class:`CertificateAnswer` is the score stage's job (``gralgo.score``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


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
    """The verdict for a witness that cannot be checked as a list of nodes, else None.

    The same classes in every task: a name the graph lacks -> ``hallucinated``; nothing read
    or a part that is no name -> ``unparsed``; a repeated node, a group that is not an edge, or
    an empty claim -> ``infeasible`` (real nodes, not a valid witness).
    """
    verdict = unreadable(answer)
    if verdict is not None:
        return verdict
    if answer.says_empty:
        return infeasible("the answer claims an empty witness")
    if not answer.nodes:
        return unparsed("no node given")
    repeated = _repeated(answer.nodes)
    if repeated:
        return infeasible(f"lists {repeated[:3]!r} more than once")
    return None


def unreadable(answer: CertificateAnswer) -> CertificateVerdict | None:
    """``hallucinated`` for an unknown name, ``unparsed`` for unread parts, ``infeasible`` for a
    group of real nodes that is not an edge; None when every part was read."""
    if answer.unknown:
        return hallucinated(answer.unknown)
    if answer.unread:
        return unparsed(f"could not read {answer.unread[:3]!r}")
    if answer.malformed:
        return infeasible(f"not an edge (two nodes): {answer.malformed[:3]!r}")
    return None


def _repeated(items: Sequence[object]) -> list[object]:
    seen: set[object] = set()
    repeated = []
    for item in items:
        if item in seen and item not in repeated:
            repeated.append(item)
        seen.add(item)
    return repeated


def repeated_edges(edges: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Edges listed more than once (either direction), in the order first repeated."""
    return [
        edge
        for edge in _repeated([tuple(sorted(edge)) for edge in edges])
        if isinstance(edge, tuple)
    ]


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
    """A certificate as read from a model's box, its names already matched to the graph.

    Every part of the box lands in exactly one field, so a check can refuse a witness with
    parts it did not read (``unread``), names the graph lacks (``unknown``) or groups of real
    nodes that are not an edge (``malformed``)."""

    nodes: list[str] = field(default_factory=list)
    """The nodes named, in the order written (for ``nodes`` and ``path`` shapes)."""
    edges: list[tuple[str, str]] = field(default_factory=list)
    """The edges named (for the ``edges`` shape), each as written."""
    unknown: list[str] = field(default_factory=list)
    """Items written as node names (or, under numeric ids, node numbers) that the graph lacks."""
    unread: list[str] = field(default_factory=list)
    """Parts that are no name at all (prose, a bare number, a group of nothing)."""
    malformed: list[str] = field(default_factory=list)
    """Edge groups whose parts are real nodes but not two of them (``(A, B, C)``)."""
    says_empty: bool = False
    """The whole box claims an empty witness (``none``, ``∅``, ``no nodes``)."""


# ---------------------------------------------------------------------------------------------
# Checks several tasks share


def check_node_set(
    read: CertificateAnswer, expected: Collection[str], what: str
) -> CertificateVerdict:
    """A set answer against the exact set: a strict subset is ``feasible`` (ratio = coverage),
    any wrong member makes it ``infeasible``; ``none`` is right only when the set is empty."""
    target = set(expected)
    if read.says_empty and not unreadable(read):
        if target:
            return infeasible(f"claims {what} is empty; it has {len(target)} node(s)")
        return graded(0, 0, f"{what} is empty")
    verdict = unusable_nodes(read)
    if verdict is not None:
        return verdict
    chosen = set(read.nodes)
    wrong = sorted(chosen - target)
    if wrong:
        return infeasible(f"not in {what}: {wrong[:5]!r}")
    return graded(len(chosen), len(target), f"{len(chosen)} of {len(target)} nodes of {what}")


def check_path(graph: nx.Graph[str], read: CertificateAnswer) -> CertificateVerdict | None:
    """The verdict for an answer that must be a simple path, or ``None`` when it is one."""
    verdict = unreadable(read)
    if verdict is not None:
        return verdict
    if not read.nodes and not read.says_empty:
        return unparsed("no node given")
    if len(read.nodes) < 2:
        return infeasible("a path needs at least two nodes")
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
