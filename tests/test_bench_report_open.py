"""``benchmarks/run_all.py`` records the report page's open time (issue 37), and
``bench_report_open`` skips with a row of its own where no Chromium is installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("quick", [False, True])
def test_run_all_runs_the_report_open_benchmark(quick: bool) -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import run_all
    finally:
        sys.path.remove(str(BENCHMARKS))
    runs = dict(run_all.plan(quick, "off"))
    assert runs["bench_report_open"][0] == "bench_report_open.py"


def test_without_chromium_it_writes_a_skipped_row_and_exits_0(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    env = {**os.environ, "GRALGO_CHROMIUM": str(tmp_path / "no-chromium")}
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_report_open.py"), "--json", str(rows)],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "skipped: no Chromium" in done.stdout
    (row,) = [json.loads(line) for line in rows.read_text().splitlines()]
    assert row["benchmark"] == "bench_report_open" and "no Chromium" in row["skipped"]
    assert row["samples"] == []
