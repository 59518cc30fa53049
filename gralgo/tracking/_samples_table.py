"""The per-sample table of a job's MLflow run, as ``log_table`` logs it, a line at a time.

MLflow's ``log_table`` takes a DataFrame and writes it with ``to_json(orient="split")``,
holding several copies of every text (about 870 MB of peak memory for the 21,600 samples of
``main``). This writes the same file (``{"columns": [...], "data": [[...], ...]}``) from
``samples.jsonl`` one sample at a time, with each answer and reasoning scrubbed of secrets and
then shortened (the whole texts are in ``samples.jsonl`` and report.html), logs it, and adds
the run tag by which MLflow's UI lists it as a table.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

SAMPLES_TABLE_ARTIFACT = "samples_table.json"
"""The per-sample table's artifact name (MLflow's evaluation / artifact view)."""

TABLE_TEXT_CHARS = 200
"""Characters of each answer (its end, where the boxed answer is) and reasoning (its start)
kept in the table."""

_SHORTENED = (("answer_text", True), ("reasoning_text", False), ("error_message", False))
_DROPPED = ("prompt_ref",)


def shorten(text: str, keep_end: bool, limit: int = TABLE_TEXT_CHARS) -> str:
    """``text`` cut to ``limit`` characters, keeping its end or start, saying what was cut."""
    if len(text) <= limit:
        return text
    cut = f"[... {len(text) - limit:,} characters cut: see samples.jsonl ...]"
    return cut + text[-limit:] if keep_end else text[:limit] + cut


def _json_value(value: Any) -> Any:
    """JSON as pandas writes it: a non-finite float is null."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def write_samples_table(source: Path, target: Path, scrub: Callable[[str], str]) -> int:
    """Write the table of ``source`` (``samples.jsonl``) to ``target``; the number of rows."""
    columns: dict[str, None] = {}
    rows = 0
    with tempfile.TemporaryFile("w+", encoding="utf-8") as shortened:
        with source.open(encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    continue
                record = json.loads(line)
                for name in _DROPPED:
                    record.pop(name, None)
                for name, keep_end in _SHORTENED:
                    value = record.get(name)
                    if isinstance(value, str):  # scrubbed whole: a cut must not split a secret
                        record[name] = shorten(scrub(value), keep_end)
                columns.update(dict.fromkeys(record))
                shortened.write(json.dumps(record, ensure_ascii=False) + "\n")
                rows += 1
        shortened.seek(0)
        names = list(columns)
        with target.open("w", encoding="utf-8") as out:
            out.write('{"columns":' + json.dumps(names, ensure_ascii=False) + ',"data":[')
            for n, line in enumerate(shortened):
                record = json.loads(line)
                row = [_json_value(record.get(name)) for name in names]
                out.write(("," if n else "") + json.dumps(row, ensure_ascii=False))
            out.write("]}")
    return rows


def log_samples_table(
    tracking_uri: str, run_id: str, samples_jsonl: Path, secret_env_names: Sequence[str]
) -> None:
    """Log ``samples.jsonl`` as the run's table artifact :data:`SAMPLES_TABLE_ARTIFACT`."""
    from mlflow import MlflowClient
    from mlflow.utils.mlflow_tags import MLFLOW_LOGGED_ARTIFACTS

    from gralgo.tracking._artifacts import store_artifact
    from gralgo.tracking._secrets import secret_scrubber

    if not samples_jsonl.is_file():
        return
    client = MlflowClient(tracking_uri=tracking_uri)
    with tempfile.TemporaryDirectory(prefix="gralgo-table-") as staging:
        table = Path(staging) / SAMPLES_TABLE_ARTIFACT
        write_samples_table(samples_jsonl, table, secret_scrubber(secret_env_names))
        store_artifact(client, run_id, table)
    logged = json.loads(client.get_run(run_id).data.tags.get(MLFLOW_LOGGED_ARTIFACTS, "[]"))
    entry = {"path": SAMPLES_TABLE_ARTIFACT, "type": "table"}
    if entry not in logged:
        client.set_tag(run_id, MLFLOW_LOGGED_ARTIFACTS, json.dumps([*logged, entry]))
