"""Progress: ETA from the whole run's pace, unknown cost shown as unknown, a readable report."""

from __future__ import annotations

import io

import pytest

from gralgo.ledger import SampleRecord
from gralgo.run._progress import RunProgress, describe_run, eta_seconds, format_duration
from gralgo.run._runner import RunReport


def test_eta_uses_the_average_pace_even_for_slow_calls() -> None:
    assert eta_seconds(0.0, 0, 10) is None
    assert eta_seconds(120.0, 1, 10) == 1080.0  # one 2-minute call: 9 more to go
    assert format_duration(1080.0) == "0:18:00"
    assert format_duration(None) == "-:--:--"


def test_cost_is_unknown_without_a_price() -> None:
    progress = RunProgress(3)
    progress(SampleRecord("k", 0, "i", "m", answer_text="x", prompt_tokens=5,
                          completion_tokens=2))  # fmt: skip
    assert "cost unknown" in progress._stats() and "$" not in progress._stats()
    progress(SampleRecord("k", 1, "i", "m", answer_text="x", cost_usd=0.5))
    assert "cost $0.5000 (some unpriced)" in progress._stats()
    assert "ETA" in progress._times()


def test_run_report_is_one_readable_line() -> None:
    report = RunReport(done=18, errors={"Timeout": 2}, calls_made=22, retries=2,
                       elapsed_s=12.34)  # fmt: skip
    line = describe_run(report)
    assert line == (
        "18 samples answered, 2 failed (Timeout 2), 22 calls (2 retries, 0 rate-limited), 12.3 s"
    )
    assert "RunReport(" not in line
    io.StringIO(line)  # plain text


def test_the_bar_is_updated_at_its_refresh_rate_and_ends_on_the_last_sample() -> None:
    from rich.console import Console

    progress = RunProgress(500, console=Console(file=io.StringIO(), force_terminal=False))
    calls: list[dict[str, object]] = []
    real = progress._progress.update

    def counted(task: object, **fields: object) -> None:
        calls.append(fields)
        real(task, **fields)  # type: ignore[arg-type]

    progress._progress.update = counted  # type: ignore[method-assign]
    with progress:
        for i in range(500):  # far faster than 10 a second
            progress(SampleRecord("k", i, "i", "m", answer_text="x", prompt_tokens=1))
    assert 2 <= len(calls) <= 10, len(calls)  # not one update per sample
    shown = progress._progress.tasks[0]
    assert shown.completed == 500 and "tokens 500" in shown.fields["stats"]


def test_the_bar_prices_samples_by_the_jobs_configured_price() -> None:
    """The bar said "cost unknown" while the summary priced the same job from model.price."""
    from gralgo.report import sample_pricer

    pricer = sample_pricer("openai/stub-unpriced", {"input_per_1m": 1.0, "output_per_1m": 2.0})
    progress = RunProgress(2, cost=pricer)
    progress(SampleRecord("k", 0, "i", "m", answer_text="x", prompt_tokens=500_000,
                          completion_tokens=250_000))  # fmt: skip
    assert "cost $1.0000" in progress._stats() and "unknown" not in progress._stats()


def test_without_a_terminal_a_plain_line_is_logged_at_a_fixed_interval(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A job whose output is a log file (CI, Slurm) printed nothing for 28 minutes."""
    import logging
    import time

    from rich.console import Console

    monkeypatch.setenv("GRALGO_PROGRESS_EVERY_S", "0.05")
    caplog.set_level(logging.INFO, logger="gralgo")
    with RunProgress(4, console=Console(file=io.StringIO(), force_terminal=False)) as progress:
        progress(SampleRecord("k", 0, "i", "m", answer_text="x"))
        time.sleep(0.3)
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("sampling:")]
    assert len(lines) >= 2
    assert lines[-1].startswith("sampling: 1/4 samples (25 %), tokens 0  cost unknown  errors 0")
    with RunProgress(4, console=Console(file=io.StringIO(), force_terminal=True)):
        caplog.clear()
        time.sleep(0.2)
    assert not [r for r in caplog.records if r.getMessage().startswith("sampling:")]
