"""Offline token counting."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.errors import UnknownChoiceError
from gralgo.formats import count_tokens
from gralgo.formats._tokens import get_encoding


def test_known_counts() -> None:
    assert count_tokens("hello world") == 2
    assert count_tokens("") == 0
    assert count_tokens("hello world", "o200k_base") == 2
    # special-token strings are counted as ordinary text, never rejected
    assert count_tokens("<|endoftext|>") > 1


def test_cached_and_env_restored() -> None:
    before = os.environ.get("TIKTOKEN_CACHE_DIR")
    assert get_encoding("cl100k_base") is get_encoding("cl100k_base")
    assert os.environ.get("TIKTOKEN_CACHE_DIR") == before


def test_unknown_tokenizer() -> None:
    with pytest.raises(UnknownChoiceError, match="cl100k_base"):
        count_tokens("x", "gpt-17")


def test_offline_without_litellm_import() -> None:
    """A fresh process with no network proxy and an empty tiktoken cache still counts tokens."""
    code = (
        "import socket, sys\n"
        "def no_net(*a, **k): raise OSError('network disabled in test')\n"
        "socket.socket.connect = no_net\n"
        "socket.create_connection = no_net\n"
        "from gralgo.formats import count_tokens\n"
        "print(count_tokens('Zürich and Köln'))\n"
        "assert 'litellm' not in sys.modules\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "TIKTOKEN_CACHE_DIR"}
    env["HTTPS_PROXY"] = env["HTTP_PROXY"] = "http://127.0.0.1:9"
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60, cwd=root
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 3


def test_counting_many_texts_at_once_gives_each_count() -> None:
    from gralgo.formats import count_tokens_many

    texts = ["hello world", "", "<|endoftext|>", 'Ünïcödé names, "quoted"' * 50]
    assert count_tokens_many(texts) == [count_tokens(t) for t in texts]
    assert count_tokens_many([]) == []
    assert count_tokens_many(texts, "o200k_base") == [count_tokens(t, "o200k_base") for t in texts]
