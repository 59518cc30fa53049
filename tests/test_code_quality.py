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


def top_level_rebindings(source: str) -> list[str]:
    """The names a module's top level binds more than once (a constant, function or class)."""
    import ast
    from collections import Counter

    bound: Counter[str] = Counter()
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound[node.name] += 1
        elif isinstance(node, ast.Assign):
            bound.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                bound[node.target.id] += 1
    return sorted(name for name, count in bound.items() if count > 1)


def test_rebinding_is_found() -> None:
    source = 'import re\n_END = re.compile("a")\ndef f() -> None: ...\n_END = re.compile("b")\n'
    assert top_level_rebindings(source) == ["_END"]
    assert top_level_rebindings("X = 1\nY: int = 2\ndef g() -> None: ...\n") == []


def test_no_module_binds_a_top_level_name_twice() -> None:
    """A second ``_SENTENCE_END = …`` far down a long module silently replaces the first for
    every rule above it (two helpers hit this in the trace-facts readers); ruff and mypy say
    nothing when both values have one type."""
    found = {
        str(path.relative_to(REPO)): names
        for path in sorted((REPO / "gralgo").rglob("*.py"))
        if (names := top_level_rebindings(path.read_text(encoding="utf-8")))
    }
    assert not found, f"top-level names bound twice (rename one): {found}"
