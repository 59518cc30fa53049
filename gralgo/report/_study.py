"""``study.html``: every job of a study on one static page — leaderboard and paired comparisons.

Built by ``command=compare`` from the jobs' ``instances.csv`` (per-instance pass@k / cons@k),
like the comparison tables: no server, no network, CSS and JavaScript inline.

* **Leaderboard** per (format, context, mode) setting: one row per task x level x model with
  the number of instances, pass@k and cons@k with 95 % bootstrap intervals (paper split), each
  beside its guessing baseline (``gralgo.score._baselines``), the hard split's n and pass@k
  (``absent`` without one), the tables' best-heuristic baseline, and the paper's
  z-score of pass@k over the models on that task and level (eq. 5); sortable by any column; each
  row links to the samples behind it (the job's ``report.html``, filtered).
* **Paired comparisons**: for each pair of models (A the one with the higher mean pass@k), on
  the instances both answered (complete in both): both solve / only A / only B / neither (by
  cons@k, a 0/1 majority vote), McNemar's exact test on the discordant pairs, and the mean pass@k
  difference with a paired bootstrap 95 % interval; overall and per task x level. The "only A"
  and "only B" counts link to that model's samples on exactly those instances (its job's
  ``report.html#model=…&ids=…``), and a last column to the other model's samples on them.
* **Overall**: per model, pass@k / cons@k over all its instances and its mean z-score.
* **Warnings** when compared jobs differ in instance set, format or k.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gralgo.report._study_links import JobsOf, count_cell, ids_links, jobs_of, samples_link

if TYPE_CHECKING:
    import pandas as pd

STUDY_FILE = "study.html"
SMALL_PAIRED_N = 10
"""Shared instances below which a paired test is flagged "n too small" (McNemar's exact test
cannot reach p < 0.05 with fewer than 6 discordant pairs)."""
JOBS_FIGURE = "jobs.png"
"""A sweep's jobs side by side (``gralgo.tracking``'s sweep callback draws it beside the page)."""
SETTING = ("format", "context", "mode")


def comparison_warnings(inst: pd.DataFrame) -> list[str]:
    """What makes a comparison unfair: different formats, or models asked different instances."""
    warnings = []
    formats = sorted(map(str, inst["format"].unique()))
    if len(formats) > 1:
        warnings.append(f"the jobs use different formats ({', '.join(formats)}): tables are "
                        "per format, but the z-scores pool them")  # fmt: skip
    for (fmt, context), group in inst.groupby(["format", "context"], sort=True):
        sets = {m: set(g["instance_id"]) for m, g in group.groupby("model", sort=True)}
        shared = set.intersection(*sets.values())
        if len(sets) > 1 and any(ids != shared for ids in sets.values()):
            counts = ", ".join(f"{m} {len(ids)}" for m, ids in sets.items())
            warnings.append(f"{fmt}-{context}: the models answered different instances "
                            f"({counts}; {len(shared)} shared): compare the same slice "
                            "(task, level, dataset.per_level, dataset.seed)")  # fmt: skip
    return warnings


def study_warnings(inst: pd.DataFrame) -> list[str]:
    """The compare command's warnings (formats, instance sets) plus differing k."""
    warnings = comparison_warnings(inst)
    if "k" in inst.columns:
        per_model = inst.groupby("model")["k"].agg(lambda v: sorted(set(int(x) for x in v)))
        ks = sorted({k for values in per_model for k in values})
        if len(ks) > 1:
            detail = ", ".join(f"{m} k={'/'.join(map(str, v))}" for m, v in per_model.items())
            warnings.append(f"the jobs use different k ({detail}): pass@k and cons@k of "
                            "different k are not comparable")  # fmt: skip
    return warnings


