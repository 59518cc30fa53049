"""The hard split's own stream (issue 32): it reaches its target where the source allows, says
per cell why it falls short where it does not, never enters the paper split's statistics, and
rejects a draw at the first heuristic that solves it."""

from __future__ import annotations

import logging
import re
from collections import Counter

import pytest
from scipy.stats import beta

from gralgo.dataset import _hard_split, build_dataset, read_instances
from gralgo.dataset._build import BuildOptions, Drawn
from gralgo.dataset._builder import slice_differences
from gralgo.dataset._hard_split import (
    HARD_INDEX_BASE,
    HardTally,
    build_hard_split,
    hopeless,
    rate_upper_bound,
    solving_heuristic,
)
from gralgo.dataset._instance import Instance
from gralgo.errors import ConfigError
from gralgo.tasks import Heuristic, Problem, Solution


def _spec(make_settings, *overrides: str):
    settings = make_settings(
        "+experiment=build_dataset", "dataset.formats=[edge_list]", "dataset.hard_split=true",
        *overrides,
    )  # fmt: skip
    return settings.dataset


def _hard_rows(markdown: str) -> dict[tuple[str, int], list[str]]:
    """The hard-split table of ``statistics.md``: (task, level) -> its cells."""
    section = markdown.split("### Hard split per task and level", 1)[1]
    rows = [line.strip("|").split(" | ") for line in section.splitlines() if line.startswith("| ")]
    return {(r[0].strip(), int(r[1])): [c.strip() for c in r[2:]] for r in rows[1:]}


def test_a_cell_the_paper_stream_left_short_reaches_its_target(make_settings, tmp_path) -> None:
    # mst_weight level 3: about one draw in twenty is unsolved, so the old 4 x per_level draws
    # of the paper stream kept 3 of 10; the split's own stream keeps drawing until it has 10.
    spec = _spec(make_settings, "task=[mst_weight]", "level=[3]", "dataset.per_level=10")
    build_dataset(spec, tmp_path / "d")
    hard = [i for i in read_instances(tmp_path / "d") if "hard" in i.splits]
    assert len(hard) == 10
    assert all(i.splits == ("hard",) and i.index >= HARD_INDEX_BASE for i in hard)
    assert all(not any(i.provenance["heuristics"].values()) for i in hard)
    row = _hard_rows((tmp_path / "d" / "statistics.md").read_text())[("mst_weight", 3)]
    assert row[:2] == ["10", "10"] and row[-1] == "–"


def test_a_short_cell_says_how_far_it_got_and_why(make_settings, tmp_path, caplog) -> None:
    # diameter level 1: the double sweep is exact on nearly every small graph of the source
    spec = _spec(
        make_settings, "task=[diameter]", "level=[1]", "dataset.per_level=5",
        "dataset.hard_max_draws=20",
    )  # fmt: skip
    with caplog.at_level(logging.WARNING, logger="gralgo.dataset._builder"):
        build_dataset(spec, tmp_path / "d")
    reached, target, draws, _unsolved, _mean, _max, why = _hard_rows(
        (tmp_path / "d" / "statistics.md").read_text()
    )[("diameter", 1)]
    assert int(reached) < int(target) == 5 and draws == "20"
    # the finding first: with 0 unsolved of 20 the upper bound is 1 - 0.05 ** (1 / 20) = 13.9 %
    assert why.startswith(
        "at most 14 % of the paper sampler's graphs at this level are heuristic-hard "
        "(95 % upper bound, 0 of 20 draws); draw budget spent (20 draws)"
    )
    assert "double_sweep" in why
    # why, measured on the cell's own draws: each member's share and its exactness condition
    assert "the suite solves every one of the first 20 valid draws: double_sweep" in why
    assert re.search(r"double_sweep_min_degree [\d.]+ %, exact when the graph is a tree", why)
    warned = [r.getMessage() for r in caplog.records if "hard split diameter level 1" in r.message]
    assert warned and f"{reached} of 5 instances after 20 draws" in warned[0]


