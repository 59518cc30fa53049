"""The trace facts in each input job's ``report.html``: shards beside the page it loads lazily.

For every input that is a job folder with a ``report.html``, ``analysis=trace_facts`` writes
into its ``report_data/`` (:mod:`gralgo.transcripts._shards`): ``trace-facts.js``, the job's
measures per model and per task x level, and ``trace-facts-NNNNN.js``, each response's
measures and its claims to mark (wrong ones with the true fact; correct ones underlined), found
by the page from the sample's ``request_key:sample_index`` (:func:`item_shard`). Stored once,
in the job folder (not in the analysis's folder or MLflow run); written again by each run of
the analysis, with the checker's version.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from gralgo.analysis._trace_check import ERROR_KINDS
from gralgo.analysis._trace_highlights import disjoint_claims

log = logging.getLogger("gralgo")

KIND = "trace-facts"
"""The shards' kind (file names ``trace-facts.js``, ``trace-facts-NNNNN.js``)."""
PER_SHARD = 500
"""Responses per shard: a few hundred KB to load when a sample is opened."""
FLAGGED = 200
"""Instances with a wrong claim the page links to (the ``#ids=`` filter), at most."""
MEASURES = ("claims", "checkable", "wrong", *ERROR_KINDS, "first_wrong_tokens",
            "first_wrong_segment", "segments", "right_for_wrong_reasons")  # fmt: skip
"""Per-response measures of ``responses.csv`` the page shows beside a sample."""


