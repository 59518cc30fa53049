"""Whether a finished job's folder is current: a re-run that would write the same files skips.

After a complete job, ``.results.stamp`` in its folder records three digests and the files:

- **inputs**: the resolved config, gralgo's source (and that of any task module outside gralgo
  a config names), the versions of the libraries that format the results, and every dataset
  file's name, size and modification time;
- **samples**: for each of the job's (request key, sample index < k), its error class, finish
  reason and attempt count, plus the ledger's identity (``identity()``: a SQLite file's device
  and inode; a PostgreSQL server, database oid and samples table file node). A success row is
  final in the ledger and any rewrite of an error row adds attempts, so an unchanged digest
  means unchanged samples (a copied or rebuilt ledger has another identity); likewise for the
  rows of any other requests the results read (certificate mode's direct-mode accuracy);
- **files**: size and modification time of every result file, and the summary the job printed.

A re-run whose three match reprints the summary and rewrites nothing. Anything else -- a
missing or errored sample, a new config value, other code, an edited or deleted result file --
takes the full path, which scores and reports again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

STAMP_FILE = ".results.stamp"
_FORMATTING_LIBRARIES = ("numpy", "pandas", "scipy", "matplotlib")


@dataclass(frozen=True)
class ResultsStamp:
    """What a complete job's results were made from, and the files it wrote."""

    inputs: str
    samples: str
    files: dict[str, list[int]]
    """File name (relative to the job folder) -> [size, modification time in ns]."""
    summary: str
    """The job summary as printed."""
    samples_total: int
    folder: str = ""
    """The job folder the stamp was written for (resolved), which the summary names."""
    dependencies: tuple[str, ...] = ()
    """Request keys of other samples the results were made from (certificate mode reports the
    direct-mode accuracy of the same instances when the ledger has it)."""
    dependencies_digest: str = ""
    """:func:`rows_digest` of :attr:`dependencies` when the results were written."""
    mlflow_parent: str = ""
    """The MLflow parent run of the sweep the job was logged under ('' outside a sweep): a
    job of a new sweep logs a run of its own under that sweep's parent."""


def _package_digest() -> bytes:
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


def inputs_digest(config: Mapping[str, Any], dataset_dir: Path) -> str:
    """SHA-256 of the resolved config, the code and library versions, and the dataset files."""
    digest = hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode())
    digest.update(_package_digest())
    digest.update(_external_task_digest(config))
    for name in _FORMATTING_LIBRARIES:
        try:
            digest.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=-".encode())
    if dataset_dir.is_dir():
        for path in sorted(p for p in dataset_dir.rglob("*") if p.is_file()):
            stat = path.stat()
            name = str(path.relative_to(dataset_dir))
            digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def samples_digest(ledger: Any, request_keys: Sequence[str], k: int) -> str | None:
    """SHA-256 of the job's sample versions and the ledger's identity (``ledger.identity()``);
    ``None`` unless every sample succeeded."""
    digest = hashlib.sha256(f"{ledger.identity()}\0".encode())
    seen = 0
    for key, index, error_class, finish_reason, attempts in ledger.rows(
        request_keys, ["error_class", "finish_reason", "attempts"]
    ):
        if int(index) >= k:
            continue
        if error_class is not None:
            return None
        seen += 1
        digest.update(f"{key}\0{index}\0{finish_reason}\0{attempts}\0".encode())
    if seen != len(set(request_keys)) * k:
        return None
    return digest.hexdigest()


def rows_digest(ledger: Any, request_keys: Sequence[str], k: int) -> str:
    """SHA-256 of whichever samples (index < k) of ``request_keys`` the ledger holds, errors
    included: it changes when any of them is added or rewritten."""
    digest = hashlib.sha256()
    for key, index, error_class, finish_reason, attempts in ledger.rows(
        request_keys, ["error_class", "finish_reason", "attempts"]
    ):
        if int(index) < k:
            digest.update(f"{key}\0{index}\0{error_class}\0{finish_reason}\0{attempts}\0".encode())
    return digest.hexdigest()


def file_states(out_dir: Path, paths: Sequence[Path]) -> dict[str, list[int]]:
    """[size, mtime_ns] of each existing file, by its name relative to ``out_dir``."""
    states = {}
    for path in paths:
        if path.is_file():
            stat = path.stat()
            states[str(path.resolve().relative_to(out_dir.resolve()))] = [
                stat.st_size,
                stat.st_mtime_ns,
            ]
    return states


def write_stamp(out_dir: Path, stamp: ResultsStamp) -> None:
    """Record ``stamp`` (atomically: a half-written stamp must never look current)."""
    path = out_dir / STAMP_FILE
    partial = path.with_name(path.name + f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(asdict(stamp), sort_keys=True), encoding="utf-8")
    os.replace(partial, path)


def read_stamp(out_dir: Path) -> ResultsStamp | None:
    """The folder's stamp, or ``None`` when there is none or it cannot be read."""
    try:
        data = json.loads((out_dir / STAMP_FILE).read_text(encoding="utf-8"))
        data["dependencies"] = tuple(data.get("dependencies", ()))
        return ResultsStamp(**data)
    except (OSError, ValueError, TypeError):
        return None


def files_unchanged(out_dir: Path, stamp: ResultsStamp) -> bool:
    """Every file the stamp lists is still there with the same size and modification time."""
    paths = [out_dir / name for name in stamp.files]
    return bool(stamp.files) and file_states(out_dir, paths) == stamp.files
