"""No byte a job writes (outputs, run folder, ledger, MLflow store and artifacts, caches, logs,
terminal) holds a secret, under whatever name it was given: the key in use (echoed back by the
endpoint), secret-named variables, and every secret the command line tried to pass."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.testing import StubServer

REPO = Path(__file__).resolve().parents[1]
PLANTED = [f"Pl4nted{i:02d}xq{'VWXYZ'[i % 5]}secretish" for i in range(12)]
"""A dozen secrets; none has a key's shape, so only the name it came under can give it away."""
KEY_ENV = "GRALGO_PLANTED_CREDENTIAL"


def refused_overrides(stub: StubServer) -> list[str]:
    """Ten ways to pass a secret on the command line: each is refused before anything is
    written."""
    host = stub.api_base.split("//", 1)[1]
    return [
        f"+model.extra_body.X-Api-Key={PLANTED[2]}",
        f"+model.extra_body.x-api-key={PLANTED[3]}",
        f"+model.extra_body.accessToken={PLANTED[4]}",
        f"+model.extra_body.auth={PLANTED[5]}",
        f"+model.extra_body.bearer={PLANTED[6]}",
        f"+model.extra_headers.X-Api-Key={PLANTED[7]}",
        f"+model.headers.api-key={PLANTED[8]}",
        f"model.api_base=http://{host}/key/{PLANTED[9]}",
        f"model.api_base=http://u:{PLANTED[10]}@{host}",
        f"model.api_key_env={PLANTED[11][:9].lower()}",
    ]


def gralgo(tmp_path: Path, stub: StubServer, run: str, *extra: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "HOME": str(tmp_path / "home"),
        "GRALGO_CACHE_DIR": str(tmp_path / "cache"),
        KEY_ENV: PLANTED[0],
        "MY_SERVICE_TOKEN": PLANTED[1],
    }
    command = [
        sys.executable,
        "-m",
        "gralgo",
        "model=openai_compatible",
        "model.name=stub",
        f"model.api_base={stub.api_base}",
        f"model.api_key_env={KEY_ENV}",
        "task=max_degree",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=2",
        "run.max_attempts=3",
        f"paths.outputs={tmp_path / 'outputs'}",
        f"paths.cache={tmp_path / 'cache'}",
        f"hydra.run.dir={tmp_path / run}",
        *extra,
    ]
    return subprocess.run(command, cwd=REPO, env=env, capture_output=True, timeout=300)


@pytest.mark.slow
def test_no_planted_secret_is_in_any_byte_a_job_writes(stub: StubServer, tmp_path: Path) -> None:
    # the endpoint echoes the key it was sent in its first two error bodies (retried)
    stub.control(faults=[{"kind": "status", "status": 500, "echo_auth": True, "first": 2}])
    done = gralgo(tmp_path, stub, "run")
    assert done.returncode == 0, done.stderr[-3000:]
    assert stub.stats()["calls"] >= 6
    terminal = [done.stdout, done.stderr]
    for number, override in enumerate(refused_overrides(stub)):
        refused = gralgo(tmp_path, stub, f"refused{number}", override)
        assert refused.returncode == 2, (override, refused.stderr[-2000:])
        assert not (tmp_path / f"refused{number}").exists(), override
        terminal += [refused.stdout, refused.stderr]
    written = [p for p in tmp_path.rglob("*") if p.is_file() and not p.is_symlink()]
    assert any(p.name == "mlflow.db" for p in written)
    assert any(p.name == "gralgo.log" for p in written)
    assert any(p.parent.name == ".hydra" for p in written)
    for secret in PLANTED:
        needle = secret.encode()
        assert not any(needle in text for text in terminal), secret
        holding = [str(p) for p in written if needle in p.read_bytes()]
        assert not holding, (secret, holding)
