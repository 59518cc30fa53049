"""The paper's result tables, built from per-instance metrics, as Markdown and CSV.

* :func:`taxonomy_table` — Tables 3 and 5: rows are models; for each level, c@k and p@k per
  taxonomy (Enumeration, Exploration, Intuition) and their average (Avg.).
* :func:`task_table` — Tables 7 and 8: rows are models; one column per task, grouped Easy /
  Medium / Hard (tasks ordered by complexity, then taxonomy, then name); cells "p@k / c@k".
* :func:`outcome_table` — accuracy beside the wrong / no answer / truncated / error shares.
* :func:`guess_baselines` — per task and level, what guessing without solving scores, for
  the metric it stands beside (``gralgo.score._baselines``: leave-one-out, at the job's k):
  ``baseline c@k (majority guess)`` beside every c@k, ``baseline p@k (k draws)`` and
  ``baseline p@k (top-k answers)`` beside every p@k (``n too small`` below 5 instances); and
  a ``best heuristic`` row (column): the most accurate named heuristic of the task on the
  paper split (``gralgo/tasks/_heuristics.py``: greedy clique, double-sweep BFS...) or
  guessing where none beats it, so a reader sees whether a model beats a cheap algorithm, not
  just a constant.
* Scores are of the ``paper`` split; each level's task table is followed by the ``hard``
  split's pass@k / cons@k with its n per task (``absent`` where the job has no hard instance),
  and the outcomes table carries the hard split's columns.

Averaging: a task's value is the mean over its complete instances (incomplete ones — all samples
errored — are left out); a taxonomy cell and Avg. are the unweighted means of their tasks' values
("per-scale averages across tasks"). With equal instance counts per task this equals the mean over
instances. Input tables come from :func:`gralgo.score.instance_metrics` /
:func:`gralgo.score.aggregate` and must hold a single (format, context) — filter first.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gralgo.score import (
    GUESS_COLUMNS,
    GUESS_LABELS,
    GUESS_METRIC,
    HARD,
    MIN_BASELINE_N,
    PAPER,
    TOO_SMALL,
    ScoringInputError,
    guess_scores,
    in_split,
)

TAXONOMIES: tuple[str, ...] = ("enumeration", "exploration", "intuition")
COMPLEXITIES: tuple[str, ...] = ("easy", "medium", "hard")
LEVEL_NODE_RANGES: dict[int, str] = {
    1: "8-15",
    2: "16-30",
    3: "31-50",
    4: "51-80",
    5: "81-120",
    6: "121-160",
}
"""Node-count range of each level (paper, Section 2.3), used in headings."""
AVERAGE = "Avg."
BASELINE = "baseline"
"""What every guessing baseline's label starts with (:data:`GUESS_LABELS`: the metric it
stands beside, then the guesser)."""
HEURISTIC = "best heuristic"
"""Row (and column) label of the heuristic baseline: per task, the better of the most accurate
named heuristic and guessing."""
CONS, PASS = "c@k", "p@k"
MISSING = "–"
ABSENT = "absent"
"""What a hard-split cell shows when the job has no instance of the hard split there."""
GUESS_ROW_METRIC: dict[str, str] = {
    GUESS_LABELS[c]: (PASS if GUESS_METRIC[c] == "pass_at_k" else CONS) for c in GUESS_COLUMNS
}
"""Each guessing baseline's row label -> the one metric column it fills."""


def level_label(level: int) -> str:
    """``Level-3 (31-50 nodes)``; just ``Level-7`` for a level the paper does not define."""
    nodes = LEVEL_NODE_RANGES.get(int(level))
    return f"Level-{level} ({nodes} nodes)" if nodes else f"Level-{level}"


