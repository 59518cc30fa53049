"""OpenFlights loader: id resolution, names, haversine weights, errors."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from gralgo.errors import SourceFileError
from gralgo.graphs.sources import SourceConfig, load_source
from gralgo.graphs.sources._openflights import haversine_km

FIXTURES = Path(__file__).parent / "fixtures" / "openflights"
ALPHA, BETA = "Alpha Airport (AAA)", 'Beta, "Intl" and Cargo Airport (BBB)'
GAMMA, ZRH = "Gamma Airport (GGGG)", "Zürich Airport (ZRH)"
TWIN4, TWIN5 = "Twin Airport (TWN) #4", "Twin Airport (TWN) #5"


def load(tmp_path: Path, airports: Path, routes: Path, **options: object):
    files = {"airports": str(airports), "routes": str(routes)}
    return load_source(SourceConfig("flights", "openflights", files, options), tmp_path / "c")


def weighted_edges(graph) -> dict[frozenset[str], int]:
    nxg = graph.to_networkx(range(graph.n_nodes))
    return {frozenset((u, v)): w for u, v, w in nxg.edges(data="weight")}


def cosine_law_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Independent great-circle formula (spherical law of cosines) to check haversine."""
    p1, p2, dl = math.radians(lat1), math.radians(lat2), math.radians(lon2 - lon1)
    cos_angle = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0088 * math.acos(max(-1.0, min(1.0, cos_angle)))


def test_routes_resolved_by_id(tmp_path: Path) -> None:
    graph = load(
        tmp_path, FIXTURES / "airports.dat", FIXTURES / "routes.dat", largest_component=False
    )
    assert graph.node_names == (ALPHA, BETA, GAMMA, TWIN4, TWIN5, ZRH)
    expected = {
        frozenset((ALPHA, BETA)): round(cosine_law_km(0, 0, 0, 1)),
        frozenset((ALPHA, GAMMA)): round(cosine_law_km(0, 0, 1, 0)),
        frozenset((TWIN4, TWIN5)): round(cosine_law_km(10, 10, 20, 20)),
        frozenset((ZRH, ALPHA)): round(cosine_law_km(47.458056, 8.548056, 0, 0)),
    }
    assert weighted_edges(graph) == expected
    assert expected[frozenset((ALPHA, BETA))] == 111
    assert graph.edge_weight is not None and graph.edge_weight.dtype.kind == "i"


def test_largest_component(tmp_path: Path) -> None:
    graph = load(tmp_path, FIXTURES / "airports.dat", FIXTURES / "routes.dat")
    assert graph.node_names == (ALPHA, BETA, GAMMA, ZRH)
    assert graph.n_edges == 3


def test_haversine_known_distance() -> None:
    # London Heathrow - New York JFK, about 5,540 km.
    assert haversine_km(51.4706, -0.461941, 40.639751, -73.778925) == pytest.approx(5540, abs=1)
    assert haversine_km(10, 20, 10, 20) == 0.0


def test_gzip_and_shuffled_routes_give_identical_arrays(tmp_path: Path) -> None:
    import gzip

    lines = (FIXTURES / "routes.dat").read_text(encoding="utf-8").splitlines(keepends=True)
    random.Random(7).shuffle(lines)
    shuffled = tmp_path / "routes.dat.gz"
    with gzip.open(shuffled, "wt", encoding="utf-8") as handle:
        handle.writelines(lines)
    a = load(tmp_path, FIXTURES / "airports.dat", FIXTURES / "routes.dat")
    b = load(tmp_path, FIXTURES / "airports.dat", shuffled)
    assert a.node_names == b.node_names
    assert a.indices.tolist() == b.indices.tolist()
    assert a.edge_weight.tolist() == b.edge_weight.tolist()


def test_short_route_row_names_file_and_line(tmp_path: Path) -> None:
    routes = tmp_path / "routes.dat"
    routes.write_text("XX,1,AAA,1,BBB,2,,0,CR2\nXX,1,AAA,1,BBB\n", encoding="utf-8")
    with pytest.raises(SourceFileError, match=r"routes\.dat:2: expected at least 6 columns"):
        load(tmp_path, FIXTURES / "airports.dat", routes)


def test_bad_airport_row_and_missing_file(tmp_path: Path) -> None:
    airports = tmp_path / "airports.dat"
    airports.write_text('1,"A","c","d","AAA","AAAA",north,0.0\n', encoding="utf-8")
    with pytest.raises(SourceFileError, match=r"airports\.dat:1: bad id or coordinates"):
        load(tmp_path, airports, FIXTURES / "routes.dat")
    with pytest.raises(SourceFileError, match="no_routes.dat"):
        load(tmp_path, FIXTURES / "airports.dat", tmp_path / "no_routes.dat")


def test_duplicate_airport_id(tmp_path: Path) -> None:
    airports = tmp_path / "airports.dat"
    airports.write_text('1,"A","c","d","AAA","AAAA",0,0\n1,"B","c","d","BBB","BBBB",1,1\n')
    with pytest.raises(SourceFileError, match=r"airports\.dat:2: airport id 1 appears twice"):
        load(tmp_path, airports, FIXTURES / "routes.dat")
