"""The plan's token counts are remembered on disk: each prompt is counted once per machine."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import gralgo.formats._token_cache as token_cache
from gralgo.formats import count_tokens_cached, count_tokens_many

TEXTS = ["a graph with 3 nodes", "edges: (a, b), (b, c)", "a graph with 3 nodes", "ünïcode ✓"]


def test_counts_match_the_tokenizer_and_are_reused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = count_tokens_many(TEXTS)
    assert count_tokens_cached(TEXTS, tmp_path) == expected
    assert (tmp_path / token_cache.CACHE_FILE).is_file()

    def refuse(texts, tokenizer="cl100k_base"):  # type: ignore[no-untyped-def]
        raise AssertionError(f"counted again: {texts}")

    monkeypatch.setattr(token_cache, "count_tokens_many", refuse)
    assert count_tokens_cached(TEXTS, tmp_path) == expected  # all from the cache
    with pytest.raises(AssertionError, match="new text"):
        count_tokens_cached(["new text"], tmp_path)  # only what is missing is counted
    with pytest.raises(AssertionError):
        count_tokens_cached(TEXTS, tmp_path, "o200k_base")  # per tokenizer


def test_an_unusable_cache_still_counts(tmp_path: Path) -> None:
    (tmp_path / token_cache.CACHE_FILE).write_bytes(b"not a database" * 100)
    assert count_tokens_cached(TEXTS, tmp_path) == count_tokens_many(TEXTS)
    assert count_tokens_cached(TEXTS, None) == count_tokens_many(TEXTS)
    (tmp_path / "a-file").write_text("")
    uncreatable = tmp_path / "a-file" / "cache"  # mkdir raises OSError (also for root)
    assert count_tokens_cached(TEXTS, uncreatable) == count_tokens_many(TEXTS)
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        assert count_tokens_cached(TEXTS, locked) == count_tokens_many(TEXTS)


def test_named_counts_need_no_hashing_once_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A job's plan passes request keys as names: a later job with the same keys neither
    counts nor hashes its prompts."""
    names = ["key-a", "key-b", "key-a", "key-c"]  # a name per text (same text, same name)
    expected = count_tokens_many(TEXTS)
    assert count_tokens_cached(TEXTS, tmp_path, names=names) == expected

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("texts read again")

    monkeypatch.setattr(token_cache, "text_digest", refuse)
    monkeypatch.setattr(token_cache, "count_tokens_many", refuse)
    assert count_tokens_cached(TEXTS, tmp_path, names=names) == expected
    assert count_tokens_cached(TEXTS[1:2], tmp_path, names=["key-b"]) == expected[1:2]
    with pytest.raises(AssertionError, match="read again"):  # an unknown name: by the texts
        count_tokens_cached(TEXTS, tmp_path, names=["key-a", "key-b", "key-a", "key-d"])
    with pytest.raises(AssertionError, match="read again"):  # per tokenizer
        count_tokens_cached(TEXTS, tmp_path, "o200k_base", names=names)


def test_unknown_names_are_counted_by_text_and_remembered(tmp_path: Path) -> None:
    expected = count_tokens_many(TEXTS)
    assert count_tokens_cached(TEXTS[:2], tmp_path) == expected[:2]  # known by digest only
    assert count_tokens_cached(TEXTS, tmp_path, names=["w", "x", "w", "y"]) == expected
    assert count_tokens_cached(["ignored", "texts"], tmp_path, names=["y", "x"]) == [
        expected[3],
        expected[1],
    ]  # a known name stands for its text
