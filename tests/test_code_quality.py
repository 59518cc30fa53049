"""The code-quality gates CI runs with the tests: ruff lint, ruff format, mypy --strict.

Each runs as a subprocess from the repository root with the settings in pyproject.toml, and a
failure shows the tool's own output.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def run_tool(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"`{' '.join(args)}` failed:\n{done.stdout}\n{done.stderr}"


def test_ruff_check() -> None:
    run_tool("ruff", "check", ".")


def test_ruff_format() -> None:
    run_tool("ruff", "format", "--check", ".")


@pytest.mark.slow  # about 60 s of CPU without mypy's cache, 3 s with it (MYPY_CACHE_DIR, .ci/run)
def test_mypy_strict() -> None:
    run_tool("mypy")  # [tool.mypy] in pyproject.toml: strict, files = ["gralgo"]
