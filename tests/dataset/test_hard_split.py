"""The hard split's own stream (issue 32): it reaches its target where the source allows, says
per cell why it falls short where it does not, never enters the paper split's statistics, and
rejects a draw at the first heuristic that solves it."""

from __future__ import annotations

import logging
import re

import pytest

from gralgo.dataset import build_dataset, read_instances
from gralgo.dataset._builder import slice_differences
from gralgo.dataset._hard_split import HARD_INDEX_BASE, HardTally, solving_heuristic
from gralgo.errors import ConfigError
from gralgo.tasks import Heuristic, Problem


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
    assert why.startswith("draw budget spent (20 draws)") and "double_sweep" in why
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


def test_tally_why_names_the_stop_and_the_heuristics() -> None:
    tally = HardTally("t", 1, 50, reached=3, draws=300, unsolved=5, answer_share=2)
    tally.caught.update({"double_sweep": 290, "bfs": 5})
    tally.stopped = "hopeless"
    why = tally.why()
    assert why.startswith("gave up after 300 draws")
    assert "98.3% of valid draws (caught first by double_sweep 97%, bfs 2%)" in why
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
