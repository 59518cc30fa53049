"""Compose the real config as a plain dict (as the CLI does, before typing it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

CONF = Path(__file__).resolve().parents[2] / "conf"


@pytest.fixture
def compose() -> Callable[..., dict]:
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir
    from omegaconf import OmegaConf

    import gralgo.config  # noqa: F401  (registers the schema)

    def make(*overrides: str) -> dict:
        with initialize_config_dir(config_dir=str(CONF), version_base=None):
            cfg = hydra_compose("config", overrides=list(overrides))
        plain = OmegaConf.to_container(cfg, resolve=True)
        assert isinstance(plain, dict)
        return plain

    return make
