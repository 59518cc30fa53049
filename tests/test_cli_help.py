"""The `gralgo` console script and its short --help."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120)  # fmt: skip


def test_help_is_short_and_lists_groups_and_commands() -> None:
    done = _run("-m", "gralgo", "--help")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) < 50
    for group in ("experiment", "task", "model", "format", "context", "source"):
        assert sum(line.startswith(f"{group}: ") for line in lines) == 1, group  # its options
        assert any(line.strip().startswith(f"{group} ") for line in lines), group  # what it is
    assert "gralgo command=compare" in done.stdout and "--hydra-help" in done.stdout
    assert "bootstrap_resamples" not in done.stdout  # no config dump
    assert "Powered by Hydra" not in done.stdout


def test_console_script_is_the_module_entry_point() -> None:
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"gralgo": "gralgo.__main__:main"}
    module, function = scripts["gralgo"].split(":")
    # What the installed `gralgo` script does: import the entry point, call it with argv.
    code = (
        f"import sys; from {module} import {function} as main; "
        "sys.argv = ['gralgo', '--help']; main()"
    )
    done = _run("-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout == _run("-m", "gralgo", "--help").stdout
