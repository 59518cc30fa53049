"""The MLflow samples table: the file ``log_table`` writes, texts scrubbed then shortened."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_the_samples_table_keeps_the_answer_end_and_no_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from mlflow import MlflowClient

    from gralgo.tracking._samples_table import (
        SAMPLES_TABLE_ARTIFACT,
        TABLE_TEXT_CHARS,
        log_samples_table,
        shorten,
    )

    secret = "named-secret-value-1234"
    monkeypatch.setenv("GRALGO_TEST_TABLE_SECRET", secret)
    # The secret straddles the cut: scrubbing after cutting would leave a piece of it.
    answer = "x" * 5000 + secret + "y" * (TABLE_TEXT_CHARS - 9 - 12) + "\\boxed{7}"
    rows = [
        {"sample_index": 0, "answer_text": answer, "reasoning_text": "r" * 9000, "prompt_ref": 1},
        {"sample_index": 1, "answer_text": "\\boxed{3}", "reasoning_text": None},
    ]
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    client = MlflowClient(tracking_uri=uri)
    # Artifacts under tmp_path: the default artifact root is ./mlruns in the working directory.
    experiment = client.create_experiment("table", artifact_location=(tmp_path / "art").as_uri())
    run_id = client.create_run(experiment).info.run_id

    log_samples_table(uri, run_id, samples, ["GRALGO_TEST_TABLE_SECRET"])
    local = Path(client.download_artifacts(run_id, SAMPLES_TABLE_ARTIFACT, str(tmp_path)))
    logged = json.loads(local.read_text(encoding="utf-8"))
    table = [dict(zip(logged["columns"], row, strict=True)) for row in logged["data"]]
    assert "prompt_ref" not in logged["columns"]
    first, second = table
    assert first["answer_text"].endswith("\\boxed{7}") and "value-1234" not in first["answer_text"]
    assert len(first["answer_text"]) < TABLE_TEXT_CHARS + 80
    assert first["reasoning_text"].startswith("r" * TABLE_TEXT_CHARS)
    assert (
        "9000" not in first["reasoning_text"]
        and f"{9000 - TABLE_TEXT_CHARS:,} characters cut" in first["reasoning_text"]
    )
    assert second["answer_text"] == "\\boxed{3}" and second["reasoning_text"] is None
    assert shorten("abc", keep_end=True, limit=3) == "abc"

    # MLflow finds it as a table of the run, as if log_table had written it.
    import mlflow

    experiment_id = client.get_run(run_id).info.experiment_id
    before = mlflow.get_tracking_uri()
    mlflow.set_tracking_uri(uri)  # load_table searches runs through the fluent API
    try:
        loaded = client.load_table(experiment_id, SAMPLES_TABLE_ARTIFACT, run_ids=[run_id])
    finally:
        mlflow.set_tracking_uri(before)
    assert list(loaded["answer_text"]) == [first["answer_text"], "\\boxed{3}"]


def test_the_file_is_what_log_table_writes_for_the_same_rows(tmp_path: Path) -> None:
    import json

    import pandas as pd

    from gralgo.tracking._samples_table import write_samples_table

    rows = [
        {"a": 1, "answer_text": "é \\boxed{1}", "score": float("nan"), "prompt_ref": "p"},
        {"a": 2, "answer_text": None, "score": 0.5, "extra": [1, 2]},
    ]
    source = tmp_path / "samples.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    ours = tmp_path / "ours.json"
    assert write_samples_table(source, ours, lambda text: text) == 2
    frame = pd.DataFrame([{k: v for k, v in r.items() if k != "prompt_ref"} for r in rows])
    theirs = json.loads(frame.to_json(orient="split", index=False, date_format="iso"))
    assert json.loads(ours.read_text(encoding="utf-8")) == theirs


def test_a_column_first_seen_later_is_null_in_earlier_rows(tmp_path: Path) -> None:
    import json

    import pandas as pd

    from gralgo.tracking._samples_table import write_samples_table

    rows = [{"a": 1}, {"b": 2, "a": 3}, {}, {"c": [1], "a": float("nan")}, {"b": None}]
    source = tmp_path / "samples.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    ours = tmp_path / "ours.json"
    assert write_samples_table(source, ours, lambda text: text) == 5
    theirs = json.loads(pd.DataFrame(rows).to_json(orient="split", index=False))
    assert json.loads(ours.read_text(encoding="utf-8")) == theirs
