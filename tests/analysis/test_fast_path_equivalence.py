"""The faster analysis paths give exactly what the code they replaced gave (old vs new).

The references are the replaced implementations, kept here in substance: the final number from
a scan of the whole segment, the per-response token totals and marker tests without the
per-pass caches. Outputs must be equal, not close.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.analysis._efficiency import _NUMBER, first_correct_segment, last_number
from gralgo.analysis._entropy_pipeline import entropy_statistics
from gralgo.analysis._text_split import count_marker_segments, segment_at_markers
from gralgo.analysis._token_entropy import (
    _starts_word,
    entropy_bounds,
    high_entropy_markers,
    normalize_token,
)
from gralgo.ledger import LogprobStore, SampleLogprobs
from gralgo.score import normalize_answer

TOKENS = [
    "",
    " ",
    "ing",
    " Hmm",
    "Hmm",
    ",",
    ".\n\n",
    "\n",
    " Wait",
    "wait",
    "3",
    " 42",
    "é",
    " x",
    " The",
    "the",
    "So",
    ' "q"',
    "\\",
    "😀",
]
ESCAPED = ["\ud800", "a\x00b", "\u27e6gralgo:esc\u27e7x", "\udfff "]
"""Tokens the store escapes (lone surrogates, NUL, the marker itself)."""


def old_last_number(text: str) -> str | None:
    numbers = _NUMBER.findall(text)
    return numbers[-1] if numbers else None


@settings(max_examples=500)
@given(st.text(alphabet="a1.+-,9 x\n٣_²", max_size=60), st.integers(1, 40))
def test_last_number_from_the_tail_equals_the_whole_scan(text: str, tail: int) -> None:
    assert last_number(text, tail) == old_last_number(text)


def old_first_correct_segment(text: str, expected: str) -> int | None:
    """The replaced loop: every segment normalised and scanned whole (integer answers)."""
    for segment in segment_at_markers(text):
        target = normalize_answer(expected, "integer")
        boxed = [m for m in segment.text.split("\\boxed{")[1:] if "}" in m]
        if any(normalize_answer(b.split("}")[0], "integer") == target for b in boxed):
            return segment.index
        number = old_last_number(segment.text)
        if number is not None and normalize_answer(number, "integer") == target:
            return segment.index
    return None


def random_response(rng: random.Random, answer: int) -> str:
    words = []
    # Some segments long, with long stretches without a number (the tail scan must widen).
    markers, numbers = rng.choice([0.003, 0.03]), rng.choice([0.001, 0.01, 0.17])
    for _ in range(rng.randint(0, 600)):
        r = rng.random()
        if r < markers:
            words.append(rng.choice(["Wait,", "But", "So", "so", "-", "+"]))
        elif r < markers + numbers:
            words.append(rng.choice(["", "-", "+", "."]) + str(rng.randint(0, 4)))
        elif r < markers + numbers + 0.01:
            words.append(rng.choice(["1,234", "3.5", "x2", "7.", f"\\boxed{{{answer}}}"]))
        else:
            words.append(rng.choice(["node", "edge", "is", "the", "\n\n", "degree", "Wait"]))
    return rng.choice([" ", "\n", ""]).join(words)


def test_first_correct_segment_equals_the_whole_segment_scan() -> None:
    rng = random.Random(7)
    found = widened = 0
    for _ in range(400):
        answer = rng.randint(0, 4)
        text = random_response(rng, answer)
        segments = segment_at_markers(text)
        new = first_correct_segment(segments, str(answer), "integer")
        assert new == old_first_correct_segment(text, str(answer))
        found += new is not None and new > 0
        widened += sum(
            bool(_NUMBER.findall(s.text)) and not _NUMBER.findall(s.text[-300:]) for s in segments
        )
    assert found > 50  # many responses locate an answer after the first segment
    assert widened > 20  # segments have their last number beyond the first tail


def old_accumulate(
    tokens: Sequence[str], values: np.ndarray, sums: dict[str, float], counts: dict[str, int]
) -> None:
    import pandas as pd

    inverse, distinct = pd.factorize(np.asarray(tokens, dtype=object), sort=False)
    token_sums = np.bincount(inverse, weights=values, minlength=len(distinct))
    token_counts = np.bincount(inverse, minlength=len(distinct))
    for token, total, count in zip(
        distinct.tolist(), token_sums.tolist(), token_counts.tolist(), strict=True
    ):
        key = normalize_token(token)
        if not key or not any(ch.isalpha() for ch in key):
            continue
        sums[key] = sums.get(key, 0.0) + total
        counts[key] = counts.get(key, 0) + count


def old_markers(tokens: Sequence[str], values: np.ndarray, quantile: float) -> list[int]:
    cut = float(np.quantile(values, quantile))
    return [
        i
        for i in np.flatnonzero((values >= cut) & (values > 0)).tolist()
        if tokens[i].lstrip()[:1].isalpha() and (tokens[i][:1].isspace() or _starts_word(tokens, i))
    ]


def merge(
    sums: dict[str, float], counts: dict[str, int], part: dict[str, float], n: dict[str, int]
) -> None:
    for token, total in part.items():
        sums[token] = sums.get(token, 0.0) + total
        counts[token] = counts.get(token, 0) + n[token]


def test_entropy_statistics_equal_the_replaced_per_response_code(tmp_path) -> None:
    rng = np.random.default_rng(3)
    ledger = tmp_path / "ledger.sqlite"
    store = LogprobStore(ledger)
    stored = {}
    for i in range(300):
        n = int(rng.integers(0, 120))
        width = int(rng.integers(1, 6))
        top = np.sort(np.log(rng.dirichlet(np.ones(width), size=n)), axis=1)[:, ::-1].copy()
        top[rng.random(size=(n, width)) < 0.1] = -np.inf
        pool = TOKENS + ESCAPED if i % 10 == 0 else TOKENS
        tokens = tuple(pool[j] for j in rng.integers(0, len(pool), size=n))
        data = SampleLogprobs(tokens, top[:, 0].astype(np.float32), top.astype(np.float32))
        store.record(f"k{i}", i % 2, data)
        stored[(f"k{i}", i % 2)] = tokens
    store.close()
    keys = [*stored, ("absent", 0)]
    new = entropy_statistics([ledger], keys, quantile=0.9, workers=1, chunk=37)

    read = LogprobStore(ledger).read(keys)
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    rows = []
    part_sums: dict[str, float] = {}
    part_counts: dict[str, int] = {}
    for i, key in enumerate(keys[:-1]):
        if i % 37 == 0:  # per chunk of keys, merged as entropy_statistics merges them
            merge(sums, counts, part_sums, part_counts)
            part_sums, part_counts = {}, {}
        data = read[key]
        entropy, upper, dropped = entropy_bounds(data.top)
        old_accumulate(data.tokens, entropy, part_sums, part_counts)
        markers_high = old_markers(data.tokens, entropy, 0.9) if data.tokens else []
        rows.append(
            (
                key,
                len(data.tokens),
                float(entropy.mean()) if len(entropy) else None,
                float(upper.mean()) if len(entropy) else None,
                float(dropped.mean()) if len(entropy) else None,
                count_marker_segments("".join(data.tokens)),
                len(markers_high) + 1,
            )
        )
    merge(sums, counts, part_sums, part_counts)
    got = [
        (
            r["key"],
            r["tokens"],
            None if np.isnan(r["mean_entropy"]) else r["mean_entropy"],
            None if np.isnan(r["mean_entropy_upper_bound"]) else r["mean_entropy_upper_bound"],
            None if np.isnan(r["mean_dropped_mass"]) else r["mean_dropped_mass"],
            r["segments_markers"],
            r["segments_high_entropy"],
        )
        for r in new.rows
    ]
    assert got == rows  # exactly: same floats, same order
    assert new.sums == sums and new.counts == counts
    assert sum(r[6] > 1 for r in rows) > 100  # high-entropy markers were found


@settings(max_examples=300)
@given(st.lists(st.sampled_from(TOKENS), max_size=40), st.data(), st.floats(0.05, 1.0))
def test_markers_with_token_groups_equal_the_token_loop(
    tokens: list[str], data: st.DataObject, quantile: float
) -> None:
    from gralgo.analysis._token_entropy import group_tokens

    values = np.array(
        data.draw(st.lists(st.floats(0, 3), min_size=len(tokens), max_size=len(tokens)))
    )
    if not tokens:
        return
    starts: dict[str, int] = {" x": 3}  # a pass's cache, already holding a token
    got = high_entropy_markers(
        tokens, values, quantile=quantile, groups=group_tokens(tokens), starts=starts
    )
    assert got == old_markers(tokens, values, quantile)
