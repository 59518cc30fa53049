"""A dataset is checked against its manifest's sha256s before it is scored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_store import make_instance

from gralgo.dataset import DatasetError, _store, read_instances, verify_dataset, write_dataset


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    data = {"a": [make_instance("a", 1, i) for i in range(3)]}
    return write_dataset(tmp_path / "ds", data, config={"seed": 0})


def test_an_edited_expected_answer_is_refused_naming_the_file(dataset: Path) -> None:
    assert len(read_instances(dataset)) == 3
    path = dataset / "instances" / "a.jsonl"
    path.write_text(path.read_text().replace('"answer":"1"', '"answer":"2"', 1))
    with pytest.raises(DatasetError, match=r"instances/a.jsonl does not match the sha256"):
        read_instances(dataset)


def test_a_deleted_line_is_refused(dataset: Path) -> None:
    path = dataset / "instances" / "a.jsonl"
    path.write_text("".join(path.read_text().splitlines(keepends=True)[1:]))
    with pytest.raises(DatasetError, match="a.jsonl"):
        read_instances(dataset)


def test_missing_file_and_bad_manifest_are_clear_errors(dataset: Path) -> None:
    manifest = dataset / "manifest.json"
    text = manifest.read_text()
    manifest.write_text(text[: len(text) // 2])  # truncated
    with pytest.raises(DatasetError, match="not a valid manifest"):
        read_instances(dataset)
    manifest.write_text(json.dumps({"files": []}))
    with pytest.raises(DatasetError, match="not a valid manifest"):
        read_instances(dataset)
    manifest.write_text(text)
    (dataset / "instances" / "a.jsonl").unlink()
    with pytest.raises(DatasetError, match="a.jsonl is missing"):
        read_instances(dataset)


def test_edited_file_list_is_refused(dataset: Path) -> None:
    manifest_path = dataset / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["files"]["instances/a.jsonl"] = "0" * 64
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(DatasetError, match="content_hash"):
        read_instances(dataset)


def test_hashes_are_checked_once_per_process(dataset: Path, monkeypatch) -> None:
    calls: list[Path] = []
    real = _store._sha256
    monkeypatch.setattr(_store, "_sha256", lambda p: calls.append(p) or real(p))
    verify_dataset(dataset)
    verify_dataset(dataset)
    read_instances(dataset)
    assert len(calls) == 1


def hashed_files(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Files hashed from now on; the in-process memory of checked datasets emptied first."""
    monkeypatch.setattr(_store, "_VERIFIED", set())
    calls: list[Path] = []
    real = _store._sha256
    monkeypatch.setattr(_store, "_sha256", lambda p: calls.append(p) or real(p))
    return calls


def test_a_checked_dataset_is_not_hashed_again_by_the_next_job(
    dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    calls = hashed_files(monkeypatch)
    verify_dataset(dataset, cache)
    assert len(calls) == 1 and len(list((cache / "verified").iterdir())) == 1
    calls = hashed_files(monkeypatch)  # as a new process would start
    assert len(read_instances(dataset, cache_dir=cache)) == 3
    assert calls == []
    calls = hashed_files(monkeypatch)
    verify_dataset(dataset)  # without the cache: hashed, as before
    assert len(calls) == 1


def test_the_disk_memory_fails_closed_when_a_file_changes(
    dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    cache = tmp_path / "cache"
    verify_dataset(dataset, cache)
    path = dataset / "instances" / "a.jsonl"
    before = path.stat()
    text = path.read_text()
    path.write_text(text.replace('"answer":"1"', '"answer":"7"', 1))  # same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # and the old mtime
    assert path.stat().st_size == before.st_size
    hashed_files(monkeypatch)
    with pytest.raises(DatasetError, match=r"instances/a.jsonl does not match the sha256"):
        read_instances(dataset, cache_dir=cache)
    path.write_text(text)  # restored: checked again, and fine
    assert len(read_instances(dataset, cache_dir=cache)) == 3


def test_an_unwritable_cache_only_means_hashing(
    dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    hashed_files(monkeypatch)
    verify_dataset(dataset, blocker)  # no marker written, no error
    calls = hashed_files(monkeypatch)
    verify_dataset(dataset, blocker)
    assert len(calls) == 1
