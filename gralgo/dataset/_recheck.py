"""Re-solve a built dataset: every answer, certificate and prompt checked from the graph alone.

The audit does not trust what an instance says about itself: each instance's problem is rebuilt
from its graph and parameters, solved again, and compared with the stored answer and
certificate; every prompt is rendered again and compared byte for byte, and the graph text in
it is parsed back and compared with the instance graph (nodes, edges, weights). Runs in worker
processes, a chunk of instances each; the result does not depend on the number of workers.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gralgo.dataset._instance import Instance
from gralgo.lazy import lazy_module
from gralgo.tasks import (
    InstanceRejected,
    Problem,
    Task,
    TaskSettings,
    heuristic_credits,
    prompt_order_seed,
)

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


@dataclass(frozen=True)
class InstanceFault:
    """One instance whose stored answer, certificate or prompt does not match a re-solve."""

    instance_id: str
    task: str
    level: int
    context: str
    index: int
    detail: str
    """What differs, in words."""


@dataclass(frozen=True)
class Recheck:
    """What re-solving a dataset found."""

    faults: list[InstanceFault]
    """Sorted by (task, level, context, index)."""
    heuristics: dict[str, dict[str, float]]
    """Instance id -> every named heuristic's credit, computed again."""


def recheck_instances(instances: Sequence[Instance], workers: int = 0) -> Recheck:
    """Re-solve every instance (``workers`` processes; 0: one per core, 1: in this process)."""
    lines = [instance.to_json() for instance in instances]
    workers = workers or os.cpu_count() or 1
    chunks = [lines[i :: workers * 4] for i in range(workers * 4)] if workers > 1 else [lines]
    chunks = [chunk for chunk in chunks if chunk]
    if workers > 1 and len(chunks) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            results = list(pool.map(_recheck_lines, chunks))
    else:
        results = [_recheck_lines(chunk) for chunk in chunks]
    faults = [fault for result in results for fault in result[0]]
    faults.sort(key=lambda f: (f.task, f.level, f.context, f.index, f.detail))
    return Recheck(faults, {key: value for result in results for key, value in result[1].items()})


def _recheck_lines(
    lines: Iterable[str],
) -> tuple[list[InstanceFault], dict[str, dict[str, float]]]:
    tasks: dict[tuple[str, str], Task] = {}
    faults = []
    credits: dict[str, dict[str, float]] = {}
    for line in lines:
        instance = Instance.from_json(line)
        key = (instance.task, instance.source)
        if key not in tasks:
            from gralgo.tasks import make_task

            tasks[key] = make_task(instance.task, TaskSettings(instance.source, "audit"))
        details, credits[instance.id] = instance_faults(tasks[key], instance)
        for detail in details:
            faults.append(
                InstanceFault(
                    instance.id,
                    instance.task,
                    instance.level,
                    instance.context,
                    instance.index,
                    detail,
                )
            )
    return faults, credits


def instance_faults(task: Task, instance: Instance) -> tuple[list[str], dict[str, float]]:
    """What in ``instance`` disagrees with solving it again (empty when nothing does), and
    every named heuristic's credit on it (against the stored answer)."""
    graph = instance.to_networkx()
    problem = Problem(
        graph, dict(instance.params), dict(instance.provenance), prompt_order_seed(instance.id)
    )
    credits = heuristic_credits(task, problem, instance.answer)
    try:
        solution = task.solve(problem)
    except InstanceRejected as rejected:
        return [f"re-solving fails: {rejected}"], credits
    faults = []
    stored = instance.provenance.get("heuristics")
    if stored is not None and stored != json.loads(json.dumps(credits)):
        faults.append("stored heuristic credits differ from the recomputed ones")
    if solution.answer != instance.answer:
        faults.append(f"answer {instance.answer!r}, re-solved {solution.answer!r}")
    if json.loads(json.dumps(solution.certificate)) != instance.certificate:
        differing = sorted(
            key
            for key in set(solution.certificate) | set(instance.certificate)
            if json.loads(json.dumps(solution.certificate.get(key)))
            != instance.certificate.get(key)
        )
        faults.append(f"certificate differs from the re-solved one in {differing!r}")
    faults += prompt_faults(task, problem, instance)
    return faults, credits


def prompt_faults(task: Task, problem: Problem, instance: Instance) -> list[str]:
    """Each prompt rendered again from the instance, and its graph text parsed back."""
    from gralgo.formats import (
        build_prompt,
        get_format,
        parse_graph,
        prompt_rows,
        render_graph,
        shows_relations,
    )

    faults = []
    relations = shows_relations(problem)
    rows = prompt_rows(task, problem, relations)  # shared by every format, as the builder does
    for name, prompt in sorted(instance.prompts.items()):
        expected = build_prompt(
            task, problem, instance.answer, name, relations=relations, rows=rows
        )
        if expected.answer != prompt.answer:
            faults.append(f"prompt {name} answer {prompt.answer!r}, expected {expected.answer!r}")
        if expected.text != prompt.text:
            faults.append(f"prompt {name} differs from the prompt rendered from the instance")
        graph_text = render_graph(
            problem.graph,
            name,
            node_weights=task.node_weighted,
            edge_weights=task.edge_weighted,
            relations=relations,
            rows=rows,
        ).text
        prefix = expected.text[: expected.text.index(graph_text)]
        suffix = expected.text[len(prefix) + len(graph_text) :]
        if not (prompt.text.startswith(prefix) and prompt.text.endswith(suffix)):
            continue  # story, question or instruction differ: reported above
        block = prompt.text[len(prefix) : len(prompt.text) - len(suffix)]
        try:
            parsed = parse_graph(block, name)
        except ValueError as err:
            faults.append(f"prompt {name}: the graph text does not parse back: {err}")
            continue
        difference = _graph_difference(problem.graph, parsed, get_format(name).codec.numeric)
        if difference:
            faults.append(f"prompt {name}: the graph parsed back {difference}")
    return faults


def _graph_difference(graph: nx.Graph[str], parsed: nx.Graph[str], numeric: bool) -> str:
    """How ``parsed`` differs from ``graph`` (empty when it does not)."""
    names = {str(i): name for i, name in enumerate(sorted(graph.nodes()))} if numeric else None

    def name(node: str) -> str | None:
        return node if names is None else names.get(node)

    if {name(n) for n in parsed.nodes()} != set(graph.nodes()):
        return f"has {parsed.number_of_nodes()} nodes, not the graph's {graph.number_of_nodes()}"
    if parsed.number_of_edges() != graph.number_of_edges():
        return f"has {parsed.number_of_edges()} edges, not the graph's {graph.number_of_edges()}"
    adjacency = graph.adj
    for u, v, data in parsed.edges(data=True):
        a, b = name(u), name(v)
        if a is None or b is None or b not in adjacency[a]:
            return "has other edges than the graph"
        if "weight" in data and data["weight"] != adjacency[a][b].get("weight"):
            return f"gives edge ({a!r}, {b!r}) weight {data['weight']}"
    for node, data in parsed.nodes(data=True):
        own = name(node)
        if (
            "weight" in data
            and own is not None
            and data["weight"] != graph.nodes[own].get("weight")
        ):
            return f"gives node {own!r} weight {data['weight']}"
    return ""
