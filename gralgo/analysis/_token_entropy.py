"""Token entropy (paper F.3, Eq. 3) from the top-N log-probabilities a provider returns.

Providers return only the ``N`` most likely tokens at each step (OpenAI: N <= 20; vLLM and
llama.cpp: configurable). We renormalise those ``N`` probabilities and take their Shannon
entropy (nats). This is a **lower bound** on the full-vocabulary entropy ``H_t`` of Eq. 3:
with ``s`` the retained mass and every dropped token no more likely than the least likely kept
one, ``H(top-N renormalised) <= H(full)``. For the same reason it is non-decreasing in ``N``
(top-N is the renormalised top-N of top-(N+1)) and reaches ``H_t`` when ``N = V``; the gap is at
most ``h(s) + (1 - s) * log(V - N)`` (``h`` the binary entropy), so it closes as the dropped
mass ``1 - s`` goes to 0 -- :func:`dropped_mass` reports it per token and
:func:`entropy_upper_bound` gives the matching upper bound, so a reader sees how loose the
estimate is. Ranking tokens by entropy (Figure 5) needs only the order, which a small ``N``
(5-20) already gives for peaked steps. The paper's full-distribution entropy needs every
token's probability: a self-hosted vLLM server started with ``--max-logprobs V`` (the
vocabulary size) and ``sampling.top_logprobs=V`` returns it (then ``s = 1`` and both bounds
meet); hosted APIs cap ``N`` (OpenAI at 20).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate

import numpy as np

from gralgo.analysis._text_split import Segment


@dataclass(frozen=True)
class TokenLogprobs:
    """The generated tokens of one response with their top-N alternatives."""

    tokens: tuple[str, ...]
    """The generated tokens' text, in order (their concatenation is the response text)."""
    top_logprobs: np.ndarray
    """``(len(tokens), N)`` natural-log probabilities of the top-N candidates at each step;
    ``-inf`` pads steps with fewer than ``N`` candidates."""

    def __post_init__(self) -> None:
        if self.top_logprobs.ndim != 2 or self.top_logprobs.shape[0] != len(self.tokens):
            raise ValueError(
                f"top_logprobs must be (n_tokens, N) with n_tokens={len(self.tokens)}, "
                f"got shape {self.top_logprobs.shape}"
            )


