"""The public results reader: a job folder or a ledger file as one typed table."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from gralgo.ledger import Ledger, RequestInfo, SampleRecord
from gralgo.results import (
    COLUMNS,
    JOB_FILE,
    JobRecord,
    ResultsError,
    read_job,
    read_samples,
    record_json,
)


def write_job(out: Path, record: JobRecord) -> None:
    (out / JOB_FILE).write_text(record_json(record), encoding="utf-8")


MESSAGES = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "Q?"}]


def info(key: str, instance: str, expected: str) -> RequestInfo:
    return RequestInfo(
        request_key=key, instance_id=instance, task="max_degree", taxonomy="enumeration",
        complexity="easy", level=2, format="edge_list", context="standard", mode="direct",
        answer_kind="integer", expected=expected, model_spec='{"name":"Display"}',
        sampling='{"temperature":0.6}', messages=json.dumps(MESSAGES),
    )  # fmt: skip


def answered(key: str, index: int, text: str) -> SampleRecord:
    return SampleRecord(
        key,
        index,
        "i0",
        "openai/m",
        answer_text=text,
        reasoning_text="think",
        finish_reason="stop",
        prompt_tokens=5,
    )


@pytest.fixture()
def job_dir(tmp_path: Path) -> Path:
    ledger_path = tmp_path / "ledger" / "l.sqlite"
    with Ledger(ledger_path) as ledger:
        ledger.register_requests([info("ka", "i0", "3"), info("kb", "i1", "7")])
        ledger.record(answered("ka", 0, "\\boxed{3}"))
        ledger.record(answered("ka", 1, "\\boxed{4}"))
        ledger.record(answered("ka", 2, "beyond k: not part of the job"))
        ledger.record(
            SampleRecord(
                "kb", 0, "i1", "openai/m", error_class="Timeout", error_message="slow", attempts=3
            )
        )
        ledger.record(answered("other", 0, "another job's sample"))
    out = tmp_path / "job"
    out.mkdir()
    write_job(out, JobRecord(
        ledger_path=str(ledger_path), dataset_dir=str(tmp_path / "ds"), model="Display",
        litellm_model="openai/m", format="edge_list", context="standard", k=2,
        sampling={"temperature": 0.6}, request_keys=("ka", "kb"), instance_ids=("i0", "i1"),
    ))  # fmt: skip
    return out


def test_job_folder_gives_exactly_its_samples_below_k(job_dir: Path) -> None:
    frame = read_samples(job_dir)
    assert list(frame.columns) == [c for c in COLUMNS if c != "prompt"]
    assert list(zip(frame.request_key, frame.sample_index, strict=True)) == [
        ("ka", 0),
        ("ka", 1),
        ("kb", 0),
        ("kb", 1),
    ]
    assert list(frame.error_class.fillna("ok")) == ["ok", "ok", "Timeout", "Missing"]
    assert list(frame.expected) == ["3", "3", "7", "7"]
    assert list(frame.instance_id) == ["i0", "i0", "i1", "i1"]
    assert set(frame.model) == {"Display"} and set(frame.litellm_model) == {"openai/m"}
    assert set(frame.task) == {"max_degree"} and set(frame.level) == {2}
    assert set(frame["mode"]) == {"direct"}
    assert frame.loc[2, "attempts"] == 3 and frame.loc[3, "attempts"] == 0
    assert json.loads(frame.loc[0, "sampling"]) == {"temperature": 0.6}
    assert frame.loc[0, "reasoning_text"] == "think"


def test_reasoning_and_prompt_columns_are_optional(job_dir: Path) -> None:
    frame = read_samples(job_dir, reasoning=False, prompts=True)
    assert "reasoning_text" not in frame.columns
    assert list(frame.prompt) == ["Q?"] * 4  # the last user message


def test_ledger_file_gives_every_stored_sample(job_dir: Path) -> None:
    frame = read_samples(read_job(job_dir).ledger_path)
    assert len(frame) == 5
    other = frame[frame.request_key == "other"].iloc[0]
    assert pd.isna(other.task) and other.model == "openai/m"  # undescribed: what the row knows
    described = frame[frame.request_key == "ka"]
    assert set(described.model) == {"Display"} and list(described.sample_index) == [0, 1, 2]


def test_answer_map_is_applied_as_each_answer_is_read(job_dir: Path) -> None:
    seen: list[object] = []

    def first_char(text: object) -> object:
        seen.append(text)
        return text[:1] if isinstance(text, str) else text

    frame = read_samples(job_dir, reasoning=False, answer_text=first_char)
    assert list(frame.answer_text)[:2] == ["\\", "\\"] and frame.answer_text.isna().sum() == 2
    assert "\\boxed{3}" in seen and "beyond k: not part of the job" in seen  # read, then mapped
    path = read_job(job_dir).ledger_path
    whole = read_samples(path, answer_text=lambda text: None if text is None else len(text))
    assert sorted(whole.answer_text.dropna()) == sorted(
        len(t) for t in ["\\boxed{3}", "\\boxed{4}", "beyond k: not part of the job",
                         "another job's sample"]
    )  # fmt: skip


def test_read_job_round_trips(job_dir: Path) -> None:
    job = read_job(job_dir)
    assert job.request_keys == ("ka", "kb") and job.k == 2 and job.mode == "direct"
    assert read_job(job_dir / "job.json") == job


def test_missing_paths_and_bad_job_files_raise_results_error(tmp_path: Path) -> None:
    with pytest.raises(ResultsError, match="does not exist"):
        read_samples(tmp_path / "nowhere")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ResultsError, match="job.json"):
        read_samples(empty)
    (empty / "job.json").write_text("{not json")
    with pytest.raises(ResultsError, match="not a readable job.json"):
        read_job(empty)
    (empty / "job.json").write_text(json.dumps({"k": 2}))
    with pytest.raises(ResultsError, match="missing or has a wrong field"):
        read_job(empty)


def test_moved_ledger_is_named(job_dir: Path) -> None:
    Path(read_job(job_dir).ledger_path).unlink()
    with pytest.raises(ResultsError, match="l.sqlite does not exist"):
        read_samples(job_dir)


def test_reader_without_reasoning_never_loads_it(tmp_path: Path) -> None:
    """Memory that stays flat: 40 samples with 256 KB of reasoning each (10 MB) are read
    without it while tracemalloc's peak stays far below one tenth of that."""
    import tracemalloc

    ledger_path = tmp_path / "l.sqlite"
    keys = tuple(f"k{i}" for i in range(20))
    with Ledger(ledger_path) as ledger:
        ledger.register_requests([info(k, f"i{n}", "3") for n, k in enumerate(keys)])
        for n, key in enumerate(keys):
            for index in range(2):
                rec = SampleRecord(key, index, f"i{n}", "openai/m", answer_text="\\boxed{3}",
                                   reasoning_text="x" * 256 * 1024)  # fmt: skip
                ledger.record(rec)
    out = tmp_path / "job"
    out.mkdir()
    write_job(out, JobRecord(
        ledger_path=str(ledger_path), dataset_dir=str(tmp_path / "ds"), model="Display",
        litellm_model="openai/m", format="edge_list", context="standard", k=2, sampling={},
        request_keys=keys, instance_ids=tuple(f"i{n}" for n in range(20)),
    ))  # fmt: skip
    read_samples(out, reasoning=False)  # imports and caches outside the measurement
    tracemalloc.start()
    frame = read_samples(out, reasoning=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(frame) == 40 and "reasoning_text" not in frame.columns
    assert peak < 1_000_000, f"{peak / 1e6:.1f} MB traced while reading without reasoning"
    with_text = read_samples(out)
    assert with_text["reasoning_text"].str.len().tolist() == [256 * 1024] * 40


def test_job_texts_reads_only_the_asked_text_of_the_asked_keys(job_dir: Path) -> None:
    from gralgo.results import JobTexts

    with JobTexts(job_dir) as stored:
        texts = stored.texts(["ka"], ["reasoning_text"])
        assert texts == {("ka", 0): ("think",), ("ka", 1): ("think",), ("ka", 2): ("think",)}
        assert stored.texts(["kb", "none"], ["answer_text", "reasoning_text"]) == {
            ("kb", 0): (None, None)
        }
        with pytest.raises(ValueError, match="not text fields"):
            stored.texts(["ka"], ["prompt_tokens"])


def test_ledger_rows_select_columns_and_refuse_unknown_ones(job_dir: Path) -> None:
    with Ledger(read_job(job_dir).ledger_path) as ledger:
        assert list(ledger.rows(["kb", "ka"], ["error_class"])) == [
            ("ka", 0, None), ("ka", 1, None), ("ka", 2, None), ("kb", 0, "Timeout")
        ]  # fmt: skip
        assert len(list(ledger.rows(None, []))) == 5
        with pytest.raises(ValueError, match="unknown sample columns"):
            list(ledger.rows(["ka"], ["answer_text; DROP TABLE samples"]))
