"""The real samples shipped inside the package (``gralgo/graphs/data``) and file resolution."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from gralgo.errors import ConfigError

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
"""Root of the embedded samples; each source folder carries its LICENSE/ATTRIBUTION."""

EMBEDDED_FILES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "osm_harrisburg": {"osm": "osm/harrisburg.osm.pbf"},
        "osm_liechtenstein": {"osm": "osm/liechtenstein.osm.pbf"},
        "osm_baltimore": {"osm": "osm/baltimore.osm.pbf"},
        "osm_paris": {"osm": "osm/paris.osm.pbf"},
        "openflights": {
            "airports": "openflights/airports.dat.gz",
            "routes": "openflights/routes.dat.gz",
        },
        "wikispeedia": {
            "articles": "wikispeedia/articles.tsv.gz",
            "links": "wikispeedia/links.tsv.gz",
        },
        "dbpedia50": {
            "train": "dbpedia50/train.txt.gz",
            "valid": "dbpedia50/valid.txt.gz",
            "test": "dbpedia50/test.txt.gz",
        },
        "dblp": {"csv": "dblp/DBLP.csv.gz"},
    }
)
"""Source name -> file role -> path under :data:`DATA_DIR`."""


def resolve_files(source: str, files: Mapping[str, str | None]) -> dict[str, Path]:
    """Paths for each file role; ``None`` takes the embedded sample of ``source``."""
    resolved: dict[str, Path] = {}
    for role, path in sorted(files.items()):
        if path is not None:
            resolved[role] = Path(path).expanduser()
            continue
        embedded = EMBEDDED_FILES.get(source, {}).get(role)
        if embedded is None:
            raise ConfigError(
                f"source {source!r}: files.{role} is null but no embedded sample exists for it; "
                f"give a path (embedded samples: {sorted(EMBEDDED_FILES)})"
            )
        resolved[role] = DATA_DIR / embedded
    return resolved
