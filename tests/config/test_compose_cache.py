"""Hydra's composition kept on disk is the composition Hydra makes, and only for the same files."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hydra import initialize_config_dir
from hydra._internal.config_loader_impl import ConfigLoaderImpl
from hydra.core.global_hydra import GlobalHydra
from hydra.types import RunMode
from omegaconf import OmegaConf

import gralgo.config  # noqa: F401  (registers the schema)
from gralgo.config import _compose_cache

REPO = Path(__file__).resolve().parents[2]
CONF = REPO / "conf"

COMMAND_LINES = [
    [],
    ["level=all", "dataset.per_level=37", "sampling.k=1", "model=openai_compatible",
     "model.name=stub-model", "model.api_base=http://127.0.0.1:9/v1",
     "paths.outputs=/tmp/x/outputs", "hydra.run.dir=/tmp/x/job", "mlflow.enabled=false"],
    ["+experiment=main"],
    ["+experiment=long_context", "model=openai_compatible", "model.name=m"],
    ["task=[max_clique,diameter]", "sampling.k=3", "dataset.seed=7", "hydra.job.chdir=false"],
    ["mode=tool", "format=adjacency_list"],
]  # fmt: skip


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache" / "compose"
    monkeypatch.setenv(_compose_cache.OFF, str(folder))
    return folder


@pytest.fixture
def loader() -> Iterator[Any]:
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        yield GlobalHydra.instance().config_loader()


HYDRA = ConfigLoaderImpl.load_configuration
"""Hydra's own composition, as the cache gets it (``original``)."""


def hydra_compose(loader: Any, overrides: list[str]) -> Any:
    """Hydra's own run-mode composition (the method the cache stands in for)."""
    return HYDRA(loader, "config", list(overrides), RunMode.RUN)


def refuse(*args: object, **kwargs: object) -> Any:
    raise AssertionError("composed afresh, not from the cache")


def cached(loader: Any, overrides: list[str], original: Any = refuse) -> tuple[Any, int]:
    """The cache's composition and how many entries it wrote."""
    pending: _compose_cache.Pending = []
    cfg = _compose_cache.load_configuration(loader, original, pending, "config", list(overrides))
    written = len(pending)
    _compose_cache.write_pending(pending)
    return cfg, written


def same(a: Any, b: Any) -> bool:
    """Equal content (unresolved: ``${now:}`` is each one's own time) and, node by node, the
    same class, metadata (types, flags, keys) and parent, leaving out the values resolvers
    cached (two of Hydra's own compositions differ there)."""
    plain = OmegaConf.to_container(a, resolve=False) == OmegaConf.to_container(b, resolve=False)
    return bool(plain and shape(a) == shape(b))


def shape(node: Any, parent: Any = None) -> tuple[Any, ...]:
    """Everything of an OmegaConf node but object identity (which strings are shared)."""
    from omegaconf import DictConfig, ListConfig

    meta = {k: v for k, v in vars(node._metadata).items() if k != "resolver_cache"}
    assert node._get_parent() is parent
    content: Any = node.__dict__.get("_content", node.__dict__.get("_val"))
    if isinstance(node, DictConfig) and isinstance(content, dict):
        content = [(k, shape(v, node)) for k, v in content.items()]
    elif isinstance(node, ListConfig) and isinstance(content, list):
        content = [shape(v, node) for v in content]
    return (type(node), repr(sorted(meta.items(), key=str)), repr(content))


def resolved_values(cfg: Any) -> dict[str, Any]:
    return dict(cfg._metadata.resolver_cache)


@pytest.mark.parametrize("overrides", COMMAND_LINES, ids=lambda o: " ".join(o) or "defaults")
def test_the_kept_composition_is_hydras(cache: Path, loader: Any, overrides: list[str]) -> None:
    fresh = hydra_compose(loader, overrides)
    first, written = cached(loader, overrides, HYDRA)
    assert written == 1 and same(first, fresh)
    again, written = cached(loader, overrides)  # refuse: must come from the disk
    assert written == 0 and same(again, fresh)
    (entry,) = cache.iterdir()
    base, _ = pickle.loads(entry.read_bytes())
    assert resolved_values(base) == {}  # ${now:} is resolved by each run, not kept
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700


