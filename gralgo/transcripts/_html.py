"""``report.html``: one self-contained page per job — summary tables, figures, every sample.

No server and no network: CSS and JavaScript are inline, figures are PNG data URIs, and the
samples are one JSON block the page filters in the browser (by model, task, level, outcome,
free text and a list of instance ids; ``report.html#model=M&ids=A,B`` opens filtered), written
a chunk of samples at a time. Prompts are stored once per (instance, format), not once per
sample. Model output is inserted with ``textContent``, never as HTML, so a response cannot
inject markup.
"""

from __future__ import annotations

import base64
import html
import io
import json
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from json.encoder import encode_basestring
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class HtmlReport:
    """Everything ``report.html`` shows."""

    title: str
    """Page heading (model, format, k)."""
    records: Sequence[Mapping[str, Any]]
    """Per-sample records (see :func:`gralgo.transcripts._sample_log.sample_records`)."""
    prompts: Mapping[str, str] = field(default_factory=dict)
    """``"<instance_id>|<format>"`` -> prompt text."""
    tables: Sequence[tuple[str, pd.DataFrame]] = ()
    """(caption, table) pairs shown above the samples."""
    figures: Sequence[Path] = ()
    """PNG files embedded as data URIs."""
    facts: Mapping[str, str] = field(default_factory=dict)
    """Short key/value lines (output folder, MLflow run, dataset ...)."""
    records_json: str | None = None
    """:attr:`records` already encoded as a JSON array (faster for many samples)."""
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


def _json_string(text: str) -> str:
    """``json.dumps(text, ensure_ascii=False)`` for a ``str``: the encoder function that call
    ends in, without building a ``JSONEncoder`` per call (two per prompt, per certificate)."""
    return encode_basestring(text)


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
        _PAGE.split("%DATA%")[0]
        .replace("%TITLE%", html.escape(report.title))
        .replace("%FACTS%", facts)
        .replace("%SUMMARY%", report.summary_html)
        .replace("%TABLES%", tables)
        .replace("%FIGURES%", figures)
    )


def write_page(
    report: HtmlReport, out: TextIO, record_arrays: Iterable[str], head: str | None = None
) -> None:
    """Write the page to ``out`` a piece at a time: ``record_arrays`` are JSON arrays of
    records (one per chunk), joined into the page's one ``records`` array as they come, so
    the whole job's text is never one string. ``head`` is :func:`page_head` of ``report``
    when the caller rendered it already."""
    out.write((page_head(report) if head is None else head) + '{"records":[')
    _write_records(out, record_arrays)
    _write_rest(report, out)


def _write_records(out: TextIO, record_arrays: Iterable[str]) -> None:
    """The items of the page's ``records`` array, from JSON arrays of records."""
    first = True
    for array in record_arrays:
        body = array.strip()[1:-1]
        if body:
            out.write(_safe(body) if first else "," + _safe(body))
            first = False


def _write_rest(report: HtmlReport, out: TextIO) -> None:
    """The page after its records: prompts, certificates, the script and the end."""
    tail = _PAGE.split("%DATA%")[1]
    out.write('],"prompts":{')
    for n, (key, prompt) in enumerate(report.prompts.items()):
        entry = _json_string(key) + ":" + _json_string(prompt)
        out.write(_safe(entry) if n == 0 else "," + _safe(entry))
    out.write('},"certificates":{')
    for n, (key, text) in enumerate(report.certificates.items()):
        entry = _json_string(key) + ":" + _json_string(text)
        out.write(_safe(entry) if n == 0 else "," + _safe(entry))
    out.write("}}" + tail.replace("%TITLE%", html.escape(report.title)))


def _record_arrays(report: HtmlReport) -> list[str]:
    if report.records_json is not None:
        return [report.records_json]
    return [json.dumps(list(report.records), ensure_ascii=False, default=str)]


def render_html(report: HtmlReport) -> str:
    """The whole page as one string."""
    out = io.StringIO()
    write_page(report, out, _record_arrays(report))
    return out.getvalue()


