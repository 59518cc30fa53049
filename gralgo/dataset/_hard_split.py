"""The heuristic-hard split: per (task, level), draws of the paper's sampler that no heuristic of
the suite solves (a filtered split; ``design/data.md``, "The hard split").

The split has its own stream of draws, numbered from :data:`HARD_INDEX_BASE` (the random
numbers of draw ``j`` come from index ``HARD_INDEX_BASE + j``), so it does not depend on
``per_level``: a smaller build's hard split is the first instances of a larger one's. Each draw
passes the paper's validity rules (the task's degeneracies, no repeated graph, the overlap cap
among the split's instances); after the exact solve the heuristics run cheapest-to-reject
first (the ones that caught the most draws of this cell so far lead) and the first that solves
the draw rejects it; an unsolved draw joins the split under the paper's answer-share rule. The
cell's first :data:`EXPLAIN_DRAWS` valid draws are scored by the whole suite instead, which
measures why a short cell is short: the share of draws each member solves, alone or with
others, and how often the property that makes it exact holds (``Heuristic.exact_when``). A
cell stops at ``per_level`` instances, after ``max_draws`` draws, or once its draws are
hopeless (:func:`hopeless`: after a batch of :data:`STOP_BATCH` draws, even the one-sided
:data:`CONFIDENCE` upper bound of its unsolved rate cannot bring it to :data:`STOP_TARGET`
within the remaining draws); every cell's tally (:class:`HardTally`) says how far it got, why
it stopped and, for a short cell, the upper bound of the share of the paper sampler's graphs
that are heuristic-hard at its level.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterator, MutableSequence, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from gralgo.dataset._build import (
    BuildOptions,
    GraphKey,
    _draw_instance,
    answer_cap,
    drawn_instance,
    instance_id,
)
from gralgo.dataset._instance import Instance
from gralgo.dataset._overlap import OverlapGuard
from gralgo.errors import SamplingError
from gralgo.tasks import (
    Heuristic,
    ShownOrder,
    drawn_order,
    heuristics_for,
    prompt_order_seed,
    shared_facts,
    shown_order,
    solved_by,
)

if TYPE_CHECKING:
    from gralgo.graphs import SourceGraph
    from gralgo.tasks import Problem, Task

HARD_INDEX_BASE = 1_000_000
"""Index of the hard split's draw 0: above any paper index (``per_level`` is smaller)."""
STOP_BATCH = 100
"""Draws between two checks of the stopping rule (:func:`hopeless`)."""
CONFIDENCE = 0.95
"""The one-sided confidence of the unsolved rate's upper bound (:func:`rate_upper_bound`)."""
EXPLAIN_DRAWS = 500
"""Valid draws per cell scored by the whole suite (the later ones stop at the first member that
solves them): what ``statistics.md`` says about the members that solve a short cell's draws."""
STOP_TARGET = 50
"""The instances the stopping rule asks a cell to be able to reach: the paper's ``per_level``,
fixed rather than the build's own, so the rule is one of the cell's stream alone and a smaller
build's hard split stays the first instances of a larger one's (a rule that asked less of a
smaller build would let it draw past the point where the larger one stopped)."""


def rate_upper_bound(hits: int, trials: int, confidence: float = CONFIDENCE) -> float:
    """The one-sided Clopper-Pearson upper bound of a rate seen as ``hits`` of ``trials``
    (1.0 without trials): the largest rate under which seeing at most ``hits`` still has a
    chance of at least ``1 - confidence``."""
    from scipy.special import betaincinv

    if hits >= trials:
        return 1.0
    return float(betaincinv(hits + 1, trials - hits, confidence))


def hopeless(reached: int, unsolved: int, valid: int, remaining: int) -> bool:
    """Whether a cell should stop drawing: even at the upper bound of its unsolved rate
    (``unsolved`` of ``valid`` draws) the ``remaining`` draws are expected to bring fewer than
    ``STOP_TARGET - reached`` more instances. A function of the cell's stream alone."""
    return reached + rate_upper_bound(unsolved, valid) * remaining < STOP_TARGET


def percent(share: float) -> str:
    """A share in words' figures: one decimal below 10 % ("0.9 %"), whole percent above."""
    value = 100 * share
    return f"{value:.1f} %" if value < 10 else f"{value:.0f} %"


