"""Degree-aware sampling: a source without its hubs (and the fragments they leave)."""

from __future__ import annotations

import random

import numpy as np

from gralgo.graphs import build_source_graph, hub_caps, without_hubs
from gralgo.graphs._hub_cap import walkable
from gralgo.graphs.samplers import sample_subgraph


def star_and_path():
    """Hub 0 joined to 1..6; a path 1-2-3-4-5-6-7-8-9 (plus 10-11, a pair off the path)."""
    names = [f"n{i}" for i in range(12)]
    edges = [(0, i) for i in range(1, 7)] + [(i, i + 1) for i in range(1, 9)] + [(10, 11)]
    src, dst = np.array(edges).T
    weights = np.arange(1, len(edges) + 1, dtype=float)
    return build_source_graph("toy", names, src, dst, weights=weights)


def edges_of(source) -> set[tuple[int, int]]:
    return {(u, int(v)) for u in range(source.n_nodes) for v in source.neighbors(u) if u < int(v)}


def test_nodes_above_the_cap_lose_every_edge_and_ids_stay() -> None:
    source = star_and_path()
    capped = without_hubs(source, 3)
    assert capped.node_names == source.node_names
    assert capped.degree(0) == 0
    assert edges_of(capped) == edges_of(source) - {(0, i) for i in range(1, 7)}
    # weights follow their edges
    for u, v in edges_of(capped):
        row = list(source.neighbors(u))
        capped_row = list(capped.neighbors(u))
        assert (
            capped.edge_weight[capped.indptr[u] + capped_row.index(v)]
            == (source.edge_weight[source.indptr[u] + row.index(v)])
        )
    assert without_hubs(source, 3) is capped  # remembered


def test_components_too_small_to_walk_lose_their_edges() -> None:
    source = star_and_path()
    capped = without_hubs(source, 3, sample_nodes=5)  # walkable: 7 nodes
    assert walkable(5) == 7
    assert capped.degree(10) == capped.degree(11) == 0  # the pair cannot give 5 nodes
    assert capped.degree(1) > 0  # the 9-node path can


def test_no_change_returns_the_source_itself() -> None:
    source = star_and_path()
    assert without_hubs(source, 6) is source


def test_caps_are_the_degrees_that_leave_a_walkable_component() -> None:
    source = star_and_path()
    # Largest component per cap: 6 (no cap) 10 nodes; 3 the path, 9; 2 {7, 8, 9}, 3.
    assert hub_caps(source, 6) == (6, 3)  # walkable(6) = 8
    assert hub_caps(source, 7) == (6,)  # walkable(7) = 10
    assert hub_caps(source, 8) == ()  # walkable(8) = 11: no cap, not even the source
    assert hub_caps(source, 2) == (6, 3, 2)  # walkable(2) = 3


def test_a_walk_on_the_capped_source_never_enters_a_hub() -> None:
    source = star_and_path()
    capped = without_hubs(source, 3, sample_nodes=4)
    for seed in range(30):
        sample = sample_subgraph(capped, "random_walk_top", 4, random.Random(seed))
        assert "n0" not in sample.graph
        assert set(sample.graph.nodes) <= {f"n{i}" for i in range(1, 10)}
