"""The first hour (issue 38): the README's set-up makes and activates a virtual environment, and
``scripts/setup.sh`` says where it installs before it installs anything (it installed into
whatever ``python`` came first on PATH, silently)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_the_readmes_first_command_makes_and_activates_a_venv() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first = next(line.strip() for line in readme.splitlines() if "scripts/setup.sh" in line)
    venv, activate, setup = first.split(" && ")[:3]
    assert venv.startswith("python3 -m venv ")
    folder = venv.split()[-1]
    assert activate == f". {folder}/bin/activate" and setup == "bash scripts/setup.sh"


def _first_line(tmp_path: Path, python: Path) -> str:
    """What setup.sh prints before installing, run with ``python`` (its pip install is made to
    fail at once, so nothing is installed)."""
    fake = tmp_path / "python"
    fake.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-m" ]; then echo "no install in this test" >&2; exit 3; fi\n'
        f'exec "{python}" "$@"\n'
    )
    fake.chmod(0o755)
    env = {**os.environ, "PYTHON": str(fake), "GRALGO_PROGRESS_EVERY_S": "1"}
    done = subprocess.run(["bash", str(REPO / "scripts" / "setup.sh")], capture_output=True,
                          text=True, timeout=120, env=env)  # fmt: skip
    assert done.returncode != 0  # the install failed (on purpose): the script stops there
    return done.stdout.splitlines()[0]


@pytest.mark.parametrize("in_venv", [False, True])
def test_setup_says_where_it_installs(tmp_path: Path, in_venv: bool) -> None:
    python = Path(sys.base_prefix) / "bin" / "python3"
    if in_venv:
        subprocess.run([str(python), "-m", "venv", "--without-pip", str(tmp_path / "venv")],
                       check=True, timeout=120)  # fmt: skip
        python = tmp_path / "venv" / "bin" / "python"
    prefix = subprocess.run([str(python), "-c", "import sys; print(sys.prefix)"],
                            capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    where = "(a virtual environment)" if in_venv else (
        "(no virtual environment active: the interpreter itself)")  # fmt: skip
    assert _first_line(tmp_path, python) == f"setup: installing gralgo into {prefix} {where}"
