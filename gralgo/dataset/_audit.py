"""Difficulty audit of a built dataset: does each task x level measure what it claims?

``python -m gralgo command=audit dataset.dir=DIR`` reads the instances and checks the validity
rules the builder enforces (``design/data.md``):

* **shortcuts** — no instance is solved by one of its task's named shortcuts
  (``Task.shortcuts``: the isolated node, the lightest-edge node, a path graph's node count...);
* **answer share** — the most common answer of a (task, level) covers at most
  ``max_answer_share`` of its instances (the majority-guess baseline), checked where the group
  has at least ``min_group`` instances (a share of 1 of 2 says nothing);
* **re-solve** — every instance is solved again from its graph and parameters, and its answer,
  certificate and every prompt (re-rendered, and its graph text parsed back) must match
  (``gralgo/dataset/_recheck.py``; in worker processes). A fault names the instance;
* **duplicates** — no cell (task, level, context) holds one graph twice (the same nodes and
  edges), and every pair of overlapping instances (node-set Jaccard above 0.5, a *near
  duplicate*) is one the build recorded in the later instance's provenance (``overlap_with``:
  a cell whose source was too small for the overlap cap); near duplicates and each cell's
  mean/max Jaccard and clusters are listed (``gralgo/dataset/_overlap.py``);
* **order** — the order a prompt lists its graph in carries no answer: every positional
  heuristic scores the same on the prompts as on their lines permuted at random, within noise
  (``gralgo/dataset/_order_control.py``).

Beside the guessing baselines it reports every named heuristic's accuracy (the suite of
``gralgo/tasks/_heuristics.py``: scans, count formulas, greedy and partial algorithms); they are
measured, never a rule (the ``hard`` split holds the instances none of them solves).

It writes ``audit.md`` (rules, baselines, answer histograms, shortcut hit rates), ``audit.csv``
(the baseline table) and ``audit.png`` (majority-guess and random-node accuracy per level), and
the command exits non-zero when a rule is broken.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.dataset._heldout import HeldoutCheck, heldout_check
from gralgo.dataset._instance import Instance
from gralgo.dataset._order_control import (
    NOISE_Z,
    ControlRow,
    control_markdown,
    positional_control,
)
from gralgo.dataset._overlap import (
    CellOverlap,
    OverlapPair,
    cell_overlaps,
    overlapping_pairs,
)
from gralgo.dataset._recheck import InstanceFault, Recheck, recheck_instances
from gralgo.dataset._statistics import (
    Baseline,
    GraphStats,
    baselines,
    baselines_csv,
    baselines_markdown,
    heuristics_markdown,
)
from gralgo.tasks import (
    Problem,
    Solution,
    Task,
    TaskSettings,
    find_shortcuts,
    prompt_order_seed,
    solved_by,
)

if TYPE_CHECKING:
    from gralgo.dataset._spec import DatasetSpec

log = logging.getLogger(__name__)

MAX_ANSWER_SHARE = 0.3
"""The most common answer of a (task, level) may cover at most this share of its instances."""
MIN_GROUP = 10
"""Smallest (task, level) group whose answer share is checked."""


@dataclass(frozen=True)
class RuleViolation:
    """One broken validity rule."""

    rule: str
    """``answer_share``, ``shortcut``, ``order``, ``resolve``, ``duplicate``, ``overlap`` or
    ``hard`` (a hard-split instance a heuristic solves)."""
    task: str
    level: int
    detail: str
    """What was found, in words (the answer and its share; the shortcut and its hits)."""


@dataclass(frozen=True)
class AuditReport:
    """Everything the audit measured."""

    baselines: list[Baseline]
    """Guessing baselines per (task, level)."""
    histograms: dict[tuple[str, int], Counter[str]]
    """(task, level) -> answer -> number of instances."""
    shortcut_hits: dict[tuple[str, int], Counter[str]]
    """(task, level) -> shortcut name -> instances it solves (empty counters when clean)."""
    violations: list[RuleViolation]
    faults: list[InstanceFault] = field(default_factory=list)
    """Instances whose answer, certificate or prompts disagree with re-solving them."""
    rechecked: int = 0
    """How many instances were re-solved (0: the re-solve was skipped)."""
    recheck_seconds: float = 0.0
    """Wall time of the re-solve."""
    overlaps: dict[tuple[str, int, str], CellOverlap] = field(default_factory=dict)
    """(task, level, context) -> the overlap of its instances, from their graphs."""
    overlap_pairs: list[OverlapPair] = field(default_factory=list)
    """Every pair of overlapping instances (exact duplicates included)."""
    order_control: list[ControlRow] = field(default_factory=list)
    """Positional heuristics on the prompts' order vs permuted lines (rule ``order``)."""
    heldout: HeldoutCheck | None = None
    """The heuristic suite on a seed it was not designed on (``command=audit`` runs it)."""

    @property
    def ok(self) -> bool:
        """Whether every rule holds."""
        return not self.violations

    def markdown(self) -> str:
        """The report: verdict, rules broken, baselines, shortcut hit rates, histograms."""
        lines = ["# Dataset audit", ""]
        if self.ok:
            lines.append("All validity rules hold.")
        else:
            lines.append(f"{len(self.violations)} validity rule(s) broken:")
            lines.append("")
            lines += [f"- {v.rule}: {v.task} level {v.level}: {v.detail}" for v in self.violations]
        if self.rechecked:
            lines += [
                "",
                f"Re-solved {self.rechecked} instances (answer, certificate, every prompt "
                f"re-rendered and parsed back) in {self.recheck_seconds:.1f} s: "
                f"{len(self.faults)} fault(s).",
            ]
        if self.order_control:
            lines += [
                "",
                "## Positional control (prompt order vs permuted lines)",
                "",
                control_markdown(self.order_control).rstrip(),
            ]
        lines += ["", "## Guessing baselines", "", baselines_markdown(self.baselines).rstrip()]
        if any(b.heuristics for b in self.baselines):
            lines += [
                "",
                "## Heuristic baselines",
                "",
                heuristics_markdown(self.baselines).rstrip(),
            ]
        lines += [
            "",
            "## Shortcut hit rates",
            "",
            "| Task | Level | Instances | Hits |",
            "|---|---:|---:|---|",
        ]
        sizes = {(b.task, b.level): b.count for b in self.baselines}
        for key, hits in sorted(self.shortcut_hits.items()):
            text = ", ".join(f"{name} {n / sizes[key]:.0%}" for name, n in sorted(hits.items()))
            lines.append(f"| {key[0]} | {key[1]} | {sizes[key]} | {text or 'none'} |")
        lines += overlap_lines(self.overlaps, self.overlap_pairs)
        if self.heldout is not None:
            lines += ["", self.heldout.markdown().rstrip("\n")]
        lines += ["", "## Answer histograms", ""]
        for (task, level), counts in sorted(self.histograms.items()):
            ordered = sorted(counts.items(), key=_answer_order)
            shown = ", ".join(f"{answer} ×{n}" for answer, n in ordered[:40])
            more = f", … ({len(ordered) - 40} more)" if len(ordered) > 40 else ""
            lines.append(f"- **{task}** level {level}: {shown}{more}")
        return "\n".join(lines) + "\n"


