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
