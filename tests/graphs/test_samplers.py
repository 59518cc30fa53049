"""Tests for the seeded subgraph samplers."""

from __future__ import annotations

import random

import networkx as nx
import numpy as np
import pytest

from gralgo.errors import ConfigError, SamplingError, UnknownChoiceError
from gralgo.graphs import SourceGraph, build_source_graph
from gralgo.graphs.samplers import SAMPLERS, SampleRefused, sample_subgraph

CONNECTED_SAMPLERS = ["random_walk_prefix", "bfs", "binary_tree_bfs", "layered_bfs"]


def source_from(graph: nx.Graph, name: str = "synthetic") -> SourceGraph:
    nodes = sorted(graph.nodes())
    names = [f"node {n}" for n in nodes]
    index = {n: i for i, n in enumerate(nodes)}
    edges = sorted((index[u], index[v]) for u, v in graph.edges())
    src = np.array([u for u, _ in edges], dtype=np.int64)
    dst = np.array([v for _, v in edges], dtype=np.int64)
    weights = np.arange(1, len(edges) + 1, dtype=np.int64)
    return build_source_graph(name, names, src, dst, weights=weights)


@pytest.fixture(scope="module")
def social() -> SourceGraph:
    return source_from(nx.connected_watts_strogatz_graph(400, 6, 0.2, seed=3))


@pytest.fixture(scope="module")
def two_parts() -> SourceGraph:
    """A 30-node path plus a 5-node path: a small component that must make samplers retry."""
    graph = nx.disjoint_union(nx.path_graph(30), nx.path_graph(5))
    return source_from(graph)


def fingerprint(sample) -> tuple:
    g = sample.graph
    return (list(g.nodes()), sorted(g.edges(data=True)), sample.start, sample.provenance)


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
@pytest.mark.parametrize("n", [1, 8, 37, 120])
def test_exact_size(social: SourceGraph, sampler: str, n: int) -> None:
    sample = sample_subgraph(social, sampler, n, random.Random(n))
    assert sample.graph.number_of_nodes() == n
    assert sample.provenance["sampler"] == sampler
    assert len(sample.provenance["node_ids"]) == n
    assert sample.start == social.node_names[sample.provenance["start_id"]]


@pytest.mark.parametrize("sampler", CONNECTED_SAMPLERS)
def test_connected_where_promised(social: SourceGraph, sampler: str) -> None:
    for seed in range(5):
        sample = sample_subgraph(social, sampler, 50, random.Random(seed))
        assert nx.is_connected(sample.graph)
        assert sample.start in sample.graph


def test_random_walk_top_connected_option(social: SourceGraph) -> None:
    for seed in range(5):
        sample = sample_subgraph(
            social, "random_walk_top", 60, random.Random(seed), connected=True, walk_length=300
        )
        assert sample.graph.number_of_nodes() == 60
        assert nx.is_connected(sample.graph)


def test_random_walk_top_keeps_most_visited_start(social: SourceGraph) -> None:
    # With restart 0.5 the start node is by far the most visited one.
    sample = sample_subgraph(social, "random_walk_top", 10, random.Random(1), restart=0.5)
    assert sample.start in sample.graph


def test_induced_subgraph_edges(social: SourceGraph) -> None:
    sample = sample_subgraph(social, "bfs", 40, random.Random(2))
    ids = sample.provenance["node_ids"]
    expected = {
        (social.node_names[u], social.node_names[v]) for u, v, _ in social.induced_edges(ids)
    }
    got = {tuple(sorted(e)) for e in sample.graph.edges()}
    assert got == {tuple(sorted(e)) for e in expected}
    # edge weights are copied from the source
    assert all("weight" in d for _, _, d in sample.graph.edges(data=True))


def test_binary_tree_shape(social: SourceGraph) -> None:
    for seed in range(8):
        sample = sample_subgraph(social, "binary_tree_bfs", 45, random.Random(seed))
        tree = sample.graph
        assert nx.is_tree(tree)
        assert tree.number_of_nodes() == 45
        depth = nx.single_source_shortest_path_length(tree, sample.start)
        for node in tree:
            children = [v for v in tree[node] if depth[v] == depth[node] + 1]
            assert len(children) <= 2
        # tree edges are source edges, with the source's weights
        assert all("weight" in d for _, _, d in tree.edges(data=True))


