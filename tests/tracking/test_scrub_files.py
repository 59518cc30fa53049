"""Large artifacts are scrubbed a piece at a time with exactly the result of the whole text."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.redaction import byte_clues
from gralgo.tracking._scrub_files import contains_any, needs_scrubbing, text_pieces, write_scrubbed
from gralgo.tracking._secrets import secret_scrubber, secret_values

NAMED = "GRALGO_TEST_SCRUB_FILES_SECRET"
VALUE = "plain-secret-value-42"
WORDS = ['"', '","', "\n", " ", "é", "x", "sk-", "abcdefghij", "Bearer ", "tok9", VALUE, ":{",
         "ap\u0131_key=", "\u0130", 'api_key="', '": "', "Authorization", " ", "\u00a0", ":",
         "\u212aey"]  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=60), st.integers(1, 12))
def test_pieces_rejoin_and_scrub_exactly_like_the_whole_text(words: list[str], size: int) -> None:
    text = "".join(words)
    os.environ[NAMED] = VALUE
    try:
        scrub = secret_scrubber([NAMED])
        with tempfile.TemporaryDirectory() as tmp:
            path, target = Path(tmp) / "in.json", Path(tmp) / "out.json"
            path.write_bytes(text.encode("utf-8"))
            assert "".join(text_pieces(path, size)) == text
            write_scrubbed(path, target, scrub, size)
            assert target.read_bytes().decode("utf-8") == scrub(text)
            assert needs_scrubbing(path, scrub, size) == (scrub(text) != text)
            clues = byte_clues(secret_values([NAMED]))
            assert needs_scrubbing(path, scrub, size, clues) == (scrub(text) != text)
    finally:
        del os.environ[NAMED]


def test_a_key_after_an_ascii_separator_is_scanned_whole(tmp_path: Path) -> None:
    # \x1c-\x1f are \s to the pattern but not bytes.isspace(): the byte cut split the match.
    text = 'x"a": "api_key=\x1c"abcdefgh12345678" ' + '"y' * 20
    path = tmp_path / "in.json"
    path.write_bytes(text.encode("utf-8"))
    scrub = secret_scrubber([])
    assert scrub(text) != text
    assert needs_scrubbing(path, scrub, 8, byte_clues([]))


def test_a_binary_needle_across_a_block_boundary_is_found(tmp_path: Path) -> None:
    blob = tmp_path / "figure.png"
    blob.write_bytes(b"\x89PNG\xff" * 3 + VALUE.encode() + b"\x00" * 9)
    assert contains_any(blob, [VALUE.encode()], size=4)
    assert not contains_any(blob, [b"other-secret"], size=4)
    assert not contains_any(blob, [], size=4)
