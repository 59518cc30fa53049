"""Results shared between job folders: a re-run in a new folder links the files it would write.

Hydra gives every run of ``python -m gralgo ...`` a new timestamped folder, so a folder's own
record (``_record.py``) alone helps only a fixed ``hydra.run.dir``. A complete job therefore
also records its folder under ``outputs/results_index/<inputs digest>``. A later job with the
same inputs looks that folder up; when its results are current (same inputs, same sample
content in the ledger, result files untouched) the job hard-links those files into its own
folder (a copy where links are impossible) and writes its own record, instead of scoring and
reporting again.

Linked files are shared, so nothing may rewrite one in place: before a job writes results
into a folder it calls :func:`detach_shared_files`, which gives every multiply-linked file
there its own copy (same bytes, same modification time). Every other writer replaces files
atomically (``job.json``) or writes new ones (analyses).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path

INDEX_DIR = "results_index"
"""Folder under ``outputs/`` that maps an inputs digest to the newest folder with its results."""


def _entry(outputs_dir: Path, inputs: str) -> Path:
    return outputs_dir / INDEX_DIR / inputs


def remember_folder(outputs_dir: Path, inputs: str, folder: Path) -> None:
    """Record ``folder`` as holding complete results for ``inputs`` (atomically)."""
    entry = _entry(outputs_dir, inputs)
    entry.parent.mkdir(parents=True, exist_ok=True)
    partial = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    partial.write_text(str(folder.resolve()) + "\n", encoding="utf-8")
    os.replace(partial, entry)


def remembered_folder(outputs_dir: Path, inputs: str) -> Path | None:
    """The folder last recorded for ``inputs``, if it still exists (it must still be checked)."""
    try:
        folder = Path(_entry(outputs_dir, inputs).read_text(encoding="utf-8").strip())
    except OSError:
        return None
    return folder if folder.is_dir() else None


def _place(source: Path, target: Path) -> None:
    """``target`` becomes a hard link to ``source`` (a copy across filesystems), atomically."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.link")
    partial.unlink(missing_ok=True)
    try:
        os.link(source, partial)
    except OSError:
        shutil.copy2(source, partial)
    os.replace(partial, target)


def link_files(source_dir: Path, target_dir: Path, names: Iterable[str]) -> list[Path]:
    """Link each relative ``name`` from ``source_dir`` into ``target_dir``; the new paths.

    On any failure the links made so far are removed and the error is raised.
    """
    made: list[Path] = []
    try:
        for name in names:
            target = target_dir / name
            _place(source_dir / name, target)
            made.append(target)
    except OSError:
        for path in made:
            path.unlink(missing_ok=True)
        raise
    return made


def detach_shared_files(folder: Path) -> int:
    """Give every file under ``folder`` that has other hard links its own copy; how many.

    Called before results are (re)written into ``folder``, so that writing one never changes
    another job's folder.
    """
    detached = 0
    if not folder.is_dir():
        return 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink() and path.stat().st_nlink > 1:
            partial = path.with_name(f".{path.name}.{os.getpid()}.copy")
            shutil.copy2(path, partial)
            os.replace(partial, path)
            detached += 1
    return detached


def relocate_summary(summary: str, old_folder: str, new_folder: Path) -> str:
    """The printed summary with the folder paths on its location lines moved to ``new_folder``."""
    if not old_folder:
        return summary
    new = str(new_folder.resolve())
    lines = []
    for line in summary.splitlines(keepends=True):
        rest = line.partition("  ")[2].lstrip(" ")
        if rest and (rest.startswith(old_folder + os.sep) or rest.rstrip("\n") == old_folder):
            line = line[: len(line) - len(rest)] + new + rest[len(old_folder) :]
        lines.append(line)
    return "".join(lines)
