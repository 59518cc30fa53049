"""``command=analyze``: read the inputs, run one analysis with its judge, write and log."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from gralgo.analysis._config import AnalyzeSettings
from gralgo.analysis._judge import Judge, open_judge
from gralgo.analysis._output import AnalysisOutput, log_analysis
from gralgo.analysis._segmenter import Segmentation

log = logging.getLogger("gralgo")


@dataclass(frozen=True)
class AnalysisResult:
    """What one analysis run wrote."""

    output_dir: Path
    summary: Path
    """``summary.md``: every table, with notes."""
    metrics: dict[str, float]
    run_id: str | None
    """The MLflow run, when logging is on."""
    incomplete: str | None = None
    """Why the results are partial (judge verdicts failed or never asked), else ``None``."""


def _segmentation(settings: AnalyzeSettings) -> Segmentation:
    """``analysis.segmentation`` and its keys, with the input jobs' ledgers for ``entropy``."""
    from dataclasses import replace

    from gralgo.analysis._segmenter import segmentation_from_options

    segmentation = segmentation_from_options(settings.options)
    if not segmentation.by_entropy:
        return segmentation
    from gralgo.analysis._entropy_analysis import input_ledgers

    return replace(segmentation, ledgers=tuple(input_ledgers(settings.inputs)))


