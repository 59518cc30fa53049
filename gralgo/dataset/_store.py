"""The dataset on disk: ``manifest.json`` + ``instances/<task>.jsonl``, written atomically."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from gralgo.dataset._instance import Instance
from gralgo.dataset._split_names import hard, hard_slice
from gralgo.dataset._verified import file_stamp, remember_verified, verified_key, was_verified
from gralgo.errors import GralgoError

MANIFEST = "manifest.json"
INSTANCES_DIR = "instances"
FORMAT_VERSION = 2  # 2: graph/params/certificate/provenance as JSON text, answer a string
DIR_MODE = 0o755
"""Dataset folders are world-readable, like the files in them."""


class DatasetError(GralgoError):
    """A dataset directory that is missing, incomplete or does not match its manifest."""


def canonical_json(data: Any) -> str:
    """Byte-stable JSON (sorted keys, UTF-8, two-space indent, trailing newline)."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, indent=2) + "\n"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_dataset(
    directory: Path,
    instances_by_task: Mapping[str, Iterable[Instance]],
    *,
    config: Mapping[str, Any],
    extra_files: Mapping[str, str] | None = None,
) -> Path:
    """Write instances into ``directory`` (see :func:`write_dataset_lines`)."""

    def lines(items: Iterable[Instance]) -> Iterator[tuple[str, str]]:
        for instance in items:
            yield instance.to_json(), f"{instance.context}/level-{instance.level}"

    return write_dataset_lines(
        directory,
        {task: lines(items) for task, items in instances_by_task.items()},
        config=config,
        extra_files=extra_files,
    )


def write_dataset_lines(
    directory: Path,
    lines_by_task: Mapping[str, Iterable[tuple[str, str]]],
    *,
    config: Mapping[str, Any],
    extra_files: Mapping[str, str] | None = None,
) -> Path:
    """Write ``(json_line, "context/level-N")`` pairs per task, replacing ``directory`` only once
    everything is complete.

    Everything is first written into a temporary sibling directory; a failure (or a kill) leaves
    ``directory`` untouched and no half-written files in it.
    """

    def write_task(path: Path, task: str) -> dict[str, int]:
        per_level: dict[str, int] = {}
        with path.open("w", encoding="utf-8", newline="\n") as handle:
            for line, group in lines_by_task[task]:
                handle.write(line)
                handle.write("\n")
                per_level[group] = per_level.get(group, 0) + 1
        return per_level

    return _write_staged(directory, sorted(lines_by_task), write_task, config, extra_files)


def write_dataset_parts(
    directory: Path,
    parts_by_task: Mapping[str, Sequence[tuple[Path, Sequence[str]]]]
    | Iterable[tuple[str, Sequence[tuple[Path, Sequence[str]]]]],
    *,
    config: Mapping[str, Any],
    extra_files: Mapping[str, str] | Callable[[], Mapping[str, str]] | None = None,
) -> Path:
    """:func:`write_dataset_lines` for lines already written to part files: per task, the
    ``(part file, group of each of its lines)`` pairs in order. Each task file is the parts'
    bytes copied as they are (the same bytes as writing their lines again, without decoding
    them), hashed as they are copied.

    ``parts_by_task`` may also be an iterable of ``(task, parts)`` in any order, each task once
    (a build hands tasks over as they complete); ``extra_files`` may then be a function called
    once every task is written."""
    if isinstance(parts_by_task, Mapping):
        pairs: Iterable[tuple[str, Sequence[tuple[Path, Sequence[str]]]]] = sorted(
            parts_by_task.items()
        )
    else:
        pairs = parts_by_task
    current: dict[str, Sequence[tuple[Path, Sequence[str]]]] = {}
    hashes: dict[str, str] = {}

    def tasks() -> Iterator[str]:
        for task, parts in pairs:
            if task in current:
                raise DatasetError(f"task {task} handed over twice")
            current[task] = parts
            yield task

    def write_task(path: Path, task: str) -> dict[str, int]:
        per_level: dict[str, int] = {}
        digest = hashlib.sha256()
        with path.open("wb") as out:
            for part, groups in current[task]:
                lines = 0
                with part.open("rb") as handle:
                    while block := handle.read(1 << 20):
                        out.write(block)
                        digest.update(block)
                        lines += block.count(b"\n")
                if lines != len(groups):
                    raise DatasetError(f"{part}: {lines} lines, {len(groups)} expected")
                for group in groups:
                    per_level[group] = per_level.get(group, 0) + 1
        hashes[f"{INSTANCES_DIR}/{task}.jsonl"] = digest.hexdigest()
        return per_level

    return _write_staged(directory, tasks(), write_task, config, extra_files, hashes)


