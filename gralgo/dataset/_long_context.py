"""Long-context variants: fixed topology, node names lengthened to reach 4k-64k-token prompts."""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gralgo.dataset._build import BuildOptions, GraphKey, graph_fingerprint, make_instance
from gralgo.dataset._instance import Instance, PromptVariant
from gralgo.dataset._spec import DatasetSpec, LongContextSpec, load_sources_for
from gralgo.errors import SamplingError
from gralgo.graphs import SampledGraph, SourceGraph, thin_edges
from gralgo.graphs.samplers import sample_subgraph
from gralgo.lazy import lazy_module
from gralgo.seeding import rng_for, stable_seed
from gralgo.tasks import InstanceRejected, Problem, Solution, Task, TaskSettings

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


def context_name(target_tokens: int) -> str:
    """``4096`` → ``"4k"``."""
    return f"{target_tokens // 1024}k" if target_tokens % 1024 == 0 else str(target_tokens)


def thin_to_edges(sample: SampledGraph, n_edges: int, rng: random.Random) -> SampledGraph | None:
    """Exactly ``n_edges`` edges (spanning tree kept); ``None`` if disconnected or too sparse."""
    graph = sample.graph
    if graph.number_of_edges() < n_edges or not nx.is_connected(graph):
        return None
    thinned = thin_edges(graph, n_edges, rng)
    if thinned is None:
        return None
    provenance = {**sample.provenance, "thinned_to_edges": n_edges}
    return SampledGraph(graph=thinned, start=sample.start, provenance=provenance)


def relabel_value(value: Any, mapping: Mapping[str, str]) -> Any:
    """Replace node names inside params/certificates (nested lists and dicts)."""
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, list):
        return [relabel_value(v, mapping) for v in value]
    if isinstance(value, tuple):
        return tuple(relabel_value(v, mapping) for v in value)
    if isinstance(value, dict):
        return {relabel_value(k, mapping): relabel_value(v, mapping) for k, v in value.items()}
    return value


def relabel_problem(problem: Problem, mapping: Mapping[str, str]) -> Problem:
    graph = nx.relabel_nodes(problem.graph, dict(mapping), copy=True)
    return Problem(
        graph=graph,
        params=relabel_value(problem.params, mapping),
        provenance=problem.provenance,
        order_seed=problem.order_seed,
    )


def relabel_solution(solution: Solution, mapping: Mapping[str, str]) -> Solution:
    return Solution(
        answer=mapping.get(solution.answer, solution.answer),
        certificate=relabel_value(solution.certificate, mapping),
    )


def draw_base_graph(
    source: SourceGraph,
    spec: LongContextSpec,
    tasks: list[Task],
    seed: int,
    index: int,
    seen: set[GraphKey],
    max_attempts: int,
) -> tuple[SampledGraph, dict[str, tuple[Problem, Solution]]]:
    """One fixed topology (n_nodes, n_edges) that yields a valid problem for every task."""
    for attempt in range(max_attempts):
        rng = rng_for(seed, "long_context", index, attempt)
        sample = sample_subgraph(source, "random_walk_top", spec.n_nodes, rng)
        shaped = thin_to_edges(sample, spec.n_edges, rng)
        if shaped is None:
            continue
        fingerprint = graph_fingerprint(shaped.graph)
        if fingerprint in seen:
            continue
        solved: dict[str, tuple[Problem, Solution]] = {}
        try:
            for task in tasks:
                task_rng = rng_for(seed, "long_context", task.name, index, attempt)
                problem = task.make_problem(shaped, task_rng)
                solved[task.name] = (problem, task.solve(problem))
        except InstanceRejected:
            continue
        seen.add(fingerprint)
        return shaped, solved
    raise SamplingError(
        f"long context: no {spec.n_nodes}-node graph with {spec.n_edges} edges valid for "
        f"{[t.name for t in tasks]} after {max_attempts} attempts from {source.name!r}"
    )


def _long_context_options(name: str, settings: TaskSettings) -> dict[str, Any]:
    options = dict(settings.options)
    if name == "distance_k":
        # Every 80-node graph has a small diameter: k <= 3 keeps the answer from being "all".
        options["node"] = "away_from_hubs"
        options["k_range"] = [2, 3]
    return options


