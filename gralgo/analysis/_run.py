"""``command=analyze``: read the inputs, run one analysis with its judge, write and log."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from gralgo.analysis._analyze_settings import JUDGE_STAGES, AnalyzeSettings
from gralgo.analysis._judge import Judge, open_judge
from gralgo.analysis._judge_plan import JudgePlan
from gralgo.analysis._output import AnalysisOutput, log_analysis
from gralgo.analysis._segmentation_method import Segmentation
from gralgo.errors import ConfigError, GralgoError

if TYPE_CHECKING:
    from gralgo.tracking import PreparedLogger

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
    insufficient: str | None = None
    """Which judge stage analysed nothing or parsed under ``analyze.min_parsed``, else
    ``None`` (the command exits 3 with this line)."""


def _segmentation(settings: AnalyzeSettings) -> Segmentation:
    """``analysis.segmentation`` and its keys, with the input jobs' ledgers for ``entropy``."""
    from dataclasses import replace

    from gralgo.analysis._segmentation_method import segmentation_from_options

    segmentation = segmentation_from_options(settings.options)
    if not segmentation.by_entropy:
        return segmentation
    from gralgo.analysis._entropy_pipeline import input_ledgers

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
    from gralgo.analysis._error_taxonomy import (
        DEFAULT_CLASSES,
        DEFAULT_OUTCOMES,
        run_error_taxonomy,
    )
    from gralgo.errors import ConfigError
    from gralgo.score import Outcome

    review = settings.option("review_labels")
    outcomes = tuple(str(o) for o in settings.option("outcomes") or DEFAULT_OUTCOMES)
    known = [o.value for o in Outcome if o.value != "error"]
    if not outcomes or set(outcomes) - set(known):
        raise ConfigError(f"analysis.outcomes must be a non-empty list of {known}, got {outcomes}")
    run_error_taxonomy(
        samples,
        output,
        judge=judge,
        sections_prompt=settings.prompt("sections"),
        labels_prompt=settings.prompt("labels"),
        classes={k: tuple(v) for k, v in (settings.option("classes") or DEFAULT_CLASSES).items()},
        max_per_task=_optional_int(settings, "max_responses_per_task"),
        outcomes=outcomes,
        review_sample=int(settings.option("review_sample", 50)),
        review_seed=int(settings.option("review_seed", 0)),
        review_labels=None if review is None else Path(str(review)),
    )


def _optional_int(settings: AnalyzeSettings, key: str) -> int | None:
    """``analysis.<key>``: a positive int or null (no cap)."""
    from gralgo.errors import ConfigError

    value = settings.option(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"analysis.{key} must be a positive integer or null, got {value!r}")
    return value


