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
from typing import TYPE_CHECKING, AnyStr

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
    with path.open(encoding="utf-8", newline="") as text:
        yield from _pieces(text.read, size, '"', quote_may_be_inside_a_match)


def byte_pieces(path: Path, size: int | None = None) -> Iterator[bytes]:
    """The bytes of ``path`` in pieces cut as :func:`text_pieces` cuts, just before a ``"``
    (in UTF-8 never part of another character), ``size`` counted in bytes."""
    with path.open("rb") as data:
        yield from _pieces(data.read, size, b'"', quote_may_be_inside_a_match_bytes)


def _pieces(
    read: Callable[[int], AnyStr],
    size: int | None,
    quote: AnyStr,
    inside: Callable[[AnyStr], bool],
) -> Iterator[AnyStr]:
    """What ``read`` gives, in pieces cut before the last ``quote`` of each buffer that no
    secret match can hold (``inside`` says which may)."""
    if size == WHOLE:
        if whole := read(-1):
            yield whole
        return
    carry = read(0)  # empty, of the file's type
    while chunk := read(size or PIECE_CHARS):
        buffer = carry + chunk
        cut = buffer.rfind(quote)
        while cut > 0 and inside(buffer[max(0, cut - 64) : cut]):
            cut = buffer.rfind(quote, 0, cut)
        if cut <= 0:
            carry = buffer
            continue
        yield buffer[:cut]
        carry = buffer[cut:]
    if carry:
        yield carry


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
