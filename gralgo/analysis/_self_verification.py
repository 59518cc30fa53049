"""Self-verification (paper §3.2, Figure 6b): what each segment of a response does.

Responses are segmented at the marker words (Eq. 1), or at high-entropy tokens from the stored
logprobs (``analysis.segmentation=entropy``, :mod:`gralgo.analysis._segmentation_method`). For every
segment after the first, the judge sees the problem, the ground truth, the text before the
segment and the segment, and labels it ``self_verification``, ``strategy_shift`` or ``other``; a
self-verification is ``effective`` when it identifies an error that really is in the earlier
text (which needs the ground truth: the paper's original code did not pass it). Proportions per
task and the effectiveness rate come with percentile-bootstrap intervals over segments.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from gralgo.analysis._judge import Judge, JudgeQuery, JudgeReport, render_prompt
from gralgo.analysis._output import AnalysisOutput
from gralgo.analysis._parse import verification_parser
from gralgo.analysis._responses import problem_text, scored_responses
from gralgo.analysis._text_split import DEFAULT_MARKERS
from gralgo.analysis._segmentation_method import Segmentation, missing_note, segment_responses
from gralgo.score import bootstrap_ci

BEHAVIOURS = ("self_verification", "strategy_shift", "other")


def label_segments(
    samples: pd.DataFrame,
    judge: Judge,
    *,
    prompt_template: str,
    markers: Sequence[str] = DEFAULT_MARKERS,
    segmentation: Segmentation | None = None,
    max_segments: int | None = 40,
    max_context_chars: int = 12000,
) -> tuple[pd.DataFrame, JudgeReport]:
    """One row per judged segment: its label, effectiveness and the judge status.

    ``segmentation`` (default: at ``markers``) may split at high-entropy tokens instead; the
    responses without stored logprobs are then left out (``attrs["left_out"]`` says how many).
    """
    segmentation = segmentation or Segmentation(markers=tuple(markers))
    scored = scored_responses(samples).sort_values("item").reset_index(drop=True)
    segmented = segment_responses(scored, segmentation)
    queries, where = [], {}
    for (_, row), response in zip(scored.iterrows(), segmented, strict=True):
        if response is None:
            continue
        segments = response.segments
        chosen = segments[1:] if max_segments is None else segments[1 : 1 + max_segments]
        for segment in chosen:
            # The text before the marker that opens this segment.
            previous = response.text[: segment.start - len(segment.marker or "")]
            if len(previous) > max_context_chars:
                previous = "…" + previous[-max_context_chars:]
            qid = f"behaviour:{row['item']}:{segment.index}"
            queries.append(
                JudgeQuery(
                    qid,
                    render_prompt(
                        prompt_template,
                        problem=problem_text(row),
                        expected=row["expected"],
                        previous=previous,
                        segment=f"{segment.marker or ''}{segment.text}",
                    ),
                )
            )
            where[qid] = (row, segment.index)
    verdicts, report = judge.ask(queries, verification_parser(BEHAVIOURS))
    rows = []
    for q in queries:
        row, index = where[q.id]
        verdict = verdicts[q.id]
        label, effective = verdict.value if verdict.status == "ok" else (None, None)
        rows.append(
            {
                "item": row["item"],
                "model": row["model"],
                "task": row["task"],
                "taxonomy": row["taxonomy"],
                "level": int(row["level"]),
                "correct": bool(row["correct"]),
                "segment": index,
                "status": verdict.status,
                "label": label,
                "effective": effective,
            }
        )
    columns = [
        "item",
        "model",
        "task",
        "taxonomy",
        "level",
        "correct",
        "segment",
        "status",
        "label",
        "effective",
    ]
    frame = pd.DataFrame(rows, columns=columns)
    frame.attrs["left_out"] = missing_note(segmented)
    return frame, report


def _share(values: np.ndarray, resamples: int, seed: int) -> tuple[float, float, float]:
    if len(values) == 0:
        return np.nan, np.nan, np.nan
    low, high = bootstrap_ci(values.astype(float), n_resamples=resamples, seed=seed)
    return float(values.mean()), float(low), float(high)


def behaviour_table(
    segments: pd.DataFrame,
    by: Sequence[str] = ("model", "task"),
    *,
    resamples: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Per group: share of each behaviour among parsed segments and the effectiveness rate of
    self-verification, each with a 95 % bootstrap interval over segments."""
    rows = []
    parsed = segments[segments["status"] == "ok"]
    for key, group in parsed.groupby(list(by), sort=True):
        values = key if isinstance(key, tuple) else (key,)
        row: dict[str, object] = {**dict(zip(by, values, strict=True)), "segments": len(group)}
        for behaviour in BEHAVIOURS:
            mean, low, high = _share((group["label"] == behaviour).to_numpy(), resamples, seed)
            row[behaviour] = mean
            row[f"{behaviour}_ci"] = f"[{low:.3f}, {high:.3f}]"
        verifying = group[group["label"] == "self_verification"]
        mean, low, high = _share(verifying["effective"].astype(bool).to_numpy(), resamples, seed)
        row["verifications"] = len(verifying)
        row["effective_rate"] = mean
        row["effective_ci"] = f"[{low:.3f}, {high:.3f}]" if len(verifying) else "–"
        rows.append(row)
    return pd.DataFrame(rows)


