"""``load_source``: resolve a :class:`SourceConfig`, use the cache, else parse and cache."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gralgo.graphs._source_graph import SourceGraph
from gralgo.graphs.sources._assemble import assemble
from gralgo.graphs.sources._cache import cache_key, default_cache_dir, load_cached, store
from gralgo.graphs.sources._embedded import resolve_files
from gralgo.graphs.sources._files import require_file
from gralgo.graphs.sources._loader_kinds import SourceFormat, get_kind
from gralgo.graphs.sources._source_config import SourceConfig


def load_source(
    config: SourceConfig, cache_dir: Path | None = None, *, use_cache: bool = True
) -> SourceGraph:
    """The graph described by ``config``, from the cache when the inputs are unchanged.

    Raises ``UnknownChoiceError`` (unknown kind), ``ConfigError`` (bad roles or options),
    ``SourceFileError`` (missing or malformed file) or ``SamplingError`` (empty graph).
    """
    kind, fmt, options, files = _resolve(config)
    directory = default_cache_dir() if cache_dir is None else Path(cache_dir)
    key = cache_key(kind.name, fmt.name, options, files)
    if use_cache:
        cached = load_cached(directory, key, config.name)
        if cached is not None:
            return cached
    graph = parse_source(config.name, fmt, files, options)
    if use_cache:
        store(directory, key, graph)
    return graph


def source_fingerprint(config: SourceConfig) -> str:
    """The content key of a source (loader, options, file bytes): changes iff its data may."""
    kind, fmt, options, files = _resolve(config)
    return cache_key(kind.name, fmt.name, options, files)


def _resolve(config: SourceConfig) -> tuple[Any, SourceFormat, Mapping[str, Any], dict[str, Path]]:
    kind = get_kind(config.kind)
    fmt = kind.format_for(config.files)
    options = kind.resolve_options(config.options)
    files = {
        role: require_file(path) for role, path in resolve_files(config.name, config.files).items()
    }
    return kind, fmt, options, files


def parse_source(
    name: str, fmt: SourceFormat, files: Mapping[str, Path], options: Mapping[str, Any]
) -> SourceGraph:
    """Parse the files (no cache) into the canonical graph."""
    table = fmt.parse(files, options)
    return assemble(name, table, bool(options["largest_component"]))
