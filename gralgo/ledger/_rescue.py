"""The rescue file: samples the database could not take, as fsynced JSON lines beside it.

``<ledger>.rescue.jsonl`` is appended to when a commit fails and imported on the next open.
An importer first renames it to ``<ledger>.rescue.jsonl.<pid>.<random>`` (so one process
imports a given file), imports every valid line in one transaction, moves lines that do not
parse (a torn last line, garbage) to ``<ledger>.rescue-invalid.jsonl``, and only then deletes
its copy. When the import fails (database locked, disk full) the renamed file stays; a later
open adopts it once the process that renamed it is gone (or is the same process).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterable
from dataclasses import asdict, fields
from pathlib import Path

from gralgo.ledger._records import SampleRecord

_FIELDS = {f.name for f in fields(SampleRecord)}


def append_lines(path: Path, lines: Iterable[str]) -> None:
    """Append ``lines`` (each ending in a newline) to ``path`` and fsync; raises OSError."""
    with path.open("a", encoding="utf-8") as handle:
        for line in lines:
            handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())


def append_records(path: Path, records: Iterable[SampleRecord]) -> None:
    """Append ``records`` as JSON lines to ``path`` and fsync; raises OSError."""
    append_lines(path, (json.dumps(asdict(r), ensure_ascii=False) + "\n" for r in records))


def parse_line(line: str) -> SampleRecord | None:
    """The record on one line, or ``None`` when the line is torn or not a sample."""
    try:
        data = json.loads(line)
    except ValueError:
        return None
    if not isinstance(data, dict) or not set(data) <= _FIELDS:
        return None
    try:
        rec = SampleRecord(**data)
    except TypeError:
        return None
    valid = isinstance(rec.request_key, str) and isinstance(rec.sample_index, int)
    return rec if valid else None


def read_rescue(path: Path) -> tuple[list[SampleRecord], list[str]]:
    """The valid records of a rescue file and its invalid non-blank lines (newline-ended)."""
    records: list[SampleRecord] = []
    invalid: list[str] = []
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if not line.strip():
                continue
            rec = parse_line(line)
            if rec is None:
                invalid.append(line if line.endswith("\n") else line + "\n")
            else:
                records.append(rec)
    return records, invalid


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def claim_rescue_files(rescue: Path) -> list[Path]:
    """Files this process may import now: the rescue file (renamed to a name of ours) and
    copies left by importers that failed and are gone (or are this process)."""
    claimed: list[Path] = []
    for left in sorted(rescue.parent.glob(rescue.name + ".*")):
        pid_text = left.name[len(rescue.name) + 1 :].split(".")[0]
        if pid_text.isdigit() and (int(pid_text) == os.getpid() or not _pid_alive(int(pid_text))):
            claimed.append(left)
    if rescue.is_file():
        mine = rescue.with_name(f"{rescue.name}.{os.getpid()}.{secrets.token_hex(3)}")
        try:
            os.replace(rescue, mine)  # atomic: one process takes a given file
            claimed.append(mine)
        except FileNotFoundError:
            pass
    return claimed
