"""Algorithm families (paper §2.2, Appendix H.1, Figures 8-10): which kind of algorithm a
response used, and how accurate each kind is.

The families are the paper's taxonomy (§2.1): ``enumeration`` (brute force), ``exploration``
(search: BFS, DFS, backtracking) and ``intuition`` (greedy: Dijkstra, Kruskal, Prim, peeling),
with ``not_stated`` for a response that names no method. The judge reads each response with the
task's family list (each name with its description and the algorithms behind it, from config)
and names one family. The report gives the family ratio per task and the accuracy within each
family, and its notes list the algorithms behind every label; unparsed replies are counted,
never assigned a family.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gralgo.analysis._judge import Judge, JudgeQuery, render_prompt
from gralgo.analysis._judge_window import Cuts, TokenizedText, prompt_budget
from gralgo.analysis._output import AnalysisOutput, add_caption, status_table
from gralgo.analysis._parse import choice_parser
from gralgo.analysis._responses import problem_text, scored_responses
from gralgo.errors import ConfigError

STAGE = "family"
"""The judge stage of this analysis (``analyze.judges.family``)."""

PAPER_ORDER = ("enumeration", "exploration", "intuition", "not_stated")
"""The paper's families (§2.1) in its order, then the answer without a method: figures and
tables list families in this order (others after, by name)."""


@dataclass(frozen=True)
class Family:
    """One family a task's responses may use."""

    description: str
    """What the judge is told the family is."""
    algorithms: tuple[str, ...] = ()
    """The algorithms behind the label for this task (shown to the judge and in the notes)."""

    def shown(self) -> str:
        """The family as the judge's list shows it."""
        if not self.algorithms:
            return self.description
        return f"{self.description} (e.g. {', '.join(self.algorithms)})"


def families_from_config(raw: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Family]]:
    """``analysis.families``: task -> family name -> a description, or a mapping with
    ``description`` and ``algorithms`` (a list of names)."""
    out: dict[str, dict[str, Family]] = {}
    for task, options in raw.items():
        out[str(task)] = {}
        for name, value in options.items():
            key = f"analysis.families.{task}.{name}"
            if isinstance(value, str):
                out[str(task)][str(name)] = Family(value)
                continue
            if not isinstance(value, Mapping) or not isinstance(value.get("description"), str):
                raise ConfigError(f"{key} must be a description or {{description, algorithms}}")
            algorithms = value.get("algorithms") or ()
            if isinstance(algorithms, str) or not all(isinstance(a, str) for a in algorithms):
                raise ConfigError(f"{key}.algorithms must be a list of algorithm names")
            out[str(task)][str(name)] = Family(value["description"], tuple(algorithms))
    return out


def _family(value: Family | str) -> Family:
    return value if isinstance(value, Family) else Family(str(value))


def family_order(names: Sequence[str]) -> list[str]:
    """``names`` in the paper's order (:data:`PAPER_ORDER`), others after by name."""
    known = [n for n in PAPER_ORDER if n in names]
    return known + sorted(set(names) - set(known))


def algorithms_note(
    families: Mapping[str, Mapping[str, Family | str]], tasks: Sequence[str]
) -> str:
    """The algorithms behind each label, per task of ``tasks`` (the table notes)."""
    parts = []
    for task in tasks:
        options = {name: _family(v) for name, v in families.get(task, {}).items()}
        named = [
            f"{name} = {', '.join(f.algorithms)}"
            for name in family_order(list(options))
            if (f := options[name]).algorithms
        ]
        if named:
            parts.append(f"{task}: {'; '.join(named)}")
    if not parts:
        return ""
    return "Algorithms behind each label: " + ". ".join(parts) + "."


def label_families(
    samples: pd.DataFrame,
    judge: Judge,
    *,
    prompt_template: str,
    families: Mapping[str, Mapping[str, Family | str]],
    max_response_tokens: int | None = None,
) -> tuple[pd.DataFrame, dict[str, int]]:
    """One row per response: its task, correctness and the judged family (or its status).

    The judge reads the whole response (the paper's method). It is shortened to its first and
    last tokens only when it would not fit the judge's context window, or beyond the explicit
    ``max_response_tokens``; ``attrs["cuts"]`` counts the shortened responses.
    """
    settings = judge.settings_for(STAGE)
    scored = scored_responses(samples).sort_values("item").reset_index(drop=True)
    missing = sorted(set(scored["task"]) - set(families))
    if missing:
        raise ConfigError(f"analysis.families has no family list for tasks {missing}")
    cuts = Cuts()
    queries, parsers = [], {}
    for _, row in scored.iterrows():
        options = {name: _family(v) for name, v in families[row["task"]].items()}
        values = {
            "problem": problem_text(row),
            "families": "\n".join(f"- {name}: {f.shown()}" for name, f in options.items()),
            "family_names": ", ".join(options),
        }
        text = row["text"]
        budget = prompt_budget(
            settings, render_prompt(prompt_template, response="", **values), max_response_tokens
        )
        if budget is not None:
            text, dropped = TokenizedText.of(text).head_and_tail(budget)
            if dropped:
                cuts.add("responses_shortened")
                cuts.add("response_tokens_dropped", dropped)
        qid = f"family:{row['item']}"
        queries.append(JudgeQuery(qid, render_prompt(prompt_template, response=text, **values)))
        parsers[qid] = choice_parser("family", list(options))
    cuts.add("responses", len(queries))
    if cuts.items.get("responses_shortened"):
        why = (
            f"analysis.max_response_tokens={max_response_tokens} or the judge's window"
            if max_response_tokens is not None
            else f"the judge's context window of {settings.context_tokens} tokens"
        )
        cuts.note(
            f"{cuts.items['responses_shortened']} of {len(queries)} responses were shortened "
            f"to their first and last tokens ({cuts.items['response_tokens_dropped']:,} cl100k "
            f"tokens dropped) to fit {why}."
        )
    else:
        cuts.note(f"All {len(queries)} responses were shown whole.")
    verdicts, report = judge.ask(queries, parsers, STAGE)
    rows = []
    for (_, row), q in zip(scored.iterrows(), queries, strict=True):
        verdict = verdicts[q.id]
        rows.append(
            {
                "item": row["item"],
                "model": row["model"],
                "task": row["task"],
                "taxonomy": row["taxonomy"],
                "correct": bool(row["correct"]),
                "status": verdict.status,
                "family": verdict.value if verdict.status == "ok" else None,
            }
        )
    columns = ["item", "model", "task", "taxonomy", "correct", "status", "family"]
    frame = pd.DataFrame(rows, columns=columns)
    frame.attrs["cuts"] = cuts
    return frame, {**report.counts, "calls": report.calls_made}


