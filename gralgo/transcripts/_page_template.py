"""The page of ``report.html``: its HTML, CSS and the script that loads the samples.

The page holds no samples: its script loads them from the shards in ``report_data/``
(:mod:`gralgo.transcripts._shards`) with ``<script>`` elements (allowed from ``file://``),
decompresses each with ``DecompressionStream`` and fills the table a shard at a time, so the
first samples show at once whatever the job's size. Texts (answer, reasoning, prompt,
certificate) load when a sample is opened or the texts are searched. When an analysis left
``trace-facts.js`` beside them (``analysis=trace_facts``), its measures are shown and each
opened sample's wrong graph claims are highlighted with the true fact beside them. Model output
is inserted with ``textContent``, never as HTML, so a response cannot inject markup.
"""

from __future__ import annotations

PAGE_HEAD = """<!DOCTYPE html>
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
#notice{color:#b00020;font-weight:600}
mark.wrong{background:#fbb}span.truth{background:#dfd;font-size:90%;margin:0 .3em}
span.correct{text-decoration:underline dotted #393}p.trace-measures{margin:.3em 0}
</style></head>
<body>
<h1>%TITLE%</h1>
<dl class="facts">%FACTS%</dl>
<h2>Summary</h2>
%SUMMARY%
%TABLES%
<h2>Figures</h2>
%FIGURES%
<div id="trace-facts" hidden></div>
<h2>Samples</h2>
<p id="notice" hidden></p>
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
<script type="application/json" id="gralgo-data">"""
"""The page up to its data block (``%TITLE%``, ``%FACTS%``, ``%SUMMARY%``, ``%TABLES%``,
``%FIGURES%`` to fill in); the data block holds where the shards are and how many."""

