"""Independence of a cell's instances: the overlap cap, the clusters of overlapping instances,
their statistics, and the audit's duplicate rules."""

from __future__ import annotations

import itertools
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gralgo.dataset import audit_instances, build_dataset, read_instances
from gralgo.dataset._overlap import (
    MEAN_TARGET,
    OVERLAP_CAP,
    RELAX_EVERY,
    OverlapGuard,
    cell_overlaps,
    cluster_labels,
    jaccard,
    node_set,
    overlap_clusters,
)
from gralgo.dataset._statistics import NOT_REACHED, graph_stats, summarise

ROOT = Path(__file__).resolve().parents[2]


def names(*items: object) -> frozenset[str]:
    return frozenset(str(i) for i in items)


def test_clusters_are_the_components_of_the_overlap_relation() -> None:
    a, b, c = names(1, 2, 3, 4), names(2, 3, 4, 5), names(3, 4, 5, 6)
    d = names(7, 8, 9)
    assert jaccard(a, b) == 3 / 5 and jaccard(a, c) == 2 / 6
    # a~b and b~c overlap, a and c do not: one cluster through b; d alone.
    assert cluster_labels([a, d, b, c]) == [0, 1, 0, 0]
    assert cluster_labels([a, c, b]) == [0, 0, 0]  # b joins two clusters: one component


def test_the_guard_redraws_an_overlap_and_relaxes_where_the_source_is_too_small() -> None:
    guard = OverlapGuard()
    guard.start()
    first = names(*range(10))
    assert guard.admit(first) is None
    record = guard.keep(first)
    assert record == {
        "overlap_max": 0.0,
        "overlap_mean": 0.0,
        "overlap_with": [],
        "overlap_cluster": 0,
    }
    guard.start()
    near = names(*range(1, 10))  # Jaccard 0.9: over the cap and the mean target
    refusals = 0
    while guard.admit(near) is not None:
        refusals += 1
    # The limits rise 0.1 per RELAX_EVERY redraws; at a cap of 1.0 every draw is admitted.
    steps = round((1.0 - OVERLAP_CAP) / 0.1)
    assert refusals == RELAX_EVERY * steps
    assert guard.keep(near)["overlap_with"] == [0]
    # The next instance starts at the limits the last one was kept at (the source is small).
    guard.start()
    assert guard.limits()[0] >= 1.0 - 1e-9
    far = names(*range(100, 110))
    guard.start()
    assert guard.admit(far) is None


def test_the_guard_keeps_the_mean_under_its_target() -> None:
    guard = OverlapGuard()
    guard.start()
    guard.keep(names(*range(10)))
    guard.start()
    # Jaccard 0.25 with the first: under the pair cap, over the mean target of 0.2.
    assert guard.admit(names(*range(6, 14))) == "overlap"
    assert guard.admit(names(*range(8, 16))) is None  # 2 / 16


def test_keeping_an_admitted_set_records_what_computing_it_again_gives() -> None:
    """keep() reads the Jaccard indices admit() took for the same set; a guard that never
    admitted it, or admitted another set, computes them: the same records either way."""
    sets = [names(*range(i, i + 12)) for i in (0, 30, 60, 9, 90)]
    admitting, plain = OverlapGuard(), OverlapGuard()
    for i, nodes in enumerate(sets):
        admitting.start()
        plain.start()
        while admitting.admit(nodes) is not None:
            pass
        if i % 2:
            assert admitting.admit(names(*range(500, 520))) is None  # another set admitted last
        assert admitting.keep(nodes) == plain.keep(nodes)
        assert admitting.admitted is None  # read once
    assert admitting.pair_sum == plain.pair_sum and admitting.parent == plain.parent


def _stats_and_graph_overlap(directory: Path):
    instances = read_instances(directory)
    rows = {(r.group, r.level): r for r in summarise(graph_stats(i) for i in instances)}
    return instances, rows, cell_overlaps(instances)


