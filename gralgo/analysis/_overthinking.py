"""Over-thinking (paper §3.2, Figure 6a): outcome efficiency with T-hat located two ways.

Correct responses are segmented at the marker words (Eq. 1), or at high-entropy tokens from the
stored logprobs (``analysis.segmentation=entropy``, :mod:`gralgo.analysis._segmentation_method`).
``T_hat`` is located by the judge (given the problem, the segmented response and the ground
truth: the paper's method) and programmatically (:func:`first_correct_segment`); the report
gives both zeta values (Eq. 2), the share of responses where the two agree on the segment, and
the judge's unparsed count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from gralgo.analysis._efficiency import (
    first_correct_segment,
    prefix_token_counts,
    tokenizer_for_model,
)
from gralgo.analysis._judge import Judge, JudgeQuery, JudgeReport, render_prompt
from gralgo.analysis._judge_window import Cuts, fits, prompt_budget
from gralgo.analysis._output import AnalysisOutput, add_caption, status_table
from gralgo.analysis._parse import index_parser
from gralgo.analysis._responses import problem_text, scored_responses
from gralgo.analysis._segmentation_method import (
    MODEL_TOKENS,
    Segmentation,
    SegmentedResponse,
    missing_note,
    segment_responses,
)
from gralgo.analysis._text_split import DEFAULT_MARKERS, Segment, segment_at_markers

STAGE = "locate"
"""The judge stage of this analysis (``analyze.judges.locate``)."""

RESPONSE_COLUMNS = [
    "item",
    "model",
    "task",
    "taxonomy",
    "level",
    "segments",
    "tokens",
    "tokenizer",
    "first_correct_programmatic",
    "first_correct_judge",
    "judge_status",
    "ratio_programmatic",
    "ratio_judge",
]


def numbered_segments(segments: Sequence[Segment]) -> str:
    """Segments as the judge sees them: ``[i] text`` (with the marker that opened it)."""
    return "\n".join(
        f"[{s.index}] {(s.marker + ' ') if s.marker else ''}{s.text.strip()}" for s in segments
    )


@dataclass(frozen=True)
class Location:
    """Programmatic and judged ``T_hat`` of one correct response, and its length ``T``."""

    segments: int
    first_correct_programmatic: int | None
    tokens: int
    tokens_programmatic: int | None
    tokens_judge: int | None


def _locate_in_text(
    text: str,
    segments: Sequence[Segment],
    expected: str,
    answer_kind: str,
    judged: int | None,
    tokenizer: str,
) -> Location:
    prog = first_correct_segment(segments, expected, answer_kind)
    cuts = sorted(segments[i].end for i in (prog, judged) if i is not None)
    counts = prefix_token_counts(text, cuts, tokenizer)
    lookup = dict(zip(cuts, counts[:-1].tolist(), strict=True))
    return Location(
        len(segments),
        prog,
        int(counts[-1]),
        None if prog is None else lookup[segments[prog].end],
        None if judged is None else lookup[segments[judged].end],
    )


def _locate_chunk(
    args: tuple[list[tuple[str, str, str, int | None, str]], tuple[str, ...]],
) -> list[Location]:
    """Worker: segment at the markers, locate the first correct segment, count tokens."""
    items, markers = args
    return [
        _locate_in_text(text, segment_at_markers(text, markers), expected, kind, judged, tok)
        for text, expected, kind, judged, tok in items
    ]


def locate_at_markers(
    items: Sequence[tuple[str, str, str, int | None, str]],
    markers: Sequence[str] = DEFAULT_MARKERS,
    *,
    workers: int = 1,
    chunk: int = 250,
) -> list[Location]:
    """:class:`Location` of each ``(text, expected, answer_kind, judged segment, tokenizer)``,
    segmenting at ``markers``, over ``workers`` processes (0: every core). The whole
    programmatic part runs in the workers: segmentation, locating and tokenising."""
    import os

    plain = list(items)
    workers = workers or (os.cpu_count() or 1)
    if workers <= 1 or len(plain) <= chunk:
        return _locate_chunk((plain, tuple(markers)))
    from gralgo.analysis._workers import forks, map_in_workers

    if forks():  # load each tokenizer once, here: the forked workers inherit it
        from gralgo.formats import get_encoding

        for tokenizer in sorted({item[4] for item in plain}):
            get_encoding(tokenizer)
    parts = [(plain[i : i + chunk], tuple(markers)) for i in range(0, len(plain), chunk)]
    return [found for part in map_in_workers(_locate_chunk, parts, workers) for found in part]


def _locate_by_model_tokens(
    response: SegmentedResponse, expected: str, answer_kind: str, judged: int | None
) -> Location:
    """:class:`Location` counted in the evaluated model's own stored tokens."""
    prog = first_correct_segment(response.segments, expected, answer_kind)
    return Location(
        len(response.segments),
        prog,
        len(response.token_ends),
        None if prog is None else response.tokens_through(prog),
        None if judged is None else response.tokens_through(judged),
    )


