"""Algorithm families (paper §2.2, Appendix H.1, Figures 8-10): which kind of algorithm a
response used, and how accurate each kind is.

The judge reads each response with the task's family list (names with descriptions and
examples, from config) and names one family. The report gives the family ratio per task and the
accuracy within each family; unparsed replies are counted, never assigned a family.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

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


def label_families(
    samples: pd.DataFrame,
    judge: Judge,
    *,
    prompt_template: str,
    families: Mapping[str, Mapping[str, str]],
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
        options = families[row["task"]]
        values = {
            "problem": problem_text(row),
            "families": "\n".join(f"- {name}: {desc}" for name, desc in options.items()),
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
        for family, part in group.groupby("family", sort=True):
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
    families = sorted(table["family"].unique())
    for ax, model in zip(axes[0], models, strict=True):
        part = table[table["model"] == model].pivot_table(
            index="task", columns="family", values="ratio", fill_value=0.0
        )
        bottom = np.zeros(len(part))
        for family in families:
            values = part[family].to_numpy() if family in part else np.zeros(len(part))
            ax.bar(part.index, values, bottom=bottom, label=family)
            bottom += values
        ax.set_title(str(model))
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
    families: Mapping[str, Mapping[str, str]],
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
        "ratio: share of the task's parsed responses using the family; accuracy: "
        f"share of those responses that are correct. {cuts.text()}",
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
