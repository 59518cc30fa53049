"""The summary a job prints when it ends: one results table, then where everything is.

Built from the job's flat metrics (:mod:`gralgo.report._flat_metrics`), so it shows exactly what
MLflow holds. The whole text is written with one ``write`` call while holding a lock file next
to the outputs, so the summaries of parallel jobs (Hydra's joblib launcher) never interleave.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from gralgo.report import wall_time_line

SHARES: tuple[tuple[str, str], ...] = (
    ("share_wrong", "wrong"), ("share_no_answer", "no ans."), ("share_truncated", "trunc."),
    ("share_error", "error"),
)  # fmt: skip


@dataclass(frozen=True)
class JobLocations:
    """Where a job's results are."""

    output_dir: Path
    """The job's output folder."""
    report_html: Path | None
    """The transcript viewer, when written."""
    run_id: str | None
    """The MLflow run, when MLflow is on."""
    ui_command: str | None
    """The shell command that opens the MLflow UI."""
    ui_page: str | None
    """The runs table to open in that UI (path after the server address): every run of the
    experiment with accuracy, its interval, cost and tokens as the first columns."""
    run_page: str | None = None
    """This job's own run page in that UI."""


def _score(metrics: Mapping[str, float], prefix: str, name: str) -> str:
    value = metrics.get(prefix + name)
    if value is None:
        return "–"
    low, high = metrics.get(f"{prefix}{name}_lo"), metrics.get(f"{prefix}{name}_hi")
    if low is None or high is None:
        return f"{value:.2f}"
    return f"{value:.2f} [{low:.2f}, {high:.2f}]"


def _guess(metrics: Mapping[str, float], prefix: str, *names: str) -> str:
    """Guessing baselines ``0.43 / 0.63``; ``n too small`` where a cell had too few instances
    (a group with instances but no baseline)."""
    from gralgo.score import TOO_SMALL

    if not metrics.get(prefix + "n_instances"):
        return "–"
    values = [metrics.get(prefix + name) for name in names]
    if any(v is None for v in values):
        return TOO_SMALL
    return " / ".join(f"{v:.2f}" for v in values if v is not None)


def _hard(metrics: Mapping[str, float], prefix: str) -> str:
    """The hard split's pass@k with its n; ``absent`` when it has no instance (not 0)."""
    n = int(metrics.get(prefix + "hard_n_instances", 0))
    value = metrics.get(prefix + "hard_pass_at_k")
    return "absent" if not n or value is None else f"{value:.2f} (n={n})"


def _share(metrics: Mapping[str, float], key: str) -> str:
    value = metrics.get(key)
    return "–" if value is None else f"{value:.0%}"


def _tokens(metrics: Mapping[str, float], prefix: str) -> str:
    prompt = metrics.get(prefix + "prompt_tokens")
    completion = metrics.get(prefix + "completion_tokens")
    if prompt is None and completion is None:
        return "–"
    return f"{int(prompt or 0):,} / {int(completion or 0):,}"


def _cost(metrics: Mapping[str, float], prefix: str) -> str:
    cost = metrics.get(prefix + "cost_usd")
    return "unknown price" if cost is None else f"${cost:,.4f}"


CUT_NOTE_FROM = 0.2
"""The share of replies cut before an answer from which the summary says what that means."""


def throughput_line(metrics: Mapping[str, float]) -> str:
    """``model speed    42.0 completion tokens/s per call``: how fast the model answered (from
    the calls' latencies, so a resumed job reports the speed of the calls it stored); empty
    when unknown."""
    speed = metrics.get("completion_tokens_per_s")
    if not speed:
        return ""
    return f"model speed    {speed:,.1f} completion tokens/s per call"


def groups_of(metrics: Mapping[str, float], by: str) -> list[str]:
    """The values of breakdown ``by`` present in ``metrics`` (``task/<value>/n_instances``)."""
    head, tail = f"{by}/", "/n_instances"
    return sorted(k[len(head):-len(tail)] for k in metrics if k.startswith(head)
                  and k.endswith(tail))  # fmt: skip


