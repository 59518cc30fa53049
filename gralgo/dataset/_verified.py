"""Datasets already checked against their manifest, remembered on disk between jobs.

Hashing every file of a dataset (150 MB for ``main``) costs every job ~0.3 s of CPU. After a
check passes, an empty marker is written to ``<cache>/verified/<key>``, where the key hashes the
dataset's path, its manifest's bytes and each listed file's size, mtime, ctime and inode. Any
change to a file (an edit, a copy over it, a touch, a restore of its old mtime: ctime cannot be
set back) gives another key, so its files are hashed again: the check fails closed. A cache that
cannot be read or written is skipped.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

VERIFIED_DIR = "verified"


def file_stamp(directory: Path, name: str) -> tuple[str, int, int, int, int]:
    """(name, size, mtime_ns, ctime_ns, inode) of a file; raises ``OSError`` if it is gone."""
    stat = os.stat(directory / name)
    return (name, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


def verified_key(directory: Path, manifest: bytes, stamps: Sequence[tuple[object, ...]]) -> str:
    """The marker's name for these exact files."""
    digest = hashlib.sha256()
    digest.update(str(directory).encode() + b"\0")
    digest.update(hashlib.sha256(manifest).digest())
    digest.update(repr(list(stamps)).encode())
    return digest.hexdigest()


def was_verified(cache_dir: Path | None, key: str) -> bool:
    """Whether files with this key passed the check before."""
    if cache_dir is None:
        return False
    try:
        return (Path(cache_dir) / VERIFIED_DIR / key).is_file()
    except OSError:
        return False


def remember_verified(cache_dir: Path | None, key: str) -> None:
    """Write the marker (best effort: a read-only cache only means hashing next time)."""
    if cache_dir is None:
        return
    try:
        folder = Path(cache_dir) / VERIFIED_DIR
        folder.mkdir(parents=True, exist_ok=True)
        (folder / key).touch()
    except OSError:
        pass
