"""The run viewer's page: one table of every job and one of every sweep, sortable and filtered.

Self-contained HTML (inline CSS and JavaScript, no network). Links are relative to the page's
base: served by :mod:`gralgo.view._serve` they go through ``/files/``, written as a file they
are paths relative to the outputs folder. Each job's samples load only when asked for
(``/samples/<job>``, served), so the page's size does not grow with the samples.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from pathlib import Path

from gralgo.view._catalog import Catalog, JobEntry, SweepEntry

Link = Callable[[Path], str]
"""A file under the outputs folder -> its URL on the page."""

_STYLE = """
body{font:14px system-ui,sans-serif;margin:1.2em;color:#222}
h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.15em;margin:1.2em 0 .4em}
table{border-collapse:collapse;width:100%}th,td{padding:3px 7px;border-bottom:1px solid #ddd;
text-align:left;vertical-align:top}th{cursor:pointer;background:#f3f3f3;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums}.muted{color:#777}
.complete{color:#176317}.partial,.batch{color:#9a6700}.failed{color:#b42318}
.unfinished{color:#555}input{font:inherit;padding:3px 6px;width:28em}
pre{white-space:pre-wrap;max-height:24em;overflow:auto;background:#f8f8f8;padding:6px}
"""

_SCRIPT = """
const filter=document.getElementById('filter');
function applyFilter(){const q=filter.value.toLowerCase();
 for(const tr of document.querySelectorAll('tbody tr.job')){
  tr.style.display=tr.textContent.toLowerCase().includes(q)?'':'none';}}
filter.addEventListener('input',applyFilter);
for(const th of document.querySelectorAll('th[data-col]')){th.addEventListener('click',()=>{
 const table=th.closest('table'),body=table.tBodies[0],col=+th.dataset.col;
 const asc=th.dataset.asc!=='1';th.dataset.asc=asc?'1':'0';
 const rows=[...body.querySelectorAll('tr.job')];
 const key=r=>{const c=r.children[col];const v=c.dataset.v;return v===undefined?c.textContent:v;};
 rows.sort((a,b)=>{const x=key(a),y=key(b);const nx=parseFloat(x),ny=parseFloat(y);
  const c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:String(x).localeCompare(String(y));return asc?c:-c;});
 for(const r of rows){body.appendChild(r);const d=document.getElementById('s-'+r.id);
  if(d)body.appendChild(d);}});}
async function samples(id,url){const row=document.getElementById('s-'+id);
 if(row.style.display===''){row.style.display='none';return;}
 row.style.display='';const cell=row.firstElementChild;cell.textContent='loading…';
 try{const r=await fetch(url);if(!r.ok)throw new Error(r.status+' '+r.statusText);
  const data=await r.json();cell.textContent='';const t=document.createElement('table');
  t.innerHTML='<thead><tr><th>instance</th><th>task</th><th>level</th><th>sample</th>'+
   '<th>answer</th><th>expected</th><th>outcome</th></tr></thead>';const b=t.createTBody();
  for(const s of data.samples){const tr=b.insertRow();for(const k of
   ['instance_id','task','level','sample_index','extracted','expected','outcome']){
   tr.insertCell().textContent=s[k]===undefined||s[k]===null?'':String(s[k]);}}
  const note=document.createElement('p');note.className='muted';
  note.textContent=`${data.samples.length} of ${data.total} samples shown`;
  cell.append(note,t);}catch(e){cell.textContent='samples could not be read: '+e.message;}}
"""


def _fmt(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _interval(job: JobEntry) -> str:
    if job.pass_at_k is None:
        return "–"
    if job.pass_at_k_lo is None or job.pass_at_k_hi is None:
        return _fmt(job.pass_at_k)
    return f"{job.pass_at_k:.3f} [{job.pass_at_k_lo:.3f}, {job.pass_at_k_hi:.3f}]"


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    if seconds < 120:
        return f"{seconds:.1f} s"
    return f"{seconds / 60:.1f} min"


def _when(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _cell(text: str, value: object = None, cls: str = "") -> str:
    attrs = f' class="{cls}"' if cls else ""
    if value is not None:
        attrs += f' data-v="{html.escape(str(value))}"'
    return f"<td{attrs}>{html.escape(text)}</td>"


def _a(url: str, text: str) -> str:
    return f'<a href="{html.escape(url)}">{html.escape(text)}</a>'


def _job_rows(
    index: int, job: JobEntry, link: Link, mlflow_ui: str, samples_url: str | None
) -> str:
    links = []
    if job.report is not None:
        links.append(_a(link(job.report), "transcripts"))
    if job.sweep is not None and (job.sweep / "comparison" / "study.html").is_file():
        links.append(_a(link(job.sweep / "comparison" / "study.html"), "study"))
    if job.mlflow_page and mlflow_ui:
        links.append(_a(mlflow_ui.rstrip("/") + "/" + job.mlflow_page, "MLflow"))
    if samples_url is not None:
        links.append(
            f'<a href="#" onclick="samples(\'j{index}\',{html.escape(repr(samples_url))});'
            'return false">samples</a>'
        )
    tokens = (job.prompt_tokens or 0) + (job.completion_tokens or 0)
    status_cls = job.status.split()[0]
    cells = [
        _cell(_when(job.started_at), job.started_at),
        _cell(job.model),
        _cell(", ".join(job.tasks) or "–"),
        _cell(f"{job.format} · {job.context} · {job.mode} · k={job.k}"),
        f'<td class="{status_cls}" title="{html.escape(job.cause)}">{html.escape(job.status)}</td>',
        _cell(_interval(job), -1 if job.pass_at_k is None else job.pass_at_k, "num"),
        _cell(f"{job.samples:,}", job.samples, "num"),
        _cell(f"{tokens:,.0f}" if job.completion_tokens is not None else "–", tokens, "num"),
        _cell(
            "unknown" if job.cost_usd is None else f"${job.cost_usd:,.4f}",
            -1 if job.cost_usd is None else job.cost_usd,
            "num",
        ),  # fmt: skip
        _cell(
            _duration(job.duration_s), job.duration_s if job.duration_s is not None else -1, "num"
        ),  # fmt: skip
        f"<td>{' · '.join(links)}<br>"
        f'<span class="muted">{html.escape(str(job.folder))}</span></td>',
    ]
    row = f'<tr class="job" id="j{index}">{"".join(cells)}</tr>'
    if samples_url is not None:
        row += f'<tr id="s-j{index}" style="display:none"><td colspan="{len(cells)}"></td></tr>'
    return row


def _sweep_row(sweep: SweepEntry, link: Link) -> str:
    study = _a(link(sweep.study), "study page") if sweep.study else "no study page yet"
    return (
        f"<tr><td>{html.escape(_when(sweep.started_at))}</td>"
        f"<td>{html.escape(str(sweep.folder))}</td><td class=num>{sweep.jobs}</td>"
        f"<td>{study}</td></tr>"
    )


HEADERS = ("started", "model", "tasks", "setting", "status", "pass@k [95 % CI]", "samples",
           "tokens", "cost", "duration", "links")  # fmt: skip


def render_page(
    catalog: Catalog,
    link: Link,
    mlflow_ui: str = "",
    samples_url: Callable[[JobEntry], str | None] | None = None,
) -> str:
    """The viewer page for ``catalog``; ``samples_url`` gives a job's lazy samples URL (served
    only), ``mlflow_ui`` the MLflow UI's base URL ('' hides the MLflow links)."""
    head = "".join(f'<th data-col="{i}">{html.escape(h)}</th>' for i, h in enumerate(HEADERS))
    rows = "".join(
        _job_rows(i, job, link, mlflow_ui, samples_url(job) if samples_url else None)
        for i, job in enumerate(catalog.jobs)
    )
    sweeps = "".join(_sweep_row(s, link) for s in catalog.sweeps)
    counts: dict[str, int] = {}
    for job in catalog.jobs:
        counts[job.status] = counts.get(job.status, 0) + 1
    summary = ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "no jobs"
    problems = "".join(f"<li>{html.escape(p)}</li>" for p in catalog.unreadable)
    parts = [
        "<!doctype html><html><head><meta charset=utf-8><title>gralgo runs</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>gralgo runs</h1><p class=muted>{html.escape(str(catalog.root))}: "
        f"{len(catalog.jobs)} jobs ({html.escape(summary)}), {len(catalog.sweeps)} sweeps. "
        "Scores and intervals are the jobs' own (<code>metrics.json</code>); hover a status "
        "for its cause; click a header to sort.</p>",
        '<p><input id="filter" placeholder="filter: model, task, status, folder…"></p>',
        f"<h2>Jobs</h2><table id=jobs><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>",
        "<h2>Sweeps</h2><table><thead><tr><th>started</th><th>folder</th><th>jobs</th>"
        f"<th>comparison</th></tr></thead><tbody>{sweeps}</tbody></table>",
        f"<h2>Unreadable job folders</h2><ul>{problems}</ul>" if problems else "",
        f"<script>{_SCRIPT}</script></body></html>",
    ]
    return "".join(parts)
