"""OpenStreetMap street networks: one node per distinct street name.

Two streets are adjacent when any of their ways share an OSM node (osmium reads PBF and XML), or,
for osmnx GraphML, when edges carrying their names share an intersection node. Only named
``highway=*`` ways pass, filtered like osmnx ``network_type="drive"``; ``name`` values such as
``"A;B"`` name two streets.
"""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from array import array
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from gralgo.errors import ConfigError, SourceFileError
from gralgo.graphs.sources._assemble import EdgeTable, NameIndex
from gralgo.graphs.sources._files import open_binary, require_file

# Highway values osmnx excludes for network_type="drive" (and "all"), as of osmnx 2.x.
_DRIVE_EXCLUDED = frozenset(
    "abandoned bridleway bus_guideway construction corridor cycleway elevator escalator footway "
    "no path pedestrian planned platform proposed raceway razed service steps track".split()
)
_ALL_EXCLUDED = frozenset(
    "abandoned construction no planned platform proposed raceway razed".split()
)
NETWORK_TYPES = {"drive": _DRIVE_EXCLUDED, "all": _ALL_EXCLUDED}


def way_passes(tags: Mapping[str, str], network_type: str) -> bool:
    """Whether a way with ``tags`` belongs to the street network of ``network_type``."""
    highway = tags.get("highway")
    if not highway or highway in NETWORK_TYPES[network_type]:
        return False
    if tags.get("area") == "yes" or tags.get("access") in ("no", "private"):
        return False
    if network_type == "drive":
        if tags.get("motor_vehicle") == "no" or tags.get("motorcar") == "no":
            return False
    return True


def split_names(value: str) -> list[str]:
    """Street names in an OSM ``name`` value (``;`` separates several); empty parts dropped."""
    return [part.strip() for part in value.split(";") if part.strip()]


def _street_table(pairs: Iterable[tuple[str, int]]) -> EdgeTable:
    """Streets adjacent when they touch a common point; ``pairs`` are (street, point id)."""
    streets = NameIndex()
    street_ids = array("q")
    points = array("q")
    for name, ref in pairs:
        street_ids.append(streets.id(name))
        points.append(ref)
    incidence = np.stack(
        [np.frombuffer(points, dtype=np.int64), np.frombuffer(street_ids, dtype=np.int64)], axis=1
    )
    # Unique (point, street) rows, sorted by point: rows i and i + d with the same point are two
    # distinct streets meeting there. Loop over the offset d, not over points (vectorised).
    incidence = np.unique(incidence, axis=0) if incidence.shape[0] else incidence
    point, street = incidence[:, 0], incidence[:, 1]
    src: list[np.ndarray] = []
    dst: list[np.ndarray] = []
    offset = 1
    while offset < point.shape[0]:
        same = point[offset:] == point[:-offset]
        if not same.any():
            break
        src.append(street[:-offset][same])
        dst.append(street[offset:][same])
        offset += 1
    empty = np.empty(0, dtype=np.int64)
    return EdgeTable(
        names=streets.names,
        src=np.concatenate(src) if src else empty,
        dst=np.concatenate(dst) if dst else empty,
    )


def parse_osm(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Street graph from an OSM PBF or XML file (``files['osm']``), read with pyosmium."""
    import osmium

    path = require_file(files["osm"])
    network_type = _network_type(options)

    def incidences() -> Iterable[tuple[str, int]]:
        processor = osmium.FileProcessor(str(path), osmium.osm.WAY).with_filter(
            osmium.filter.KeyFilter("highway")
        )
        for way in processor:
            if not isinstance(way, osmium.osm.Way):  # the entity filter passes only ways
                continue
            tags = {tag.k: tag.v for tag in way.tags}
            if "name" not in tags or not way_passes(tags, network_type):
                continue
            refs = [node.ref for node in way.nodes]
            for street in split_names(tags["name"]):
                for ref in refs:
                    yield street, ref

    try:
        return _street_table(incidences())
    except RuntimeError as err:  # osmium reports unreadable/corrupt input as RuntimeError
        raise SourceFileError(path, f"cannot read OSM data ({err})") from err


def graphml_names(value: str) -> list[str]:
    """Names in an osmnx GraphML ``name`` attribute: ``"A"`` or a list literal ``"['A', 'B']"``."""
    text = value.strip()
    if text.startswith("[") and text.endswith("]"):
        try:
            parsed = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            parsed = None
        if isinstance(parsed, list) and all(isinstance(v, str) for v in parsed):
            return [n for v in parsed for n in split_names(v)]
    return split_names(text)


def parse_graphml(files: Mapping[str, Path], options: Mapping[str, Any]) -> EdgeTable:
    """Street graph from an osmnx GraphML file (``files['graphml']``), streamed with iterparse.

    The GraphML was already filtered by osmnx when downloaded; ``network_type`` is applied
    again to the edges' ``highway`` attribute when present.
    """
    path = require_file(files["graphml"])
    network_type = _network_type(options)
    point_ids = NameIndex()

    def incidences() -> Iterable[tuple[str, int]]:
        attr_names: dict[str, str] = {}
        with open_binary(path) as handle:
            for _, elem in ET.iterparse(handle, events=("end",)):
                tag = elem.tag.rsplit("}", 1)[-1]
                if tag == "key" and elem.get("for") in ("edge", "all"):
                    attr_names[elem.get("id", "")] = elem.get("attr.name", "")
                elif tag == "edge":
                    data = {
                        attr_names.get(d.get("key", ""), ""): d.text or ""
                        for d in elem
                        if d.tag.rsplit("}", 1)[-1] == "data"
                    }
                    if "name" in data and _graphml_highway_passes(data, network_type):
                        ends = (
                            point_ids.id(elem.get("source", "")),
                            point_ids.id(elem.get("target", "")),
                        )
                        for street in graphml_names(data["name"]):
                            for end in ends:
                                yield street, end
                    elem.clear()
                elif tag == "node":
                    elem.clear()

    try:
        return _street_table(incidences())
    except ET.ParseError as err:
        raise SourceFileError(path, f"malformed GraphML ({err.msg})", line=err.position[0]) from err


def _graphml_highway_passes(data: Mapping[str, str], network_type: str) -> bool:
    highway = data.get("highway")
    if highway is None:
        return True
    values = graphml_names(highway)
    tags = {k: v for k, v in data.items() if k in ("area", "access", "motor_vehicle", "motorcar")}
    return any(way_passes({**tags, "highway": value}, network_type) for value in values)


def _network_type(options: Mapping[str, Any]) -> str:
    network_type = str(options["network_type"])
    if network_type not in NETWORK_TYPES:
        raise ConfigError(
            f"option network_type={network_type!r}; valid values: {sorted(NETWORK_TYPES)}"
        )
    return network_type
