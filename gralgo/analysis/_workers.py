"""Worker processes for the analyses' programmatic parts.

Where processes fork (Linux), the workers inherit the parts from the parent's memory instead of
receiving them pickled (the over-thinking texts are ~15 KB each), and the parent's objects are
frozen out of the garbage collector while the workers fork (:func:`gc.freeze`), so a collection
in a worker neither walks nor copies the inherited heap. Elsewhere the parts are sent pickled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_INHERITED: list[tuple[Callable[[Any], Any], Sequence[Any]]] = []
"""The function and parts of the running :func:`map_in_workers` (read by forked workers)."""


def _run_inherited(index: int) -> Any:
    fn, parts = _INHERITED[-1]
    return fn(parts[index])


def forks() -> bool:
    """Whether new worker processes are forked from this one (they then inherit its memory)."""
    import multiprocessing

    method = multiprocessing.get_start_method(allow_none=True)
    return (method or multiprocessing.get_all_start_methods()[0]) == "fork"


def map_in_workers(fn: Callable[[T], R], parts: Sequence[T], workers: int) -> list[R]:
    """``[fn(part) for part in parts]`` over ``workers`` processes, in order."""
    import gc
    from concurrent.futures import ProcessPoolExecutor

    inherit = forks()
    freeze = inherit and gc.get_freeze_count() == 0  # leave a caller's own freeze alone
    with ProcessPoolExecutor(max_workers=workers) as pool:
        if inherit:
            _INHERITED.append((fn, parts))
        if freeze:
            gc.freeze()
        try:
            # Every part is submitted now; a forking pool starts all its workers at the first.
            futures = (
                [pool.submit(_run_inherited, i) for i in range(len(parts))]
                if inherit
                else [pool.submit(fn, part) for part in parts]
            )
        finally:
            if freeze:
                gc.unfreeze()
        try:
            return [future.result() for future in futures]
        finally:
            if inherit:
                _INHERITED.pop()