def _check_single_setting(inst: pd.DataFrame) -> None:
    required = [
        "model",
        "task",
        "taxonomy",
        "complexity",
        "level",
        "pass_at_k",
        "cons_at_k",
        "incomplete",
    ]
    missing = [col for col in required if col not in inst.columns]
    if missing:
        raise ScoringInputError(f"the instances table is missing columns {missing}")
    for column in ("format", "context"):
        if column in inst.columns and inst[column].nunique(dropna=False) > 1:
            values = sorted(map(str, inst[column].unique()))
            raise ScoringInputError(
                f"the instances table mixes {column}s {values}; filter it to one {column} first"
            )
    unknown = sorted(set(map(str, inst["taxonomy"])) - set(TAXONOMIES))
    if unknown:
        raise ScoringInputError(f"unknown taxonomy {unknown}; expected one of {TAXONOMIES}")
    unknown = sorted(set(map(str, inst["complexity"])) - set(COMPLEXITIES))
    if unknown:
        raise ScoringInputError(f"unknown complexity {unknown}; expected one of {COMPLEXITIES}")


def task_means(inst: pd.DataFrame, split: str = PAPER) -> pd.DataFrame:
    """Mean pass@k / cons@k per (model, level, taxonomy, complexity, task), complete instances
    of ``split`` (``n`` of them per row)."""
    _check_single_setting(inst)
    done = inst[~inst["incomplete"].astype(bool).to_numpy() & in_split(inst, split)]
    keys = ["model", "level", "taxonomy", "complexity", "task"]
    grouped = done.groupby(keys, sort=True)
    means = grouped[["pass_at_k", "cons_at_k"]].mean()
    means["n"] = grouped.size()
    return means.reset_index()


def ordered_models(inst: pd.DataFrame, model_order: Sequence[str] | None) -> list[str]:
    """Models in ``model_order`` first, then the remaining ones sorted by name."""
    return _ordered(inst["model"].unique(), model_order)


def _ordered(models: Iterable[Any], model_order: Sequence[str] | None) -> list[str]:
    """:func:`ordered_models` of the model names ``models`` (repeats allowed)."""
    present = sorted(set(map(str, models)))
    if model_order is None:
        return present
    return [m for m in model_order if m in present] + [m for m in present if m not in model_order]


