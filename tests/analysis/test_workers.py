"""Worker processes: results in order, parts inherited (not pickled) where processes fork, the
parent's heap frozen out of the workers' garbage collector."""

from __future__ import annotations

import gc
import pickle

import pytest

from gralgo.analysis import _workers
from gralgo.analysis._workers import forks, map_in_workers, start_beside


def _square_and_freeze_count(part: int) -> tuple[int, int]:
    return part * part, gc.get_freeze_count()


class Unpicklable:
    """A part that cannot be sent to a worker pickled (only inherited)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __reduce__(self) -> tuple[object, ...]:
        raise pickle.PicklingError("sent pickled")


def _value(part: Unpicklable) -> int:
    return part.value


@pytest.mark.skipif(not forks(), reason="processes do not fork here")
def test_forked_workers_inherit_the_parts_with_the_heap_frozen() -> None:
    out = map_in_workers(_square_and_freeze_count, list(range(7)), 2)
    assert [square for square, _ in out] == [i * i for i in range(7)]
    assert all(frozen > 0 for _, frozen in out)  # the parent's objects were frozen at the fork
    assert gc.get_freeze_count() == 0  # and are not any more in the parent
    assert map_in_workers(_value, [Unpicklable(i) for i in range(5)], 2) == list(range(5))
    assert _workers._INHERITED == []


def test_without_fork_the_parts_are_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_workers, "forks", lambda: False)
    out = map_in_workers(_square_and_freeze_count, list(range(5)), 2)
    assert [square for square, _ in out] == [i * i for i in range(5)]
    with pytest.raises(pickle.PicklingError):
        map_in_workers(_value, [Unpicklable(1)], 2)


def _pid_and_value(part: Unpicklable) -> tuple[int, int]:
    import os

    return os.getpid(), part.value


def _fail() -> None:
    raise ValueError("disk full in the writer")


@pytest.mark.skipif(not forks(), reason="processes do not fork here")
def test_beside_runs_in_a_forked_process_and_returns_or_raises() -> None:
    import os
    from functools import partial

    wait = start_beside(partial(_pid_and_value, Unpicklable(3)))  # inherited, not pickled
    pid, value = wait()
    assert value == 3 and pid != os.getpid()
    assert _workers._BESIDE == {} and gc.get_freeze_count() == 0
    failed = start_beside(_fail)
    with pytest.raises(ValueError, match="disk full in the writer"):
        failed()


def test_without_fork_beside_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    from functools import partial

    monkeypatch.setattr(_workers, "forks", lambda: False)
    assert start_beside(partial(_pid_and_value, Unpicklable(4)))() == (os.getpid(), 4)
