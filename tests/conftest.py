"""Shared fixtures: compose the real Hydra config and type it, as the CLI does."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.settings import AppSettings, settings_from_config
from gralgo.testing import (
    FAKE_KEY,
    FAKE_KEY_ENV,
    PostgresServer,
    PostgresUnavailable,
    StubServer,
    start_stub,
    stop_stub,
)

REPO = Path(__file__).resolve().parents[1]
CONF = REPO / "conf"


@pytest.fixture(scope="session")
def stub_server() -> Iterator[StubServer]:
    """One loopback OpenAI-compatible stub server (a subprocess) for the whole session."""
    stub = start_stub()
    try:
        yield stub
    finally:
        stop_stub(stub)


@pytest.fixture
def stub(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> StubServer:
    """The session's stub, reset to no latency and no faults, with the fake key exported."""
    stub_server.control()
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    return stub_server


def compose_config(overrides: Sequence[str] = ()) -> dict:
    """The resolved config as a plain dict, for ``overrides``."""
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose("config", overrides=list(overrides))
    plain = OmegaConf.to_container(cfg, resolve=True)
    assert isinstance(plain, dict)
    return plain


@pytest.fixture
def make_settings(tmp_path: Path) -> Callable[..., AppSettings]:
    """Settings for ``overrides`` with outputs, cache and ledger under ``tmp_path``."""

    def make(*overrides: str) -> AppSettings:
        base = [
            f"paths.outputs={tmp_path / 'outputs'}",
            f"paths.cache={tmp_path / 'cache'}",
        ]
        return settings_from_config(compose_config([*base, *overrides]))

    return make


# Property tests: no deadline (a loaded 2-core CI machine is slow), and under CI a fixed
# derandomised search so a run is reproducible; locally hypothesis keeps exploring.
from hypothesis import settings as hypothesis_settings  # noqa: E402

hypothesis_settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the session (skips where its binaries are missing)."""
    try:
        running = PostgresServer()
    except PostgresUnavailable as err:
        pytest.skip(str(err))
    try:
        yield running
    finally:
        running.stop()


_BUILD_DEBRIS = ("__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache", ".mypy_cache")


def _tree_state() -> set[str] | None:
    """What git sees in the checkout (ignored files included), less caches; None outside git."""
    try:
        out = subprocess.run(
            ["git", "status", "--porcelain", "--ignored", "--untracked-files=all"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {
        line
        for line in out.splitlines()
        if line[:2] in ("??", "!!")  # new files (a developer may edit tracked ones meanwhile)
        and not any(part in _BUILD_DEBRIS for part in Path(line[3:]).parts)
        and not line[3:].endswith(".egg-info/")
        and ".egg-info" not in line
    }


@pytest.fixture(scope="session", autouse=True)
def checkout_stays_untouched() -> Iterator[None]:
    """Fails the session when a test writes into the checkout (an MLflow store, outputs, ...)."""
    before = _tree_state()
    yield
    after = _tree_state()
    if before is None or after is None:
        return
    new = sorted(after - before)
    assert not new, "tests wrote into the checkout (write under tmp_path):\n" + "\n".join(new)
