"""The task contract: sample a problem from a source graph, solve it exactly, ask it, check it.

A task is one module holding a subclass of :class:`Task` (found by the registry, see
``gralgo/tasks/_registry.py``) and a config ``conf/task/<name>.yaml``. The task owns its answer:
its kind, how a written answer is normalised, when it is correct, how the prompt asks for it, and
(for ``mode=certificate``) how a witness is checked. The defaults below cover integer and node
answers; a task with another kind of answer overrides them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

from gralgo.graphs import SampledGraph, SourceGraph
from gralgo.tasks._answers import (
    INTEGER_ANSWER,
    AnswerKind,
    answer_instruction,
    normalize_answer,
)
from gralgo.tasks._domains import domain_for
from gralgo.tasks._graph_helpers import (
    draw_edge_weights,
    make_problem_record,
    require_connected,
    working_copy,
)
from gralgo.tasks._options import TaskOptions
from gralgo.tasks._task_records import (
    Complexity,
    Heuristic,
    InstanceRejected,
    Problem,
    Shortcut,
    Solution,
    TaskSettings,
    Taxonomy,
)

if TYPE_CHECKING:
    import networkx as nx

    from gralgo.tasks._certificate_checks import (
        CertificateAnswer,
        CertificateShape,
        CertificateVerdict,
    )

__all__ = [
    "AnswerKind",
    "Complexity",
    "DefinedTask",
    "EdgeWeightedTask",
    "InstanceRejected",
    "Problem",
    "Shortcut",
    "Solution",
    "Task",
    "TaskSettings",
    "Taxonomy",
]


class Task(ABC):
    """One graph algorithm problem family."""

    name: ClassVar[str]
    taxonomy: ClassVar[Taxonomy]
    complexity: ClassVar[Complexity]
    answer_kind: ClassVar[str] = "integer"
    """``integer`` or ``node`` (handled by the answer methods below), or a kind of the task's
    own, for which it overrides :meth:`normalize_answer` and :meth:`answer_instruction`."""
    needs_connected: ClassVar[bool] = False
    """Whether the sampled graph must be connected."""
    node_weighted: ClassVar[bool] = False
    """Whether node ``weight`` attributes are part of the problem (and the prompt)."""
    edge_weighted: ClassVar[bool] = False
    """Whether edge ``weight`` attributes are part of the problem (and the prompt)."""
    option_names: ClassVar[tuple[str, ...]] = ()
    """The keys ``options`` may hold; any other key is a config error naming the valid ones."""

    def __init__(self, settings: TaskSettings) -> None:
        self.settings = settings
        self.options = TaskOptions(self.name, settings.options, known=self.option_names)

    def sampling_source(
        self, source: SourceGraph, n_range: tuple[int, int], n_nodes: int, rng: random.Random
    ) -> tuple[SourceGraph, dict[str, object]]:
        """The graph one draw of ``n_nodes`` nodes (of the level's ``n_range``) samples from,
        and what it adds to the draw's provenance (e.g. a degree cap,
        ``gralgo.graphs.without_hubs``).

        The default is the source itself, drawing no randomness, so a task that does not
        override it draws what it drew before this hook existed.
        """
        return source, {}

    def make_problem(self, sample: SampledGraph, rng: random.Random) -> Problem:
        """Draw parameters (and weights) for a sampled graph; raise InstanceRejected if unusable.

        Weights drawn here are stored as ``weight`` attributes on a copy of ``sample.graph``.
        The default asks about the graph as sampled (connected when :attr:`needs_connected`).
        """
        graph = working_copy(sample, self.name)
        if self.needs_connected:
            require_connected(graph, self.name)
        return make_problem_record(sample, graph, {})

    @abstractmethod
    def solve(self, problem: Problem) -> Solution:
        """The exact answer; raise :class:`InstanceRejected` when it is not unique."""

    def story(self) -> str:
        """The domain sentence that opens the prompt (what nodes and edges mean)."""
        return domain_for(self.settings.source).sentence

    @abstractmethod
    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        """The question; ``label`` maps a node name to how the prompt shows it."""

    shortcut_rules: ClassVar[tuple[Shortcut, ...]] = ()
    """The task's shortcuts, in the order :meth:`shortcuts` reports them."""
    shortcut_names: ClassVar[tuple[str, ...]] = ()
    """The shortcuts :meth:`shortcuts` looks for (each is defined in ``design/data.md``); the
    names of :attr:`shortcut_rules` where a task declares those."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "shortcut_rules" in cls.__dict__:
            cls.shortcut_names = tuple(rule.name for rule in cls.shortcut_rules)

    def shortcuts(self, problem: Problem, solution: Solution) -> tuple[str, ...]:
        """The named shortcuts that give this instance's answer without the task's algorithm.

        An instance with any is not measuring the task: the builder rejects it and the audit
        counts it. The default: those of :attr:`shortcut_rules` that hold.
        """
        return tuple(rule.name for rule in self.shortcut_rules if rule.holds(problem, solution))

    heuristics: ClassVar[tuple[Heuristic, ...]] = ()
    """The task's own named heuristics (``gralgo/tasks/_heuristics.py``): its scans, which the
    builder treats as shortcuts, and the algorithms reported as baselines."""
    generic_scans: ClassVar[bool] = True
    """Whether the generic scans for the answer kind apply (``heuristics_for``)."""

    # The answer. Class methods: the scorer reads answers without building the task.

    @classmethod
    def normalize_answer(cls, text: str) -> str | None:
        """The canonical form of a written answer (a model's box or the expected answer);
        ``None`` when nothing is left. Both sides are compared in this form."""
        return normalize_answer(text, cls.answer_kind)

    @classmethod
    def check(cls, answer: str | None, expected: str | None) -> bool:
        """Whether a normalised answer is correct for the normalised expected answer."""
        return answer is not None and answer == expected

    @classmethod
    def answer_instruction(cls, numeric_ids: bool, escaped_names: bool = False) -> str:
        """The prompt's closing sentence on how to write the answer (added when the question
        has no ``\\boxed``); ``numeric_ids``: nodes are shown as numbers; ``escaped_names``:
        some name is shown with JSON escapes."""
        return answer_instruction(cls.answer_kind, numeric_ids, escaped_names)

    @classmethod
    def shown_answer(cls, answer: str, labels: Mapping[str, str]) -> str:
        """The canonical answer as the prompt's format writes it (``labels``: node -> label)."""
        if cls.answer_kind != "node":
            return answer
        if answer not in labels:
            raise ValueError(f"{cls.name}: the answer {answer!r} is not a node of the graph")
        return labels[answer]

    # Certificate mode (``mode=certificate``): each task asks for, and checks, its own witness.
    certificate_shape: ClassVar[CertificateShape] = "nodes"
    """What the witness is: a set of ``nodes``, a ``path`` (ordered nodes) or ``edges``."""

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        """The question asking for the object behind the answer and how to write it in the box."""
        raise NotImplementedError(f"task {self.name!r} has no certificate question")

    def check_certificate(
        self, problem: Problem, solution: Solution, answer: CertificateAnswer
    ) -> CertificateVerdict:
        """Classify a certificate (read from the box, names matched) against the graph.

        The default, for a ``nodes`` witness: unparsed or hallucinated when no node set could be
        read (``unusable_nodes``), else :meth:`check_nodes`.
        """
        from gralgo.tasks._certificate_checks import unusable_nodes

        if self.certificate_shape != "nodes":
            raise NotImplementedError(f"task {self.name!r} has no certificate check")
        verdict = unusable_nodes(answer)
        return verdict if verdict is not None else self.check_nodes(problem, solution, answer)

    def check_nodes(
        self, problem: Problem, solution: Solution, answer: CertificateAnswer
    ) -> CertificateVerdict:
        """Classify a node witness whose ``nodes`` are all real nodes of the graph."""
        raise NotImplementedError(f"task {self.name!r} has no certificate check")


