"""Names and modules a stage loads on first use, so importing the stage stays cheap."""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any


def type_checking_imports(source: str) -> dict[str, tuple[str, str]]:
    """``{name: (module, attribute)}`` of every ``from module import attribute [as name]``
    under a top-level ``if TYPE_CHECKING:`` (or ``if _TYPE_CHECKING:``) of ``source``."""
    table: dict[str, tuple[str, str]] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")):
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
                for alias in statement.names:
                    table[alias.asname or alias.name] = (statement.module, alias.name)
    return table


def lazy_exports(package: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` that loads a stage's heavy public names on first use (PEP 562).

    Each such name is written once, as the stage's import under ``if TYPE_CHECKING:`` (what
    type checkers read), and listed in ``__all__``; the table of where each name lives is read
    from those imports in the package's own source, at the first lookup of a missing name (so
    importing the stage parses nothing). ``from gralgo.<stage> import name`` then works as for
    an eager name; ``tests/test_lazy.py`` checks ``__all__`` against the imports.
    """
    table: dict[str, tuple[str, str]] = {}
    read: list[bool] = []

    def __getattr__(name: str) -> Any:
        if not read:
            source = Path(str(sys.modules[package].__file__)).read_text(encoding="utf-8")
            table.update(type_checking_imports(source))
            read.append(True)
        if name in table:
            module, attribute = table[name]
            return getattr(importlib.import_module(module), attribute)
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
