"""Evaluating a slice reads it from the built dataset; a built dataset is never rewritten."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from gralgo.dataset import DatasetError, build_dataset, ensure_dataset, read_manifest


def tree(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def test_slice_of_a_built_dataset_is_read_not_rebuilt(make_settings, tmp_path: Path) -> None:
    # The scenario: build 2 tasks x 2 levels x 3, then evaluate 1 task x 1 level x 2.
    built = tmp_path / "D"
    big = make_settings(
        "command=build",
        "task=[max_degree,mst_weight]",
        "level=[1,2]",
        "dataset.per_level=3",
        f"dataset.dir={built}",
    )
    build_dataset(big.dataset, built)
    before = tree(built)
    assert read_manifest(built)["total"] == 12

    from gralgo.evaluate import load_instances

    small = make_settings(
        "task=max_degree", "level=1", "dataset.per_level=2", f"dataset.dir={built}"
    )
    instances = load_instances(small)
    assert tree(built) == before  # untouched: manifest still says 12
    assert [(i.task, i.level, i.index) for i in instances] == [
        ("max_degree", 1, 0),
        ("max_degree", 1, 1),
    ]
    # The same instances as a dataset built for the slice alone.
    alone = make_settings("task=max_degree", "level=1", "dataset.per_level=2")
    assert [i.id for i in load_instances(alone)] == [i.id for i in instances]
    assert alone.dataset_dir != built  # its own fingerprinted folder


@pytest.mark.parametrize(
    ("override", "difference"),
    [
        ("dataset.per_level=5", "per_level 5 > built 3"),
        ("level=[1,3]", "levels [3] not built"),
        ("task=[max_degree,diameter]", "task diameter not built"),
        ("dataset.seed=7", "seed: built 0, wanted 7"),
        ("format=numeric_ids", "formats ['numeric_ids'] not built"),
    ],
)
def test_other_data_is_an_error_naming_the_difference(
    make_settings, tmp_path: Path, override: str, difference: str
) -> None:
    built = tmp_path / "D"
    big = make_settings(
        "command=build",
        "task=max_degree",
        "level=[1,2]",
        "dataset.per_level=3",
        "dataset.formats=[edge_list]",
        f"dataset.dir={built}",
    )
    build_dataset(big.dataset, built)
    before = tree(built)
    other = make_settings(
        "task=max_degree",
        "level=[1,2]",
        "dataset.per_level=3",
        "dataset.formats=[edge_list]",
        f"dataset.dir={built}",
        override,
    )
    with pytest.raises(DatasetError, match="never rewrites") as info:
        ensure_dataset(other.dataset, other.dataset_dir, explicit=True)
    assert difference in str(info.value) and "dataset.dir" in str(info.value)
    assert tree(built) == before


def test_a_dataset_with_only_the_prompted_format_is_enough(make_settings, tmp_path: Path) -> None:
    from gralgo.evaluate import load_instances

    built = tmp_path / "D"
    one = make_settings(
        "command=build",
        "task=max_degree",
        "level=1",
        "dataset.formats=[edge_list]",
        f"dataset.dir={built}",
    )
    build_dataset(one.dataset, built)
    before = tree(built)
    reader = make_settings("task=max_degree", "level=1", f"dataset.dir={built}")
    assert len(load_instances(reader)) == 1 and tree(built) == before
    other = make_settings(
        "task=max_degree", "level=1", "format=numeric_ids", f"dataset.dir={built}"
    )
    with pytest.raises(DatasetError, match=r"formats \['numeric_ids'\] not built"):
        load_instances(other)


def test_dataset_folders_are_world_readable(make_settings, tmp_path: Path) -> None:
    settings = make_settings("task=max_degree", "level=1")
    directory = ensure_dataset(settings.dataset, settings.dataset_dir)
    for folder in (directory, directory / "instances"):
        assert stat.S_IMODE(folder.stat().st_mode) & 0o755 == 0o755


def test_node_names_with_braces_are_rejected_at_build_time(make_settings, tmp_path: Path) -> None:
    import gzip

    from gralgo.errors import SourceFileError
    from gralgo.graphs.sources import DATA_DIR

    with gzip.open(DATA_DIR / "openflights" / "airports.dat.gz", "rt", encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    first = lines[0].split(",")
    first[1] = '"Brace {Intl}"'
    lines[0] = ",".join(first)
    airports = tmp_path / "airports.dat"
    airports.write_text("".join(lines), encoding="utf-8")
    settings = make_settings(
        "task=distance_threshold",
        f"source.openflights.files.airports={airports}",
        f"source.openflights.files.routes={DATA_DIR / 'openflights' / 'routes.dat.gz'}",
    )
    with pytest.raises(SourceFileError, match=r"airports\.dat.*contain '\{' or '\}'.*Brace"):
        ensure_dataset(settings.dataset, settings.dataset_dir)
