"""Compose a single run's config once: the check before Hydra's app, and the app, share it.

``python -m gralgo key=value ...`` composes the same config three times: :func:`check_composed`
(before Hydra writes its run folder), Hydra's ``get_mode`` (run or multirun?) and Hydra's
``run``; each costs 0.2-0.5 s CPU. Inside :func:`composed_once`, the first successful run-mode
composition is kept (a copy taken before anything resolves it) and a copy handed to the later
ones that ask for the same thing: the same config name and overrides, search path, working
directory, environment and Hydra version base (and job name, unless the config sets it).
Anything else composes afresh, as does every composition outside the block. Hydra's
``get_mode``, which only reads ``hydra.mode``, reads the kept one itself, and Hydra's run, the
last, takes it: one copy per command line, not three (~15 ms of CPU each).

Hydra's run adds ``hydra.mode=RUN`` to the overrides when the mode is unset: that composition
is the kept one with the override applied by Hydra's own code. A run-mode composition serves a
multirun-mode ``get_mode`` too: the two differ only in that
multirun skips config groups left missing (``???``), and a run-mode composition with one of those
would have failed and been kept by no one.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def _key(loader: Any, config_name: str | None, overrides: list[str]) -> tuple[Any, ...]:
    """Everything a composition reads besides the config files themselves."""
    from hydra import version

    return (
        config_name,
        tuple(overrides),
        tuple((p.provider, p.path) for p in loader.config_search_path.get_path()),
        os.getcwd(),
        tuple(sorted(os.environ.items())),
        str(version.getbase()),
    )


def _runtime_name() -> str:
    """Hydra's job name for configs that do not set ``hydra.job.name`` (ours do)."""
    from hydra.core.utils import JobRuntime

    return str(JobRuntime().get("name"))


RUN_MODE = "hydra.mode=RUN"
"""The override Hydra's app adds to the command line's for its run when the mode is unset."""


def _reuse(
    kept: dict[tuple[Any, ...], tuple[Any, str]], key: tuple[Any, ...], how: str = "copy"
) -> Any:
    """The composition kept under ``key``, or ``None``: a copy (``how="copy"``), the kept one
    itself for a caller that only reads it (``"read"``), or the kept one handed over and no
    longer kept (``"take"``: a copy costs ~15 ms of CPU)."""
    if key not in kept:
        return None
    cfg, name = kept[key]
    if cfg.hydra.job.name != name or name == _runtime_name():  # set by the config, or the same
        if how == "take":
            del kept[key]
            return cfg
        return cfg if how == "read" else copy.deepcopy(cfg)
    return None


def _with_run_mode(cfg: Any) -> Any:
    """``cfg`` as composing it with ``hydra.mode=RUN`` appended would have made it: the override
    applied by Hydra's own code and recorded last among the Hydra overrides."""
    from hydra._internal.config_loader_impl import ConfigLoaderImpl
    from hydra.core.override_parser.overrides_parser import OverridesParser

    parsed = OverridesParser.create().parse_overrides([RUN_MODE])
    ConfigLoaderImpl._apply_overrides_to_config(parsed, cfg)
    cfg.hydra.overrides.hydra.append(RUN_MODE)
    return cfg


@contextmanager
def composed_once() -> Iterator[None]:
    """Within the block, equal Hydra compositions after the first run-mode one are copies of it.

    Hydra 1.3's ``ConfigLoaderImpl.load_configuration`` is wrapped for the block's duration
    and restored after it (pinned: ``hydra-core==1.3.8``). Nothing is kept on disk.
    """
    from hydra._internal.config_loader_impl import ConfigLoaderImpl
    from hydra.types import RunMode

    original = ConfigLoaderImpl.load_configuration
    kept: dict[tuple[Any, ...], tuple[Any, str]] = {}
    """key -> (the composed config, Hydra's job name when it was composed)."""

    def load_configuration(
        self: ConfigLoaderImpl,
        config_name: str | None,
        overrides: list[str],
        run_mode: RunMode,
        from_shell: bool = True,
        validate_sweep_overrides: bool = True,
    ) -> Any:
        key = _key(self, config_name, overrides)
        if run_mode == RunMode.RUN or not validate_sweep_overrides:
            # Hydra's get_mode (the only caller that skips the sweep check) reads hydra.mode
            found = _reuse(kept, key, "copy" if validate_sweep_overrides else "read")
            if found is not None:
                return found
            if run_mode == RunMode.RUN and overrides[-1:] == [RUN_MODE]:
                # Hydra's run: the overrides get_mode saw, plus hydra.mode=RUN (mode unset); the
                # last composition of a command line, so it takes the kept one
                run_key = _key(self, config_name, overrides[:-1])
                if run_key in kept and kept[run_key][0].hydra.mode is None:
                    found = _reuse(kept, run_key, "take")
                    if found is not None:
                        return _with_run_mode(found)
        cfg = original(
            self,
            config_name=config_name,
            overrides=overrides,
            run_mode=run_mode,
            from_shell=from_shell,
            validate_sweep_overrides=validate_sweep_overrides,
        )
        if run_mode == RunMode.RUN and validate_sweep_overrides:
            # a copy taken before anyone resolves it (``${now:}`` caches its value)
            kept[key] = (copy.deepcopy(cfg), _runtime_name())
        return cfg

    setattr(ConfigLoaderImpl, "load_configuration", load_configuration)  # noqa: B010
    try:
        yield
    finally:
        setattr(ConfigLoaderImpl, "load_configuration", original)  # noqa: B010
