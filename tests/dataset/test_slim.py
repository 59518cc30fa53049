"""A job's read (one format, no graphs) is kept slim in the cache and read back from there."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_store import make_instance

from gralgo.dataset import Instance, PromptVariant, _store, read_instances, write_dataset


def job_read(data: Path, cache: Path | None, **selection: Any) -> list[Instance]:
    """Read as an evaluation job does: one format, no graphs."""
    return read_instances(
        data, formats=["numeric_ids"], with_graphs=False, cache_dir=cache, **selection
    )


def instances(answer: str = "1") -> list[Instance]:
    return [
        replace(
            make_instance("a", level, index),
            answer=answer,
            certificate={"clique": ["x", "y"]},
            provenance={"heuristics": {"degree": 1}},
            prompts={
                "edge_list": PromptVariant(f"edges {level} {index}", answer),
                "numeric_ids": PromptVariant(f"ids {level} {index} Zürich", answer, 12),
            },
        )
        for level in (1, 2)
        for index in range(3)
    ]


@pytest.fixture
def slim_reads(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For each task file read from here on: whether its slim copy was used."""
    used: list[bool] = []
    real = _store.read_slim

    def spy(path: Path, formats: Any) -> list[Instance] | None:
        kept = real(path, formats)
        used.append(kept is not None)
        return kept

    monkeypatch.setattr(_store, "read_slim", spy)
    return used


def test_the_next_job_reads_the_slim_copy_and_gets_the_same_instances(
    tmp_path: Path, slim_reads: list[bool]
) -> None:
    data = write_dataset(tmp_path / "ds", {"a": instances()}, config={})
    cache = tmp_path / "cache"
    plain = job_read(data, None, levels=[2], per_level=2)
    first = job_read(data, cache, levels=[2], per_level=2)
    assert slim_reads == [False] and len(list((cache / "slim").iterdir())) == 1
    again = job_read(data, cache, levels=[2], per_level=2)
    assert slim_reads == [False, True]
    assert plain == first == again and [i.index for i in again] == [0, 1]
    assert again[0].prompts == {"numeric_ids": PromptVariant("ids 2 0 Zürich", "1", 12)}
    assert again[0].graph == {} and again[0].certificate == {"clique": ["x", "y"]}
    everything = job_read(data, cache)
    assert slim_reads[-1] and len(everything) == 6  # the copy holds the whole file


def test_graphs_and_all_formats_are_always_read_from_the_dataset(
    tmp_path: Path, slim_reads: list[bool]
) -> None:
    data = write_dataset(tmp_path / "ds", {"a": instances()}, config={})
    cache = tmp_path / "cache"
    assert read_instances(data, cache_dir=cache) == instances()
    assert read_instances(data, cache_dir=cache, formats=["edge_list"])[0].graph
    assert slim_reads == [] and not (cache / "slim").exists()


def test_a_rebuilt_dataset_is_never_read_from_the_old_copy(
    tmp_path: Path, slim_reads: list[bool]
) -> None:
    cache = tmp_path / "cache"
    data = write_dataset(tmp_path / "ds", {"a": instances("1")}, config={})
    assert job_read(data, cache)[0].answer == "1"
    write_dataset(tmp_path / "ds", {"a": instances("2")}, config={})  # same folder, new files
    assert job_read(data, cache)[0].answer == "2"
    assert slim_reads == [False, False]
    other_format = read_instances(data, cache_dir=cache, formats=["edge_list"], with_graphs=False)
    assert other_format[0].prompts == {"edge_list": PromptVariant("edges 1 0", "2")}
    assert slim_reads == [False, False, False]


def test_a_damaged_copy_is_passed_by_and_replaced(tmp_path: Path, slim_reads: list[bool]) -> None:
    data = write_dataset(tmp_path / "ds", {"a": instances()}, config={})
    cache = tmp_path / "cache"
    good = job_read(data, cache)
    (copy,) = (cache / "slim").iterdir()
    copy.write_bytes(copy.read_bytes()[:50])  # cut short
    assert job_read(data, cache) == good
    assert job_read(data, cache) == good
    assert slim_reads == [False, False, True]


def test_an_unwritable_cache_only_means_parsing(tmp_path: Path, slim_reads: list[bool]) -> None:
    data = write_dataset(tmp_path / "ds", {"a": instances()}, config={})
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    assert len(job_read(data, blocker)) == 6
    assert len(job_read(data, blocker)) == 6
    assert slim_reads == [False, False]


def test_the_copy_gives_back_every_value_exactly(tmp_path: Path, slim_reads: list[bool]) -> None:
    odd = [
        replace(
            instance,
            params={"weights": [0.1, 1e-300, -2.5], "nested": {"z": [1, [2, None]], "a": True}},
            certificate={"path": ["Zürich", "北京", 'a\nb"c'], "value": 12345678901234567890},
            provenance={"heuristics": {"degree": 0.25}, "empty": {}},
            prompts={"numeric_ids": PromptVariant("ids \u2028 \x00 ok", "7", None)},
        )
        for instance in instances()
    ]
    data = write_dataset(tmp_path / "ds", {"a": odd}, config={})
    cache = tmp_path / "cache"
    plain = job_read(data, None)
    assert job_read(data, cache) == plain
    copied = job_read(data, cache)
    assert slim_reads == [False, True] and copied == plain
    assert [repr(i) for i in copied] == [repr(i) for i in plain]  # same types and key orders


def test_a_copy_that_holds_no_records_is_passed_by(tmp_path: Path, slim_reads: list[bool]) -> None:
    import json

    data = write_dataset(tmp_path / "ds", {"a": instances()}, config={})
    cache = tmp_path / "cache"
    good = job_read(data, cache)
    (copy,) = (cache / "slim").iterdir()
    for junk in ([1, 2], {"prompts": {}}, [{"id": "x"}], [{"prompts": {"f": [1]}}]):
        copy.write_text(json.dumps(junk), encoding="utf-8")
        assert job_read(data, cache) == good
    assert slim_reads == [False, False, False, False, False]


def test_the_copy_is_json_and_never_code(tmp_path: Path, slim_reads: list[bool]) -> None:
    import json

    data = write_dataset(tmp_path / "ds", {"a": instances()}, config={})
    cache = tmp_path / "cache"
    job_read(data, cache)
    (copy,) = (cache / "slim").iterdir()
    assert copy.suffix == ".json" and isinstance(json.loads(copy.read_bytes()), list)
    assert copy.stat().st_mode & 0o077 == 0  # the user's only
    import gralgo.dataset._slim as slim

    assert "marshal" not in slim.__dict__ and "pickle" not in slim.__dict__


def test_a_link_or_a_file_others_can_write_is_never_read(
    tmp_path: Path, slim_reads: list[bool]
) -> None:
    import os

    data = write_dataset(tmp_path / "ds", {"a": instances()}, config={})
    cache = tmp_path / "cache"
    good = job_read(data, cache)
    (copy,) = (cache / "slim").iterdir()
    elsewhere = tmp_path / "elsewhere.json"
    os.replace(copy, elsewhere)
    copy.symlink_to(elsewhere)  # a swapped link: not followed
    assert job_read(data, cache) == good
    copy.unlink()
    os.replace(elsewhere, copy)
    copy.chmod(0o666)  # others could have written it
    assert job_read(data, cache) == good
    copy.chmod(0o600)
    assert job_read(data, cache) == good
    if os.geteuid() == 0:
        os.chown(copy, 12345, 12345)  # another user's file
        assert job_read(data, cache) == good
        assert slim_reads == [False, False, False, True, False]
    else:
        assert slim_reads == [False, False, False, True]