def _entropy_and_mass(lp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``(n, N)`` log-probabilities: the renormalised entropy and the top-N mass."""
    if lp.ndim != 2:
        raise ValueError(f"top_logprobs must be 2-D (n_tokens, N), got shape {lp.shape}")
    if lp.shape[0] == 0 or lp.shape[1] == 0:
        return np.zeros(lp.shape[0]), np.zeros(lp.shape[0])
    # Work on the (N, n) transpose: every reduction over the N candidates is then N - 1
    # vectorised adds of length-n rows instead of n tiny reductions (several times faster).
    cols = np.array(lp.T, dtype=np.float64, order="C")
    peak = cols.max(axis=0)
    peak[~np.isfinite(peak)] = 0.0  # a step without any candidate
    # H = log Z - sum(w * s) / Z with s = lp - peak, w = exp(s), Z = sum(w); -inf padding
    # becomes a huge negative s whose weight underflows to exactly 0 (and 0 * s == 0).
    cols -= peak
    np.maximum(cols, -1e300, out=cols)
    weights = np.exp(cols)
    total = weights.sum(axis=0)
    mass = total * np.exp(peak)  # sum of exp(lp): the probability the top N hold
    weights *= cols
    weighted = weights.sum(axis=0)
    empty = total <= 0
    total[empty] = 1.0
    entropy = np.log(total) - weighted / total
    entropy[empty] = 0.0
    mass[empty] = 0.0
    np.maximum(entropy, 0.0, out=entropy)
    return entropy, mass


def token_entropy(top_logprobs: np.ndarray) -> np.ndarray:
    """Entropy (nats) of each row's renormalised top-N distribution; a lower bound of Eq. 3.

    ``top_logprobs``: ``(n, N)`` log-probabilities, ``-inf`` for padding. A row with no finite
    entry has entropy 0. Vectorised: O(n * N).
    """
    return _entropy_and_mass(np.asarray(top_logprobs))[0]


DEFAULT_VOCAB_SIZE = 262_144
"""Vocabulary size assumed for the upper bound: at least Gemma 3's (262,144), Qwen2.5/3's
(152k), Llama 3's (128k) and DeepSeek's (129k); a larger ``V`` only loosens the bound."""


def _tempered_mass(lp: np.ndarray, scale: float, vocab_size: int) -> np.ndarray:
    """Per step, a lower bound of the mass the top N hold at temperature ``T_stored / scale``
    (``p_T`` proportional to ``p ** scale``), from the stored top-N alone: the dropped tokens
    hold ``1 - s`` at the stored temperature, each at most the least likely kept ``p_min``, so
    their mass ``sum p ** scale`` is at most ``(1 - s) * p_min ** (scale - 1)`` (scale >= 1)
    or ``(V - N) ** (1 - scale) * (1 - s) ** scale`` (scale < 1, Hölder)."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        p = np.exp(np.asarray(lp, dtype=np.float64))
        kept = np.clip(p.sum(axis=1), 0.0, 1.0)
        head = (p**scale).sum(axis=1)
        rest = 1.0 - kept
        if scale >= 1:
            p_min = np.where(p > 0, p, np.inf).min(axis=1)
            tail = rest * np.where(np.isfinite(p_min), p_min, 0.0) ** (scale - 1)
        else:
            tail = float(max(vocab_size - lp.shape[1], 1)) ** (1 - scale) * rest**scale
        total = head + tail
        return np.where(total > 0, head / np.where(total > 0, total, 1.0), 0.0)


def entropy_bounds(
    top_logprobs: np.ndarray, vocab_size: int = DEFAULT_VOCAB_SIZE, scale: float = 1.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per step: (lower bound :func:`token_entropy`, upper bound, dropped mass ``1 - s``) of
    the full-vocabulary entropy, in one pass over the top-N.

    With ``s`` the top-N mass, ``H_top`` the renormalised top-N entropy and ``h`` the binary
    entropy, ``H = h(s) + s * H_top + (1 - s) * H_rest`` and ``H_rest <= log(V - N)``, so
    ``H <= h(s) + s * H_top + (1 - s) * log(V - N)``; it equals ``H_top`` when ``s = 1``.

    ``scale`` = ``T_stored / T``: the entropy of Eq. 4's softmax at temperature ``T`` from
    logprobs stored at ``T_stored`` (``softmax(z / T)`` is proportional to ``p ** scale``):
    the top N are renormalised after scaling, and the dropped mass is its upper bound at ``T``
    (:func:`_tempered_mass`). ``scale = 1`` is the stored distribution itself.
    """
    lp = np.asarray(top_logprobs)
    n = lp.shape[1] if lp.ndim == 2 else 0
    if vocab_size < n:
        raise ValueError(f"vocab_size {vocab_size} is smaller than the top-N width {n}")
    if scale <= 0:
        raise ValueError(f"the temperature ratio must be positive, got {scale}")
    entropy, kept = _entropy_and_mass(lp if scale == 1 else lp * scale)
    if scale != 1 and lp.shape[0]:
        kept = _tempered_mass(lp, scale, vocab_size)
    np.clip(kept, 0.0, 1.0, out=kept)
    rest = 1.0 - kept
    # h(s) = -s log s - (1 - s) log(1 - s), with 0 log 0 = 0 (log of a tiny floor times 0).
    upper = kept * (entropy - np.log(np.maximum(kept, 1e-300)))
    upper -= rest * np.log(np.maximum(rest, 1e-300))
    upper += rest * np.log(max(vocab_size - n, 1))
    return entropy, upper, rest


def entropy_upper_bound(
    top_logprobs: np.ndarray, vocab_size: int = DEFAULT_VOCAB_SIZE
) -> np.ndarray:
    """Per step, an upper bound of the full-vocabulary entropy (nats) from the top-N only
    (see :func:`entropy_bounds`)."""
    return entropy_bounds(top_logprobs, vocab_size)[1]


def dropped_mass(top_logprobs: np.ndarray) -> np.ndarray:
    """``1 - s`` per step: the probability outside the returned top-N (the bound's slack)."""
    cols = np.array(np.asarray(top_logprobs).T, dtype=np.float64, order="C")
    np.exp(cols, out=cols)
    slack: np.ndarray = np.clip(1.0 - cols.sum(axis=0), 0.0, 1.0)
    return slack


def normalize_token(token: str) -> str:
    """A token as it is counted for ranking: without surrounding whitespace, lower case."""
    return token.strip().lower()


@dataclass(frozen=True)
class TokenEntropyStat:
    """One row of the high-entropy token ranking."""

    token: str
    """The normalised token text."""
    count: int
    """Occurrences over all responses."""
    mean_entropy: float
    """Mean entropy (nats) at the steps that generated this token."""


def _ranking_key(token: str, words_only: bool) -> str | None:
    key = normalize_token(token)
    if not key or (words_only and not any(ch.isalpha() for ch in key)):
        return None
    return key


def group_tokens(tokens: Sequence[str]) -> tuple[np.ndarray, list[str]]:
    """``(codes, distinct)``: each token's index into its distinct tokens, which are in order
    of first appearance (hashed in C by ``pandas.factorize``: several times faster than sorting
    them with ``np.unique``)."""
    import pandas as pd

    codes, distinct = pd.factorize(np.asarray(tokens, dtype=object), sort=False)
    return codes, distinct.tolist()


def accumulate_token_entropy(
    tokens: Sequence[str],
    entropies: np.ndarray,
    sums: dict[str, float],
    counts: dict[str, int],
    *,
    words_only: bool = True,
    keys: dict[str, str | None] | None = None,
    groups: tuple[np.ndarray, list[str]] | None = None,
) -> None:
    """Add one response's per-token entropies to running ``sums`` and ``counts`` by token.

    ``keys`` caches each raw token's ranking key (``None``: not counted) across the calls of
    one pass (with one ``words_only``); ``groups`` is :func:`group_tokens` of ``tokens`` when
    the caller has it."""
    values = np.asarray(entropies, dtype=np.float64)
    if len(tokens) != values.shape[0]:
        raise ValueError(f"{len(tokens)} tokens but {values.shape[0]} entropies")
    if not len(tokens):
        return
    # Sum per distinct token, then normalise each distinct one once.
    inverse, distinct = group_tokens(tokens) if groups is None else groups
    token_sums = np.bincount(inverse, weights=values, minlength=len(distinct))
    token_counts = np.bincount(inverse, minlength=len(distinct))
    known = {} if keys is None else keys
    for token, total, count in zip(
        distinct, token_sums.tolist(), token_counts.tolist(), strict=True
    ):
        if token in known:
            key = known[token]
        else:
            key = known[token] = _ranking_key(token, words_only)
        if key is None:
            continue
        sums[key] = sums.get(key, 0.0) + total
        counts[key] = counts.get(key, 0) + count


def ranked_tokens(
    sums: dict[str, float], counts: dict[str, int], *, min_count: int = 5, top: int = 50
) -> list[TokenEntropyStat]:
    """The ``top`` tokens by mean entropy among those seen at least ``min_count`` times; ties
    broken by count, then alphabetically, so the ranking is deterministic."""
    if min_count < 1:
        raise ValueError(f"min_count must be >= 1, got {min_count}")
    stats = [
        TokenEntropyStat(token, counts[token], sums[token] / counts[token])
        for token in counts
        if counts[token] >= min_count
    ]
    stats.sort(key=lambda s: (-s.mean_entropy, -s.count, s.token))
    return stats[:top]


def rank_high_entropy_tokens(
    responses: Iterable[tuple[Sequence[str], np.ndarray]],
    *,
    min_count: int = 5,
    top: int = 50,
    words_only: bool = True,
) -> list[TokenEntropyStat]:
    """Tokens with the highest mean entropy among those seen at least ``min_count`` times.

    ``responses`` yields ``(tokens, entropies)`` per response. ``words_only`` keeps tokens
    containing a letter (numbers and punctuation would otherwise crowd the word cloud).
    """
    if min_count < 1:
        raise ValueError(f"min_count must be >= 1, got {min_count}")
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for tokens, entropies in responses:
        accumulate_token_entropy(tokens, entropies, sums, counts, words_only=words_only)
    return ranked_tokens(sums, counts, min_count=min_count, top=top)


def _starts_word(tokens: Sequence[str], i: int) -> bool:
    """Whether token ``i`` starts a word: it opens with whitespace, or the text before it is
    empty or ends in a character that is not alphanumeric."""
    if tokens[i][:1].isspace():
        return True
    j = i - 1
    while j >= 0 and not tokens[j]:
        j -= 1
    return j < 0 or not tokens[j][-1].isalnum()


def high_entropy_markers(
    tokens: Sequence[str],
    entropies: np.ndarray,
    *,
    threshold: float | None = None,
    quantile: float = 0.95,
    groups: tuple[np.ndarray, list[str]] | None = None,
    starts: dict[str, int] | None = None,
) -> list[int]:
    """Indices of the marker tokens of :func:`segment_at_high_entropy`, in order.

    A marker has entropy at least ``threshold`` (default: the response's ``quantile`` of
    entropies) and above 0, starts a word and begins with a letter. The entropy test runs in
    numpy; only the few steps that pass it are looked at in Python. ``groups``
    (:func:`group_tokens` of ``tokens``) lets the word tests run once per distinct token,
    cached over a pass in ``starts``.
    """
    values = np.asarray(entropies, dtype=np.float64)
    if len(tokens) != values.shape[0]:
        raise ValueError(f"{len(tokens)} tokens but {values.shape[0]} entropies")
    if not 0.0 < quantile <= 1.0:
        raise ValueError(f"quantile must be within (0, 1], got {quantile}")
    if not len(tokens):
        return []
    cut = float(np.quantile(values, quantile)) if threshold is None else threshold
    candidates = np.flatnonzero((values >= cut) & (values > 0))
    if groups is None:
        return [
            i
            for i in candidates.tolist()
            if tokens[i].lstrip()[:1].isalpha()
            and (tokens[i][:1].isspace() or _starts_word(tokens, i))
        ]
    # The word tests once per distinct token (cached over a pass in ``starts``); only a
    # letter-initial candidate without a leading space needs the look at the tokens before it.
    codes, distinct = groups
    known = {} if starts is None else starts
    kinds = np.array(
        [known[t] if t in known else known.setdefault(t, _start_kind(t)) for t in distinct],
        dtype=np.int8,
    )
    kind = kinds[codes[candidates]]
    spaced = candidates[kind == _LETTER | _SPACE]
    glued = [i for i in candidates[kind == _LETTER].tolist() if _starts_word(tokens, i)]
    return sorted(spaced.tolist() + glued) if glued else spaced.tolist()


_LETTER, _SPACE = 1, 2


def _start_kind(token: str) -> int:
    """:data:`_LETTER` if ``token`` begins (after whitespace) with a letter, plus
    :data:`_SPACE` if it opens with whitespace."""
    return (_LETTER if token.lstrip()[:1].isalpha() else 0) | (_SPACE if token[:1].isspace() else 0)


def segment_at_high_entropy(
    tokens: Sequence[str],
    entropies: np.ndarray,
    *,
    threshold: float | None = None,
    quantile: float = 0.95,
) -> list[Segment]:
    """Eq. 1 with high-entropy word tokens as markers instead of fixed words.

    The markers are :func:`high_entropy_markers` (entropy at least ``threshold``, by default
    the response's ``quantile`` of entropies; starting a word with a letter). As in Eq. 1 the
    marker belongs to no segment; offsets refer to ``"".join(tokens)``.
    """
    markers = high_entropy_markers(tokens, entropies, threshold=threshold, quantile=quantile)
    text = "".join(tokens)
    if not tokens:
        return [Segment(0, 0, 0, "")]
    offsets = [0, *accumulate(map(len, tokens))]
    segments: list[Segment] = []
    start, marker = 0, None
    for i in markers:
        token, offset = tokens[i], offsets[i]
        word_start = offset + (len(token) - len(token.lstrip()))
        segments.append(Segment(len(segments), start, word_start, text[start:word_start], marker))
        start, marker = offset + len(token.rstrip()), token.strip()
    segments.append(Segment(len(segments), start, len(text), text[start:], marker))
    return segments
