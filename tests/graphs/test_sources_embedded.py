"""The embedded real samples load through their conf/source configs with the expected sizes."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
import yaml

from gralgo.graphs.sources import DATA_DIR, EMBEDDED_FILES, SOURCE_KINDS, SourceConfig, load_source

CONF_DIR = Path(__file__).resolve().parents[2] / "conf" / "source"

# name -> (nodes, edges) of the largest component, measured with these loaders.
EXPECTED = {
    "osm_harrisburg": (1283, 2805),
    "osm_liechtenstein": (658, 1102),
    "osm_baltimore": (347, 1429),
    "osm_paris": (227, 502),
    "openflights": (3188, 18833),
    "wikispeedia": (4589, 106534),
    "dbpedia50": (25148, 34613),
    "dblp": (2413, 8889),
}
# name -> (nodes, edges) before component filtering, as published for the raw samples.
UNFILTERED = {
    "openflights": (3214, 18858),
    "wikispeedia": (4598, 106534),
    "dbpedia50": (30449, 38049),
    "dblp": (3320, 10474),
}


def config(name: str, **options: object) -> SourceConfig:
    raw = yaml.safe_load((CONF_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    base = SourceConfig.from_dict(name, raw)
    return SourceConfig(base.name, base.kind, base.files, {**base.options, **options})


def max_core(graph) -> int:
    return max(nx.core_number(graph.to_networkx(range(graph.n_nodes))).values())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_embedded_source_sizes(name: str, tmp_path: Path) -> None:
    graph = load_source(config(name), use_cache=False)
    assert (graph.n_nodes, graph.n_edges) == EXPECTED[name]
    assert len(set(graph.node_names)) == graph.n_nodes
    assert list(graph.node_names) == sorted(graph.node_names)
    assert graph.degrees().min() >= 1


@pytest.mark.parametrize("name", sorted(UNFILTERED))
def test_unfiltered_sizes_match_published_counts(name: str) -> None:
    graph = load_source(config(name, largest_component=False), use_cache=False)
    assert (graph.n_nodes, graph.n_edges) == UNFILTERED[name]


def test_source_specific_facts() -> None:
    baltimore = load_source(config("osm_baltimore"), use_cache=False)
    assert max_core(baltimore) == 11  # the data README says 12 for its own street filter
    assert "North Broadway" in baltimore.node_names
    wikispeedia = load_source(config("wikispeedia"), use_cache=False)
    assert max_core(wikispeedia) == 47
    dblp = load_source(config("dblp"), use_cache=False)
    assert int(dblp.edge_weight.max()) == 16
    dbpedia = load_source(config("dbpedia50"), use_cache=False)
    assert len(dbpedia.labels) == 365
    flights = load_source(config("openflights"), use_cache=False)
    assert "Zürich Airport (ZRH)" in flights.node_names
    assert 0 < int(flights.edge_weight.min()) and int(flights.edge_weight.max()) < 20038


def test_configs_cover_every_embedded_source() -> None:
    names = sorted(p.stem for p in CONF_DIR.glob("*.yaml") if p.stem != "all")
    assert names == sorted(EMBEDDED_FILES) == sorted(EXPECTED)
    for name in names:
        text = (CONF_DIR / f"{name}.yaml").read_text(encoding="utf-8")
        assert text.splitlines()[0] == f"# @package source.{name}"
        parsed = config(name)
        assert parsed.kind in SOURCE_KINDS
        assert set(parsed.files) == set(EMBEDDED_FILES[name])
    listed = yaml.safe_load((CONF_DIR / "all.yaml").read_text(encoding="utf-8"))["defaults"]
    assert sorted(listed) == names


def test_embedded_files_exist_with_licences_and_stay_small() -> None:
    total = 0
    for files in EMBEDDED_FILES.values():
        for relative in files.values():
            path = DATA_DIR / relative
            assert path.is_file(), path
            assert (path.parent / "ATTRIBUTION.md").is_file()
    for path in DATA_DIR.rglob("*"):
        total += path.stat().st_size if path.is_file() else 0
    assert total < 8 * 1024 * 1024
    assert "ODbL" in (DATA_DIR / "osm" / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "© OpenStreetMap contributors" in (DATA_DIR / "osm" / "ATTRIBUTION.md").read_text(
        encoding="utf-8"
    )