def taxonomy_table(
    inst: pd.DataFrame,
    levels: Sequence[int] | None = None,
    model_order: Sequence[str] | None = None,
    means: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Tables 3/5 as numbers: index = models, columns = (level, taxonomy or Avg., c@k / p@k).

    ``levels`` defaults to the levels present; a missing cell is ``NaN``. ``means`` is
    ``task_means(inst)`` when the caller has it.
    """
    means = task_means(inst) if means is None else means
    levels = sorted(int(v) for v in means["level"].unique()) if levels is None else list(levels)
    models = ordered_models(inst, model_order)
    groups = [t.capitalize() for t in TAXONOMIES] + [AVERAGE]
    columns = pd.MultiIndex.from_tuples(
        [(level, group, metric) for level in levels for group in groups for metric in (CONS, PASS)],
        names=["level", "taxonomy", "metric"],
    )
    cells = _Cells(models, columns)
    by_taxonomy = means.groupby(["model", "level", "taxonomy"])[["cons_at_k", "pass_at_k"]].mean()
    by_level = means.groupby(["model", "level"])[["cons_at_k", "pass_at_k"]].mean()
    for (model, level, taxonomy), cons, pass_ in by_taxonomy.itertuples():
        if level in levels:
            cells.set(model, (level, taxonomy.capitalize(), CONS), cons)
            cells.set(model, (level, taxonomy.capitalize(), PASS), pass_)
    for (model, level), cons, pass_ in by_level.itertuples():
        if level in levels:
            cells.set(model, (level, AVERAGE, CONS), cons)
            cells.set(model, (level, AVERAGE, PASS), pass_)
    return cells.frame()


class _Cells:
    """A float table (``NaN`` where unset) filled cell by cell: ``.loc`` per cell is slow."""

    def __init__(self, rows: Sequence[str], columns: pd.MultiIndex) -> None:
        self.rows, self.columns = {r: i for i, r in enumerate(rows)}, columns
        self.where = {c: i for i, c in enumerate(columns)}
        self.values = np.full((len(rows), len(columns)), math.nan)
        self.index = pd.Index(list(rows), name="model")

    def set(self, row: str, column: tuple[Any, ...], value: float) -> None:
        self.values[self.rows[row], self.where[column]] = value

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.values, index=self.index, columns=self.columns)


def task_table(
    inst: pd.DataFrame,
    level: int,
    model_order: Sequence[str] | None = None,
    means: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Tables 7/8 as numbers for one level: columns = (complexity, task, p@k / c@k);
    ``means`` is ``task_means(inst)`` when the caller has it."""
    means = task_means(inst) if means is None else means
    fields = ("model", "level", "complexity", "taxonomy", "task", "pass_at_k", "cons_at_k")
    rows = [
        row for row in zip(*(means[f].tolist() for f in fields), strict=True) if row[1] == level
    ]
    if not rows:
        raise ScoringInputError(f"no complete instances at level {level}")
    tasks = sorted(
        dict.fromkeys(
            (complexity, taxonomy, task) for _, _, complexity, taxonomy, task, _, _ in rows
        ),
        key=lambda t: (COMPLEXITIES.index(t[0]), TAXONOMIES.index(t[1]), t[2]),
    )
    columns = pd.MultiIndex.from_tuples(
        [(complexity.capitalize(), task, metric) for complexity, _, task in tasks
         for metric in (PASS, CONS)],
        names=["complexity", "task", "metric"],
    )  # fmt: skip
    cells = _Cells(_ordered([row[0] for row in rows], model_order), columns)
    for model, _, complexity, _, task, pass_, cons in rows:
        group = complexity.capitalize()
        cells.set(model, (group, task, PASS), pass_)
        cells.set(model, (group, task, CONS), cons)
    return cells.frame()


HARD_OUTCOMES: dict[str, str] = {
    "hard_n_instances": "hard n",
    "hard_pass_at_k": f"hard {PASS}",
    "hard_cons_at_k": f"hard {CONS}",
    "hard_accuracy": "hard accuracy",
}
"""The hard split's columns of an ``aggregate`` table -> their outcome-table headers."""


def outcome_table(agg: pd.DataFrame) -> pd.DataFrame:
    """Accuracy (with its interval) beside the outcome shares, from :func:`aggregate` output,
    with the guessing baselines of the same instances and the hard split (``hard n`` reads
    ``absent`` where there is no hard instance) when ``agg`` has them.

    Shares of wrong / no answer / truncated are of the successful samples (they sum to 1 with
    the correct share); the error share is of all samples.
    """
    keys = [col for col in ("model", "task", "level") if col in agg.columns]
    needed = [
        "accuracy",
        "accuracy_lo",
        "accuracy_hi",
        "pass_at_k",
        "cons_at_k",
        "share_wrong",
        "share_no_answer",
        "share_truncated",
        "share_error",
        "n_instances",
        "n_incomplete",
    ]
    missing = [col for col in needed if col not in agg.columns]
    if missing:
        raise ScoringInputError(f"the aggregate table is missing columns {missing}")
    optional = [c for c in (*GUESS_COLUMNS, *HARD_OUTCOMES) if c in agg.columns]
    table = agg[keys + needed + optional].sort_values(keys, kind="stable").reset_index(drop=True)
    if "hard_n_instances" in table.columns:  # no hard instance: absent, not 0
        none = table["hard_n_instances"].fillna(0) == 0
        table["hard_n_instances"] = table["hard_n_instances"].astype(object).where(~none, ABSENT)
    return table.rename(
        columns={
            **GUESS_LABELS,
            **HARD_OUTCOMES,
            "pass_at_k": PASS,
            "cons_at_k": CONS,
            "share_wrong": "wrong",
            "share_no_answer": "no answer",
            "share_truncated": "truncated",
            "share_error": "error",
            "accuracy_lo": "accuracy 95% lo",
            "accuracy_hi": "accuracy 95% hi",
            "n_instances": "instances",
            "n_incomplete": "incomplete",
        }
    )


def guess_baselines(inst: pd.DataFrame) -> pd.DataFrame:
    """Per (level, taxonomy, complexity, task): what guessing without solving scores.

    Over the distinct instances of the ``paper`` split: ``instances`` (n); ``constant``, the
    most common expected answer (ties to the smallest); the guessing baselines of
    :mod:`gralgo.score._baselines` (:data:`GUESS_COLUMNS`, leave-one-out at the table's k,
    ``NaN`` below :data:`MIN_BASELINE_N` instances), each under its row label
    (:data:`GUESS_LABELS`); ``random_node``, the mean of 1 / node count for node answers (needs
    the ``answer_kind`` and ``n_nodes`` columns; NaN otherwise). With a ``heuristics`` column
    (JSON credits per instance, from the dataset), ``heuristic`` names the most accurate named
    heuristic, ``heuristic_accuracy`` is its accuracy and ``best heuristic`` the best of it,
    the majority guess and the random node (else NaN/empty). Empty when the table has no
    ``expected_answer`` column or no paper-split instance.
    """
    keys = ["level", "taxonomy", "complexity", "task"]
    labels = [GUESS_LABELS[c] for c in GUESS_COLUMNS]
    columns = [*keys, "instances", "constant", *labels, "random_node"]
    columns += ["heuristic", "heuristic_accuracy", HEURISTIC]
    if "expected_answer" not in inst.columns or inst.empty:
        return pd.DataFrame(columns=columns)
    if not set(GUESS_COLUMNS) <= set(inst.columns):  # an instances table from before
        k = int(inst["k"].iloc[0]) if "k" in inst.columns else 1
        inst = inst.assign(**guess_scores(inst, k))
    paper = inst[in_split(inst, PAPER)]
    if paper.empty:
        return pd.DataFrame(columns=columns)
    distinct = paper.drop_duplicates(["task", "level", "instance_id"])
    groups = distinct.groupby(keys, sort=True).indices  # one grouping, plain lists per group
    expected = distinct["expected_answer"].astype(str).tolist()
    guesses = distinct[list(GUESS_COLUMNS)].to_numpy(dtype=float)
    kinds = distinct["answer_kind"].tolist() if "answer_kind" in distinct.columns else None
    has_nodes = kinds is not None and "n_nodes" in distinct.columns
    nodes = distinct["n_nodes"].to_numpy(dtype=float) if has_nodes else None
    credits = distinct["heuristics"].tolist() if "heuristics" in distinct.columns else None
    rows = []
    for key in sorted(groups):
        positions = groups[key].tolist()
        counts: dict[str, int] = {}
        for answer in (expected[i] for i in positions):
            if isinstance(answer, str):  # a missing answer (NaN) is not counted
                counts[answer] = counts.get(answer, 0) + 1
        top = max(counts.values())
        constant = min(a for a, n in counts.items() if n == top)
        random_node = math.nan
        if nodes is not None and kinds is not None and all(kinds[i] == "node" for i in positions):
            with np.errstate(divide="ignore"):  # a 0-node graph: inf, as pandas gives
                random_node = _mean(1.0 / nodes[positions])
        cell = guesses[positions].mean(axis=0)  # NaN when the cell is too small
        guessing = [v for v in (cell[GUESS_COLUMNS.index("guess_cons")], random_node)
                    if not math.isnan(v)]  # fmt: skip
        name, accuracy = _best_heuristic(
            None if credits is None else [credits[i] for i in positions]
        )
        with_heuristic = math.nan if not name else max([accuracy, *guessing])
        rows.append(
            [*map(_plain, key), len(positions), constant, *cell.tolist(), random_node, name]
            + [accuracy, with_heuristic]
        )
    return pd.DataFrame(rows, columns=columns)


def _mean(values: np.ndarray) -> float:
    """``Series.mean()`` of float ``values`` (NaN skipped; NaN when none is left), as numpy
    computes it: the same sum, so the same bits."""
    missing = np.isnan(values)
    return (
        math.nan if missing.all() else float(np.nanmean(values) if missing.any() else values.mean())
    )


def _plain(value: Any) -> Any:
    """A numpy scalar (a group key) as the Python scalar it holds."""
    return value.item() if isinstance(value, np.generic) else value


def _best_heuristic(credits: Sequence[Any] | None) -> tuple[str, float]:
    """The most accurate named heuristic over a group's instances (ties: the first name);
    ``credits``: the group's ``heuristics`` values (JSON texts), ``None`` without the column."""
    if credits is None:
        return "", math.nan
    texts = [t for t in credits if isinstance(t, str)]
    if len(texts) != len(credits):
        return "", math.nan  # some instance has no credits (an older dataset): no baseline
    totals: dict[str, float] = {}
    for text in texts:
        for name, credit in json.loads(text).items():
            totals[name] = totals.get(name, 0.0) + float(credit)
    if not totals:
        return "", math.nan
    name = min(totals, key=lambda h: (-totals[h], h))
    return name, totals[name] / len(credits)


def _baseline_labels(guesses: pd.DataFrame) -> list[str]:
    """The rows a table gets: every guessing baseline, then ``best heuristic`` when known."""
    labels = [GUESS_LABELS[c] for c in GUESS_COLUMNS if GUESS_LABELS[c] in guesses.columns]
    if HEURISTIC in guesses.columns and guesses[HEURISTIC].notna().any():
        labels.append(HEURISTIC)
    return labels


def _row_metrics(label: str) -> tuple[str, ...]:
    """The metric columns a baseline row fills: its own metric; both for ``best heuristic``
    (one answer per instance: as good for a vote as for k tries)."""
    metric = GUESS_ROW_METRIC.get(label)
    return (PASS, CONS) if metric is None else (metric,)


def _mean_all(values: pd.Series) -> float:
    """The mean, ``NaN`` when any value is (a task without a baseline leaves none)."""
    return float(np.mean(values.to_numpy(dtype=float)))


def with_taxonomy_baseline(table: pd.DataFrame, guesses: pd.DataFrame) -> pd.DataFrame:
    """Tables 3/5 plus a row per guessing baseline (each in its own metric's columns) and a
    ``best heuristic`` row when the instances carry heuristic credits, averaged over tasks
    exactly like a model's cells (a cell with a task too small for a baseline has none)."""
    if guesses.empty:
        return table
    levels = set(table.columns.get_level_values("level"))
    rows = _baseline_labels(guesses)
    if HEURISTIC in rows and guesses[HEURISTIC].isna().any():
        rows.remove(HEURISTIC)
    where = {column: i for i, column in enumerate(table.columns)}  # every taxonomy and level
    added = []
    for row in rows:
        values = np.full(len(table.columns), math.nan)
        by_taxonomy = guesses.groupby(["level", "taxonomy"])[row].agg(_mean_all)
        for (level, taxonomy), value in by_taxonomy.items():
            if level in levels:
                for metric in _row_metrics(row):
                    values[where[(level, taxonomy.capitalize(), metric)]] = value
        for level, value in guesses.groupby("level")[row].agg(_mean_all).items():
            if level in levels:
                for metric in _row_metrics(row):
                    values[where[(level, AVERAGE, metric)]] = value
        added.append(values)
    out = _with_rows(table, rows, added)
    return _mark_too_small(out, rows, added, _filled(guesses, levels, where, by_level=True))


def _filled(
    guesses: pd.DataFrame, levels: set[Any], where: Mapping[Any, int], by_level: bool
) -> set[int]:
    """The positions of the columns some task's baseline fills (Tables 3/5 when ``by_level``:
    its taxonomy's and the level's average; else Tables 7/8: its own)."""
    filled = set()
    cells = zip(guesses["level"], guesses["taxonomy"], guesses["complexity"], guesses["task"],
                strict=True)  # fmt: skip
    for level, taxonomy, complexity, task in cells:
        if by_level and level not in levels:
            continue
        groups = (
            ((level, taxonomy.capitalize()), (level, AVERAGE))
            if by_level
            else ((complexity.capitalize(), task),)
        )
        for group in groups:
            for metric in (PASS, CONS):
                if (*group, metric) in where:
                    filled.add(where[(*group, metric)])
    return filled


def _mark_too_small(
    table: pd.DataFrame, labels: Sequence[str], rows: Sequence[np.ndarray], filled: set[int]
) -> pd.DataFrame:
    """Record in ``table.attrs`` the cells of guessing rows that a task should fill but has no
    value for (a cell too small for a baseline): the Markdown writes ``n too small`` there."""
    marks = {}
    for label, values in zip(labels, rows, strict=True):
        if label in GUESS_ROW_METRIC:
            marks[label] = {j for j in filled if math.isnan(values[j])}
    table.attrs[TOO_SMALL] = marks
    return table


def with_task_baseline(table: pd.DataFrame, guesses: pd.DataFrame, level: int) -> pd.DataFrame:
    """Tables 7/8 of one level plus the guessing baseline rows (and ``best heuristic``)."""
    part = guesses[guesses["level"] == level] if not guesses.empty else guesses
    if part.empty:
        return table
    pairs = set(table.columns.droplevel("metric"))
    labels = _baseline_labels(part)
    where = {column: i for i, column in enumerate(table.columns)}
    names = ["complexity", "task", *labels]
    records = list(zip(*(part[name].tolist() for name in names), strict=True))
    added = []
    for j, label in enumerate(labels, start=2):
        values = np.full(len(table.columns), math.nan)
        for row in records:
            group, task = row[0].capitalize(), row[1]
            if (group, task) in pairs:
                for metric in _row_metrics(label):
                    values[where[(group, task, metric)]] = row[j]
        added.append(values)
    filled = _filled(part[part["task"].isin({t for _, t in pairs})], set(), where, by_level=False)
    return _mark_too_small(_with_rows(table, labels, added), labels, added, filled)


def _with_rows(
    table: pd.DataFrame, labels: Sequence[str], rows: Sequence[np.ndarray]
) -> pd.DataFrame:
    """``table`` (floats) with a row of ``rows`` appended per label: what ``out.loc[label] =
    values`` gives, row after row, built in one go (``.loc`` enlarging a frame copies it)."""
    if any(label in table.index for label in labels):  # a model named like a baseline row
        out = table.copy()
        for label, values in zip(labels, rows, strict=True):
            out.loc[label] = values
        return out
    index = pd.Index([*table.index, *labels], name=table.index.name)
    values = np.vstack([table.to_numpy(dtype=float), *rows])
    return pd.DataFrame(values, index=index, columns=table.columns)


FEW_BASELINE_INSTANCES = 10
"""Below this many instances a baseline is flagged as close to trivial."""


def baseline_note(guesses: pd.DataFrame, level: int | None = None) -> str:
    """The lines under a table with baseline rows: what each guesses, and on how many
    instances it was computed (``n``), flagged when few (one instance makes any baseline 0 or
    1; below :data:`MIN_BASELINE_N` there is none: ``n too small``)."""
    part = guesses if level is None or guesses.empty else guesses[guesses["level"] == level]
    if part.empty:
        return ""
    counts = sorted(set(int(n) for n in part["instances"]))
    n = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    line = (
        f"\n`{BASELINE} …` rows: guessing without solving, from the task and level's "
        "distribution of expected answers, leave-one-out (each instance guessed from the other "
        "instances' answers); `c@k (majority guess)`: the most common answer, beside c@k; "
        "`p@k (k draws)`: k independent draws from that distribution and `p@k (top-k answers)`:"
        " the k most common answers, beside p@k (paper split"
        f", n = {n} instances per task and level"
    )
    if counts[0] < MIN_BASELINE_N:
        line += f"; `{TOO_SMALL}` where n < {MIN_BASELINE_N}"
    line += ")"
    if counts[0] < FEW_BASELINE_INSTANCES:
        line += (f" — fewer than {FEW_BASELINE_INSTANCES}: any baseline is close to trivial "
                 "(with one instance it is 0 or 1); compare on more instances")  # fmt: skip
    return line + ".\n"


def _cell(value: object, digits: int) -> str:
    if isinstance(value, float):
        return MISSING if math.isnan(value) else f"{value:.{digits}f}"
    return str(value)


def _row_cell(label: str, metric: str, value: object, too_small: bool) -> object:
    """A baseline row's cell: ``n too small`` where ``too_small`` (its task(s) too small for a
    baseline), nothing in the other metric's column; any other row's cell as it is."""
    own = GUESS_ROW_METRIC.get(label)
    if own is None:
        return value
    if metric != own:
        return ""
    return TOO_SMALL if too_small else value


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[object]], digits: int = 2) -> str:
    """A GitHub-flavoured Markdown table; floats with ``digits`` decimals, ``NaN`` as ``–``."""

    def line(cells: Sequence[object]) -> str:
        return "| " + " | ".join(_cell(c, digits).replace("|", "\\|") for c in cells) + " |"

    separator = "|" + "|".join("---" for _ in header) + "|"
    return "\n".join([line(header), separator, *(line(row) for row in rows)]) + "\n"