def _write_staged(
    directory: Path,
    tasks: Iterable[str],
    write_task: Callable[[Path, str], dict[str, int]],
    config: Mapping[str, Any],
    extra_files: Mapping[str, str] | Callable[[], Mapping[str, str]] | None,
    hashes: Mapping[str, str] | None = None,
) -> Path:
    """Write each task's file with ``write_task`` (it returns the task's counts per group), the
    extra files and the manifest into a staging directory, then swap it into place.

    ``extra_files`` may be a function, called after the tasks; ``hashes``: SHA-256 of files
    ``write_task`` already hashed, by manifest path (filled while it runs), not read again."""
    directory = Path(directory)
    directory.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.tmp-", dir=directory.parent))
    try:
        staging.chmod(DIR_MODE)  # mkdtemp makes it 0700: others must be able to read the data
        (staging / INSTANCES_DIR).mkdir(mode=DIR_MODE)
        counts: dict[str, dict[str, int]] = {}
        for task in tasks:
            per_level = write_task(staging / INSTANCES_DIR / f"{task}.jsonl", task)
            counts[task] = dict(sorted(per_level.items()))
        extra = extra_files() if callable(extra_files) else extra_files
        for name, text in sorted((extra or {}).items()):
            (staging / name).write_text(text, encoding="utf-8", newline="\n")
        known = hashes or {}
        files = {}
        for p in sorted(staging.rglob("*")):
            if p.is_file():
                name = str(p.relative_to(staging)).replace(os.sep, "/")
                files[name] = known[name] if name in known else _sha256(p)
        content_hash = hashlib.sha256(canonical_json(files).encode()).hexdigest()
        manifest = {
            "format_version": FORMAT_VERSION,
            "config": dict(config),
            "counts": counts,
            "total": sum(sum(c.values()) for c in counts.values()),
            "files": files,
            "content_hash": content_hash,
        }
        (staging / MANIFEST).write_text(canonical_json(manifest), encoding="utf-8", newline="\n")
        _swap_into_place(staging, directory)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return directory


def _swap_into_place(staging: Path, directory: Path) -> None:
    if directory.exists():
        if not (directory / MANIFEST).exists() and any(directory.iterdir()):
            raise DatasetError(
                f"{directory} exists and is not a gralgo dataset (no {MANIFEST}); "
                "refusing to overwrite it: choose another dataset.dir"
            )
        old = directory.with_name(f".{directory.name}.old-{os.getpid()}")
        os.replace(directory, old)
        os.replace(staging, directory)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(staging, directory)


def read_manifest(directory: Path) -> dict[str, Any]:
    """The manifest of a complete dataset; a :class:`DatasetError` when it is missing or bad."""
    path = Path(directory) / MANIFEST
    if not path.is_file():
        raise DatasetError(f"{directory} is not a built dataset ({MANIFEST} missing)")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetError(f"{path} is not a valid manifest ({exc}): rebuild the dataset") from exc
    required = {"format_version": int, "config": dict, "counts": dict, "files": dict}
    if not isinstance(manifest, dict) or any(
        not isinstance(manifest.get(k), t) for k, t in required.items()
    ):
        raise DatasetError(
            f"{path} is not a valid manifest (needs {', '.join(required)}): rebuild the dataset"
        )
    return manifest


LINE_BUFFER = 1 << 20
"""Read buffer of an instances file (bytes): larger than its longest lines."""

_VERIFIED: set[str] = set()
"""Datasets whose files matched their manifest in this process (keys of ``_verified``)."""


