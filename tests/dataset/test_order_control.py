"""The prompt order carries no answer (issue 32): drawn from the instance id, the same in every
format, and positional heuristics score on real prompts what they score on permuted lines, on
seeds the suite was not designed on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gralgo.dataset import build_dataset, read_instances
from gralgo.dataset._instance import PromptVariant
from gralgo.dataset._order_control import positional_control, prompt_lines
from gralgo.formats import get_format

HELD_OUT_SEEDS = (5, 20261206)
"""Seeds never used while the heuristics and the sampler were developed (0, 1, 2 were)."""


def _build(make_settings, tmp_path, seed: int, *overrides: str):
    settings = make_settings(
        "+experiment=build_dataset",
        f"dataset.seed={seed}",
        "dataset.formats=[edge_list,adjacency_list,markdown_table]",
        *overrides,
    )
    build_dataset(settings.dataset, tmp_path / f"ds{seed}")
    return read_instances(tmp_path / f"ds{seed}")


@pytest.mark.slow
@pytest.mark.parametrize("seed", HELD_OUT_SEEDS)
def test_positional_heuristics_score_the_same_on_permuted_lines(
    make_settings, tmp_path, seed: int
) -> None:
    instances = _build(make_settings, tmp_path, seed, "level=[1,2,3]", "dataset.per_level=20")
    rows = positional_control(instances)
    assert {r.task for r in rows} >= {"max_degree", "distance_threshold", "diameter"}
    assert {"first_half_busiest", "second_half_busiest", "first_listed_node"} <= {
        r.heuristic for r in rows
    }
    assert all(r.count == 60 for r in rows)
    assert all(r.within_noise for r in rows), [r for r in rows if not r.within_noise]


def test_every_format_shows_one_order_drawn_from_the_instance(make_settings, tmp_path) -> None:
    instances = _build(
        make_settings,
        tmp_path,
        5,
        "task=[max_degree,mst_weight]",
        "level=[2]",
        "dataset.per_level=4",
    )
    sorted_order = 0
    for instance in instances:
        nodes, edges = prompt_lines(instance) or ([], [])
        for name in ("adjacency_list", "markdown_table"):
            fmt = get_format(name)
            text = instance.prompts[name].text
            start = text.index("\n\n", text.index(fmt.description)) + 2
            block = text[
                start : text.index(
                    "\n\n", text.index("\n\n", start) + 2 if name == "markdown_table" else start
                )
            ]
            shown = fmt.read(block, fmt.codec)[0]
            assert [n.label for n in shown] == nodes, name
        sorted_order += nodes == sorted(nodes)
        assert len({tuple(sorted(e)) for e in edges}) == len(edges) == instance.n_edges
    assert sorted_order == 0  # 4 + 4 graphs of 20-40 nodes: none left in name order


def test_the_control_catches_an_order_that_carries_the_answer(make_settings, tmp_path) -> None:
    """Planted: the answer node moved to the front of every distance_threshold node list."""
    instances = _build(
        make_settings,
        tmp_path,
        20261206,
        "task=distance_threshold",
        "level=[1,2]",
        "dataset.per_level=15",
    )
    planted = []
    for instance in instances:
        prompt = instance.prompts["edge_list"]
        nodes, _ = prompt_lines(instance) or ([], [])
        line = "Nodes: " + ", ".join(f'"{n}"' for n in nodes)
        assert line in prompt.text  # the names of this source need no escapes
        front = [instance.answer, *(n for n in nodes if n != instance.answer)]
        text = prompt.text.replace(line, "Nodes: " + ", ".join(f'"{n}"' for n in front))
        planted.append(replace(instance, prompts={"edge_list": PromptVariant(text, prompt.answer)}))
    honest = {r.heuristic: r for r in positional_control(instances)}
    assert honest["first_listed_node"].within_noise
    rows = {r.heuristic: r for r in positional_control(planted)}
    assert rows["first_listed_node"].real == 1.0
    assert not rows["first_listed_node"].within_noise
