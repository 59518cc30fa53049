"""Per-sample records a person reads: one dict per scored sample, and ``samples.jsonl``.

The records carry everything needed to answer "why was this wrong?" — the answer and reasoning
text, the extracted vs expected answer, the outcome, tokens, cost (the batch price when
``batch_ref`` names the provider batch that answered) and latency — with the prompt
given by reference (dataset folder, instance id, format), since a prompt is shared by all k
samples and already lives in the dataset.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

RECORD_FIELDS: tuple[str, ...] = (
    "instance_id", "model", "task", "taxonomy", "complexity", "level", "format", "context",
    "graph_nodes", "graph_edges", "sample_index", "outcome", "expected", "extracted",
    "answer_text", "reasoning_text", "finish_reason", "error_class", "error_message",
    "prompt_tokens", "completion_tokens", "reasoning_tokens", "cost_usd", "latency_s",
    "request_key", "batch_ref", "certificate_status", "certificate_ratio", "certificate_detail",
)  # fmt: skip
"""Per-sample fields, in the order they are written (those absent from a frame are skipped)."""

CHUNK_ROWS = 250
"""Samples in the first chunk written (and the fewest in any chunk but the last)."""
CHUNK_TEXT = 4_000_000
"""Characters of answer and reasoning text a chunk aims at: with long replies a chunk holds
:data:`CHUNK_ROWS` samples, with short ones up to :data:`MAX_CHUNK_ROWS` (fewer chunks, less
per-chunk overhead), so the text held at once stays bounded either way."""
MAX_CHUNK_ROWS = 2000

TextLookup = Callable[[Sequence[str], Sequence[str]], Mapping[tuple[str, int], Sequence[Any]]]
"""``(request keys, fields) -> {(key, sample index): values of fields}``, e.g.
:meth:`gralgo.results.JobTexts.texts`."""


def plain(value: Any) -> Any:
    """A JSON-ready scalar: NaN/NA -> None, numpy numbers -> Python numbers."""
    if value is None:
        return None
    if hasattr(value, "item") and not isinstance(value, str):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    try:
        import pandas as pd

        if value is pd.NA or value is pd.NaT:
            return None
    except ImportError:  # pragma: no cover - pandas is a dependency
        pass
    return value


def records_frame(scored: pd.DataFrame) -> pd.DataFrame:
    """The scored samples reduced to :data:`RECORD_FIELDS`, NaN / NA as ``None``."""
    return _plain_objects(record_view(scored))


def record_view(scored: pd.DataFrame) -> pd.DataFrame:
    """The scored samples reduced to :data:`RECORD_FIELDS`, values as they are (the columns
    are converted chunk by chunk in :func:`record_chunks`, not all at once)."""
    return scored[[name for name in RECORD_FIELDS if name in scored.columns]]


def _plain_objects(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` as object columns, NaN / NA as ``None`` (what ``astype(object)`` then
    ``where(notna(), None)`` gives, from one object array: a few times faster per chunk)."""
    import pandas as pd

    values = frame.to_numpy(dtype=object)
    values[pd.isna(values)] = None
    return pd.DataFrame(values, index=frame.index, columns=frame.columns, dtype=object)


def sample_records(scored: pd.DataFrame) -> list[dict[str, Any]]:
    """One dict per row of the scored samples frame, fields as in :data:`RECORD_FIELDS`."""
    return [{k: plain(v) for k, v in row.items()}
            for row in records_frame(scored).to_dict("records")]  # fmt: skip


def records_json(frame: pd.DataFrame) -> str:
    """A :func:`records_frame` as one JSON array (pandas' encoder: fast on long texts)."""
    return frame.to_json(orient="records", force_ascii=False) if len(frame) else "[]"


def record_chunks(
    frame: pd.DataFrame, texts: TextLookup | None = None, rows: int | None = None
) -> Iterator[pd.DataFrame]:
    """A :func:`record_view` as :func:`records_frame` chunks, in order (only one chunk's values
    are converted at a time): ``rows`` rows each, else sized by their text (the first
    :data:`CHUNK_ROWS`, then :func:`next_chunk_rows`); with ``texts``, the text
    fields the frame lacks (answer, reasoning) are filled in per chunk from ``texts``, so the
    whole job's text is never in memory at once."""
    missing = [f for f in ("answer_text", "reasoning_text") if f not in frame.columns]
    if texts is None or not missing:
        missing = []
    elif not {"request_key", "sample_index"} <= set(frame.columns):
        raise ValueError("filling texts needs the request_key and sample_index columns")
    columns = [f for f in RECORD_FIELDS if f in frame.columns or f in missing]
    fixed = rows is not None
    rows = rows or CHUNK_ROWS
    start = 0
    while start < len(frame):
        chunk = _plain_objects(frame.iloc[start : start + rows])
        start += len(chunk)
        if missing:
            assert texts is not None
            keys = chunk["request_key"].tolist()
            found = texts(sorted(set(keys)), missing)
            stored = [found.get((k, int(i))) for k, i in zip(keys, chunk["sample_index"],
                                                             strict=True)]  # fmt: skip
            chunk = chunk.assign(**{
                name: _object_series([None if v is None else v[j] for v in stored], chunk.index)
                for j, name in enumerate(missing)
            })[columns]  # fmt: skip
        yield chunk
        if not fixed:  # the next chunk's size from this one's text (deterministic: same bytes)
            rows = next_chunk_rows(chunk)


def next_chunk_rows(chunk: pd.DataFrame) -> int:
    """Rows for the chunk after ``chunk``: :data:`CHUNK_TEXT` over its text per sample, within
    [:data:`CHUNK_ROWS`, :data:`MAX_CHUNK_ROWS`]."""
    chars = sum(
        len(value)
        for name in ("answer_text", "reasoning_text")
        if name in chunk.columns
        for value in chunk[name].tolist()
        if isinstance(value, str)
    )
    per_row = max(1.0, chars / max(1, len(chunk)))
    return max(CHUNK_ROWS, min(MAX_CHUNK_ROWS, int(CHUNK_TEXT / per_row)))


def _object_series(values: list[Any], index: Any) -> Any:
    """``values`` as an object Series on ``index`` (None stays None, never NaN)."""
    import pandas as pd

    return pd.Series(values, index=index, dtype=object)


def prompt_reference(dataset_dir: Path | str, record: dict[str, Any]) -> dict[str, Any]:
    """Where the prompt is: ``instances/<task>.jsonl``, line ``id``, ``prompts[format]``."""
    return {
        "dataset_dir": str(dataset_dir),
        "file": f"instances/{record.get('task')}.jsonl",
        "instance_id": record.get("instance_id"),
        "format": record.get("format"),
    }


def jsonl_text(frame: pd.DataFrame, dataset_dir: Path | str) -> str:
    """Lines of ``samples.jsonl`` for (a chunk of) a :func:`records_frame`: one JSON object per
    sample, with ``prompt_ref`` instead of the prompt; ends with a newline unless empty."""
    if not len(frame):
        return ""
    records = frame[[c for c in ("task", "instance_id", "format") if c in frame.columns]]
    frame = frame.assign(prompt_ref=[prompt_reference(dataset_dir, r)
                                     for r in records.to_dict("records")])  # fmt: skip
    # pandas' encoder: one call per chunk (json.dumps per line is 10x slower).
    text = str(frame.to_json(orient="records", lines=True, force_ascii=False))
    return text if text.endswith("\n") else text + "\n"