def locate_answers(
    samples: pd.DataFrame,
    *,
    markers: Sequence[str] = DEFAULT_MARKERS,
    segmentation: Segmentation | None = None,
    tokenizer: str | None = None,
    judge: Judge | None = None,
    prompt_template: str | None = None,
    workers: int = 1,
) -> tuple[pd.DataFrame, JudgeReport | None]:
    """One row per correct response: segment counts, T_hat by both methods, T, ratios.

    ``segmentation`` (default: at ``markers``) may split at high-entropy tokens instead; then
    the responses without stored logprobs are left out, and tokens are the evaluated model's
    own (stored) unless ``tokenizer`` names one.
    """
    segmentation = segmentation or Segmentation(markers=tuple(markers))
    scored = scored_responses(samples)
    correct = scored[scored["correct"]].reset_index(drop=True)
    # Segmented here only when the judge needs the segments or they come from stored logprobs;
    # else the workers segment (see locate_at_markers).
    segmented: list[SegmentedResponse] = []
    left_out = ""
    if judge is not None or segmentation.by_entropy:
        split = segment_responses(correct, segmentation)
        left_out = missing_note(split)
        correct = correct[[s is not None for s in split]].reset_index(drop=True)
        segmented = [s for s in split if s is not None]
    judged: dict[str, int | None] = {}
    statuses: dict[str, str] = {}
    report = None
    cuts = Cuts()
    if judge is not None:
        if prompt_template is None:
            raise ValueError("a judge needs the first_correct prompt template")
        settings = judge.settings_for(STAGE)
        queries, parsers = [], {}
        for (_, row), response in zip(correct.iterrows(), segmented, strict=True):
            values = {"problem": problem_text(row), "expected": row["expected"]}
            shown = numbered_segments(response.segments)
            budget = prompt_budget(settings, render_prompt(prompt_template, segments="", **values))
            qid = f"overthinking:{row['item']}"
            if not fits(shown, budget):
                statuses[qid] = "too_long"  # the judge must see every segment: not asked
                cuts.add("responses_too_long")
                continue
            queries.append(
                JudgeQuery(qid, render_prompt(prompt_template, segments=shown, **values))
            )
            parsers[qid] = index_parser("segment", len(response.segments))
        verdicts, report = judge.ask(queries, parsers, STAGE)
        if judge.dry_run:
            return pd.DataFrame(columns=RESPONSE_COLUMNS), report
        for q in queries:
            v = verdicts[q.id]
            statuses[q.id] = v.status
            judged[q.id] = v.value if v.status == "ok" else None
        too_long = cuts.items.get("responses_too_long", 0)
        parsed = sum(1 for q in queries if verdicts[q.id].status == "ok")
        cuts.add("responses_judged", len(queries))
        cuts.note(
            f"The judge saw {len(queries)} of {len(correct)} correct responses whole "
            f"({parsed} of its verdicts parsed)"
            + (
                f"; {too_long} do not fit its context window ({settings.context_tokens} "
                "tokens) and have only the programmatic location"
                if too_long
                else ""
            )
            + "."
        )
    records = correct.to_dict("records")
    by_judge = [judged.get(f"overthinking:{row['item']}") for row in records]
    if segmentation.by_entropy:
        located = [
            _locate_in_text(
                response.text,
                response.segments,
                str(row["expected"]),
                str(row["answer_kind"]),
                index,
                tokenizer,
            )
            if tokenizer
            else _locate_by_model_tokens(
                response, str(row["expected"]), str(row["answer_kind"]), index
            )
            for row, response, index in zip(records, segmented, by_judge, strict=True)
        ]
        used = [tokenizer or MODEL_TOKENS] * len(records)
    else:
        used = [tokenizer or tokenizer_for_model(row["litellm_model"]) for row in records]
        located = locate_at_markers(
            [
                (row["text"], str(row["expected"]), str(row["answer_kind"]), index, tok)
                for row, index, tok in zip(records, by_judge, used, strict=True)
            ],
            segmentation.markers,
            workers=workers,
        )
    rows = []
    for row, found, index, tok in zip(records, located, by_judge, used, strict=True):
        total = found.tokens
        qid = f"overthinking:{row['item']}"
        rows.append(
            {
                "item": row["item"],
                "model": row["model"],
                "task": row["task"],
                "taxonomy": row["taxonomy"],
                "level": int(row["level"]),
                "segments": found.segments,
                "tokens": total,
                "tokenizer": tok,
                "first_correct_programmatic": found.first_correct_programmatic,
                "first_correct_judge": index,
                "judge_status": statuses.get(qid, "not_asked"),
                "ratio_programmatic": np.nan
                if found.tokens_programmatic is None or not total
                else found.tokens_programmatic / total,
                "ratio_judge": np.nan
                if found.tokens_judge is None or not total
                else found.tokens_judge / total,
            }
        )
    frame = pd.DataFrame(rows, columns=RESPONSE_COLUMNS)
    frame.attrs["left_out"] = left_out
    frame.attrs["cuts"] = cuts
    return frame, report


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


