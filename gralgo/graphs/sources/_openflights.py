"""OpenFlights airports and routes: airports joined by a route, weighted by distance (km).

Route endpoints are resolved by airport **id** (routes.dat columns 4 and 6). Routes whose source
or destination id is ``\\N`` (about 0.1 % of rows: airports OpenFlights could not match) or names
an id absent from airports.dat are skipped, as are self-loops. Routes are undirected and
deduplicated; only airports on at least one kept route become nodes. A node is named
``"<airport name> (<IATA>)"``, falling back to the ICAO code when IATA is ``\\N``; names still
shared by several airports get ``" #<id>"`` appended.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gralgo.errors import SourceFileError
from gralgo.graphs.sources._assemble import EdgeTable, disambiguate
from gralgo.graphs.sources._files import iter_csv_rows

EARTH_RADIUS_KM = 6371.0088
"""Mean Earth radius (IUGG), as in the haversine package."""
NULL = "\\N"


@dataclass(frozen=True)
class Airport:
    """One row of airports.dat that matters here."""

    id: int
    name: str
    code: str
    lat: float
    lon: float


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km between two points given in degrees."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def read_airports(path: Path) -> dict[int, Airport]:
    """Airports by id from airports.dat (headerless CSV; id, name, city, country, IATA, ICAO,
    latitude, longitude, ...)."""
    airports: dict[int, Airport] = {}
    for line, row in iter_csv_rows(path):
        if len(row) < 8:
            raise SourceFileError(path, f"expected at least 8 columns, got {len(row)}", line)
        try:
            airport_id, lat, lon = int(row[0]), float(row[6]), float(row[7])
        except ValueError as err:
            raise SourceFileError(path, f"bad id or coordinates ({err})", line) from err
        if airport_id in airports:
            raise SourceFileError(path, f"airport id {airport_id} appears twice", line)
        iata, icao = row[4].strip(), row[5].strip()
        code = iata if iata and iata != NULL else icao if icao and icao != NULL else ""
        airports[airport_id] = Airport(airport_id, row[1].strip(), code, lat, lon)
    return airports


def read_route_ids(path: Path) -> list[tuple[int, int]]:
    """(source id, destination id) of every route in routes.dat with both ids known."""
    pairs: list[tuple[int, int]] = []
    for line, row in iter_csv_rows(path):
        if len(row) < 6:
            raise SourceFileError(path, f"expected at least 6 columns, got {len(row)}", line)
        if NULL in (row[3].strip(), row[5].strip()):
            continue
        try:
            pairs.append((int(row[3]), int(row[5])))
        except ValueError as err:
            raise SourceFileError(path, f"airport id is not an integer ({err})", line) from err
    return pairs


def parse_openflights(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Airport graph from ``files['airports']`` and ``files['routes']``."""
    airports = read_airports(files["airports"])
    routes = sorted(
        {
            (min(a, b), max(a, b))
            for a, b in read_route_ids(files["routes"])
            if a != b and a in airports and b in airports
        }
    )
    used = sorted({airport_id for pair in routes for airport_id in pair})
    position = {airport_id: i for i, airport_id in enumerate(used)}
    bases = [_display_name(airports[i]) for i in used]
    names = disambiguate(bases, used)
    src = np.asarray([position[a] for a, _ in routes], dtype=np.int64)
    dst = np.asarray([position[b] for _, b in routes], dtype=np.int64)
    weights = np.asarray(
        [
            round(haversine_km(airports[a].lat, airports[a].lon, airports[b].lat, airports[b].lon))
            for a, b in routes
        ],
        dtype=np.int64,
    )
    return EdgeTable(names=names, src=src, dst=dst, weights=weights)


def _display_name(airport: Airport) -> str:
    name = airport.name or f"Airport {airport.id}"
    return f"{name} ({airport.code})" if airport.code else name
