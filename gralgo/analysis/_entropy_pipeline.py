"""Token entropy (paper §3.2, Figure 5, F.3): which tokens a model is least sure about.

Reads the top-N logprobs stored with each sample (``sampling.logprobs=true``), computes each
step's entropy (renormalised top-N: a lower bound of Eq. 3, with an upper bound and the mass
outside the top N, see :mod:`gralgo.analysis._token_entropy`), ranks tokens by mean entropy at a
minimum frequency, and draws them as a word cloud and a ranked bar chart. It also compares
segmentation at high-entropy tokens with the fixed markers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gralgo.analysis._output import AnalysisOutput
from gralgo.analysis._responses import AnalysisInputError, scored_responses
from gralgo.analysis._text_split import DEFAULT_MARKERS, count_marker_segments
from gralgo.analysis._token_entropy import (
    DEFAULT_VOCAB_SIZE,
    accumulate_token_entropy,
    entropy_bounds,
    group_tokens,
    high_entropy_markers,
    normalize_token,
    ranked_tokens,
)
from gralgo.results import read_logprobs


def input_ledgers(inputs: Sequence[Path]) -> list[Path]:
    """The ledger files of the input jobs (``job.json`` names them) or the inputs themselves."""
    from gralgo.results import read_job

    found: list[Path] = []
    for path in inputs:
        ledger = Path(path) if Path(path).suffix == ".sqlite" else Path(read_job(path).ledger_path)
        if ledger not in found:
            found.append(ledger)
    return found


@dataclass
class EntropyChunk:
    """What one worker computed for its share of the responses."""

    rows: list[dict[str, object]]
    """Per-response statistics, keyed by (request key, sample index) in ``key``."""
    sums: dict[str, float]
    counts: dict[str, int]


def _entropy_chunk(
    args: tuple[list[Path], list[tuple[str, int]], float, tuple[str, ...], int, dict[Any, float]],
) -> EntropyChunk:
    ledgers, keys, quantile, markers, vocab_size, scales = args
    data = read_logprobs(ledgers, keys)
    chunk = EntropyChunk([], {}, {})
    ranking_keys: dict[str, str | None] = {}  # each raw token looked at once per chunk
    word_starts: dict[str, int] = {}
    for key in keys:
        stored = data.get(key)
        if stored is None:
            continue
        entropy, upper, dropped = entropy_bounds(stored.top, vocab_size, scales.get(key, 1.0))
        groups = group_tokens(stored.tokens) if stored.tokens else None
        accumulate_token_entropy(
            stored.tokens, entropy, chunk.sums, chunk.counts, keys=ranking_keys, groups=groups
        )
        text = "".join(stored.tokens)
        markers_high = high_entropy_markers(
            stored.tokens, entropy, quantile=quantile, groups=groups, starts=word_starts
        )
        chunk.rows.append(
            {
                "key": key,
                "tokens": len(stored.tokens),
                "top_n": int(stored.top.shape[1]),
                "mean_entropy": float(entropy.mean()) if len(entropy) else np.nan,
                "mean_entropy_upper_bound": float(upper.mean()) if len(entropy) else np.nan,
                "mean_dropped_mass": float(dropped.mean()) if len(entropy) else np.nan,
                "segments_markers": count_marker_segments(text, markers),
                "segments_high_entropy": len(markers_high) + 1,
            }
        )
    return chunk


def entropy_statistics(
    ledgers: Sequence[Path],
    keys: Sequence[tuple[str, int]],
    *,
    quantile: float = 0.95,
    markers: Sequence[str] = DEFAULT_MARKERS,
    workers: int = 1,
    chunk: int = 500,
    vocab_size: int = DEFAULT_VOCAB_SIZE,
    scales: Mapping[tuple[str, int], float] | None = None,
) -> EntropyChunk:
    """Per-response entropy statistics and per-token totals, read and computed over
    ``workers`` processes (0: every core), each reading its share of the ledgers' rows.
    ``scales``: per response, ``T_stored / T`` of Eq. 4 (missing: 1, the stored
    distribution)."""
    import os

    keys = list(keys)
    scales = dict(scales or {})
    parts = [
        (
            list(ledgers), part, quantile, tuple(markers), vocab_size,
            {k: scales[k] for k in part if k in scales},
        )
        for part in (keys[i : i + chunk] for i in range(0, len(keys), chunk))
    ]  # fmt: skip
    workers = workers or (os.cpu_count() or 1)
    if workers <= 1 or len(parts) <= 1:
        results = [_entropy_chunk(part) for part in parts]
    else:
        from gralgo.analysis._workers import map_in_workers

        results = map_in_workers(_entropy_chunk, parts, workers)
    merged = EntropyChunk([], {}, {})
    for part in results:
        merged.rows += part.rows
        for token, total in part.sums.items():
            merged.sums[token] = merged.sums.get(token, 0.0) + total
            merged.counts[token] = merged.counts.get(token, 0) + part.counts[token]
    return merged


def plot_word_cloud(ranking: pd.DataFrame, path: Path) -> Path:
    """Figure 5: the ranked tokens, sized by mean entropy (``wordcloud`` package)."""
    from wordcloud import WordCloud

    frequencies = {
        str(t): float(e)
        for t, e in zip(ranking["token"], ranking["mean_entropy"], strict=True)
        if e > 0
    }
    cloud = WordCloud(width=900, height=450, background_color="white", random_state=0)
    cloud.generate_from_frequencies(frequencies or {"(none)": 1.0}).to_file(str(path))
    return path


def plot_ranking(ranking: pd.DataFrame, path: Path) -> Path:
    """The ranked bar chart: mean entropy of the top tokens."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, max(3, 0.25 * len(ranking))))
    ax.barh(ranking["token"][::-1], ranking["mean_entropy"][::-1])
    ax.set_xlabel("mean token entropy (nats, top-N lower bound)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def run_entropy(
    samples: pd.DataFrame,
    ledgers: Sequence[Path],
    output: AnalysisOutput,
    *,
    min_count: int = 5,
    top: int = 40,
    quantile: float = 0.95,
    markers: Sequence[str] = DEFAULT_MARKERS,
    workers: int = 1,
    vocab_size: int = DEFAULT_VOCAB_SIZE,
    temperature: float | None = None,
    logprobs_temperature: float = 1.0,
) -> pd.DataFrame:
    """The whole analysis into ``output``; returns the token ranking.

    Eq. 4 is a softmax at temperature ``temperature`` (``None``: each response's sampling
    temperature, the distribution it was sampled from); the stored logprobs are at
    ``logprobs_temperature`` (1: the unscaled distribution vLLM and OpenAI return), and are
    rescaled by their ratio where the two differ."""
    scored = scored_responses(samples)
    keys = list(zip(scored["request_key"], scored["sample_index"].astype(int), strict=True))
    targets = eq4_temperatures(scored, temperature)
    scales = {
        k: logprobs_temperature / t for k, t in zip(keys, targets, strict=True) if t and t > 0
    }
    stats = entropy_statistics(
        ledgers, keys, quantile=quantile, markers=markers, workers=workers,
        vocab_size=vocab_size, scales=scales,
    )  # fmt: skip
    if not stats.rows:
        raise AnalysisInputError(
            "no stored logprobs for these samples: evaluate with sampling.logprobs=true "
            "sampling.top_logprobs=N on a provider that returns them (llama.cpp, vLLM, OpenAI)"
        )
    info: dict[Any, Any] = dict(zip(keys, scored.itertuples(index=False), strict=True))
    used = {k: logprobs_temperature / s for k, s in scales.items()}
    per = pd.DataFrame(
        [
            {
                "item": info[r["key"]].item,
                "model": info[r["key"]].model,
                "task": info[r["key"]].task,
                "temperature": used.get(r["key"], logprobs_temperature),  # type: ignore[call-overload]
                "logprobs_temperature": logprobs_temperature,
                **{k: v for k, v in r.items() if k != "key"},
            }
            for r in stats.rows
        ]
    )
    per.to_csv(output.directory / "responses.csv", index=False)
    output.files.append(output.directory / "responses.csv")
    ranked = ranked_tokens(stats.sums, stats.counts, min_count=min_count, top=top)
    ranking = pd.DataFrame(
        [
            {"rank": i + 1, "token": s.token, "count": s.count, "mean_entropy": s.mean_entropy}
            for i, s in enumerate(ranked)
        ],
        columns=["rank", "token", "count", "mean_entropy"],
    )
    summary = (
        per.groupby("model", sort=True)
        .agg(
            responses=("item", "size"),
            tokens=("tokens", "sum"),
            top_n=("top_n", "max"),
            temperature=("temperature", "median"),
            mean_entropy=("mean_entropy", "mean"),
            mean_entropy_upper_bound=("mean_entropy_upper_bound", "mean"),
            mean_dropped_mass=("mean_dropped_mass", "mean"),
            segments_markers=("segments_markers", "mean"),
            segments_high_entropy=("segments_high_entropy", "mean"),
        )
        .reset_index()
    )
    summary.insert(
        2,
        "without_logprobs",
        [
            int((scored["model"] == m).sum()) - n
            for m, n in zip(summary["model"], summary["responses"], strict=True)
        ],
    )
    output.table(
        "entropy",
        summary,
        "Token entropy by model",
        f"{temperature_note(per, temperature, logprobs_temperature)} "
        "mean_entropy: entropy of the renormalised top-N distribution, a lower bound of "
        "the full-vocabulary entropy (F.3) that grows with N; mean_entropy_upper_bound: "
        f"its upper bound h(s) + s H_top + (1 - s) log(V - N) with V = {vocab_size:,}; "
        "mean_dropped_mass: the probability outside the top N (1 - s). The paper's exact "
        "entropy needs the whole distribution: a vLLM server with --max-logprobs V and "
        "sampling.top_logprobs=V. Per response in responses.csv. Segments: mean per "
        f"response at markers {list(markers)} vs. at tokens above the response's "
        f"{quantile:.0%} entropy quantile.",
    )
    output.table("token_ranking", ranking, f"Highest mean-entropy tokens (>= {min_count} uses)")
    in_top = {normalize_token(m) for m in markers} & set(ranking["token"])
    output.text(f"Markers among the ranked tokens: {sorted(in_top) or 'none'}.\n")
    output.metrics["markers_in_ranking"] = float(len(in_top))
    output.metrics["logprobs_temperature"] = float(logprobs_temperature)
    for row in summary.to_dict("records"):
        output.metrics[f"entropy_temperature.{row['model']}"] = float(row["temperature"])
        output.metrics[f"mean_entropy.{row['model']}"] = float(row["mean_entropy"])
        output.metrics[f"mean_entropy_upper_bound.{row['model']}"] = float(
            row["mean_entropy_upper_bound"]
        )
        output.metrics[f"mean_dropped_mass.{row['model']}"] = float(row["mean_dropped_mass"])
    if len(ranking):
        output.figure(plot_word_cloud(ranking, output.directory / "entropy_wordcloud.png"))
        output.figure(plot_ranking(ranking, output.directory / "entropy_ranking.png"))
    return ranking


