"""Jobs started at the same moment get their own run folders."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_simultaneous_jobs_get_distinct_run_folders(tmp_path: Path) -> None:
    outputs = tmp_path / "outputs"
    # command=compare without inputs fails at once (exit 2), after Hydra made the run folder.
    command = [
        sys.executable,
        "-m",
        "gralgo",
        "command=compare",
        f"paths.outputs={outputs}",
        "mlflow.enabled=false",
    ]
    jobs = [subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]  # fmt: skip
    for job in jobs:
        _, err = job.communicate(timeout=120)
        assert job.returncode == 2, err[-2000:]
    folders = sorted(p for p in (outputs / "runs").glob("*/*") if p.is_dir())
    assert len(folders) == 2
    assert all(re.fullmatch(r"\d\d-\d\d-\d\d-\d{5}[0-9a-f]{4}", p.name) for p in folders), folders
    assert all((p / ".hydra" / "config.yaml").is_file() for p in folders)