def test_value_overrides_share_an_entry_and_apply_their_own_values(
    cache: Path, loader: Any
) -> None:
    cached(loader, ["model=openai_compatible", "sampling.k=2", "paths.outputs=/a"], HYDRA)
    other = ["model=openai_compatible", "paths.outputs=/b", "sampling.k=5", "hydra.run.dir=/c"]
    cfg, written = cached(loader, other)
    assert written == 0 and cfg.sampling.k == 5 and cfg.paths.outputs == "/b"
    assert same(cfg, hydra_compose(loader, other))
    group, written = cached(loader, ["model=gpt5_mini"], HYDRA)  # another choice
    assert written == 1 and same(group, hydra_compose(loader, ["model=gpt5_mini"]))
    assert len(list(cache.iterdir())) == 2


def test_editing_any_config_file_makes_a_new_entry(cache: Path, tmp_path: Path) -> None:
    conf = tmp_path / "conf"
    shutil.copytree(CONF, conf)
    sampling = conf / "config.yaml"
    with initialize_config_dir(config_dir=str(conf), version_base=None):
        loader = GlobalHydra.instance().config_loader()
        before, written = cached(loader, [], HYDRA)
        assert written == 1
        model = next((conf / "model").glob("*.yaml"))  # a file the defaults list may not use
        model.write_text(model.read_text() + "\n# edited\n")
        _, written = cached(loader, [], HYDRA)
        assert written == 1  # a new key
        text = sampling.read_text()
        assert "dry_run: false" in text
        sampling.write_text(text.replace("dry_run: false", "dry_run: true"))
        edited, written = cached(loader, [], HYDRA)
        assert written == 1 and edited.dry_run is True and before.dry_run is False
        assert same(edited, hydra_compose(loader, []))
    assert len(list(cache.iterdir())) == 3


