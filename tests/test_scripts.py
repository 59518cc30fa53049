"""Setup scripts: a long compile prints a progress line, so a quiet terminal is not a hung one."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WITH_PROGRESS = REPO / "scripts" / "with_progress.sh"


def _run(*command: str) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "GRALGO_PROGRESS_EVERY_S": "1"}
    started = time.monotonic()
    done = subprocess.run(["bash", str(WITH_PROGRESS), "build", *command], env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    return done, time.monotonic() - started


def test_a_long_command_shows_progress_lines_and_its_own_output() -> None:
    done, seconds = _run("bash", "-c", "sleep 6; echo built")  # ~5 lines idle; >= 2 loaded
    assert done.returncode == 0, done.stderr
    assert done.stdout == "built\n"
    progress = [line for line in done.stderr.splitlines() if line.startswith("build: still")]
    assert len(progress) >= 2, done.stderr  # one a second while it ran (loaded machine: fewer)
    assert progress[0].startswith("build: still working (0 min elapsed;"), progress
    assert progress[0].endswith("installing: no compiler running)"), progress  # no compile
    assert done.stderr.splitlines()[-1] == "build: done in 0 min (exit status 0)"
    assert seconds < 30  # the progress loop does not outlive the command


def test_a_compile_is_called_a_compile(tmp_path: Path) -> None:
    """The line said "llama-cpp-python compiles" for 20 minutes while pip used its cached wheel;
    it now says which: compiling (compiler processes seen) or installing."""
    compiler = tmp_path / "cc1plus"  # a process named as GCC's C++ compiler
    shutil.copy("/bin/sleep", compiler)
    done, _ = _run(str(compiler), "2.5")
    lines = [line for line in done.stderr.splitlines() if line.startswith("build: still")]
    assert lines and "compiling: 1 compiler processes running)" in lines[-1], done.stderr


def test_a_failing_command_keeps_its_exit_status() -> None:
    done, _ = _run("bash", "-c", "exit 7")
    assert done.returncode == 7
    assert "still working" not in done.stderr
    assert done.stderr.splitlines()[-1] == "build: done in 0 min (exit status 7)"


def test_both_install_scripts_compile_under_the_progress_line() -> None:
    for name in ("setup.sh", "install_local_model.sh"):
        text = (REPO / "scripts" / name).read_text(encoding="utf-8")
        wrapped = text.split("scripts/with_progress.sh", 1)
        assert len(wrapped) == 2, f"{name}: the pip install is not under with_progress.sh"
        assert "-m pip install" in wrapped[1].splitlines()[1], name  # the very next line
        assert "close to an hour on a loaded 2-core machine" in text, name  # idle vs loaded


def test_readme_quotes_idle_and_loaded_times() -> None:
    """The setup and smoke-run times for an idle machine, with what a loaded one measured."""
    text = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert "≈6 min on 2 idle cores, close to an hour" in text and "(58 min measured)" in text
    assert "≈2 minutes on 2 idle cores, 22 minutes measured on a loaded 2-core machine" in text
    assert "prints a progress line every 30 s while it compiles" in text
    assert "completion tokens/s" in text


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    """`.ci/run` ends with the README's test command, which times the whole suite."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = readme.split("Run the tests", 1)[1].split("\n\n", 2)[1].strip()
    assert command == "bash scripts/setup_system.sh && bash scripts/test.sh"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == command
    suite = (REPO / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert "-n 2" in suite and '-m "not local_model"' in suite and "-m local_model" in suite
    assert "wall time" in suite