class DefinedTask(Task):
    """A task whose questions are fixed text opened by a definition, with an integer answer:
    :attr:`asks` for the number, :attr:`asks_for_witness` in certificate mode."""

    definition: ClassVar[str] = ""
    """Opens both questions (what the counted object is)."""
    asks: ClassVar[str]
    """The question for the number (the integer-answer instruction follows)."""
    asks_for_witness: ClassVar[str]
    """The question for the witness, saying how to write it in the box."""

    def question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return f"{self.definition}{self.asks} {INTEGER_ANSWER}"

    def certificate_question(self, problem: Problem, label: Callable[[str], str]) -> str:
        return f"{self.definition}{self.asks_for_witness}"


class EdgeWeightedTask(Task):
    """A task on integer edge weights drawn from ``options.edge_weight_range``."""

    edge_weighted = True
    option_names = ("edge_weight_range",)
    default_edge_weights: ClassVar[tuple[int, int]] = (1, 10)
    """The weight range when the config gives none."""

    def __init__(self, settings: TaskSettings) -> None:
        super().__init__(settings)
        self.weight_range = self.options.int_range(
            "edge_weight_range", self.default_edge_weights, minimum=1
        )

    def draw_weights(self, graph: nx.Graph[str], rng: random.Random) -> None:
        """Set a ``weight`` from :attr:`weight_range` on every edge (sorted-edge order)."""
        draw_edge_weights(graph, rng, *self.weight_range)
