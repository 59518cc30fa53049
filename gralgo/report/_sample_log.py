"""Per-sample records a person reads: one dict per scored sample, and ``samples.jsonl``.

The records carry everything needed to answer "why was this wrong?" — the answer and reasoning
text, the extracted vs expected answer, the outcome, tokens, cost and latency — with the prompt
given by reference (dataset folder, instance id, format), since a prompt is shared by all k
samples and already lives in the dataset.
"""

from __future__ import annotations

import json
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


def sample_records(scored: pd.DataFrame) -> list[dict[str, Any]]:
    """One dict per row of the scored samples frame, fields as in :data:`RECORD_FIELDS`."""
    present = [name for name in RECORD_FIELDS if name in scored.columns]
    columns = {name: scored[name].astype(object).tolist() for name in present}
    return [
        {name: plain(columns[name][row]) for name in present} for row in range(len(scored))
    ]


def prompt_reference(dataset_dir: Path | str, record: dict[str, Any]) -> dict[str, Any]:
    """Where the prompt is: ``instances/<task>.jsonl``, line ``id``, ``prompts[format]``."""
    return {
        "dataset_dir": str(dataset_dir),
        "file": f"instances/{record.get('task')}.jsonl",
        "instance_id": record.get("instance_id"),
        "format": record.get("format"),
    }


def write_samples_jsonl(records: list[dict[str, Any]], path: Path,
                        dataset_dir: Path | str) -> Path:
    """``samples.jsonl``: one JSON object per sample, with ``prompt_ref`` instead of the prompt."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            line = {**record, "prompt_ref": prompt_reference(dataset_dir, record)}
            handle.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    return path