def plot_behaviours(table: pd.DataFrame, path: Path) -> Path:
    """Figure 6b: behaviour proportions per task (stacked) and the effective share."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{m}\n{t}" for m, t in zip(table["model"], table["task"], strict=True)]
    fig, ax = plt.subplots(figsize=(max(6, 1.0 * len(labels)), 4.5))
    bottom = np.zeros(len(table))
    for behaviour in BEHAVIOURS:
        values = table[behaviour].fillna(0).to_numpy(dtype=float)
        ax.bar(labels, values, bottom=bottom, label=behaviour.replace("_", " "))
        bottom += values
    effective = table["self_verification"].fillna(0) * table["effective_rate"].fillna(0)
    ax.bar(
        labels,
        effective.to_numpy(dtype=float),
        width=0.3,
        color="black",
        label="effective self-verification",
    )
    ax.set_ylim(0, 1.0)
    ax.set_ylabel("share of segments")
    ax.tick_params(axis="x", labelsize=7)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def run_self_verification(
    samples: pd.DataFrame,
    output: AnalysisOutput,
    *,
    judge: Judge,
    prompt_template: str,
    markers: Sequence[str] = DEFAULT_MARKERS,
    segmentation: Segmentation | None = None,
    max_segments: int | None = 40,
    max_context_chars: int = 12000,
    resamples: int = 1000,
) -> pd.DataFrame:
    """The whole analysis into ``output``; returns the per-segment frame."""
    segmentation = segmentation or Segmentation(markers=tuple(markers))
    segments, report = label_segments(
        samples,
        judge,
        prompt_template=prompt_template,
        segmentation=segmentation,
        max_segments=max_segments,
        max_context_chars=max_context_chars,
    )
    segments.to_csv(output.directory / "segments.csv", index=False)
    output.files.append(output.directory / "segments.csv")
    note = (
        f"{segmentation.describe()} Each segment after the first is judged with the "
        "problem, the ground truth and the text before it. 95 % percentile-bootstrap "
        f"intervals over segments ({resamples} resamples). Unparsed replies are excluded."
        f"{segments.attrs.get('left_out', '')}"
    )
    by_task = behaviour_table(segments, ("model", "task"), resamples=resamples)
    output.table("behaviours_by_task", by_task, "Reasoning behaviours by model and task", note)
    overall = behaviour_table(segments, ("model",), resamples=resamples)
    output.table("behaviours", overall, "Reasoning behaviours by model")
    output.text(
        f"Judge: {report.queries} segments, {report.calls_made} calls, "
        f"{report.reasks} re-asks, verdicts {report.counts}.\n"
    )
    output.metrics["judge_unparsed"] = float(report.counts.get("unparsed", 0))
    output.metrics["judge_calls"] = float(report.calls_made)
    for row in overall.to_dict("records"):
        output.metrics[f"self_verification.{row['model']}"] = float(row["self_verification"])
        output.metrics[f"effective_rate.{row['model']}"] = float(row["effective_rate"])
    if len(by_task):
        output.figure(plot_behaviours(by_task, output.directory / "behaviours.png"))
    return segments