def build_long_context(spec: DatasetSpec) -> dict[str, list[Instance]]:
    """Instances for every (task, graph, target length); topology and answers fixed per graph.

    Graphs are drawn in order (each must differ from the ones before); lengthening them, the
    costly part, runs in ``spec.workers`` processes (0: one per core), one graph per job. The
    output does not depend on the number of workers.
    """
    lc = spec.long_context
    assert lc is not None
    source = load_sources_for(spec, [lc.source])[lc.source]
    tasks = _long_context_tasks(spec)
    seen: set[GraphKey] = set()
    jobs = []
    for index in range(min(lc.n_graphs, spec.options.per_level)):
        sample, solved = draw_base_graph(
            source, lc, tasks, spec.options.seed, index, seen, spec.options.max_attempts
        )
        jobs.append((spec, source.name, index, sample, solved))
    workers = max(1, min(spec.workers or (os.cpu_count() or 1), len(jobs)))
    if workers == 1:
        results = [_lengthen_graph(job) for job in jobs]
    else:
        from concurrent.futures import ProcessPoolExecutor  # not imported by a job

        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_lengthen_graph, jobs))
    out: dict[str, list[Instance]] = {t.name: [] for t in tasks}
    for per_task in results:
        for name, instances in per_task.items():
            out[name].extend(instances)
    return out


def _long_context_tasks(spec: DatasetSpec) -> list[Task]:
    from gralgo.tasks import make_task

    lc = spec.long_context
    assert lc is not None
    # Every task reads the long-context source, so its story must describe that source.
    # distance_k asks about a node away from the hubs: the walk's start reaches nearly all.
    return [
        make_task(
            name,
            replace(
                spec.tasks[name],
                source=lc.source,
                max_mean_degree=None,
                options=_long_context_options(name, spec.tasks[name]),
            ),
        )
        for name in sorted(spec.tasks)
    ]


_LengthenJob = tuple["DatasetSpec", str, int, SampledGraph, dict[str, tuple[Problem, Solution]]]


def _lengthen_graph(job: _LengthenJob) -> dict[str, list[Instance]]:
    """Worker: every (task, target) instance of one drawn graph."""
    from gralgo.formats import build_prompt, count_tokens, lengthen_names

    spec, source_name, index, sample, solved = job
    lc = spec.long_context
    assert lc is not None
    options: BuildOptions = replace(spec.options, formats=(lc.format,))
    recent: dict[str, int] = {}

    def counter(text: str) -> int:
        # lengthen_names has just counted the final prompt: keep the last few whole prompts.
        if text in recent:
            return recent[text]
        tokens = count_tokens(text, lc.tokenizer)
        if len(text) > 2000:
            if len(recent) >= 4:
                del recent[next(iter(recent))]
            recent[text] = tokens
        return tokens

    out: dict[str, list[Instance]] = {}
    for task in _long_context_tasks(spec):
        problem, solution = solved[task.name]
        old_nodes = list(problem.graph.nodes)

        def render(
            graph: nx.Graph[str],
            task: Task = task,
            problem: Problem = problem,
            solution: Solution = solution,
            old_nodes: list[str] = old_nodes,
        ) -> str:
            mapping = dict(zip(old_nodes, graph.nodes, strict=True))
            relabelled = relabel_problem(problem, mapping)
            answer = relabel_solution(solution, mapping).answer
            return build_prompt(task, relabelled, answer, lc.format).text

        instances = out.setdefault(task.name, [])
        for target in lc.targets:
            _, mapping = lengthen_names(
                problem.graph,
                target,
                render,
                counter,
                stable_seed(spec.options.seed, "lengthen", index),
                tolerance=lc.tolerance,
            )
            long_problem = relabel_problem(problem, mapping)
            long_solution = relabel_solution(solution, mapping)
            rendered = build_prompt(task, long_problem, long_solution.answer, lc.format)
            tokens = counter(rendered.text)
            instances.append(
                make_instance(
                    task,
                    source_name,
                    0,
                    context_name(target),
                    options,
                    index,
                    long_problem,
                    long_solution,
                    provenance={
                        **sample.provenance,
                        "target_tokens": target,
                        "tokenizer": lc.tokenizer,
                    },
                    prompts={lc.format: PromptVariant(rendered.text, rendered.answer, tokens)},
                )
            )
    return out
