"""A task file's instances as a job reads them (one format, no graph), remembered on disk.

An evaluation job sends one format's prompts and checks answers without the graphs, but each
dataset line holds every format's prompt and the node-link graph: parsing the ``main`` dataset's
150 MB costs every job ~0.5 s of CPU. After a task file is parsed, its instances are written as
slim records (the same fields with the graph left empty, the JSON-text fields parsed and only
the formats read) to ``<cache>/slim/<key>.marshal``, in :mod:`marshal`'s format: plain lists,
dicts and strings, read back ~3x faster than JSON (prompts are most of the bytes; 0.25 -> 0.08 s
of CPU for the 2,700 instances of ``main``), and, unlike pickle, never running code. The key
hashes the file's sha256 from the manifest (which the dataset check has just confirmed), the
formats, this layout's version and marshal's (it differs between Python versions), so records
kept for other contents are never found. A slim file that cannot be read or parsed is ignored
(the dataset file is read instead); one that cannot be written is skipped.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from collections.abc import Collection, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from gralgo.dataset._instance import Instance, PromptVariant

SLIM_DIR = "slim"
SLIM_VERSION = 2
"""Bumped whenever :class:`Instance` or this layout changes shape (2: marshal, was JSON lines)."""
_LAYOUT = f"{SLIM_VERSION}.{marshal.version}.{sys.version_info[0]}.{sys.version_info[1]}"
_FIELDS = tuple(f.name for f in fields(Instance))


def slim_path(cache_dir: Path, file_sha256: str, formats: Collection[str]) -> Path:
    """Where the slim records of the file with this sha256, in these formats, are kept."""
    key = f"{_LAYOUT}\0{file_sha256}\0{','.join(sorted(formats))}"
    return Path(cache_dir) / SLIM_DIR / f"{hashlib.sha256(key.encode()).hexdigest()}.marshal"


def _record(instance: Instance) -> dict[str, Any]:
    """``instance`` as plain data (each prompt a ``[text, answer, tokens]`` list)."""
    data = {name: getattr(instance, name) for name in _FIELDS}
    data["prompts"] = {k: [p.text, p.answer, p.tokens] for k, p in instance.prompts.items()}
    return data


def _instance(data: dict[str, Any]) -> Instance:
    """The instance of a record; a ``TypeError`` (or ``KeyError``...) when it is not one."""
    data["prompts"] = {k: PromptVariant(*v) for k, v in data["prompts"].items()}
    return Instance(**data)


def read_slim(path: Path, formats: Collection[str]) -> list[Instance] | None:
    """The instances kept at ``path`` (in ``formats``: its key says so); ``None`` when there are
    none or they cannot be read."""
    try:
        records = marshal.loads(path.read_bytes())  # marshal.load(file): 10x slower
        if not isinstance(records, list):
            return None
        return [_instance(data) for data in records]
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):
        return None


def write_slim(path: Path, instances: Sequence[Instance]) -> None:
    """Keep ``instances`` (read without graphs, in the key's formats) at ``path``, atomically
    (best effort: a read-only cache only means parsing the dataset next time)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".slim-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(marshal.dumps([_record(instance) for instance in instances]))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):  # ValueError: a value marshal cannot hold (never from JSON)
        pass
