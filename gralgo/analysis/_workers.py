"""Worker processes for the analyses' programmatic parts.

Where processes fork (Linux), the workers inherit the parts from the parent's memory instead of
receiving them pickled (the over-thinking texts are ~15 KB each), and the parent's objects are
frozen out of the garbage collector while the workers fork (:func:`gc.freeze`), so a collection
in a worker neither walks nor copies the inherited heap. Elsewhere the parts are sent pickled.

:func:`start_beside` runs one function in a forked process while this one goes on (a file
written beside the parent's own serial work uses the second core).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_INHERITED: list[tuple[Callable[[Any], Any], Sequence[Any]]] = []
"""The function and parts of the running :func:`map_in_workers` (read by forked workers)."""


_BESIDE: dict[int, Callable[[], Any]] = {}
"""The functions :func:`start_beside` runs, by key (read by the forked process)."""
_KEYS = itertools.count()


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


def _run_beside(key: int) -> Any:
    return _BESIDE[key]()


def start_beside(fn: Callable[[], R]) -> Callable[[], R]:
    """Start ``fn()`` in a forked process beside this one; returns a function that waits for
    its result (raising its error). Where processes do not fork, ``fn()`` runs now, here."""
    if not forks():
        result = fn()
        return lambda: result
    import gc
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    key = next(_KEYS)
    _BESIDE[key] = fn
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    freeze = gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()
    try:
        future = pool.submit(_run_beside, key)  # forks now: the process inherits ``fn``
    except BaseException:
        _BESIDE.pop(key, None)
        pool.shutdown()
        raise
    finally:
        if freeze:
            gc.unfreeze()

    def wait() -> R:
        try:
            result: R = future.result()
            return result
        finally:
            pool.shutdown()
            _BESIDE.pop(key, None)

    return wait
