"""The records a task works with: its settings, a problem, its solution, a rejected draw."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx

    from gralgo.tasks._prompt_order import PromptOrder
else:
    nx = lazy_module("networkx")


Taxonomy = Literal["enumeration", "exploration", "intuition"]
Complexity = Literal["easy", "medium", "hard"]
HeuristicKind = Literal["position", "scan", "algorithm"]


@dataclass(frozen=True)
class Problem:
    """A sampled graph and the task parameters drawn for it."""

    graph: nx.Graph[str]
    """Node ids are the real names; ``weight`` node/edge attributes where the task uses them."""
    params: dict[str, Any] = field(default_factory=dict)
    """JSON-serialisable task parameters (``k``, ``tau``, ``root``, ``node``...)."""
    provenance: dict[str, Any] = field(default_factory=dict)
    """How the graph was drawn: sampler, start node, walk length, source-node ids..."""
    order_seed: PromptOrder = None
    """The order its prompts list nodes and edges in (``gralgo.tasks._prompt_order``): the seed
    drawn from the instance id, or the order read back from a prompt; ``None``: by name."""


@dataclass(frozen=True)
class Solution:
    """The exact answer and a certificate that proves it."""

    answer: str
    """Canonical answer string (an integer in base 10, a node name, or the task's own kind)."""
    certificate: dict[str, Any]
    """JSON-serialisable evidence (the clique, the MST edges, a diametral pair, ...)."""


@dataclass(frozen=True)
class Shortcut:
    """A named way to an instance's answer without the task's algorithm (``Task.shortcut_rules``;
    each is defined in ``design/data.md``): the builder redraws an instance where ``holds``."""

    name: str
    meaning: str
    """What holds when it applies, and why that gives the answer away."""
    holds: Callable[[Problem, Solution], bool]


class InstanceRejected(Exception):
    """The sampled problem is unusable (no unique answer, degenerate); the builder resamples.

    ``reason`` is a short stable category (``no_unique_answer``, ``too_small`` ...) that the
    builder counts per (task, level); the message may name nodes and is for humans.
    """

    def __init__(self, message: str, reason: str = "unusable") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class TaskSettings:
    """Per-task settings from ``conf/task/<name>.yaml`` (resolved once, passed as plain data)."""

    source: str
    """Name of the graph source this task samples from."""
    sampler: str
    """Sampler name (see :mod:`gralgo.graphs.samplers`)."""
    sampler_options: Mapping[str, Any] = field(default_factory=dict)
    """Keyword arguments for the sampler (walk length, restart probability...)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Task-specific options (weight ranges, k range, ...)."""
    max_mean_degree: float | None = None
    """Cap on a sample's mean degree: denser samples keep a random spanning forest plus random
    edges up to the cap (small dense sources such as Wikispeedia would otherwise give far
    denser graphs than the paper's Table 2)."""
    impl: str | None = None
    """``module:Class`` of a task outside ``gralgo/tasks`` (``impl`` in its config); ``None``
    for a built-in task. Carried here so that build workers can import it too."""


@dataclass(frozen=True)
class Exactness:
    """A property of an instance under which a heuristic provably gives the exact answer (a
    sufficient condition): the hard split measures how often its draws have it, which says why
    a member solves nearly every draw of a cell (``design/data.md``, "The hard split")."""

    description: str
    """In words, completing "exact when ..." (e.g. "the graph is a tree")."""
    holds: Callable[[Problem, str], bool]
    """Whether the problem (with its exact answer) has the property."""


@dataclass(frozen=True)
class Heuristic:
    """A named cheap way to an answer."""

    name: str
    kind: HeuristicKind
    description: str
    """One line: what it does (quoted in ``design/data.md`` and the audit)."""
    guess: Callable[[Problem], Sequence[str]]
    """The candidate answers (canonical form); several when the heuristic ties."""
    exact_when: Exactness | None = None
    """A condition under which it is exact (checked on random graphs in the tests), if any."""

    def credit(self, problem: Problem, answer: str) -> float:
        """The share of candidates equal to ``answer`` (0 when there is none)."""
        guesses = list(self.guess(problem))
        return guesses.count(answer) / len(guesses) if guesses else 0.0
