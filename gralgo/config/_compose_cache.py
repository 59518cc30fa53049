"""A disk cache of Hydra's composition from the defaults list (the costly part of a compose).

Composing ``conf/`` reads and merges every config the defaults list names: ~0.2-0.4 s of CPU
per command line. What that yields depends on the config group overrides (``model=...``,
``+experiment=...``), not on the value overrides (``paths.outputs=...``), which Hydra applies
after it. So the merged config before the value overrides is kept on disk, keyed on everything
it is made of, and a command line with the same group choices applies its own overrides to a
copy, with Hydra's own steps (this module repeats the end of Hydra 1.3.8's
``ConfigLoaderImpl._load_configuration_impl``; another Hydra version composes afresh).

The key: the bytes of every file in every config source Hydra searches (``conf/``, Hydra's own
``pkg://`` configs), everything stored in Hydra's ConfigStore (gralgo's schemas), the config
name, the group overrides, the working directory, the job name, Hydra's version base, the
Python, Hydra, OmegaConf and gralgo versions. Editing any config file makes a new key. Anything
unusual composes afresh and keeps nothing: a sweep override or a sweep's job (``hydra.mode``
set), ``hydra.searchpath`` (on the command line or in a config), ``hydra.job.env_copy`` (it
copies environment values into the config), a warning while composing, an error, a config
source that is not a folder. Values resolvers cached while composing (``${now:}``) are not
kept: each run resolves its own.

Where: ``$GRALGO_CACHE_DIR/compose`` (default ``~/.cache/gralgo/compose``), or the folder
``GRALGO_COMPOSE_CACHE`` names; ``GRALGO_COMPOSE_CACHE=off`` turns the cache off. One file per key,
readable by the user only (an entry or folder that is not the user's, or that others can write, is
never read: entries are unpickled), written only after the command line passed gralgo's checks, and
never when a config file holds a value shaped like a secret (an entry holds what Hydra writes to
the run's ``.hydra/`` anyway). Deleting the folder is always safe.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

OFF = "GRALGO_COMPOSE_CACHE"
"""Environment variable: ``off`` (or ``0``, ``false``, ``no``) composes every time; any other
value is the folder to keep entries in."""
FORMAT = 1
"""Bumped whenever what an entry holds changes."""
HYDRA_VERSION = "1.3.8"
"""The Hydra whose composition steps :func:`finish` repeats."""

Pending = list[tuple[Path, bytes]]
"""Entries composed in this process, written by :func:`write_pending` once checked."""


def cache_dir() -> Path:
    """Where entries live: ``$GRALGO_COMPOSE_CACHE``, else ``$GRALGO_CACHE_DIR/compose``, else
    ``~/.cache/gralgo/compose``."""
    named = os.environ.get(OFF, "").strip()
    if named:
        return Path(named).expanduser()
    root = os.environ.get("GRALGO_CACHE_DIR")
    return (Path(root).expanduser() if root else Path.home() / ".cache" / "gralgo") / "compose"


def enabled() -> bool:
    """Whether the cache is on (``GRALGO_COMPOSE_CACHE`` is not ``off``)."""
    value = os.environ.get(OFF, "").strip().lower()
    return value not in ("off", "0", "false", "no")


def _tree_digest(folder: str, digest: Any) -> bool:
    """Add every file below ``folder`` (relative name and bytes) to ``digest``."""
    root = Path(folder)
    if not root.is_dir():
        return False
    for here, dirs, files in os.walk(root, followlinks=True):
        dirs.sort()
        for name in sorted(files):
            path = Path(here, name)
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return True


def _source_folders(scheme: str, path: str) -> list[str] | None:
    """The folders a config source reads (``None``: one this cache cannot vouch for)."""
    if scheme == "file":
        return [path]
    if scheme == "pkg":
        spec = importlib.util.find_spec(path.replace("/", "."))
        found = None if spec is None else spec.submodule_search_locations
        return None if not found else sorted(found)
    return None


def entry_key(repo: Any, config_name: str | None, group_lines: list[str]) -> str | None:
    """The entry's name for this composition, or ``None`` when it must compose afresh."""
    import hydra
    import omegaconf
    from hydra import version
    from hydra.core.config_store import ConfigStore
    from hydra.core.utils import JobRuntime

    from gralgo import __version__

    digest = hashlib.sha256()
    facts = (
        FORMAT,
        sys.version,
        hydra.__version__,
        omegaconf.__version__,
        __version__,
        str(version.getbase()),
        config_name,
        group_lines,
        os.getcwd(),
        str(JobRuntime().get("name")),
        os.environ.get("SELF_WARNING_AS_ERROR"),
    )
    digest.update(repr(facts).encode() + b"\0")
    digest.update(pickle.dumps(ConfigStore.instance().repo, protocol=pickle.HIGHEST_PROTOCOL))
    for source in repo.get_sources():
        digest.update(f"\0{source.provider}\0{source.scheme()}\0{source.path}\0".encode())
        if source.scheme() == "structured":
            continue  # the ConfigStore, hashed above
        folders = _source_folders(source.scheme(), source.path)
        if folders is None or not all(_tree_digest(f, digest) for f in folders):
            return None
    return digest.hexdigest()