def verify_dataset(directory: Path, cache_dir: Path | None = None) -> None:
    """Check every file against the manifest's sha256 (once per process while unchanged; with
    ``cache_dir``, once while unchanged: see :mod:`gralgo.dataset._verified`).

    Raises :class:`DatasetError` naming the first file that is missing or was changed.
    """
    directory = Path(directory).resolve()
    manifest = read_manifest(directory)
    files: dict[str, str] = manifest["files"]
    if hashlib.sha256(canonical_json(files).encode()).hexdigest() != manifest.get("content_hash"):
        raise DatasetError(
            f"{directory / MANIFEST}: the file list does not match its content_hash (edited?): "
            "rebuild the dataset"
        )
    stamps = []
    for name in sorted(files):
        try:
            stamps.append(file_stamp(directory, name))
        except OSError:
            raise DatasetError(
                f"{directory / name} is missing (listed in {MANIFEST}): rebuild the dataset"
            ) from None
    key = verified_key(directory, (directory / MANIFEST).read_bytes(), stamps)
    if key in _VERIFIED or was_verified(cache_dir, key):
        _VERIFIED.add(key)
        return
    for name in sorted(files):
        if _sha256(directory / name) != files[name]:
            raise DatasetError(
                f"{directory / name} does not match the sha256 in {MANIFEST} (edited or "
                "truncated): rebuild the dataset, or restore the file"
            )
    _VERIFIED.add(key)
    remember_verified(cache_dir, key)


def read_instances(
    directory: Path,
    *,
    tasks: Sequence[str] | None = None,
    levels: Sequence[int] | None = None,
    per_level: int | None = None,
    context: str | None = None,
    formats: Sequence[str] | None = None,
    with_graphs: bool = True,
    cache_dir: Path | None = None,
) -> list[Instance]:
    """Instances of a built, verified dataset, filtered; ordered by task, context, level, index.

    The files are checked against the manifest first (:func:`verify_dataset`; with
    ``cache_dir``, remembered there while unchanged). ``formats``
    keeps only those prompt variants, and ``with_graphs=False`` leaves each ``graph`` empty: an
    evaluation job sends one format's prompts and checks answers, and the other prompts and the
    node-link graphs are most of an instance's memory.
    """
    verify_dataset(directory, cache_dir)
    manifest = read_manifest(directory)
    available = sorted(manifest["counts"])
    chosen = available if tasks is None else list(tasks)
    missing = [t for t in chosen if t not in available]
    if missing:
        raise DatasetError(
            f"{directory} has no instances of {missing}; it holds {available}: rebuild it"
        )
    wanted = None if formats is None else set(formats)

    def keep(instance: Instance) -> bool:
        return not (
            (levels is not None and instance.level not in levels)
            or (context is not None and instance.context != context)
            or (per_level is not None and instance.index >= per_level and not hard(instance))
        )

    build = manifest.get("config") or {}

    out: list[Instance] = []
    for task in chosen:
        name = f"{INSTANCES_DIR}/{task}.jsonl"
        out.extend(_task_instances(Path(directory), name, wanted, with_graphs, keep))
    out.sort(key=lambda i: (i.task, i.context, i.level, i.index))
    if per_level is not None and per_level < int(build.get("per_level") or per_level + 1):
        sliced = hard_slice(per_level)  # the splits a smaller build holds
        out = [kept for kept in map(sliced, out) if kept is not None]
    return out


def _task_instances(
    directory: Path,
    name: str,
    formats: set[str] | None,
    with_graphs: bool,
    keep: Callable[[Instance], bool],
) -> list[Instance]:
    """The instances of the file ``name`` (checked against the manifest) that ``keep`` accepts."""
    path = directory / name
    out: list[Instance] = []
    # Parsed line by line (a bad byte names its line) from a 1 MiB buffer: the lines are 8-128
    # KB, and the default 8 KiB buffer joined each from many reads (0.1 s for main's 148 MB).
    with path.open("rb", buffering=LINE_BUFFER) as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                instance = Instance.from_json(raw, formats, with_graphs)
            except (ValueError, TypeError, KeyError) as exc:  # UnicodeDecodeError included
                raise DatasetError(
                    f"{path}:{number}: not a valid instance ({exc}): rebuild the dataset"
                ) from exc
            if keep(instance):
                out.append(instance)
    return out