def test_paper_statistics_hold_no_hard_instance(make_settings, tmp_path) -> None:
    spec = _spec(make_settings, "task=[path_sum,max_kcore]", "level=[3]", "dataset.per_level=6")
    build_dataset(spec, tmp_path / "d")
    instances = read_instances(tmp_path / "d")
    assert any(i.splits == ("hard",) for i in instances)  # hard-only instances were built
    markdown = (tmp_path / "d" / "statistics.md").read_text()
    assert re.search(r"^\| Level-3 \| 12 \|", markdown, re.M)  # 2 tasks x 6 paper instances
    assert re.search(r"^\| path_sum \| 3 \| 6 \|", markdown, re.M)
    csv_rows = (tmp_path / "d" / "statistics.csv").read_text().splitlines()
    assert any(line.startswith("all,3,12,") for line in csv_rows)
    hard_rows = _hard_rows(markdown)
    for task in ("path_sum", "max_kcore"):
        hard = [i for i in instances if i.task == task and "hard" in i.splits]
        assert hard_rows[(task, 3)][:2] == [str(len(hard)), "6"]
        nodes = [frozenset(n["id"] for n in i.graph["nodes"]) for i in hard]
        pairs = [len(a & b) / len(a | b) for k, a in enumerate(nodes) for b in nodes[:k]]
        mean, largest = hard_rows[(task, 3)][4:6]  # the split's own overlap, from its graphs
        assert mean == f"{sum(pairs) / len(pairs):.3f}" and largest == f"{max(pairs):.3f}"


def test_without_the_hard_split_statistics_have_no_hard_section(make_settings, tmp_path) -> None:
    settings = make_settings(
        "+experiment=build_dataset", "task=[path_sum]", "level=[1]", "dataset.per_level=3",
        "dataset.formats=[edge_list]",
    )  # fmt: skip
    build_dataset(settings.dataset, tmp_path / "d")
    assert all(i.splits == ("paper",) for i in read_instances(tmp_path / "d"))
    assert "Hard split" not in (tmp_path / "d" / "statistics.md").read_text()


def test_the_first_solving_heuristic_rejects_and_the_rest_never_run() -> None:
    ran: list[str] = []

    def guess(name: str, answer: str) -> Heuristic:
        def run(problem: Problem) -> list[str]:
            ran.append(name)
            return [answer]

        return Heuristic(name, "scan", name, run)

    order = [guess("wrong", "1"), guess("right", "2"), guess("never", "2")]
    assert solving_heuristic(order, None, "2") == "right"  # type: ignore[arg-type]
    assert ran == ["wrong", "right"]
    assert solving_heuristic(order[:1], None, "2") is None  # type: ignore[arg-type]


def test_tally_why_names_the_finding_the_stop_and_the_heuristics() -> None:
    tally = HardTally("t", 1, 50, reached=3, draws=300, unsolved=5, answer_share=2, max_draws=6000)
    tally.conditions = {"double_sweep": "the graph is a tree"}
    for draw in range(300):  # what the whole suite measured on each draw
        solvers = ["double_sweep", "bfs"] if draw < 200 else ["double_sweep"] if draw < 295 else []
        tally.explain(solvers, ["double_sweep"] if draw % 3 == 0 else [])
    tally.stopped = "hopeless"
    why = tally.why()
    bound = beta.ppf(0.95, 5 + 1, 300 - 5)  # Clopper-Pearson, one-sided: 3.5 %
    assert why.startswith(
        f"at most {100 * bound:.1f} % of the paper sampler's graphs at this level are "
        "heuristic-hard (95 % upper bound, 5 of 300 draws); stopped after 300 of 6000 draws: "
        "even at the 95 % upper bound of its unsolved rate the remaining draws would not "
        "bring it to 50"
    )
    assert (
        "the suite solves 98.3 % of the first 300 valid draws: double_sweep 98.3 % (alone 32 %), "
        "exact when the graph is a tree (33 % of them); bfs 67 %" in why
    )
    assert "2 unsolved draws refused by the answer-share rule" in why
    assert HardTally("t", 1, 3, reached=3).why() == ""


