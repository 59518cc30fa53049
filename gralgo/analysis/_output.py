"""Where an analysis writes: Markdown + CSV tables, figures, metrics, and its MLflow run."""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from gralgo.analysis._judge_window import Cuts
    from gralgo.tracking import PreparedLogger

log = logging.getLogger("gralgo")


def _cell(value: object, digits: int) -> str:
    if isinstance(value, float):
        return "–" if math.isnan(value) else f"{value:.{digits}f}"
    return str(value)


def frame_markdown(frame: pd.DataFrame, digits: int = 3) -> str:
    """A GitHub-flavoured Markdown table of ``frame`` (floats with ``digits`` decimals)."""
    header = [str(c) for c in frame.columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for row in frame.itertuples(index=False):
        lines.append("| " + " | ".join(_cell(v, digits).replace("|", "\\|") for v in row) + " |")
    return "\n".join(lines) + "\n"


STATUSES = ("ok", "unparsed", "failed", "pending")


def status_table(
    frame: pd.DataFrame, column: str, by: Sequence[str] = ("model", "task", "taxonomy")
) -> pd.DataFrame:
    """Judge verdicts per group: one count column per status (``ok``, ``unparsed``...)."""
    groups = [c for c in by if c in frame.columns]
    if frame.empty:
        return pd.DataFrame(columns=[*groups, *STATUSES])
    counts = frame.groupby([*groups, column], sort=True).size().unstack(column, fill_value=0)
    for status in STATUSES:
        if status not in counts.columns:
            counts[status] = 0
    extra = sorted(c for c in counts.columns if c not in STATUSES)
    return counts[[*STATUSES, *extra]].reset_index().rename_axis(columns=None)


def add_caption(fig: Figure, caption: str) -> None:
    """Lay out ``fig`` with ``caption`` (what was cut or left out) as a small footer."""
    import textwrap

    if not caption:
        fig.tight_layout()
        return
    width = max(60, int(fig.get_figwidth() * 14))
    lines = textwrap.wrap(caption, width, break_on_hyphens=False)
    fig.text(0.01, 0.005, "\n".join(lines), fontsize=7, va="bottom", ha="left")
    fig.tight_layout(rect=(0, 0.03 * len(lines) + 0.02, 1, 1))


@dataclass
class AnalysisOutput:
    """The files of one analysis run, collected as they are written."""

    directory: Path
    files: list[Path] = field(default_factory=list)
    metrics: dict[str, float] = field(default_factory=dict)
    sections: list[str] = field(default_factory=list)
    """Markdown blocks of the summary, in order."""
    on_written: Callable[[Sequence[Path]], None] | None = None
    """Told of each file :meth:`written` hands over (the MLflow child scans it for secrets
    while the analysis goes on)."""

    def __post_init__(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)

    def written(self, path: Path) -> None:
        """``path`` is written and will not change: one of the run's files from now on."""
        self.files.append(path)
        if self.on_written is not None:
            self.on_written([path])

    def table(self, stem: str, frame: pd.DataFrame, title: str, note: str = "") -> None:
        """Write ``stem.csv`` and ``stem.md`` and add the table to the summary."""
        csv = self.directory / f"{stem}.csv"
        frame.to_csv(csv, index=False)
        markdown = f"## {title}\n\n{note + chr(10) + chr(10) if note else ''}"
        markdown += frame_markdown(frame)
        (self.directory / f"{stem}.md").write_text(markdown, encoding="utf-8")
        self.files += [csv, self.directory / f"{stem}.md"]
        self.sections.append(markdown)

    def text(self, markdown: str) -> None:
        self.sections.append(markdown)

    def cuts(self, cuts: Cuts) -> None:
        """What was left out or shortened: a summary section and ``cut.*`` metrics."""
        self.sections.append(f"## What was cut\n\n{cuts.text()}\n")
        self.metrics.update(cuts.metrics())

    def figure(self, path: Path) -> None:
        self.files.append(path)

    def finish(self, title: str) -> Path:
        """Write ``summary.md`` and ``metrics.json``; returns the summary's path."""
        summary = self.directory / "summary.md"
        summary.write_text(f"# {title}\n\n" + "\n".join(self.sections), encoding="utf-8")
        metrics = self.directory / "metrics.json"
        clean = {k: v for k, v in self.metrics.items() if not math.isnan(v)}
        metrics.write_text(json.dumps(clean, indent=2, sort_keys=True), encoding="utf-8")
        self.files += [summary, metrics]
        return summary


def source_run_id(job_dir: Path) -> str | None:
    """The MLflow run id an evaluation job recorded in its ``job.json`` (or, in a folder of an
    older gralgo, in ``mlflow_run_id.txt``), if any."""
    from gralgo.results import ResultsError, read_job

    try:
        run = read_job(job_dir).mlflow
    except ResultsError:
        run = None
    if run is not None:
        return run.run_id
    marker = Path(job_dir) / "mlflow_run_id.txt"
    if marker.is_file():
        return marker.read_text(encoding="utf-8").strip() or None
    return None


def log_analysis(
    output: AnalysisOutput,
    *,
    analysis: str,
    tracking_uri: str,
    experiment_name: str,
    sources: Sequence[Path],
    params: Mapping[str, Any],
    logger: PreparedLogger | None = None,
) -> str:
    """One MLflow run for the analysis, nested under the evaluation run when there is exactly
    one source, and tagged with every source's run id and folder either way; logged by
    ``logger``'s child when given (it has imported MLflow meanwhile), else here."""
    from gralgo.tracking import flatten_params, log_run

    run_ids = [rid for rid in (source_run_id(s) for s in sources) if rid]
    tags = {
        "gralgo.analysis": analysis,
        "gralgo.source_jobs": ",".join(str(s) for s in sources)[:4000],
        "gralgo.source_run_ids": ",".join(run_ids),
    }
    if len(run_ids) == 1:
        tags["gralgo.source_run_id"] = run_ids[0]
    return (log_run if logger is None else logger.log_run)(
        tracking_uri=tracking_uri,
        experiment_name=experiment_name,
        run_name=f"analysis {analysis}",
        params=flatten_params(params),
        tags=tags,
        metrics=output.metrics,
        artifacts=[p for p in output.files if p.is_file()],
        parent_run_id=run_ids[0] if len(run_ids) == 1 else None,
    )