PAGE_TAIL = r"""</script>
<script>
(function () {
  "use strict";
  var META = JSON.parse(document.getElementById("gralgo-data").textContent);
  var root = document.documentElement;
  var records = [], byShard = [], hits = [], PAGE = 200, shown = PAGE;
  var prompts = {}, certificates = {}, texts = {}, traceShards = {}, trace = null;
  var filters = {model: "f-model", task: "f-task", level: "f-level", outcome: "f-outcome"};
  var want = {model: "", task: "", level: "", outcome: ""}, query = "", listed = null;
  var seen = {model: {}, task: {}, level: {}, outcome: {}}, waiting = {};
  var indexing = true, searching = null;
  var HOW = "open this page with `python -m gralgo view OUTPUTS` (OUTPUTS: the outputs " +
    "folder holding this job), which serves it locally";
  function text(v) { return v === null || v === undefined ? "" : String(v); }
  function notice(message) {
    var p = document.getElementById("notice"); p.hidden = false; p.textContent = message;
    root.dataset.samples = "failed";
  }
  // Each shard is a script calling gralgoShard(kind, number, base64 of gzip'd JSON).
  window.gralgoShard = function (kind, n, data) {
    var key = kind + "/" + n, done = waiting[key];
    if (done) { delete waiting[key]; done(data); }
  };
  function shardFile(kind, n) {
    return META.dir + "/" + kind + (n < 0 ? "" : "-" + String(n).padStart(5, "0")) + ".js";
  }
  function unpack(data) {
    var raw = atob(data), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  function load(kind, n) {
    return new Promise(function (resolve, reject) {
      var key = kind + "/" + n, script = document.createElement("script");
      waiting[key] = resolve;
      script.onload = function () {
        script.remove();
        if (waiting[key]) {
          delete waiting[key]; reject(new Error(script.src + " holds no shard"));
        }
      };
      script.onerror = function () {
        script.remove(); delete waiting[key];
        reject(new Error("cannot read " + shardFile(kind, n)));
      };
      script.src = shardFile(kind, n);
      document.head.appendChild(script);
    }).then(unpack);
  }
  function loadText(n) {  // a shard's texts, prompts and certificates, joined to its records
    if (!texts[n]) {
      texts[n] = load("text", n).then(function (t) {
        byShard[n].forEach(function (r, i) {
          t.fields.forEach(function (f, j) { r[f] = t.texts[i][j]; });
        });
        Object.assign(prompts, t.prompts); Object.assign(certificates, t.certificates);
      });
    }
    return texts[n];
  }
  function cell(tr, value, cls) {
    var td = document.createElement("td"); td.textContent = text(value);
    if (cls) { td.className = cls; } tr.appendChild(td); return td;
  }
  function addOptions(batch) {
    Object.keys(filters).forEach(function (name) {
      var fresh = false;
      batch.forEach(function (r) {
        var v = text(r[name]);
        if (!seen[name][v]) { seen[name][v] = true; fresh = true; }
      });
      if (!fresh) { return; }
      var select = document.getElementById(filters[name]);
      var values = Object.keys(seen[name]);
      values.sort(function (a, b) { return a.localeCompare(b, undefined, {numeric: true}); });
      select.textContent = "";
      ["(all)"].concat(values).forEach(function (v) {
        var option = document.createElement("option");
        option.value = v === "(all)" ? "" : v; option.textContent = v; select.appendChild(option);
      });
      select.value = want[name];
    });
  }
  Object.keys(filters).forEach(function (name) {
    document.getElementById(filters[name]).addEventListener("change", function () {
      want[name] = this.value; shown = PAGE; refilter();
    });
  });
  // report.html#model=M&task=T&level=L&outcome=O&q=TEXT&ids=ID1,ID2 opens with those filters
  // (the study page's links); ids keeps only the listed instances until "show all".
  function showListed() {
    document.getElementById("f-ids").hidden = listed === null;
    document.getElementById("f-ids-n").textContent = listed === null ? "" : String(listed.size);
  }
  function fromHash() {
    Object.keys(want).forEach(function (name) { want[name] = ""; });
    query = ""; listed = null;
    new URLSearchParams(window.location.hash.replace(/^#/, "")).forEach(function (value, name) {
      if (filters[name]) { want[name] = value; }
      if (name === "q") { query = value.toLowerCase(); }
      if (name === "ids") { listed = new Set(value.split(",").filter(Boolean)); }
    });
    Object.keys(filters).forEach(function (name) {
      document.getElementById(filters[name]).value = want[name];
    });
    document.getElementById("f-search").value = query;
    showListed();
  }
  window.addEventListener("hashchange", function () { fromHash(); shown = PAGE; refilter(); });
  document.getElementById("f-ids-clear").addEventListener("click", function () {
    listed = null; showListed(); shown = PAGE; refilter();
  });
  document.getElementById("f-search").addEventListener("input", function () {
    query = this.value.toLowerCase(); shown = PAGE; refilter();
  });
  document.getElementById("more").addEventListener("click", function () {
    shown += PAGE; draw();
  });
  function matches(r) {
    if (listed !== null && !listed.has(text(r.instance_id))) { return false; }
    for (var name in want) {
      if (want[name] && text(r[name]) !== want[name]) { return false; }
    }
    if (!query) { return true; }
    return [r.instance_id, r.answer_text, r.reasoning_text, r.extracted, r.error_message]
      .some(function (v) { return text(v).toLowerCase().indexOf(query) >= 0; });
  }
  function searchTexts() {  // a text search reads every shard's texts, one after another
    if (searching || !byShard.length) { return; }
    var n = 0;
    searching = "running";
    function next() {
      if (n >= byShard.length) {
        searching = "done"; root.dataset.texts = "loaded"; refilter(); return;
      }
      var at = n++;
      loadText(at).then(function () {
        if (query) { refilter(); }
        next();
      }, function (err) { searching = null; notice(err.message + ": " + HOW); });
    }
    next();
  }
  function refilter() {
    if (query && !indexing) { searchTexts(); }
    hits = records.filter(matches); draw();
  }
  function section(parent, title, body) {
    var h = document.createElement("h3"); h.textContent = title; parent.appendChild(h);
    var pre = document.createElement("pre");
    pre.textContent = body === null || body === undefined || body === "" ? "(none)" : body;
    parent.appendChild(pre);
    return pre;
  }
  function marked(pre, body, claims, offset) {  // wrong claims marked, the truth beside each
    var at = 0;
    pre.textContent = "";
    claims.forEach(function (c) {  // [start, end, verdict, error, truth]: sorted, disjoint
      var start = c[0] - offset, end = c[1] - offset;
      if (start < at || start < 0 || end > body.length) { return; }
      pre.appendChild(document.createTextNode(body.slice(at, start)));
      var wrong = c[2] === "wrong", span = document.createElement(wrong ? "mark" : "span");
      span.className = wrong ? "wrong" : "correct";
      span.textContent = body.slice(start, end);
      pre.appendChild(span);
      if (wrong) {
        span.title = text(c[3]).replace(/_/g, " ") + ": " + text(c[4]);
        var truth = document.createElement("span"); truth.className = "truth";
        truth.textContent = "[" + text(c[4]) + "]"; pre.appendChild(truth);
      }
      at = end;
    });
    pre.appendChild(document.createTextNode(body.slice(at)));
  }
  function fnv(s) {  // FNV-1a over UTF-16 code units: the analysis shards items the same way
    var h = 0x811c9dc5;
    for (var i = 0; i < s.length; i++) { h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0; }
    return h >>> 0;
  }
  function traceOf(r) {
    if (trace === null) { return Promise.resolve(null); }
    var item = text(r.request_key) + ":" + text(r.sample_index);
    var n = fnv(item) % trace.shards;
    if (!traceShards[n]) { traceShards[n] = load("trace-facts", n); }
    return traceShards[n].then(function (t) { return t.items[item] || null; });
  }
  function measures(parent, facts) {
    var m = facts.m, p = document.createElement("p"); p.className = "trace-measures";
    var kinds = trace.kinds.filter(function (k) { return m[k] > 0; }).map(function (k) {
      return k.replace(/_/g, " ") + " " + m[k];
    });
    p.textContent = "trace facts: " + m.claims + " claims, " + m.checkable + " checkable, " +
      m.wrong + " wrong" + (kinds.length ? " (" + kinds.join(", ") + ")" : "") +
      (m.first_wrong_tokens === null ? "" : " · first wrong claim at token " +
        m.first_wrong_tokens + (m.first_wrong_segment === null ? "" : ", segment " +
        (m.first_wrong_segment + 1) + " of " + m.segments)) +
      (m.right_for_wrong_reasons ? " · right for wrong reasons" : "");
    parent.appendChild(p);
  }
  function show(tr, r, facts) {
    var detail = document.createElement("tr"); detail.className = "detail";
    var td = document.createElement("td"); td.colSpan = 13; detail.appendChild(td);
    var info = document.createElement("p");
    info.textContent = "instance " + r.instance_id + " · " + r.task + " level " + r.level +
      " · " + r.format + " · " + text(r.context) + " · finish " + text(r.finish_reason) +
      (r.error_class ? " · error " + r.error_class : "");
    td.appendChild(info);
    section(td, "Expected / extracted", "expected:  " + text(r.expected) +
      "\nextracted: " + text(r.extracted));
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
    if (facts) { measures(td, facts); }
    var hasCertificate = certificates[r.instance_id] !== undefined, answer;
    if (hasCertificate) {  // the evidence side by side: what the model said, what is true
      var evidence = document.createElement("div"); evidence.className = "evidence";
      var left = document.createElement("div"), right = document.createElement("div");
      answer = section(left, "Model's answer", r.answer_text);
      section(right, "Certificate of the exact answer", certificates[r.instance_id]);
      evidence.appendChild(left); evidence.appendChild(right); td.appendChild(evidence);
    }
    section(td, "Prompt", prompts[r.instance_id + "|" + r.format]);
    var reasoning = section(td, "Reasoning", r.reasoning_text);
    if (!hasCertificate) { answer = section(td, "Answer", r.answer_text); }
    if (r.error_message) { section(td, "Error", r.error_message); }
    var said = text(r.reasoning_text), gave = text(r.answer_text);
    // The analysis read reasoning + "\n\n" + answer; its offsets are in UTF-16 units.
    var answerAt = said && gave ? said.length + 2 : said.length;
    if (facts && facts.n === answerAt + gave.length) {
      if (said) {
        marked(reasoning, said, facts.c.filter(function (c) { return c[1] <= said.length; }), 0);
      }
      if (gave) {
        marked(answer, gave, facts.c.filter(function (c) { return c[0] >= answerAt; }), answerAt);
      }
    }
    tr.parentNode.insertBefore(detail, tr.nextSibling);
  }
  function toggle(tr, r) {
    var next = tr.nextSibling;
    if (next && next.classList && next.classList.contains("detail")) { next.remove(); return; }
    if (tr.dataset.opening) { return; }
    tr.dataset.opening = "1";
    Promise.all([loadText(r._s), traceOf(r)]).then(function (got) {
      delete tr.dataset.opening;
      if (tr.parentNode) { show(tr, r, got[1]); }
    }, function (err) { delete tr.dataset.opening; notice(err.message + ": " + HOW); });
  }
  function draw() {
    var body = document.querySelector("#samples tbody");
    body.textContent = "";
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
    count();
  }
  function count() {
    document.getElementById("count").textContent =
      hits.length + " of " + records.length + " samples" +
      (indexing ? " (loading: " + records.length + " of " + META.samples + " read)" : "") +
      (query && searching !== "done" ? " (searching the texts…)" : "") +
      (hits.length > shown ? " (first " + shown + " shown)" : "");
    document.getElementById("more").hidden = hits.length <= shown;
  }
  function added(batch) {  // a new index shard: its matches join the list
    var fresh = batch.filter(matches);
    hits = hits.concat(fresh);
    if (fresh.length && document.querySelectorAll("#samples tr.sample").length < shown) {
      draw();
    } else { count(); }
  }
  function readIndex(n) {
    if (n >= META.shards) {
      indexing = false; root.dataset.samples = "loaded";
      if (query) { refilter(); } else { count(); }
      return;
    }
    load("index", n).then(function (shard) {
      var batch = shard.rows.map(function (row, i) {
        var r = {_s: n};
        shard.fields.forEach(function (f, j) { r[f] = row[j]; });
        return r;
      });
      byShard[n] = batch;
      Array.prototype.push.apply(records, batch);
      addOptions(batch); added(batch);
      if (n === 0) { root.dataset.firstSamples = String(Math.round(performance.now())); }
      readIndex(n + 1);
    }, function (err) { notice("The samples could not be read (" + err.message + "): " + HOW); });
  }
  function cells(tr, values, tag) {
    values.forEach(function (v) {
      var c = document.createElement(tag); c.textContent = text(v); tr.appendChild(c);
    });
  }
  function showTrace(t) {  // analysis=trace_facts wrote its measures beside the samples
    trace = t;
    var box = document.getElementById("trace-facts");
    var h = document.createElement("h2"); h.textContent = "Trace facts"; box.appendChild(h);
    var p = document.createElement("p"); p.textContent = t.note; box.appendChild(p);
    t.tables.forEach(function (table) {
      var caption = document.createElement("h3"); caption.textContent = table.caption;
      var el = document.createElement("table"); el.className = "summary";
      var head = el.createTHead().insertRow(); cells(head, table.columns, "th");
      var body = el.createTBody();
      table.rows.forEach(function (row) { cells(body.insertRow(), row, "td"); });
      var wrap = document.createElement("div"); wrap.className = "wide";
      wrap.appendChild(el); box.appendChild(caption); box.appendChild(wrap);
    });
    if (t.flagged.length) {
      var link = document.createElement("a"); link.id = "trace-flagged";
      link.href = "#ids=" + encodeURIComponent(t.flagged.join(","));
      link.textContent = "show the samples of the " + t.flagged.length + " instances whose " +
        "responses hold a wrong claim" + (t.flagged_cut ? " (the first " +
        t.flagged.length + ")" : "") + "; open one to see its claims highlighted";
      var line = document.createElement("p"); line.appendChild(link); box.appendChild(line);
    }
    box.hidden = false; root.dataset.traceFacts = "loaded";
  }
  fromHash();
  count();
  if (typeof DecompressionStream === "undefined") {
    notice("This browser cannot decompress the samples (no DecompressionStream): open the " +
      "page in a current Chromium, Firefox (113+) or Safari (16.4+).");
    return;
  }
  root.dataset.samples = "loading";
  readIndex(0);
  load("trace-facts", -1).then(showTrace, function () { root.dataset.traceFacts = "none"; });
})();
</script>
</body></html>
"""
"""The page after its data block: the script and the end."""
