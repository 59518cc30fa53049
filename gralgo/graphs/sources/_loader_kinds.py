"""The loader kinds: which file roles each input format takes, its parser and option defaults."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.graphs.sources import _dblp, _dbpedia, _openflights, _osm, _wikipedia
from gralgo.graphs.sources._assemble import EdgeTable

Parser = Callable[[Mapping[str, Path], Mapping[str, Any]], EdgeTable]

COMMON_DEFAULTS: Mapping[str, Any] = MappingProxyType({"largest_component": True})
"""Options every kind takes: keep only the largest connected component."""


@dataclass(frozen=True)
class SourceFormat:
    """One public file format of a kind, recognised by its file roles."""

    name: str
    required: tuple[str, ...]
    """File roles that must be given."""
    optional: tuple[str, ...]
    """File roles that may be given."""
    parse: Parser

    @property
    def roles(self) -> tuple[str, ...]:
        return self.required + self.optional


@dataclass(frozen=True)
class SourceKind:
    """A kind of real-world graph with its formats and option defaults."""

    name: str
    formats: tuple[SourceFormat, ...]
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """Kind-specific option defaults (added to :data:`COMMON_DEFAULTS`)."""

    def format_for(self, roles: Mapping[str, object]) -> SourceFormat:
        """The format whose roles match the given file roles, else :class:`ConfigError`."""
        given = set(roles)
        for fmt in self.formats:
            if given and set(fmt.required) <= given <= set(fmt.roles):
                return fmt
        described = "; ".join(
            f"{f.name}: required {list(f.required)}, optional {list(f.optional)}"
            for f in self.formats
        )
        raise ConfigError(
            f"source kind {self.name!r}: file roles {sorted(given)} match no input format "
            f"({described})"
        )

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``options``; an unknown option is a :class:`ConfigError`."""
        allowed = {**COMMON_DEFAULTS, **self.defaults}
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            raise ConfigError(
                f"source kind {self.name!r}: unknown options {unknown}; valid: {sorted(allowed)}"
            )
        return {**allowed, **options}


def _kinds(*kinds: SourceKind) -> Mapping[str, SourceKind]:
    return MappingProxyType({kind.name: kind for kind in kinds})


SOURCE_KINDS: Mapping[str, SourceKind] = _kinds(
    SourceKind(
        "osm",
        (
            SourceFormat("osm", ("osm",), (), _osm.parse_osm),
            SourceFormat("graphml", ("graphml",), (), _osm.parse_graphml),
        ),
        {"network_type": "drive"},
    ),
    SourceKind(
        "openflights",
        (SourceFormat("openflights", ("airports", "routes"), (), _openflights.parse_openflights),),
    ),
    SourceKind(
        "wikipedia",
        (
            SourceFormat("wikispeedia", ("links",), ("articles",), _wikipedia.parse_wikispeedia),
            SourceFormat("topcats", ("edges", "names"), (), _wikipedia.parse_topcats),
        ),
    ),
    SourceKind(
        "dbpedia",
        (
            SourceFormat("dbpedia50", (), _dbpedia.SPLIT_ROLES, _dbpedia.parse_dbpedia50),
            SourceFormat("ntriples", ("objects",), ("labels",), _dbpedia.parse_ntriples),
        ),
        {"splits": None, "resource_prefix": "http://dbpedia.org/resource/"},
    ),
    SourceKind(
        "dblp",
        (
            SourceFormat("csv", ("csv",), (), _dblp.parse_dblp_csv),
            SourceFormat("xml", ("xml",), (), _dblp.parse_dblp_xml),
            SourceFormat("pairs", ("pairs",), (), _dblp.parse_dblp_pairs),
        ),
        {
            "encoding": "latin-1",
            "publication_types": (
                "article",
                "inproceedings",
                "proceedings",
                "book",
                "incollection",
                "phdthesis",
                "mastersthesis",
            ),
        },
    ),
)
"""Every loader kind by name."""


def get_kind(name: str) -> SourceKind:
    """The kind called ``name``, else :class:`UnknownChoiceError` listing the valid kinds."""
    try:
        return SOURCE_KINDS[name]
    except KeyError:
        raise UnknownChoiceError("source kind", name, list(SOURCE_KINDS)) from None