def test_a_dataset_without_the_wanted_hard_split_is_not_a_slice(make_settings) -> None:
    spec = _spec(make_settings, "task=[path_sum]", "level=[1]")
    wanted = spec.description()
    built = {"format_version": None, "config": {**wanted, "hard_split": None}}
    from gralgo.dataset._store import FORMAT_VERSION

    built["format_version"] = FORMAT_VERSION
    assert any(d.startswith("hard_split: built None") for d in slice_differences(built, wanted))
    assert slice_differences({**built, "config": wanted}, wanted) == []


def test_per_level_stays_below_the_hard_index_base(make_settings) -> None:
    with pytest.raises(ConfigError, match="dataset.per_level"):
        make_settings("dataset.per_level=1000000")


def test_a_hard_split_build_passes_the_audit_and_a_solved_hard_instance_does_not(
    make_settings, tmp_path
) -> None:
    from dataclasses import replace

    from gralgo.dataset._audit import audit_instances

    spec = _spec(make_settings, "task=[path_sum,mst_weight]", "level=[4]", "dataset.per_level=6")
    build_dataset(spec, tmp_path / "d")
    instances = read_instances(tmp_path / "d")
    assert sum(i.splits == ("hard",) for i in instances) == 12
    report = audit_instances(instances, workers=1)
    assert report.ok, report.violations  # each split's overlap is its own; hard = unsolved
    assert {b.count for b in report.baselines} == {6}  # the tables are the paper split's
    # the positional control reads the paper split: the hard one is selected on every
    # positional scan failing, so its order is not the paper's sampling
    assert report.order_control and {r.count for r in report.order_control} == {6}
    solved = next(i for i in instances if any(i.provenance["heuristics"].values()))
    planted = [*instances, replace(solved, id="planted", index=HARD_INDEX_BASE + 999,
                                   splits=("hard",))]  # fmt: skip
    violations = [v for v in audit_instances(planted, resolve=False).violations if v.rule == "hard"]
    assert len(violations) == 1
    assert f"#{HARD_INDEX_BASE + 999} is solved by" in violations[0].detail


def test_the_paper_split_is_the_same_with_and_without_the_hard_split(
    make_settings, tmp_path
) -> None:
    common = ("task=[path_sum,max_kcore]", "level=[3]", "dataset.per_level=6")
    build_dataset(_spec(make_settings, *common), tmp_path / "with")
    without = _spec(make_settings, *common, "dataset.hard_split=false")
    build_dataset(without, tmp_path / "without")
    with_hard = [i.to_json() for i in read_instances(tmp_path / "with") if "paper" in i.splits]
    assert with_hard == [i.to_json() for i in read_instances(tmp_path / "without")]
    assert (tmp_path / "with" / "statistics.csv").read_text() == (
        tmp_path / "without" / "statistics.csv"
    ).read_text()


@pytest.mark.parametrize(("hits", "trials"), [(0, 20), (0, 400), (5, 300), (12, 1000), (7, 7)])
def test_the_upper_bound_is_clopper_pearsons(hits: int, trials: int) -> None:
    expected = 1.0 if hits == trials else beta.ppf(0.95, hits + 1, trials - hits)
    assert rate_upper_bound(hits, trials) == pytest.approx(expected, rel=1e-9)


def test_hopeless_when_even_the_upper_bound_falls_short_of_the_target() -> None:
    # 0 of 400: at most 0.75 %, x 5,600 remaining draws = 42 < 50: stop
    assert hopeless(0, 0, 400, 5600)
    # 0 of 300: at most 0.99 %, x 5,700 = 57: the target is still in reach
    assert not hopeless(0, 0, 300, 5700)
    # what the cell already holds counts: 10 held + 42 expected at the bound
    assert not hopeless(10, 10, 400, 5600)