def count_share(count: int, total: int) -> str:
    """``count`` of ``total`` as a percentage that never reads as all or none unless it is:
    one decimal below 10 % and above 90 %, "< 0.1 %" and "> 99.9 %" at the ends."""
    if total <= 0 or count <= 0:
        return "0 %"
    if count >= total:
        return "100 %"
    value = 100 * count / total
    if value < 0.1:
        return "< 0.1 %"
    if value > 99.9:
        return "> 99.9 %"
    return f"{value:.1f} %" if value < 10 or value > 90 else f"{value:.0f} %"


@dataclass
class HardTally:
    """How one cell's hard split was drawn: the numbers ``statistics.md`` and the log show."""

    task: str
    level: int
    target: int
    """Instances wanted (``per_level``)."""
    reached: int = 0
    """Instances in the split."""
    draws: int = 0
    """Draws tried."""
    unsolved: int = 0
    """Valid draws no heuristic solved (``reached`` plus the answer-share rejections)."""
    invalid: int = 0
    """Draws without a valid sample within ``max_attempts`` attempts."""
    answer_share: int = 0
    """Unsolved draws refused because their answer was already too common in the split."""
    caught: Counter[str] = field(default_factory=Counter)
    """Solved draws by the heuristic that rejected them (the first of the running order)."""
    stopped: str = "target"
    """``target`` (reached), ``budget`` (``max_draws`` tried) or ``hopeless`` (see above)."""
    max_draws: int = 0
    """The cell's draw budget (``max_draws``)."""
    overlap_mean: float = 0.0
    """Mean node-set Jaccard over the pairs of the split's instances."""
    overlap_max: float = 0.0
    """The largest node-set Jaccard between two of them."""
    explained: int = 0
    """Valid draws the whole suite scored (the first :data:`EXPLAIN_DRAWS`)."""
    explained_solved: int = 0
    """Of those: the draws some member solves."""
    solves: Counter[str] = field(default_factory=Counter)
    """Of the explained draws: how many each member solves."""
    alone: Counter[str] = field(default_factory=Counter)
    """Of the explained draws: how many each member is the only one to solve."""
    exact: Counter[str] = field(default_factory=Counter)
    """Of the explained draws: on how many each member's exactness condition holds."""
    conditions: dict[str, str] = field(default_factory=dict)
    """Each member's exactness condition in words (``Heuristic.exact_when``), where it has one."""

    def explain(self, solvers: Sequence[str], exact: Sequence[str]) -> None:
        """Count one draw the whole suite scored: the members that solve it and those whose
        exactness condition holds on it."""
        self.explained += 1
        self.explained_solved += bool(solvers)
        self.solves.update(solvers)
        if len(solvers) == 1:
            self.alone[solvers[0]] += 1
        self.exact.update(exact)

    def members(self) -> str:
        """In words: of the explained draws, the share the suite solves, then each member that
        solves some (most first) with the share it solves, alone, and the share of draws on
        which its exactness condition holds (e.g. "the graph is a tree")."""
        total = self.explained
        if not total:
            return ""
        head = (
            f"the suite solves every one of the first {total} valid draws"
            if self.explained_solved == total
            else f"the suite solves {count_share(self.explained_solved, total)} of the first "
            f"{total} valid draws"
        )
        parts = []
        for name, count in sorted(self.solves.items(), key=lambda kv: (-kv[1], kv[0])):
            part = f"{name} {count_share(count, total)}"
            if self.alone[name]:
                part += f" (alone {count_share(self.alone[name], total)})"
            if name in self.conditions:
                part += (
                    f", exact when {self.conditions[name]} "
                    f"({count_share(self.exact[name], total)} of them)"
                )
            parts.append(part)
        return f"{head}: " + "; ".join(parts)

    @property
    def short(self) -> bool:
        """Fewer instances than the target."""
        return self.reached < self.target

    @property
    def valid(self) -> int:
        """Draws that gave a valid sample (the paper sampler's graphs of this cell)."""
        return self.draws - self.invalid

    def finding(self) -> str:
        """In words: the upper bound of the share of the paper sampler's graphs at this level
        that no heuristic solves, from the cell's own draws (the benchmark's finding for a
        short cell)."""
        bound = rate_upper_bound(self.unsolved, self.valid)
        return (
            f"at most {percent(bound)} of the paper sampler's graphs at this level are "
            f"heuristic-hard ({percent(CONFIDENCE)} upper bound, {self.unsolved} of {self.valid} "
            f"draws)"
        )

    def why(self) -> str:
        """In words: why the cell has fewer instances than its target ('' when it has them):
        its finding, how its draws stopped and the heuristics that solved them."""
        if not self.short:
            return ""
        stop = {
            "budget": f"draw budget spent ({self.draws} draws)",
            "hopeless": (
                f"stopped after {self.draws} of {self.max_draws} draws: even at the "
                f"{percent(CONFIDENCE)} upper bound of its unsolved rate the remaining draws would "
                f"not bring it to {STOP_TARGET}"
            ),
        }.get(self.stopped, self.stopped)
        parts = [self.finding(), stop, self.members()]
        if self.answer_share:
            parts.append(f"{self.answer_share} unsolved draws refused by the answer-share rule")
        if self.invalid:
            parts.append(f"{self.invalid} draws without a valid sample")
        return "; ".join(parts)