def mcnemar_p(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p-value: a binomial test of the discordant pairs at 1/2."""
    discordant = only_a + only_b
    if discordant == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(only_a, discordant, 0.5).pvalue)


def paired_rows(inst: pd.DataFrame, n_resamples: int = 1000) -> pd.DataFrame:
    """One row per (setting, model A, model B, task, level) plus an ``all`` row per pair: the
    shared complete instances (paper split) and their paired statistics (see the module doc),
    and the ids of the instances only A and only B solve."""
    import numpy as np
    import pandas as pd

    from gralgo.score import PAPER, bootstrap_ci, cluster_ids, in_split, recorded_resamples
    from gralgo.seeding import stable_seed

    n_resamples = recorded_resamples(inst, n_resamples)  # as the jobs drew theirs
    done = inst[~inst["incomplete"].astype(bool).to_numpy() & in_split(inst, PAPER)]
    done = done.assign(_cluster=cluster_ids(done))  # overlapping instances resampled together
    rows = []
    for setting, group in done.groupby(list(SETTING), sort=True):
        means = group.groupby("model")["pass_at_k"].mean()  # A is the better model of a pair
        models = sorted(map(str, means.index), key=lambda m: (-float(means[m]), m))
        by_model = {m: g.set_index("instance_id") for m, g in group.groupby("model", sort=True)}
        for a, b in combinations(models, 2):
            shared = by_model[a].index.intersection(by_model[b].index)
            if not len(shared):
                continue
            left, right = by_model[a].loc[shared], by_model[b].loc[shared]
            pair = pd.DataFrame({
                "instance_id": shared.to_numpy(),
                "task": left["task"].to_numpy(), "level": left["level"].to_numpy(),
                "cons_a": left["cons_at_k"].to_numpy(dtype=float) >= 0.5,
                "cons_b": right["cons_at_k"].to_numpy(dtype=float) >= 0.5,
                "diff": left["pass_at_k"].to_numpy(dtype=float)
                - right["pass_at_k"].to_numpy(dtype=float),
                "cluster": left["_cluster"].to_numpy(),
            })  # fmt: skip
            scopes = [("all", "all", pair)] + [
                (str(t), str(lv), g) for (t, lv), g in pair.groupby(["task", "level"], sort=True)
            ]
            for task, level, part in scopes:
                ca, cb = part["cons_a"].to_numpy(), part["cons_b"].to_numpy()
                only_a, only_b = int((ca & ~cb).sum()), int((~ca & cb).sum())
                low, high = bootstrap_ci(
                    part["diff"].to_numpy(),
                    n_resamples=n_resamples,
                    seed=stable_seed("paired", *setting, a, b, task, level),
                    clusters=part["cluster"].to_numpy(),
                )
                rows.append({
                    "format": setting[0], "context": setting[1], "mode": setting[2],
                    "model_a": a, "model_b": b, "task": task, "level": level,
                    "shared": len(part), "both": int((ca & cb).sum()), "only_a": only_a,
                    "only_b": only_b, "neither": int((~ca & ~cb).sum()),
                    "mcnemar_p": mcnemar_p(only_a, only_b),
                    "pass_diff": float(np.mean(part["diff"])), "pass_diff_lo": float(low),
                    "pass_diff_hi": float(high),
                    "only_a_ids": tuple(map(str, part["instance_id"][ca & ~cb])),
                    "only_b_ids": tuple(map(str, part["instance_id"][~ca & cb])),
                })  # fmt: skip
    columns = ["format", "context", "mode", "model_a", "model_b", "task", "level", "shared",
               "both", "only_a", "only_b", "neither", "mcnemar_p", "pass_diff", "pass_diff_lo",
               "pass_diff_hi", "only_a_ids", "only_b_ids"]  # fmt: skip
    table = pd.DataFrame(rows, columns=columns)
    # One family per setting and kind (the overall rows; the task x level rows): the page runs
    # many tests, and uncorrected p < 0.05 marked chance differences across small cells.
    family = [table[c] for c in SETTING] + [table["task"].eq("all")]
    table["mcnemar_p_holm"] = (
        table.groupby(family, sort=False)["mcnemar_p"].transform(holm_adjusted)
        if len(table) else pd.Series(dtype=float)
    )  # fmt: skip
    return table


def holm_adjusted(p_values: Any) -> Any:
    """Holm's step-down adjusted p-values (same order as given): the k-th smallest of m
    p-values times (m - k + 1), made non-decreasing and capped at 1."""
    import numpy as np
    import pandas as pd

    values = np.asarray(p_values, dtype=float)
    order = np.argsort(values, kind="stable")
    m = len(values)
    scaled = np.minimum(1.0, values[order] * (m - np.arange(m)))
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(scaled)
    return pd.Series(adjusted, index=getattr(p_values, "index", None))


def leaderboard_rows(inst: pd.DataFrame, n_resamples: int = 1000) -> pd.DataFrame:
    """Per setting, task, level and model: instances, pass@k / cons@k with intervals, the
    z-score of pass@k over the models (``NaN`` when they all score the same), k, the job
    folder and the ``best_heuristic`` baseline of the instances that model was asked (NaN
    without heuristic credits)."""
    import pandas as pd

    from gralgo.score import aggregate, normalized_scores

    keys = [*SETTING, "model", "task", "level"]
    agg = aggregate(inst, by=keys, n_resamples=n_resamples)
    agg = agg[agg["n_instances"] > 0]
    if agg.empty:
        return agg
    scored = normalized_scores(agg, "pass_at_k", task_col=[*SETTING, "task", "level"])
    extra = inst.groupby(keys, sort=True).agg(
        k=("k", "first") if "k" in inst.columns else ("level", lambda v: math.nan),
        job_dir=("job_dir", "last") if "job_dir" in inst.columns else ("level", lambda v: ""),
    )
    board = scored.merge(extra.reset_index(), on=keys, how="left")
    return pd.DataFrame(board.merge(_best_heuristics(inst), on=keys, how="left"))


def _best_heuristics(inst: pd.DataFrame) -> pd.DataFrame:
    """Per setting, model, task and level: the tables' ``best heuristic`` baseline over the
    instances of that model's job (``gralgo.report._best_heuristic``)."""
    import pandas as pd

    from gralgo.report._best_heuristic import BEST_HEURISTIC, best_heuristic_by
    from gralgo.report._tables import guess_baselines

    keys = [*SETTING, "model"]
    parts = []
    for key, group in inst.groupby(keys, sort=True):
        cells = best_heuristic_by(guess_baselines(group), ["task", "level"])
        parts.append(cells.assign(**dict(zip(keys, key, strict=True))))
    columns = [*keys, "task", "level", BEST_HEURISTIC]
    if not parts:
        return pd.DataFrame(columns=columns)
    out = pd.concat(parts, ignore_index=True)[columns]
    out["level"] = out["level"].astype(inst["level"].dtype)
    return out


def overall_rows(inst: pd.DataFrame, n_resamples: int = 1000) -> pd.DataFrame:
    """Per setting and model: instances, pass@k / cons@k over all its instances with
    intervals, and the mean of its per task x level z-scores (``NaN`` when none varies)."""
    from gralgo.score import aggregate

    agg = aggregate(inst, by=[*SETTING, "model"], n_resamples=n_resamples)
    board = leaderboard_rows(inst, n_resamples)
    if board.empty:
        return agg.assign(mean_z=float("nan"))
    z = board.groupby([*SETTING, "model"])["pass_at_k_z"].mean().rename("mean_z")
    return agg.merge(z.reset_index(), on=[*SETTING, "model"], how="left")


def _overall_html(overall: pd.DataFrame, setting: Sequence[Any]) -> str:
    part = overall
    for column, value in zip(SETTING, setting, strict=True):
        part = part[part[column] == value]
    header = ["rank", "model", "n", "pass@k [95% CI]", "baseline p@k (draws / top-k)",
              "cons@k [95% CI]", "baseline c@k (majority)", "hard n", "hard pass@k",
              "mean z (pass@k)"]  # fmt: skip
    rows = []
    ranked = part.sort_values("pass_at_k", ascending=False, kind="stable").to_dict("records")
    for rank, r in enumerate(ranked, start=1):
        z = r.get("mean_z")
        cells = [
            (str(rank), str(rank)), (str(r["model"]), str(r["model"])),
            (str(int(r["n_instances"])), str(int(r["n_instances"]))),
            (_interval(r["pass_at_k"], r["pass_at_k_lo"], r["pass_at_k_hi"]),
             f"{r['pass_at_k']:.6f}"),
            _guesses(r, "guess_pass_draws", "guess_pass_top_k"),
            (_interval(r["cons_at_k"], r["cons_at_k_lo"], r["cons_at_k_hi"]),
             f"{r['cons_at_k']:.6f}"),
            _guesses(r, "guess_cons"), *_hard_cells(r),
            ("–" if z is None or z != z else f"{z:+.2f}",
             "" if z is None or z != z else f"{z:.6f}"),
        ]  # fmt: skip
        rows.append("<tr>" + "".join(f'<td data-sort="{html.escape(key)}">{html.escape(text)}'
                                     "</td>" for text, key in cells) + "</tr>")  # fmt: skip
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    return (f'<table class="overall-board sortable"><thead><tr>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")  # fmt: skip


def _guesses(row: dict[str, Any], *names: str) -> tuple[str, str]:
    """A guessing baseline cell (text, sort key): ``0.43 / 0.63``; ``n too small`` where a
    cell had too few instances (or the job's instances table predates the baselines)."""
    from gralgo.score import TOO_SMALL

    values = [row.get(name) for name in names]
    if any(v is None or v != v for v in values):
        return TOO_SMALL, ""
    return " / ".join(f"{v:.2f}" for v in values), f"{values[-1]:.6f}"


def _hard_cells(row: dict[str, Any]) -> list[tuple[str, str]]:
    """The hard split's n and pass@k (text, sort key); ``absent`` without a hard instance."""
    n, value = row.get("hard_n_instances"), row.get("hard_pass_at_k")
    if not n or n != n or value is None or value != value:
        return [("absent", "0"), ("absent", "")]
    return [(str(int(n)), str(int(n))), (f"{value:.2f}", f"{value:.6f}")]


def _best_cell(row: dict[str, Any]) -> tuple[str, str]:
    """The ``best heuristic`` baseline (text, sort key); ``–`` without heuristic credits."""
    value = row.get("best_heuristic")
    if value is None or value != value:
        return "–", ""
    return f"{value:.2f}", f"{value:.6f}"


def _interval(value: float, low: float, high: float) -> str:
    if value != value:
        return "–"
    if low != low or high != high:
        return f"{value:.2f}"
    return f"{value:.2f} [{low:.2f}, {high:.2f}]"


def _leaderboard_html(board: pd.DataFrame, out_dir: Path, setting: Sequence[Any]) -> str:
    part = board
    for column, value in zip(SETTING, setting, strict=True):
        part = part[part[column] == value]
    header = ["task", "level", "model", "n", "k", "pass@k [95% CI]",
              "baseline p@k (draws / top-k)", "cons@k [95% CI]", "baseline c@k (majority)",
              "hard n", "hard pass@k", "best heuristic", "z (pass@k)", "samples"]  # fmt: skip
    rows = []
    for r in part.sort_values(["task", "level", "pass_at_k"], ascending=[True, True, False],
                              kind="stable").to_dict("records"):  # fmt: skip
        link = samples_link(r.get("job_dir"), out_dir, model=r["model"], task=r["task"],
                             level=r["level"])  # fmt: skip
        z = r.get("pass_at_k_z")
        k = r.get("k")
        cells = [
            (str(r["task"]), str(r["task"])), (str(r["level"]), str(int(r["level"]))),
            (str(r["model"]), str(r["model"])),
            (str(int(r["n_instances"])), str(int(r["n_instances"]))),
            ("–" if k is None or k != k else str(int(k)), "" if k is None or k != k else str(k)),
            (_interval(r["pass_at_k"], r["pass_at_k_lo"], r["pass_at_k_hi"]),
             f"{r['pass_at_k']:.6f}"),
            _guesses(r, "guess_pass_draws", "guess_pass_top_k"),
            (_interval(r["cons_at_k"], r["cons_at_k_lo"], r["cons_at_k_hi"]),
             f"{r['cons_at_k']:.6f}"),
            _guesses(r, "guess_cons"), *_hard_cells(r), _best_cell(r),
            ("–" if z is None or z != z else f"{z:+.2f}",
             "" if z is None or z != z else f"{z:.6f}"),
        ]  # fmt: skip
        tds = "".join(f'<td data-sort="{html.escape(key)}">{html.escape(text)}</td>'
                      for text, key in cells)  # fmt: skip
        anchor = f'<a href="{html.escape(link)}">samples</a>' if link else "–"
        rows.append(f"<tr>{tds}<td>{anchor}</td></tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    return (f'<table class="leaderboard sortable"><thead><tr>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")  # fmt: skip


def _paired_html(pairs: pd.DataFrame, setting: Sequence[Any], jobs: JobsOf, out_dir: Path) -> str:
    part = pairs
    for column, value in zip(SETTING, setting, strict=True):
        part = part[part[column] == value]
    if part.empty:
        return "<p>No pair of models answered the same instances in this setting.</p>"
    header = ["model A", "model B", "task", "level", "shared", "both", "only A", "only B",
              "neither", "McNemar p", "pass@k A − B [95% CI]",
              "the other model on them"]  # fmt: skip
    rows = []
    for r in part.to_dict("records"):
        a, b = str(r["model_a"]), str(r["model_b"])
        key = tuple(map(str, setting))
        jobs_a, jobs_b = jobs.get((*key, a), {}), jobs.get((*key, b), {})
        only_a, only_b = r["only_a_ids"], r["only_b_ids"]
        linked = {  # column -> its cell's HTML: the samples behind the discordant counts
            6: count_cell(len(only_a), ids_links(only_a, a, jobs_a, out_dir),
                           f"{a}'s samples on the instances {a} solves and {b} does not"),
            7: count_cell(len(only_b), ids_links(only_b, b, jobs_b, out_dir),
                           f"{b}'s samples on the instances {b} solves and {a} does not"),
        }  # fmt: skip
        other = [
            f'<a class="other" href="{html.escape(link)}">{html.escape(label)}</a>'
            for label, links in ((f"{b} on only A", ids_links(only_a, b, jobs_b, out_dir)),
                                 (f"{a} on only B", ids_links(only_b, a, jobs_a, out_dir)))
            for link, _ in links
        ]  # fmt: skip
        p, holm = float(r["mcnemar_p"]), float(r["mcnemar_p_holm"])
        diff = _interval(r["pass_diff"], r["pass_diff_lo"], r["pass_diff_hi"])
        small = " · n too small" if int(r["shared"]) < SMALL_PAIRED_N else ""
        cells = [r["model_a"], r["model_b"], r["task"], r["level"], r["shared"], r["both"],
                 r["only_a"], r["only_b"], r["neither"], f"{p:.3g} (Holm {holm:.3g}){small}",
                 diff]  # fmt: skip
        keys = [*map(str, cells[:9]), f"{p:.6g}", f"{r['pass_diff']:.6f}"]
        cls = ' class="overall"' if r["task"] == "all" else ""
        significant = " significant" if holm < 0.05 else ""
        tds = "".join(
            f'<td data-sort="{html.escape(key)}">'
            f"{linked.get(column) or html.escape(str(text))}</td>"
            for column, (text, key) in enumerate(zip(cells, keys, strict=True))
        )
        tds += f"<td>{' · '.join(other) or '–'}</td>"
        rows.append(f'<tr{cls} data-p="{p:.6g}"{significant and " data-significant=1"}>'
                    f"{tds}</tr>")  # fmt: skip
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    return (f'<table class="paired sortable"><thead><tr>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")  # fmt: skip


def write_study_page(inst: pd.DataFrame, out_dir: Path, n_resamples: int = 1000) -> Path:
    """Write ``out_dir/study.html`` from the jobs' per-instance table; return its path."""
    if "mode" not in inst.columns:
        inst = inst.assign(mode="direct")
    out_dir.mkdir(parents=True, exist_ok=True)
    board = leaderboard_rows(inst, n_resamples)
    overall = overall_rows(inst, n_resamples)
    pairs = paired_rows(inst, n_resamples)
    warnings = study_warnings(inst)
    jobs = jobs_of(inst)
    models = sorted(map(str, inst["model"].unique()))
    sections = []
    settings = sorted({tuple(r) for r in inst[list(SETTING)].astype(str).to_numpy().tolist()})
    for setting in settings:
        label = " · ".join(setting)
        sections.append(
            f'<section class="setting" data-setting="{html.escape(label)}">'
            f"<h2>{html.escape(label)}</h2><h3>Overall</h3>"
            + _overall_html(overall, setting)
            + "<h3>Leaderboard by task and level (click a column to sort)</h3>"
            + _leaderboard_html(board, out_dir, setting)
            + "<h3>Paired comparisons on the shared instances</h3>"
            + _paired_html(pairs, setting, jobs, out_dir)
            + "</section>"
        )
    if (out_dir / JOBS_FIGURE).is_file():  # a sweep's jobs side by side (drawn before)
        sections.append(
            f'<section id="jobs-figure"><h2>Jobs side by side</h2><img src="{JOBS_FIGURE}" '
            'alt="pass@k and cons@k of each job with 95% intervals" style="max-width:100%">'
            "</section>"
        )
    warning_html = "".join(f"<li>{html.escape(w)}</li>" for w in warnings)
    page = (
        _PAGE.replace("%MODELS%", html.escape(", ".join(models)))
        .replace("%WARNINGS%", f'<ul id="warnings">{warning_html}</ul>' if warnings else "")
        .replace("%SECTIONS%", "\n".join(sections))
    )
    path = out_dir / STUDY_FILE
    path.write_text(page, encoding="utf-8")
    return path


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>gralgo study</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:1400px;padding:0 1em;
color:#222}
h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em}h3{font-size:1em;margin:1.2em 0 .3em}
table{border-collapse:collapse;font-size:13px}
th,td{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
th{background:#f4f4f4;cursor:pointer}th:nth-child(-n+3),td:nth-child(-n+3){text-align:left}
th.asc::after{content:" ▲"}th.desc::after{content:" ▼"}
tr.overall td{font-weight:600;background:#f7f9ff}tr[data-significant] td:nth-child(10){
color:#b00020;font-weight:600}
#warnings{color:#a06000;font-weight:600}
.note{color:#555;max-width:70em}
</style></head>
<body>
<h1>Study: %MODELS%</h1>
%WARNINGS%
<p class="note">pass@k and cons@k are means over the instances of the paper split with 95%
bootstrap intervals (instances of one overlap cluster resampled together); beside each, what a
blind guesser scores on the same instances (leave-one-out, from each task and level's other
answers: k draws / the k most common for pass@k, the most common for cons@k; "n too small"
under 5 instances); "hard" is the heuristic-hard split ("absent" without one); z is
the paper's z-score of pass@k over the models on the same task and level. Paired comparisons
use only the instances both models completed: "only A" counts the instances A solves and B does
not (cons@k, a majority vote), McNemar's exact test asks whether the discordant counts differ
by chance, and the pass@k difference comes with a paired bootstrap interval. The page runs
many tests: a p-value is shown with its Holm-corrected value (over the overall rows of a
setting, and separately over its task x level rows), and only a corrected p &lt; 0.05 is in
red; a row with fewer than 10 shared instances says "n too small".</p>
%SECTIONS%
<script>
(function () {
  "use strict";
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("th").forEach(function (th, column) {
      th.addEventListener("click", function () {
        var asc = !th.classList.contains("asc");
        table.querySelectorAll("th").forEach(function (h) { h.classList.remove("asc", "desc"); });
        th.classList.add(asc ? "asc" : "desc");
        var body = table.tBodies[0];
        var rows = Array.from(body.rows);
        function key(row) {
          var td = row.cells[column];
          return td ? (td.dataset.sort !== undefined ? td.dataset.sort : td.textContent) : "";
        }
        function num(s) { return s === "" || s === "–" ? NaN : Number(s); }
        rows.sort(function (a, b) {
          var x = key(a), y = key(b), nx = num(x), ny = num(y);
          var order = !isNaN(nx) && !isNaN(ny) ? nx - ny
            : x.localeCompare(y, undefined, {numeric: true});
          return asc ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
})();
</script>
</body></html>
"""
