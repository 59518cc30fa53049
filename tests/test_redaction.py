"""The one secret-pattern module: masks, lengths, order, tokens, URL allow-lists."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.redaction import (
    API_BASE_QUERY_KEYS,
    POSTGRES_QUERY_KEYS,
    REDACTED,
    mask_known,
    redact,
    redact_tokens,
    redact_url,
    url_secret_parts,
)


def test_a_secret_that_contains_another_is_masked_whole() -> None:
    # Masking the shorter value first would leave the longer one's tail in the text.
    short, long = "abcdef12", "abcdef12XYZW9876"
    for secrets in ([short, long], [long, short]):
        out = mask_known(f"a {long} b {short} c", secrets)
        assert out == f"a {REDACTED} b {REDACTED} c"
        assert "XYZW9876" not in redact(f"key={long}", secrets)


def test_every_stage_uses_the_same_patterns() -> None:
    from gralgo.tracking import redact_config

    text = "x sk-abcdefghijkl y Bearer abcdefghijkl z api_key='zzzzzzzzzz'"
    assert redact_config({"notes": text}) == {"notes": redact(text)}
    assert "abcdefghijkl" not in redact(text) and "zzzzzzzzzz" not in redact(text)


def test_tokens_that_spell_a_key_are_masked_and_the_count_kept() -> None:
    tokens = ("My", " key", " is", " sk-te", "st-SEC", "RET123", ".", " ok")
    out = redact_tokens(tokens, ["sk-test-SECRET123"])
    assert len(out) == len(tokens)
    assert "".join(out).count("SEC") == 0 and "RET123" not in out
    assert out[:3] == tokens[:3] and out[-2:] == tokens[-2:]
    assert redact_tokens(("a", "b"), ["sk-test-SECRET123"]) == ("a", "b")


def test_a_token_that_holds_only_part_of_a_key_is_masked_too() -> None:
    """A token that straddles the key's edge (`` sk-te``, ``123. ok``) spells part of it:
    masked like the tokens wholly inside it, or the key's first or last letters leak."""
    key = "sk-test-SECRET123"
    tokens = ("My", " key", " is", " sk-te", "st-SEC", "RET", "123. ok", "!")
    masked = (*tokens[:3], REDACTED, REDACTED, REDACTED, REDACTED, "!")
    assert redact_tokens(tokens, [key]) == masked
    assert redact_tokens(("x", f"a{key}b", "y"), [key]) == ("x", REDACTED, "y")
    assert redact_tokens(("x", "sk-", "test-SECRET12", "3"), [key]) == ("x", *[REDACTED] * 3)


@pytest.mark.parametrize(
    "url",
    [
        "https://h.example/v1?api-key=Zq9TOPSECRET",
        "https://h.example/v1?subscription-key=Zq9TOPSECRET",
        "https://h.example/v1?code=Zq9TOPSECRET",
        "https://h.example/v1?X-Api-Key=Zq9TOPSECRET",
        "https://h.example/v1?access-token=Zq9TOPSECRET",
        "https://user:pw@h.example/v1",
        "https://h.example/v1#Zq9TOPSECRET",
    ],
)
def test_api_base_parts_outside_the_allow_list_are_found_and_masked(url: str) -> None:
    assert url_secret_parts(url, API_BASE_QUERY_KEYS)
    assert "Zq9TOPSECRET" not in redact_url(url) and "pw" not in redact_url(url)


def test_harmless_url_parts_pass() -> None:
    assert (
        url_secret_parts("https://h.example/openai?api-version=2024-06-01", API_BASE_QUERY_KEYS)
        == []
    )
    pg = "postgresql://gralgo@db.example:5432/ledger?sslmode=require&connect_timeout=5"
    assert url_secret_parts(pg, POSTGRES_QUERY_KEYS, allow_user=True) == []
    assert url_secret_parts(pg + "&password=PW", POSTGRES_QUERY_KEYS, allow_user=True)


