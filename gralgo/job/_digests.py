"""What a job's results are made of, as digests: the inputs and the samples' content.

- :func:`inputs_digest`: the resolved config, the endpoint variables set in the environment,
  gralgo's source (and that of any task module
  outside gralgo a config names), the versions of the libraries that format the results, and
  every dataset file's name, size and modification time;
- :func:`samples_digest` / :func:`rows_digest`: every stored column of the job's samples
  (answer and reasoning text, finish reason, tokens, times, attempts...), so a ledger restored
  or edited in place, keeping its device and inode, no longer matches;
- :func:`ledger_files_state`: a SQLite ledger's files as the kernel sees them (device, inode,
  size, modification and change time of the database and its write-ahead log). A write of
  any kind changes the change time (which no user can set back), so while the state is the
  one recorded with a digest, the content is the one digested and need not be read again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from importlib import metadata
from pathlib import Path
from typing import Any

from gralgo.ledger import LedgerStore, SampleRecord

_FORMATTING_LIBRARIES = ("numpy", "pandas", "scipy", "matplotlib")
CONTENT_COLUMNS: tuple[str, ...] = tuple(
    f.name for f in fields(SampleRecord) if f.name not in ("request_key", "sample_index")
)
"""Every stored column of a sample besides its key: all of them are in the samples digest."""


def package_digest() -> bytes:
    """SHA-256 of every ``.py`` file of the installed gralgo package (name and bytes)."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _external_task_digest(config: Mapping[str, Any]) -> bytes:
    """The source of task modules outside gralgo that the config names (``impl: mod:Class``)."""
    import importlib.util

    digest = hashlib.sha256()
    for name, entry in sorted((config.get("task") or {}).items()):
        impl = entry.get("impl") if isinstance(entry, Mapping) else None
        if not impl:
            continue
        spec = importlib.util.find_spec(str(impl).split(":", 1)[0])
        origin = spec.origin if spec is not None else None
        source = Path(origin).read_bytes() if origin and Path(origin).is_file() else b"?"
        digest.update(f"{name}\0{impl}\0".encode() + source)
    return digest.digest()


def dataset_files_digest(dataset_dir: Path) -> bytes:
    """SHA-256 of every dataset file's relative name, size and modification time."""
    digest = hashlib.sha256()
    if dataset_dir.is_dir():
        for path in sorted(p for p in dataset_dir.rglob("*") if p.is_file()):
            stat = path.stat()
            name = str(path.relative_to(dataset_dir))
            digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.digest()


def inputs_digest(
    config: Mapping[str, Any], dataset_dir: Path, environment: Mapping[str, str] | None = None
) -> str:
    """SHA-256 of the resolved config, the environment variables that decide where requests go
    (``environment``), the code and library versions, and the dataset files."""
    digest = hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode())
    if environment:  # digests of jobs without such variables stay as they were
        digest.update(json.dumps(dict(environment), sort_keys=True).encode())
    digest.update(package_digest())
    digest.update(_external_task_digest(config))
    for name in _FORMATTING_LIBRARIES:
        try:
            digest.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=-".encode())
    digest.update(dataset_files_digest(dataset_dir))
    return digest.hexdigest()


def _value(value: object) -> bytes:
    if value is None:
        return b"\0"
    if isinstance(value, str):
        return b"\1" + value.encode("utf-8", "surrogatepass") + b"\0"
    return b"\2" + repr(value).encode() + b"\0"


def _rows(ledger: LedgerStore, request_keys: Iterable[str]) -> Iterable[tuple[object, ...]]:
    return ledger.rows(request_keys, list(CONTENT_COLUMNS))


_ERROR = CONTENT_COLUMNS.index("error_class") + 2


def samples_digest(ledger: LedgerStore, request_keys: Sequence[str], k: int) -> str | None:
    """SHA-256 of the content of the job's samples (index < k); ``None`` unless every sample
    is stored and succeeded."""
    digest = hashlib.sha256()
    seen = 0
    for row in _rows(ledger, request_keys):
        if int(row[1]) >= k:  # type: ignore[call-overload]
            continue
        if row[_ERROR] is not None:
            return None
        seen += 1
        digest.update(b"".join(_value(v) for v in row))
    if seen != len(set(request_keys)) * k:
        return None
    return digest.hexdigest()


def rows_digest(ledger: LedgerStore, request_keys: Sequence[str], k: int) -> str:
    """SHA-256 of the content of whichever samples (index < k) of ``request_keys`` the ledger
    holds, errors included: it changes when any of them is added or rewritten."""
    digest = hashlib.sha256()
    for row in _rows(ledger, request_keys):
        if int(row[1]) < k:  # type: ignore[call-overload]
            digest.update(b"".join(_value(v) for v in row))
    return digest.hexdigest()


def ledger_files_state(location: str) -> str:
    """The state of a SQLite ledger's database and write-ahead log files ('' for a server
    ledger, whose content is always digested); an empty log counts as none."""
    if "://" in location:
        return ""
    parts = []
    for path in (location, location + "-wal"):
        try:
            stat = os.stat(path)
        except FileNotFoundError:
            parts.append("-")
            continue
        if path != location and stat.st_size == 0:
            parts.append("-")
            continue
        parts.append(
            f"{stat.st_dev}:{stat.st_ino}:{stat.st_size}:{stat.st_mtime_ns}:{stat.st_ctime_ns}"
        )
    return "|".join(parts)