def _overthinking(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._overthinking import run_overthinking

    run_overthinking(
        samples,
        output,
        judge=judge,
        prompt_template=settings.prompt("first_correct"),
        segmentation=_segmentation(settings),
        tokenizer=settings.option("tokenizer"),
        workers=int(settings.option("workers", 0)),
    )


def _error_taxonomy(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._error_taxonomy import DEFAULT_CLASSES, run_error_taxonomy

    review = settings.option("review_labels")
    max_per_task = settings.option("max_responses_per_task")
    run_error_taxonomy(
        samples,
        output,
        judge=judge,
        sections_prompt=settings.prompt("sections"),
        labels_prompt=settings.prompt("labels"),
        classes={k: tuple(v) for k, v in (settings.option("classes") or DEFAULT_CLASSES).items()},
        max_per_task=None if max_per_task is None else int(max_per_task),
        review_sample=int(settings.option("review_sample", 50)),
        review_seed=int(settings.option("review_seed", 0)),
        review_labels=None if review is None else Path(str(review)),
    )


def _self_verification(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._self_verification import run_self_verification

    max_segments = settings.option("max_segments", 40)
    run_self_verification(
        samples,
        output,
        judge=judge,
        prompt_template=settings.prompt("behaviour"),
        segmentation=_segmentation(settings),
        max_segments=None if max_segments is None else int(max_segments),
        max_context_chars=int(settings.option("max_context_chars", 12000)),
        resamples=settings.bootstrap_resamples,
    )


def _families(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._families import run_families

    families = {
        task: {str(k): str(v) for k, v in options.items()}
        for task, options in (settings.required("families")).items()
    }
    run_families(
        samples, output, judge=judge, prompt_template=settings.prompt("family"), families=families
    )


def _correlation(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._correlation import run_correlation

    path = Path(str(settings.option("scores_file", "external_scores.yaml")))
    run_correlation(
        samples,
        output,
        scores_file=path if path.is_absolute() else settings.prompts_dir / path,
        min_models=int(settings.option("min_models", 5)),
        resamples=settings.bootstrap_resamples,
    )


def _entropy(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._entropy_analysis import input_ledgers, run_entropy

    run_entropy(
        samples,
        input_ledgers(settings.inputs),
        output,
        workers=int(settings.option("workers", 0)),
        min_count=int(settings.option("min_count", 5)),
        top=int(settings.option("top", 40)),
        quantile=float(settings.option("quantile", 0.95)),
        markers=tuple(settings.option("markers") or ("wait", "but", "so")),
    )


PIPELINES: dict[str, Callable[[AnalyzeSettings, pd.DataFrame, Judge, AnalysisOutput], None]] = {
    "overthinking": _overthinking,
    "error_taxonomy": _error_taxonomy,
    "self_verification": _self_verification,
    "algorithm_families": _families,
    "correlation": _correlation,
    "entropy": _entropy,
}
"""Analysis name -> pipeline (each writes its tables into the output)."""

TITLES = {
    "entropy": "Token entropy",
    "correlation": "Correlation with external benchmarks",
    "algorithm_families": "Algorithm families",
    "self_verification": "Self-verification and strategy shifts",
    "error_taxonomy": "Error taxonomy of wrong responses",
    "overthinking": "Over-thinking: outcome efficiency",
}


def dry_run_note(judge: Judge) -> str:
    """What a dry run would ask: first asks not in the ledger, tokens, cost bound."""
    plan = judge.planned
    cost = (
        "unknown price"
        if plan.estimated_cost_usd is None or plan.cost_unknown
        else f"<= ${plan.estimated_cost_usd:,.2f}"
    )
    line = (
        f"dry run: nothing was called; {plan.calls_planned} judge requests are not in the "
        f"ledger ({plan.planned_prompt_tokens:,} prompt tokens, cost {cost}; re-asks and "
        "the questions that depend on earlier replies come on top)"
    )
    log.info("%s", line)
    return line + "\n"


def run_analysis(settings: AnalyzeSettings, samples: pd.DataFrame | None = None) -> AnalysisResult:
    """Run ``settings.analysis`` on ``samples`` (default: read ``settings.inputs``)."""
    from gralgo.analysis._inputs import read_inputs
    from gralgo.errors import UnknownChoiceError

    pipeline = PIPELINES.get(settings.analysis)
    if pipeline is None:
        raise UnknownChoiceError("analysis", settings.analysis, sorted(PIPELINES))
    if samples is None:
        samples = read_inputs(settings.inputs)
    output = AnalysisOutput(settings.output_dir)
    with open_judge(settings.judge, settings.judge_ledger, dry_run=settings.dry_run) as judge:
        pipeline(settings, samples, judge, output)
        if settings.dry_run:
            output.text(dry_run_note(judge))
    incomplete = None if settings.dry_run else mark_incomplete(judge, output)
    summary = output.finish(TITLES.get(settings.analysis, settings.analysis))
    run_id = None
    if settings.mlflow_enabled and not settings.dry_run:
        from gralgo.report import redact_config

        run_id = log_analysis(
            output,
            analysis=settings.analysis,
            tracking_uri=settings.tracking_uri,
            experiment_name=settings.experiment_name,
            sources=settings.inputs,
            params=redact_config(settings.config),
        )
    log.info("analysis %s written to %s", settings.analysis, settings.output_dir)
    return AnalysisResult(settings.output_dir, summary, dict(output.metrics), run_id, incomplete)


def mark_incomplete(judge: Judge, output: AnalysisOutput) -> str | None:
    """Judge counts in the metrics; when verdicts failed or were never asked (the failure
    budget stopped the judge), a "Partial results" banner on the summary and every table, and
    the reason (else ``None``)."""
    counts = judge.verdict_counts
    failed, pending = counts.get("failed", 0), counts.get("pending", 0)
    total = sum(counts.values())
    output.metrics.update(
        {"judge_failed": float(failed), "judge_pending": float(pending),
         "judge_verdicts": float(total)}
    )  # fmt: skip
    if not (failed or pending or judge.stop_reason):
        output.metrics["judge_complete"] = 1.0
        return None
    output.metrics["judge_complete"] = 0.0
    stopped = f"; the judge stopped: {judge.stop_reason}" if judge.stop_reason else ""
    reason = (
        f"incomplete: {total - failed - pending} of {total} judge verdicts ({failed} failed, "
        f"{pending} never asked){stopped}"
    )
    banner = (
        f"> **Partial results: {reason}.** The tables count only the answered queries; run the "
        "same command again to ask only the missing ones.\n\n"
    )
    output.sections.insert(0, banner)
    for path in output.files:
        if path.suffix == ".md" and path.is_file():
            path.write_text(banner + path.read_text(encoding="utf-8"), encoding="utf-8")
    return reason
