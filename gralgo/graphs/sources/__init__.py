"""Loaders for the real-world graph kinds (OSM streets, OpenFlights, Wikipedia, DBpedia, DBLP).

Each loader streams its public file format into a :class:`~gralgo.graphs.SourceGraph` whose node
ids follow sorted names; parsed sources are cached on disk. Embedded real samples live in
``gralgo/graphs/data`` (with their licences) and are used when a config's file path is null.
"""

from gralgo.graphs.sources._cache import default_cache_dir
from gralgo.graphs.sources._embedded import DATA_DIR, EMBEDDED_FILES
from gralgo.graphs.sources._load import load_source, source_fingerprint
from gralgo.graphs.sources._loader_kinds import SOURCE_KINDS, SourceFormat, SourceKind, get_kind
from gralgo.graphs.sources._source_config import SourceConfig

__all__ = [
    "DATA_DIR",
    "EMBEDDED_FILES",
    "SOURCE_KINDS",
    "SourceConfig",
    "SourceFormat",
    "SourceKind",
    "default_cache_dir",
    "get_kind",
    "load_source",
    "source_fingerprint",
]
