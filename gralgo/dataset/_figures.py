"""The figures ``design/data.md`` cites, measured on builds at the documented seeds and written
to ``design/data-figures.md`` by ``scripts/data_figures.py`` (never by hand).

Each seed's default build gives: Table 2 beside the paper (V, E, edge connectivity, each
checked against :data:`PAPER_TOLERANCE`), the thinning tell (how many graphs one mean-degree
cap explains), overlap per cell against the cap, answer spread, the heuristic suite against
chance, and the positional-order control; a long-context build gives the token deviation and
answer spread of the long prompts. :func:`prefix_digest` ties the file to the code that drew it:
``tests/dataset/test_figures.py`` rebuilds each seed's first instances and compares.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gralgo.dataset._instance import Instance
from gralgo.dataset._levels import PAPER_TABLE2
from gralgo.dataset._order_control import NOISE_Z, positional_control
from gralgo.dataset._overlap import MEAN_TARGET, OVERLAP_CAP
from gralgo.dataset._statistics import (
    Baseline,
    StatsRow,
    graph_stats,
    summarise,
    within_cap,
)

FIGURE_SEEDS = (0, 5, 20261206)
"""The seeds the figures are measured at: the default seed and two held-out seeds."""
PER_LEVEL = 50
"""Instances per cell of the measured builds (the default build's)."""
DIGEST_PREFIX = 2
"""The first instances of every cell that :func:`prefix_digest` hashes (a smaller build is a
prefix of a larger one, so the test rebuilds only these)."""
PAPER_TOLERANCE = 0.10
"""V and E per level must be within this share of the paper's Table 2."""
FIXED_EDGE_SHARE = 0.5
"""A thinned cell where one mean-degree cap explains more than this share of its graphs'
edge counts (E = floor(c n / 2)) has a deterministic edge count (a thinning tell)."""
HEURISTIC_MARGIN = 0.10
"""A heuristic "beats chance" when its accuracy exceeds the cell's chance by this much."""
FIGURES_FILE = "design/data-figures.md"


@dataclass(frozen=True)
class SeedBuild:
    """What one seed's builds gave."""

    seed: int
    instances: Sequence[Instance]
    """The default build (9 tasks x 6 levels x :data:`PER_LEVEL`)."""
    long_context: Sequence[Instance] = ()
    """The long-context build (``+experiment=long_context``), when measured."""
    seconds: float = 0.0
    """Wall seconds of the default build (in process, sources cached)."""
    load: float = 0.0
    """The machine's 1-minute load average when the build started (wall time means little
    without it)."""
    rows: list[StatsRow] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", summarise(graph_stats(i) for i in self.instances))


def prefix_digest(instances: Iterable[Instance], prefix: int = DIGEST_PREFIX) -> str:
    """sha256 (16 hex digits) of every cell's first ``prefix`` instances: graph, answer and
    heuristic credits, so a change to the draws, answers or suite changes it."""
    records = sorted(
        (
            (i.task, i.level, i.context, i.index),
            {
                "answer": i.answer,
                "graph": i.graph,
                "heuristics": i.provenance.get("heuristics"),
            },
        )
        for i in instances
        if i.index < prefix
    )
    text = json.dumps(records, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def most_sharing_one_cap(edges_and_nodes: Iterable[tuple[int, int]]) -> int:
    """How many graphs one mean-degree cap c explains (E = floor(c n / 2), i.e. c in
    [2E/n, 2(E+1)/n)): the most such intervals sharing a point."""
    pairs = list(edges_and_nodes)
    events = sorted([(2 * e / n, 1) for e, n in pairs] + [(2 * (e + 1) / n, -1) for e, n in pairs])
    best = depth = 0
    for _, step in events:  # at equal points an interval's end (-1) sorts before a start
        depth += step
        best = max(best, depth)
    return best


def edge_tells(instances: Iterable[Instance]) -> dict[tuple[str, int], tuple[int, int]]:
    """Per cell of a thinned task (one with ``thinned_to_degree`` in some provenance):
    (graphs one cap explains, graphs)."""
    cells: dict[tuple[str, int], list[Instance]] = defaultdict(list)
    for instance in instances:
        if instance.context == "standard":
            cells[instance.task, instance.level].append(instance)
    thinned = {t for (t, _), items in cells.items() for i in items if _thinned(i)}
    return {
        key: (most_sharing_one_cap((i.n_edges, i.n_nodes) for i in items), len(items))
        for key, items in sorted(cells.items())
        if key[0] in thinned
    }


def _thinned(instance: Instance) -> bool:
    return "thinned_to_degree" in instance.provenance


@dataclass(frozen=True)
class PaperRow:
    """One level against the paper's Table 2."""

    level: int
    nodes: float
    edges: float
    connectivity: float

    @property
    def ratios(self) -> tuple[float, float, float]:
        """V, E and edge connectivity, each divided by the paper's."""
        v, e, _, lam = PAPER_TABLE2[self.level]
        return self.nodes / v, self.edges / e, self.connectivity / lam

    @property
    def within(self) -> bool:
        """V and E within :data:`PAPER_TOLERANCE` of the paper."""
        v, e, _ = self.ratios
        return abs(v - 1) <= PAPER_TOLERANCE + 1e-12 and abs(e - 1) <= PAPER_TOLERANCE + 1e-12


def paper_rows(rows: Sequence[StatsRow]) -> list[PaperRow]:
    """The level rows (all tasks) of a build whose level the paper reports."""
    return [
        PaperRow(r.level, r.nodes, r.edges, r.connectivity)
        for r in rows
        if r.group == "all" and r.level in PAPER_TABLE2
    ]


def _baselines(build: SeedBuild) -> list[Baseline]:
    return [r.baseline for r in build.rows if r.group != "all" and r.baseline is not None]


def _seed_list(builds: Sequence[SeedBuild]) -> str:
    return ", ".join(str(b.seed) for b in builds)


def figures_markdown(
    builds: Sequence[SeedBuild], command: str, sources: Mapping[str, int] | None = None
) -> str:
    """``design/data-figures.md``: every section below, for each build."""
    lines = [
        "# Data figures (generated)",
        "",
        f"Generated by `{command}` from the default builds at seeds {_seed_list(builds)} "
        f"({PER_LEVEL} instances per task and level; the long-context build of each seed). "
        "Do not edit by hand: `tests/dataset/test_figures.py` rebuilds the first "
        f"{DIGEST_PREFIX} instances of every cell at each seed and fails when their digest "
        "differs from the one below (the draws changed: regenerate). `design/data.md` explains "
        "what each figure measures.",
        "",
        "| Seed | Prefix digest | Build wall (s) | Load average at its start |",
        "|---:|---|---:|---:|",
        *(
            f"| {b.seed} | {prefix_digest(b.instances)} | {b.seconds:.1f} | {b.load:.1f} |"
            for b in builds
        ),
    ]
    lines += _table2(builds)
    lines += _thinning(builds)
    lines += _overlap(builds, sources or {})
    lines += _answers(builds)
    lines += _heuristics(builds)
    lines += _control(builds)
    lines += _long_context([b for b in builds if b.long_context])
    return "\n".join(lines) + "\n"


def _table2(builds: Sequence[SeedBuild]) -> list[str]:
    lines = [
        "",
        "## Table 2 against the paper",
        "",
        "Mean nodes V, edges E and edge connectivity λ per level over all nine tasks, each with "
        f"its ratio to the paper's Table 2; V and E must be within {PAPER_TOLERANCE:.0%}.",
        "",
        f"| Seed | Level | V | ratio | E | ratio | λ | ratio | V, E within {PAPER_TOLERANCE:.0%} |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    verdicts = []
    for b in builds:
        rows = paper_rows(b.rows)
        for r in rows:
            rv, re, rl = r.ratios
            lines.append(
                f"| {b.seed} | {r.level} | {r.nodes:.2f} | {rv:.2f} | {r.edges:.2f} | {re:.2f} | "
                f"{r.connectivity:.2f} | {rl:.2f} | {'yes' if r.within else 'NO'} |"
            )
        ok = bool(rows) and all(r.within for r in rows)
        edge = [abs(r.ratios[1] - 1) for r in rows]
        lam = [r.ratios[2] for r in rows]
        verdicts.append(
            f"- Seed {b.seed}: V and E within {PAPER_TOLERANCE:.0%} at "
            f"{'every level' if ok else 'NOT every level'}; largest E deviation "
            f"{max(edge, default=0):.1%}; λ ratio {min(lam, default=0):.2f}-"
            f"{max(lam, default=0):.2f}."
        )
    return [*lines, "", *verdicts]


def _thinning(builds: Sequence[SeedBuild]) -> list[str]:
    tells = {b.seed: edge_tells(b.instances) for b in builds}
    cells = sorted({key for t in tells.values() for key in t})
    tasks = sorted({task for task, _ in cells})
    levels = sorted({level for _, level in cells})
    lines = [
        "",
        "## Thinned edge counts",
        "",
        "Per cell of a thinned task: the most graphs whose edge count one mean-degree cap c "
        "explains (E = floor(c n / 2)) out of the cell's graphs. A cell over "
        f"{FIXED_EDGE_SHARE:.0%} has a deterministic edge count.",
        "",
        "| Seed | Task | " + " | ".join(f"L{level}" for level in levels) + " |",
        "|---:|---|" + "---:|" * len(levels),
    ]
    worst: dict[int, float] = {}
    for seed, cell in tells.items():
        for task in tasks:
            values = [cell.get((task, level)) for level in levels]
            lines.append(
                f"| {seed} | {task} | "
                + " | ".join("–" if v is None else f"{v[0]}/{v[1]}" for v in values)
                + " |"
            )
        worst[seed] = max((k / n for k, n in cell.values() if n), default=0.0)
    lines.append("")
    lines += [
        f"- Seed {seed}: largest share {share:.0%}; "
        + ("no deterministic edge count." if share <= FIXED_EDGE_SHARE else "FIXED edge count.")
        for seed, share in worst.items()
    ]
    return lines


def _overlap(builds: Sequence[SeedBuild], sources: Mapping[str, int]) -> list[str]:
    lines = [
        "",
        "## Overlap between the instances of a cell",
        "",
        f"Cap: pairwise node-set Jaccard at most {OVERLAP_CAP}, cell mean at most "
        f"{MEAN_TARGET}. Cells over it (mean / max Jaccard, clusters of {PER_LEVEL}); every "
        "other cell is within it.",
        "",
        "| Seed | Within the cap | Cells over it |",
        "|---:|---:|---|",
    ]
    for b in builds:
        measured = [r for r in b.rows if r.group != "all" and r.overlap is not None]
        over = [r for r in measured if r.overlap is not None and not within_cap(r.overlap)]
        listed = "; ".join(
            f"{r.group} L{r.level} {r.overlap.mean:.2f} / {r.overlap.maximum:.2f} "
            f"({r.overlap.clusters})"
            for r in over
            if r.overlap is not None
        )
        lines.append(
            f"| {b.seed} | {len(measured) - len(over)}/{len(measured)} | {listed or '–'} |"
        )
    if sources and builds:
        top: dict[tuple[str, str], int] = {}
        for i in builds[0].instances:
            top[i.task, i.source] = max(top.get((i.task, i.source), 0), i.n_nodes)
        lines += [
            "",
            "Source sizes (nodes of the source a task samples, and the share of it the "
            f"largest sample of seed {builds[0].seed} takes):",
            "",
            "| Task | Source | Source nodes | Largest sample | Share |",
            "|---|---|---:|---:|---:|",
        ]
        for (task, source), n in sorted(top.items()):
            if source in sources:
                lines.append(
                    f"| {task} | {source} | {sources[source]} | {n} | {n / sources[source]:.0%} |"
                )
    return lines


def _answers(builds: Sequence[SeedBuild]) -> list[str]:
    lines = [
        "",
        "## Answers",
        "",
        "| Seed | Largest majority share (cell) | max_clique answers L1 / L6 "
        "| max_weight_triangle largest majority share |",
        "|---:|---|---|---:|",
    ]
    for b in builds:
        guesses = _baselines(b)
        if not guesses:
            continue
        top = max(guesses, key=lambda g: (g.majority_share, g.task, g.level))
        spans = {}
        for level in (1, 6):
            values = [
                int(i.answer)
                for i in b.instances
                if i.task == "max_clique" and i.level == level and i.answer.lstrip("-").isdigit()
            ]
            spans[level] = f"{min(values)}-{max(values)}" if values else "–"
        triangle = [g.majority_share for g in guesses if g.task == "max_weight_triangle"]
        lines.append(
            f"| {b.seed} | {top.majority_share:.2f} ({top.task} L{top.level}) | "
            f"{spans[1]} / {spans[6]} | {max(triangle, default=0):.2f} |"
        )
    return lines


def _heuristics(builds: Sequence[SeedBuild]) -> list[str]:
    tasks = sorted({g.task for b in builds for g in _baselines(b)})
    lines = [
        "",
        "## The heuristic suite against chance",
        "",
        "Per task: the best heuristic's accuracy over levels 1-6 (lowest-highest) and in how "
        f"many of the levels some heuristic beats chance (the better guessing baseline) by more "
        f"than {HEURISTIC_MARGIN * 100:.0f} points.",
        "",
        "| Task | " + " | ".join(f"Seed {b.seed}" for b in builds) + " |",
        "|---|" + "---|" * len(builds),
    ]
    per_seed: dict[int, dict[str, list[Baseline]]] = {}
    for b in builds:
        grouped: dict[str, list[Baseline]] = defaultdict(list)
        for g in _baselines(b):
            grouped[g.task].append(g)
        per_seed[b.seed] = grouped
    for task in tasks:
        cells = []
        for b in builds:
            items = per_seed[b.seed].get(task, [])
            best = [g.best_heuristic for g in items if g.best_heuristic is not None]
            if not best:
                cells.append("–")
                continue
            accuracy = [value for _, value in best]
            beaten = sum(1 for g in items if _beats_chance(g))
            cells.append(f"{min(accuracy):.2f}-{max(accuracy):.2f}, {beaten}/{len(items)} levels")
        lines.append(f"| {task} | " + " | ".join(cells) + " |")
    lines.append("")
    for b in builds:
        guesses = _baselines(b)
        beaten = sum(1 for g in guesses if _beats_chance(g))
        names = Counter(g.best_heuristic[0] for g in guesses if g.best_heuristic is not None)
        common = ", ".join(f"{name} {n}" for name, n in names.most_common(3))
        lines.append(
            f"- Seed {b.seed}: some heuristic beats chance by more than "
            f"{HEURISTIC_MARGIN * 100:.0f} points in {beaten}/{len(guesses)} cells "
            f"(most often best: {common})."
        )
    return lines


def _beats_chance(baseline: Baseline) -> bool:
    best = baseline.best_heuristic
    return best is not None and best[1] > baseline.chance + HEURISTIC_MARGIN + 1e-12


def _control(builds: Sequence[SeedBuild]) -> list[str]:
    lines = [
        "",
        "## Positional-order control",
        "",
        "Every positional heuristic on the prompts' own `edge_list` lines vs the same lines "
        f"permuted at random (`gralgo/dataset/_order_control.py`); within noise = within "
        f"{NOISE_Z:g} standard errors.",
        "",
        "| Seed | Within noise | Largest difference (heuristic) "
        "| Largest difference / std. error |",
        "|---:|---:|---|---:|",
    ]
    for b in builds:
        rows = positional_control(b.instances)
        if not rows:
            continue
        widest = max(rows, key=lambda r: abs(r.difference))
        z = max(abs(r.difference) / r.stderr if r.stderr else 0.0 for r in rows)
        lines.append(
            f"| {b.seed} | {sum(r.within_noise for r in rows)}/{len(rows)} | "
            f"{widest.difference:+.3f} ({widest.task} {widest.heuristic}) | {z:.2f} |"
        )
    return lines


def _long_context(builds: Sequence[SeedBuild]) -> list[str]:
    if not builds:
        return []
    tasks = sorted({i.task for b in builds for i in b.long_context})
    lines = [
        "",
        "## Long context",
        "",
        "Token count of each prompt against its target (cl100k): the largest deviation over "
        "every prompt; the most common answer's share per task (over all targets of one "
        "graph, which share it, counted once); distance_k answers of at least 70 of the 79 "
        "other nodes.",
        "",
        "| Seed | Prompts | Largest deviation | "
        + " | ".join(f"{t} majority share" for t in tasks)
        + " | distance_k answers >= 70 |",
        "|---:|---:|---:|" + "---:|" * len(tasks) + "---:|",
    ]
    for b in builds:
        deviations = []
        for i in b.long_context:
            target = i.provenance.get("target_tokens")
            for prompt in i.prompts.values():
                if target and prompt.tokens is not None:
                    deviations.append(prompt.tokens / int(target) - 1)
        widest = max(deviations, key=abs, default=0.0)
        shares = []
        for task in tasks:
            answers = Counter(dict(_per_graph(b.long_context, task)).values())
            total = sum(answers.values())
            shares.append(f"{answers.most_common(1)[0][1] / total:.2f}" if total else "–")
        distance = dict(_per_graph(b.long_context, "distance_k"))
        far = sum(1 for a in distance.values() if a.isdigit() and int(a) >= 70)
        graphs = len(distance)
        lines.append(
            f"| {b.seed} | {len(deviations)} | {widest:+.2%} | "
            + " | ".join(shares)
            + f" | {far}/{graphs} |"
        )
    return lines


def _per_graph(instances: Iterable[Instance], task: str) -> list[tuple[int, str]]:
    """(graph index, answer) of one task's long-context instances, one per graph (every target
    of a graph asks the same question of the same topology)."""
    return sorted({(i.index, i.answer) for i in instances if i.task == task})