def read_by_each(
    suite: Sequence[Heuristic], problem: Problem
) -> Iterator[tuple[Heuristic, Problem]]:
    """Each member of ``suite`` with the problem it reads: from the first positional member on,
    with its prompt order drawn (once for all of them)."""
    for heuristic in suite:
        if heuristic.kind == "position" and not isinstance(problem.order_seed, ShownOrder):
            problem = replace(problem, order_seed=shown_order(problem.graph, problem.order_seed))
        yield heuristic, problem


def solving_heuristic(order: list[Heuristic], problem: Problem, answer: str) -> str | None:
    """The first heuristic of ``order`` whose credit is above 0 (None: no heuristic solves it);
    facts several of them read are computed once (``shared_facts``)."""
    with shared_facts():
        for heuristic, read in read_by_each(order, problem):
            if solved_by({heuristic.name: heuristic.credit(read, answer)}):
                return heuristic.name
    return None


def suite_verdicts(
    suite: Sequence[Heuristic], problem: Problem, answer: str
) -> tuple[list[str], list[str]]:
    """Every member of ``suite`` on one draw: those that solve it and those whose exactness
    condition (``Heuristic.exact_when``) holds, in suite order; facts several of them read are
    computed once (``shared_facts``)."""
    solvers: list[str] = []
    exact: list[str] = []
    with shared_facts():
        for heuristic, read in read_by_each(suite, problem):
            if solved_by({heuristic.name: heuristic.credit(read, answer)}):
                solvers.append(heuristic.name)
            if heuristic.exact_when is not None and heuristic.exact_when.holds(read, answer):
                exact.append(heuristic.name)
    return solvers, exact


def in_indices(record: dict[str, object], members: Sequence[int]) -> dict[str, object]:
    """An overlap record of the split's guard (positions among its instances) in instance
    indices, as the paper split's records are (``overlap_with``, ``overlap_cluster``)."""
    out = dict(record)
    listed = record.get("overlap_with")
    if isinstance(listed, list):
        out["overlap_with"] = [members[int(j)] for j in listed]
    cluster = record.get("overlap_cluster")
    if isinstance(cluster, int):
        out["overlap_cluster"] = members[cluster]
    return out


