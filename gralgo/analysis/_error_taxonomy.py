"""Error taxonomy (paper §3.1, Figure 4, Appendix F.2) of wrong responses.

Each wrong response is split at blank lines into paragraphs shown as ``<i>``; judge 1 regroups
them into sections ``(start, end, summary)`` (validated: in order, covering, in range); judge 2
labels each section with zero or more F.2 sub-types, which map to the four classes. The report
gives the class distribution per model × taxonomy and per level, a stacked bar chart like
Figure 4, and a review sheet of labelled sections for humans; Cohen's kappa between the judge
and a filled-in sheet is computed when it is passed back.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from gralgo.analysis._judge import Judge, JudgeQuery, JudgeReport, render_prompt
from gralgo.analysis._judge_window import Cuts, fits, prompt_budget
from gralgo.analysis._output import AnalysisOutput, add_caption, status_table
from gralgo.analysis._parse import Section, labels_parser, sections_parser
from gralgo.analysis._responses import AnalysisInputError, problem_text, scored_responses
from gralgo.analysis._text_split import split_paragraphs
from gralgo.formats import count_tokens

DEFAULT_CLASSES: dict[str, tuple[str, ...]] = {
    "algorithm_selection": ("incorrect_algorithm", "suboptimal_algorithm"),
    "algorithm_execution": ("state_update_error", "missing_elements", "condition_misjudgment"),
    "output_quality": ("redundancy",),
    "information": ("graph_memorization_error",),
}
"""F.2: the four classes and their sub-types (the labels judge 2 may use)."""

SECTION_STAGE, CLASSIFY_STAGE = "section", "classify"
"""The two judge stages (``analyze.judges.section`` / ``.classify``; the paper used
Qwen2.5-72B to section and o3-mini to classify)."""

DEFAULT_OUTCOMES = ("wrong",)
"""Outcomes analysed: responses whose final answer is incorrect (paper §3.1)."""


def subtype_classes(classes: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Sub-type -> class; a sub-type listed under two classes is a config error."""
    out: dict[str, str] = {}
    for cls, subtypes in classes.items():
        for subtype in subtypes:
            if subtype in out:
                raise ValueError(
                    f"error sub-type {subtype!r} is listed under {out[subtype]!r} "
                    f"and {cls!r} (analysis.classes)"
                )
            out[subtype] = cls
    return out


def tagged_paragraphs(texts: Sequence[str]) -> str:
    return "\n\n".join(f"<{i}> {text}" for i, text in enumerate(texts))


