"""Read stored samples as one table: for a job folder (its ``job.json``) or a whole ledger."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gralgo.results._job import JOB_FILE, JobRecord, ResultsError, read_job

if TYPE_CHECKING:
    import pandas as pd

    from gralgo.ledger import LedgerStore, RequestInfo

# Column -> meaning; the order is the table's column order.
COLUMNS: dict[str, str] = {
    "request_key": "hash of everything sent (gralgo.run.Request.key)",
    "sample_index": "0..k-1 within the request",
    "instance_id": "dataset instance the request was built from",
    "model": "model display name (model.name)",
    "litellm_model": "litellm model string",
    "task": "task name",
    "taxonomy": "enumeration / exploration / intuition",
    "complexity": "easy / medium / hard",
    "level": "size level 1..6 (0: long context)",
    "format": "graph serialisation format of the prompt",
    "context": "standard or a long-context variant (8k, ...)",
    "mode": "how the model was driven (direct by default)",
    "answer_kind": "integer or node",
    "expected": "expected answer as the prompt shows it",
    "answer_text": "final answer content (never the reasoning)",
    "reasoning_text": "reasoning returned separately (only with reasoning=True)",
    "finish_reason": "stop, length, ... as reported by the provider",
    "prompt_tokens": "prompt tokens billed",
    "completion_tokens": "completion tokens billed (reasoning included)",
    "reasoning_tokens": "reasoning tokens, when reported",
    "cost_usd": "USD cost when the price is known",
    "latency_s": "seconds the successful (or last) call took",
    "started_at": "unix time the call started",
    "finished_at": "unix time the call ended",
    "error_class": "exception class of a failed sample; Missing: never stored; null: success",
    "error_message": "error text, secrets redacted",
    "attempts": "calls this sample took, retries included",
    "sampling": "JSON of the sampling parameters",
    "transcript": "JSON of a tool-mode conversation, else null",
    "batch_ref": "provider batch that answered it (priced at the batch price); null: live call",
    "prompt": "last user message (only with prompts=True)",
}
AnswerMap = Callable[[Any], Any]
"""Applied to each stored answer text as it is read (see :func:`read_samples`)."""

_SAMPLE_FIELDS = (
    "answer_text", "reasoning_text", "finish_reason", "prompt_tokens", "completion_tokens",
    "reasoning_tokens", "cost_usd", "latency_s", "started_at", "finished_at", "error_class",
    "error_message", "attempts", "transcript", "batch_ref",
)  # fmt: skip
_LONG_TEXT = frozenset({"answer_text", "reasoning_text", "error_message", "transcript", "prompt"})
_INFO_FIELDS = (
    "task", "taxonomy", "complexity", "level", "format", "context", "mode", "answer_kind",
    "expected", "sampling",
)  # fmt: skip


def _last_user_message(messages_json: str | None) -> str | None:
    if not messages_json:
        return None
    users = [m for m in json.loads(messages_json) if m.get("role") == "user"]
    return str(users[-1]["content"]) if users else None


def _row(
    key: str,
    index: int,
    instance_id: str,
    rec: Sequence[Any] | None,
    info: RequestInfo | None,
    defaults: dict[str, Any],
    fields: Sequence[str],
) -> dict[str, Any]:
    """One table row; ``rec`` is a stored row as :func:`_stored` yields it (``None``: never
    stored), ``fields`` the sample columns it holds after (key, index, instance, model)."""
    row: dict[str, Any] = {"request_key": key, "sample_index": index, "instance_id": instance_id}
    row.update(defaults)
    for name in _INFO_FIELDS:
        value = None if info is None else getattr(info, name)
        if value is not None or name not in row:
            row[name] = value
    for n, name in enumerate(fields):
        row[name] = None if rec is None else rec[4 + n]
    if rec is None:
        row["error_class"], row["attempts"] = "Missing", 0
    if info is not None and "model" not in defaults:
        row["model"] = json.loads(info.model_spec).get("name")
    if row.get("model") is None and rec is not None:
        row["model"] = rec[3]
    row["_messages"] = None if info is None else info.messages
    if row.get("litellm_model") is None:
        row["litellm_model"] = None if rec is None else rec[3]
    return row


def _fields(reasoning: bool) -> tuple[str, ...]:
    """The sample columns read from the ledger: the reasoning text only when asked for."""
    return tuple(f for f in _SAMPLE_FIELDS if reasoning or f != "reasoning_text")


def _stored(
    ledger: LedgerStore, keys: Sequence[str] | None, fields: Sequence[str]
) -> Iterator[tuple[Any, ...]]:
    """Stored rows as ``(key, index, instance_id, model, *fields)`` tuples, no other text."""
    rows: Iterator[tuple[Any, ...]] = ledger.rows(keys, ["instance_id", "model", *fields])
    return rows


def _frame(rows: Iterable[dict[str, Any]], reasoning: bool, prompts: bool) -> pd.DataFrame:
    """The table from ``rows``, filled column by column as they come (no list of rows)."""
    import pandas as pd

    columns = [
        c for c in COLUMNS if (reasoning or c != "reasoning_text") and (prompts or c != "prompt")
    ]
    values: dict[str, list[Any]] = {c: [] for c in columns}
    parsed: dict[str | None, str | None] = {}  # k rows share one prompt: parse it once
    for row in rows:
        if prompts:
            messages = row["_messages"]
            if messages not in parsed:
                parsed[messages] = _last_user_message(messages)
            row["prompt"] = parsed[messages]
        for c in columns:
            values[c].append(row.get(c))
    # Long texts stay Python objects: a pandas string column would copy every one of them.
    return pd.DataFrame({c: pd.Series(v, dtype=object) if c in _LONG_TEXT else v
                         for c, v in values.items()}, columns=columns)  # fmt: skip


def _open_ledger(path: Path | str) -> Any:
    from gralgo.ledger import open_ledger

    is_url = str(path).startswith(("postgresql://", "postgres://"))
    if not is_url and not Path(path).is_file():
        raise ResultsError(f"ledger {path} does not exist (was it moved? ledger.path names it)")
    return open_ledger(path)


def _mapped(
    rows: Iterator[tuple[Any, ...]], fields: Sequence[str], answer_text: AnswerMap | None
) -> Iterator[tuple[Any, ...]]:
    """``rows`` with ``answer_text`` applied to each answer as it is read."""
    if answer_text is None:
        return rows
    at = 4 + list(fields).index("answer_text")  # after (key, index, instance_id, model)
    return (row[:at] + (answer_text(row[at]),) + row[at + 1 :] for row in rows)


def _job_rows(
    job: JobRecord, reasoning: bool, prompts: bool, answer_text: AnswerMap | None = None
) -> Iterator[dict[str, Any]]:
    fields = _fields(reasoning)
    with _open_ledger(job.ledger_path) as ledger:
        stored = _mapped(_stored(ledger, job.request_keys, fields), fields, answer_text)
        records = {(r[0], r[1]): r for r in stored if r[1] < job.k}
        infos = ledger.requests(job.request_keys, messages=prompts)
    by_pair = {(i.request_key, i.instance_id): i for i in infos}
    by_key = {i.request_key: i for i in infos}
    defaults = {
        "model": job.model, "litellm_model": job.litellm_model, "format": job.format,
        "context": job.context, "mode": job.mode,
        "sampling": json.dumps(job.sampling, sort_keys=True, separators=(",", ":")),
    }  # fmt: skip
    for key, instance_id in zip(job.request_keys, job.instance_ids, strict=True):
        info = by_pair.get((key, instance_id)) or by_key.get(key)
        for index in range(job.k):
            rec = records.get((key, index))
            yield _row(key, index, instance_id, rec, info, defaults, fields)


def _ledger_rows(
    path: Path, reasoning: bool, prompts: bool, answer_text: AnswerMap | None = None
) -> Iterator[dict[str, Any]]:
    fields = _fields(reasoning)
    with _open_ledger(path) as ledger:
        by_key: dict[str, list[RequestInfo]] = {}
        for info in ledger.requests(messages=prompts):
            by_key.setdefault(info.request_key, []).append(info)
        for rec in _mapped(_stored(ledger, None, fields), fields, answer_text):
            key, index = rec[0], rec[1]
            infos: list[RequestInfo | None] = [*by_key.get(key, ())] or [None]
            for info in infos:
                instance_id = rec[2] if info is None else info.instance_id
                yield _row(key, index, instance_id, rec, info, {}, fields)


def read_samples(
    path: str | os.PathLike[str],
    *,
    reasoning: bool = True,
    prompts: bool = False,
    answer_text: AnswerMap | None = None,
) -> pd.DataFrame:
    """One row per sample, with the columns of :data:`COLUMNS`.

    ``path`` is an evaluation job's output folder (with ``job.json``): exactly the job's
    (request, ``sample_index < k``) pairs, in dataset order, a never-stored sample having
    ``error_class == "Missing"``. Or a ledger ``.sqlite`` file: every stored sample, joined with
    its request descriptions (one row per instance sharing a request key). ``reasoning=False``
    leaves out the (long) reasoning text, which is then never read from the ledger;
    ``prompts=True`` adds the prompt sent. ``answer_text``, when given, is applied to each
    answer as it is read and its result stored in the ``answer_text`` column (e.g. the scorer's
    boxed answer: a job's answers are then never all in memory).
    """
    path = Path(path).expanduser()
    if path.is_dir() or path.name == JOB_FILE:
        rows = _job_rows(read_job(path), reasoning, prompts, answer_text)
    elif path.is_file():
        rows = _ledger_rows(path, reasoning, prompts, answer_text)
    else:
        raise ResultsError(
            f"{path} does not exist: pass an evaluation job's output folder or a ledger file"
        )
    return _frame(rows, reasoning, prompts)