def family_table(labelled: pd.DataFrame) -> pd.DataFrame:
    """Per model, task and family: responses, ratio among parsed ones, accuracy within."""
    rows = []
    parsed = labelled[labelled["status"] == "ok"]
    for (model, task), group in parsed.groupby(["model", "task"], sort=True):
        by_family = dict(tuple(group.groupby("family", sort=True)))
        for family in family_order(list(by_family)):
            part = by_family[family]
            rows.append(
                {
                    "model": model,
                    "task": task,
                    "family": family,
                    "responses": len(part),
                    "ratio": len(part) / len(group),
                    "accuracy": float(part["correct"].mean()),
                }
            )
    return pd.DataFrame(rows, columns=["model", "task", "family", "responses", "ratio", "accuracy"])


def plot_families(table: pd.DataFrame, path: Path, caption: str = "") -> Path:
    """Figures 8-10: family ratio per task (stacked), one panel per model."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    models = sorted(table["model"].unique())
    fig, axes = plt.subplots(1, len(models), figsize=(6 * len(models), 4.5), squeeze=False)
    families = family_order(list(table["family"].unique()))
    colours = {"enumeration": "tab:blue", "exploration": "tab:orange", "intuition": "tab:green",
               "not_stated": "tab:gray"}  # fmt: skip
    for ax, model in zip(axes[0], models, strict=True):
        part = table[table["model"] == model].pivot_table(
            index="task", columns="family", values="ratio", fill_value=0.0
        )
        bottom = np.zeros(len(part))
        for family in families:
            values = part[family].to_numpy() if family in part else np.zeros(len(part))
            ax.bar(part.index, values, bottom=bottom, label=family, color=colours.get(family))
            bottom += values
        ax.set_title(f"Algorithm ratio of {model}")
        ax.set_ylim(0, 1.0)
        ax.tick_params(axis="x", rotation=45)
        ax.legend(fontsize=8)
    add_caption(fig, caption)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def run_families(
    samples: pd.DataFrame,
    output: AnalysisOutput,
    *,
    judge: Judge,
    prompt_template: str,
    families: Mapping[str, Mapping[str, Family | str]],
    max_response_tokens: int | None = None,
) -> pd.DataFrame:
    """The whole analysis into ``output``; returns the per-response frame."""
    labelled, counts = label_families(
        samples,
        judge,
        prompt_template=prompt_template,
        families=families,
        max_response_tokens=max_response_tokens,
    )
    if judge.dry_run:
        return labelled
    cuts: Cuts = labelled.attrs["cuts"]
    output.cuts(cuts)
    labelled.to_csv(output.directory / "responses.csv", index=False)
    output.files.append(output.directory / "responses.csv")
    table = family_table(labelled)
    output.table(
        "families",
        table,
        "Algorithm families by model and task",
        "Families as the paper's taxonomy (§2.1): enumeration (brute force), exploration "
        "(search), intuition (greedy); not_stated: no method given. ratio: share of the task's "
        "parsed responses using the family; accuracy: share of those responses that are "
        f"correct. {algorithms_note(families, sorted(set(labelled['task'])))} {cuts.text()}",
    )
    output.text(f"Judge verdicts: {counts}.\n")
    output.table(
        "judge_status",
        status_table(labelled, "status"),
        "Judge verdicts by model, task and taxonomy",
    )
    output.metrics["judge_unparsed"] = float(counts.get("unparsed", 0))
    output.metrics["judge_calls"] = float(counts.get("calls", 0))
    for row in table.to_dict("records"):
        output.metrics[f"ratio.{row['model']}.{row['task']}.{row['family']}"] = row["ratio"]
    if len(table):
        output.figure(plot_families(table, output.directory / "families.png", cuts.text()))
    return labelled
