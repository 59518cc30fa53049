"""The issue's scenario: the same evaluation command started twice at once on a fresh outputs/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.testing import StubServer

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_same_command_twice_at_once_pays_each_sample_once(stub: StubServer, tmp_path: Path) -> None:
    outputs = tmp_path / "outputs"
    common = ["task=max_degree", "level=1", "dataset.per_level=3", f"paths.outputs={outputs}"]
    built = subprocess.run([sys.executable, "-m", "gralgo", "command=build", *common], cwd=REPO,
                           capture_output=True, text=True, timeout=300)  # fmt: skip
    assert built.returncode == 0, built.stderr[-3000:]
    # Calls take 5 s, so the second process starts while the first holds every claim.
    stub.control(latency_s=5.0)
    command = [sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=stub",
               f"model.api_base={stub.api_base}", "sampling.k=4", *common]  # fmt: skip
    jobs = [subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]  # fmt: skip
    for job in jobs:
        _, err = job.communicate(timeout=300)
        assert job.returncode == 0, err[-3000:]
    stats = stub.stats()
    assert stats["calls"] == 3 * 4 and sorted(stats["by_prompt"].values()) == [4, 4, 4]
    runs = [p for p in (outputs / "runs").glob("*/*") if (p / "job.json").is_file()]
    assert len(runs) == 2  # each job its own folder, both complete
    for run in runs:
        assert (run / "samples.csv").read_text().count("\n") == 3 * 4 + 1
