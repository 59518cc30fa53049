"""job.json's text is built without asdict's deep copy: pinned against the plain formula."""

from __future__ import annotations

import json
from dataclasses import asdict, replace

import pytest

from gralgo.results import JobRecord, read_job, record_json
from gralgo.results._job import MlflowRun, ResultsState

ASKED = JobRecord(
    ledger_path="/l/ledger.sqlite", dataset_dir="/d", model="m", litellm_model="openai/m",
    format="edge_list", context="standard", k=2,
    sampling={"temperature": 0.6, "seed": None, "nested": {"b": [1, 2.5], "a": "Zürich"}},
    request_keys=tuple(f"key{i}" for i in range(50)),
    instance_ids=tuple(f"inst{i % 7}" for i in range(50)), mode="tool",
    sandbox={"backend": "bwrap"}, created_at=1796193683.9343956,
)  # fmt: skip
FINISHED = replace(
    ASKED,
    results=ResultsState(
        inputs="i", samples="s", ledger_files="1:2|-", files={"b.csv": [3, 4], "a.md": [1, 2]},
        summary="table\n\u2502 ok \u2502", samples_total=100, folder="/o",
        dependencies=("d1", "d2"), dependencies_digest="dd", mlflow_parent="p",
    ),
    mlflow=MlflowRun("run", "file:///m", None, ""),
)  # fmt: skip


def plain_json(record: JobRecord) -> str:
    """record_json as first written."""
    data = asdict(record)
    for name in ("results", "mlflow"):
        if data[name] is None:
            del data[name]
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize(
    "record",
    [
        ASKED,
        FINISHED,
        replace(FINISHED, mlflow=None),
        replace(ASKED, request_keys=(), instance_ids=()),
    ],
)
def test_the_record_text_is_the_plain_one(record: JobRecord, tmp_path: object) -> None:
    assert record_json(record) == plain_json(record)


def test_the_record_reads_back(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "job.json"
    path.write_text(record_json(FINISHED), encoding="utf-8")
    assert read_job(path) == FINISHED


def test_a_record_with_the_former_transcripts_field_reads_back(tmp_path: object) -> None:
    """Records written while the transcripts' stamp existed (removed, issue 37) still read."""
    from pathlib import Path

    path = Path(str(tmp_path)) / "job.json"
    data = json.loads(record_json(FINISHED))
    data["transcripts"] = {"digest": "t", "files": {"report.html": [5, 6]}}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_job(path) == FINISHED
