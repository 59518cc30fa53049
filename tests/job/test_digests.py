"""The inputs digest covers the code and the dataset files; the samples digest their content."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gralgo.job import _digests
from gralgo.job._digests import CONTENT_COLUMNS, inputs_digest, rows_digest, samples_digest
from gralgo.ledger import Ledger, SampleRecord

CONFIG = {"model": {"name": "m"}, "task": {}}


def test_the_inputs_digest_changes_with_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = inputs_digest(CONFIG, tmp_path)
    assert inputs_digest(CONFIG, tmp_path) == before
    monkeypatch.setattr(_digests, "package_digest", lambda: b"other source")
    assert inputs_digest(CONFIG, tmp_path) != before


def test_the_package_digest_reads_every_module(tmp_path: Path) -> None:
    digest = _digests.package_digest()
    assert len(digest) == 32 and digest == _digests.package_digest()


def test_the_inputs_digest_changes_with_any_dataset_file(tmp_path: Path) -> None:
    data = tmp_path / "dataset"
    (data / "max_degree").mkdir(parents=True)
    (data / "max_degree" / "level1.jsonl").write_text("{}\n")
    first = inputs_digest(CONFIG, data)
    (data / "manifest.json").write_text("{}")  # a new file
    second = inputs_digest(CONFIG, data)
    assert second != first
    os.utime(data / "manifest.json", ns=(1, 1))  # an older modification time
    third = inputs_digest(CONFIG, data)
    assert third not in (first, second)
    (data / "manifest.json").write_text("{} ")  # another size
    assert inputs_digest(CONFIG, data) not in (first, second, third)
    assert inputs_digest(CONFIG, tmp_path / "elsewhere") != first


def _ledger(path: Path, **fields: object) -> Ledger:
    ledger = Ledger(path)
    for index in range(2):
        ledger.record(SampleRecord("key", index, "i", "m", answer_text="\\boxed{3}",
                                   reasoning_text="think", finish_reason="stop",
                                   **fields))  # type: ignore[arg-type]  # fmt: skip
    return ledger


@pytest.mark.parametrize(
    "column", ["answer_text", "reasoning_text", "completion_tokens", "latency_s", "transcript"]
)
def test_the_samples_digest_follows_every_stored_column(tmp_path: Path, column: str) -> None:
    assert column in CONTENT_COLUMNS
    with _ledger(tmp_path / "l.sqlite") as ledger:
        before = samples_digest(ledger, ["key"], 2)
        assert before is not None and rows_digest(ledger, ["key"], 2) == before
        conn = ledger._connection()
        conn.execute(f"UPDATE samples SET {column} = '7' WHERE sample_index = 1")
        conn.commit()
        assert samples_digest(ledger, ["key"], 2) not in (None, before)
        assert rows_digest(ledger, ["key"], 2) != before
        assert samples_digest(ledger, ["key"], 1) == samples_digest(ledger, ["key"], 1)


def test_the_samples_digest_needs_every_sample_to_have_succeeded(tmp_path: Path) -> None:
    with _ledger(tmp_path / "l.sqlite") as ledger:
        assert samples_digest(ledger, ["key"], 3) is None  # sample 2 missing
        assert samples_digest(ledger, ["key", "other"], 2) is None
        ledger.record(SampleRecord("key", 2, "i", "m", error_class="Timeout"))
        assert samples_digest(ledger, ["key"], 3) is None
        assert samples_digest(ledger, ["key"], 2) is not None


def test_the_ledger_files_state_changes_with_any_write(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite"
    _ledger(path).close()
    state = _digests.ledger_files_state(str(path))
    with Ledger(path) as ledger:
        ledger.rows(["key"], ["answer_text"])
    assert _digests.ledger_files_state(str(path)) == state  # reading changes nothing
    path.write_bytes(path.read_bytes())  # the same bytes written again (a restore)
    assert _digests.ledger_files_state(str(path)) != state
    assert _digests.ledger_files_state("postgresql://host/db") == ""


def test_the_samples_digest_of_a_known_ledger_is_unchanged(tmp_path: Path) -> None:
    times = {"started_at": 1.25, "finished_at": 2.5, "latency_s": 1.25, "completion_tokens": 7}
    with _ledger(tmp_path / "l.sqlite", **times) as ledger:
        assert samples_digest(ledger, ["key"], 2) == (
            "c37e90e6c40c9b16f870420199a44bf9497001046211ff475be81d92285130f5"
        )