def _plain(value: Any) -> Any:
    """A JSON-ready scalar: numpy numbers as Python's, NaN as None."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _utf16(text: str, offsets: Sequence[int]) -> list[int]:
    """Code-point offsets into ``text`` as UTF-16 code units (the page's string offsets)."""
    if text.isascii() or len(text.encode("utf-16-le")) == 2 * len(text):  # no astral char
        return list(offsets)
    return [len(text[:o].encode("utf-16-le")) // 2 for o in offsets]


Marks = tuple[str, int]
"""What the page marks in one response, as JSON text, and its length (:func:`claim_marks`)."""


def claim_marks(text: str, rows: Sequence[tuple[Any, ...]]) -> Marks:
    """The claims to mark in ``text`` (reasoning + "\\n\\n" + answer) of a response's claim
    ``rows``: ``[start, end, "wrong", error, truth]`` or ``[start, end, "correct"]``, UTF-16
    offsets, disjoint, in text order, as JSON text; and the text's length in UTF-16 units.
    Found where the response is checked (a worker) and sent back as one string (cheap to
    send), so the page's shards only join them."""
    spans = [(int(r[4]), int(r[5]), str(r[7])) for r in rows]
    chosen = [rows[i] for i in disjoint_claims(spans)]
    ends = _utf16(text, [int(v) for r in chosen for v in (r[4], r[5])] + [len(text)])
    claims = [
        [ends[2 * i], ends[2 * i + 1], "wrong", row[8], row[9]]
        if row[7] == "wrong" else [ends[2 * i], ends[2 * i + 1], "correct"]
        for i, row in enumerate(chosen)
    ]  # fmt: skip
    return json.dumps(claims, ensure_ascii=False), ends[-1]


def response_entry(measures: dict[str, Any], marks: Marks) -> str:
    """One response's record as JSON text: its measures (``m``), the claims to mark (``c``)
    and its text's length (``n``; see :func:`claim_marks`); the text ``json.dumps`` gives."""
    claims, length = marks
    plain = json.dumps({k: _plain(measures[k]) for k in MEASURES}, ensure_ascii=False)
    return f'{{"m": {plain}, "c": {claims}, "n": {length}}}'


def items_json(entries: dict[str, str]) -> str:
    """``json.dumps({"items": entries}, ensure_ascii=False)`` for ``entries`` already JSON
    text (:func:`response_entry`)."""
    body = ", ".join(f"{json.dumps(k, ensure_ascii=False)}: {v}" for k, v in entries.items())
    return f'{{"items": {{{body}}}}}'


def _table(caption: str, frame: pd.DataFrame) -> dict[str, Any]:
    """A summary table as the page shows it: numbers to three decimals, NaN as a dash."""

    def cell(value: Any) -> str:
        value = _plain(value)
        if value is None:
            return "–"
        return f"{value:.3f}" if isinstance(value, float) else str(value)

    return {
        "caption": caption,
        "columns": [str(c).replace("_", " ") for c in frame.columns],
        "rows": [[cell(v) for v in row] for row in frame.itertuples(index=False)],
    }


def summary_table(responses: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Per group: responses, mean claims, share checkable, share wrong per kind (of the
    checkable claims), share of responses with a wrong claim, mean position of the first wrong
    claim, and the share of right answers that rest on a wrong claim."""
    rows = []
    for key, group in responses.groupby(list(by), sort=True):
        keys = key if isinstance(key, tuple) else (key,)
        claims, checkable = int(group["claims"].sum()), int(group["checkable"].sum())
        right = group[group["correct"]]
        wrong_first = group["first_wrong_tokens"].dropna()
        first_mean = float(wrong_first.mean()) if len(wrong_first) else float("nan")
        rows.append(
            {
                **dict(zip(by, keys, strict=True)),
                "responses": len(group),
                "claims_per_response": claims / len(group),
                "checkable_share": checkable / claims if claims else float("nan"),
                "wrong_share": group["wrong"].sum() / checkable if checkable else float("nan"),
                **{
                    f"{kind}_share": group[kind].sum() / checkable if checkable else float("nan")
                    for kind in ERROR_KINDS
                },
                "responses_with_wrong": float((group["wrong"] > 0).mean()),
                "first_wrong_tokens": first_mean,
                "first_wrong_segment": float(group["first_wrong_segment"].dropna().mean())
                if group["first_wrong_segment"].notna().any() else float("nan"),
                "right_for_wrong_reasons": float(right["right_for_wrong_reasons"].mean())
                if len(right) else float("nan"),
            }
        )  # fmt: skip
    return pd.DataFrame(rows)


def write_job_shards(
    folder: Path,
    scored: pd.DataFrame,
    responses: pd.DataFrame,
    marks: Sequence[Marks],
    note: str,
    version: str,
) -> list[Path]:
    """The trace-facts shards of one job (``scored`` / ``responses`` / ``marks``: its
    responses, aligned) into ``folder`` (the job's ``report_data/``); their paths."""
    from gralgo.transcripts import item_shard, remove_stale, write_shard

    shards = max(1, math.ceil(len(responses) / PER_SHARD))
    items: list[dict[str, str]] = [{} for _ in range(shards)]
    for measures, marked in zip(responses.to_dict("records"), marks, strict=True):
        item = str(measures["item"])
        items[item_shard(item, shards)][item] = response_entry(measures, marked)
    flagged = list(dict.fromkeys(scored["instance_id"][responses["wrong"].to_numpy() > 0]))
    summary = {
        "version": version,
        "shards": shards,
        "kinds": list(ERROR_KINDS),
        "note": f"{len(responses):,} responses checked by analysis=trace_facts. {note}",
        "tables": [
            _table("Trace facts per model", summary_table(responses, ("model",))),
            _table("Trace facts per task and level", summary_table(responses, ("task", "level"))),
        ],
        "flagged": [str(i) for i in flagged[:FLAGGED]],
        "flagged_cut": len(flagged) > FLAGGED,
    }
    written = [write_shard(folder, KIND, n, items_json(part)) for n, part in enumerate(items)]
    remove_stale(folder, [KIND], written)
    written.append(write_shard(folder, KIND, None, json.dumps(summary, ensure_ascii=False)))
    return written


def write_report_shards(
    jobs: Sequence[Path],
    scored: pd.DataFrame,
    responses: pd.DataFrame,
    marks: Sequence[Marks],
    note: str,
    version: str,
) -> list[Path]:
    """Each job folder's share of the responses (``marks``: :func:`claim_marks` of each) as
    shards beside its ``report.html`` (jobs without one, e.g. a ledger file, are skipped); the
    files written."""
    from gralgo.results import ResultsError, read_job
    from gralgo.transcripts import SHARD_DIR

    written: list[Path] = []
    keys = scored["request_key"].astype(str)
    for job in jobs:
        if not (Path(job) / "report.html").is_file():
            log.info("trace_facts: %s has no report.html: its claims are in claims.csv only", job)
            continue
        try:
            asked = set(read_job(Path(job)).request_keys)
        except ResultsError as err:
            log.info("trace_facts: %s: no job record (%s): report.html not annotated", job, err)
            continue
        mine = keys.isin(asked).to_numpy()
        if not mine.any():
            continue
        picked = [i for i, keep in enumerate(mine) if keep]
        written += write_job_shards(
            Path(job) / SHARD_DIR,
            scored[mine].reset_index(drop=True),
            responses[mine].reset_index(drop=True),
            [marks[i] for i in picked],
            note,
            version,
        )
        log.info("trace_facts: %s/report.html shows the claims of %d responses", job, len(picked))
    return written
