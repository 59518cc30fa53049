"""Long-context name lengthening: token targets, fixed topology, determinism."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.errors import SamplingError
from gralgo.formats import count_tokens, lengthen_names, render_graph
from gralgo.formats._lengthen import ADJECTIVES, NOUNS

TARGETS = [4096, 8192, 16384, 32768, 65536]


def base_graph() -> nx.Graph:
    g = nx.gnm_random_graph(80, 200, seed=11)
    g = nx.relabel_nodes(g, {i: f"Stop {i}" for i in g})
    for i, node in enumerate(sorted(g)):
        g.nodes[node]["weight"] = i % 9 + 1
    for i, (u, v) in enumerate(sorted(g.edges())):
        g.edges[u, v]["weight"] = i % 5 + 1
    return g


def render(graph: nx.Graph) -> str:
    start = next(iter(graph))  # node order is kept, so this is always the renamed first node
    text = render_graph(graph, "edge_list", node_weights=True, edge_weights=False).text
    return f"Stations and tracks.\n\n{text}\n\nHow far is everything from {start}?"


@pytest.fixture(scope="module")
def lengthened() -> dict[int, tuple[nx.Graph, dict[str, str]]]:
    g = base_graph()
    return {t: lengthen_names(g, t, render, count_tokens, rng_seed=5) for t in TARGETS}


@pytest.mark.parametrize("target", TARGETS)
def test_within_tolerance(lengthened, target: int) -> None:
    graph, mapping = lengthened[target]
    tokens = count_tokens(render(graph))
    assert abs(tokens - target) <= 0.05 * target


@pytest.mark.parametrize("target", TARGETS)
def test_topology_and_weights_unchanged(lengthened, target: int) -> None:
    original = base_graph()
    graph, mapping = lengthened[target]
    assert sorted(mapping) == sorted(original)
    assert [mapping[n] for n in original] == list(graph)  # node order preserved
    assert len(set(mapping.values())) == original.number_of_nodes()
    back = nx.relabel_nodes(graph, {new: old for old, new in mapping.items()})
    assert dict(back.nodes(data=True)) == dict(original.nodes(data=True))
    assert {frozenset(e[:2]): e[2] for e in back.edges(data=True)} == {
        frozenset(e[:2]): e[2] for e in original.edges(data=True)
    }


def test_names_readable_and_growing(lengthened) -> None:
    vocabulary = set(ADJECTIVES) | set(NOUNS)
    lengths = []
    for target in TARGETS:
        _, mapping = lengthened[target]
        for old, new in mapping.items():
            assert new.startswith(old)
            suffix = new[len(old) :].removeprefix(", ")
            assert set(suffix.replace(",", "").split()) <= vocabulary
        lengths.append(sum(len(v) for v in mapping.values()))
    assert lengths == sorted(lengths) and lengths[0] < lengths[-1]
    # a longer target extends the same descriptions (prefix-stable)
    name = "Stop 3"
    assert lengthened[65536][1][name].startswith(lengthened[16384][1][name])


def test_deterministic_and_seeded() -> None:
    g = base_graph()
    a = lengthen_names(g, 8192, render, count_tokens, rng_seed=5)[1]
    b = lengthen_names(g, 8192, render, count_tokens, rng_seed=5)[1]
    c = lengthen_names(g, 8192, render, count_tokens, rng_seed=6)[1]
    assert a == b
    assert a != c


def test_target_below_base_prompt() -> None:
    with pytest.raises(SamplingError, match="already has"):
        lengthen_names(base_graph(), 500, render, count_tokens, rng_seed=1)


def test_unreachable_target() -> None:
    # a render that ignores names can never reach the target
    with pytest.raises(SamplingError, match="could not bring"):
        lengthen_names(base_graph(), 5000, lambda g: "constant", count_tokens, rng_seed=1)


def test_additive_estimate_is_exact_and_saves_whole_prompt_counts() -> None:
    from gralgo.formats._lengthen import _AdditiveCount, _Descriptions

    g = base_graph()
    names = sorted(g)
    rank = {name: i for i, name in enumerate(names)}
    estimate = _AdditiveCount(
        g, names, render, count_tokens, _Descriptions(names, 5), rank, count_tokens(render(g))
    )
    exact = _Descriptions(names, 5)
    for budget in (0, 1, 79, 80, 81, 1000, 4321):
        base, extra = divmod(budget, len(names))
        mapping = {n: exact.long_name(n, base + (rank[n] < extra)) for n in names}
        assert estimate(budget) == count_tokens(render(nx.relabel_nodes(g, mapping)))
    whole = []

    def counting(text: str) -> int:
        if len(text) > 2000:
            whole.append(text)
        return count_tokens(text)

    lengthen_names(g, 32768, render, counting, rng_seed=5)
    assert len(whole) == 2  # original names and the chosen prompt (exact search: 11-15)


def test_falls_back_to_exact_counts_when_not_additive(monkeypatch: pytest.MonkeyPatch) -> None:
    from gralgo.formats import _lengthen

    g = base_graph()
    expected = lengthen_names(g, 8192, render, count_tokens, rng_seed=5)[1]
    monkeypatch.setattr(_lengthen._AdditiveCount, "fresh", lambda self, budget: budget * 7)
    assert lengthen_names(g, 8192, render, count_tokens, rng_seed=5)[1] == expected


def test_name_ending_in_punctuation_still_hits_the_target() -> None:
    g = nx.relabel_nodes(base_graph(), lambda n: f"{n} St.")
    graph, _ = lengthen_names(g, 8192, render, count_tokens, rng_seed=5)
    assert abs(count_tokens(render(graph)) - 8192) <= 0.05 * 8192
