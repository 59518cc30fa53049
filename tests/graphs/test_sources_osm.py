"""OSM street-network loader on hand-made OSM XML / PBF / osmnx GraphML fixtures."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import osmium
import pytest

from gralgo.errors import ConfigError, SourceFileError
from gralgo.graphs.sources import SourceConfig, load_source
from gralgo.graphs.sources._osm import graphml_names, split_names, way_passes

FIXTURES = Path(__file__).parent / "fixtures" / "osm"
OBRIEN = 'Ο\'Brien "Quay", Dock'


def load(role: str, path: Path, tmp_path: Path, **options: object):
    config = SourceConfig("streets", "osm", {role: str(path)}, options)
    return load_source(config, tmp_path / "cache")


def edge_set(graph) -> set[frozenset[str]]:
    return {frozenset(e) for e in graph.to_networkx(range(graph.n_nodes)).edges()}


def test_drive_network_from_osm_xml(tmp_path: Path) -> None:
    graph = load("osm", FIXTURES / "streets.osm", tmp_path, largest_component=False)
    assert graph.node_names == (
        "Bridge and Tunnel Road",
        "King Street",
        "Main Street",
        "Queen Street",
        "Rue de l'Église",
        "Zürich Gasse",
        OBRIEN,
    )
    assert edge_set(graph) == {
        frozenset(p)
        for p in [
            ("Main Street", "Rue de l'Église"),
            ("Main Street", "King Street"),
            ("Main Street", "Queen Street"),
            ("King Street", "Queen Street"),
            ("Rue de l'Église", "Zürich Gasse"),
            ("Bridge and Tunnel Road", OBRIEN),
        ]
    }
    assert graph.edge_weight is None and graph.edge_label is None


def test_largest_component_is_kept_by_default(tmp_path: Path) -> None:
    graph = load("osm", FIXTURES / "streets.osm", tmp_path)
    assert graph.node_names == (
        "King Street",
        "Main Street",
        "Queen Street",
        "Rue de l'Église",
        "Zürich Gasse",
    )
    assert graph.n_edges == 5
    assert list(graph.indptr) == [0, 2, 5, 7, 9, 10]


def test_network_type_all_keeps_paths_and_service_roads(tmp_path: Path) -> None:
    graph = load("osm", FIXTURES / "streets.osm", tmp_path, network_type="all")
    names = set(graph.node_names)
    assert {"Park Path", "Car Park Lane"} <= names
    assert "Private Road" not in names and "Plaza" not in names and "Town Hall" not in names
    assert frozenset(("Car Park Lane", "Main Street")) in edge_set(graph)


def test_pbf_gives_the_same_graph_as_xml(tmp_path: Path) -> None:
    pbf = tmp_path / "streets.osm.pbf"
    with osmium.SimpleWriter(str(pbf)) as writer:
        for obj in osmium.FileProcessor(str(FIXTURES / "streets.osm")):
            writer.add(obj)
    from_xml = load("osm", FIXTURES / "streets.osm", tmp_path)
    from_pbf = load("osm", pbf, tmp_path)
    assert from_pbf.node_names == from_xml.node_names
    assert from_pbf.indices.tolist() == from_xml.indices.tolist()


def test_osmnx_graphml(tmp_path: Path) -> None:
    graph = load("graphml", FIXTURES / "streets.graphml", tmp_path, largest_component=False)
    assert graph.node_names == (
        "King Street",
        "Main Street",
        "O'Brien's \"Quay\", Dock",
        "Rue de l'Église",
    )
    assert edge_set(graph) == {
        frozenset(p)
        for p in [
            ("King Street", "Main Street"),
            ("King Street", "O'Brien's \"Quay\", Dock"),
            ("Main Street", "O'Brien's \"Quay\", Dock"),
        ]
    }
    everything = load("graphml", FIXTURES / "streets.graphml", tmp_path, network_type="all")
    assert "Tow Path" in everything.node_names and everything.n_nodes == 5


def test_name_helpers() -> None:
    assert split_names(" A ; B;;") == ["A", "B"]
    assert graphml_names("['A', \"B's\"]") == ["A", "B's"]
    assert graphml_names("[not a list") == ["[not a list"]
    assert graphml_names("Smith, Jones") == ["Smith, Jones"]
    assert way_passes({"highway": "living_street"}, "drive")
    assert not way_passes({"highway": "residential", "motor_vehicle": "no"}, "drive")
    assert not way_passes({"highway": "residential", "access": "no"}, "all")


def test_missing_and_corrupt_files(tmp_path: Path) -> None:
    with pytest.raises(SourceFileError, match="nowhere.osm.pbf"):
        load("osm", tmp_path / "nowhere.osm.pbf", tmp_path)
    bad = tmp_path / "bad.osm"
    bad.write_text("<osm><way id='1'><nd ref='x'/></osm>")
    with pytest.raises(SourceFileError, match="bad.osm"):
        load("osm", bad, tmp_path)
    bad_graphml = tmp_path / "bad.graphml"
    bad_graphml.write_text("<graphml>\n<graph>\n<edge source='1'>\n</graphml>")
    with pytest.raises(SourceFileError, match=r"bad.graphml:\d"):
        load("graphml", bad_graphml, tmp_path)


def test_unknown_network_type_and_empty_result(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="network_type"):
        load("osm", FIXTURES / "streets.osm", tmp_path, network_type="bike")
    empty = tmp_path / "empty.osm"
    empty.write_text('<?xml version="1.0"?><osm version="0.6"></osm>')
    from gralgo.errors import SamplingError

    with pytest.raises(SamplingError, match="no edges"):
        load("osm", empty, tmp_path)


def test_core_numbers_are_plain_networkx_compatible(tmp_path: Path) -> None:
    graph = load("osm", FIXTURES / "streets.osm", tmp_path)
    cores = nx.core_number(graph.to_networkx(range(graph.n_nodes)))
    assert max(cores.values()) == 2