def label_sections(
    samples: pd.DataFrame,
    judge: Judge,
    *,
    sections_prompt: str,
    labels_prompt: str,
    classes: Mapping[str, Sequence[str]] = DEFAULT_CLASSES,
    max_per_task: int | None = None,
    outcomes: Sequence[str] = DEFAULT_OUTCOMES,
) -> tuple[pd.DataFrame, pd.DataFrame, list[JudgeReport]]:
    """Judge the responses with ``outcomes``: (one row per response, one row per section,
    judge reports). ``responses.attrs["cuts"]`` counts the responses left out by outcome, by
    ``max_per_task`` and for not fitting the sectioning judge's window."""
    mapping = subtype_classes(classes)
    scored = scored_responses(samples)
    cuts = Cuts()
    outcome = scored["outcome"].astype(str)
    excluded = outcome[~outcome.isin(list(outcomes))].value_counts().sort_index()
    for name, count in excluded.items():
        cuts.add(f"excluded_outcome_{name}", int(count))
    chosen = scored[outcome.isin(list(outcomes))].sort_values("item")
    cuts.note(
        f"Responses analysed: {len(chosen)} of {len(scored)} with outcome in "
        f"{list(outcomes)} (analysis.outcomes)"
        + (
            "; left out: " + ", ".join(f"{int(c)} {n}" for n, c in excluded.items())
            if len(excluded)
            else ""
        )
        + "."
    )
    if max_per_task is not None:
        before = len(chosen)
        chosen = chosen.groupby(["model", "task"], sort=True).head(max_per_task)
        cuts.add("excluded_by_max_per_task", before - len(chosen))
        cuts.note(
            f"{before - len(chosen)} more left out by "
            f"analysis.max_responses_per_task={max_per_task}."
        )
    wrong = chosen.reset_index(drop=True)
    paragraphs = {
        row["item"]: [p.text for p in split_paragraphs(row["text"])] for _, row in wrong.iterrows()
    }
    section_settings = judge.settings_for(SECTION_STAGE)
    queries, parsers = [], {}
    too_long = 0
    for _, row in wrong.iterrows():
        texts = paragraphs[row["item"]]
        if not texts:
            continue
        values = {"problem": problem_text(row), "last_index": len(texts) - 1}
        tagged = tagged_paragraphs(texts)
        budget = prompt_budget(
            section_settings, render_prompt(sections_prompt, paragraphs="", **values)
        )
        if not fits(tagged, budget):
            too_long += 1  # sections must cover every paragraph: a cut response cannot be used
            continue
        qid = f"sections:{row['item']}"
        queries.append(JudgeQuery(qid, render_prompt(sections_prompt, paragraphs=tagged, **values)))
        parsers[qid] = sections_parser(len(texts))
    if too_long:
        cuts.add("excluded_too_long", too_long)
        cuts.note(
            f"{too_long} responses do not fit the sectioning judge's context window "
            f"({section_settings.context_tokens} tokens) and are left out (sections must "
            "cover every paragraph, so they are not shortened)."
        )
    first, report1 = judge.ask(queries, parsers, SECTION_STAGE)
    label_queries, where = [], {}
    pending_sections, pending_tokens = 0, 0
    for _, row in wrong.iterrows():
        verdict = first.get(f"sections:{row['item']}")
        if verdict is None:
            continue
        texts = paragraphs[row["item"]]
        if verdict.status == "pending":
            if not judge.dry_run:
                continue  # a batch still running: its labels are asked on a later run
            # A dry run: every paragraph may become its own section (the fan-out's cap), each
            # shown with the outline (<= the sectioning reply) and its own text.
            fixed = render_prompt(
                labels_prompt,
                problem=problem_text(row),
                expected=row["expected"],
                outline="",
                start=0,
                end=0,
                section="",
            )
            pending_sections += len(texts)
            pending_tokens += len(texts) * (
                count_tokens(fixed) + section_settings.sampling.max_tokens
            ) + sum(count_tokens(t) for t in texts)
            continue
        if verdict.status != "ok":
            continue
        sections: list[Section] = verdict.value
        outline = "\n".join(f"[{s.start}-{s.end}] {s.summary}" for s in sections)
        for number, section in enumerate(sections):
            qid = f"labels:{row['item']}:{number}"
            label_queries.append(
                JudgeQuery(
                    qid,
                    render_prompt(
                        labels_prompt,
                        problem=problem_text(row),
                        expected=row["expected"],
                        outline=outline,
                        start=section.start,
                        end=section.end,
                        section="\n\n".join(texts[section.start : section.end + 1]),
                    ),
                )
            )
            where[qid] = (row, number, section)
    if pending_sections:
        judge.expect(CLASSIFY_STAGE, pending_sections, pending_tokens)
    second, report2 = judge.ask(label_queries, labels_parser(sorted(mapping)), CLASSIFY_STAGE)
    responses = pd.DataFrame(
        [
            {
                "item": row["item"],
                "model": row["model"],
                "task": row["task"],
                "taxonomy": row["taxonomy"],
                "level": int(row["level"]),
                "paragraphs": len(paragraphs[row["item"]]),
                "sections_status": (
                    first[f"sections:{row['item']}"].status
                    if f"sections:{row['item']}" in first
                    else ("empty" if not paragraphs[row["item"]] else "too_long")
                ),
            }
            for _, row in wrong.iterrows()
        ],
        columns=["item", "model", "task", "taxonomy", "level", "paragraphs", "sections_status"],
    )
    responses.attrs["cuts"] = cuts
    section_rows = []
    for q in label_queries:
        row, number, section = where[q.id]
        verdict = second[q.id]
        labels = verdict.value if verdict.status == "ok" else ()
        section_rows.append(
            {
                "item": row["item"],
                "model": row["model"],
                "task": row["task"],
                "taxonomy": row["taxonomy"],
                "level": int(row["level"]),
                "section": number,
                "start": section.start,
                "end": section.end,
                "summary": section.summary,
                "labels_status": verdict.status,
                "labels": ";".join(labels),
                "classes": ";".join(sorted({mapping[label] for label in labels})),
            }
        )
    columns = [
        "item",
        "model",
        "task",
        "taxonomy",
        "level",
        "section",
        "start",
        "end",
        "summary",
        "labels_status",
        "labels",
        "classes",
    ]
    return responses, pd.DataFrame(section_rows, columns=columns), [report1, report2]


