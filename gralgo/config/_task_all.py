"""``task=all``: every task config on Hydra's search path, so no file lists the tasks.

The option ``task/all`` lives in Hydra's ConfigStore; its defaults list names each
``task/<name>.yaml`` found in ``conf/`` and in the ``file://`` folders of a
``hydra.searchpath=[...]`` override. Adding ``conf/task/<name>.yaml`` adds the task to ``all``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

CONF_DIR = Path(__file__).resolve().parents[2] / "conf"
ALL = "all"


def task_config_names(config_dirs: Iterable[Path]) -> list[str]:
    """The names of the ``task/<name>.yaml`` files in ``config_dirs``, sorted, without ``all``."""
    names = {
        path.stem
        for folder in config_dirs
        for path in (Path(folder) / "task").glob("*.yaml")
        if path.stem != ALL
    }
    return sorted(names)


def searchpath_dirs(overrides: Sequence[str]) -> list[Path]:
    """The local folders of a ``hydra.searchpath=[file://DIR,...]`` override (other schemes,
    such as ``pkg://``, are not scanned)."""
    from hydra.core.override_parser.overrides_parser import OverridesParser
    from hydra.errors import HydraException

    dirs: list[Path] = []
    for text in overrides:
        if not text.lstrip("+~").startswith("hydra.searchpath="):
            continue
        try:
            value = OverridesParser.create().parse_override(text).value()
        except HydraException:
            continue  # Hydra reports the syntax error itself
        for entry in value if isinstance(value, list) else [value]:
            entry = str(entry)
            if "://" not in entry or entry.startswith("file://"):
                dirs.append(Path(entry.removeprefix("file://")))
    return dirs


def register_task_all(extra_dirs: Iterable[Path] = ()) -> list[str]:
    """Store ``task/all`` in Hydra's ConfigStore (every task config of ``conf/`` and
    ``extra_dirs``); returns the task names."""
    from hydra.core.config_store import ConfigStore

    names = task_config_names([CONF_DIR, *extra_dirs])
    ConfigStore.instance().store(group="task", name=ALL, node={"defaults": names})
    return names
