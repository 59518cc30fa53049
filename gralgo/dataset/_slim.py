"""A task file's instances as a job reads them (one format, no graph), remembered on disk.

An evaluation job sends one format's prompts and checks answers without the graphs, but each
dataset line holds every format's prompt and the node-link graph: parsing the ``main`` dataset's
150 MB costs every job ~0.5 s of CPU. After a task file is parsed, its instances are written as
slim records (the same fields with the graph left empty, the JSON-text fields parsed and only
the formats read) to ``<cache>/slim/<key>.json``: one JSON array of plain lists, dicts and
strings, a format safe for untrusted bytes (nothing in it can run code). The file is opened
without following a link (``O_NOFOLLOW``) and read only when the opened descriptor is a regular
file owned by this user that no one else can write (a file swapped in by another user is
ignored). The key hashes the file's sha256 from the manifest (which the dataset check has just
confirmed), the formats and this layout's version, so records kept for other contents are never
found. A slim file that cannot be read or parsed is ignored (the dataset file is read instead);
one that cannot be written is skipped.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Collection, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from gralgo.dataset._instance import Instance, PromptVariant

SLIM_DIR = "slim"
SLIM_VERSION = 3
"""Bumped whenever :class:`Instance` or this layout changes shape (3: JSON, was marshal)."""
_FIELDS = tuple(f.name for f in fields(Instance))


def slim_path(cache_dir: Path, file_sha256: str, formats: Collection[str]) -> Path:
    """Where the slim records of the file with this sha256, in these formats, are kept."""
    key = f"{SLIM_VERSION}\0{file_sha256}\0{','.join(sorted(formats))}"
    return Path(cache_dir) / SLIM_DIR / f"{hashlib.sha256(key.encode()).hexdigest()}.json"


def _record(instance: Instance) -> dict[str, Any]:
    """``instance`` as plain data (each prompt a ``[text, answer, tokens]`` list)."""
    data = {name: getattr(instance, name) for name in _FIELDS}
    data["prompts"] = {k: [p.text, p.answer, p.tokens] for k, p in instance.prompts.items()}
    return data


def _instance(data: dict[str, Any]) -> Instance:
    """The instance of a record; a ``TypeError`` (or ``KeyError``...) when it is not one."""
    data["prompts"] = {k: PromptVariant(*v) for k, v in data["prompts"].items()}
    return Instance(**data)


def read_own_file(path: Path) -> bytes | None:
    """The bytes of ``path`` when it is a regular file (not a link) owned by this user and
    writable by no one else, as checked on the opened descriptor; ``None`` otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        mine = info.st_uid == os.geteuid()
        if not stat.S_ISREG(info.st_mode) or not mine or info.st_mode & 0o022:
            return None
        return handle.read()


def read_slim(path: Path, formats: Collection[str]) -> list[Instance] | None:
    """The instances kept at ``path`` (in ``formats``: its key says so); ``None`` when there are
    none or they cannot be read."""
    try:
        text = read_own_file(path)
        if text is None:
            return None
        records = json.loads(text)
        if not isinstance(records, list):
            return None
        return [_instance(data) for data in records]
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def write_slim(path: Path, instances: Sequence[Instance]) -> None:
    """Keep ``instances`` (read without graphs, in the key's formats) at ``path``, atomically
    (best effort: a read-only cache only means parsing the dataset next time)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".slim-", dir=path.parent)  # mode 0600
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump([_record(instance) for instance in instances], handle)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except (OSError, ValueError, TypeError):
        pass
