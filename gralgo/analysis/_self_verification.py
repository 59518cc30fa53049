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
from gralgo.analysis._judge_window import Cuts, TokenizedText, prompt_budget
from gralgo.analysis._output import AnalysisOutput, add_caption, status_table
from gralgo.analysis._parse import verification_parser
from gralgo.analysis._responses import problem_text, scored_responses
from gralgo.analysis._segmentation_method import Segmentation, missing_note, segment_responses
from gralgo.analysis._text_split import DEFAULT_MARKERS
from gralgo.formats import count_tokens
from gralgo.score import bootstrap_ci

BEHAVIOURS = ("self_verification", "strategy_shift", "other")


STAGE = "behaviour"
"""The judge stage of this analysis (``analyze.judges.behaviour``)."""


def label_segments(
    samples: pd.DataFrame,
    judge: Judge,
    *,
    prompt_template: str,
    markers: Sequence[str] = DEFAULT_MARKERS,
    segmentation: Segmentation | None = None,
    max_segments: int | None = None,
    max_context_tokens: int | None = None,
) -> tuple[pd.DataFrame, JudgeReport]:
    """One row per judged segment: its label, effectiveness and the judge status.

    As in the paper, every segment after the first is judged with all the text before it.
    Only two explicit settings cut: ``max_segments`` (the first N after segment 0) and
    ``max_context_tokens`` (the earlier text's last N tokens); and the earlier text is
    shortened from the front when the prompt would not fit the judge's context window.
    ``attrs["cuts"]`` (:class:`Cuts`) counts all of it. ``segmentation`` (default: at
    ``markers``) may split at high-entropy tokens instead; the responses without stored
    logprobs are then left out (``attrs["left_out"]`` says how many).
    """
    segmentation = segmentation or Segmentation(markers=tuple(markers))
    settings = judge.settings_for(STAGE)
    scored = scored_responses(samples).sort_values("item").reset_index(drop=True)
    segmented = segment_responses(scored, segmentation)
    cuts = Cuts()
    queries, where = [], {}
    for (_, row), response in zip(scored.iterrows(), segmented, strict=True):
        if response is None:
            continue
        segments = response.segments
        chosen = segments[1:] if max_segments is None else segments[1 : 1 + max_segments]
        cuts.add("segments_total", len(segments) - 1)
        cuts.add("segments_judged", len(chosen))
        if not chosen:
            continue
        problem = problem_text(row)
        fixed = render_prompt(
            prompt_template, problem=problem, expected=row["expected"], previous="", segment=""
        )
        base = prompt_budget(settings, fixed, max_context_tokens)
        tokenized = TokenizedText.of(response.text) if base is not None else None
        for segment in chosen:
            shown = f"{segment.marker or ''}{segment.text}"
            # The text before the marker that opens this segment, as much as fits.
            end = segment.start - len(segment.marker or "")
            previous, dropped = response.text[:end], 0
            if tokenized is not None and base is not None:
                room = base - count_tokens(shown)
                if room <= 0:
                    cuts.add("segments_too_long")
                    continue
                previous, dropped = tokenized.tail(end, room)
            if dropped:
                cuts.add("contexts_shortened")
                cuts.add("context_tokens_dropped", dropped)
            qid = f"behaviour:{row['item']}:{segment.index}"
            queries.append(
                JudgeQuery(
                    qid,
                    render_prompt(
                        prompt_template,
                        problem=problem,
                        expected=row["expected"],
                        previous=previous,
                        segment=shown,
                    ),
                )
            )
            where[qid] = (row, segment.index)
    verdicts, report = judge.ask(queries, verification_parser(BEHAVIOURS), STAGE)
    total, judged = cuts.items.get("segments_total", 0), len(queries)
    cuts.note(
        f"Segments judged: {judged} of {total} after the first"
        + (f" (analysis.max_segments={max_segments})" if max_segments is not None else "")
        + "."
    )
    if cuts.items.get("segments_too_long"):
        cuts.note(
            f"{cuts.items['segments_too_long']} segments alone do not fit the judge's context "
            f"window ({settings.context_tokens} tokens) and are not judged."
        )
    if cuts.items.get("contexts_shortened"):
        why = (
            f"analysis.max_context_tokens={max_context_tokens} or the judge's window"
            if max_context_tokens is not None
            else f"the judge's context window of {settings.context_tokens} tokens"
        )
        cuts.note(
            f"The earlier text was shortened from the front for "
            f"{cuts.items['contexts_shortened']} segments "
            f"({cuts.items['context_tokens_dropped']:,} cl100k tokens dropped) to fit {why}."
        )
    else:
        cuts.note("Every judged segment was shown with all the text before it.")
    cuts.items["segments_judged"] = judged
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
    frame.attrs["cuts"] = cuts
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


def plot_behaviours(table: pd.DataFrame, path: Path, caption: str = "") -> Path:
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
    add_caption(fig, caption)
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
    max_segments: int | None = None,
    max_context_tokens: int | None = None,
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
        max_context_tokens=max_context_tokens,
    )
    if judge.dry_run:
        return segments
    cuts: Cuts = segments.attrs["cuts"]
    segments.to_csv(output.directory / "segments.csv", index=False)
    output.files.append(output.directory / "segments.csv")
    note = (
        f"{segmentation.describe()} Each judged segment is shown with the problem, the "
        f"ground truth and the text before it. {cuts.text()} 95 % percentile-bootstrap "
        f"intervals over segments ({resamples} resamples). Unparsed replies are excluded."
        f"{segments.attrs.get('left_out', '')}"
    )
    output.cuts(cuts)
    by_task = behaviour_table(segments, ("model", "task"), resamples=resamples)
    output.table("behaviours_by_task", by_task, "Reasoning behaviours by model and task", note)
    overall = behaviour_table(segments, ("model",), resamples=resamples)
    output.table("behaviours", overall, "Reasoning behaviours by model")
    output.text(report.line("segments"))
    output.table(
        "judge_status",
        status_table(segments, "status"),
        "Judge verdicts by model, task and taxonomy",
    )
    output.metrics["judge_unparsed"] = float(report.counts.get("unparsed", 0))
    output.metrics["judge_calls"] = float(report.calls_made)
    for row in overall.to_dict("records"):
        output.metrics[f"self_verification.{row['model']}"] = float(row["self_verification"])
        output.metrics[f"effective_rate.{row['model']}"] = float(row["effective_rate"])
    if len(by_task):
        output.figure(plot_behaviours(by_task, output.directory / "behaviours.png", cuts.text()))
    return segments
