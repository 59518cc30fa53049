"""Stage contracts (design/architecture.md): imports run one way and go through public APIs.

Every import in the package, tests and benchmarks is read from the source (function-level
imports included), so a lazy import cannot hide a contract break.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__", "errors", "lazy", "seeding"),
    ("config",),
    ("graphs",),
    ("tasks",),
    ("formats",),
    ("dataset",),
    ("sandbox",),
    ("run",),
    ("results",),
    ("score",),
    ("report",),
    ("analysis",),
    ("settings", "evaluate", "__main__"),
    ("testing",),
)
"""Stages from the bottom up: a stage may import its own layer's and lower layers' modules."""

RANK = {name: rank for rank, layer in enumerate(LAYERS) for name in layer}
STAGES = sorted(p.name for p in (REPO / "gralgo").iterdir() if (p / "__init__.py").is_file())


def stage_of(module: str) -> str:
    """``gralgo.run._ledger`` -> ``run``; ``gralgo.settings`` -> ``settings``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def is_private(module: str) -> bool:
    return any(p.startswith("_") and not p.startswith("__") for p in module.split(".")[1:])


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, imported module) of every absolute ``gralgo`` import in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return [(line, m) for line, m in found if m == "gralgo" or m.startswith("gralgo.")]


def package_files() -> list[Path]:
    return sorted((REPO / "gralgo").rglob("*.py"))


def test_every_stage_has_a_layer() -> None:
    modules = {p.stem for p in (REPO / "gralgo").glob("*.py")}
    assert set(STAGES) | modules <= set(RANK), "place new stages in LAYERS (and the design note)"


def test_imports_never_run_back_up() -> None:
    broken = []
    for path in package_files():
        own = stage_of(
            "gralgo." + ".".join(path.relative_to(REPO / "gralgo").with_suffix("").parts)
        )
        for line, module in imports(path):
            if RANK[stage_of(module)] > RANK[own]:
                broken.append(f"{path.relative_to(REPO)}:{line} ({own}) imports {module}")
    assert not broken, "\n".join(broken)


def test_no_module_imports_another_stages_private_module() -> None:
    broken = []
    for base in ("gralgo", "tests", "benchmarks"):
        for path in sorted((REPO / base).rglob("*.py")):
            rel = path.relative_to(REPO)
            # gralgo/<stage>/... and tests/<stage>/... (white-box tests of that stage) may use
            # the stage's private modules; everything else goes through public APIs.
            own = rel.parts[1] if len(rel.parts) > 2 and base != "benchmarks" else None
            for line, module in imports(path):
                if is_private(module) and stage_of(module) != own:
                    broken.append(f"{rel}:{line} imports {module}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("stage", STAGES)
def test_public_api_is_declared_and_resolves(stage: str) -> None:
    package = importlib.import_module(f"gralgo.{stage}")
    names = getattr(package, "__all__", None)
    assert names, f"gralgo.{stage}/__init__.py must name its public API in __all__"
    for name in names:
        assert getattr(package, name) is not None, f"gralgo.{stage}.{name}"


def test_stage_packages_import_light() -> None:
    """Importing every stage's public API loads neither litellm nor MLflow (the CLI starts fast)."""
    code = (
        "import sys\n"
        + "".join(f"import gralgo.{s}\n" for s in STAGES)
        + "print(sorted(m for m in ('litellm', 'mlflow') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
