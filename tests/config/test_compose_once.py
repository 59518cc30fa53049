"""``python -m gralgo`` composes its config once, and the app gets what Hydra would compose."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hydra import compose, initialize_config_dir
from hydra._internal.config_loader_impl import ConfigLoaderImpl

from gralgo.config import composed_once

REPO = Path(__file__).resolve().parents[2]
CONF = REPO / "conf"

# Runs the CLI in a fresh process (command=compare without inputs: Hydra makes the run folder,
# the app exits 2), counting Hydra's compositions; argv[1] "plain" turns composed_once off.
SCRIPT = """
import contextlib, json, sys
from hydra._internal.config_loader_impl import ConfigLoaderImpl
import gralgo.config
calls = []
impl = ConfigLoaderImpl._load_configuration_impl
def counted(self, *a, **k):
    calls.append(str(k.get("run_mode")))
    return impl(self, *a, **k)
ConfigLoaderImpl._load_configuration_impl = counted
import gralgo.config._compose_once as once
copies = []
class CountedCopy:
    @staticmethod
    def deepcopy(cfg):
        copies.append(1)
        return once_copy.deepcopy(cfg)
once_copy, once.copy = once.copy, CountedCopy
if sys.argv[1] == "plain":
    gralgo.config.composed_once = contextlib.nullcontext
run_dir = sys.argv[2]
sys.argv = ["gralgo", "command=compare", f"paths.outputs={run_dir}/outputs",
            "mlflow.enabled=false", f"hydra.run.dir={run_dir}/run"]
from gralgo.__main__ import cli
try:
    cli()
except SystemExit as stop:
    print(json.dumps({"exit": stop.code, "compositions": calls, "copies": len(copies)}))
"""


def run_cli(mode: str, run_dir: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode, str(run_dir)],
        cwd=REPO,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=300,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.slow
def test_cli_composes_once_and_the_app_gets_the_same_config(tmp_path: Path) -> None:
    once = run_cli("once", tmp_path)
    written = {p.name: p.read_bytes() for p in (tmp_path / "run" / ".hydra").iterdir()}
    plain = run_cli("plain", tmp_path)  # the same folder: the same paths in the files
    assert once["exit"] == plain["exit"] == 2
    assert plain["compositions"] == ["RunMode.RUN", "RunMode.MULTIRUN", "RunMode.RUN"]
    assert once["compositions"] == ["RunMode.RUN"]
    # one copy, kept before the check resolves it; get_mode reads it and the run takes it
    assert once["copies"] == 1
    again = {p.name: p.read_bytes() for p in (tmp_path / "run" / ".hydra").iterdir()}
    assert sorted(written) == ["config.yaml", "hydra.yaml", "overrides.yaml"]
    assert written == again  # hydra.yaml: mode RUN, hydra.mode=RUN recorded last, as Hydra does


def count_compositions(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    calls: list[list[str]] = []
    impl = ConfigLoaderImpl._load_configuration_impl

    def counted(self: ConfigLoaderImpl, *args: object, **kwargs: object) -> object:
        calls.append(list(kwargs["overrides"]))  # type: ignore[call-overload]
        return impl(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ConfigLoaderImpl, "_load_configuration_impl", counted)
    return calls


def test_only_equal_compositions_are_reused_and_each_gets_its_own_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = count_compositions(monkeypatch)
    with composed_once(), initialize_config_dir(config_dir=str(CONF), version_base=None):
        first = compose("config", overrides=["sampling.k=2"])
        first.sampling.k = 99  # a caller's change does not reach the next caller
        second = compose("config", overrides=["sampling.k=2"])
        other = compose("config", overrides=["sampling.k=3"])
    assert second.sampling.k == 2 and other.sampling.k == 3
    assert calls == [["sampling.k=2"], ["sampling.k=3"]]
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        compose("config", overrides=["sampling.k=2"])  # outside the block: composed afresh
    assert len(calls) == 3
    assert ConfigLoaderImpl.load_configuration.__module__.startswith("hydra.")
