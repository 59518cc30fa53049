"""``report.html``: one page per job — summary tables, figures, and a viewer of every sample.

No network: CSS and JavaScript are inline and figures are PNG data URIs. The samples are not in
the page: they are written a chunk at a time as compressed shards in ``report_data/`` beside it
(:mod:`gralgo.transcripts._shards`), which the page loads lazily
(:mod:`gralgo.transcripts._page_template`), so its size does not grow with the job. It filters
them in the browser (by model, task, level, outcome, free text and a list of instance ids;
``report.html#model=M&ids=A,B`` opens filtered). Prompts and certificates are stored with the
texts of the samples that use them, once per shard.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.transcripts._page_template import PAGE_HEAD, PAGE_TAIL
from gralgo.transcripts._shards import SAMPLE_KINDS, SHARD_DIR, remove_stale, write_shard

if TYPE_CHECKING:
    import pandas as pd

TEXT_FIELDS = ("answer_text", "reasoning_text")
"""Record fields kept in the ``text`` shards (loaded when a sample is opened or searched);
the rest are in the ``index`` shards the table and its filters read."""


@dataclass(frozen=True)
class HtmlReport:
    """Everything ``report.html`` shows."""

    title: str
    """Page heading (model, format, k)."""
    prompts: Mapping[str, str] = field(default_factory=dict)
    """``"<instance_id>|<format>"`` -> prompt text."""
    tables: Sequence[tuple[str, pd.DataFrame]] = ()
    """(caption, table) pairs shown above the samples."""
    figures: Sequence[Path] = ()
    """PNG files embedded as data URIs."""
    facts: Mapping[str, str] = field(default_factory=dict)
    """Short key/value lines (output folder, MLflow run, dataset ...)."""
    summary_html: str = ""
    """The headline, task grids and interval figure (``_summary_html``), shown first; the
    :attr:`tables` then fold into an "all columns" section."""
    certificates: Mapping[str, str] = field(default_factory=dict)
    """Instance id -> the exact answer's certificate (JSON text), shown beside a sample's
    answer: the clique, the path, the reach set, the tree's edges."""


def prompt_key(instance_id: str, fmt: str) -> str:
    """The key of a prompt in :attr:`HtmlReport.prompts`."""
    return f"{instance_id}|{fmt}"


def _table_html(caption: str, table: pd.DataFrame) -> str:
    body = table.to_html(
        index=False,
        na_rep="–",
        float_format=lambda v: f"{v:.3f}",
        border=0,
        classes="summary",
        escape=True,
    )
    return f"<h3>{html.escape(caption)}</h3>\n{body}"


