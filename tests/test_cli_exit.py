"""``python -m gralgo`` ends without the interpreter's teardown, yet as ``sys.exit`` would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.__main__ import exit_code

REPO = Path(__file__).resolve().parents[1]

PROGRAM = """
import atexit, sys, threading, time, runpy
from pathlib import Path
out = Path(sys.argv[1])
def late():
    time.sleep(0.3)
    out.with_suffix(".thread").write_text("joined")
threading.Thread(target=late).start()
atexit.register(lambda: out.with_suffix(".atexit").write_text("ran"))
class Teardown:
    def __del__(self):
        out.with_suffix(".teardown").write_text("freed")
keep = Teardown()
sys.stdout.write("unflushed")
sys.argv = ["gralgo", *sys.argv[2:]]
runpy.run_module("gralgo", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    ("args", "status"), [(["--help"], 0), (["level=99"], 2), (["task=no_such_task"], 2)]
)
def test_exit_keeps_status_handlers_threads_and_output(
    tmp_path: Path, args: list[str], status: int
) -> None:
    out = tmp_path / "mark"
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, str(out), *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == status, done.stderr[-2000:]
    assert done.stdout.startswith("unflushed")
    assert out.with_suffix(".atexit").read_text() == "ran"
    assert out.with_suffix(".thread").read_text() == "joined"
    assert not out.with_suffix(".teardown").exists()  # the teardown itself was skipped


def test_exit_code_reads_like_sys_exit(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(SystemExit()) == 0
    assert exit_code(SystemExit(3)) == 3
    assert exit_code(SystemExit("bad thing")) == 1
    assert "bad thing" in capsys.readouterr().err


def test_an_idle_thread_pool_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    """Idle executor workers stop as at a normal exit (threading's exit hooks run first);
    joining them without those hooks waited forever."""
    program = (
        "import concurrent.futures\n"
        "from gralgo.__main__ import exit_without_teardown\n"
        "pool = concurrent.futures.ThreadPoolExecutor(2)\n"
        "pool.submit(print, 'worked', flush=True).result()\n"
        "exit_without_teardown(7)\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, env=env
    )
    assert (done.returncode, done.stdout) == (7, "worked\n")


FULL_DISK = """
import errno, runpy, sys
import gralgo.evaluate

def evaluate(settings):
    raise OSError(errno.ENOSPC, "No space left on device", "/out/report.html")

gralgo.evaluate.evaluate = evaluate
sys.argv = ["gralgo", *sys.argv[1:]]
runpy.run_module("gralgo", run_name="__main__", alter_sys=True)
"""


def test_a_full_disk_while_writing_reports_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """Issue 34, item 6: not a traceback and exit 1."""
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, f"paths.outputs={tmp_path}", "mlflow.enabled=false",
         f"hydra.run.dir={tmp_path / 'run'}"],
        capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    [line] = [x for x in done.stderr.splitlines() if "no space left" in x]
    assert "writing /out/report.html" in line and "run the same command again" in line


def test_a_profiler_still_writes_its_results(tmp_path: Path) -> None:
    """The skipped teardown (``os._exit``) also skipped ``python -m cProfile -m gralgo``'s
    output: under a profiler the command exits as ``sys.exit`` does."""
    profile = tmp_path / "gralgo.prof"
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "gralgo", "level=99"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert "level" in done.stderr  # the command line's refusal, as without the profiler
    assert profile.is_file() and profile.stat().st_size > 0, done.stderr[-2000:]
    import pstats

    assert pstats.Stats(str(profile)).total_calls > 0