def class_distribution(
    sections: pd.DataFrame, by: Sequence[str], classes: Sequence[str]
) -> pd.DataFrame:
    """Share of each class among all class assignments of the group's labelled sections."""
    columns = [*by, "sections", *classes]
    if sections.empty:
        return pd.DataFrame(columns=columns)
    labelled = sections[sections["labels_status"] == "ok"]
    rows = []
    for key, group in labelled.groupby(list(by), sort=True):
        values = key if isinstance(key, tuple) else (key,)
        counts = {cls: 0 for cls in classes}
        for text in group["classes"]:
            for cls in filter(None, str(text).split(";")):
                counts[cls] += 1
        total = sum(counts.values())
        rows.append(
            {
                **dict(zip(by, values, strict=True)),
                "sections": len(group),
                **{cls: (counts[cls] / total if total else np.nan) for cls in classes},
            }
        )
    return pd.DataFrame(rows, columns=columns)


def subtype_distribution(
    sections: pd.DataFrame, by: Sequence[str], classes: Mapping[str, Sequence[str]]
) -> pd.DataFrame:
    """Per group and sub-type (F.2): its class, its count among the group's parsed sections'
    labels, its share of all labels and of its class's labels (e.g. State Update within
    Algorithm Execution)."""
    mapping = subtype_classes(classes)
    columns = [*by, "class", "subtype", "labels", "share", "share_of_class"]
    labelled = sections[sections["labels_status"] == "ok"] if len(sections) else sections
    rows = []
    for key, group in labelled.groupby(list(by), sort=True) if len(labelled) else []:
        values = key if isinstance(key, tuple) else (key,)
        counts = {subtype: 0 for subtype in mapping}
        for text in group["labels"]:
            for label in filter(None, str(text).split(";")):
                counts[label] += 1
        total = sum(counts.values())
        by_class = {cls: sum(counts[t] for t in subtypes) for cls, subtypes in classes.items()}
        for cls, subtypes in classes.items():
            for subtype in subtypes:
                rows.append(
                    {
                        **dict(zip(by, values, strict=True)),
                        "class": cls,
                        "subtype": subtype,
                        "labels": counts[subtype],
                        "share": counts[subtype] / total if total else np.nan,
                        "share_of_class": counts[subtype] / by_class[cls]
                        if by_class[cls]
                        else np.nan,
                    }
                )
    return pd.DataFrame(rows, columns=columns)


