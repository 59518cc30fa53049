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