class _Planted:
    """A planted stream for :func:`build_hard_split`: draw ``j`` is unsolved iff
    ``unsolved(j)``; every draw has its own graph and answer."""

    def __init__(self, unsolved, monkeypatch) -> None:
        import networkx as nx

        self.unsolved = unsolved

        def draw(task, source, level, index, options, seen, answers, overlap):
            graph = nx.Graph([(f"a{index}", f"b{index}")])
            problem = Problem(graph, params={"draw": index - HARD_INDEX_BASE})
            drawn = Drawn(None, problem, Solution(str(index), {}), ((str(index),), ()))  # type: ignore[arg-type]
            return drawn, 0, Counter()

        def solver(order, problem, answer):
            return None if self.unsolved(problem.params["draw"]) else "planted"

        def verdicts(suite, problem, answer):  # the whole suite, on the first draws
            return ([] if self.unsolved(problem.params["draw"]) else ["planted"]), []

        def instance(task, source_name, level, options, index, problem, *rest):
            return Instance(  # type: ignore[call-arg]
                str(index), task.name, "t", "easy", level, "standard", source_name, 0, index,
                "integer", {}, {}, str(index), {}, {},
            )  # fmt: skip

        monkeypatch.setattr(_hard_split, "_draw_instance", draw)
        monkeypatch.setattr(_hard_split, "solving_heuristic", solver)
        monkeypatch.setattr(_hard_split, "suite_verdicts", verdicts)
        monkeypatch.setattr(_hard_split, "drawn_instance", instance)

    def run(self, per_level: int, max_draws: int = 6000) -> tuple[list[int], HardTally]:
        from types import SimpleNamespace

        from gralgo.tasks import TaskSettings, make_task

        task = make_task("max_degree", TaskSettings(source="s", sampler="random_walk_top"))
        source = SimpleNamespace(name="s")
        options = BuildOptions(per_level=per_level, hard_max_draws=max_draws)
        tallies: list[HardTally] = []
        kept = [i.index - HARD_INDEX_BASE for i in
                build_hard_split(task, source, 1, options, tallies)]  # type: ignore[arg-type]  # fmt: skip
        return kept, tallies[0]


def test_a_hopeless_planted_stream_stops_at_the_first_batch_the_bound_rules_out(
    monkeypatch,
) -> None:
    kept, tally = _Planted(lambda j: False, monkeypatch).run(per_level=50)
    assert kept == [] and tally.stopped == "hopeless"
    assert tally.draws == 400  # 0 of 300 still allows 57 in the 5,700 left; 0 of 400 only 42
    assert "0 of 400 draws" in tally.why() and "stopped after 400 of 6000 draws" in tally.why()


def test_a_rare_but_reachable_planted_stream_draws_on_to_its_target(monkeypatch) -> None:
    # one draw in 100 unsolved: the old rule (under 1 % after 300) gave up on it at draw 301;
    # at this rate 6,000 draws hold 60, so it must go on until it has 50
    kept, tally = _Planted(lambda j: j % 100 == 99, monkeypatch).run(per_level=50)
    assert tally.stopped == "target" and len(kept) == 50 and tally.draws == 5000
    assert tally.why() == ""


def test_a_stream_too_thin_for_the_budget_stops_once_its_bound_says_so(monkeypatch) -> None:
    # one draw in 250: 24 in 6,000, too few; it stops when its bound can no longer reach 50
    kept, tally = _Planted(lambda j: j % 250 == 249, monkeypatch).run(per_level=50)
    assert tally.stopped == "hopeless" and len(kept) == tally.unsolved < 50
    stop = tally.draws
    assert stop % 100 == 0 and hopeless(len(kept), len(kept), stop, 6000 - stop)
    before = stop - 100
    held = sum(1 for j in range(before) if j % 250 == 249)
    assert not hopeless(held, held, before, 6000 - before)


@pytest.mark.parametrize("unsolved", [lambda j: False, lambda j: j % 250 == 249,
                                      lambda j: j % 100 == 99, lambda j: j % 7 == 0])  # fmt: skip
def test_a_smaller_builds_planted_hard_split_is_the_start_of_a_larger_ones(
    monkeypatch, unsolved
) -> None:
    planted = _Planted(unsolved, monkeypatch)
    large, _ = planted.run(per_level=50)
    for per_level in (1, 5, 20, 49):
        small, _ = planted.run(per_level=per_level)
        assert small == large[:per_level]


@pytest.mark.parametrize("unsolved", [lambda j: j % 250 == 249, lambda j: j % 120 == 7,
                                      lambda j: j % 900 == 1])  # fmt: skip
