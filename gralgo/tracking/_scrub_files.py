"""Secrets in large artifact files (transcripts of hundreds of MB), a piece at a time.

A text is cut only just before a ``"``: no secret pattern's match and no secret value without
a ``"`` can contain one, so every match lies inside one piece, with its left context (a match
starting a piece follows that ``"``). Scrubbing piece by piece therefore gives the same text as
scrubbing the whole, holding one piece (a few MB) instead of the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

PIECE_CHARS = 4 * 2**20
"""Characters read per piece (about; a piece ends just before a ``"``)."""
WHOLE = 0
"""The piece size that reads the whole text as one piece."""


def text_pieces(path: Path, size: int | None = None) -> Iterator[str]:
    """The UTF-8 text of ``path`` in pieces of about ``size`` (default :data:`PIECE_CHARS`;
    :data:`WHOLE`: one piece) characters, each cut just before
    a ``"`` (a piece without one grows until one comes); raises ``UnicodeDecodeError`` for a
    file that is not UTF-8 text."""
    carry = ""
    with path.open(encoding="utf-8", newline="") as text:
        if size == WHOLE:
            if whole := text.read():
                yield whole
            return
        while chunk := text.read(size or PIECE_CHARS):
            buffer = carry + chunk
            cut = buffer.rfind('"')
            if cut <= 0:
                carry = buffer
                continue
            yield buffer[:cut]
            carry = buffer[cut:]
    if carry:
        yield carry


def needs_scrubbing(path: Path, scrub: Callable[[str], str], size: int | None = None) -> bool:
    """Whether scrubbing changes any piece of the text file ``path``."""
    return any(scrub(piece) != piece for piece in text_pieces(path, size))


def write_scrubbed(
    path: Path, target: Path, scrub: Callable[[str], str], size: int | None = None
) -> None:
    """Write ``path``'s text, scrubbed, to ``target``."""
    with target.open("w", encoding="utf-8", newline="") as out:
        for piece in text_pieces(path, size):
            out.write(scrub(piece))


def contains_any(path: Path, needles: Sequence[bytes], size: int | None = None) -> bool:
    """Whether the (binary) file ``path`` contains any of ``needles``, read a block at a time."""
    needles = [n for n in needles if n]
    if not needles:
        return False
    overlap = max(len(n) for n in needles) - 1
    tail = b""
    with path.open("rb") as data:
        while block := data.read(size or PIECE_CHARS):
            window = tail + block
            if any(n in window for n in needles):
                return True
            tail = window[-overlap:] if overlap else b""
    return False
