"""A dataset's identity covers the code that renders its prompts and answers (issue 34, item 2):
an edit to ``gralgo/formats`` or ``gralgo/tasks`` names another dataset folder."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from gralgo.dataset import _spec
from gralgo.dataset._spec import RENDERING_CODE, rendering_code_digest

GRALGO = Path(_spec.__file__).resolve().parents[1]


def _copy(where: Path) -> Path:
    for package in RENDERING_CODE:
        shutil.copytree(GRALGO / package, where / package, ignore=shutil.ignore_patterns("*.pyc"))
    return where


def test_the_digest_follows_every_edit_to_the_rendering_code(tmp_path: Path) -> None:
    assert rendering_code_digest(_copy(tmp_path / "same")) == rendering_code_digest()
    edited = _copy(tmp_path / "edited")
    prompt = edited / "formats" / "_prompt.py"
    prompt.write_text(prompt.read_text(encoding="utf-8") + "\n# one more line\n", "utf-8")
    assert rendering_code_digest(edited) != rendering_code_digest()
    task = _copy(tmp_path / "task") / "tasks" / "max_degree.py"
    task.write_text(task.read_text(encoding="utf-8").replace("\n", "\n\n", 1), "utf-8")
    assert rendering_code_digest(task.parents[1]) != rendering_code_digest()


def test_other_rendering_code_names_another_dataset_folder(
    make_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = make_settings("task=[max_degree]", "level=1").dataset
    before = spec.fingerprint()
    assert rendering_code_digest() in spec.description()["generator"]
    monkeypatch.setattr(_spec, "rendering_code_digest", lambda root=None: "edited-code")
    assert spec.fingerprint() != before
