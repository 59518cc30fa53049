"""Building datasets from the real embedded sources: reproducible, sliceable, fast to start."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from gralgo.dataset import build_dataset, read_instances
from gralgo.dataset._build import graph_fingerprint, name_key

SMALL = ("level=[1,2]", "dataset.per_level=2")


def build(make_settings, directory: Path, *overrides: str) -> Path:
    settings = make_settings("+experiment=build_dataset", *SMALL, *overrides)
    build_dataset(settings.dataset, directory)
    return directory


def tree_bytes(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def test_rebuild_is_byte_identical_with_any_worker_count(make_settings, tmp_path: Path) -> None:
    one = build(make_settings, tmp_path / "one", "dataset.workers=1")
    two = build(make_settings, tmp_path / "two", "dataset.workers=2")
    assert tree_bytes(one) == tree_bytes(two)
    manifest = json.loads((one / "manifest.json").read_text())
    assert manifest["total"] == 9 * 2 * 2
    assert set(manifest["counts"]) == {
        "diameter",
        "distance_k",
        "distance_threshold",
        "max_clique",
        "max_degree",
        "max_kcore",
        "max_weight_triangle",
        "mst_weight",
        "path_sum",
    }


def test_instances_are_valid_and_unique(make_settings, tmp_path: Path) -> None:
    directory = build(make_settings, tmp_path / "ds")
    instances = read_instances(directory)
    assert len({i.id for i in instances}) == len(instances)
    for instance in instances:
        graph = instance.to_networkx()
        low, high = {1: (8, 15), 2: (16, 30)}[instance.level]
        assert low <= graph.number_of_nodes() <= high, instance.id
        assert set(instance.prompts) == {
            "edge_list",
            "adjacency_list",
            "markdown_table",
            "numeric_ids",
        }
        for prompt in instance.prompts.values():
            assert "\\boxed" in prompt.text
            if instance.answer_kind == "integer":
                assert prompt.answer == instance.answer
        if instance.answer_kind == "node":
            assert instance.answer in graph
            assert "the number of that node" in instance.prompts["numeric_ids"].text
            assert instance.prompts["numeric_ids"].answer.isdigit()
            assert "without the surrounding double quotes" in instance.prompts["edge_list"].text
            keys = [name_key(n) for n in graph]
            assert len(keys) == len(set(keys))
        if instance.task in {"diameter", "mst_weight", "distance_threshold"}:
            assert nx.is_connected(graph)
        if instance.task == "path_sum":
            assert nx.is_tree(graph)


def test_smaller_slice_is_a_prefix(make_settings, tmp_path: Path) -> None:
    big = read_instances(build(make_settings, tmp_path / "big", "task=[max_clique,path_sum]"))
    small_settings = make_settings(
        "+experiment=build_dataset",
        "level=[1,2]",
        "dataset.per_level=1",
        "task=[max_clique,path_sum]",
    )
    build_dataset(small_settings.dataset, tmp_path / "small")
    small = read_instances(tmp_path / "small")
    assert small == [i for i in big if i.index < 1]


def test_another_seed_gives_fresh_instances(make_settings, tmp_path: Path) -> None:
    base = read_instances(build(make_settings, tmp_path / "a", "task=[max_degree,mst_weight]"))
    other = read_instances(
        build(make_settings, tmp_path / "b", "task=[max_degree,mst_weight]", "dataset.seed=1")
    )
    assert not {i.id for i in base} & {i.id for i in other}
    seen = {graph_fingerprint(i.to_networkx()) for i in base}
    assert not seen & {graph_fingerprint(i.to_networkx()) for i in other}


def test_building_imports_neither_litellm_nor_mlflow(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-X",
        "importtime",
        "-m",
        "gralgo",
        "+experiment=build_dataset",
        "task=max_degree",
        "level=1",
        "dataset.per_level=1",
        f"dataset.dir={tmp_path / 'ds'}",
        f"paths.outputs={tmp_path}",
        f"hydra.run.dir={tmp_path / 'run'}",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert "gralgo.dataset._builder" in imported  # the import log is real
    assert not {m for m in imported if m.split(".")[0] in ("litellm", "mlflow")}
    assert (tmp_path / "ds" / "manifest.json").is_file()


def test_source_too_small_for_level_is_a_clear_error(make_settings, tmp_path: Path) -> None:
    from gralgo.errors import SamplingError

    # A source of a handful of streets cannot give a 121-160 node graph: a clear error, fast.
    settings = make_settings(
        "+experiment=build_dataset",
        "task=max_degree",
        "level=6",
        "dataset.per_level=1",
        "source.osm_harrisburg.files.osm=" + str(FIXTURE_TINY_OSM),
    )
    with pytest.raises(SamplingError, match="level 6"):
        build_dataset(settings.dataset, tmp_path / "ds")
    assert not (tmp_path / "ds").exists()


FIXTURE_TINY_OSM = Path(__file__).resolve().parents[1] / "graphs/fixtures/osm/streets.osm"


def test_changed_source_files_never_reuse_an_old_dataset(make_settings, tmp_path: Path) -> None:
    import shutil

    from gralgo.graphs.sources import DATA_DIR

    for name in ("airports.dat.gz", "routes.dat.gz"):
        shutil.copy(DATA_DIR / "openflights" / name, tmp_path / name)
    files = [
        f"source.openflights.files.airports={tmp_path / 'airports.dat.gz'}",
        f"source.openflights.files.routes={tmp_path / 'routes.dat.gz'}",
    ]
    before = make_settings("task=distance_threshold", *files)
    import gzip

    with gzip.open(tmp_path / "routes.dat.gz", "rt", encoding="utf-8") as handle:
        lines = handle.readlines()
    with gzip.open(tmp_path / "routes.dat.gz", "wt", encoding="utf-8") as handle:
        handle.writelines(lines[: len(lines) // 2])
    after = make_settings("task=distance_threshold", *files)
    assert (
        before.dataset.description()["source_content"]
        != after.dataset.description()["source_content"]
    )
    assert before.dataset_dir != after.dataset_dir
