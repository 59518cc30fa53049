"""A live progress bar for a run: done / total, tokens, cost, errors, ETA; and a run's summary line.

The ETA is the whole run's average pace (elapsed / done × remaining), not Rich's 30-second speed
window, which shows "-:--:--" whenever calls take longer than that. A cost is shown only when
a price is known: an unknown price is "cost unknown", never "$0.0000".
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any

from gralgo.ledger import SampleRecord


def eta_seconds(elapsed_s: float, done: int, total: int) -> float | None:
    """Seconds left at the average pace so far; ``None`` before the first sample."""
    if done <= 0 or elapsed_s <= 0:
        return None
    return max(0.0, elapsed_s / done * (total - done))


def format_duration(seconds: float | None) -> str:
    """``h:mm:ss`` (``-:--:--`` when unknown)."""
    if seconds is None:
        return "-:--:--"
    whole = int(round(seconds))
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def describe_run(report: Any) -> str:
    """One readable line for a ``RunReport`` (instead of its dataclass repr)."""
    errors = sum(report.errors.values())
    parts = [f"{report.done} samples answered", f"{errors} failed"]
    if report.errors:
        parts[-1] += " (" + ", ".join(f"{k} {v}" for k, v in sorted(report.errors.items())) + ")"
    parts.append(f"{report.calls_made} calls ({report.retries} retries, "
                 f"{report.rate_limited} rate-limited)")  # fmt: skip
    parts.append(f"{report.elapsed_s:.1f} s")
    if report.fatal_stopped:
        parts.append(f"stopped early: {report.stop_reason}; {report.not_started} not started")
    return ", ".join(parts)


UPDATE_S = 0.1
"""Least time between two updates of the bar by samples (its refresh rate)."""
PLAIN_EVERY_S = 30.0
"""Seconds between two plain progress lines when the output is no terminal (a log file, CI,
Slurm), where the bar cannot redraw; ``GRALGO_PROGRESS_EVERY_S`` sets another interval."""
log = logging.getLogger("gralgo")


def plain_interval() -> float:
    """:data:`PLAIN_EVERY_S`, or ``GRALGO_PROGRESS_EVERY_S`` when set to a positive number."""
    try:
        value = float(os.environ.get("GRALGO_PROGRESS_EVERY_S", PLAIN_EVERY_S))
    except ValueError:
        return PLAIN_EVERY_S
    return value if value > 0 else PLAIN_EVERY_S


class RunProgress:
    """Rich progress bar fed by the runner's ``on_progress`` callback.

    ``cost`` prices a sample record by the job's one pricing rule
    (``gralgo.report.sample_pricer``: the configured ``model.price``, else litellm's stored
    cost), so the bar, the plan and the summary agree. When the output is no terminal the bar
    cannot redraw: a plain line is logged every :func:`plain_interval` seconds instead.
    """

    def __init__(
        self,
        total: int,
        description: str = "sampling",
        console: Any = None,
        cost: Callable[[SampleRecord], float | None] | None = None,
    ) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
        )
        from rich.text import Text

        progress = self

        class TimesColumn(ProgressColumn):
            """Elapsed and ETA, recomputed at every refresh (not only when a sample lands)."""

            def render(self, task: Any) -> Text:
                return Text(task.fields.get("times") or progress._times())

        self.total = total
        self.description = description
        self._cost = cost or (lambda record: record.cost_usd)
        self._stop_plain = threading.Event()
        self._plain: threading.Thread | None = None
        self.done = 0
        self.tokens = 0
        self.cost = 0.0
        self.priced = 0
        self.errors = 0
        self._started = time.monotonic()
        self._next_update = self._started
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[stats]}"),
            TimesColumn(),
            transient=False,
            console=console,
        )
        self._task = self._progress.add_task(description, total=total, stats=self._stats())

    def _stats(self) -> str:
        cost = f"cost ${self.cost:,.4f}" if self.priced else "cost unknown"
        if self.priced and self.priced < self.done - self.errors:
            cost += " (some unpriced)"
        return f"tokens {self.tokens:,}  {cost}  errors {self.errors}"

    def _times(self) -> str:
        elapsed = time.monotonic() - self._started
        eta = eta_seconds(elapsed, self.done, self.total)
        return f"{format_duration(elapsed)} ETA {format_duration(eta)}"

    def __call__(self, record: SampleRecord) -> None:
        self.done += 1
        self.tokens += (record.prompt_tokens or 0) + (record.completion_tokens or 0)
        cost = self._cost(record)
        if cost is not None:
            self.cost += cost
            self.priced += 1
        self.errors += 0 if record.ok else 1
        now = time.monotonic()
        if now >= self._next_update:  # the bar redraws 10 times a second: no faster updates
            self._next_update = now + UPDATE_S
            self._update()

    def _update(self) -> None:
        self._progress.update(self._task, completed=self.done, stats=self._stats())

    def hide_main(self) -> None:
        """Show only the rows added with :meth:`add_row`."""
        self._progress.update(self._task, visible=False)

    def add_row(self, description: str) -> int:
        """Another row in this display (e.g. a batch's requests done at the provider), which its
        owner fills with :meth:`update_row`."""
        return int(self._progress.add_task(description, total=None, stats="", times=" "))

    def update_row(self, row: int, done: int, total: int, stats: str, times: str) -> None:
        from rich.progress import TaskID

        self._progress.update(TaskID(row), completed=done, total=total, stats=stats, times=times)

    def plain_line(self) -> str:
        """The progress as one line of text (logged when the output is no terminal)."""
        share = f" ({100 * self.done / self.total:.0f} %)" if self.total else ""
        return (f"{self.description}: {self.done:,}/{self.total:,} samples{share}, "
                f"{self._stats()}, {self._times()}")  # fmt: skip

    def _log_plain_lines(self, every_s: float) -> None:
        while not self._stop_plain.wait(every_s):
            log.info("%s", self.plain_line())

    def __enter__(self) -> RunProgress:
        self._progress.start()
        if not self._progress.console.is_terminal:
            self._plain = threading.Thread(
                target=self._log_plain_lines, args=(plain_interval(),), daemon=True,
                name="gralgo-progress",
            )  # fmt: skip
            self._plain.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._update()  # the last samples counted since the last update
        self._stop_plain.set()
        if self._plain is not None:
            self._plain.join()
        self._progress.stop()
