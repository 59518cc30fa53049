"""Sweeps through Hydra's launcher plugins: jobs in other processes, one comparison at the end.

``joblib`` runs the jobs in parallel worker processes on this machine; ``submitit_local`` runs
them through submitit's local executor, the way ``hydra/launcher=submitit_slurm`` runs them on
a Slurm cluster. Each needs its extra (``pip install -e .[joblib]`` / ``.[submitit]``).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from sweep_checks import parent_and_children

from gralgo.testing import StubServer

REPO = Path(__file__).resolve().parents[2]

LAUNCHERS = {
    "joblib": ("hydra_plugins.hydra_joblib_launcher", ["hydra.launcher.n_jobs=2"]),
    "submitit_local": (
        "hydra_plugins.hydra_submitit_launcher",
        ["hydra.launcher.timeout_min=10", "hydra.launcher.cpus_per_task=1"],
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("launcher", sorted(LAUNCHERS))
def test_sweep_with_launcher_writes_one_comparison(
    launcher: str, stub: StubServer, tmp_path: Path
) -> None:
    plugin, options = LAUNCHERS[launcher]
    if importlib.util.find_spec(plugin) is None:
        pytest.skip(f"{plugin} is not installed (pip install -e .[{launcher.split('_')[0]}])")
    outputs, sweep = tmp_path / "outputs", tmp_path / "sweep"
    command = [
        sys.executable,
        "-m",
        "gralgo",
        "-m",
        f"hydra/launcher={launcher}",
        *options,
        "model=openai_compatible",
        f"model.api_base={stub.api_base}",
        "model.name=stub-a,stub-b",
        "task=max_degree",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=2",
        f"paths.outputs={outputs}",
        f"hydra.sweep.dir={sweep}",
    ]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert stub.stats()["calls"] == 2 * 2 * 2  # two models x two instances x k

    parent, children = parent_and_children(outputs, 2)
    comparisons = sorted(sweep.glob("comparison/*/taxonomy_by_level.md"))
    assert len(comparisons) == 1
    text = comparisons[0].read_text()
    assert "| stub-a |" in text and "| stub-b |" in text