def _self_verification(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._self_verification import run_self_verification

    run_self_verification(
        samples,
        output,
        judge=judge,
        prompt_template=settings.prompt("behaviour"),
        segmentation=_segmentation(settings),
        max_segments=_optional_int(settings, "max_segments"),
        max_context_tokens=_optional_int(settings, "max_context_tokens"),
        resamples=settings.bootstrap_resamples,
    )


def _families(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._families import families_from_config, run_families

    families = families_from_config(settings.required("families"))
    run_families(
        samples,
        output,
        judge=judge,
        prompt_template=settings.prompt("family"),
        families=families,
        max_response_tokens=_optional_int(settings, "max_response_tokens"),
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
    from gralgo.analysis._entropy_pipeline import input_ledgers, run_entropy
    from gralgo.analysis._token_entropy import DEFAULT_VOCAB_SIZE

    run_entropy(
        samples,
        input_ledgers(settings.inputs),
        output,
        workers=int(settings.option("workers", 0)),
        min_count=int(settings.option("min_count", 5)),
        top=int(settings.option("top", 40)),
        quantile=float(settings.option("quantile", 0.95)),
        markers=tuple(settings.option("markers") or ("wait", "but", "so")),
        vocab_size=int(settings.option("vocab_size") or DEFAULT_VOCAB_SIZE),
        temperature=_optional_temperature(settings, "temperature"),
        logprobs_temperature=_optional_temperature(settings, "logprobs_temperature") or 1.0,
    )


def _trace_facts(
    settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge, output: AnalysisOutput
) -> None:
    from gralgo.analysis._trace_facts import instances_for, run_trace_facts

    dataset_dir, labels = settings.option("dataset_dir"), settings.option("judge_labels")
    run_trace_facts(
        samples,
        output,
        instances=instances_for(settings.inputs, dataset_dir and Path(str(dataset_dir))),
        segmentation=_segmentation(settings),
        tokenizer=settings.option("tokenizer"),
        judge_labels=labels and Path(str(labels)),
        workers=int(settings.option("workers", 0)),
        report_jobs=settings.inputs,
    )


def _optional_temperature(settings: AnalyzeSettings, key: str) -> float | None:
    """``analysis.<key>``: a positive temperature or null."""
    value = settings.option(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ConfigError(f"analysis.{key} must be a positive number or null, got {value!r}")
    return float(value)


Pipeline = Callable[[AnalyzeSettings, pd.DataFrame, Judge, AnalysisOutput], None]
"""One analysis: its settings, the responses, the judge, where it writes."""

PIPELINES: dict[str, Pipeline] = {
    "overthinking": _overthinking,
    "error_taxonomy": _error_taxonomy,
    "self_verification": _self_verification,
    "algorithm_families": _families,
    "correlation": _correlation,
    "entropy": _entropy,
    "trace_facts": _trace_facts,
}
"""Analysis name -> pipeline (each writes its tables into the output)."""

TITLES = {
    "entropy": "Token entropy",
    "trace_facts": "Trace facts: graph claims checked without a judge",
    "correlation": "Correlation with external benchmarks",
    "algorithm_families": "Algorithm families",
    "self_verification": "Self-verification and strategy shifts",
    "error_taxonomy": "Error taxonomy of wrong responses",
    "overthinking": "Over-thinking: outcome efficiency",
}


class JudgeBudgetError(GralgoError):
    """The judge plan may cost more than ``analyze.max_cost_usd`` (nothing was called)."""


def check_budget(plan: JudgePlan, max_cost_usd: float | None) -> None:
    """Refuse a plan whose cost upper bound is above the budget, or unknown under a budget
    (in batch mode the bound at the batch price: :attr:`JudgePlan.budget_bound_usd`)."""
    if max_cost_usd is None or not plan.requests:
        return
    bound = plan.budget_bound_usd
    at_batch = plan.batch is not None and plan.batch != "live"
    if bound is None:
        fix = (
            "(judge.price.batch_discount, or input_per_1m / output_per_1m)"
            if at_batch
            else "(judge.price.input_per_1m / output_per_1m)"
        )
        kind = "batch price" if at_batch else "price"
        raise JudgeBudgetError(
            f"the judge plan ({plan.requests} requests) has no known {kind}, so it cannot be "
            f"held to analyze.max_cost_usd={max_cost_usd}: set the judge's price {fix} or "
            "analyze.max_cost_usd=null"
        )
    if bound > max_cost_usd:
        where = " at the batch price" if at_batch else ""
        raise JudgeBudgetError(
            f"the judge plan may cost up to ${bound:,.4f}{where} ({plan.requests} requests, "
            f"every re-ask included), above analyze.max_cost_usd={max_cost_usd}; nothing was "
            "called (see the plan with dry_run=true)"
        )


def plan_judging(
    settings: AnalyzeSettings,
    samples: pd.DataFrame,
    pipeline: Callable[[AnalyzeSettings, pd.DataFrame, Judge, AnalysisOutput], None],
    output: AnalysisOutput,
) -> JudgePlan:
    """Run the pipeline with a judge that calls nothing, so every stage is planned from the
    ledger (a later stage from the earlier one's replies, or its fan-out cap); log the plan
    and add it to the output (``judge_plan.md``, ``plan.*`` metrics)."""
    with open_judge(
        settings.judge, settings.judge_ledger, dry_run=True, stages=settings.stage_judges
    ) as planner:
        planner.plan.batch = None if settings.batch is None else settings.batch.fallback
        pipeline(settings, samples, planner, output)
    plan = planner.plan
    text = f"## Judge plan\n\n{plan.markdown()}"
    log.info("judge plan of %s:\n%s", settings.analysis, plan.markdown())
    (output.directory / "judge_plan.md").write_text(text, encoding="utf-8")
    output.files.append(output.directory / "judge_plan.md")
    output.text(text)
    output.metrics["plan.requests"] = float(plan.requests)
    if plan.cost_bound_usd is not None:
        output.metrics["plan.cost_bound_usd"] = plan.cost_bound_usd
    if plan.batch is not None and plan.batch_cost_bound_usd is not None:
        output.metrics["plan.batch_cost_bound_usd"] = plan.batch_cost_bound_usd
    return plan


def run_analysis(settings: AnalyzeSettings, samples: pd.DataFrame | None = None) -> AnalysisResult:
    """Run ``settings.analysis`` on ``samples`` (default: read ``settings.inputs``)."""
    from gralgo.errors import UnknownChoiceError

    pipeline = PIPELINES.get(settings.analysis)
    if pipeline is None:
        raise UnknownChoiceError("analysis", settings.analysis, sorted(PIPELINES))
    stages = JUDGE_STAGES.get(settings.analysis, ())
    if settings.batch is not None and stages:
        from gralgo.analysis._judge_batch import check_batch_judge

        for stage in stages:
            check_batch_judge(settings.stage_judges.get(stage, settings.judge))
    unknown = sorted(set(settings.stage_judges) - set(stages))
    if unknown:
        raise ConfigError(
            f"analyze.judges: analysis={settings.analysis} has no stage {unknown}; "
            f"its judge stages are {list(stages) or 'none'}"
        )
    if not settings.mlflow_enabled or settings.dry_run:
        return _analyse(settings, pipeline, stages, samples, None)
    from gralgo.tracking import PreparedLogger

    with PreparedLogger() as logger:  # MLflow's import starts now, beside the analysis
        return _analyse(settings, pipeline, stages, samples, logger)


def _analyse(
    settings: AnalyzeSettings,
    pipeline: Pipeline,
    stages: Sequence[str],
    samples: pd.DataFrame | None,
    logger: PreparedLogger | None,
) -> AnalysisResult:
    """:func:`run_analysis` once its settings are checked, logged by ``logger``."""
    from gralgo.analysis._inputs import read_inputs

    if samples is None:
        samples = read_inputs(settings.inputs)
    output = AnalysisOutput(settings.output_dir, on_written=None if logger is None else logger.scan)
    unknown_window = sorted(
        {
            s.model.name
            for s in (settings.stage_judges.get(stage, settings.judge) for stage in stages)
            if s.context_tokens is None
        }
    )
    if unknown_window:
        line = (
            f"The context window of judge {', '.join(unknown_window)} is unknown: prompts were "
            "not fitted to it (a prompt that is too long fails and is counted as failed); set "
            "analyze.judge_context_tokens=N."
        )
        log.warning("%s", line)
        output.text(line + "\n")
    if stages:
        plan = plan_judging(settings, samples, pipeline, output)
        if settings.dry_run:
            output.text(f"dry run: nothing was called; {plan.requests} judge requests planned.\n")
        else:
            check_budget(plan, settings.max_cost_usd)
    incomplete = insufficient = None
    if not (stages and settings.dry_run):
        with open_judge(
            settings.judge,
            settings.judge_ledger,
            dry_run=settings.dry_run,
            stages=settings.stage_judges,
            batch=None if settings.dry_run else settings.batch,
        ) as judge:
            pipeline(settings, samples, judge, output)
        if judge.open_batches:
            from gralgo.errors import BatchSubmitted

            raise BatchSubmitted(
                f"submitted: {judge.open_batches} judge batch(es) still running at the "
                "provider; run the same command again to collect them and submit the next "
                "stage (nothing is paid twice)"
            )
        answered = judge.verdicts.get("ok", 0) + judge.verdicts.get("unparsed", 0)
        if answered:
            rate = judge.verdicts.get("ok", 0) / answered
            output.metrics["judge_parse_rate"] = rate
            output.text(
                f"Judge parse rate: {rate:.1%} of {answered} answered questions gave a valid "
                f"reply (after re-asks); verdicts {dict(sorted(judge.verdicts.items()))}.\n"
            )
        if not settings.dry_run:
            incomplete = mark_incomplete(judge, output)
            insufficient = mark_insufficient(judge, stages, settings.min_parsed, output)
    summary = output.finish(TITLES.get(settings.analysis, settings.analysis))
    run_id = None
    if settings.mlflow_enabled and not settings.dry_run:
        from gralgo.tracking import redact_config

        run_id = log_analysis(
            output,
            analysis=settings.analysis,
            tracking_uri=settings.tracking_uri,
            experiment_name=settings.experiment_name,
            sources=settings.inputs,
            params=redact_config(settings.config),
            logger=logger,
        )
    log.info("analysis %s written to %s", settings.analysis, settings.output_dir)
    return AnalysisResult(
        settings.output_dir, summary, dict(output.metrics), run_id, incomplete, insufficient
    )


def mark_incomplete(judge: Judge, output: AnalysisOutput) -> str | None:
    """Judge counts in the metrics; when verdicts failed or were never asked (the failure
    budget stopped the judge), a "Partial results" banner on the summary and every table, and
    the reason (else ``None``)."""
    counts = judge.verdicts
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


def stage_shortfalls(
    stage_verdicts: Mapping[str, Mapping[str, int]], stages: Sequence[str], min_parsed: float
) -> list[str]:
    """One phrase per judge stage that analysed nothing (asked the judge no question) or whose
    answered questions parsed under ``min_parsed`` (failed and pending ones are the
    incomplete path's: they are asked again on the next run)."""
    short = []
    for stage in stages:
        counts = stage_verdicts.get(stage, {})
        ok, unparsed = counts.get("ok", 0), counts.get("unparsed", 0)
        if not sum(counts.values()):
            short.append(
                f"stage {stage} analysed nothing (no response qualified, none fit the "
                "judge's context window, or the stage before it gave nothing: see 'What was "
                "cut' and judge_status)"
            )
        elif ok + unparsed and ok / (ok + unparsed) < min_parsed:
            short.append(
                f"stage {stage} parsed {ok} of {ok + unparsed} judge replies "
                f"({ok / (ok + unparsed):.0%} < analyze.min_parsed={min_parsed:g}: invalid "
                "JSON, labels off the list or refusals; see judge_status)"
            )
    return short


def mark_insufficient(
    judge: Judge, stages: Sequence[str], min_parsed: float, output: AnalysisOutput
) -> str | None:
    """When a judge stage analysed nothing or parsed under ``min_parsed``: a banner on the
    summary and every table, and the reason (else ``None``)."""
    short = stage_shortfalls(judge.stage_verdicts, stages, min_parsed)
    output.metrics["judge_sufficient"] = 0.0 if short else 1.0
    if not short:
        return None
    reason = "; ".join(short)
    banner = f"> **Not enough judged: {reason}.** The tables below rest on too little.\n\n"
    output.sections.insert(0, banner)
    for path in output.files:
        if path.suffix == ".md" and path.is_file():
            path.write_text(banner + path.read_text(encoding="utf-8"), encoding="utf-8")
    return reason