def _figure_html(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    alt = html.escape(path.stem.replace("_", " "))
    return f'<figure><img alt="{alt}" src="data:image/png;base64,{data}"></figure>'


_SCRIPT_SAFE = (
    ("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
    ("\u2028", "\\u2028"), ("\u2029", "\\u2029"),
)  # fmt: skip
"""What :func:`_safe` replaces; no replacement holds a replaced character, so order is free."""


def _safe(text: str) -> str:
    """JSON text made safe inside ``<script type="application/json">``: ``<``, ``>``, ``&`` and
    U+2028/U+2029 become ``\\u`` escapes, so no ``</script>``, ``<!--``, ``<script`` or ``]]>``
    is left, and the text is still valid JSON with the same value (those characters occur only
    inside strings)."""
    for char, escape in _SCRIPT_SAFE:  # str.replace: ~50x faster than str.translate here
        if char in text:
            text = text.replace(char, escape)
    return text


def page_head(report: HtmlReport) -> str:
    """The page up to its data block: title, facts, summary, tables and figures."""
    facts = "".join(
        f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in report.facts.items()
    )
    tables = "\n".join(_table_html(caption, table) for caption, table in report.tables)
    if tables:
        tables = f'<div class="wide">{tables}</div>'
        if report.summary_html:
            tables = f"<details><summary>All columns by group</summary>{tables}</details>"
    figures = "\n".join(_figure_html(Path(p)) for p in report.figures if Path(p).is_file())
    return (
        PAGE_HEAD.replace("%TITLE%", html.escape(report.title))
        .replace("%FACTS%", facts)
        .replace("%SUMMARY%", report.summary_html)
        .replace("%TABLES%", tables)
        .replace("%FIGURES%", figures)
    )


def chunk_shards(report: HtmlReport, folder: Path, number: int, chunk: pd.DataFrame) -> list[Path]:
    """Write the two shards of one chunk of records (a :func:`records_frame` chunk): its
    ``index`` (every field but the texts) and its ``text`` (the texts, with the prompts and
    certificates of its samples); their paths."""
    texts = [f for f in TEXT_FIELDS if f in chunk.columns]
    index = chunk.drop(columns=texts)
    rows = index.to_json(orient="values", force_ascii=False) if len(index) else "[]"
    index_json = "".join(('{"fields":', json.dumps(list(index.columns)), ',"rows":', rows, "}"))
    values = chunk[texts].to_json(orient="values", force_ascii=False) if texts else "[]"
    ids = [str(i) for i in chunk["instance_id"].tolist()] if "instance_id" in chunk else []
    formats = [str(f) for f in chunk["format"].tolist()] if "format" in chunk else []
    keys = dict.fromkeys(prompt_key(i, f) for i, f in zip(ids, formats, strict=False))
    prompts = {k: report.prompts[k] for k in keys if k in report.prompts}
    certificates = {i: report.certificates[i] for i in dict.fromkeys(ids)
                    if i in report.certificates}  # fmt: skip
    text_json = "".join((  # one copy of the ~10 MB of text, not one per "+"
        '{"fields":', json.dumps(texts), ',"texts":', values if len(chunk) else "[]",
        ',"prompts":', json.dumps(prompts, ensure_ascii=False),
        ',"certificates":', json.dumps(certificates, ensure_ascii=False), "}",
    ))  # fmt: skip
    return [
        write_shard(folder, "index", number, index_json),
        write_shard(folder, "text", number, text_json),
    ]


def page_html(report: HtmlReport, head: str, shards: int, samples: int) -> str:
    """The whole page: ``head`` (:func:`page_head`), the shards' count and the viewer."""
    meta = {"dir": SHARD_DIR, "shards": shards, "samples": samples}
    return head + _safe(json.dumps(meta)) + PAGE_TAIL


def frame_chunks(records: pd.DataFrame, rows: int = 2000) -> Iterator[pd.DataFrame]:
    """A :func:`records_frame` in chunks of ``rows``."""
    for start in range(0, len(records), rows):
        yield records.iloc[start : start + rows]


def write_shards(
    report: HtmlReport, folder: Path, chunks: Iterable[pd.DataFrame]
) -> tuple[list[Path], int]:
    """Write the samples of ``chunks`` (:func:`records_frame` chunks) as shards in ``folder``
    (``report`` gives their prompts and certificates), removing shards a larger job left
    there; the shards written and the samples they hold."""
    written: list[Path] = []
    samples = 0
    for number, chunk in enumerate(chunks):
        written += chunk_shards(report, folder, number, chunk)
        samples += len(chunk)
    if folder.is_dir():
        remove_stale(folder, SAMPLE_KINDS, written)
    return written, samples


def write_page(report: HtmlReport, path: Path, shards: int, samples: int, head: str) -> None:
    """Write the page to ``path``: ``head`` (:func:`page_head` of ``report``) and a viewer of
    the ``samples`` in its ``shards`` pairs of shards (:func:`write_shards`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page_html(report, head, shards, samples), encoding="utf-8")


def write_html_report(
    report: HtmlReport,
    path: Path,
    chunks: Iterable[pd.DataFrame],
    head: str | None = None,
) -> list[Path]:
    """Write the page to ``path`` and its samples, a chunk of records at a time (``chunks``,
    :func:`records_frame` chunks), as shards in ``report_data/`` beside it; return the page
    and its shards. ``head`` is :func:`page_head` of ``report`` when the caller rendered it
    already."""
    written, samples = write_shards(report, path.parent / SHARD_DIR, chunks)
    first = page_head(report) if head is None else head
    write_page(report, path, len(written) // 2, samples, first)
    return [path, *written]
