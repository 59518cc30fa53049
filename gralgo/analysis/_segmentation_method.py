"""Which segmentation over-thinking and self-verification use: marker words or high-entropy tokens.

``analysis.segmentation=markers`` (default) splits the response text at the marker words
(Eq. 1). ``analysis.segmentation=entropy`` splits at high-entropy word tokens
(:func:`gralgo.analysis._token_entropy.segment_at_high_entropy`), from the top-N logprobs stored
with the evaluated job (``sampling.logprobs=true``). The segmented text is then the text the
logprobs cover (the concatenated tokens: the answer, and the reasoning where the provider
returns its logprobs), and token counts can come from the evaluated model's own tokens.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, cast, overload

import pandas as pd

from gralgo.analysis._responses import AnalysisInputError
from gralgo.analysis._text_split import DEFAULT_MARKERS, Segment, segment_at_markers
from gralgo.errors import ConfigError

MODEL_TOKENS = "model tokens (stored logprobs)"
"""The ``tokenizer`` reported when counts are the evaluated model's own stored tokens."""


@dataclass(frozen=True)
class Segmentation:
    """How to split responses into segments (typed ``analysis.segmentation`` and its keys)."""

    method: str = "markers"
    """``markers`` or ``entropy``."""
    markers: tuple[str, ...] = DEFAULT_MARKERS
    entropy_threshold: float | None = None
    entropy_quantile: float = 0.95
    ledgers: tuple[Path, ...] = ()
    """Ledger files holding the stored logprobs (``entropy`` only)."""

    @property
    def by_entropy(self) -> bool:
        return self.method == "entropy"

    def describe(self) -> str:
        """One sentence for the report notes."""
        if not self.by_entropy:
            return f"Segments at markers {list(self.markers)} (Eq. 1)."
        cut = (
            f"entropy >= {self.entropy_threshold:g} nats"
            if self.entropy_threshold is not None
            else f"entropy >= the response's {self.entropy_quantile:.0%} quantile"
        )
        return (
            f"Segments at high-entropy word tokens ({cut}; top-N logprobs stored with the "
            "evaluated job), in the text those tokens cover (Eq. 1 with entropy markers)."
        )


def segmentation_from_options(options: Mapping[str, Any]) -> Segmentation:
    """The typed segmentation of an analysis section, checked against the config schema
    (:class:`gralgo.config._schema.SegmentationConfig`); ``ledgers`` left empty."""
    from omegaconf import OmegaConf
    from omegaconf.errors import OmegaConfBaseException

    from gralgo.config import SegmentationConfig

    keys = ("segmentation", "markers", "entropy_threshold", "entropy_quantile")
    given = {k: options[k] for k in keys if options.get(k) is not None}
    try:
        merged = OmegaConf.merge(OmegaConf.structured(SegmentationConfig), given)
    except OmegaConfBaseException as err:
        raise ConfigError(f"analysis segmentation settings: {err}") from err
    config = cast(SegmentationConfig, OmegaConf.to_object(merged))
    config.check()
    return Segmentation(
        method=config.segmentation,
        markers=tuple(config.markers),
        entropy_threshold=config.entropy_threshold,
        entropy_quantile=float(config.entropy_quantile),
    )


@dataclass(frozen=True)
class SegmentedResponse:
    """One response split into segments."""

    text: str
    """The text the segment offsets refer to."""
    segments: list[Segment]
    token_ends: list[int] = field(default_factory=list)
    """End offsets of the evaluated model's own tokens in ``text`` (entropy segmentation);
    empty for marker segmentation."""

    def tokens_through(self, index: int) -> int:
        """The model's tokens that end within segments ``0..index`` (``T_hat`` of Eq. 2)."""
        return bisect_right(self.token_ends, self.segments[index].end)


class MarkerPieces(Sequence[SegmentedResponse | None]):
    """Responses split at marker words when each is asked for (by the worker that reads it,
    not all in one process first): ``pieces[i]`` equals ``segment_responses(...)[i]``."""

    def __init__(self, texts: Sequence[str], markers: Sequence[str]) -> None:
        self.texts, self.markers = texts, markers

    def __len__(self) -> int:
        return len(self.texts)

    @overload
    def __getitem__(self, index: int) -> SegmentedResponse: ...
    @overload
    def __getitem__(self, index: slice) -> list[SegmentedResponse]: ...
    def __getitem__(self, index: int | slice) -> SegmentedResponse | list[SegmentedResponse]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        text = self.texts[index]
        return SegmentedResponse(text, segment_at_markers(text, self.markers))


def response_pieces(
    scored: pd.DataFrame, segmentation: Segmentation
) -> Sequence[SegmentedResponse | None]:
    """:func:`segment_responses`, split when asked for where that needs no stored logprobs
    (:class:`MarkerPieces`)."""
    if segmentation.by_entropy:
        return segment_responses(scored, segmentation)
    return MarkerPieces(scored["text"].tolist(), segmentation.markers)


def segment_responses(
    scored: pd.DataFrame, segmentation: Segmentation
) -> list[SegmentedResponse | None]:
    """Each scored response split per ``segmentation``; ``None`` for a response without stored
    logprobs (entropy). Raises :class:`AnalysisInputError` when no response has any."""
    if not segmentation.by_entropy:
        return list(MarkerPieces(scored["text"].tolist(), segmentation.markers))
    from gralgo.analysis._token_entropy import segment_at_high_entropy, token_entropy
    from gralgo.results import read_logprobs

    keys = list(zip(scored["request_key"], scored["sample_index"].astype(int), strict=True))
    stored = read_logprobs(segmentation.ledgers, keys)
    if keys and not stored:
        raise AnalysisInputError(
            "analysis.segmentation=entropy needs the logprobs stored with the evaluated job, "
            f"and none of its {len(keys)} responses has any (ledgers: "
            f"{[str(p) for p in segmentation.ledgers]}): evaluate with sampling.logprobs=true "
            "sampling.top_logprobs=N on a provider that returns them (llama.cpp, vLLM, OpenAI), "
            "or use analysis.segmentation=markers"
        )
    out: list[SegmentedResponse | None] = []
    for key in keys:
        data = stored.get(key)
        if data is None:
            out.append(None)
            continue
        segments = segment_at_high_entropy(
            data.tokens,
            token_entropy(data.top),
            threshold=segmentation.entropy_threshold,
            quantile=segmentation.entropy_quantile,
        )
        ends = list(accumulate(map(len, data.tokens)))
        out.append(SegmentedResponse("".join(data.tokens), segments, ends))
    return out


def missing_note(segmented: Sequence[SegmentedResponse | None]) -> str:
    """The report's line on responses left out for lack of stored logprobs ("" if none)."""
    missing = sum(s is None for s in segmented)
    if not missing:
        return ""
    return f" {missing} of {len(segmented)} responses have no stored logprobs and are left out."