def test_the_build_caps_overlap_where_the_source_allows(make_settings, tmp_path: Path) -> None:
    """mst_weight level 2 at seed 0 had a pair sharing 93 % of its nodes before the cap."""
    settings = make_settings(
        "+experiment=build_dataset",
        "task=mst_weight",
        "level=[2]",
        "dataset.formats=[edge_list]",
    )
    build_dataset(settings.dataset, tmp_path / "ds")
    instances, rows, measured = _stats_and_graph_overlap(tmp_path / "ds")
    cell = measured["mst_weight", 2, "standard"]
    assert cell.count == 50
    assert cell.maximum <= OVERLAP_CAP and cell.mean <= MEAN_TARGET
    assert cell.clusters == 50
    sets = [node_set(i.graph) for i in instances]
    assert max(jaccard(a, b) for a, b in itertools.combinations(sets, 2)) <= OVERLAP_CAP
    assert sum(i.provenance["rejected"].get("overlap", 0) for i in instances) > 0
    stored = rows["mst_weight", 2].overlap
    assert stored is not None and stored.clusters == 50
    assert abs(stored.mean - cell.mean) < 1e-3 and abs(stored.maximum - cell.maximum) < 1e-3


def test_the_street_tasks_draw_apart_at_the_largest_level(make_settings, tmp_path: Path) -> None:
    """max_degree and mst_weight level 6 (121-160 nodes) meet the cap from their default source:
    on the Paris sample (227 streets) max_degree had a mean Jaccard of 0.53 and one cluster."""
    settings = make_settings(
        "+experiment=build_dataset",
        "task=[max_degree,mst_weight]",
        "level=[6]",
        "dataset.formats=[edge_list]",
    )
    build_dataset(settings.dataset, tmp_path / "ds")
    _, _, measured = _stats_and_graph_overlap(tmp_path / "ds")
    text = (tmp_path / "ds" / "statistics.md").read_text()
    for task in ("max_degree", "mst_weight"):
        cell = measured[task, 6, "standard"]
        assert cell.count == 50, task
        assert cell.maximum <= OVERLAP_CAP and cell.mean <= MEAN_TARGET, (task, cell)
        assert cell.clusters == 50, task
        assert f"| {cell.mean:.3f} | {cell.maximum:.3f} | 50 | met |" in text


def test_a_small_source_records_clusters_instead(make_settings, tmp_path: Path) -> None:
    """max_degree level 5 on the Paris sample takes 81-120 of its 227 streets: no draw avoids
    overlap, so the build relaxes and writes clusters; the statistics and the audit read them
    back, and statistics.md says the cap was not reached."""
    settings = make_settings(
        "+experiment=build_dataset",
        "task=max_degree",
        "task.max_degree.source=osm_paris",
        "level=[5]",
        "dataset.per_level=12",
        "dataset.formats=[edge_list]",
    )
    build_dataset(settings.dataset, tmp_path / "ds")
    instances, rows, measured = _stats_and_graph_overlap(tmp_path / "ds")
    cell = measured["max_degree", 5, "standard"]
    assert cell.maximum > OVERLAP_CAP and cell.clusters < cell.count
    stored = rows["max_degree", 5].overlap
    assert stored is not None and stored.clusters == cell.clusters
    assert abs(stored.mean - cell.mean) < 1e-3 and abs(stored.maximum - cell.maximum) < 1e-3
    clusters = overlap_clusters(instances)
    assert len(set(clusters.values())) == cell.clusters
    # The stored label is the least index of the instance's cluster among 0..i.
    for instance in instances:
        assert instance.provenance["overlap_cluster"] <= instance.index
        assert clusters[instance.id] <= instance.provenance["overlap_cluster"]
    text = (tmp_path / "ds" / "statistics.md").read_text()
    assert "### Overlap between instances per task and level" in text
    assert (
        f"| max_degree | 5 | 12 | {cell.mean:.3f} | {cell.maximum:.3f} | {cell.clusters} "
        f"| {NOT_REACHED} |" in text
    )
    header = (tmp_path / "ds" / "statistics.csv").read_text().splitlines()[0]
    assert header.endswith("overlap_mean_jaccard,overlap_max_jaccard,overlap_clusters")
    report = audit_instances(instances, resolve=False)
    assert report.ok, report.violations  # recorded near duplicates are listed, not failed
    assert report.overlap_pairs and all(p.recorded for p in report.overlap_pairs)
    assert "## Overlap between instances" in report.markdown()