def test_binary_tree_max_children_option(social: SourceGraph) -> None:
    sample = sample_subgraph(social, "binary_tree_bfs", 30, random.Random(0), max_children=1)
    assert nx.is_tree(sample.graph)
    assert max(d for _, d in sample.graph.degree()) <= 2  # a path


def whole(source: SourceGraph) -> nx.Graph:
    return nx.Graph(
        (source.node_names[u], source.node_names[v])
        for u in range(source.n_nodes)
        for v in source.neighbors(u).tolist()
    )


def test_layered_bfs_keeps_hop_distances(social: SourceGraph) -> None:
    full = whole(social)
    for seed in range(5):
        for keep in (0.3, 1.0):
            sample = sample_subgraph(social, "layered_bfs", 60, random.Random(seed), keep=keep)
            in_sample = nx.single_source_shortest_path_length(sample.graph, sample.start)
            in_full = nx.single_source_shortest_path_length(full, sample.start)
            assert len(in_sample) == 60
            if keep == 1.0:  # whole BFS layers: distances are those of the source graph
                assert all(in_sample[n] == in_full[n] for n in in_sample)


def test_layered_bfs_max_per_layer(social: SourceGraph) -> None:
    sample = sample_subgraph(social, "layered_bfs", 40, random.Random(0), max_per_layer=3)
    dist = nx.single_source_shortest_path_length(sample.graph, sample.start)
    sizes = [sum(1 for d in dist.values() if d == layer) for layer in range(max(dist.values()))]
    assert sizes[0] == 1 and all(size <= 3 for size in sizes)
    assert max(dist.values()) >= 13  # 40 nodes at <= 3 per layer


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
def test_deterministic(social: SourceGraph, sampler: str) -> None:
    a = sample_subgraph(social, sampler, 30, random.Random(42))
    b = sample_subgraph(social, sampler, 30, random.Random(42))
    assert fingerprint(a) == fingerprint(b)


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
def test_different_seeds_differ(social: SourceGraph, sampler: str) -> None:
    samples = {
        tuple(sorted(sample_subgraph(social, sampler, 30, random.Random(s)).graph))
        for s in range(4)
    }
    assert len(samples) > 1


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
def test_admit_sees_the_names_before_the_graph_and_draws_the_same(
    social: SourceGraph, sampler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain_rng, admitted_rng, refused_rng = random.Random(7), random.Random(7), random.Random(7)
    plain = sample_subgraph(social, sampler, 30, plain_rng)
    seen: list[frozenset[str]] = []
    admitted = sample_subgraph(
        social, sampler, 30, admitted_rng, admit=lambda names: seen.append(names) or None
    )
    assert fingerprint(admitted) == fingerprint(plain)
    assert seen == [frozenset(plain.graph.nodes)]
    built: list[object] = []
    monkeypatch.setattr(SourceGraph, "to_networkx", lambda *a, **k: built.append(a))
    with pytest.raises(SampleRefused) as refused:
        sample_subgraph(social, sampler, 30, refused_rng, admit=lambda names: "overlap")
    assert refused.value.reason == "overlap" and not built  # no graph built for a refusal
    assert refused_rng.getstate() == plain_rng.getstate()  # the same draws either way
    monkeypatch.undo()
    after = sample_subgraph(social, sampler, 30, random.Random(7))  # no admit left behind
    assert fingerprint(after) == fingerprint(plain)


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
def test_a_sample_is_ordered_as_its_copy(social: SourceGraph, sampler: str) -> None:
    """The builder hands a sample's graph to the task as its working copy (no copy made): its
    rows must be those ``Graph.copy`` would give."""
    for seed in range(5):
        graph = sample_subgraph(social, sampler, 40, random.Random(seed)).graph
        rows = [(node, list(row.items())) for node, row in graph.adj.items()]
        assert rows == [(node, list(row.items())) for node, row in graph.copy().adj.items()]


def test_unknown_sampler(social: SourceGraph) -> None:
    with pytest.raises(UnknownChoiceError, match="bfs"):
        sample_subgraph(social, "dfs", 10, random.Random(0))


def test_unknown_option(social: SourceGraph) -> None:
    with pytest.raises(ConfigError, match="walk_length"):
        sample_subgraph(social, "random_walk_top", 10, random.Random(0), walk_lenght=5)


def test_bad_option_value(social: SourceGraph) -> None:
    with pytest.raises(ConfigError, match="restart"):
        sample_subgraph(social, "random_walk_prefix", 10, random.Random(0), restart=1.5)


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
def test_too_many_nodes(two_parts: SourceGraph, sampler: str) -> None:
    with pytest.raises(SamplingError, match="nodes"):
        sample_subgraph(two_parts, sampler, 40, random.Random(0))
    with pytest.raises(SamplingError, match="could not reach"):
        sample_subgraph(two_parts, sampler, 31, random.Random(0), **_fast(sampler))


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
def test_retries_other_start(two_parts: SourceGraph, sampler: str) -> None:
    # 20 nodes only exist in the 30-node component; small-component starts must be retried.
    for seed in range(6):
        sample = sample_subgraph(two_parts, sampler, 20, random.Random(seed), **_fast(sampler))
        assert sample.graph.number_of_nodes() == 20


def _fast(sampler: str) -> dict:
    # A walk on a path needs a low restart probability to get far from its start.
    return {"walk_length": 50, "restart": 0.05} if sampler.startswith("random_walk") else {}


def _reference_top(source: SourceGraph, rng: random.Random, n: int, connected: bool) -> list[int]:
    """random_walk_top's choice as first written: a (-visits, first-visit rank, node) heap."""
    import heapq

    from gralgo.graphs.samplers import _walk_visits

    candidates = np.flatnonzero(source.degrees() >= 1)
    start = int(candidates[rng.randrange(candidates.shape[0])])
    counts, order = _walk_visits(source, start, n, rng, 1000, 0.2)
    rank = {node: i for i, node in enumerate(order)}
    if not connected:
        return sorted(sorted(order, key=lambda node: (-counts[node], rank[node]))[:n])
    chosen, member, heap = [start], {start}, []
    for v in source.neighbors(start).tolist():
        if v in counts:
            heapq.heappush(heap, (-counts[v], rank[v], v))
    while len(chosen) < n and heap:
        _, _, v = heapq.heappop(heap)
        if v in member:
            continue
        member.add(v)
        chosen.append(v)
        for w in source.neighbors(v).tolist():
            if w in counts and w not in member:
                heapq.heappush(heap, (-counts[w], rank[w], w))
    return sorted(chosen)


@pytest.mark.parametrize("connected", [False, True])
def test_random_walk_top_picks_the_most_visited_ties_by_first_visit(
    social: SourceGraph, connected: bool
) -> None:
    for seed in range(25):
        n = 5 + seed * 3
        drawn = sample_subgraph(
            social, "random_walk_top", n, random.Random(seed), connected=connected
        )
        assert drawn.provenance["attempts"] == 1
        assert drawn.provenance["node_ids"] == _reference_top(
            social, random.Random(seed), n, connected
        )


def test_walks_read_the_same_rows_from_either_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sources up to ``ALL_ROWS_LIMIT`` CSR entries get every neighbour row at once (a list of
    tuples), larger ones a dict filled on use: the same rows, so the same samples and the same
    draws after them."""
    from gralgo.graphs import samplers

    graph = nx.connected_watts_strogatz_graph(300, 6, 0.3, seed=11)
    graph.add_node(300)  # an isolated node: an empty row in the middle of the table
    table_source = source_from(graph)
    assert samplers._all_rows(table_source) == [
        tuple(table_source.neighbors(i).tolist()) for i in range(table_source.n_nodes)
    ]

    def walks(source: SourceGraph) -> list[tuple]:
        out = []
        for seed in range(8):
            rng = random.Random(seed)
            for sampler, options in (
                ("random_walk_top", {}),
                ("random_walk_top", {"connected": True}),
                ("random_walk_prefix", {}),
            ):
                sample = sample_subgraph(source, sampler, 5 + 9 * seed, rng, **options)
                out.append((fingerprint(sample), rng.random()))
        return out

    from_table = walks(table_source)
    assert type(samplers._row_cache(table_source)) is list
    monkeypatch.setattr(samplers, "ALL_ROWS_LIMIT", 0)
    dict_source = source_from(graph)
    assert walks(dict_source) == from_table
    assert isinstance(samplers._row_cache(dict_source), samplers._Rows)