def build_hard_split(
    task: Task,
    source: SourceGraph,
    level: int,
    options: BuildOptions,
    tallies: MutableSequence[HardTally] | None = None,
) -> Iterator[Instance]:
    """The hard instances of (task, level) in draw order, split ``("hard",)``; the cell's
    :class:`HardTally` is appended to ``tallies`` once the stream ends."""
    tally = HardTally(task.name, level, options.per_level, max_draws=options.hard_max_draws)
    members = heuristics_for(task)
    suite = list(members)
    position = {h.name: i for i, h in enumerate(suite)}
    tally.conditions = {h.name: h.exact_when.description for h in members if h.exact_when}
    seen: set[GraphKey] = set()
    no_share: Counter[str] = Counter()  # the share rule applies to the split, below
    answers: Counter[str] = Counter()
    overlap = OverlapGuard()
    kept_indices: list[int] = []  # the split's instance indices, in the guard's order
    try:
        for draw in range(options.hard_max_draws):
            if tally.reached >= tally.target:
                break
            if (
                draw
                and draw % STOP_BATCH == 0
                and hopeless(
                    tally.reached, tally.unsolved, tally.valid, options.hard_max_draws - draw
                )
            ):
                tally.stopped = "hopeless"
                break
            tally.draws += 1
            index = HARD_INDEX_BASE + draw
            try:
                drawn, attempt, rejected = _draw_instance(
                    task, source, level, index, options, seen, no_share, overlap
                )
            except SamplingError:
                tally.invalid += 1
                continue
            seen.add(drawn.fingerprint)
            answer = drawn.solution.answer
            identity = instance_id(task.name, level, source.name, options.seed, index, "standard")
            problem = replace(drawn.problem, order_seed=prompt_order_seed(identity))
            suite.sort(key=lambda h: (-tally.caught[h.name], position[h.name]))
            if tally.explained < EXPLAIN_DRAWS:  # the whole suite: why the cell is short
                solvers, exact = suite_verdicts(members, problem, answer)
                tally.explain(solvers, exact)
                solver = min(  # the first of the running order, as the rest are counted
                    solvers,
                    key=lambda name: (-tally.caught[name], position.get(name, len(position))),
                    default=None,
                )
            else:
                solver = solving_heuristic(suite, problem, answer)
            if solver is not None:
                tally.caught[solver] += 1
                continue
            tally.unsolved += 1
            if answers[answer] + 1 > answer_cap(tally.reached, options):
                tally.answer_share += 1
                continue
            answers[answer] += 1
            tally.reached += 1
            kept_indices.append(index)
            kept = overlap.keep(frozenset(map(str, problem.graph.nodes)))
            overlapping = in_indices(kept, kept_indices)
            largest = kept["overlap_max"]
            if isinstance(largest, float):
                tally.overlap_max = max(tally.overlap_max, largest)
            problem = replace(problem, order_seed=drawn_order(problem.graph, identity))
            instance = drawn_instance(
                task, source.name, level, options, index, problem, drawn, attempt, rejected,
                overlapping,
            )  # fmt: skip
            yield replace(instance, splits=("hard",))
        else:
            if tally.short:
                tally.stopped = "budget"
    finally:
        pairs = len(overlap.kept) * (len(overlap.kept) - 1) / 2
        tally.overlap_mean = overlap.pair_sum / pairs if pairs else 0.0
        if tallies is not None:
            tallies.append(tally)


def hard_markdown(tallies: Sequence[HardTally]) -> list[str]:
    """The ``statistics.md`` lines of the hard split: per cell its n beside the target (the
    paper split's figures above hold none of these instances), the draws tried, the overlap
    among its instances and, for a cell short of its target, why; no lines without a hard
    split."""
    if not tallies:
        return []
    ordered = sorted(tallies, key=lambda t: (t.task, t.level))
    short = [t for t in ordered if t.short]
    lines = [
        "",
        "### Hard split per task and level (filtered: no heuristic of the suite solves these)",
        "",
        f"Drawn by the paper's sampler in a stream of their own, kept when no heuristic solves "
        f"them; none of them is counted in the tables above. {len(short)} of {len(ordered)} "
        f"cells are short of their target; each says how many of the paper sampler's graphs "
        f"at its level are heuristic-hard at most ({percent(CONFIDENCE)} upper bound from its "
        f"own draws), a finding of the benchmark rather than a failed build.",
        "",
        "| Task | Level | Hard n | Target | Draws tried | Unsolved draws | Mean Jaccard "
        "| Max Jaccard | Short: why |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    lines += [
        f"| {t.task} | {t.level} | {t.reached} | {t.target} | {t.draws} | {t.unsolved} "
        f"| {t.overlap_mean:.3f} | {t.overlap_max:.3f} | {t.why() or '–'} |"
        for t in ordered
    ]
    return lines


def log_shortfalls(tallies: Sequence[HardTally], log: logging.Logger) -> None:
    """One warning per cell short of its target (n reached, draws tried, why), one info line
    otherwise."""
    short = [t for t in sorted(tallies, key=lambda t: (t.task, t.level)) if t.short]
    for t in short:
        log.warning(
            "hard split %s level %d: %d of %d instances after %d draws: %s",
            t.task, t.level, t.reached, t.target, t.draws, t.why(),
        )  # fmt: skip
    if tallies:
        log.info("hard split: %d of %d cells reached their target", len(tallies) - len(short),
                 len(tallies))  # fmt: skip
