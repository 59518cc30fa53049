"""Find the final ``\\boxed{…}`` answer in a model's answer text (never in its reasoning).

Rule: the content of the *last top-level* ``\\boxed{…}`` (also ``\\boxed {…}`` and ``\\fbox{…}``)
whose braces balance. Scanning runs left to right; a box nested inside another box belongs to the
outer one. If the last box the model opened never closes (the text ends inside it), there is no
answer: the model's final answer is incomplete, and an earlier, superseded box is not used in its
place. Escaped braces ``\\{`` and ``\\}`` are literal characters and do not open or close groups.
"""

from __future__ import annotations

import re

_BOX_OPEN = re.compile(r"\\(?:boxed|fbox)\s*\{")
_BRACE_TOKEN = re.compile(r"\\[{}]|[{}]")


def _closing_brace(text: str, start: int) -> int | None:
    """Index of the ``}`` that closes the group opened just before ``start``, else ``None``."""
    depth = 1
    for token in _BRACE_TOKEN.finditer(text, start):
        symbol = token.group()
        if len(symbol) == 2:  # \{ or \}: a literal brace, not a group delimiter
            continue
        depth += 1 if symbol == "{" else -1
        if depth == 0:
            return token.start()
    return None


def final_text(text: str | None) -> str | None:
    """The answer without inline reasoning: servers that do not split reasoning out (Ollama,
    vLLM without a reasoning parser) leave ``<think>…</think>`` in the content. Text after the
    last ``</think>`` is the answer; an unclosed ``<think>`` means the answer never came."""
    if not text or "think>" not in text:
        return text
    closing = text.rfind("</think>")
    if closing >= 0:
        return text[closing + len("</think>") :]
    if text.lstrip().startswith("<think>"):
        return None
    return text


def extract_boxed(text: str | None) -> str | None:
    """The raw content of the last top-level ``\\boxed{…}`` in ``text``; ``None`` if there is none.

    Returns ``None`` for a missing or empty text, for a text without a box, and when the last box
    opened is never closed. The content is returned as written (see :func:`normalize_answer`).
    Linear in the length of the text; a text without ``boxed``/``fbox`` is rejected at C speed.
    """
    text = final_text(text)
    if not text or ("boxed" not in text and "fbox" not in text):
        return None
    found: str | None = None
    position = 0
    while True:
        opening = _BOX_OPEN.search(text, position)
        if opening is None:
            return found
        close = _closing_brace(text, opening.end())
        if close is None:
            return None
        found = text[opening.end() : close]
        position = close + 1