def _private(path: Path) -> bool:
    """Whether ``path`` and its folder belong to this user and nobody else can write them: an
    entry is unpickled, so one that another user could have written is never read."""
    try:
        for st in (os.stat(path.parent), os.stat(path)):
            if st.st_uid != os.getuid() or st.st_mode & 0o022:
                return False
    except OSError:
        return False
    return True


def _read(path: Path) -> tuple[Any, dict[str, Any]] | None:
    """The entry at ``path`` (the merged config, Hydra's known choices), or ``None`` (also when
    it is not private to this user: see :func:`_private`)."""
    if not _private(path):
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        base, choices = pickle.loads(data)
    except Exception:  # a damaged entry: compose afresh
        return None
    return base, choices


def load_configuration(
    loader: Any,
    original: Callable[..., Any],
    pending: Pending,
    config_name: str | None,
    overrides: list[str],
    from_shell: bool = True,
) -> Any:
    """A run-mode composition, as ``original`` (Hydra's own) makes it: from the disk entry
    when one matches, else composed and its entry added to ``pending``."""
    import hydra
    from hydra.types import RunMode

    def afresh() -> Any:
        run = RunMode.RUN
        return original(loader, config_name, overrides, run_mode=run, from_shell=from_shell)

    if not enabled() or hydra.__version__ != HYDRA_VERSION:
        return afresh()
    try:
        made = _compose(loader, config_name, overrides, from_shell, pending)
    except Exception:  # Hydra's own composition reports it, as it would have
        return afresh()
    return afresh() if made is None else made