def test_a_smaller_budgets_planted_hard_split_is_the_start_of_a_larger_ones(
    monkeypatch, unsolved
) -> None:
    # the budget only decides where a cell stops (spent, or hopeless sooner): every draw is
    # kept or rejected the same way, so raising dataset.hard_max_draws extends a short cell
    planted = _Planted(unsolved, monkeypatch)
    large, large_tally = planted.run(per_level=50, max_draws=50000)
    for budget in (1000, 6000, 20000):
        small, tally = planted.run(per_level=50, max_draws=budget)
        assert small == large[: len(small)] and tally.draws <= large_tally.draws
        assert tally.stopped != "target" or small == large


def test_data_md_states_the_stopping_rule_with_the_codes_parameters() -> None:
    """design/data.md explains the rule and the budget with the figures the code uses (and
    why the short cells keep the paper's sampler), not hand-written ones."""
    from pathlib import Path

    from gralgo.config import GralgoConfig
    from gralgo.dataset._hard_split import CONFIDENCE, STOP_BATCH, STOP_TARGET

    text = (Path(__file__).parents[2] / "design" / "data.md").read_text()
    section = text[text.index("**The hard split**") : text.index("**Answer balancing.**")]
    budget = GralgoConfig().dataset.hard_max_draws
    assert BuildOptions().hard_max_draws == budget
    assert f"`dataset.hard_max_draws` ({budget})" in section
    assert f"every batch\n  of {STOP_BATCH} draws" in section
    assert f"{CONFIDENCE:.0%}".replace("%", " %") in section and "Clopper-Pearson" in section
    assert f"bring it to {STOP_TARGET} instances (`STOP_TARGET`" in section
    assert "*Why not another sampler for the short cells.*" in section
    # a cell with no unsolved draw stops at the first batch its bound rules out, at this budget
    stop = next(n for n in range(STOP_BATCH, budget, STOP_BATCH) if hopeless(0, 0, n, budget - n))
    assert f"after {stop:,} of the {budget}" in section.replace("\n  ", " ")
    assert "GIVE_UP" not in text


def test_scoring_the_whole_suite_on_the_first_draws_changes_no_instance(
    make_settings, tmp_path, monkeypatch
) -> None:
    """The explained draws (every member scored) keep and reject exactly the draws the early
    rejection does: the hard split is byte for byte the same with and without them."""
    spec = _spec(make_settings, "task=[mst_weight,diameter]", "level=[3]", "dataset.per_level=4")
    build_dataset(spec, tmp_path / "explained")
    monkeypatch.setattr(_hard_split, "EXPLAIN_DRAWS", 0)
    build_dataset(spec, tmp_path / "early")
    files = sorted((tmp_path / "explained" / "instances").rglob("*.jsonl"))
    assert len(files) >= 2
    for path in files:
        twin = tmp_path / "early" / path.relative_to(tmp_path / "explained")
        assert path.read_bytes() == twin.read_bytes(), path.name
    rows = _hard_rows((tmp_path / "explained" / "statistics.md").read_text())
    assert rows[("mst_weight", 3)][:2] == ["4", "4"]


def test_the_tally_counts_what_the_whole_suite_says_on_the_first_draws_only(monkeypatch) -> None:
    # draw j is unsolved iff j % 50 == 49: the first EXPLAIN_DRAWS are explained, the rest not
    monkeypatch.setattr(_hard_split, "EXPLAIN_DRAWS", 120)
    kept, tally = _Planted(lambda j: j % 50 == 49, monkeypatch).run(per_level=5)
    assert len(kept) == 5 and tally.draws == 250
    assert tally.explained == 120 and tally.explained_solved == 118
    assert tally.solves == Counter({"planted": 118}) == tally.alone


@pytest.mark.parametrize(
    ("count", "total", "text"),
    [(0, 500, "0 %"), (500, 500, "100 %"), (499, 500, "99.8 %"), (9999, 10000, "> 99.9 %"),
     (1, 2000, "< 0.1 %"), (2, 500, "0.4 %"), (250, 500, "50 %"), (0, 0, "0 %")],
)  # fmt: skip
def test_a_share_reads_as_all_or_none_only_when_it_is(count: int, total: int, text: str) -> None:
    from gralgo.dataset._hard_split import count_share

    assert count_share(count, total) == text
