"""Shared fixtures: compose the real Hydra config and type it, as the CLI does."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.settings import AppSettings, settings_from_config
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, start_stub, stop_stub

CONF = Path(__file__).resolve().parents[1] / "conf"


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