def _compose(
    loader: Any, config_name: str | None, overrides: list[str], from_shell: bool, pending: Pending
) -> Any:
    """Hydra 1.3.8's ``_load_configuration_impl`` with the merge from the defaults list read
    from disk when kept; ``None`` when this command line is not for the cache.

    The key is made with Hydra's own repository, without the primary config's
    ``hydra.searchpath`` (loading that config costs as much as a third of a hit): an entry is
    kept only when the composition searched exactly that repository's sources.
    """
    from hydra._internal.defaults_list import Overrides, create_defaults_list
    from hydra.core.override_parser.overrides_parser import OverridesParser
    from hydra.types import RunMode

    parsed = OverridesParser.create().parse_overrides(overrides=overrides)
    # a sweep's jobs (Hydra adds hydra.mode=MULTIRUN to theirs) are not for the cache
    afresh = ("hydra.searchpath", "hydra.mode")
    if any(o.is_sweep_override() or o.get_key_element() in afresh for o in parsed):
        return None
    loader.ensure_main_config_source_available()
    repo = loader.repository
    values = Overrides(repo=repo, overrides_list=parsed).config_overrides
    group_lines = [str(o.input_line) for o in parsed if not any(o is v for v in values)]
    key = entry_key(repo, config_name, group_lines)
    if key is None:
        return None
    path = cache_dir() / f"{key}.pickle"
    kept = _read(path)
    if kept is not None:
        base, choices = kept
        return finish(base, choices, values, parsed, repo, config_name)
    parsed, caching = loader._parse_overrides_and_create_caching_repo(config_name, overrides)
    loader.validate_sweep_overrides_legal(
        overrides=parsed, run_mode=RunMode.RUN, from_shell=from_shell
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        defaults_list = create_defaults_list(
            repo=caching,
            config_name=config_name,
            overrides_list=parsed,
            prepend_hydra=True,
            skip_missing=False,
        )
        base = loader._compose_config_from_defaults_list(
            defaults=defaults_list.defaults, repo=caching
        )
    if caught:
        return None  # Hydra composes afresh and warns as it does
    choices = dict(defaults_list.overrides.known_choices)
    entry = None if _holds_secret(base) else _entry(base, choices)
    cfg = finish(base, choices, defaults_list.config_overrides, parsed, caching, config_name)
    searched = [(s.provider, s.path) for s in caching.get_sources()]
    if searched == [(s.provider, s.path) for s in repo.get_sources()] and not (
        entry is None or cfg.hydra.job.env_copy or cfg.hydra.searchpath or cfg.hydra.mode
    ):
        pending.append((path, entry))
    return cfg


def _holds_secret(base: Any) -> bool:
    """Whether any value of the merged config files (before the command line's values, which
    may hide one) looks like a literal secret: such an entry is not kept."""
    from omegaconf import OmegaConf

    from gralgo.config._secrets import check_literal_secret
    from gralgo.errors import ConfigError

    def leaves(value: Any, key: str) -> Any:
        if isinstance(value, dict):
            for k, v in value.items():
                yield from leaves(v, f"{key}.{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from leaves(v, f"{key}[{i}]")
        else:
            yield key, value

    try:
        for key, value in leaves(OmegaConf.to_container(base, resolve=False), "cfg"):
            check_literal_secret(key, value)
    except ConfigError:
        return True
    return False


def _entry(base: Any, choices: dict[str, Any]) -> bytes:
    """``base`` and ``choices`` pickled, less the values resolvers cached while composing
    (``${now:}`` in ``hydra.run.dir``: a later run resolves its own)."""
    from omegaconf import OmegaConf

    resolved = OmegaConf.create()
    OmegaConf.copy_cache(from_config=base, to_config=resolved)
    OmegaConf.clear_cache(base)
    try:
        return pickle.dumps((base, choices), protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        OmegaConf.copy_cache(from_config=resolved, to_config=base)


def finish(
    cfg: Any,
    choices: dict[str, Any],
    config_overrides: list[Any],
    parsed: list[Any],
    repo: Any,
    config_name: str | None,
) -> Any:
    """The end of Hydra 1.3.8's ``_load_configuration_impl``, after the merge: the value
    overrides, the records of the command line, the runtime facts (its own code, in order)."""
    from hydra import __version__, version
    from hydra._internal.config_loader_impl import ConfigLoaderImpl, get_overrides_dirname
    from hydra.conf import ConfigSourceInfo
    from hydra.core.utils import JobRuntime
    from omegaconf import OmegaConf, open_dict

    OmegaConf.set_struct(cfg, True)
    OmegaConf.set_readonly(cfg.hydra, False)
    ConfigLoaderImpl._apply_overrides_to_config(config_overrides, cfg)
    app_overrides = []
    for override in parsed:
        if override.is_hydra_override():
            cfg.hydra.overrides.hydra.append(override.input_line)
        else:
            cfg.hydra.overrides.task.append(override.input_line)
            app_overrides.append(override)
    with open_dict(cfg.hydra):
        cfg.hydra.runtime.choices.update(choices)
        for key in cfg.hydra.job.env_copy:
            cfg.hydra.job.env_set[key] = os.environ[key]
    cfg.hydra.runtime.version = __version__
    cfg.hydra.runtime.version_base = version.getbase()
    cfg.hydra.runtime.cwd = os.getcwd()
    cfg.hydra.runtime.config_sources = [
        ConfigSourceInfo(path=x.path, schema=x.scheme(), provider=x.provider)
        for x in repo.get_sources()
    ]
    if "name" not in cfg.hydra.job:
        cfg.hydra.job.name = JobRuntime().get("name")
    cfg.hydra.job.override_dirname = get_overrides_dirname(
        overrides=app_overrides,
        kv_sep=cfg.hydra.job.config.override_dirname.kv_sep,
        item_sep=cfg.hydra.job.config.override_dirname.item_sep,
        exclude_keys=cfg.hydra.job.config.override_dirname.exclude_keys,
    )
    cfg.hydra.job.config_name = config_name
    return cfg


def write_pending(pending: Pending) -> None:
    """Write the entries composed in this process (atomically; errors are ignored: the cache
    only saves time)."""
    import tempfile

    for path, data in pending:
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")  # mode 0600
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except OSError:
            continue
    pending.clear()