def taxonomy_markdown(table: pd.DataFrame, digits: int = 2) -> str:
    """Tables 3/5 in Markdown: a section per level; columns ``Enumeration c@k`` ... ``Avg. p@k``."""
    sections = []
    for level in table.columns.get_level_values("level").unique():
        part = table[level]
        header = ["Model", *(f"{group} {metric}" for group, metric in part.columns)]
        metrics = [metric for _, metric in part.columns]
        at = [table.columns.get_loc((level, *column)) for column in part.columns]
        marks = table.attrs.get(TOO_SMALL, {})
        rows = [
            [model, *(_row_cell(str(model), m, v, j in marks.get(str(model), ()))
                      for m, v, j in zip(metrics, values, at, strict=True))]
            for model, values in zip(part.index, part.to_numpy().tolist(), strict=True)
        ]  # fmt: skip
        sections.append(f"### {level_label(level)}\n\n" + markdown_table(header, rows, digits))
    return "\n".join(sections)


def task_markdown(
    table: pd.DataFrame, level: int, digits: int = 2, task_labels: Mapping[str, str] | None = None
) -> str:
    """Tables 7/8 in Markdown; each cell ``p@k / c@k``; headers ``Easy: <task>``."""
    labels = dict(task_labels or {})
    pairs = table.columns.droplevel("metric").unique()
    header = ["Model", *(f"{group}: {labels.get(task, task)}" for group, task in pairs)]
    where = {column: i for i, column in enumerate(table.columns)}
    rows = []
    for model, values in zip(table.index, table.to_numpy(), strict=True):
        own = GUESS_ROW_METRIC.get(str(model))
        marks = table.attrs.get(TOO_SMALL, {}).get(str(model), set())
        if own is not None:  # a guessing baseline fills its own metric only
            cells = [_cell(_row_cell(str(model), own, float(values[where[(g, t, own)]]),
                                     where[(g, t, own)] in marks), digits) + f" ({own})"
                     for g, t in pairs]  # fmt: skip
        else:
            cells = [
                f"{_cell(values[where[(g, t, PASS)]], digits)} / "
                f"{_cell(values[where[(g, t, CONS)]], digits)}"
                for g, t in pairs
            ]
        rows.append([model, *cells])
    return f"### {level_label(level)}: pass@k / cons@k\n\n" + markdown_table(header, rows, digits)


