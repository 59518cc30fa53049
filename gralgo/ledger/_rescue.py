"""The rescue file: samples the database could not take, as fsynced JSON lines beside it.

``<ledger>.rescue.jsonl`` is appended to when a commit fails and imported on the next open.
Each line is a sample record as ASCII JSON (lone surrogates and NUL survive), with its logprobs
under ``"logprobs"`` when it has them. An importer first renames the file to
``<ledger>.rescue.jsonl.<pid>.<random>`` (so one process imports a given file), imports every
valid line, moves lines that do not parse (a torn last line, garbage) or that the store refuses
(with the cause) to the invalid file beside it, and only then deletes its copy. When the store
cannot be written at all (database locked, disk full, server gone) the renamed file stays; a
later open adopts it once the process that renamed it is gone (or is the same process).

When the rescue file cannot be written either (its disk is full too), a run saves what it holds
in :func:`fallback_dir` (the temp directory, maybe another filesystem) under the same
``<name>.<pid>.<random>`` names; the next open imports those too, once that run is gone.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from gralgo.ledger._logprobs import SampleLogprobs, logprobs_from_json, logprobs_to_json
from gralgo.ledger._normalise import restored_record, storable_record
from gralgo.ledger._records import SampleRecord

_FIELDS = {f.name for f in fields(SampleRecord)}
_LOGPROBS = "logprobs"


@dataclass(frozen=True)
class RescuedSample:
    """One line of a rescue file: the sample, its logprobs, and the line itself."""

    record: SampleRecord
    logprobs: SampleLogprobs | None
    line: str
    """The line as read (newline-ended), to set aside if the store refuses it."""


def append_lines(path: Path, lines: Iterable[str]) -> None:
    """Append ``lines`` (each ending in a newline) to ``path`` and fsync; raises OSError."""
    with path.open("a", encoding="utf-8") as handle:
        for line in lines:
            handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())


def rescue_line(rec: SampleRecord, logprobs: SampleLogprobs | None = None) -> str:
    """One rescue-file line (ASCII JSON, so any text a reply holds can be written)."""
    data: dict[str, Any] = asdict(storable_record(rec))  # JSON would join a surrogate pair
    if logprobs is not None:
        data[_LOGPROBS] = logprobs_to_json(logprobs)
    return json.dumps(data, ensure_ascii=True) + "\n"


def append_records(
    path: Path,
    records: Iterable[SampleRecord],
    logprobs: Mapping[tuple[str, int], SampleLogprobs] | None = None,
) -> None:
    """Append ``records`` (with their ``logprobs``) as JSON lines to ``path`` and fsync."""
    extra = logprobs or {}
    append_lines(
        path, (rescue_line(r, extra.get((r.request_key, r.sample_index))) for r in records)
    )


def parse_entry(line: str) -> RescuedSample | None:
    """The sample on one line, or ``None`` when the line is torn or not a sample."""
    try:
        data = json.loads(line)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    logprobs_data = data.pop(_LOGPROBS, None)
    if not set(data) <= _FIELDS:
        return None
    try:
        rec = SampleRecord(**data)
    except TypeError:
        return None
    if not (isinstance(rec.request_key, str) and isinstance(rec.sample_index, int)):
        return None
    rec = restored_record(rec)
    logprobs = None if logprobs_data is None else logprobs_from_json(logprobs_data)
    if logprobs_data is not None and logprobs is None:
        return None
    return RescuedSample(rec, logprobs, line if line.endswith("\n") else line + "\n")


def parse_line(line: str) -> SampleRecord | None:
    """The record on one line, or ``None`` when the line is torn or not a sample."""
    entry = parse_entry(line)
    return None if entry is None else entry.record


def read_entries(path: Path) -> tuple[list[RescuedSample], list[str]]:
    """The valid samples of a rescue file and its invalid non-blank lines (newline-ended)."""
    entries: list[RescuedSample] = []
    invalid: list[str] = []
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if not line.strip():
                continue
            entry = parse_entry(line)
            if entry is None:
                invalid.append(line if line.endswith("\n") else line + "\n")
            else:
                entries.append(entry)
    return entries, invalid


def read_rescue(path: Path) -> tuple[list[SampleRecord], list[str]]:
    """The valid records of a rescue file and its invalid non-blank lines (newline-ended)."""
    entries, invalid = read_entries(path)
    return [entry.record for entry in entries], invalid


def set_aside_line(line: str, cause: BaseException) -> str:
    """An invalid-file line for a rescued sample the store refused, with the cause."""
    return (
        json.dumps({"refused": line.rstrip("\n"), "cause": repr(cause)}, ensure_ascii=True) + "\n"
    )


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def fallback_dir(rescue: Path) -> Path:
    """The folder in the temp directory for samples that the rescue file ``rescue`` could not
    take (one per rescue file: named by a hash of its absolute path)."""
    digest = hashlib.sha256(str(rescue.resolve()).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"gralgo-rescue-{digest}"


def fallback_path(rescue: Path) -> Path:
    """A new file in :func:`fallback_dir` for this process (imported once it is gone)."""
    return fallback_dir(rescue) / f"{rescue.name}.{os.getpid()}.{secrets.token_hex(3)}"


def claim_rescue_files(rescue: Path) -> list[Path]:
    """Files this process may import now: the rescue file (renamed to a name of ours), copies
    left by importers that failed and samples saved in :func:`fallback_dir`, each once the
    process that wrote it is gone (or is this process)."""
    claimed: list[Path] = []
    for folder in (rescue.parent, fallback_dir(rescue)):
        for left in sorted(folder.glob(rescue.name + ".*")):
            pid_text = left.name[len(rescue.name) + 1 :].split(".")[0]
            if pid_text.isdigit() and (
                int(pid_text) == os.getpid() or not _pid_alive(int(pid_text))
            ):
                claimed.append(left)
    if rescue.is_file():
        mine = rescue.with_name(f"{rescue.name}.{os.getpid()}.{secrets.token_hex(3)}")
        try:
            os.replace(rescue, mine)  # atomic: one process takes a given file
            claimed.append(mine)
        except FileNotFoundError:
            pass
    return claimed
