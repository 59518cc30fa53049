"""Draw benchmark instances: sample a subgraph, draw parameters, solve exactly, render prompts."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gralgo.dataset._instance import Instance, PromptVariant
from gralgo.dataset._levels import THINNED_MEAN_DEGREE, THINNED_SPREAD, level_range
from gralgo.dataset._overlap import OverlapGuard
from gralgo.errors import SamplingError
from gralgo.graphs import (
    SampledGraph,
    SourceGraph,
    edge_count,
    node_link_data,
    sorted_pairs,
    thin_edges_keeping_cores,
)
from gralgo.graphs.samplers import SampleRefused, sample_subgraph
from gralgo.lazy import lazy_module
from gralgo.seeding import rng_for, stable_hash
from gralgo.tasks import (
    InstanceRejected,
    Problem,
    Solution,
    Task,
    drawn_order,
    find_shortcuts,
    heuristic_credits,
    normalize_node_name,
)

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")

DEFAULT_FORMATS = ("edge_list", "adjacency_list", "markdown_table", "numeric_ids")
DRAW_VERSION = 3
"""The version of the draw rules, in every manifest's ``generator``: bump it when a change makes
the same config and seed draw other instances, so no dataset of the old draws is reused.
2: degree-aware sampling (max_degree's largest levels, max_kcore's smallest).
3: prompt order drawn from the instance id; redraws for validity only (issue 32); the overlap
cap (a draw sharing over half its nodes with an earlier instance of its cell, or lifting the
cell's mean node-set Jaccard above 0.2, is redrawn while the source allows); thinned samples'
target mean degree drawn per instance around a per-level mean (Table 2)."""


@dataclass(frozen=True)
class BuildOptions:
    """How many instances to draw and how."""

    seed: int = 0
    per_level: int = 50
    formats: tuple[str, ...] = DEFAULT_FORMATS
    max_attempts: int = 200
    """Resampling budget per instance before giving up with a SamplingError."""
    reject_shortcuts: bool = True
    """Redraw draws where one of the task's named degeneracies holds (``Task.shortcuts``)."""
    max_answer_share: float = 0.3
    """Answer balancing: instance ``i`` may not take an answer already held by
    ``max(answer_warmup, floor(max_answer_share * (i + 1)))`` earlier instances of its
    (task, level); 1.0 turns balancing off."""
    answer_warmup: int = 2
    """How many instances may share an answer before the share rule applies."""
    hard_split: bool = False
    """Also build the ``hard`` split (opt-in, as ``dataset.hard_split``): per (task, level), up
    to ``per_level`` draws of the same sampler, in a stream of their own, that no heuristic
    solves (``gralgo.dataset._hard_split``)."""
    hard_max_draws: int = 50000
    """Draws the hard split tries per (task, level) at most (a cell whose heuristics solve
    nearly every draw keeps fewer than ``per_level``, and says so in ``statistics.md``)."""
    count_tokens: bool = False
    """Fill ``prompts.<format>.tokens`` (cl100k) for every prompt. Off by default: counting
    every prompt of a full build costs more than the build itself (see README)."""


def instance_id(task: str, level: int, source: str, seed: int, index: int, context: str) -> str:
    """Stable id: the same (task, level, source, seed, index, context) gives the same id."""
    return stable_hash("gralgo-instance/v1", task, level, source, seed, index, context, length=20)


@functools.lru_cache(maxsize=1 << 18)
def name_key(name: str) -> str:
    """How node answers compare names (the task layer's normaliser), so no two nodes read alike.

    Cached: the same source nodes are drawn again and again, and the normaliser's own cache
    is too small to hold a whole source's names.
    """
    return normalize_node_name(name) or ""


def names_are_distinguishable(graph: nx.Graph[str]) -> bool:
    """No two node names collapse to the same key (so a node answer has one reading)."""
    keys = {name_key(str(n)) for n in graph.nodes}
    return len(keys) == graph.number_of_nodes()


GraphKey = tuple[tuple[str, ...], tuple[tuple[str, str], ...]]
"""Sorted node names and sorted edges: equal exactly when two graphs are the same."""


def graph_fingerprint(graph: nx.Graph[str]) -> GraphKey:
    """Order-independent identity of a graph's nodes and edges (to skip repeated samples).

    The names and pairs themselves rather than a digest of them: a set compares them as fast
    and the build hashed every draw's text before.
    """
    nodes = tuple(sorted(map(str, graph.nodes)))
    edges = tuple(sorted_pairs(graph))  # sampled graphs are named by strings
    return nodes, edges


def render_prompts(
    task: Task,
    problem: Problem,
    solution: Solution,
    formats: Sequence[str],
    count_tokens: bool = False,
) -> dict[str, PromptVariant]:
    """The problem rendered in every requested serialisation format (token counts optional)."""
    from gralgo.formats import build_prompt, prompt_rows, shows_relations
    from gralgo.formats import count_tokens as count

    relations = shows_relations(problem)
    rows = prompt_rows(task, problem, relations)  # shared by every format
    prompts = {}
    for fmt in formats:
        rendered = build_prompt(task, problem, solution.answer, fmt, relations=relations, rows=rows)
        tokens = count(rendered.text) if count_tokens else None
        prompts[fmt] = PromptVariant(text=rendered.text, answer=rendered.answer, tokens=tokens)
    return prompts


@dataclass(frozen=True)
class Drawn:
    """A successful draw: the sample, the problem made from it and its exact solution."""

    sample: SampledGraph
    problem: Problem
    solution: Solution
    fingerprint: GraphKey = ((), ())
    """:func:`graph_fingerprint` of the graph (the builder skips repeats)."""

    def provenance(self, **extra: object) -> dict[str, object]:
        return {**self.sample.provenance, **self.problem.provenance, **extra}


def thinning_target(cap: float, level: int | None, rng: random.Random) -> float:
    """The mean degree a sample of ``level`` is thinned to: drawn uniformly within
    :data:`THINNED_SPREAD` of the level's :data:`THINNED_MEAN_DEGREE`, at most ``cap`` (the
    task's ``max_mean_degree``); ``cap`` itself for a level without a calibrated mean."""
    mean = THINNED_MEAN_DEGREE.get(level) if level is not None else None
    if mean is None:
        return cap
    return min(cap, mean * rng.uniform(1 - THINNED_SPREAD, 1 + THINNED_SPREAD))


def cap_mean_degree(sample: SampledGraph, cap: float, rng: random.Random) -> SampledGraph:
    """Thin a too-dense sample down to ``floor(cap * n / 2)`` edges, keeping it connected."""
    graph = sample.graph
    budget = max(int(cap * graph.number_of_nodes() / 2), graph.number_of_nodes() - 1)
    edges = edge_count(graph)
    if edges <= budget:
        return sample
    thinned = thin_edges_keeping_cores(graph, budget, rng)
    if thinned is None:  # a forest of several components needs fewer edges than n - 1
        return sample
    provenance = {
        **sample.provenance,
        "thinned_from_edges": edges,
        "thinned_to_degree": round(cap, 4),
    }
    return SampledGraph(graph=thinned, start=sample.start, provenance=provenance)


def draw_problem(
    task: Task,
    source: SourceGraph,
    n_range: tuple[int, int],
    rng: random.Random,
    *,
    seen: set[GraphKey],
    shape: Callable[[SampledGraph, random.Random], SampledGraph] | None = None,
    reject_shortcuts: bool = True,
    admit: Callable[[frozenset[str]], str | None] | None = None,
    level: int | None = None,
) -> Drawn | str:
    """One attempt: a valid draw, or the reason (a short category) it must be resampled.

    The task picks the graph to walk (``Task.sampling_source``); ``shape`` may transform the
    sample first. The caller adds the fingerprint of a draw it
    keeps to ``seen``. ``admit`` sees the sample's node names before its graph is built (a
    refused draw never builds it) and may refuse it with a reason (the overlap cap,
    :mod:`gralgo.dataset._overlap`).
    ``level`` picks the thinning target's distribution (:func:`thinning_target`).
    """
    n_nodes = rng.randint(*n_range)
    walked, drew = task.sampling_source(source, n_range, n_nodes, rng)
    try:
        sample = sample_subgraph(
            walked,
            task.settings.sampler,
            n_nodes,
            rng,
            admit=admit,
            **dict(task.settings.sampler_options),
        )
    except SampleRefused as refused:
        return refused.reason
    except SamplingError:
        if not drew:
            raise  # the source itself is too small: a config error
        return "unwalkable_cap"  # a cap left no start that reaches n_nodes: redraw
    if drew:
        sample = SampledGraph(sample.graph, sample.start, {**sample.provenance, **drew})
    if task.settings.max_mean_degree is not None:
        target = thinning_target(task.settings.max_mean_degree, level, rng)
        sample = cap_mean_degree(sample, target, rng)
    if shape is not None:
        sample = shape(sample, rng)
    else:  # sampled (and thinned) for this draw alone, in a copy's order: no copy needed
        sample = replace(sample, owned=True)
    graph = sample.graph
    if task.needs_connected and not nx.is_connected(graph):
        return "disconnected"
    if not names_are_distinguishable(graph):
        return "names_alike"
    fingerprint = graph_fingerprint(graph)
    if fingerprint in seen:
        return "repeated_graph"
    try:
        problem = task.make_problem(sample, rng)
        solution = task.solve(problem)
    except InstanceRejected as rejected:
        return rejected.reason
    if reject_shortcuts:
        found = find_shortcuts(task, problem, solution)
        if found:
            return f"shortcut:{found[0]}"
    return Drawn(sample, problem, solution, fingerprint)


def answer_cap(index: int, options: BuildOptions) -> int:
    """How many of instances ``0..index`` may share one answer (see ``max_answer_share``).

    Depends only on ``index``, so instance ``i`` depends only on the instances before it and a
    smaller build stays a prefix of a larger one.
    """
    share = math.floor(options.max_answer_share * (index + 1) + 1e-9)
    return max(options.answer_warmup, share)


def build_level(
    task: Task,
    source: SourceGraph,
    level: int,
    options: BuildOptions,
) -> Iterator[Instance]:
    """The paper split of (task, level), in index order: the first ``options.per_level`` draws
    of the cell's stream (the hard split is drawn after it, in a stream of its own:
    :func:`gralgo.dataset._hard_split.build_hard_split`).

    Stream instance ``i`` depends only on (seed, task, level, i) and the draws before it, so a
    smaller ``per_level`` yields a prefix of a larger build's paper split, and its hard split is
    the larger one's first hard instances (``hard_slice``).
    """
    seen: set[GraphKey] = set()
    answers: Counter[str] = Counter()
    overlap = OverlapGuard()
    for index in range(options.per_level):
        drawn, attempt, rejected = _draw_instance(
            task, source, level, index, options, seen, answers, overlap
        )
        answer = drawn.solution.answer
        seen.add(drawn.fingerprint)
        answers[answer] += 1
        overlapping = overlap.keep(frozenset(map(str, drawn.problem.graph.nodes)))
        identity = instance_id(task.name, level, source.name, options.seed, index, "standard")
        problem = replace(drawn.problem, order_seed=drawn_order(drawn.problem.graph, identity))
        yield drawn_instance(
            task, source.name, level, options, index, problem, drawn, attempt, rejected,
            overlapping,
        )  # fmt: skip


def drawn_instance(
    task: Task,
    source_name: str,
    level: int,
    options: BuildOptions,
    index: int,
    problem: Problem,
    drawn: Drawn,
    attempt: int,
    rejected: Counter[str],
    overlapping: Mapping[str, object],
) -> Instance:
    """The standard-context record of a kept draw (``problem``: the drawn one in its prompt
    order), its provenance holding the attempt, the rejected draws, the heuristics that solve
    it and its overlap with the cell's earlier instances (paper and hard split alike)."""
    return make_instance(
        task,
        source_name,
        level,
        "standard",
        options,
        index,
        problem,
        drawn.solution,
        provenance=drawn.provenance(
            attempt=attempt,
            rejected=dict(sorted(rejected.items())),
            heuristics=heuristic_credits(task, problem, drawn.solution.answer),
            **overlapping,
        ),
    )


def _draw_instance(
    task: Task,
    source: SourceGraph,
    level: int,
    index: int,
    options: BuildOptions,
    seen: set[GraphKey],
    answers: Counter[str],
    overlap: OverlapGuard,
) -> tuple[Drawn, int, Counter[str]]:
    """Instance ``index`` of the cell's stream: its first valid draw over attempts 0, 1, ...,
    its attempt and the reasons of the draws rejected before it (``overlap`` admits or refuses
    each sample's node set against the cell's earlier instances)."""
    n_range = level_range(level)
    rejected: Counter[str] = Counter()
    overlap.start()
    for attempt in range(options.max_attempts):
        rng = rng_for(options.seed, task.name, level, index, attempt)
        try:
            drawn = draw_problem(
                task,
                source,
                n_range,
                rng,
                seen=seen,
                reject_shortcuts=options.reject_shortcuts,
                admit=overlap.admit,
                level=level,
            )
        except SamplingError as err:
            raise SamplingError(
                f"task {task.name!r}, level {level} ({n_range[0]}-{n_range[1]} nodes), "
                f"source {source.name!r}: {err}"
            ) from err
        if isinstance(drawn, str):
            rejected[drawn] += 1
            continue
        if answers[drawn.solution.answer] + 1 > answer_cap(index, options):
            rejected["answer_share"] += 1
            continue
        return drawn, attempt, rejected
    common = ", ".join(f"{reason} x{n}" for reason, n in rejected.most_common(3))
    raise SamplingError(
        f"task {task.name!r}, level {level}: no valid instance #{index} after "
        f"{options.max_attempts} attempts from source {source.name!r} (rejected: "
        f"{common}); the source is too small or the task's constraints (validity rules, "
        f"answer share) are unsatisfiable there: raise dataset.max_attempts, change the "
        f"task's parameters or choose another source"
    )


def make_instance(
    task: Task,
    source_name: str,
    level: int,
    context: str,
    options: BuildOptions,
    index: int,
    problem: Problem,
    solution: Solution,
    *,
    provenance: Mapping[str, object] | None = None,
    prompts: Mapping[str, PromptVariant] | None = None,
) -> Instance:
    """Assemble the record (graph as node-link data, prompts in every format, nodes and edges
    in the order drawn from the instance id where ``problem`` has none)."""
    identity = instance_id(task.name, level, source_name, options.seed, index, context)
    if problem.order_seed is None:
        problem = replace(problem, order_seed=drawn_order(problem.graph, identity))
    return Instance(
        id=identity,
        task=task.name,
        taxonomy=task.taxonomy,
        complexity=task.complexity,
        level=level,
        context=context,
        source=source_name,
        seed=options.seed,
        index=index,
        answer_kind=task.answer_kind,
        graph=node_link_data(problem.graph),
        params=dict(problem.params),
        answer=solution.answer,
        certificate=dict(solution.certificate),
        provenance=dict(provenance if provenance is not None else problem.provenance),
        prompts=dict(prompts)
        if prompts is not None
        else render_prompts(task, problem, solution, options.formats, options.count_tokens),
        n_nodes=problem.graph.number_of_nodes(),
        n_edges=problem.graph.number_of_edges(),
    )
