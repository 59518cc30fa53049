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


def test_the_reports_do_not_walk_the_samples_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside a job, the samples table (alive until the reports are written) is frozen before
    them: their collections do not walk it."""
    from types import SimpleNamespace

    import pandas as pd

    import gralgo.evaluate as evaluate
    import gralgo.publish as publish
    from gralgo.evaluate import frozen_gc

    seen: list[bool] = []

    def read_table(*args: object) -> pd.DataFrame:  # made inside the job, as a job reads it
        return pd.DataFrame({"error_class": [None, None], "text": [["a"], ["b"]]})  # lists: tracked

    def fake_reports(table: pd.DataFrame, *args: object, **kwargs: object) -> None:
        walked = {id(o) for o in gc.get_objects()}  # every generation but the frozen one
        seen.append(any(id(cell) in walked for cell in table["text"]))
        raise KeyboardInterrupt  # stop here: the rest of the job is not under test

    monkeypatch.setattr(evaluate, "samples_table", read_table)
    monkeypatch.setattr(evaluate, "with_instance_columns", lambda table, instances: table)
    monkeypatch.setattr(evaluate, "job_report_settings", lambda settings: None)
    monkeypatch.setattr(publish, "write_reports", fake_reports, raising=False)  # a lazy name
    settings = SimpleNamespace(mode=SimpleNamespace(name="direct"))
    with frozen_gc(), pytest.raises(KeyboardInterrupt):
        evaluate.report_results(settings, None, None, [])  # type: ignore[arg-type]
    assert seen == [False]


def test_the_samples_are_read_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the samples table (pandas' first import in a job, millions of objects, none in
    a cycle) triggers no collection; the collector is back on for the reports."""
    from types import SimpleNamespace

    import gralgo.evaluate as evaluate
    import gralgo.publish as publish

    seen: list[tuple[str, bool]] = []

    def read_table(*args: object) -> list[object]:
        seen.append(("read", gc.isenabled()))
        return []

    def fake_reports(*args: object, **kwargs: object) -> None:
        seen.append(("reports", gc.isenabled()))
        raise KeyboardInterrupt  # stop here: the rest of the job is not under test

    monkeypatch.setattr(evaluate, "samples_table", read_table)
    monkeypatch.setattr(evaluate, "with_instance_columns", lambda table, instances: table)
    monkeypatch.setattr(evaluate, "job_report_settings", lambda settings: None)
    monkeypatch.setattr(publish, "completeness", lambda *args: None, raising=False)
    monkeypatch.setattr(publish, "write_reports", fake_reports, raising=False)
    settings = SimpleNamespace(mode=SimpleNamespace(name="direct"))
    with pytest.raises(KeyboardInterrupt):
        evaluate.report_results(settings, None, None, [])  # type: ignore[arg-type]
    assert seen == [("read", False), ("reports", True)]
