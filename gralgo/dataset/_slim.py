"""A task file's instances as a job reads them (one format, no graph), remembered on disk.

An evaluation job sends one format's prompts and checks answers without the graphs, but each
dataset line holds every format's prompt and the node-link graph: parsing the ``main`` dataset's
150 MB costs every job ~0.5 s of CPU. After a task file is parsed, its instances are written as
slim lines (the same records with the graph left empty and only the formats read) to
``<cache>/slim/<key>.jsonl``. The key hashes the file's sha256 from the manifest (which the
dataset check has just confirmed), the formats and this layout's version, so lines kept for
other contents are never found. A slim file that cannot be read or parsed is ignored (the
dataset file is read instead); one that cannot be written is skipped.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Collection, Sequence
from pathlib import Path

from gralgo.dataset._instance import Instance

SLIM_DIR = "slim"
SLIM_VERSION = 1
"""Bumped whenever :class:`Instance` or its JSON changes shape."""


def slim_path(cache_dir: Path, file_sha256: str, formats: Collection[str]) -> Path:
    """Where the slim lines of the file with this sha256, in these formats, are kept."""
    key = f"{SLIM_VERSION}\0{file_sha256}\0{','.join(sorted(formats))}"
    return Path(cache_dir) / SLIM_DIR / f"{hashlib.sha256(key.encode()).hexdigest()}.jsonl"


def read_slim(path: Path, formats: Collection[str]) -> list[Instance] | None:
    """The instances kept at ``path``; ``None`` when there are none or they cannot be read."""
    try:
        with path.open(encoding="utf-8") as handle:
            return [Instance.from_json(line, formats, False) for line in handle]
    except (OSError, ValueError, TypeError, KeyError):
        return None


def write_slim(path: Path, instances: Sequence[Instance]) -> None:
    """Keep ``instances`` (read without graphs, in the key's formats) at ``path``, atomically
    (best effort: a read-only cache only means parsing the dataset next time)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".slim-", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                for instance in instances:
                    handle.write(instance.to_json())
                    handle.write("\n")
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass
