"""Several processes opening one fresh MLflow SQLite store at once all succeed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
OPENER = """
import sys, time
from pathlib import Path
sys.path.insert(0, {repo!r})
from gralgo.tracking._mlflow import open_experiment
print("READY", flush=True)
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.005)
client, experiment_id = open_experiment(sys.argv[1], "gralgo")
print("OK", experiment_id, flush=True)
"""


@pytest.mark.slow
def test_concurrent_first_open_of_a_fresh_store(tmp_path: Path) -> None:
    uri = f"sqlite:///{tmp_path / 'outputs' / 'mlflow.db'}"
    go = tmp_path / "go"
    code = OPENER.format(repo=str(REPO))
    openers = [
        subprocess.Popen([sys.executable, "-c", code, uri, str(go)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]  # fmt: skip
    for opener in openers:
        assert opener.stdout is not None and opener.stdout.readline().strip() == "READY"
    go.touch()
    ids = set()
    for opener in openers:
        out, err = opener.communicate(timeout=300)
        assert opener.returncode == 0, err[-3000:]
        ids.add(out.split()[-1])
    assert len(ids) == 1  # one experiment, shared