def summary_text(
    metrics: Mapping[str, float],
    k: int,
    title: str,
    locations: JobLocations | None = None,
    width: int = 230,
) -> str:
    """The summary as plain text (a Rich table without colour)."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{title}: results (95 % bootstrap intervals)", title_justify="left")
    columns = ["task", "inst.", "incompl.", f"pass@{k}", f"guess p@{k}", f"cons@{k}",
               f"guess c@{k}", "accuracy", f"hard p@{k}", "best heur.",
               *(label for _, label in SHARES), "tokens in / out", "cost"]  # fmt: skip
    for column in columns:
        table.add_column(column, justify="left" if column == "task" else "right", no_wrap=True)
    rows = [(name, f"task/{name}/") for name in groups_of(metrics, "task")] + [("all", "")]
    for name, prefix in rows:
        table.add_row(
            name, str(int(metrics.get(prefix + "n_instances", 0))),
            str(int(metrics.get(prefix + "n_incomplete", 0))),
            _score(metrics, prefix, "pass_at_k"),
            _guess(metrics, prefix, "guess_pass_draws", "guess_pass_top_k"),
            _score(metrics, prefix, "cons_at_k"), _guess(metrics, prefix, "guess_cons"),
            _score(metrics, prefix, "accuracy"), _hard(metrics, prefix),
            _score(metrics, prefix, "best_heuristic"),
            *(_share(metrics, prefix + key) for key, _ in SHARES),
            _tokens(metrics, prefix), _cost(metrics, prefix),
            end_section=name != "all" and prefix == rows[-2][1],
        )  # fmt: skip
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False)
    console.print(table)
    lines = [
        f"guess p@{k}: a blind guesser's pass@{k}, {k} draws from / the {k} most common "
        "of each task and level's other answers; guess c@k: the most common one (paper "
        "split; n too small: a cell under 5 instances); hard p@k: the hard split (n: its "
        "instances; absent: none); best heur.: the better of the most accurate named "
        "heuristic and guessing, per task and level, averaged over the instances"
    ]
    cut = metrics.get("share_truncated", 0.0)
    if cut >= CUT_NOTE_FROM:
        lines.append(
            f"trunc.: {cut:.0%} of the replies reached max_tokens before a boxed answer: raise "
            "sampling.max_tokens if the model was still working (a model that never ends its "
            "turn, like the embedded 270M base model, fills any cap)"
        )
    if metrics.get("complete", 1.0) < 1.0 and "samples_total" in metrics:
        lines.append(f"PARTIAL RESULTS: {int(metrics.get('samples_done', 0))} of "
                     f"{int(metrics['samples_total'])} samples; re-run the same command to "
                     "complete them (nothing is paid twice)")  # fmt: skip
    wall = wall_time_line(metrics)
    if wall is not None:
        lines.append(wall)
    speed = throughput_line(metrics)
    if speed:
        lines.append(speed)
    if locations is not None:
        lines.append(f"output folder  {locations.output_dir}")
        if locations.report_html is not None:
            lines.append(f"samples        {locations.report_html}  (open in a browser)")
        if locations.run_id:
            lines.append(f"MLflow run     {locations.run_id}")
        if locations.ui_command:
            lines.append(f"MLflow UI      {locations.ui_command}")
        if locations.ui_page:
            lines.append(f"               then open http://127.0.0.1:5000/{locations.ui_page}")
        if locations.run_page:
            lines.append(f"               this run: http://127.0.0.1:5000/{locations.run_page}")
    return buffer.getvalue() + "\n".join(lines) + ("\n" if lines else "")


def write_atomically(text: str, lock_path: Path, stream: IO[str] | None = None) -> None:
    """Write ``text`` in one call while holding ``lock_path`` (an advisory ``flock``)."""
    target = sys.stdout if stream is None else stream
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "a", encoding="utf-8") as lock:
        try:
            import fcntl

            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - Windows: no flock, best effort
            pass
        target.write(text)
        target.flush()


def print_job_summary(
    metrics: Mapping[str, float],
    k: int,
    title: str,
    locations: JobLocations,
    lock_dir: Path,
    stream: IO[str] | None = None,
) -> str:
    """Print :func:`summary_text` to stdout under ``lock_dir/.summary.lock``; return the text."""
    text = summary_text(metrics, k, title, locations)
    write_atomically(text, lock_dir / ".summary.lock", stream)
    return text


def locations_for(
    output_dir: Path,
    artifacts: Sequence[Path],
    run_id: str | None,
    tracking_uri: str | None,
    experiment_id: str | None,
) -> JobLocations:
    """The :class:`JobLocations` of a finished job."""
    from gralgo.tracking import ui_command, ui_path

    html = next((p for p in artifacts if p.name == "report.html"), None)
    return JobLocations(
        output_dir=output_dir.resolve(),
        report_html=None if html is None else html.resolve(),
        run_id=run_id,
        ui_command=None if tracking_uri is None or run_id is None else ui_command(tracking_uri),
        ui_page=None if experiment_id is None else ui_path(experiment_id),
        run_page=None if experiment_id is None or not run_id else ui_path(experiment_id, run_id),
    )