def hard_split_markdown(
    inst: pd.DataFrame,
    level: int,
    model_order: Sequence[str] | None = None,
    digits: int = 2,
    task_labels: Mapping[str, str] | None = None,
) -> str:
    """The ``hard`` split at one level: per model and task ``p@k / c@k (n = N)`` over its
    complete hard instances; ``absent`` where the job has none (not 0)."""
    level_rows = inst[inst["level"] == level]
    if level_rows.empty:
        return ""
    # No hard instance at this level (a paper-split dataset): every cell is absent, with no
    # grouping of an empty selection (~10 ms of pandas per level).
    means = task_means(level_rows, split=HARD) if in_split(level_rows, HARD).any() else None
    tasks = sorted(
        dict.fromkeys(
            zip(level_rows["complexity"], level_rows["taxonomy"], level_rows["task"], strict=True)
        ),
        key=lambda t: (COMPLEXITIES.index(t[0]), TAXONOMIES.index(t[1]), t[2]),
    )
    labels = dict(task_labels or {})
    header = ["Model", *(f"{c.capitalize()}: {labels.get(t, t)}" for c, _, t in tasks)]
    found = {} if means is None else {(str(r.model), str(r.task)): r for r in means.itertuples()}
    rows = []
    for model in ordered_models(level_rows, model_order):
        cells = []
        for _, _, task in tasks:
            r = found.get((model, task))
            cells.append(ABSENT if r is None else f"{_cell(float(r.pass_at_k), digits)} / "
                         f"{_cell(float(r.cons_at_k), digits)} (n = {int(r.n)})")  # fmt: skip
        rows.append([model, *cells])
    return (
        f"\n### {level_label(level)}: hard split (no heuristic of the suite solves it), "
        "pass@k / cons@k (n)\n\n" + markdown_table(header, rows, digits)
    )