def test_off_sweeps_and_errors_compose_afresh_and_keep_nothing(
    cache: Path, loader: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hydra.errors import HydraException

    with pytest.raises(HydraException):  # Hydra's own error, as without the cache
        cached(loader, ["model=no_such_model"], HYDRA)
    with pytest.raises(HydraException):
        cached(loader, ["sampling.k=1,2"], HYDRA)  # a sweep in run mode
    monkeypatch.setenv(_compose_cache.OFF, "off")
    cfg, written = cached(loader, ["sampling.k=4"], HYDRA)
    assert written == 0 and cfg.sampling.k == 4
    assert not cache.exists()


def run_gralgo(tmp_path: Path, *overrides: str) -> subprocess.CompletedProcess[str]:
    """``python -m gralgo`` (a dry run) whose Hydra compositions are counted."""
    script = (
        "import sys, runpy\n"
        "from hydra._internal.config_loader_impl import ConfigLoaderImpl\n"
        "impl = ConfigLoaderImpl._compose_config_from_defaults_list\n"
        "def counted(*a, **k):\n"
        "    print('MERGED', file=sys.stderr)\n"
        "    return impl(*a, **k)\n"
        "ConfigLoaderImpl._compose_config_from_defaults_list = counted\n"
        "sys.argv = ['gralgo', *sys.argv[1:]]\n"
        "runpy.run_module('gralgo', run_name='__main__')\n"
    )
    env = {**os.environ, _compose_cache.OFF: str(tmp_path / "cache")}
    return subprocess.run(
        [sys.executable, "-c", script, "dry_run=true", "mlflow.enabled=false",
         "model=openai_compatible", "model.name=m", "model.api_base=http://127.0.0.1:9/v1",
         f"paths.outputs={tmp_path}/outputs", *overrides],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


@pytest.mark.slow
def test_a_second_command_line_skips_hydras_merge_and_writes_the_same_run_files(
    tmp_path: Path,
) -> None:
    first = run_gralgo(tmp_path, f"hydra.run.dir={tmp_path}/one")
    second = run_gralgo(tmp_path, f"hydra.run.dir={tmp_path}/two")
    assert first.returncode == second.returncode == 0, first.stderr[-2000:] + second.stderr
    assert first.stderr.count("MERGED") == 1 and second.stderr.count("MERGED") == 0
    for name in ("config.yaml", "hydra.yaml", "overrides.yaml"):
        one = (tmp_path / "one" / ".hydra" / name).read_text()
        two = (tmp_path / "two" / ".hydra" / name).read_text()
        assert one.replace(f"{tmp_path}/one", "RUN") == two.replace(f"{tmp_path}/two", "RUN")


@pytest.mark.slow
def test_nothing_is_kept_for_a_command_line_the_check_refuses(tmp_path: Path) -> None:
    # refused after the composition (by the settings), so it was composed, not kept
    done = run_gralgo(tmp_path, "level=99", f"hydra.run.dir={tmp_path}/run")
    assert done.returncode == 2 and "unknown level 99" in done.stderr, done.stderr[-2000:]
    assert done.stderr.count("MERGED") == 1
    assert not (tmp_path / "cache").exists()
    refused = run_gralgo(tmp_path, "+model.api_key=sk-abcdefghijklmnopqrstuvwxyz0123456789")
    assert refused.returncode == 2
    assert not (tmp_path / "cache").exists()
    assert json.dumps(refused.stderr).count("sk-abcdefghijklmnopqrstuvwxyz0123456789") == 0


def test_the_cache_lives_with_gralgos_other_caches(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(_compose_cache.OFF, raising=False)
    monkeypatch.setenv("GRALGO_CACHE_DIR", str(tmp_path))
    assert _compose_cache.cache_dir() == tmp_path / "compose"
    monkeypatch.delenv("GRALGO_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert _compose_cache.cache_dir() == tmp_path / "home" / ".cache" / "gralgo" / "compose"
    monkeypatch.setenv(_compose_cache.OFF, str(tmp_path / "mine"))
    assert _compose_cache.cache_dir() == tmp_path / "mine" and _compose_cache.enabled()
    monkeypatch.setenv(_compose_cache.OFF, "off")
    assert not _compose_cache.enabled()


def test_config_files_holding_a_literal_secret_are_not_kept(cache: Path, tmp_path: Path) -> None:
    conf = tmp_path / "conf"
    shutil.copytree(CONF, conf)
    secret = "sk-abcdefghijklmnopqrstuvwxyz0123456789"
    model = conf / "model" / "openai_compatible.yaml"
    model.write_text(model.read_text().replace("extra_body: {}", f"extra_body: {{x: {secret}}}"))
    with initialize_config_dir(config_dir=str(conf), version_base=None):
        loader = GlobalHydra.instance().config_loader()
        # the command line hides it from the run (and from gralgo's check), not from the entry
        hidden = ["model=openai_compatible", "model.extra_body.x=null"]
        cfg, written = cached(loader, hidden, HYDRA)
    assert cfg.model.extra_body.x is None and written == 0
    assert not cache.exists()


def test_a_damaged_entry_composes_afresh_and_is_replaced(cache: Path, loader: Any) -> None:
    cached(loader, ["sampling.k=2"], HYDRA)
    (entry,) = cache.iterdir()
    entry.write_bytes(b"not a pickle")
    cfg, written = cached(loader, ["sampling.k=2"], HYDRA)
    assert written == 1 and same(cfg, hydra_compose(loader, ["sampling.k=2"]))
    again, written = cached(loader, ["sampling.k=2"])
    assert written == 0 and same(again, cfg)


@pytest.mark.parametrize("where", ["entry", "folder"])
def test_an_entry_others_could_write_is_never_unpickled(
    cache: Path, loader: Any, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached(loader, ["sampling.k=2"], HYDRA)
    (entry,) = cache.iterdir()
    target = entry if where == "entry" else cache
    target.chmod(target.stat().st_mode | stat.S_IWGRP | stat.S_IWOTH)
    unpickled: list[bytes] = []
    loads = pickle.loads

    def spy(data: bytes, **kwargs: Any) -> Any:
        unpickled.append(data)
        return loads(data, **kwargs)

    monkeypatch.setattr(_compose_cache.pickle, "loads", spy)
    cfg, _ = cached(loader, ["sampling.k=2"], HYDRA)
    assert unpickled == [] and same(cfg, hydra_compose(loader, ["sampling.k=2"]))
    entry.chmod(0o600)
    cache.chmod(0o700)
    cached(loader, ["sampling.k=2"])  # private again: read (``refuse`` if composed afresh)
    assert len(unpickled) == 1


def test_a_sweeps_jobs_compose_afresh(
    cache: Path, loader: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached(loader, ["sampling.k=2"], HYDRA)

    def no_read(path: Path) -> None:
        raise AssertionError(f"read {path}")

    monkeypatch.setattr(_compose_cache, "_read", no_read)
    job = ["hydra.mode=MULTIRUN", "sampling.k=2"]  # what Hydra composes for a sweep's job
    cfg, written = cached(loader, job, HYDRA)
    assert written == 0 and same(cfg, hydra_compose(loader, job))