def plot_distribution(
    table: pd.DataFrame, classes: Sequence[str], path: Path, caption: str = ""
) -> Path:
    """Figure 4: stacked bars of the error-class shares per model × taxonomy."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{m}\n{t}" for m, t in zip(table["model"], table["taxonomy"], strict=True)]
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(labels)), 4.5))
    bottom = np.zeros(len(table))
    for cls in classes:
        values = table[cls].fillna(0).to_numpy(dtype=float)
        ax.bar(labels, values, bottom=bottom, label=cls.replace("_", " "))
        bottom += values
    ax.set_ylabel("share of error labels")
    ax.set_ylim(0, 1.0)
    ax.legend(fontsize=8, loc="upper right")
    add_caption(fig, caption)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def review_sheet(sections: pd.DataFrame, n: int, seed: int) -> pd.DataFrame:
    """A seeded sample of labelled sections with an empty ``human_labels`` column to fill in:
    sub-type names separated by ``;``, ``none`` for a section without error; rows left empty
    are not reviewed."""
    labelled = sections[sections["labels_status"] == "ok"].reset_index(drop=True)
    rows = sorted(random.Random(seed).sample(range(len(labelled)), min(n, len(labelled))))
    sheet = labelled.loc[
        rows, ["item", "model", "task", "section", "start", "end", "summary", "labels"]
    ].rename(columns={"labels": "judge_labels"})
    sheet["human_labels"] = ""
    return sheet.reset_index(drop=True)


def cohen_kappa(a: Sequence[object], b: Sequence[object]) -> float:
    """Cohen's kappa of two raters' labels for the same items (NaN when undefined)."""
    if len(a) != len(b):
        raise ValueError(f"{len(a)} vs {len(b)} ratings")
    if not a:
        return float("nan")
    categories = sorted(set(a) | set(b), key=str)
    index = {c: i for i, c in enumerate(categories)}
    table = np.zeros((len(categories), len(categories)))
    for x, y in zip(a, b, strict=True):
        table[index[x], index[y]] += 1
    total = table.sum()
    observed = np.trace(table) / total
    expected = float((table.sum(axis=0) * table.sum(axis=1)).sum() / total**2)
    if expected == 1.0:
        return float("nan")
    return float((observed - expected) / (1 - expected))


def review_agreement(filled: pd.DataFrame, subtypes: Sequence[str]) -> pd.DataFrame:
    """Kappa per sub-type (present / absent in each reviewed section) and over all decisions."""
    required = {"judge_labels", "human_labels"}
    if not required <= set(filled.columns):
        raise AnalysisInputError(f"the review sheet needs columns {sorted(required)}")
    human = filled["human_labels"].fillna("").astype(str).str.strip()
    done = filled[human != ""].assign(human_labels=human[human != ""].replace("none", ""))
    rows, all_a, all_b = [], [], []
    for subtype in subtypes:
        a = [subtype in str(v).split(";") for v in done["judge_labels"].fillna("")]
        b = [subtype in str(v).split(";") for v in done["human_labels"].fillna("")]
        all_a += a
        all_b += b
        rows.append(
            {
                "label": subtype,
                "reviewed": len(done),
                "kappa": cohen_kappa(a, b),
                "agreement": float(np.mean([x == y for x, y in zip(a, b, strict=True)]))
                if a
                else np.nan,
            }
        )
    rows.append(
        {
            "label": "all",
            "reviewed": len(done),
            "kappa": cohen_kappa(all_a, all_b),
            "agreement": float(np.mean([x == y for x, y in zip(all_a, all_b, strict=True)]))
            if all_a
            else np.nan,
        }
    )
    return pd.DataFrame(rows)


def run_error_taxonomy(
    samples: pd.DataFrame,
    output: AnalysisOutput,
    *,
    judge: Judge,
    sections_prompt: str,
    labels_prompt: str,
    classes: Mapping[str, Sequence[str]] = DEFAULT_CLASSES,
    max_per_task: int | None = None,
    review_sample: int = 50,
    review_seed: int = 0,
    review_labels: Path | None = None,
    outcomes: Sequence[str] = DEFAULT_OUTCOMES,
) -> pd.DataFrame:
    """The whole analysis into ``output``; returns the per-section frame."""
    responses, sections, reports = label_sections(
        samples,
        judge,
        sections_prompt=sections_prompt,
        labels_prompt=labels_prompt,
        classes=classes,
        max_per_task=max_per_task,
        outcomes=outcomes,
    )
    if judge.dry_run:
        return sections
    cuts: Cuts = responses.attrs["cuts"]
    output.cuts(cuts)
    class_names = list(classes)
    responses.to_csv(output.directory / "responses.csv", index=False)
    sections.to_csv(output.directory / "sections.csv", index=False)
    output.files += [output.directory / "responses.csv", output.directory / "sections.csv"]
    note = (
        f"{len(responses)} responses; sections by judge 1 "
        f"({judge.settings_for(SECTION_STAGE).model.name}), F.2 labels by judge 2 "
        f"({judge.settings_for(CLASSIFY_STAGE).model.name}). {cuts.text()} Each cell is the "
        "share of that class among all class labels of the group's sections. Unparsed judge "
        "replies are excluded and counted below."
    )
    by_taxonomy = class_distribution(sections, ["model", "taxonomy"], class_names)
    output.table("errors_by_taxonomy", by_taxonomy, "Error classes by model and taxonomy", note)
    output.table(
        "errors_by_level",
        class_distribution(sections, ["model", "level"], class_names),
        "Error classes by model and level",
    )
    stages = pd.DataFrame(
        [
            {
                "stage": "sections (judge 1)",
                **reports[0].counts,
                "calls": reports[0].calls_made,
                "reasks": reports[0].reasks,
                "reasks_replayed": reports[0].replayed_reasks,
            },
            {
                "stage": "labels (judge 2)",
                **reports[1].counts,
                "calls": reports[1].calls_made,
                "reasks": reports[1].reasks,
                "reasks_replayed": reports[1].replayed_reasks,
            },
        ]
    ).fillna(0)
    output.table(
        "errors_by_subtype",
        subtype_distribution(sections, ["model", "taxonomy"], classes),
        "Error sub-types by model and taxonomy",
        "labels: times judge 2 gave the sub-type; share: of all labels of the group; "
        "share_of_class: of the labels of its class.",
    )
    output.table("judge_counts", stages, "Judge verdicts")
    output.table(
        "sections_status",
        status_table(responses, "sections_status"),
        "Sectioning verdicts (judge 1) by model, task and taxonomy",
    )
    output.table(
        "labels_status",
        status_table(sections, "labels_status"),
        "Labelling verdicts (judge 2) by model, task and taxonomy",
    )
    output.metrics["responses"] = float(len(responses))
    output.metrics["judge_unparsed"] = float(sum(r.counts.get("unparsed", 0) for r in reports))
    output.metrics["judge_calls"] = float(sum(r.calls_made for r in reports))
    for row in by_taxonomy.to_dict("records"):
        for cls in class_names:
            output.metrics[f"share.{row['model']}.{row['taxonomy']}.{cls}"] = float(row[cls])
    if len(by_taxonomy):
        output.figure(
            plot_distribution(
                by_taxonomy,
                class_names,
                output.directory / "error_distribution.png",
                cuts.text(),
            )
        )
    sheet = review_sheet(sections, review_sample, review_seed)
    sheet.to_csv(output.directory / "review_sheet.csv", index=False)
    output.files.append(output.directory / "review_sheet.csv")
    output.text(
        f"Review sheet: {len(sheet)} sections in review_sheet.csv; fill human_labels "
        "and pass it back with analysis.review_labels=PATH for Cohen's kappa.\n"
    )
    if review_labels is not None:
        filled = pd.read_csv(review_labels, keep_default_na=False, na_values=[])
        agreement = review_agreement(filled, sorted(subtype_classes(classes)))
        output.table("review_agreement", agreement, "Judge vs. human review (Cohen's kappa)")
        output.metrics["review_kappa"] = float(agreement.iloc[-1]["kappa"])
    return sections
