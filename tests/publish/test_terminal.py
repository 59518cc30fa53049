"""The end-of-job summary: one table with intervals and cost, then where everything is."""

from __future__ import annotations

import fcntl
import io
import threading
from pathlib import Path

import pandas as pd
import pytest

from gralgo.publish._terminal import JobLocations, summary_text, write_atomically

METRICS = {
    "n_instances": 4.0, "n_incomplete": 1.0, "pass_at_k": 0.5, "pass_at_k_lo": 0.25,
    "pass_at_k_hi": 0.75, "cons_at_k": 0.25, "accuracy": 0.375, "accuracy_lo": 0.1,
    "accuracy_hi": 0.6, "share_wrong": 0.5, "share_error": 0.2, "prompt_tokens": 1200.0,
    "completion_tokens": 340.0, "wall_time_s": 12.5,
    "task/max_degree/n_instances": 2.0, "task/max_degree/pass_at_k": 1.0,
    "task/max_degree/cost_usd": 0.0123, "task/mst_weight/n_instances": 2.0,
    "task/mst_weight/pass_at_k": 0.0,
}  # fmt: skip


def test_summary_has_intervals_cost_and_locations(tmp_path: Path) -> None:
    locations = JobLocations(output_dir=tmp_path, report_html=tmp_path / "report.html",
                             run_id="abc123", ui_command="mlflow ui --backend-store-uri x",
                             ui_page="#/experiments/1/runs/abc123")  # fmt: skip
    text = summary_text(METRICS, 4, "stub · edge_list", locations)
    assert "pass@4" in text and "cons@4" in text
    assert "0.50 [0.25, 0.75]" in text and "0.38 [0.10, 0.60]" in text
    assert "incompl." in text
    assert "unknown price" in text and "$0.0123" in text  # all-tasks cost unknown; one known
    assert "1,200 / 340" in text
    rows = [line.split("│")[1].strip() for line in text.splitlines() if line.startswith("│")]
    assert rows == ["max_degree", "mst_weight", "all"]
    for expected in ("wall time      12.5 s", f"output folder  {tmp_path}", "report.html",
                     "MLflow run     abc123", "mlflow ui --backend-store-uri x",
                     "#/experiments/1/runs/abc123"):  # fmt: skip
        assert expected in text, expected
    assert "RunReport(" not in text


def test_summary_is_written_whole_under_the_lock(tmp_path: Path) -> None:
    lock = tmp_path / ".summary.lock"
    stream = io.StringIO()
    with open(lock, "a") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # another job is printing
        writer = threading.Thread(target=write_atomically, args=("TABLE\n", lock, stream))
        writer.start()
        writer.join(timeout=0.5)
        assert writer.is_alive() and stream.getvalue() == ""  # waits for the other job
    writer.join(timeout=5)
    assert stream.getvalue() == "TABLE\n"


def test_partial_job_says_so() -> None:
    partial = {**METRICS, "complete": 0.0, "samples_total": 16.0, "samples_done": 12.0}
    assert "PARTIAL RESULTS: 12 of 16 samples" in summary_text(partial, 4, "t")
    assert "PARTIAL" not in summary_text({**partial, "complete": 1.0}, 4, "t")


def test_printed_mlflow_link_opens_the_runs_table_view(tmp_path: Path) -> None:
    """The link opens the experiment's runs table in gralgo's shared view (metrics as columns),
    not only the run's own page."""
    from gralgo.publish import locations_for
    from gralgo.publish._terminal import summary_text

    where = locations_for(tmp_path, [], "abc123", "sqlite:///x.db", "7")
    text = summary_text({"pass_at_k": 0.5}, 2, "t", where)
    assert ("then open http://127.0.0.1:5000/#/experiments/7/runs?workflowType=machine_learning"
            "&viewStateShareKey=gralgo") in text  # fmt: skip
    assert "this run: http://127.0.0.1:5000/#/experiments/7/runs/abc123" in text


def test_summary_shows_the_model_speed() -> None:
    from gralgo.publish._terminal import summary_text
    from gralgo.report import tokens_per_second, usage_frame

    samples = pd.DataFrame({"completion_tokens": [100, 300, None], "latency_s": [2.0, 6.0, None],
                            "error_class": [None, None, "Missing"]})  # fmt: skip
    metrics = tokens_per_second(usage_frame(samples))
    assert metrics["completion_tokens_per_s"] == pytest.approx(400 / 8)
    text = summary_text({"pass_at_k": 0.5, **metrics}, 2, "t")
    assert "model speed    50.0 completion tokens/s per call" in text
    assert "model speed" not in summary_text({"pass_at_k": 0.5}, 2, "t")
