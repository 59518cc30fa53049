"""A missing key or a dead endpoint is found before the dataset is built or anything written:
it was reported after the build and the plan (63 s), leaving a run folder, job.json and a
ledger."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["model.api_base=http://127.0.0.1:9/v1", "model.api_key_env=null"], "model.api_base"),
        (["model.api_base=http://127.0.0.1:9/v1", "model.api_key_env=GRALGO_UNSET_KEY_X"],
         "model.api_key_env"),
    ],
)  # fmt: skip
def test_key_and_endpoint_fail_before_anything_is_written(
    tmp_path: Path, args: list[str], names: str
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "GRALGO_UNSET_KEY_X"}
    done = subprocess.run(
        [sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=x", *args,
         "task=max_degree", f"paths.outputs={tmp_path / 'outputs'}",
         f"paths.cache={tmp_path / 'cache'}"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env={**env, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and names in lines[0], done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no run folder, dataset or ledger


def test_a_dry_run_prints_its_plan_once_and_makes_no_run_folder(tmp_path: Path) -> None:
    """It printed the plan twice and left a run folder."""
    done = subprocess.run(
        [sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=x",
         "model.api_base=http://127.0.0.1:9/v1", "task=max_degree", "dry_run=true",
         f"paths.outputs={tmp_path / 'outputs'}", f"paths.cache={tmp_path / 'cache'}"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    text = done.stdout + done.stderr
    assert text.count("prompt tokens to send") == 1 and "typical cost:" in text
    assert sorted(p.name for p in (tmp_path / "outputs").iterdir()) == ["datasets"]