def eq4_temperatures(scored: pd.DataFrame, temperature: float | None) -> list[float | None]:
    """Per response, the temperature of Eq. 4: ``temperature``, or else the response's
    sampling temperature (its ``sampling`` record; ``None`` when it has none)."""
    import json

    if temperature is not None:
        return [float(temperature)] * len(scored)
    out: list[float | None] = []
    for raw in scored["sampling"] if "sampling" in scored else [None] * len(scored):
        try:
            value = json.loads(raw).get("temperature") if isinstance(raw, str) else None
        except (ValueError, AttributeError):
            value = None
        out.append(None if value is None else float(value))
    return out


def temperature_note(
    per: pd.DataFrame, temperature: float | None, logprobs_temperature: float
) -> str:
    """Which temperature the entropies are at, and from which stored logprobs."""
    temps = sorted({float(t) for t in per["temperature"]})
    shown = ", ".join(f"{t:g}" for t in temps)
    source = "analysis.temperature" if temperature is not None else "the samples' sampling"
    if temps == [logprobs_temperature]:
        how = "the stored distribution itself"
    else:
        how = (
            f"rescaled from the stored T = {logprobs_temperature:g} logprobs (softmax of "
            f"logprob x {logprobs_temperature:g}/T over the top N; the dropped mass is its "
            "upper bound at T)"
        )
    return (
        f"Eq. 4 at T = {shown} ({source} temperature; a greedy T = 0 sample keeps the "
        f"stored distribution): {how}. Stored logprobs are at T = {logprobs_temperature:g} "
        "(analysis.logprobs_temperature: vLLM's default raw logprobs and OpenAI's are T = 1)."
    )