MAX_PAIRS_SHOWN = 40
"""Near-duplicate pairs listed per cell in ``audit.md``."""


def overlap_lines(
    overlaps: dict[tuple[str, int, str], CellOverlap], pairs: Sequence[OverlapPair]
) -> list[str]:
    """``audit.md``'s overlap section: per cell the mean/max node-set Jaccard, the clusters
    and the near duplicates (exact ones marked)."""
    if not overlaps:
        return []
    by_cell: dict[tuple[str, int, str], list[OverlapPair]] = defaultdict(list)
    for pair in pairs:
        by_cell[pair.task, pair.level, pair.context].append(pair)
    lines = [
        "",
        "## Overlap between instances",
        "",
        "Node-set Jaccard over every pair of a cell's instances; near duplicates share more "
        "than half of their nodes (`exact`: the same graph; `unrecorded`: the build's "
        "provenance does not list the pair).",
        "",
        "| Task | Level | Context | Instances | Mean Jaccard | Max Jaccard | Clusters "
        "| Near duplicates |",
        "|---|---:|---|---:|---:|---:|---:|---|",
    ]
    for key, cell in sorted(overlaps.items()):
        found = by_cell.get(key, [])
        shown = ", ".join(
            f"#{p.first}~#{p.second} {p.jaccard:.2f}"
            + (" exact" if p.exact else "")
            + (" unrecorded" if p.recorded is False else "")
            for p in found[:MAX_PAIRS_SHOWN]
        )
        more = f", … ({len(found) - MAX_PAIRS_SHOWN} more)" if len(found) > MAX_PAIRS_SHOWN else ""
        lines.append(
            f"| {key[0]} | {key[1]} | {key[2]} | {cell.count} | {cell.mean:.3f} | "
            f"{cell.maximum:.3f} | {cell.clusters} | {shown + more or 'none'} |"
        )
    return lines


