"""Report steps in a forked child: done when waited for, a failure raised as in process (its
own exception, the child's traceback beside it), in process with GRALGO_FORK=off; a job's
report folder is the same bytes either way."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from gralgo.publish._background import FORK_ENV, BackgroundError, forking, in_background
from gralgo.score import ScoringInputError

pytestmark = pytest.mark.skipif(not forking(), reason="forks on Linux only")


def _write_pid(path: Path, text: str) -> None:
    path.write_text(f"{os.getpid()} {text}")


def _fail(message: str) -> None:
    raise ScoringInputError(message)


class _Unpicklable(Exception):
    def __init__(self, handle: Any) -> None:
        super().__init__("cannot pickle me")
        self.handle = handle

    def __reduce__(self) -> Any:
        raise TypeError("no")


def _fail_unpicklable() -> None:
    raise _Unpicklable(lambda: None)


def test_a_step_runs_in_a_child_and_is_done_when_waited_for(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    step = in_background("the step", _write_pid, out, "done")
    step.wait()
    pid, text = out.read_text().split()
    assert text == "done" and int(pid) != os.getpid()
    step.wait()  # waiting again is harmless


def test_a_failure_is_raised_as_its_own_exception_with_the_childs_traceback() -> None:
    step = in_background("the figure", _fail, "nothing to plot")
    with pytest.raises(ScoringInputError, match="nothing to plot") as caught:
        step.wait()
    cause = caught.value.__cause__
    assert isinstance(cause, BackgroundError)
    assert "the figure failed in a child process (exit status 1)" in str(cause)
    assert "_fail" in str(cause)  # the child's traceback
    weird = in_background("the figure", _fail_unpicklable)
    with pytest.raises(BackgroundError, match="cannot pickle me"):
        weird.wait()


def test_off_runs_the_step_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FORK_ENV, "off")
    out = tmp_path / "out.txt"
    in_background("the step", _write_pid, out, "now")
    assert out.read_text() == f"{os.getpid()} now"  # done before it is waited for
    with pytest.raises(ScoringInputError):
        in_background("the figure", _fail, "at once")


def test_a_job_report_folder_is_the_same_with_and_without_a_child(
    make_settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, job_frame: Any
) -> None:
    import gralgo.publish._summary as summary
    from gralgo.publish import write_reports

    monkeypatch.setattr(summary, "FORK_MIN_SAMPLES", 1)  # a small job draws in process
    settings = make_settings("sampling.k=2", "report.bootstrap_resamples=20").report_settings()
    folders = {}
    for mode in ("on", "off"):
        monkeypatch.setenv(FORK_ENV, mode)
        folders[mode] = tmp_path / mode
        artifacts, _, _ = write_reports(job_frame, settings, folders[mode])
        assert all(p.is_file() for p in artifacts)
        names = sorted(p.name for p in folders[mode].rglob("*"))
        assert not any(n.endswith(".records") for n in names)  # no part file left behind
    page = (folders["on"] / "report.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in page  # the figure drawn in the child is on the page
    for name in ("report.html", "accuracy_by_level.png", "samples.jsonl"):
        on, off = (folders[m] / name for m in ("on", "off"))
        text_on, text_off = on.read_bytes(), off.read_bytes()
        if name == "report.html":  # the page names its own folder
            text_on = text_on.replace(str(folders["on"].resolve()).encode(), b"F")
            text_off = text_off.replace(str(folders["off"].resolve()).encode(), b"F")
        assert text_on == text_off, name


def test_a_small_job_draws_its_figure_in_process(
    make_settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, job_frame: Any
) -> None:
    import gralgo.publish._summary as summary
    from gralgo.publish import write_reports

    forks: list[bool] = []
    real = summary.in_background

    def recorded(name: str, step: Any, *args: Any, fork: bool = True, **kwargs: Any) -> Any:
        forks.append(fork)
        return real(name, step, *args, fork=fork, **kwargs)

    monkeypatch.setattr(summary, "in_background", recorded)
    settings = make_settings("sampling.k=2", "report.bootstrap_resamples=20").report_settings()
    write_reports(job_frame, settings, tmp_path / "small")
    monkeypatch.setattr(summary, "FORK_MIN_SAMPLES", 4)  # the frame's 4 samples
    write_reports(job_frame, settings, tmp_path / "large")
    assert forks == [False, True]


def _killed_in_the_child(path: Path, parent: int) -> None:
    import signal

    if os.getpid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)  # the OOM killer, say: no traceback, no report
    _write_pid(path, "redrawn")


def test_a_child_killed_without_a_word_has_its_step_done_in_process(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 34, item 6: the figure's child dying no longer costs the page (no report.html at
    all before): the figure is drawn in process, and a WARNING says so."""
    out = tmp_path / "figure.txt"
    step = in_background("the figure", _killed_in_the_child, out, os.getpid())
    with caplog.at_level("WARNING", logger="gralgo"):
        step.wait()
    pid, text = out.read_text().split()
    assert (int(pid), text) == (os.getpid(), "redrawn")
    assert "the figure: its child process died (exit status -9)" in caplog.text
