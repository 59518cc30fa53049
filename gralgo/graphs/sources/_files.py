"""Opening source files: plain or gzip-compressed, streamed line by line, with clear errors."""

from __future__ import annotations

import bz2
import csv
import gzip
import io
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from gralgo.errors import SourceFileError


def require_file(path: Path) -> Path:
    """``path`` if it is an existing file, else :class:`SourceFileError` naming it."""
    if not path.is_file():
        raise SourceFileError(path, "file not found (check the source config's `files:` entry)")
    return path


def open_binary(path: Path) -> IO[bytes]:
    """Open ``path`` for reading bytes, decompressing ``.gz`` / ``.bz2`` transparently."""
    require_file(path)
    if path.name.endswith(".gz"):
        return gzip.open(path, "rb")
    if path.name.endswith(".bz2"):
        return bz2.open(path, "rb")
    return open(path, "rb")


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
        except (OSError, EOFError) as err:
            raise SourceFileError(path, f"cannot read file ({err})") from err


def iter_data_lines(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    """Like :func:`iter_lines` but skipping blank lines and ``#`` comment lines."""
    for number, line in iter_lines(path, encoding):
        if line.strip() and not line.startswith("#"):
            yield number, line


def iter_csv_rows(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line_number, row)`` of a CSV file (line of the row's end), skipping blank rows."""
    with open_text(path, encoding) as handle:
        reader = csv.reader(handle)
        try:
            for row in reader:
                if row and not (len(row) == 1 and not row[0].strip()):
                    yield reader.line_num, row
        except csv.Error as err:
            raise SourceFileError(path, f"malformed CSV ({err})", reader.line_num) from err
        except UnicodeDecodeError as err:
            raise SourceFileError(path, f"not valid {encoding} text ({err.reason})") from err
