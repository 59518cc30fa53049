"""Batch progress from the provider's request counts: a log line off a terminal, a Rich bar on
one (its own, or a row of the job's display), with an ETA from the pace since the first poll."""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass

import pytest

from gralgo.run import BatchProgress, RunProgress
from gralgo.run.batch._batch_progress import batch_eta, progress_line


@dataclass(frozen=True)
class Counts:
    done: int
    total: int
    final: bool = False


def test_eta_is_the_pace_since_the_first_poll() -> None:
    assert batch_eta(10.0, 0, 50) is None  # nothing finished since: unknown
    assert batch_eta(10.0, 5, 50) == 100.0
    assert progress_line(25, 100, 2, 100.0) == (
        "batch: 25/100 requests done in 2 running batch(es) (25%), ETA 0:01:40"
    )


def test_off_a_terminal_each_poll_is_one_log_line(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = iter([100.0, 110.0, 120.0])
    monkeypatch.setattr("gralgo.run.batch._batch_progress.time.monotonic", lambda: next(clock))
    progress = BatchProgress(tty=False)
    with caplog.at_level(logging.INFO, logger="gralgo"):
        assert progress.update([]) is None  # nothing running: nothing shown
        first = progress.update([Counts(40, 100), Counts(0, 100)])
        second = progress.update([Counts(60, 100), Counts(20, 100)])
        ended = progress.update([Counts(100, 100, final=True), Counts(50, 100)])
    # 40 done before the first poll do not count towards the pace: 40 more in 10 s, 120 left;
    # then 110 in 20 s, 50 left
    assert first == "batch: 40/200 requests done in 2 running batch(es) (20%), ETA -:--:--"
    assert second == "batch: 80/200 requests done in 2 running batch(es) (40%), ETA 0:00:30"
    assert ended == "batch: 150/200 requests done in 1 running batch(es) (75%), ETA 0:00:09"
    assert [r.getMessage() for r in caplog.records] == [first, second, ended]


def test_on_a_terminal_it_is_a_bar() -> None:
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=120, color_system=None)
    with BatchProgress("at the provider", tty=True, console=console) as progress:
        progress.update([Counts(3, 10), Counts(2, 10)])
    text = out.getvalue()
    assert "at the provider" in text and "5/20" in text
    assert "2 running batch(es)" in text and "ETA -:--:--" in text
    assert "━" in text  # the bar


def test_a_row_of_the_jobs_own_display() -> None:
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=140, color_system=None)
    with RunProgress(20, "batch", console=console) as host:
        BatchProgress("at the provider", host=host, tty=True).update([Counts(7, 20)])
    text = out.getvalue()
    assert "batch" in text and "0/20" in text  # the job's own row: samples stored
    assert "at the provider" in text and "7/20" in text and "1 running batch(es)" in text
