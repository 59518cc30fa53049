"""The collector pause a job uses while it loads its instances and plans."""

from __future__ import annotations

import gc

import pytest

from gralgo.evaluate import paused_gc


def test_the_collector_is_off_in_the_block_and_as_before_after_it() -> None:
    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), paused_gc():
        raise RuntimeError("a failing load")
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()  # a caller that turned it off keeps it off
    finally:
        gc.enable()


def test_a_job_leaves_what_was_alive_out_of_its_collections_and_puts_it_back() -> None:
    from gralgo.evaluate import freeze_now, frozen_gc

    assert gc.get_freeze_count() == 0
    with frozen_gc():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        later = [[] for _ in range(1000)]
        freeze_now()
        assert gc.get_freeze_count() >= frozen + len(later)
    assert gc.get_freeze_count() == 0
    with pytest.raises(RuntimeError), frozen_gc():
        raise RuntimeError("a failed job")
    assert gc.get_freeze_count() == 0
