"""load_source: cache hits, invalidation, atomic files, configs and registry errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from gralgo.errors import ConfigError, SourceFileError, UnknownChoiceError
from gralgo.graphs.sources import SOURCE_KINDS, SourceConfig, _load, default_cache_dir, load_source

FIXTURES = Path(__file__).parent / "fixtures" / "dblp"


def csv_config(path: Path, **options: object) -> SourceConfig:
    return SourceConfig("coauthors", "dblp", {"csv": str(path)}, options)


def counting_parser(monkeypatch) -> list[str]:
    calls: list[str] = []
    real = _load.parse_source

    def parse(name, fmt, files, options):
        calls.append(name)
        return real(name, fmt, files, options)

    monkeypatch.setattr(_load, "parse_source", parse)
    return calls


def test_cache_hit_returns_equal_arrays_without_parsing(tmp_path: Path, monkeypatch) -> None:
    first = load_source(csv_config(FIXTURES / "DBLP.csv"), tmp_path)

    def refuse(*args, **kwargs):
        raise AssertionError("parsed again despite a cache entry")

    monkeypatch.setattr(_load, "parse_source", refuse)
    second = load_source(csv_config(FIXTURES / "DBLP.csv"), tmp_path)
    assert second.node_names == first.node_names
    for attr in ("indptr", "indices", "edge_weight"):
        a, b = getattr(first, attr), getattr(second, attr)
        assert a.dtype == b.dtype and np.array_equal(a, b)
    assert second.edge_label is None and second.labels == first.labels
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".json", ".npz"]  # no temp files


def test_cache_keeps_labels_and_config_name(tmp_path: Path, monkeypatch) -> None:
    fixtures = Path(__file__).parent / "fixtures" / "dbpedia50"
    config = SourceConfig("kg", "dbpedia", {"train": str(fixtures / "train.txt")}, {})
    first = load_source(config, tmp_path)
    monkeypatch.setattr(_load, "parse_source", None)
    renamed = SourceConfig("kg_copy", config.kind, config.files, config.options)
    second = load_source(renamed, tmp_path)
    assert second.name == "kg_copy" and second.labels == first.labels
    assert np.array_equal(second.edge_label, first.edge_label)


def test_changed_content_or_options_reparse(tmp_path: Path, monkeypatch) -> None:
    calls = counting_parser(monkeypatch)
    data = tmp_path / "DBLP.csv"
    shutil.copy(FIXTURES / "DBLP.csv", data)
    cache = tmp_path / "cache"
    load_source(csv_config(data), cache)
    load_source(csv_config(data), cache)
    assert len(calls) == 1
    load_source(csv_config(data, largest_component=False), cache)
    assert len(calls) == 2
    with open(data, "ab") as handle:
        handle.write('"x","t","New Author, Jane Doe","v",2003\n'.encode("latin-1"))
    graph = load_source(csv_config(data), cache)
    assert len(calls) == 3 and "New Author" in graph.node_names


def test_damaged_cache_entry_is_rebuilt(tmp_path: Path, monkeypatch) -> None:
    calls = counting_parser(monkeypatch)
    good = load_source(csv_config(FIXTURES / "DBLP.csv"), tmp_path)
    for npz in tmp_path.glob("*.npz"):
        npz.write_bytes(b"not a zip file")
    again = load_source(csv_config(FIXTURES / "DBLP.csv"), tmp_path)
    assert len(calls) == 2 and np.array_equal(again.indices, good.indices)


def test_use_cache_false_writes_nothing(tmp_path: Path) -> None:
    load_source(csv_config(FIXTURES / "DBLP.csv"), tmp_path / "c", use_cache=False)
    assert not (tmp_path / "c").exists()


def test_default_cache_dir_honours_environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GRALGO_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert default_cache_dir() == tmp_path / "elsewhere"
    monkeypatch.delenv("GRALGO_CACHE_DIR")
    assert default_cache_dir() == Path.home() / ".cache" / "gralgo" / "sources"


def test_unknown_kind_lists_valid_kinds(tmp_path: Path) -> None:
    with pytest.raises(UnknownChoiceError) as info:
        load_source(SourceConfig("x", "facebook", {"csv": "a"}, {}), tmp_path)
    for kind in ("dblp", "dbpedia", "openflights", "osm", "wikipedia"):
        assert kind in str(info.value)
    assert set(SOURCE_KINDS) == {"dblp", "dbpedia", "openflights", "osm", "wikipedia"}


def test_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unknown options"):
        load_source(csv_config(FIXTURES / "DBLP.csv", colour="red"), tmp_path)
    with pytest.raises(ConfigError, match="no embedded sample"):
        load_source(SourceConfig("my_dblp", "dblp", {"csv": None}, {}), tmp_path)
    with pytest.raises(ConfigError, match="unknown keys"):
        SourceConfig.from_dict("x", {"kind": "dblp", "network_type": "drive"})
    with pytest.raises(ConfigError, match="missing `kind:`"):
        SourceConfig.from_dict("x", {"files": {}})
    with pytest.raises(SourceFileError, match="missing.csv: file not found"):
        load_source(csv_config(tmp_path / "missing.csv"), tmp_path)


def test_config_from_dict() -> None:
    config = SourceConfig.from_dict(
        "dbpedia50",
        {"kind": "dbpedia", "files": {"train": None}, "options": {"splits": ["train"]}},
    )
    assert config == SourceConfig("dbpedia50", "dbpedia", {"train": None}, {"splits": ("train",)})


def test_config_from_omegaconf_node() -> None:
    from omegaconf import OmegaConf

    node = OmegaConf.create(
        {"kind": "dblp", "files": {"xml": None}, "options": {"publication_types": ["article"]}}
    )
    config = SourceConfig.from_dict("dblp_full", node)
    assert config.files == {"xml": None}
    assert config.options == {"publication_types": ("article",)}


def test_largest_component_tie_keeps_the_one_with_the_smallest_name() -> None:
    from gralgo.graphs.sources._assemble import EdgeTable, assemble, disambiguate

    table = EdgeTable(names=["d", "c", "b", "a"], src=np.array([0, 2]), dst=np.array([1, 3]))
    graph = assemble("tie", table, largest_component=True)
    assert graph.node_names == ("a", "b") and graph.indices.tolist() == [1, 0]
    assert disambiguate(["x", "y", "x"], [7, 8, 9]) == ["x #7", "y", "x #9"]
