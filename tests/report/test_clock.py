"""A job's wall time is the whole process's, split into its parts."""

from __future__ import annotations

import subprocess
import sys
import time

from gralgo.report import JobClock, retimed_summary
from gralgo.report._clock import seconds_since_process_start, wall_time_line


def test_process_age_counts_from_the_interpreter_start() -> None:
    code = (
        "import time; time.sleep(0.6)\n"
        "from gralgo.report._clock import seconds_since_process_start as s; print(s())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 0.6 <= float(out.stdout) < 30
    assert seconds_since_process_start() > 0


def test_parts_add_up_to_the_wall_time() -> None:
    clock = JobClock.from_process_start()
    time.sleep(0.05)
    clock.lap("calls")
    time.sleep(0.02)
    clock.lap("reports")
    metrics = clock.metrics()
    assert metrics["time_calls_s"] >= 0.05 and metrics["time_reports_s"] >= 0.02
    assert metrics["time_start_up_s"] > 0  # this process started before the clock
    parts = sum(v for k, v in metrics.items() if k.startswith("time_"))
    assert abs(metrics["wall_time_s"] - parts) < 0.01


def test_wall_time_line_names_each_part() -> None:
    line = wall_time_line(
        {"wall_time_s": 24.6, "time_start_up_s": 2.1, "time_calls_s": 3.0, "time_mlflow_s": 1.0}
    )
    assert line == "wall time      24.6 s (start-up 2.1, calls 3.0, MLflow 1.0)"
    assert wall_time_line({"wall_time_s": 12.5}) == "wall time      12.5 s"
    assert wall_time_line({}) is None


def test_a_reused_summary_gets_this_jobs_time() -> None:
    stored = "table\nwall time      24.6 s (calls 3.0)\noutput folder  /x\n"
    text = retimed_summary(stored, {"wall_time_s": 0.8, "time_start_up_s": 0.7})
    assert (
        text == "table\nwall time      0.8 s (start-up 0.7) (results reused)\noutput folder  /x\n"
    )
    assert retimed_summary("table\n", {"wall_time_s": 0.8}) == "table\n"


def test_each_job_of_a_process_counts_from_its_own_start() -> None:
    """A sweep's jobs share one process: the second job's wall time does not include the
    first's (it was counted from the process's start, 50 / 65 / 75 s against 11 / 9 / 7 s)."""
    first = JobClock.from_process_start()
    time.sleep(0.3)
    first.lap("reports")
    second = JobClock.from_process_start()
    time.sleep(0.05)
    second.lap("calls")
    metrics = second.metrics()
    assert 0.05 <= metrics["wall_time_s"] < 0.25
    assert metrics["time_start_up_s"] < 0.2
    assert metrics["cpu_time_s"] < first.metrics()["cpu_time_s"] + 0.2
