"""On-disk cache of parsed sources: ``<key>.npz`` (CSR arrays) + ``<key>.names.json``.

The key hashes the loader kind, input format, resolved options and the input files' content
(sha256 of the bytes; size + mtime for files over :data:`CONTENT_HASH_LIMIT`). Files are written
to a temporary name and moved into place with ``os.replace``, so a reader never sees half a file.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from gralgo.graphs._source_graph import SourceGraph

CACHE_VERSION = 1
"""Bump when parsing changes so old cache entries are ignored."""
CONTENT_HASH_LIMIT = 100 * 1024 * 1024
"""Files up to this size are hashed by content; larger ones by size and mtime."""


def default_cache_dir() -> Path:
    """``$GRALGO_CACHE_DIR`` or ``~/.cache/gralgo/sources``."""
    env = os.environ.get("GRALGO_CACHE_DIR")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "gralgo" / "sources"


def file_fingerprint(path: Path) -> str:
    """sha256 of the file's bytes, or path + size + mtime for very large files."""
    stat = path.stat()
    if stat.st_size > CONTENT_HASH_LIMIT:
        return f"path={path.resolve()};size={stat.st_size};mtime_ns={stat.st_mtime_ns}"
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return "sha256=" + digest.hexdigest()


def cache_key(kind: str, fmt: str, options: Mapping[str, Any], files: Mapping[str, Path]) -> str:
    """A hex key that changes whenever the kind, format, options or file content change."""
    payload = {
        "version": CACHE_VERSION,
        "kind": kind,
        "format": fmt,
        "options": {k: _jsonable(v) for k, v in options.items()},
        "files": {role: file_fingerprint(path) for role, path in files.items()},
    }
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return repr(value)


def load_cached(cache_dir: Path, key: str, name: str) -> SourceGraph | None:
    """The cached graph for ``key`` (renamed ``name``), or ``None`` when absent or unreadable."""
    arrays_path, names_path = _paths(cache_dir, key)
    if not (arrays_path.is_file() and names_path.is_file()):
        return None
    try:
        meta = json.loads(names_path.read_text(encoding="utf-8"))
        with np.load(arrays_path, allow_pickle=False) as arrays:
            indptr, indices = arrays["indptr"], arrays["indices"]
            weights = arrays["weights"] if "weights" in arrays.files else None
            labels = arrays["labels"] if "labels" in arrays.files else None
        node_names = tuple(meta["node_names"])
        if indptr.shape[0] != len(node_names) + 1 or int(indptr[-1]) != indices.shape[0]:
            return None
    except (OSError, ValueError, KeyError, TypeError):
        return None  # a damaged entry is rebuilt
    return SourceGraph(
        name=name,
        node_names=node_names,
        indptr=indptr,
        indices=indices,
        edge_weight=weights,
        edge_label=labels,
        labels=tuple(meta["labels"]),
    )


def store(cache_dir: Path, key: str, graph: SourceGraph) -> None:
    """Write ``graph`` under ``key`` atomically (names first; the .npz marks completion)."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    arrays_path, names_path = _paths(cache_dir, key)
    meta = {"node_names": list(graph.node_names), "labels": list(graph.labels)}
    text = json.dumps(meta, ensure_ascii=False, separators=(",", ":"))
    _atomic_write(names_path, lambda handle: handle.write(text.encode("utf-8")))
    arrays: dict[str, np.ndarray] = {"indptr": graph.indptr, "indices": graph.indices}
    if graph.edge_weight is not None:
        arrays["weights"] = graph.edge_weight
    if graph.edge_label is not None:
        arrays["labels"] = graph.edge_label
    _atomic_write(arrays_path, lambda handle: np.savez(handle, allow_pickle=False, **arrays))


def _paths(cache_dir: Path, key: str) -> tuple[Path, Path]:
    return cache_dir / f"{key}.npz", cache_dir / f"{key}.names.json"


def _atomic_write(path: Path, write: Any) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; cache entries are meant to be shared
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
