"""Offline token counting with tiktoken, using the BPE files bundled with litellm.

litellm ships the tiktoken BPE files (named by the SHA-1 of their download URL, tiktoken's cache
key) in ``litellm/litellm_core_utils/tokenizers``. We point tiktoken's cache at that folder
while loading, so no download is ever attempted, without importing litellm itself (slow, and it
rewrites ``TIKTOKEN_CACHE_DIR`` for the whole process).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.errors import GralgoError, UnknownChoiceError

if TYPE_CHECKING:
    import tiktoken

_BPE_URL = "https://openaipublic.blob.core.windows.net/encodings/{name}.tiktoken"
TOKENIZERS = ("cl100k_base", "o200k_base", "p50k_base")
"""Tokenizers whose BPE files litellm bundles."""

_ENV_LOCK = threading.Lock()


class TokenizerUnavailableError(GralgoError):
    """The bundled BPE file for a known tokenizer cannot be found (litellm missing or changed)."""


def bundled_tokenizer_dir() -> Path:
    """The folder of BPE files inside the installed litellm package (not imported)."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        raise TokenizerUnavailableError(
            "litellm is not installed; it provides the offline tiktoken files "
            "(pip install litellm==1.110.2)"
        )
    for location in spec.submodule_search_locations:
        folder = Path(location) / "litellm_core_utils" / "tokenizers"
        if folder.is_dir():
            return folder
    raise TokenizerUnavailableError("litellm has no litellm_core_utils/tokenizers folder")


@cache
def get_encoding(tokenizer: str = "cl100k_base") -> tiktoken.Encoding:
    """The tiktoken encoding ``tokenizer``, loaded from litellm's bundled files (cached)."""
    if tokenizer not in TOKENIZERS:
        raise UnknownChoiceError("tokenizer", tokenizer, TOKENIZERS)
    import tiktoken

    folder = bundled_tokenizer_dir()
    cache_key = hashlib.sha1(_BPE_URL.format(name=tokenizer).encode()).hexdigest()
    if not (folder / cache_key).is_file():
        raise TokenizerUnavailableError(
            f"the {tokenizer} BPE file {cache_key} is missing from {folder}; "
            "reinstall litellm==1.110.2"
        )
    with _ENV_LOCK:
        previous = os.environ.get("TIKTOKEN_CACHE_DIR")
        os.environ["TIKTOKEN_CACHE_DIR"] = str(folder)
        try:
            return tiktoken.get_encoding(tokenizer)
        finally:
            if previous is None:
                del os.environ["TIKTOKEN_CACHE_DIR"]
            else:
                os.environ["TIKTOKEN_CACHE_DIR"] = previous


def count_tokens(text: str, tokenizer: str = "cl100k_base") -> int:
    """Number of ``tokenizer`` tokens in ``text`` (special-token strings count as plain text)."""
    return len(get_encoding(tokenizer).encode_ordinary(text))


def count_tokens_many(texts: Sequence[str], tokenizer: str = "cl100k_base") -> list[int]:
    """:func:`count_tokens` of each text, encoded on every core (tiktoken frees the GIL)."""
    encoded = get_encoding(tokenizer).encode_ordinary_batch(
        list(texts), num_threads=max(1, os.cpu_count() or 1)
    )
    return [len(tokens) for tokens in encoded]
