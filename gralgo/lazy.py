"""Public names a stage loads on first use (PEP 562), so importing the stage stays cheap."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``names[name]`` (a module path) on first use.

    A stage lists its heavy public names in ``names`` and imports them under ``TYPE_CHECKING``
    for type checkers; ``from gralgo.<stage> import name`` then works as for an eager name.
    """

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(importlib.import_module(names[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
