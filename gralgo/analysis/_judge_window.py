"""Fitting text into the judge's context window, in tokens, and saying what was cut.

The paper gives its judges whole responses and all earlier segments. A text is shortened only
when the prompt would not fit the judge's window (``JudgeSettings.context_tokens``) with room
for every reply and re-ask of the conversation, or when the user set an explicit cap; every
cut is counted (:class:`Cuts`) and reported by the analysis. Tokens are cl100k counts (the
judge's own tokenizer is rarely available offline), so a margin is kept.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from gralgo.analysis._judge import JudgeSettings

WINDOW_MARGIN = 0.9
"""Share of the window filled by cl100k-counted prompt tokens (other tokenizers count more)."""

ELLIPSIS = "…"


_FIXED_TOKENS: dict[bytes, int] = {}
"""Token counts of prompts' fixed parts by their digest (not the text: 10 KB prompts)."""


def fixed_tokens(text: str) -> int:
    """cl100k tokens of a prompt's fixed part (the template and problem): the k samples of an
    instance, and the plan and the run of an analysis, share it, so it is counted once."""
    import hashlib

    key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
    count = _FIXED_TOKENS.get(key)
    if count is None:
        from gralgo.formats import count_tokens

        if len(_FIXED_TOKENS) >= 100_000:
            _FIXED_TOKENS.clear()
        count = _FIXED_TOKENS[key] = count_tokens(text)
    return count


def fits(text: str, budget: int | None) -> bool:
    """Whether ``text`` has at most ``budget`` cl100k tokens (``None``: no limit). A token is at
    least one UTF-8 byte, so a text of at most ``budget`` bytes fits without tokenising."""
    if budget is None or len(text) <= budget and len(text.encode("utf-8")) <= budget:
        return True
    from gralgo.formats import count_tokens

    return count_tokens(text) <= budget


def prompt_budget(settings: JudgeSettings, fixed_text: str, cap: int | None = None) -> int | None:
    """Tokens left for the variable text of a prompt whose other parts are ``fixed_text``:
    the window (less a margin) minus the fixed part, every reply (``1 + max_reasks`` at
    ``max_tokens``) and every follow-up; or ``cap`` if smaller. ``None``: no limit known."""
    limit = cap
    if settings.context_tokens is not None:
        r = settings.max_reasks
        replies = (r + 1) * settings.sampling.max_tokens
        follow_ups = r * (fixed_tokens(settings.reask_template) + 64)
        room = int(settings.context_tokens * WINDOW_MARGIN) - replies - follow_ups
        room -= fixed_tokens(fixed_text)
        limit = room if limit is None else min(limit, room)
    return None if limit is None else max(limit, 0)


@dataclass(frozen=True)
class TokenizedText:
    """A text with the character offset at which each of its cl100k tokens starts."""

    text: str
    starts: list[int]

    @classmethod
    def of(cls, text: str) -> TokenizedText:
        from gralgo.formats import get_encoding

        encoding = get_encoding("cl100k_base")
        _, starts = encoding.decode_with_offsets(encoding.encode_ordinary(text))
        return cls(text, [min(s, len(text)) for s in starts])

    def tokens_before(self, offset: int) -> int:
        """Tokens that start before character ``offset``."""
        return bisect_right(self.starts, offset - 1) if offset > 0 else 0

    def tail(self, end: int, budget: int | None) -> tuple[str, int]:
        """``text[:end]`` keeping its last ``budget`` tokens, and how many tokens were dropped."""
        before = self.tokens_before(end)
        if budget is None or before <= budget:
            return self.text[:end], 0
        start = self.starts[before - budget] if budget else end
        return ELLIPSIS + self.text[start:end], before - budget

    def head_and_tail(self, budget: int | None) -> tuple[str, int]:
        """The text, or its first and last ``budget // 2`` tokens around an ellipsis, and how
        many tokens were dropped."""
        n = len(self.starts)
        if budget is None or n <= budget:
            return self.text, 0
        half = budget // 2
        head_end = self.starts[half] if half < n else len(self.text)
        tail_start = self.starts[n - (budget - half)] if budget - half else len(self.text)
        return (
            self.text[:head_end] + f"\n{ELLIPSIS}\n" + self.text[tail_start:],
            n - budget,
        )


@dataclass
class Cuts:
    """What an analysis left out or shortened, for its tables, notes and metrics."""

    items: dict[str, int] = field(default_factory=dict)
    """Counter name -> count (e.g. ``segments_total``, ``contexts_shortened``)."""
    sentences: list[str] = field(default_factory=list)

    def add(self, name: str, count: int = 1) -> None:
        self.items[name] = self.items.get(name, 0) + count

    def note(self, sentence: str) -> None:
        self.sentences.append(sentence)

    def text(self) -> str:
        """One paragraph for notes and captions ("Nothing was cut." when nothing was)."""
        return " ".join(self.sentences) or "Nothing was cut."

    def metrics(self) -> dict[str, float]:
        return {f"cut.{k}": float(v) for k, v in sorted(self.items.items())}


def known_context_window(litellm_model: str) -> int | None:
    """The model's input window from litellm's bundled model map (read as JSON, without
    importing litellm), or ``None`` when the map does not know the model."""
    import importlib.util
    import json
    from pathlib import Path

    spec = importlib.util.find_spec("litellm")
    for location in (spec.submodule_search_locations or []) if spec else []:
        path = Path(location) / "model_prices_and_context_window_backup.json"
        if path.is_file():
            models = json.loads(path.read_text(encoding="utf-8"))
            for name in (litellm_model, litellm_model.split("/", 1)[-1]):
                entry = models.get(name)
                if isinstance(entry, dict):
                    window = entry.get("max_input_tokens") or entry.get("max_tokens")
                    if isinstance(window, int) and window > 0:
                        return window
    return None