def overlap_violations(pairs: Iterable[OverlapPair]) -> list[RuleViolation]:
    """A ``duplicate`` per graph held twice in a cell, an ``overlap`` per near duplicate the
    build did not record (an edited or planted instance; a recorded one is reported only)."""
    out = []
    for p in pairs:
        where = f"{p.context} #{p.first} and #{p.second}"
        if p.exact:
            out.append(RuleViolation("duplicate", p.task, p.level, f"{where} are the same graph"))
        elif p.recorded is False:
            out.append(
                RuleViolation(
                    "overlap",
                    p.task,
                    p.level,
                    f"{where} share {p.jaccard:.0%} of their nodes (Jaccard) and the build "
                    "recorded no such overlap",
                )
            )
    return out


def hard_violations(hard: Iterable[Instance], recheck: Recheck | None) -> list[RuleViolation]:
    """A ``hard`` violation per instance of the hard split that a heuristic of the suite solves
    (re-solved when ``recheck`` is given, else as its provenance says)."""
    out = []
    for instance in hard:
        credits = (
            recheck.heuristics[instance.id]
            if recheck is not None
            else instance.provenance.get("heuristics") or {}
        )
        solved = sorted(solved_by(credits))
        if solved:
            out.append(
                RuleViolation(
                    "hard",
                    instance.task,
                    instance.level,
                    f"hard-split instance #{instance.index} is solved by {', '.join(solved)}",
                )
            )
    return out


def _answer_order(item: tuple[str, int]) -> tuple[int, float, str]:
    answer = item[0]
    try:
        return (0, float(answer), answer)
    except ValueError:
        return (1, -item[1], answer)


def instance_shortcuts(task: Task, instance: Instance) -> tuple[str, ...]:
    """The shortcuts of ``task`` that solve ``instance`` (rebuilt from its record)."""
    problem = Problem(
        instance.to_networkx(),
        dict(instance.params),
        dict(instance.provenance),
        prompt_order_seed(instance.id),
    )
    solution = Solution(instance.answer, dict(instance.certificate))
    return find_shortcuts(task, problem, solution)


def audit_instances(
    instances: Iterable[Instance],
    *,
    max_answer_share: float = MAX_ANSWER_SHARE,
    min_group: int = MIN_GROUP,
    resolve: bool = True,
    workers: int = 0,
) -> AuditReport:
    """Measure ``instances`` against the validity rules (pure: reads, writes nothing).

    ``resolve``: also re-solve every instance (``workers`` processes, 0: one per core); the
    heuristic accuracies then come from recomputing them, else from the instances' provenance."""
    import time
    from dataclasses import replace

    from gralgo.dataset._statistics import graph_stats
    from gralgo.tasks import make_task

    instances = list(instances)
    started = time.perf_counter()
    recheck = recheck_instances(instances, workers) if resolve else None
    elapsed = time.perf_counter() - started
    tasks: dict[tuple[str, str], Task] = {}
    histograms: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    hits: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    stats: list[GraphStats] = []
    for instance in instances:
        key = (instance.task, instance.level)
        histograms[key][instance.answer] += 1
        hits[key].update()  # every group appears, also when clean
        row = graph_stats(instance)
        if recheck is not None:
            row = replace(row, heuristics=recheck.heuristics[instance.id])
        if "paper" in instance.splits:  # the hard split is filtered: it would bias the table
            stats.append(row)
        task = tasks.get((instance.task, instance.source))
        if task is None:
            # Shortcuts read only the graph, params and answer: default options suffice.
            settings = TaskSettings(source=instance.source, sampler="audit")
            task = tasks[(instance.task, instance.source)] = make_task(instance.task, settings)
        hits[key].update(instance_shortcuts(task, instance))
    table = baselines(stats)
    violations = [
        RuleViolation(
            "answer_share",
            b.task,
            b.level,
            f"answer {b.majority_answer!r} covers {b.majority_share:.0%} of "
            f"{b.count} instances (at most {max_answer_share:.0%} allowed)",
        )
        for b in table
        if b.count >= min_group and b.majority_share > max_answer_share + 1e-9
    ]
    for (task_name, level), counter in sorted(hits.items()):
        total = histograms[task_name, level].total()
        for name, n in sorted(counter.items()):
            violations.append(
                RuleViolation(
                    "shortcut",
                    task_name,
                    level,
                    f"shortcut {name!r} solves {n} of {total} instances",
                )
            )
    # each split is a sample of its own: the control, the overlap and the duplicates are
    # measured within a split (the hard split's stream is drawn apart from the paper's and is
    # selected on every positional scan failing, so its order is not the paper's sampling)
    paper = [i for i in instances if "hard" not in i.splits]
    hard = [i for i in instances if "hard" in i.splits]
    control = positional_control(paper)
    violations += [
        RuleViolation(
            "order",
            row.task,
            0,
            f"positional heuristic {row.heuristic!r} scores {row.real:.0%} on the prompts' order "
            f"and {row.permuted:.0%} on permuted lines ({row.difference:+.0%}, more than "
            f"{NOISE_Z:g} standard errors of {row.stderr:.1%})",
        )
        for row in control
        if not row.within_noise
    ]
    pairs = overlapping_pairs(paper) + overlapping_pairs(hard)
    violations += overlap_violations(pairs)
    violations += hard_violations(hard, recheck)
    faults = recheck.faults if recheck is not None else []
    violations += [
        RuleViolation(
            "resolve",
            f.task,
            f.level,
            f"instance {f.instance_id} ({f.context} #{f.index}): {f.detail}",
        )
        for f in faults
    ]
    return AuditReport(
        table,
        dict(histograms),
        dict(hits),
        violations,
        faults,
        len(instances) if resolve else 0,
        elapsed if resolve else 0.0,
        cell_overlaps(paper),
        pairs,
        control,
    )


