"""The positional control: does the order a prompt lists its graph in carry the answer?

Every positional heuristic (``kind == "position"``: the busiest node of the first or second half
of the edge list, the first or last listed node, ...) is scored on each instance on the order
its ``edge_list`` prompt shows (the lines read back from the prompt text, not a re-sorted list),
and on the same lines permuted at random (the mean over :data:`PERMUTATIONS` permutations, so
the control's own draw adds little noise). The prompt order is drawn from the instance id
(``gralgo.tasks._prompt_order``), so the two must agree within noise; the audit fails a task where a
heuristic's mean paired difference exceeds :data:`NOISE_Z` standard errors (rule ``order``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from gralgo.dataset._instance import Instance
from gralgo.seeding import rng_for

NOISE_Z = 3.0
"""A difference within this many standard errors of the paired mean is noise."""
PERMUTATIONS = 8
"""Random permutations of each prompt's lines the control averages over: with one, a control
draw in its tail moved a 20-instance cell past 3 standard errors on its own."""
CONTROL_FORMAT = "edge_list"
"""The prompt whose lines are read back (one node list, one edge per line)."""


@dataclass(frozen=True)
class ControlRow:
    """One positional heuristic of one task: real order vs permuted lines."""

    task: str
    heuristic: str
    count: int
    """Instances scored."""
    real: float
    """Mean credit on the order the prompts show."""
    permuted: float
    """Mean credit on the same lines permuted at random (each instance: the mean over
    :data:`PERMUTATIONS` permutations)."""
    stderr: float
    """Standard error of the mean paired difference (real - permuted) under no positional
    signal (:func:`null_stderr`)."""

    @property
    def difference(self) -> float:
        return self.real - self.permuted

    @property
    def within_noise(self) -> bool:
        return abs(self.difference) <= NOISE_Z * self.stderr + 1e-12


def prompt_lines(instance: Instance) -> tuple[list[str], list[tuple[str, str]]] | None:
    """The nodes and edges of the instance's ``edge_list`` prompt, in the order it shows them
    (None when the instance has no such prompt)."""
    from gralgo.formats import get_format

    prompt = instance.prompts.get(CONTROL_FORMAT)
    if prompt is None:
        return None
    text = prompt.text
    start = text.index("\nNodes: ") + 1
    end = text.find("\n\n", start)
    block = text[start : end if end >= 0 else len(text)]
    fmt = get_format(CONTROL_FORMAT)
    nodes, edges = fmt.read(block, fmt.codec)
    return [n.label for n in nodes], [(e.u, e.v) for e in edges]


def positional_control(instances: Iterable[Instance], salt: object = 0) -> list[ControlRow]:
    """Every positional heuristic's credit on the prompts' order vs permuted lines, per task
    (pooled over levels and contexts); ``salt`` varies the permutations."""
    from gralgo.tasks import (
        Problem,
        ShownOrder,
        Task,
        TaskSettings,
        heuristics_for,
        make_task,
        permuted,
    )

    pairs: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    tasks: dict[tuple[str, str], Task] = {}
    for instance in instances:
        lines = prompt_lines(instance)
        if lines is None:
            continue
        key = (instance.task, instance.source)
        if key not in tasks:
            tasks[key] = make_task(instance.task, TaskSettings(instance.source, "control"))
        task = tasks[key]
        positional = [h for h in heuristics_for(task) if h.kind == "position"]
        if not positional:
            continue
        graph = instance.to_networkx()
        shown = ShownOrder(*lines)
        real = Problem(graph, dict(instance.params), order_seed=shown)
        controls = [
            Problem(
                graph,
                dict(instance.params),
                order_seed=permuted(shown, rng_for("gralgo-order-control", salt, instance.id, r)),
            )
            for r in range(PERMUTATIONS)
        ]
        for h in positional:
            control = sum(h.credit(c, instance.answer) for c in controls) / PERMUTATIONS
            pairs[instance.task, h.name].append((h.credit(real, instance.answer), control))
    rows = []
    for (task_name, name), values in sorted(pairs.items()):
        n = len(values)
        rows.append(
            ControlRow(
                task_name,
                name,
                n,
                sum(a for a, _ in values) / n,
                sum(b for _, b in values) / n,
                null_stderr(values),
            )
        )
    return rows


def null_stderr(values: list[tuple[float, float]]) -> float:
    """Standard error of the mean of (real - mean of the permuted credits) when the order
    carries nothing, so the real order is one more exchangeable draw: per instance the credit's
    variance is at most m (1 - m) (credits lie in [0, 1]; m: the mean over the real and the
    :data:`PERMUTATIONS` permuted orders), and the difference's is that times 1 + 1/R. Unlike
    the spread of the observed differences, it does not vanish for a rarely right heuristic."""
    total = 0.0
    for real, control in values:
        m = (real + PERMUTATIONS * control) / (PERMUTATIONS + 1)
        total += m * (1 - m) * (1 + 1 / PERMUTATIONS)
    return math.sqrt(total) / len(values)


def control_markdown(rows: list[ControlRow]) -> str:
    """The control as a Markdown table."""
    lines = [
        "| Task | Positional heuristic | n | Prompt order | Permuted lines | Difference "
        "| Std. error | Within noise |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    lines += [
        f"| {r.task} | {r.heuristic} | {r.count} | {r.real:.3f} | {r.permuted:.3f} | "
        f"{r.difference:+.3f} | {r.stderr:.3f} | {'yes' if r.within_noise else 'NO'} |"
        for r in rows
    ]
    return "\n".join(lines) + "\n"