def _flat(table: pd.DataFrame, prefix: str = "") -> pd.DataFrame:
    """One CSV header row: ``Level-3 Enumeration c@k`` / ``Easy max_degree p@k``."""
    flat = table.copy()
    flat.columns = [prefix + " ".join(str(part) for part in col) for col in table.columns]
    return flat.reset_index()


def write_tables(
    inst: pd.DataFrame,
    agg: pd.DataFrame,
    out_dir: str | Path,
    *,
    model_order: Sequence[str] | None = None,
    task_labels: Mapping[str, str] | None = None,
    guesses: pd.DataFrame | None = None,
) -> list[Path]:
    """Write every table as ``.md`` and ``.csv`` under ``out_dir``; return the written paths.

    ``inst`` comes from ``instance_metrics``; ``agg`` from ``aggregate(inst, by=["model",
    "task", "level"])``; ``guesses`` is ``guess_baselines(inst)`` when the caller has it
    (computed here otherwise). Files: ``taxonomy_by_level`` (Tables 3/5), ``tasks_level<L>``
    (Tables 7/8, one per level present) and ``outcomes``.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(stem: str, markdown: str, frame: pd.DataFrame) -> None:
        (out / f"{stem}.md").write_text(markdown, encoding="utf-8")
        frame.to_csv(out / f"{stem}.csv", index=False, float_format="%.6g")
        written.extend([out / f"{stem}.md", out / f"{stem}.csv"])

    guesses = guess_baselines(inst) if guesses is None else guesses
    means = task_means(inst)  # once for every table
    taxonomy = taxonomy_table(inst, model_order=model_order, means=means)
    levels = sorted(int(v) for v in taxonomy.columns.get_level_values("level").unique())
    taxonomy = with_taxonomy_baseline(taxonomy, guesses)
    save(
        "taxonomy_by_level",
        taxonomy_markdown(taxonomy) + baseline_note(guesses),
        _flat(taxonomy, prefix="Level-"),
    )
    for level in levels:
        table = task_table(inst, level, model_order=model_order, means=means)
        table = with_task_baseline(table, guesses, level)
        save(
            f"tasks_level{level}",
            task_markdown(table, level, task_labels=task_labels) + baseline_note(guesses, level)
            + hard_split_markdown(inst, level, model_order, task_labels=task_labels),
            _flat(table),
        )  # fmt: skip
    outcomes = outcome_table(agg)
    if not guesses.empty and {"task", "level"} <= set(outcomes.columns):
        extra = ["heuristic", HEURISTIC] if guesses[HEURISTIC].notna().any() else []
        outcomes = outcomes.merge(
            guesses[["task", "level", *extra, "instances"]].rename(
                columns={"instances": f"{BASELINE} n"}),
            on=["task", "level"], how="left",
        )  # fmt: skip
    shown = outcomes.copy()
    for label in GUESS_LABELS.values():
        if label in shown.columns:
            shown[label] = [TOO_SMALL if v != v else v for v in shown[label].astype(float)]
    save(
        "outcomes",
        "### Outcomes by model, task and level (paper split; hard split beside it)\n\n"
        + markdown_table(list(shown.columns), shown.to_numpy().tolist()),
        outcomes,
    )
    return written
