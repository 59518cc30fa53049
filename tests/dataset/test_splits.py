"""The heuristic-hard split (issue 32): drawn by the same sampler, no heuristic solves it, a
smaller build is a slice of a larger one, and the JSON stays canonical."""

from __future__ import annotations

from dataclasses import replace

from gralgo.dataset import build_dataset, read_instances
from gralgo.dataset._instance import Instance


def _spec(make_settings, per_level: int):
    settings = make_settings(
        "+experiment=build_dataset",
        "task=[path_sum,max_kcore]",
        "level=[1,2]",
        f"dataset.per_level={per_level}",
        "dataset.formats=[edge_list]",
        "dataset.hard_split=true",
    )
    return settings.dataset


def test_hard_split_is_unsolved_and_a_smaller_build_is_its_slice(make_settings, tmp_path) -> None:
    build_dataset(_spec(make_settings, 8), tmp_path / "big")
    big = read_instances(tmp_path / "big")
    hard = [i for i in big if "hard" in i.splits]
    assert hard and all(not any(i.provenance["heuristics"].values()) for i in hard)
    assert all(i.index < 8 for i in big if "paper" in i.splits)
    assert all(i.splits == ("hard",) for i in big if i.index >= 8)
    for cell in {(i.task, i.level) for i in big}:
        assert sum(1 for i in hard if (i.task, i.level) == cell) <= 8
        assert sum(1 for i in big if (i.task, i.level) == cell and "paper" in i.splits) == 8
    assert sum(1 for i in hard if i.task == "path_sum") == 16  # the suite rarely solves it
    build_dataset(_spec(make_settings, 4), tmp_path / "small")
    small = [i.to_json() for i in read_instances(tmp_path / "small")]
    assert small == [i.to_json() for i in read_instances(tmp_path / "big", per_level=4)]


def test_splits_round_trip_as_a_tuple_in_canonical_json() -> None:
    instance = Instance(
        "x", "t", "enumeration", "easy", 1, "standard", "s", 0, 0, "integer", {}, {}, "1", {}, {}
    )
    hard = replace(instance, splits=("paper", "hard"))
    line = hard.to_json()
    assert '"splits":["paper","hard"]' in line
    back = Instance.from_json(line)
    assert back.splits == ("paper", "hard") and isinstance(back.splits, tuple)
    assert back.to_json() == line
    old = line.replace(',"splits":["paper","hard"]', "")
    assert Instance.from_json(old).splits == ("paper",)  # datasets built before the field
