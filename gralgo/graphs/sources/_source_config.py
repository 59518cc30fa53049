"""The typed description of one graph source, as written in ``conf/source/<name>.yaml``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gralgo.errors import ConfigError

_TOP_LEVEL_KEYS = ("name", "kind", "files", "options")


@dataclass(frozen=True)
class SourceConfig:
    """Which loader to run on which files with which options."""

    name: str
    """Source name, e.g. ``osm_harrisburg``; also names the embedded sample, if any."""
    kind: str
    """Loader kind: one of ``SOURCE_KINDS`` (``osm``, ``openflights``, ...)."""
    files: Mapping[str, str | None] = field(default_factory=dict)
    """File role -> path; ``None`` means the embedded sample file for that role."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Loader options; missing ones take the kind's defaults."""

    @classmethod
    def from_dict(cls, name: str, data: Mapping[str, Any]) -> SourceConfig:
        """Build from a plain mapping (a resolved yaml node); a ``name`` key overrides ``name``."""
        if not isinstance(data, Mapping):
            raise ConfigError(f"source {name!r}: expected a mapping, got {type(data).__name__}")
        unknown = sorted(set(data) - set(_TOP_LEVEL_KEYS))
        if unknown:
            raise ConfigError(
                f"source {name!r}: unknown keys {unknown}; allowed keys: {list(_TOP_LEVEL_KEYS)} "
                "(put loader settings under `options:`)"
            )
        if "kind" not in data:
            raise ConfigError(f"source {name!r}: missing `kind:`")
        files = data.get("files") or {}
        options = data.get("options") or {}
        if not isinstance(files, Mapping):
            raise ConfigError(f"source {name!r}: `files:` must map file roles to paths")
        if not isinstance(options, Mapping):
            raise ConfigError(f"source {name!r}: `options:` must be a mapping")
        for role, path in files.items():
            if path is not None and not isinstance(path, str):
                raise ConfigError(f"source {name!r}: files.{role} must be a path string or null")
        return cls(
            name=str(data.get("name", name)),
            kind=str(data["kind"]),
            files={str(role): path for role, path in files.items()},
            options={str(key): _plain(value) for key, value in options.items()},
        )


def _plain(value: Any) -> Any:
    """Sequences (lists, ListConfig) become tuples so options stay hashable and compare by value."""
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return tuple(_plain(v) for v in value)
    return value
