"""The validity rules: the builder enforces them, the audit measures them, and each rule fails a
deliberately degenerate build."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from gralgo.dataset import audit_dataset, audit_instances, build_dataset, read_instances
from gralgo.dataset._build import BuildOptions, answer_cap
from gralgo.errors import SamplingError
from gralgo.tasks import TaskSettings

ROOT = Path(__file__).resolve().parents[2]


def spec_of(
    make_settings,
    *overrides: str,
    trees: str | None = None,
    max_children: int = 2,
    **options: object,
):
    """The build spec for ``overrides``; ``trees`` names a task made to sample DBLP trees."""
    settings = make_settings("+experiment=build_dataset", *overrides)
    spec = replace(settings.dataset, options=replace(settings.dataset.options, **options))
    if trees is not None:
        tree_settings = TaskSettings("dblp", "binary_tree_bfs", {"max_children": max_children})
        spec = replace(spec, tasks={trees: tree_settings})
    return spec


def test_answer_cap_keeps_every_prefix_within_the_share() -> None:
    options = BuildOptions()
    assert [answer_cap(i, options) for i in (0, 5, 6, 9, 29, 49)] == [2, 2, 2, 3, 9, 15]
    # Whatever the answers, the rule keeps each prefix of >= 7 instances at <= 30 % per answer.
    counts: Counter[str] = Counter()
    accepted = []
    for i, answer in enumerate(["7"] * 40 + [str(n) for n in range(40)]):
        index = len(accepted)
        if counts[answer] + 1 <= answer_cap(index, options):
            counts[answer] += 1
            accepted.append(answer)
        for n in range(7, len(accepted) + 1):
            assert Counter(accepted[:n]).most_common(1)[0][1] <= 0.3 * n + 1e-9, (i, n)


@pytest.mark.slow
def test_small_build_passes_the_audit_and_writes_its_report(make_settings, tmp_path) -> None:
    spec = spec_of(
        make_settings, "level=[1,2]", "dataset.per_level=10", "dataset.formats=[edge_list]"
    )
    build_dataset(spec, tmp_path / "ds")
    report = audit_dataset(tmp_path / "ds", tmp_path / "audit")
    assert report.ok, report.violations
    assert {(b.task, b.level) for b in report.baselines} == {
        (t, lvl) for t in spec.tasks for lvl in (1, 2)
    }
    assert all(b.majority_share <= 0.3 for b in report.baselines)
    for name in ("audit.md", "audit.csv", "audit.png"):
        assert (tmp_path / "audit" / name).stat().st_size > 0
    text = (tmp_path / "audit" / "audit.md").read_text()
    assert "All validity rules hold." in text and "## Answer histograms" in text
    statistics = (tmp_path / "ds" / "statistics.md").read_text()
    assert "Guessing baselines" in statistics and "Rejected draws" in statistics
    node_rows = [b for b in report.baselines if b.answer_kind == "node"]
    assert node_rows and all(0 < (b.random_guess or 0) <= 1 / 8 for b in node_rows)


def test_distance_threshold_without_the_shortcut_rule_fails_the_audit(
    make_settings, tmp_path
) -> None:
    """Today's distance_threshold (no shortcut rule, tau anywhere in the 20-60 % quantiles)."""
    old = (
        "task=distance_threshold",
        "level=[1]",
        "dataset.per_level=20",
        "task.distance_threshold.options.tau_quantile_range=[0.2,0.6]",
    )
    spec = spec_of(
        make_settings,
        *old,
        "task.distance_threshold.options.avoid_shortcuts=false",
        reject_shortcuts=False,
        max_answer_share=1.0,
    )
    build_dataset(spec, tmp_path / "old")
    report = audit_dataset(tmp_path / "old")
    assert not report.ok
    assert {v.rule for v in report.violations} == {"shortcut"}
    hits = report.shortcut_hits["distance_threshold", 1]
    assert hits["isolated"] >= 5 and hits["lightest_edge"] >= 5
    # The same config with the rule on: no instance falls for a shortcut.
    build_dataset(spec_of(make_settings, *old), tmp_path / "new")
    assert audit_dataset(tmp_path / "new").ok


def test_path_graphs_break_the_diameter_rule(make_settings, tmp_path) -> None:
    path_sampler = ("task=diameter", "level=[1]", "dataset.per_level=10")
    spec = spec_of(
        make_settings,
        *path_sampler,
        trees="diameter",
        max_children=1,
        reject_shortcuts=False,
        max_answer_share=1.0,
    )
    build_dataset(spec, tmp_path / "paths")
    report = audit_dataset(tmp_path / "paths")
    assert report.shortcut_hits["diameter", 1]["path_graph"] == 10
    with pytest.raises(SamplingError, match="shortcut:path_graph"):
        build_dataset(
            spec_of(
                make_settings, *path_sampler, trees="diameter", max_children=1, max_attempts=20
            ),
            tmp_path / "x",
        )


def test_a_constant_answer_breaks_the_share_rule(make_settings, tmp_path) -> None:
    """Max degree of binary trees is always 3: a constant guess scores 100 %."""
    trees = ("task=max_degree", "level=[2]", "dataset.per_level=12")
    spec = spec_of(make_settings, *trees, trees="max_degree", max_answer_share=1.0)
    build_dataset(spec, tmp_path / "trees")
    report = audit_dataset(tmp_path / "trees")
    assert [(v.rule, v.task) for v in report.violations] == [("answer_share", "max_degree")]
    assert report.baselines[0].majority_share == 1.0
    with pytest.raises(SamplingError, match="answer_share"):
        build_dataset(
            spec_of(make_settings, *trees, trees="max_degree", max_attempts=30), tmp_path / "x"
        )


@pytest.mark.slow
def test_audit_command_exits_non_zero_on_a_broken_rule(make_settings, tmp_path) -> None:
    spec = spec_of(
        make_settings,
        "task=max_degree",
        "level=[2]",
        "dataset.per_level=10",
        trees="max_degree",
        max_answer_share=1.0,
    )
    build_dataset(spec, tmp_path / "trees")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gralgo",
            "command=audit",
            f"dataset.dir={tmp_path / 'trees'}",
            f"hydra.run.dir={tmp_path / 'run'}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 1, run.stderr
    assert "answer_share: max_degree level 2" in run.stdout
    assert (tmp_path / "run" / "audit" / "audit.png").is_file()


@pytest.mark.slow
def test_default_build_meets_every_rule(make_settings, tmp_path) -> None:
    """The real default build (seed 0, 9 tasks x 6 levels x 50): majority share <= 30 %."""
    spec = spec_of(make_settings, "dataset.formats=[edge_list]")
    build_dataset(spec, tmp_path / "ds")
    instances = read_instances(tmp_path / "ds")
    assert len(instances) == 9 * 6 * 50
    report = audit_instances(instances)
    assert report.ok, report.violations
    assert max(b.majority_share for b in report.baselines) <= 0.3
