"""Levels parsing and the Table-2 statistics."""

from __future__ import annotations

import csv
import itertools
from pathlib import Path

import networkx as nx
import pytest

from gralgo.dataset import parse_levels
from gralgo.dataset._figures import most_sharing_one_cap
from gralgo.dataset._statistics import GraphStats, edge_connectivity, statistics_markdown, summarise
from gralgo.errors import UnknownChoiceError


def test_parse_levels() -> None:
    assert parse_levels("all") == [1, 2, 3, 4, 5, 6]
    assert parse_levels(3) == [3]
    assert parse_levels([2, 1, 2]) == [1, 2]
    assert parse_levels("1,4") == [1, 4]
    with pytest.raises(UnknownChoiceError, match="valid choices: 1, 2, 3, 4, 5, 6"):
        parse_levels(7)
    with pytest.raises(UnknownChoiceError):
        parse_levels("huge")


def brute_edge_connectivity(graph: nx.Graph) -> int:
    """Smallest number of edges whose removal disconnects the graph (by enumeration)."""
    if graph.number_of_nodes() < 2 or not nx.is_connected(graph):
        return 0
    edges = list(graph.edges)
    for size in range(1, len(edges) + 1):
        for cut in itertools.combinations(edges, size):
            h = graph.copy()
            h.remove_edges_from(cut)
            if not nx.is_connected(h):
                return size
    return len(edges)


def test_edge_connectivity_matches_brute_force() -> None:
    for seed in range(120):
        graph = nx.gnp_random_graph(6, 0.3 + (seed % 7) / 10, seed=seed)
        assert edge_connectivity(graph) == brute_edge_connectivity(graph), seed


def test_table2_layout() -> None:
    stats = [GraphStats("t", 1, 10, 20, 0.3, 1), GraphStats("u", 1, 12, 16, 0.2, 0)]
    rows = summarise(stats)
    assert [(r.group, r.level, r.count) for r in rows] == [("all", 1, 2), ("t", 1, 1), ("u", 1, 1)]
    md = statistics_markdown(rows)
    assert "| Level-1 | 2 | 11.00 | 18.00 | 0.25 | 0.50 |" in md


def test_graph_stats_match_networkx() -> None:
    from gralgo.dataset import Instance
    from gralgo.dataset._statistics import graph_stats

    for seed in range(60):
        graph = nx.relabel_nodes(nx.gnp_random_graph(7, 0.2 + (seed % 6) / 8, seed=seed), str)
        instance = Instance(
            id="x",
            task="t",
            taxonomy="enumeration",
            complexity="easy",
            level=1,
            context="standard",
            source="s",
            seed=0,
            index=0,
            answer_kind="integer",
            graph=nx.node_link_data(graph, edges="edges"),
            params={},
            answer="0",
            certificate={},
            provenance={},
        )
        stats = graph_stats(instance)
        assert stats.nodes == graph.number_of_nodes()
        assert stats.edges == graph.number_of_edges()
        assert stats.density == pytest.approx(nx.density(graph))
        assert stats.connectivity == brute_edge_connectivity(graph), seed


def test_thinned_edge_counts_are_drawn_not_fixed(make_settings, tmp_path) -> None:
    """Before, 36-50 of 50 dense-source graphs at levels 4-6 had E = floor(4.5 n) exactly."""
    from gralgo.dataset import build_dataset, read_instances

    settings = make_settings(
        "+experiment=build_dataset",
        "task=[max_clique,distance_threshold]",
        "level=[4]",
        "dataset.per_level=10",
        "dataset.formats=[edge_list]",
    )
    build_dataset(settings.dataset, tmp_path / "ds")
    instances = read_instances(tmp_path / "ds")
    for task in ("max_clique", "distance_threshold"):
        items = [i for i in instances if i.task == task]
        thinned = [i for i in items if "thinned_to_degree" in i.provenance]
        assert len(thinned) >= 8, task
        assert most_sharing_one_cap([(i.n_edges, i.n_nodes) for i in items]) <= 3, task
        targets = [i.provenance["thinned_to_degree"] for i in thinned]
        assert len(set(targets)) == len(targets)
    assert most_sharing_one_cap([(int(4.5 * n), n) for n in range(51, 81)]) == 30


def test_thinning_targets_are_drawn_around_the_level_mean() -> None:
    import random

    from gralgo.dataset._build import thinning_target
    from gralgo.dataset._levels import THINNED_MEAN_DEGREE, THINNED_SPREAD

    rng = random.Random(0)
    for level, mean in THINNED_MEAN_DEGREE.items():
        drawn = [thinning_target(99.0, level, rng) for _ in range(2000)]
        assert abs(sum(drawn) / len(drawn) - mean) < 0.05 * mean
        assert min(drawn) >= mean * (1 - THINNED_SPREAD) and max(drawn) <= mean * (
            1 + THINNED_SPREAD
        )
    assert thinning_target(3.0, 6, rng) == 3.0  # the task's cap still bounds it
    assert thinning_target(9.0, None, rng) == 9.0  # no calibrated level: the cap


@pytest.mark.slow
def test_default_build_matches_the_papers_table2(default_build: Path) -> None:
    """V and E per level within 10 % of the paper's Table 2 (seed 0, 9 tasks x 6 x 50)."""
    from gralgo.dataset._levels import PAPER_TABLE2

    rows = list(csv.DictReader((default_build / "statistics.csv").open()))
    levels = {int(r["level"]): r for r in rows if r["group"] == "all"}
    assert sorted(levels) == [1, 2, 3, 4, 5, 6]
    for level, (v, e, _, _) in PAPER_TABLE2.items():
        assert abs(float(levels[level]["nodes"]) / v - 1) <= 0.10, (level, levels[level])
        assert abs(float(levels[level]["edges"]) / e - 1) <= 0.10, (level, levels[level])
    text = (default_build / "statistics.md").read_text()
    assert "### Against the paper's Table 2" in text
