"""Names and modules a stage loads on first use, so importing the stage stays cheap."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
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


class _LazyModule(ModuleType):
    """A stand-in for the module of the same name that imports it on first attribute access.

    The real module's names are then copied in, so later lookups cost what a module's do. Unlike
    :class:`importlib.util.LazyLoader` it leaves ``sys.modules`` alone (``import networkx``
    elsewhere is unchanged), and two threads touching it first at once both get the module
    (the import system's own lock imports it once).
    """

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(self.__name__)
        self.__dict__.update((k, v) for k, v in vars(module).items() if k not in _OWN_NAMES)
        return getattr(module, attr)  # also a name the module sets later (a submodule)


_OWN_NAMES = frozenset(vars(ModuleType("_")))
"""``__name__``, ``__doc__``, ``__spec__``...: the stand-in keeps its own."""


def lazy_module(name: str) -> ModuleType:
    """The module ``name`` if it is already imported, else a stand-in that imports it on first
    use: ``nx = lazy_module("networkx")``, with ``import networkx as nx`` under
    ``TYPE_CHECKING`` for type checkers, in a stage that needs networkx only in some paths."""
    return sys.modules.get(name) or _LazyModule(name)
