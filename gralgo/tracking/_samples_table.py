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
import subprocess
import sys
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
    """Write the table of ``source`` (``samples.jsonl``) to ``target``; the number of rows.

    One pass: each row is written with the columns seen so far (a column first seen later is
    absent from every earlier sample, so those rows end in nulls when copied behind the header).
    """
    columns: dict[str, None] = {}
    widths: list[int] = []
    with tempfile.TemporaryFile("w+", encoding="utf-8") as rows:
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
                row = [_json_value(record.get(name)) for name in columns]
                rows.write(json.dumps(row, ensure_ascii=False) + "\n")
                widths.append(len(row))
        rows.seek(0)
        names = list(columns)
        with target.open("w", encoding="utf-8") as out:
            out.write('{"columns":' + json.dumps(names, ensure_ascii=False) + ',"data":[')
            for n, (line, width) in enumerate(zip(rows, widths, strict=True)):
                text = line.rstrip("\n")
                if width < len(names):  # pad: ``[1, 2]`` -> ``[1, 2, null]``
                    nulls = ",".join(["null"] * (len(names) - width))
                    text = f"{text[:-1]}{',' if width else ''}{nulls}]"
                out.write(("," if n else "") + text)
            out.write("]}")
    return len(widths)


def start_samples_table(
    samples_jsonl: Path, target: Path, secret_env_names: Sequence[str]
) -> subprocess.Popen[bytes] | None:
    """Start writing the table of ``samples_jsonl`` to ``target`` in a process of its own (this
    module run as a script), beside the rest of the run's logging: for ``main`` it is about
    1.2 s of CPU, which would otherwise add to the job's wait. None without ``samples.jsonl``."""
    if not samples_jsonl.is_file():
        return None
    return subprocess.Popen(
        [sys.executable, "-m", __name__, str(samples_jsonl), str(target), *secret_env_names]
    )


def log_written_table(
    tracking_uri: str, run_id: str, writer: subprocess.Popen[bytes] | None, target: Path
) -> None:
    """Wait for ``writer`` (see :func:`start_samples_table`), then log ``target`` as the run's
    table artifact :data:`SAMPLES_TABLE_ARTIFACT` and tag it as a table."""
    from mlflow import MlflowClient
    from mlflow.utils.mlflow_tags import MLFLOW_LOGGED_ARTIFACTS

    from gralgo.tracking._artifacts import store_artifact

    if writer is None:
        return
    status = writer.wait()
    if status != 0:
        raise RuntimeError(f"samples table {target.name} not written (exit status {status})")
    client = MlflowClient(tracking_uri=tracking_uri)
    store_artifact(client, run_id, target)
    logged = json.loads(client.get_run(run_id).data.tags.get(MLFLOW_LOGGED_ARTIFACTS, "[]"))
    entry = {"path": SAMPLES_TABLE_ARTIFACT, "type": "table"}
    if entry not in logged:
        client.set_tag(run_id, MLFLOW_LOGGED_ARTIFACTS, json.dumps([*logged, entry]))


def log_samples_table(
    tracking_uri: str, run_id: str, samples_jsonl: Path, secret_env_names: Sequence[str]
) -> None:
    """Log ``samples.jsonl`` as the run's table artifact :data:`SAMPLES_TABLE_ARTIFACT`."""
    with tempfile.TemporaryDirectory(prefix="gralgo-table-") as staging:
        table = Path(staging) / SAMPLES_TABLE_ARTIFACT
        writer = start_samples_table(samples_jsonl, table, secret_env_names)
        log_written_table(tracking_uri, run_id, writer, table)


if __name__ == "__main__":  # python -m gralgo.tracking._samples_table SOURCE TARGET [ENV_NAME ...]
    from gralgo.tracking._secrets import secret_scrubber

    source, target, *env_names = sys.argv[1:]
    write_samples_table(Path(source), Path(target), secret_scrubber(env_names))
