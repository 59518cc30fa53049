"""Secrets in large artifact files (transcripts of hundreds of MB), a piece at a time.

A text is cut only just before a ``"`` that no secret match can hold: no secret value without
a ``"`` holds one, and of the patterns only ``api_key="…"``-like shapes do, right after the
key's name or after ``:`` / ``=`` and spaces (:func:`~gralgo.redaction.quote_may_be_inside_a_match`;
such quotes are passed over). So every match lies inside one piece, with its left context (a
match starting a piece follows that ``"``), and scrubbing piece by piece gives the same text as
scrubbing the whole, holding one piece (a few MB) instead of the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.redaction import quote_may_be_inside_a_match, quote_may_be_inside_a_match_bytes

if TYPE_CHECKING:
    from gralgo.redaction import ByteClues

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
            cut = _cut(buffer)
            if cut <= 0:
                carry = buffer
                continue
            yield buffer[:cut]
            carry = buffer[cut:]
    if carry:
        yield carry


def byte_pieces(path: Path, size: int | None = None) -> Iterator[bytes]:
    """The bytes of ``path`` in pieces cut as :func:`text_pieces` cuts, just before a ``"``
    (in UTF-8 never part of another character), ``size`` counted in bytes."""
    carry = b""
    with path.open("rb") as data:
        if size == WHOLE:
            if whole := data.read():
                yield whole
            return
        while chunk := data.read(size or PIECE_CHARS):
            buffer = carry + chunk
            cut = _cut_bytes(buffer)
            if cut <= 0:
                carry = buffer
                continue
            yield buffer[:cut]
            carry = buffer[cut:]
    if carry:
        yield carry


def _cut(buffer: str) -> int:
    """Where to cut ``buffer``: before its last ``"`` no secret match can hold (-1: none)."""
    cut = buffer.rfind('"')
    while cut > 0 and quote_may_be_inside_a_match(buffer[max(0, cut - 64) : cut]):
        cut = buffer.rfind('"', 0, cut)
    return cut


def _cut_bytes(buffer: bytes) -> int:
    """:func:`_cut` for UTF-8 bytes."""
    cut = buffer.rfind(b'"')
    while cut > 0 and quote_may_be_inside_a_match_bytes(buffer[max(0, cut - 64) : cut]):
        cut = buffer.rfind(b'"', 0, cut)
    return cut


def needs_scrubbing(
    path: Path, scrub: Callable[[str], str], size: int | None = None, clues: ByteClues | None = None
) -> bool:
    """Whether scrubbing changes any piece of the text file ``path``. With the scrubber's
    ``clues`` only the pieces whose bytes hold one are decoded and scrubbed (the others cannot
    change); raises ``UnicodeDecodeError`` for such a piece that is not UTF-8 text."""
    if clues is None:
        return any(scrub(piece) != piece for piece in text_pieces(path, size))
    for piece in byte_pieces(path, size):
        if clues.found(piece) and scrub(text := piece.decode("utf-8")) != text:
            return True
    return False


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