def _planted(make_settings, tmp_path: Path) -> list:
    """A clean max_clique build whose #5 is a copy of #0 and whose #4 is #1 less one edge."""
    settings = make_settings(
        "+experiment=build_dataset",
        "task=max_clique",
        "level=[1]",
        "dataset.per_level=6",
        "dataset.formats=[edge_list]",
    )
    build_dataset(settings.dataset, tmp_path / "ds")
    instances = read_instances(tmp_path / "ds")
    assert audit_instances(instances, resolve=False).ok
    first, second = instances[0], instances[1]
    copy = replace(
        first,
        id=instances[5].id,
        index=5,
        provenance=instances[5].provenance,
    )
    edges = second.graph["edges"]
    trimmed = replace(
        second,
        id=instances[4].id,
        index=4,
        graph={**second.graph, "edges": edges[1:]},
        provenance=instances[4].provenance,
    )
    return [*instances[:4], trimmed, copy]


def test_the_audit_fails_a_planted_duplicate_and_near_duplicate(
    make_settings, tmp_path: Path
) -> None:
    planted = _planted(make_settings, tmp_path)
    report = audit_instances(planted, resolve=False)
    assert not report.ok
    found = {(v.rule, v.detail.split(" are ")[0].split(" share ")[0]) for v in report.violations}
    assert found == {
        ("duplicate", "standard #0 and #5"),
        ("overlap", "standard #1 and #4"),
    }
    text = report.markdown()
    assert "#0~#5 1.00 exact unrecorded" in text and "#1~#4 1.00 unrecorded" in text


def test_generated_graphs_overlap_only_when_repeated() -> None:
    """Erdős–Rényi graphs are all named 0..n-1: shared names are no shared nodes."""
    from types import SimpleNamespace

    from gralgo.dataset._overlap import overlapping_pairs

    def er(index: int, edges: list[tuple[int, int]]) -> SimpleNamespace:
        graph = {
            "nodes": [{"id": str(n)} for n in range(4)],
            "edges": [{"source": str(u), "target": str(v)} for u, v in edges],
        }
        provenance = {"sampler": "erdos_renyi"}
        return SimpleNamespace(
            id=f"i{index}", task="t", level=0, context="erdos_renyi", index=index,
            graph=graph, provenance=provenance,
        )  # fmt: skip

    items = [er(0, [(0, 1), (1, 2)]), er(1, [(0, 1), (2, 3)]), er(2, [(1, 2), (0, 1)])]
    pairs = overlapping_pairs(items)
    assert [(p.first, p.second, p.exact) for p in pairs] == [(0, 2, True)]
    assert overlap_clusters(items) == {"i0": 0, "i1": 1, "i2": 2}
    assert cell_overlaps(items) == {}


def test_a_relaxed_cell_is_still_a_prefix_of_a_larger_build(make_settings, tmp_path) -> None:
    """The limits instance i is drawn at depend only on instances < i."""

    def built(per_level: int) -> list:
        settings = make_settings(
            "+experiment=build_dataset",
            "task=max_degree",
            "task.max_degree.source=osm_paris",
            "level=[5]",
            f"dataset.per_level={per_level}",
            "dataset.formats=[edge_list]",
        )
        build_dataset(settings.dataset, tmp_path / str(per_level))
        return read_instances(tmp_path / str(per_level))

    big, small = built(8), built(4)
    assert sum(i.provenance["rejected"].get("overlap", 0) for i in big[:4]) > 0
    assert small == big[:4]


@pytest.mark.slow
def test_audit_command_exits_1_on_a_planted_duplicate(make_settings, tmp_path: Path) -> None:
    from gralgo.dataset import write_dataset

    write_dataset(
        tmp_path / "planted", {"max_clique": _planted(make_settings, tmp_path)}, config={"seed": 0}
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gralgo",
            "command=audit",
            f"dataset.dir={tmp_path / 'planted'}",
            f"hydra.run.dir={tmp_path / 'run'}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 1, run.stderr
    assert "duplicate: max_clique level 1: standard #0 and #5 are the same graph" in run.stdout
    assert "overlap: max_clique level 1: standard #1 and #4" in run.stdout
