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


def _overthinking(settings: AnalyzeSettings, samples: pd.DataFrame, judge: Judge,
                  output: AnalysisOutput) -> None:
    from gralgo.analysis._overthinking import run_overthinking

    run_overthinking(samples, output, judge=judge,
                     prompt_template=settings.prompt("first_correct"),
                     markers=tuple(settings.option("markers") or ("wait", "but", "so")),
                     tokenizer=settings.option("tokenizer"))


PIPELINES: dict[str, Callable[[AnalyzeSettings, pd.DataFrame, Judge, AnalysisOutput], None]] = {
    "overthinking": _overthinking,
}
"""Analysis name -> pipeline (each writes its tables into the output)."""

TITLES = {
    "overthinking": "Over-thinking: outcome efficiency",
}


def run_analysis(settings: AnalyzeSettings, samples: pd.DataFrame | None = None
                 ) -> AnalysisResult:
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
    summary = output.finish(TITLES.get(settings.analysis, settings.analysis))
    run_id = None
    if settings.mlflow_enabled and not settings.dry_run:
        from gralgo.report._secrets import redact_config

        run_id = log_analysis(output, analysis=settings.analysis,
                              tracking_uri=settings.tracking_uri,
                              experiment_name=settings.experiment_name,
                              sources=settings.inputs, params=redact_config(settings.config))
    log.info("analysis %s written to %s", settings.analysis, settings.output_dir)
    return AnalysisResult(settings.output_dir, summary, dict(output.metrics), run_id)
