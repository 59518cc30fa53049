"""Results shared between job folders: the index, links, detaching and the moved summary."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gralgo.job._links import (
    INDEX_DIR,
    detach_shared_files,
    link_files,
    relocate_summary,
    remember_folder,
    remembered_folder,
)


def test_the_index_remembers_the_newest_existing_folder(tmp_path: Path) -> None:
    outputs, first, second = tmp_path / "outputs", tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    assert remembered_folder(outputs, "digest") is None
    remember_folder(outputs, "digest", first)
    remember_folder(outputs, "digest", second)
    assert remembered_folder(outputs, "digest") == second.resolve()
    assert remembered_folder(outputs, "other") is None
    second.rmdir()
    assert remembered_folder(outputs, "digest") is None
    assert [p.name for p in (outputs / INDEX_DIR).iterdir()] == ["digest"]  # no temp files left


def test_links_share_the_file_and_detaching_gives_each_folder_its_own(tmp_path: Path) -> None:
    source, target = tmp_path / "source", tmp_path / "target"
    (source / "tables").mkdir(parents=True)
    (source / "summary.csv").write_text("a\n", encoding="utf-8")
    (source / "tables" / "t.md").write_text("| x |\n", encoding="utf-8")
    target.mkdir()
    (target / "summary.csv").write_text("stale\n", encoding="utf-8")  # replaced, not appended
    made = link_files(source, target, ["summary.csv", "tables/t.md"])
    assert made == [target / "summary.csv", target / "tables" / "t.md"]
    assert all(path.samefile(source / path.relative_to(target)) for path in made)
    mtime = (source / "summary.csv").stat().st_mtime_ns

    assert detach_shared_files(target) == 2
    assert not (target / "summary.csv").samefile(source / "summary.csv")
    assert (target / "summary.csv").read_text(encoding="utf-8") == "a\n"
    assert (target / "summary.csv").stat().st_mtime_ns == mtime  # still matches its stamp
    (target / "summary.csv").write_text("rewritten\n", encoding="utf-8")
    assert (source / "summary.csv").read_text(encoding="utf-8") == "a\n"
    assert detach_shared_files(target) == 0
    assert sorted(p.name for p in target.iterdir()) == ["summary.csv", "tables"]


def test_a_failed_link_removes_the_links_already_made(tmp_path: Path) -> None:
    source, target = tmp_path / "source", tmp_path / "target"
    source.mkdir()
    target.mkdir()
    (source / "one.csv").write_text("1\n", encoding="utf-8")
    with pytest.raises(OSError):
        link_files(source, target, ["one.csv", "missing.csv"])
    assert list(target.iterdir()) == []


def test_the_summary_names_the_new_folder_only_on_its_location_lines(tmp_path: Path) -> None:
    old = str(tmp_path / "runs" / "a")
    new = tmp_path / "runs" / "b"
    summary = (
        f"| task | {old} |\n"
        f"output folder  {old}\n"
        f"samples        {old}{os.sep}report.html  (open in a browser)\n"
        f"elsewhere      {old}-other{os.sep}x\n"
        "MLflow run     abc\n"
    )
    assert relocate_summary(summary, old, new) == (
        f"| task | {old} |\n"
        f"output folder  {new}\n"
        f"samples        {new}{os.sep}report.html  (open in a browser)\n"
        f"elsewhere      {old}-other{os.sep}x\n"
        "MLflow run     abc\n"
    )
    assert relocate_summary(summary, "", new) == summary
