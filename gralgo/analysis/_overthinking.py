"""Over-thinking (paper §3.2, Figure 6a): outcome efficiency with T-hat located two ways.

Correct responses are segmented at the marker words (Eq. 1). ``T_hat`` is located by the judge
(given the problem, the segmented response and the ground truth: the paper's method) and
programmatically (:func:`first_correct_segment`); the report gives both zeta values (Eq. 2),
the share of responses where the two agree on the segment, and the judge's unparsed count.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from gralgo.analysis._efficiency import (
    first_correct_segment,
    prefix_token_counts_many,
    tokenizer_for_model,
)
from gralgo.analysis._judge import Judge, JudgeQuery, JudgeReport, render_prompt
from gralgo.analysis._output import AnalysisOutput
from gralgo.analysis._parse import index_parser
from gralgo.analysis._responses import problem_text, scored_responses
from gralgo.analysis._segment import DEFAULT_MARKERS, Segment, segment_at_markers


def numbered_segments(segments: Sequence[Segment]) -> str:
    """Segments as the judge sees them: ``[i] text`` (with the marker that opened it)."""
    return "\n".join(
        f"[{s.index}] {(s.marker + ' ') if s.marker else ''}{s.text.strip()}" for s in segments
    )


def locate_answers(
    samples: pd.DataFrame,
    *,
    markers: Sequence[str] = DEFAULT_MARKERS,
    tokenizer: str | None = None,
    judge: Judge | None = None,
    prompt_template: str | None = None,
    workers: int = 1,
) -> tuple[pd.DataFrame, JudgeReport | None]:
    """One row per correct response: segment counts, T_hat by both methods, T, ratios."""
    scored = scored_responses(samples)
    correct = scored[scored["correct"]].reset_index(drop=True)
    segmented = [segment_at_markers(text, markers) for text in correct["text"].tolist()]
    judged: dict[str, int | None] = {}
    statuses: dict[str, str] = {}
    report = None
    if judge is not None:
        if prompt_template is None:
            raise ValueError("a judge needs the first_correct prompt template")
        queries = []
        for (_, row), segments in zip(correct.iterrows(), segmented, strict=True):
            prompt = render_prompt(
                prompt_template,
                problem=problem_text(row),
                expected=row["expected"],
                segments=numbered_segments(segments),
            )
            queries.append(JudgeQuery(f"overthinking:{row['item']}", prompt))
        parsers = {
            q.id: index_parser("segment", len(s)) for q, s in zip(queries, segmented, strict=True)
        }
        verdicts, report = judge.ask(queries, parsers)
        for q in queries:
            v = verdicts[q.id]
            statuses[q.id] = v.status
            judged[q.id] = v.value if v.status == "ok" else None
    plans = []
    for (_, row), segments in zip(correct.iterrows(), segmented, strict=True):
        prog = first_correct_segment(segments, str(row["expected"]), str(row["answer_kind"]))
        by_judge = judged.get(f"overthinking:{row['item']}")
        cuts = sorted(segments[i].end for i in (prog, by_judge) if i is not None)
        tok = tokenizer or tokenizer_for_model(row["litellm_model"])
        plans.append((row, segments, prog, by_judge, cuts, tok))
    counted: dict[int, np.ndarray] = {}
    for tok in sorted({plan[5] for plan in plans}):
        chosen = [i for i, plan in enumerate(plans) if plan[5] == tok]
        results = prefix_token_counts_many(
            [(plans[i][0]["text"], plans[i][4]) for i in chosen], tok, workers=workers
        )
        counted.update(zip(chosen, results, strict=True))
    rows = []
    for number, (row, segments, prog, by_judge, cuts, tok) in enumerate(plans):
        counts = counted[number]
        total = int(counts[-1])
        lookup = dict(zip(cuts, counts[:-1].tolist(), strict=True))
        t_prog = None if prog is None else lookup[segments[prog].end]
        t_judge = None if by_judge is None else lookup[segments[by_judge].end]
        qid = f"overthinking:{row['item']}"
        rows.append(
            {
                "item": row["item"],
                "model": row["model"],
                "task": row["task"],
                "taxonomy": row["taxonomy"],
                "level": int(row["level"]),
                "segments": len(segments),
                "tokens": total,
                "tokenizer": tok,
                "first_correct_programmatic": prog,
                "first_correct_judge": by_judge,
                "judge_status": statuses.get(qid, "not_asked"),
                "ratio_programmatic": np.nan if t_prog is None or not total else t_prog / total,
                "ratio_judge": np.nan if t_judge is None or not total else t_judge / total,
            }
        )
    return pd.DataFrame(rows), report


def efficiency_table(
    per_response: pd.DataFrame, by: Sequence[str] = ("model", "task")
) -> pd.DataFrame:
    """Eq. 2 per group, both ways: zeta, its N, the agreement of the two locations, unparsed."""
    rows = []
    columns = list(by)
    if per_response.empty:
        return pd.DataFrame(
            columns=[
                *columns,
                "correct_responses",
                "zeta_programmatic",
                "n_programmatic",
                "zeta_judge",
                "n_judge",
                "agreement",
                "n_both",
                "judge_unparsed",
            ]
        )
    for key, group in per_response.groupby(columns, sort=True):
        values = key if isinstance(key, tuple) else (key,)
        prog = group["ratio_programmatic"].dropna()
        judged = group["ratio_judge"].dropna()
        both = group.dropna(subset=["first_correct_programmatic", "first_correct_judge"])
        agree = both["first_correct_programmatic"].astype(int) == both[
            "first_correct_judge"
        ].astype(int)
        rows.append(
            {
                **dict(zip(columns, values, strict=True)),
                "correct_responses": len(group),
                "zeta_programmatic": float(prog.mean()) if len(prog) else np.nan,
                "n_programmatic": len(prog),
                "zeta_judge": float(judged.mean()) if len(judged) else np.nan,
                "n_judge": len(judged),
                "agreement": float(agree.mean()) if len(both) else np.nan,
                "n_both": len(both),
                "judge_unparsed": int((group["judge_status"] == "unparsed").sum()),
            }
        )
    return pd.DataFrame(rows)


def plot_efficiency(table: pd.DataFrame, path: Path) -> Path:
    """Figure 6a: outcome efficiency per task (judge and programmatic), one panel per model."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    models = sorted(table["model"].unique())
    fig, axes = plt.subplots(
        1, max(1, len(models)), figsize=(6 * max(1, len(models)), 4), squeeze=False
    )
    for ax, model in zip(axes[0], models, strict=False):
        part = table[table["model"] == model]
        x = np.arange(len(part))
        ax.bar(x - 0.2, part["zeta_judge"].fillna(0), 0.4, label="judge")
        ax.bar(x + 0.2, part["zeta_programmatic"].fillna(0), 0.4, label="programmatic")
        ax.set_xticks(x, part["task"], rotation=45, ha="right")
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("outcome efficiency ζ")
        ax.set_title(str(model))
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def run_overthinking(
    samples: pd.DataFrame,
    output: AnalysisOutput,
    *,
    judge: Judge | None,
    prompt_template: str | None,
    markers: Sequence[str] = DEFAULT_MARKERS,
    tokenizer: str | None = None,
    workers: int = 1,
) -> pd.DataFrame:
    """The whole analysis: per-response CSV, tables by model × task and model × level, the
    figure and headline metrics into ``output``; returns the per-response frame."""
    per_response, report = locate_answers(
        samples,
        markers=markers,
        tokenizer=tokenizer,
        judge=judge,
        prompt_template=prompt_template,
        workers=workers,
    )
    per_response.to_csv(output.directory / "responses.csv", index=False)
    output.files.append(output.directory / "responses.csv")
    tokenizers = sorted(set(per_response["tokenizer"])) if len(per_response) else []
    note = (
        f"Segments at markers {list(markers)} (Eq. 1). Tokens counted with "
        f"{', '.join(tokenizers) or '–'} (the evaluated model's tokenizer where known "
        "offline, else cl100k_base). zeta = mean T_hat/T over correct responses whose "
        "answer segment was located (Eq. 2); agreement = share of responses located by "
        "both methods at the same segment."
    )
    by_task = efficiency_table(per_response, ("model", "task"))
    output.table("efficiency_by_task", by_task, "Outcome efficiency by model and task", note)
    output.table(
        "efficiency_by_level",
        efficiency_table(per_response, ("model", "level")),
        "Outcome efficiency by model and level",
    )
    overall = efficiency_table(per_response, ("model",))
    output.table("efficiency", overall, "Outcome efficiency by model")
    if report is not None:
        output.text(
            f"Judge: {report.queries} questions, {report.calls_made} calls made, "
            f"{report.reasks} re-asks, verdicts {report.counts}.\n"
        )
        output.metrics["judge_unparsed"] = float(report.counts.get("unparsed", 0))
        output.metrics["judge_calls"] = float(report.calls_made)
    for row in overall.itertuples(index=False):
        output.metrics[f"zeta_programmatic.{row.model}"] = float(row.zeta_programmatic)
        output.metrics[f"zeta_judge.{row.model}"] = float(row.zeta_judge)
        output.metrics[f"agreement.{row.model}"] = float(row.agreement)
    if len(by_task):
        output.figure(plot_efficiency(by_task, output.directory / "outcome_efficiency.png"))
    return per_response