def plot_efficiency(table: pd.DataFrame, path: Path, caption: str = "") -> Path:
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
        for shift, column, label in ((-0.2, "zeta_judge", "judge"),
                                     (0.2, "zeta_programmatic", "programmatic")):  # fmt: skip
            known = part[column].notna().to_numpy()  # no bar where nothing was located
            ax.bar(x[known] + shift, part[column][known], 0.4, label=label)
        ax.set_xticks(x, part["task"], rotation=45, ha="right")
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("outcome efficiency ζ")
        ax.set_title(str(model))
        ax.legend()
    add_caption(fig, caption)
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
    segmentation: Segmentation | None = None,
    tokenizer: str | None = None,
    workers: int = 1,
) -> pd.DataFrame:
    """The whole analysis: per-response CSV, tables by model × task and model × level, the
    figure and headline metrics into ``output``; returns the per-response frame.

    ``segmentation`` (default: at ``markers``) may split at high-entropy tokens instead."""
    segmentation = segmentation or Segmentation(markers=tuple(markers))
    per_response, report = locate_answers(
        samples,
        segmentation=segmentation,
        tokenizer=tokenizer,
        judge=judge,
        prompt_template=prompt_template,
        workers=workers,
    )
    if judge is not None and judge.dry_run:
        return per_response
    cuts: Cuts = per_response.attrs.get("cuts") or Cuts()
    output.cuts(cuts)
    per_response.to_csv(output.directory / "responses.csv", index=False)
    output.files.append(output.directory / "responses.csv")
    tokenizers = sorted(set(per_response["tokenizer"])) if len(per_response) else []
    note = (
        f"{segmentation.describe()} Tokens counted with "
        f"{', '.join(tokenizers) or '–'} (the evaluated model's tokenizer where known "
        "offline, else cl100k_base). zeta = mean T_hat/T over correct responses whose "
        "answer segment was located (Eq. 2); agreement = share of responses located by "
        f"both methods at the same segment. {cuts.text()}"
        f"{per_response.attrs.get('left_out', '')}"
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
        output.text(report.line())
        output.metrics["judge_unparsed"] = float(report.counts.get("unparsed", 0))
        output.metrics["judge_calls"] = float(report.calls_made)
        output.table(
            "judge_status",
            status_table(per_response, "judge_status"),
            "Judge verdicts by model, task and taxonomy",
        )
    for row in overall.itertuples(index=False):
        output.metrics[f"zeta_programmatic.{row.model}"] = float(row.zeta_programmatic)
        output.metrics[f"zeta_judge.{row.model}"] = float(row.zeta_judge)
        output.metrics[f"agreement.{row.model}"] = float(row.agreement)
    located = by_task[["zeta_judge", "zeta_programmatic"]].notna().to_numpy().any()
    if len(by_task) and located:  # never a figure of zero data
        output.figure(
            plot_efficiency(by_task, output.directory / "outcome_efficiency.png", cuts.text())
        )
    return per_response
