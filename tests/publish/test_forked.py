"""A large job's transcripts written in a forked child: its value, its errors, its death, and
the same report folder as written in the job."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from gralgo.publish import _forked, write_reports
from gralgo.publish._forked import FORK_FROM_SAMPLES, forked

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="forks only on Linux")


@pytest.fixture
def no_other_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a job, where no other thread runs by its reports (a test process may hold threads
    of libraries other tests used, e.g. MLflow's)."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


@pytest.mark.usefixtures("no_other_thread")
def test_a_large_jobs_step_runs_in_a_child_and_a_small_jobs_in_the_job() -> None:
    assert forked(os.getpid, FORK_FROM_SAMPLES).result() != os.getpid()
    assert forked(os.getpid, FORK_FROM_SAMPLES - 1).result() == os.getpid()


def test_with_another_thread_alive_the_step_runs_in_the_job() -> None:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:  # a lock that thread holds would stay held forever in a forked child
        assert forked(os.getpid, FORK_FROM_SAMPLES).result() == os.getpid()
    finally:
        stop.set()
        thread.join()


def _fails() -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.usefixtures("no_other_thread")
def test_the_childs_error_is_raised_in_the_job_with_its_traceback() -> None:
    with pytest.raises(OSError, match="No space left") as raised:
        forked(_fails, FORK_FROM_SAMPLES).result()
    assert "_fails" in "".join(getattr(raised.value, "__notes__", []))


@pytest.mark.usefixtures("no_other_thread")
def test_a_child_that_dies_is_one_clear_error() -> None:
    with pytest.raises(RuntimeError, match="ended with wait status .* before it sent"):
        forked(lambda: os._exit(3), FORK_FROM_SAMPLES).result()


@pytest.mark.usefixtures("no_other_thread")
def test_cancel_stops_a_child_no_longer_wanted() -> None:
    pending = forked(lambda: time.sleep(60), FORK_FROM_SAMPLES)
    started = time.monotonic()
    pending.cancel()
    pending.cancel()  # idempotent
    assert time.monotonic() - started < 10


def _frame(instances: int) -> pd.DataFrame:
    rows = [
        {
            "instance_id": f"i{index}", "model": "m", "task": "max_degree",
            "taxonomy": "enumeration", "complexity": "easy", "level": 1 + index % 3,
            "format": "edge_list", "context": "standard", "sample_index": sample,
            "answer_text": f"so \\boxed{{{index % 5}}}", "reasoning_text": "ü" * (index % 7),
            "finish_reason": "stop", "error_class": None, "expected": "4",
            "answer_kind": "integer", "prompt_tokens": 1000, "completion_tokens": 500,
            "reasoning_tokens": 0, "cost_usd": None, "latency_s": 1.0 + index / 100,
            "request_key": f"k{index}", "prompt": f"prompt {index}", "graph_nodes": 5,
            "graph_edges": 4,
        }
        for index in range(instances)
        for sample in range(2)
    ]  # fmt: skip
    return pd.DataFrame(rows)


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)).replace(os.sep, "/"): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.usefixtures("no_other_thread")
def test_the_report_folder_is_the_same_written_forked_or_in_the_job(
    make_settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = make_settings("sampling.k=2", "report.bootstrap_resamples=20",
                             "mlflow.enabled=false").report_settings()  # fmt: skip
    frame = _frame(300)  # 600 samples: several shards
    children: list[int] = []
    fork = os.fork

    def counted() -> int:
        pid = fork()
        if pid:
            children.append(pid)
        return pid

    monkeypatch.setattr(_forked, "FORK_FROM_SAMPLES", 10**9)
    inline, inline_metrics = write_reports(frame, settings, tmp_path / "job")
    monkeypatch.setattr(_forked, "FORK_FROM_SAMPLES", 1)
    monkeypatch.setattr(os, "fork", counted)
    child, child_metrics = write_reports(frame, settings, tmp_path / "job-forked")
    assert len(children) == 1  # the samples files were written by a child
    rename = {str(tmp_path / "job"): str(tmp_path / "job-forked")}
    assert [str(p).replace(*next(iter(rename.items()))) for p in inline] == list(map(str, child))
    assert child_metrics == inline_metrics
    old, new = _files(tmp_path / "job"), _files(tmp_path / "job-forked")
    assert sorted(old) == sorted(new) and len([n for n in new if "report_data" in n]) > 2
    page = "report.html"  # it names its own folder
    assert old.pop(page).replace(b"/job<", b"/job-forked<") == new.pop(page)
    assert old == new
