"""Long-context variants: fixed topology and answers, prompts within ±5 % of each target."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from gralgo.dataset import build_dataset, read_instances
from gralgo.formats import count_tokens


def test_long_context_variants(make_settings, tmp_path: Path) -> None:
    settings = make_settings(
        "+experiment=long_context",
        "command=build",
        "dataset.per_level=2",
        "context.targets=[4096,8192]",
    )
    build_dataset(settings.dataset, tmp_path / "lc")
    instances = read_instances(tmp_path / "lc")
    assert len(instances) == 3 * 2 * 2
    groups = defaultdict(list)
    for instance in instances:
        assert instance.context in {"4k", "8k"}
        prompt = instance.prompts["edge_list"]
        target = {"4k": 4096, "8k": 8192}[instance.context]
        assert prompt.tokens == count_tokens(prompt.text)
        assert abs(prompt.tokens - target) <= 0.05 * target
        graph = instance.to_networkx()
        assert (graph.number_of_nodes(), graph.number_of_edges()) == (80, 200)
        assert "Wikipedia" in prompt.text  # the story describes the source actually used
        groups[(instance.task, instance.index)].append(instance)
        if instance.task == "distance_k":  # asked about a node away from the hubs
            degrees = sorted(d for _, d in graph.degree)
            assert graph.degree(instance.params["node"]) <= degrees[(len(degrees) - 1) // 2]
            assert int(instance.answer) < graph.number_of_nodes() - 1
            assert 2 <= instance.params["k"] <= 3
    for variants in groups.values():
        short, long = sorted(variants, key=lambda i: i.prompts["edge_list"].tokens)
        assert short.answer == long.answer
        # Same topology: relabelling node i of one to node i of the other maps edges to edges.
        rename = {
            a["id"]: b["id"] for a, b in zip(short.graph["nodes"], long.graph["nodes"], strict=True)
        }
        short_edges = {
            frozenset((rename[e["source"]], rename[e["target"]])) for e in short.graph["edges"]
        }
        long_edges = {frozenset((e["source"], e["target"])) for e in long.graph["edges"]}
        assert short_edges == long_edges
        assert short.params.keys() == long.params.keys()
        if "node" in short.params:  # node parameters follow the renaming
            assert rename[short.params["node"]] == long.params["node"]
