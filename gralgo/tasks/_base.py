"""The task contract: sample a problem from a source graph, solve it exactly, ask it, check it.

A task is one module under ``gralgo/tasks/`` holding a subclass of :class:`Task`, registered in
``gralgo/tasks/__init__.py`` and configured by ``conf/task/<name>.yaml``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import networkx as nx

from gralgo.graphs import SampledGraph

if TYPE_CHECKING:
    from gralgo.tasks._certificate import CertificateAnswer, CertificateShape, CertificateVerdict

Taxonomy = Literal["enumeration", "exploration", "intuition"]
Complexity = Literal["easy", "medium", "hard"]
AnswerKind = Literal["integer", "node"]


@dataclass(frozen=True)
class Problem:
    """A sampled graph and the task parameters drawn for it."""

    graph: nx.Graph
    """Node ids are the real names; ``weight`` node/edge attributes where the task uses them."""
    params: dict[str, Any] = field(default_factory=dict)
    """JSON-serialisable task parameters (``k``, ``tau``, ``root``, ``node``...)."""
    provenance: dict[str, Any] = field(default_factory=dict)
    """How the graph was drawn: sampler, start node, walk length, source-node ids..."""


@dataclass(frozen=True)
class Solution:
    """The exact answer and a certificate that proves it."""

    answer: str
    """Canonical answer string (an integer in base 10, or a node name)."""
    certificate: dict[str, Any]
    """JSON-serialisable evidence (the clique, the MST edges, a diametral pair, ...)."""


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


class Task(ABC):
    """One graph algorithm problem family."""

    name: ClassVar[str]
    taxonomy: ClassVar[Taxonomy]
    complexity: ClassVar[Complexity]
    answer_kind: ClassVar[AnswerKind] = "integer"
    needs_connected: ClassVar[bool] = False
    """Whether the sampled graph must be connected."""
    node_weighted: ClassVar[bool] = False
    """Whether node ``weight`` attributes are part of the problem (and the prompt)."""
    edge_weighted: ClassVar[bool] = False
    """Whether edge ``weight`` attributes are part of the problem (and the prompt)."""

    def __init__(self, settings: TaskSettings) -> None:
        self.settings = settings

    @abstractmethod
    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        """Draw parameters (and weights) for a sampled graph; raise InstanceRejected if unusable.

        Weights drawn here are stored as ``weight`` attributes on a copy of ``sample.graph``.
        """

    @abstractmethod
    def solve(self, problem: Problem) -> Solution:
        """The exact answer; raise :class:`InstanceRejected` when it is not unique."""

    @abstractmethod
    def story(self) -> str:
        """The domain sentence that opens the prompt (what nodes and edges mean)."""

    @abstractmethod
    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        """The question; ``label`` maps a node name to how the prompt shows it."""

    shortcut_names: ClassVar[tuple[str, ...]] = ()
    """The shortcuts :meth:`shortcuts` looks for (each is defined in ``design/data.md``)."""

    def shortcuts(self, problem: Problem, solution: Solution) -> tuple[str, ...]:
        """The named shortcuts that give this instance's answer without the task's algorithm.

        An instance with any is not measuring the task: the builder rejects it and the audit
        counts it. The default task has none.
        """
        return ()

    def check(self, extracted: str, expected: str) -> bool:
        """Whether an extracted, normalised answer equals the expected one."""
        return extracted == expected

    # Certificate mode (``mode=certificate``): each task asks for, and checks, its own witness.
    certificate_shape: ClassVar[CertificateShape] = "nodes"
    """What the witness is: a set of ``nodes``, a ``path`` (ordered nodes) or ``edges``."""

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        """The question asking for the object behind the answer and how to write it in the box."""
        raise NotImplementedError(f"task {self.name!r} has no certificate question")

    def check_certificate(
        self, problem: Problem, solution: Solution, answer: CertificateAnswer
    ) -> CertificateVerdict:
        """Classify a certificate (read from the box, names matched) against the graph."""
        raise NotImplementedError(f"task {self.name!r} has no certificate check")