def test_one_definition_of_a_secret_looking_name_and_value() -> None:
    from gralgo.redaction import is_env_name, is_secret_name, is_secret_value, unsafe_request_keys

    for name in ("X-Api-Key", "x-api-key", "accessToken", "auth", "bearer", "PGPASSWORD"):
        assert is_secret_name(name), name
    for name in ("api_key_env", "max_tokens", "tokenizer", "author", "chat_template_kwargs"):
        assert not is_secret_name(name), name
    assert is_secret_value("Zq9TOPSECRETvalue0123456789") and is_secret_value("a" * 16 + "0" * 16)
    assert not is_secret_value("gpt-4o-mini-2024-07-18") and not is_secret_value("cl100k_base")
    assert is_env_name("OPENAI_API_KEY") and not is_env_name("sk-abcdefghijklmnop")
    body = {"chat_template_kwargs": {"enable_thinking": True, "auth": "x"}, "foo": 1, "seed": 1}
    assert unsafe_request_keys(body, "b") == ["b.chat_template_kwargs.auth", "b.foo"]


def test_the_folding_characters_are_every_one_an_ascii_letter_matches() -> None:
    import re
    import sys

    from gralgo.redaction import FOLDS_TO_ASCII, PATTERN_CLUES, byte_clues

    letters = re.compile("[a-z]", re.IGNORECASE)
    found = [
        chr(c)
        for c in range(0x80, sys.maxunicode + 1)
        if not 0xD800 <= c < 0xE000 and letters.fullmatch(chr(c))
    ]
    assert "".join(found) == FOLDS_TO_ASCII
    # Every case-folded clue spelled with one of them is still found in the bytes.
    for clue in (c for clues, folded in PATTERN_CLUES if folded for c in clues):
        for at, letter in enumerate(clue):
            for char in FOLDS_TO_ASCII:
                if re.fullmatch(letter, char, re.IGNORECASE):
                    spelled = clue[:at] + char + clue[at + 1 :]
                    assert byte_clues().found(f"x {spelled}: y".encode()), spelled


@pytest.mark.parametrize(
    "text",
    ["Authorızation: zq81hd7w2kd0", "apı_key = 'zq81hd7w2kd0'", "x-api-\u212aey: zq81hd7w2kd0",
     "BEARER zq81hd7w2kd0zz", "bearer\u00a0zq81hd7w2kd0zz"],
)  # fmt: skip
def test_a_key_named_with_a_folding_character_is_masked(text: str) -> None:
    # The case-folded patterns match İ, ı, ſ and the Kelvin sign as ASCII letters; the clue
    # search before them (on the lowered text) must not skip such a text.
    assert "zq81hd7w2kd0" not in redact(text)


_WORDS = [
    "sk-", "AIza", "ghp_", "github_pat_", "hf_", "Bearer ", "bEaReR\t", "Author\u0131zation: ",
    "ap\u0130_key=", "x-api-\u212aey:", "api", "_", "-", "Key", "\u212a", "\u017f", "é", " ",
    '"', "\n", "abcdefgh", "0123456789ABCDEFGHIJ", "zq81hd7w2kd0",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=40))
def test_bytes_without_a_clue_hold_nothing_to_redact(words: list[str]) -> None:
    from gralgo.redaction import byte_clues

    text, values = "".join(words), ["zq81hd7w2kd0"]
    if not byte_clues(values).found(text.encode("utf-8")):
        assert redact(text, values) == text
    assert byte_clues(values).found(b"x zq81hd7w2kd0 y")


@pytest.mark.parametrize(
    ("before", "inside"),
    [('{"api_key', True), ("X-Api-\u212aey", True), ("authorızation", True), ("api_key =", True),
     ("api_key: \u00a0", True), ('{"text', False), ("hello, ", True), ("", False), ("0]", False),
     ("api_key=\x1c", True), ("api_key=\x1f", True)],
)  # fmt: skip
def test_a_quote_that_may_be_inside_a_match_is_never_a_cut(before: str, inside: bool) -> None:
    from gralgo.redaction import quote_may_be_inside_a_match, quote_may_be_inside_a_match_bytes

    assert quote_may_be_inside_a_match(before) is inside
    assert quote_may_be_inside_a_match_bytes(before.encode()) is (inside or not before.isascii())
