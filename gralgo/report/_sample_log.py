"""Per-sample records a person reads: one dict per scored sample, and ``samples.jsonl``.

The records carry everything needed to answer "why was this wrong?" — the answer and reasoning
text, the extracted vs expected answer, the outcome, tokens, cost and latency — with the prompt
given by reference (dataset folder, instance id, format), since a prompt is shared by all k
samples and already lives in the dataset.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

RECORD_FIELDS: tuple[str, ...] = (
    "instance_id", "model", "task", "taxonomy", "complexity", "level", "format", "context",
    "graph_nodes", "graph_edges", "sample_index", "outcome", "expected", "extracted",
    "answer_text", "reasoning_text", "finish_reason", "error_class", "error_message",
    "prompt_tokens", "completion_tokens", "reasoning_tokens", "cost_usd", "latency_s",
    "request_key",
)  # fmt: skip
"""Per-sample fields, in the order they are written (those absent from a frame are skipped)."""


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
    present = [name for name in RECORD_FIELDS if name in scored.columns]
    frame = scored[present].astype(object)
    return frame.where(frame.notna(), None)


def sample_records(scored: pd.DataFrame) -> list[dict[str, Any]]:
    """One dict per row of the scored samples frame, fields as in :data:`RECORD_FIELDS`."""
    return [{k: plain(v) for k, v in row.items()}
            for row in records_frame(scored).to_dict("records")]  # fmt: skip


def records_json(frame: pd.DataFrame) -> str:
    """A :func:`records_frame` as one JSON array (pandas' encoder: fast on long texts)."""
    return frame.to_json(orient="records", force_ascii=False) if len(frame) else "[]"


def prompt_reference(dataset_dir: Path | str, record: dict[str, Any]) -> dict[str, Any]:
    """Where the prompt is: ``instances/<task>.jsonl``, line ``id``, ``prompts[format]``."""
    return {
        "dataset_dir": str(dataset_dir),
        "file": f"instances/{record.get('task')}.jsonl",
        "instance_id": record.get("instance_id"),
        "format": record.get("format"),
    }


def write_samples_jsonl(frame: pd.DataFrame, path: Path, dataset_dir: Path | str) -> Path:
    """``samples.jsonl`` from a :func:`records_frame`: one JSON object per sample, with
    ``prompt_ref`` instead of the prompt."""
    path.parent.mkdir(parents=True, exist_ok=True)
    records = frame[[c for c in ("task", "instance_id", "format") if c in frame.columns]]
    frame = frame.assign(prompt_ref=[prompt_reference(dataset_dir, r)
                                     for r in records.to_dict("records")])  # fmt: skip
    # pandas' encoder: one call for the whole file (json.dumps per line is 10x slower).
    text = frame.to_json(orient="records", lines=True, force_ascii=False) if len(frame) else ""
    path.write_text(text if not text or text.endswith("\n") else text + "\n", encoding="utf-8")
    return path
