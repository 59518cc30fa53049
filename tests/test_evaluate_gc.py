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
