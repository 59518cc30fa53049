"""The sandbox holds wherever the interpreter lives: a venv under /tmp, under the home directory,
or under a path with spaces runs under bubblewrap (never silently weaker), and the hostile-code
set passes with a venv under /tmp."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from gralgo.sandbox import SandboxUnavailableError, detect_isolation

try:
    detect_isolation()
except SandboxUnavailableError:  # pragma: no cover - depends on the machine
    if os.environ.get("CI"):
        raise
    pytest.skip("no sandbox isolation on this machine", allow_module_level=True)

REPO = Path(__file__).resolve().parents[2]
INNER = os.environ.get("GRALGO_SANDBOX_INNER") == "1"
pytestmark = pytest.mark.skipif(INNER, reason="already inside a venv run of the sandbox tests")

PROBE = """
import json, os
from gralgo.sandbox import detect_isolation, run_python
code = (
    "import json, os, sys, networkx\\n"
    "venv = os.path.dirname(os.path.dirname(sys.executable))\\n"
    "print(json.dumps([venv, sorted(os.listdir(os.path.dirname(venv))),"
    " os.path.exists({data!r})]))"
)
result = run_python(code.replace("{data!r}", repr(os.environ["PROBE_DATA"])))
print(json.dumps([detect_isolation(), result.isolation, result.stdout, result.stderr]))
"""


def package_dirs() -> list[str]:
    """The directories this interpreter imports installed packages from (its venv's, its base's,
    those a ``.pth`` file added), stdlib left out."""
    import site
    import sysconfig

    stdlib = {os.path.realpath(sysconfig.get_paths()[k]) for k in ("stdlib", "platstdlib")}
    found = [*site.getsitepackages(), *sys.path]
    return [
        p
        for p in dict.fromkeys(found)
        if p
        and os.path.isdir(p)
        and os.path.realpath(p) not in stdlib
        and os.path.basename(p) in ("site-packages", "dist-packages")
    ]


def make_venv(where: Path) -> Path:
    """A venv at ``where`` that sees this interpreter's packages; returns its python.

    ``venv --system-site-packages`` run from inside a venv would see the *base* interpreter's
    packages, not this one's: the venv is made bare and a ``.pth`` file lists this
    interpreter's package directories, so the test makes the layout it needs wherever it runs.
    """
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=120
    )
    python = where / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    Path(purelib).mkdir(parents=True, exist_ok=True)
    Path(purelib, "_parent_packages.pth").write_text(
        "".join(f"{p}\n" for p in package_dirs()), encoding="utf-8"
    )
    return python


@pytest.fixture
def home_dir() -> Iterator[Path]:
    """A fresh directory under the home directory, removed afterwards."""
    where = Path.home() / ".cache" / f"gralgo test {uuid.uuid4().hex[:8]}"
    try:
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


@pytest.fixture
def under_tmp() -> Iterator[Path]:
    """A fresh directory under /tmp itself (wherever pytest keeps its own), removed afterwards."""
    import tempfile

    where = Path(tempfile.mkdtemp(prefix="gralgo-venv-", dir="/tmp"))
    try:
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


@pytest.mark.parametrize("place", ["tmp", "tmp with spaces", "home"])
def test_venv_anywhere_runs_under_bubblewrap(
    place: str, tmp_path: Path, home_dir: Path, under_tmp: Path
) -> None:
    where = {
        "tmp": under_tmp / "venv",
        "tmp with spaces": under_tmp / "a dir with spaces" / "the venv",
        "home": home_dir / "venv",
    }[place]
    python = make_venv(where)
    data = tmp_path / "dataset"
    data.mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO), "PROBE_DATA": str(data)}
    done = subprocess.run(
        [str(python), "-c", PROBE], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    detected, used, stdout, stderr = json.loads(done.stdout.splitlines()[-1])
    assert (detected, used) == ("bwrap", "bwrap"), stderr
    venv, siblings, data_visible = json.loads(stdout)
    assert venv == str(where)
    assert siblings == [where.name]  # only the path to the interpreter, nothing beside it
    assert data_visible is False


@pytest.mark.skipif(not str(REPO).startswith("/"), reason="needs an absolute checkout")
@pytest.mark.slow
@pytest.mark.timeout(900)  # a whole test file, run again in a venv (its own limit: 600 s)
def test_hostile_set_passes_with_a_venv_under_tmp(under_tmp: Path) -> None:
    python = make_venv(under_tmp / "venv")
    env = {**os.environ, "PYTHONPATH": str(REPO), "GRALGO_SANDBOX_INNER": "1"}
    done = subprocess.run(
        [
            str(python),
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/sandbox/test_hostile.py",
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout.splitlines()[-1]