def write_html_report(
    report: HtmlReport,
    path: Path,
    record_arrays: Iterable[str] | None = None,
    head: str | Callable[[], str] | None = None,
) -> Path:
    """Write the page to ``path`` a piece at a time; return it. ``record_arrays`` (JSON arrays
    of records, e.g. one per chunk of samples) replace the report's own records; ``head`` is
    :func:`page_head` of ``report`` when the caller rendered it already, or a function that
    renders it once the records are written (figures drawn meanwhile elsewhere: the records
    go to a file beside ``path`` first, then the page is put together)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = _record_arrays(report) if record_arrays is None else record_arrays
    if not callable(head):
        with path.open("w", encoding="utf-8") as out:
            write_page(report, out, arrays, head)
        return path
    records = path.with_name(f".{path.name}.records")
    try:
        with records.open("w", encoding="utf-8") as out:
            _write_records(out, arrays)
        first = head()
        with path.open("w", encoding="utf-8") as out:
            out.write(first + '{"records":[')
            out.flush()
            with records.open("rb") as written:
                shutil.copyfileobj(written, out.buffer, 1 << 20)
            _write_rest(report, out)
    finally:
        records.unlink(missing_ok=True)
    return path


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:1400px;padding:0 1em;
color:#222}
h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em}h3{font-size:1em;margin:1.2em 0 .3em}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}
dl.facts dt{font-weight:600}dl.facts dd{margin:0;font-family:monospace}
table{border-collapse:collapse;font-size:13px}
th,td{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:right;vertical-align:top}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
figure{margin:.5em 0}figure img{max-width:100%}
#filters{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ccc;
display:flex;flex-wrap:wrap;gap:.8em;align-items:center}
#samples tr.sample{cursor:pointer}#samples tr.sample:hover{background:#f0f6ff}
#samples td{text-align:left}
.o-correct{color:#176317;font-weight:600}.o-wrong{color:#b00020;font-weight:600}
.o-no_answer,.o-truncated{color:#a06000;font-weight:600}.o-error{color:#555;font-weight:600}
tr.detail>td{background:#fafafa;padding:.6em 1em}
pre{white-space:pre-wrap;word-break:break-word;max-height:30em;overflow:auto;background:#fff;
border:1px solid #ddd;padding:.5em;margin:.2em 0 .8em}
.muted{color:#777}
.wide{overflow-x:auto;max-width:100%}.grid-wrap{overflow-x:auto;max-width:100%}
table.summary td,table.grid td{white-space:nowrap}
table.grid{font-size:12px}table.grid th{white-space:normal;max-width:8em;text-align:center}
table.grid span.ci{font-size:11px;color:#444}
td.model{font-weight:600;white-space:nowrap}
table.grid td{font-variant-numeric:tabular-nums}
tr.baseline td{color:#555;background:#fbfbf3}td.few{color:#a06000}span.n{font-size:11px}
span.hard{font-size:11px;color:#7a4d00}
figure.intervals figcaption{font-size:12px;color:#555}.legend{margin-right:1em}
details>summary{cursor:pointer;margin:1em 0 .3em;color:#333}
#samples td{max-width:18em;overflow-wrap:anywhere}
.evidence{display:grid;grid-template-columns:1fr 1fr;gap:1em}
.evidence>div{min-width:0}
.verdict-feasible,.verdict-optimal{color:#176317;font-weight:600}
.verdict-infeasible,.verdict-hallucinated,.verdict-unparsed{color:#b00020;font-weight:600}
</style></head>
<body>
<h1>%TITLE%</h1>
<dl class="facts">%FACTS%</dl>
<h2>Summary</h2>
%SUMMARY%
%TABLES%
<h2>Figures</h2>
%FIGURES%
<h2>Samples</h2>
<div id="filters">
<label>model <select id="f-model"></select></label>
<label>task <select id="f-task"></select></label>
<label>level <select id="f-level"></select></label>
<label>outcome <select id="f-outcome"></select></label>
<label>text <input id="f-search" type="search" placeholder="answer, reasoning, id"></label>
<span id="f-ids" hidden>listed instances only (<span id="f-ids-n"></span>)
<button id="f-ids-clear" type="button">show all</button></span>
<span id="count"></span>
</div>
<table id="samples"><thead><tr><th>instance</th><th>model</th><th>task</th><th>level</th>
<th>format</th><th>nodes / edges</th><th>sample</th><th>outcome</th><th>expected</th>
<th>extracted</th><th>tokens (prompt / completion / reasoning)</th><th>cost $</th>
<th>latency s</th></tr></thead><tbody></tbody></table>
<button id="more" type="button" hidden>show more</button>
<script type="application/json" id="gralgo-data">%DATA%</script>
<script>
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("gralgo-data").textContent);
  var records = DATA.records, prompts = DATA.prompts, PAGE = 200, shown = PAGE;
  var certificates = DATA.certificates || {};
  var filters = {model: "f-model", task: "f-task", level: "f-level", outcome: "f-outcome"};
  function text(v) { return v === null || v === undefined ? "" : String(v); }
  function cell(tr, value, cls) {
    var td = document.createElement("td"); td.textContent = text(value);
    if (cls) { td.className = cls; } tr.appendChild(td); return td;
  }
  Object.keys(filters).forEach(function (name) {
    var select = document.getElementById(filters[name]);
    var values = Array.from(new Set(records.map(function (r) { return text(r[name]); })));
    values.sort(function (a, b) { return a.localeCompare(b, undefined, {numeric: true}); });
    ["(all)"].concat(values).forEach(function (v) {
      var option = document.createElement("option");
      option.value = v === "(all)" ? "" : v; option.textContent = v; select.appendChild(option);
    });
    select.addEventListener("change", function () { shown = PAGE; render(); });
  });
  // report.html#model=M&task=T&level=L&outcome=O&q=TEXT&ids=ID1,ID2 opens with those filters
  // (the study page's links); ids keeps only the listed instances until "show all".
  var listed = null;
  function showListed() {
    document.getElementById("f-ids").hidden = listed === null;
    document.getElementById("f-ids-n").textContent = listed === null ? "" : String(listed.size);
  }
  function fromHash() {
    Object.keys(filters).forEach(function (name) {
      document.getElementById(filters[name]).value = "";
    });
    document.getElementById("f-search").value = "";
    listed = null;
    new URLSearchParams(window.location.hash.replace(/^#/, "")).forEach(function (value, name) {
      if (filters[name]) { document.getElementById(filters[name]).value = value; }
      if (name === "q") { document.getElementById("f-search").value = value; }
      if (name === "ids") { listed = new Set(value.split(",").filter(Boolean)); }
    });
    showListed();
  }
  fromHash();
  window.addEventListener("hashchange", function () { fromHash(); shown = PAGE; render(); });
  document.getElementById("f-ids-clear").addEventListener("click", function () {
    listed = null; showListed(); shown = PAGE; render();
  });
  document.getElementById("f-search").addEventListener("input", function () {
    shown = PAGE; render();
  });
  document.getElementById("more").addEventListener("click", function () {
    shown += PAGE; render();
  });
  function matches(r) {
    if (listed !== null && !listed.has(text(r.instance_id))) { return false; }
    for (var name in filters) {
      var want = document.getElementById(filters[name]).value;
      if (want && text(r[name]) !== want) { return false; }
    }
    var q = document.getElementById("f-search").value.toLowerCase();
    if (!q) { return true; }
    return [r.instance_id, r.answer_text, r.reasoning_text, r.extracted, r.error_message]
      .some(function (v) { return text(v).toLowerCase().indexOf(q) >= 0; });
  }
  function section(parent, title, body) {
    var h = document.createElement("h3"); h.textContent = title; parent.appendChild(h);
    var pre = document.createElement("pre");
    pre.textContent = body === null || body === undefined || body === "" ? "(none)" : body;
    parent.appendChild(pre);
  }
  function toggle(tr, r) {
    var next = tr.nextSibling;
    if (next && next.classList && next.classList.contains("detail")) { next.remove(); return; }
    var detail = document.createElement("tr"); detail.className = "detail";
    var td = document.createElement("td"); td.colSpan = 13; detail.appendChild(td);
    var info = document.createElement("p");
    info.textContent = "instance " + r.instance_id + " · " + r.task + " level " + r.level +
      " · " + r.format + " · " + text(r.context) + " · finish " + text(r.finish_reason) +
      (r.error_class ? " · error " + r.error_class : "");
    td.appendChild(info);
    section(td, "Expected / extracted", "expected:  " + text(r.expected) +
      "\\nextracted: " + text(r.extracted));
    if (r.certificate_status) {
      var verdict = document.createElement("p"); verdict.className = "verdict";
      var status = document.createElement("span");
      status.className = "verdict-" + text(r.certificate_status);
      status.textContent = "certificate verdict: " + text(r.certificate_status);
      verdict.appendChild(status);
      var flawed = ["feasible", "optimal"].indexOf(text(r.certificate_status)) < 0;
      verdict.appendChild(document.createTextNode(
        (r.certificate_ratio === null || r.certificate_ratio === undefined ? "" :
          " · ratio " + Number(r.certificate_ratio).toFixed(3)) +
        (r.certificate_detail ? (flawed ? " · first flaw: " : " · ") +
          text(r.certificate_detail) : "")));
      td.appendChild(verdict);
    }
    var hasCertificate = certificates[r.instance_id] !== undefined;
    if (hasCertificate) {  // the evidence side by side: what the model said, what is true
      var evidence = document.createElement("div"); evidence.className = "evidence";
      var left = document.createElement("div"), right = document.createElement("div");
      section(left, "Model's answer", r.answer_text);
      section(right, "Certificate of the exact answer", certificates[r.instance_id]);
      evidence.appendChild(left); evidence.appendChild(right); td.appendChild(evidence);
    }
    section(td, "Prompt", prompts[r.instance_id + "|" + r.format]);
    section(td, "Reasoning", r.reasoning_text);
    if (!hasCertificate) { section(td, "Answer", r.answer_text); }
    if (r.error_message) { section(td, "Error", r.error_message); }
    tr.parentNode.insertBefore(detail, tr.nextSibling);
  }
  function render() {
    var body = document.querySelector("#samples tbody");
    body.textContent = "";
    var hits = records.filter(matches);
    hits.slice(0, shown).forEach(function (r) {
      var tr = document.createElement("tr"); tr.className = "sample";
      tr.dataset.instance = text(r.instance_id); tr.dataset.sample = text(r.sample_index);
      cell(tr, text(r.instance_id).slice(0, 12));
      cell(tr, r.model); cell(tr, r.task); cell(tr, r.level); cell(tr, r.format);
      cell(tr, text(r.graph_nodes) + " / " + text(r.graph_edges));
      cell(tr, r.sample_index); cell(tr, r.outcome, "o-" + text(r.outcome));
      cell(tr, r.expected); cell(tr, r.extracted);
      cell(tr, [r.prompt_tokens, r.completion_tokens, r.reasoning_tokens].map(text).join(" / "));
      cell(tr, (r.cost_usd === null || r.cost_usd === undefined ? "unknown"
        : Number(r.cost_usd).toFixed(5)) + (r.batch_ref ? " (batch)" : ""));
      cell(tr, r.latency_s === null || r.latency_s === undefined ? ""
        : Number(r.latency_s).toFixed(2));
      tr.addEventListener("click", function () { toggle(tr, r); });
      body.appendChild(tr);
    });
    document.getElementById("count").textContent =
      hits.length + " of " + records.length + " samples" +
      (hits.length > shown ? " (first " + shown + " shown)" : "");
    document.getElementById("more").hidden = hits.length <= shown;
  }
  render();
})();
</script>
</body></html>
"""
