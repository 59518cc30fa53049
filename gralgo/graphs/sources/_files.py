"""Opening source files: plain or gzip-compressed, streamed line by line, with clear errors."""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import logging
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from gralgo.errors import SourceFileError

log = logging.getLogger(__name__)

_READ_ERRORS = (OSError, EOFError, zlib.error)
"""What a truncated or garbage compressed file raises while it is read."""


class CheckedReader(io.BufferedIOBase):
    """A binary stream whose read errors (bad gzip/bz2 data, truncation) name the file."""

    def __init__(self, raw: io.BufferedIOBase, path: Path) -> None:
        super().__init__()
        self._raw, self._path = raw, path

    @property
    def name(self) -> str:
        """The file's path, as for a file object (io.TextIOWrapper reads it)."""
        return str(self._path)

    def _fail(self, err: BaseException) -> SourceFileError:
        return SourceFileError(
            self._path, f"cannot read: truncated or not a valid compressed file ({err})"
        )

    def read(self, size: int | None = -1) -> bytes:
        try:
            return self._raw.read(-1 if size is None else size)
        except _READ_ERRORS as err:
            raise self._fail(err) from err

    def read1(self, size: int = -1) -> bytes:
        try:
            return self._raw.read1(size)
        except _READ_ERRORS as err:
            raise self._fail(err) from err

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        try:
            self._raw.close()
        finally:
            super().close()


def require_file(path: Path) -> Path:
    """``path`` if it is an existing file, else :class:`SourceFileError` naming it."""
    if not path.is_file():
        raise SourceFileError(path, "file not found (check the source config's `files:` entry)")
    return path


def open_binary(path: Path) -> CheckedReader:
    """Open ``path`` for reading bytes, decompressing ``.gz`` / ``.bz2`` transparently."""
    require_file(path)
    if path.name.endswith(".gz"):
        return CheckedReader(gzip.open(path, "rb"), path)
    if path.name.endswith(".bz2"):
        return CheckedReader(bz2.open(path, "rb"), path)
    return CheckedReader(open(path, "rb"), path)


def open_text(path: Path, encoding: str = "utf-8") -> IO[str]:
    """Open ``path`` as text (universal newlines kept raw so csv can see quoted line breaks)."""
    return io.TextIOWrapper(open_binary(path), encoding=encoding, newline="")


def iter_lines(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, line)`` (1-based, trailing newline stripped), streaming the file."""
    with open_text(path, encoding) as handle:
        try:
            for number, line in enumerate(handle, start=1):
                yield number, line.rstrip("\r\n")
        except UnicodeDecodeError as err:
            raise SourceFileError(path, f"not valid {encoding} text ({err.reason})") from err
        except _READ_ERRORS as err:
            raise SourceFileError(path, f"cannot read file ({err})") from err


def iter_data_lines(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    """Like :func:`iter_lines` but skipping blank lines and ``#`` comment lines."""
    for number, line in iter_lines(path, encoding):
        if line.strip() and not line.startswith("#"):
            yield number, line


def iter_csv_rows(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line_number, row)`` of a CSV file (line of the row's end), skipping blank rows.

    A last row with fewer fields than the one before it, in a file that does not end with a
    newline, is a file cut mid-row: a :class:`SourceFileError` (re-download the file).
    """
    previous: tuple[int, list[str]] | None = None
    before = 0  # fields of the row before the last
    with open_text(path, encoding) as handle:
        reader = csv.reader(handle)
        try:
            for row in reader:
                if row and not (len(row) == 1 and not row[0].strip()):
                    if previous is not None:
                        yield previous
                        before = len(previous[1])
                    previous = (reader.line_num, row)
        except csv.Error as err:
            raise SourceFileError(path, f"malformed CSV ({err})", reader.line_num) from err
        except UnicodeDecodeError as err:
            raise SourceFileError(path, f"not valid {encoding} text ({err.reason})") from err
    if previous is None:
        return
    line, row = previous
    if not _ends_with_newline(path):
        if len(row) < before:
            raise SourceFileError(
                path,
                f"the file ends in the middle of a row ({len(row)} of {before} fields, "
                "no final newline): it looks truncated; download it again",
                line,
            )
        log.warning("%s:%d: no newline at the end of the file: check it is complete", path, line)
    yield previous


def _ends_with_newline(path: Path) -> bool:
    """Whether the (decompressed) file's last byte is a newline."""
    if path.name.endswith((".gz", ".bz2")):
        return True  # a cut compressed file fails while it is read (no end-of-stream marker)
    with open(path, "rb") as handle:
        handle.seek(0, 2)
        if handle.tell() == 0:
            return True
        handle.seek(-1, 2)
        return handle.read(1) in (b"\n", b"\r")
