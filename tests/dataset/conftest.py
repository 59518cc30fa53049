"""The default build (seed 0, 9 tasks x 6 levels x 50, edge_list), built once per suite run and
shared by the tests that check it (Table 2, the audit rules) and by both xdist workers."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from gralgo.dataset import build_dataset
from gralgo.settings import settings_from_config
from tests.conftest import compose_config, tree_state

DEFAULT_BUILD = ["+experiment=build_dataset", "dataset.formats=[edge_list]"]
"""The overrides of the shared build (the default dataset, one format)."""


@pytest.fixture(scope="session")
def _default_build_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built by the first worker that asks (under a lock, atomically); the others read it."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, shared by the workers
    built = root / "default-build"
    with open(root / "default-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.is_dir():  # build_dataset writes the folder atomically
            settings = settings_from_config(compose_config(DEFAULT_BUILD))
            build_dataset(settings.dataset, built)
    return built


@pytest.fixture
def default_build(_default_build_once: Path) -> Iterator[Path]:
    """The shared default build; a test that changes it fails."""
    before = tree_state(_default_build_once)
    yield _default_build_once
    assert tree_state(_default_build_once) == before, "a test changed the shared default build"