def plot_baselines(
    rows: Sequence[Baseline], path: Path, max_answer_share: float = MAX_ANSWER_SHARE
) -> Path:
    """One panel per task: majority-guess (bars), random-node (dots) and best named heuristic
    (squares) accuracy per level."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    by_task: dict[str, list[Baseline]] = defaultdict(list)
    for b in rows:
        by_task[b.task].append(b)
    names = sorted(by_task)
    cols = 3
    n_rows = max(1, -(-len(names) // cols))
    fig, axes = plt.subplots(
        n_rows, cols, figsize=(4 * cols, 2.6 * n_rows), squeeze=False, sharey=True
    )
    for ax, name in zip(axes.ravel(), names, strict=False):
        items = by_task[name]
        levels = [b.level for b in items]
        ax.bar(levels, [b.majority_share for b in items], color="tab:blue", label="majority guess")
        guesses = [(b.level, b.random_guess) for b in items if b.random_guess is not None]
        if guesses:
            ax.plot(*zip(*guesses, strict=True), "o", color="tab:orange", label="random node")
        best = [(b.level, b.best_heuristic[1]) for b in items if b.best_heuristic is not None]
        if best:
            ax.plot(*zip(*best, strict=True), "s--", color="tab:green", label="best heuristic")
        ax.axhline(
            max_answer_share,
            color="tab:red",
            linestyle="--",
            linewidth=1,
            label=f"rule: {max_answer_share:.0%}",
        )
        ax.set_title(name, fontsize=9)
        ax.set_xticks(levels)
        ax.set_ylim(0, 1)
    for ax in axes.ravel()[len(names) :]:
        ax.axis("off")
    axes[0][0].legend(fontsize=7)
    fig.supxlabel("level")
    fig.supylabel("accuracy without solving")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def audit_dataset(
    directory: Path,
    out_dir: Path | None = None,
    workers: int = 0,
    heldout: tuple[DatasetSpec, int, int] | None = None,
) -> AuditReport:
    """Audit the dataset in ``directory``; with ``out_dir``, write audit.md / .csv / .png.

    ``workers``: processes for the re-solve (0: one per core). ``heldout``: (a spec of the
    dataset's sources and task settings, a seed, instances per cell) for the held-out heuristic
    check (``gralgo/dataset/_heldout.py``) on the dataset's own standard tasks and levels."""
    from gralgo.dataset._store import read_instances

    instances = read_instances(Path(directory))
    report = audit_instances(instances, workers=workers)
    if heldout is not None and heldout[2] > 0:
        spec, seed, per_level = heldout
        cells = {(i.task, i.level) for i in instances if i.context == "standard" and i.level > 0}
        if cells:
            tasks = {name: s for name, s in spec.tasks.items() if name in {t for t, _ in cells}}
            levels = tuple(sorted({lv for _, lv in cells}))
            held = dataclasses.replace(spec, tasks=tasks, levels=levels)
            report = dataclasses.replace(report, heldout=heldout_check(held, seed, per_level))
    if out_dir is not None:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        (out / "audit.md").write_text(report.markdown(), encoding="utf-8")
        (out / "audit.csv").write_text(baselines_csv(report.baselines), encoding="utf-8")
        plot_baselines(report.baselines, out / "audit.png")
        log.info("audit of %s written to %s", directory, out)
    return report
