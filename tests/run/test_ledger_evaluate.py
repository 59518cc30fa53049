"""An evaluation job describes itself: job.json, the requests table, scoring via the reader."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pandas as pd

from gralgo.evaluate import evaluate, load_instances
from gralgo.results import read_job, read_samples
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer


def test_job_is_self_describing_and_echoed_key_is_redacted(
    make_settings, stub: StubServer, tmp_path: Path
) -> None:
    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        "dataset.per_level=2", "sampling.k=2", "mlflow.enabled=false",
    )  # fmt: skip
    instances = load_instances(settings)
    first = instances[0].prompts["edge_list"]
    # The model echoes the API key in its answer: it must not be stored anywhere.
    stub.control(answers={first.text: f"my key is {FAKE_KEY} \\boxed{{{first.answer}}}"})
    result = evaluate(settings)

    job = read_job(result.output_dir)
    assert job.instance_ids == tuple(i.id for i in instances)
    assert job.k == 2 and job.model == "stub-model" and job.format == "edge_list"
    assert Path(job.ledger_path) == settings.ledger_path.resolve()

    frame = read_samples(result.output_dir, prompts=True)
    assert len(frame) == len(instances) * 2
    assert set(frame.error_class.fillna("ok")) == {"ok"}
    assert list(frame.expected[::2]) == [i.prompts["edge_list"].answer for i in instances]
    assert list(frame.prompt[::2]) == [i.prompts["edge_list"].text for i in instances]
    assert set(frame.task) == {"max_degree"} and set(frame.level) == {1}
    assert frame.answer_text.iloc[0].startswith("my key is ***REDACTED*** \\boxed")
    # Scoring read the same table: the echoed answer is scored correct.
    samples = pd.read_csv(result.output_dir / "samples.csv")
    first_rows = samples[samples.instance_id == instances[0].id]
    assert set(first_rows.outcome) == {"correct"}

    conn = sqlite3.connect(settings.ledger_path)
    spec = json.loads(conn.execute("SELECT model_spec FROM requests LIMIT 1").fetchone()[0])
    conn.close()
    assert spec["api_key_env"] == FAKE_KEY_ENV and spec["name"] == "stub-model"
    leaked = [
        p
        for p in (tmp_path / "outputs").rglob("*")
        if p.is_file() and FAKE_KEY.encode() in p.read_bytes()
    ]
    assert leaked == []


def _resign(directory: Path) -> None:
    """Write the dataset's manifest for its files as they now are (a re-signed dataset)."""
    import hashlib

    def canonical_json(data: object) -> str:  # as the dataset's manifest is written
        return json.dumps(data, sort_keys=True, ensure_ascii=False, indent=2) + "\n"

    manifest_path = directory / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    files = {
        name: hashlib.sha256((directory / name).read_bytes()).hexdigest()
        for name in manifest["files"]
    }
    manifest["files"] = files
    manifest["content_hash"] = hashlib.sha256(canonical_json(files).encode()).hexdigest()
    manifest_path.write_text(canonical_json(manifest), encoding="utf-8")


def test_a_corrected_answer_in_a_resigned_dataset_is_scored_on_the_same_ledger(
    make_settings, stub: StubServer, tmp_path: Path
) -> None:
    """Issue 34, item 2: the ledger's ``requests`` row keeps the first ``expected`` it saw; the
    score takes the expected answer from the dataset it is scoring (no new call: same prompt)."""
    import shutil

    def settings_for(directory: Path):
        return make_settings(
            "model=openai_compatible", "model.name=stub-model",
            f"model.api_base={stub.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
            "task=[max_degree]", "level=1", "dataset.per_level=2", "sampling.k=1",
            "mlflow.enabled=false", f"dataset.dir={directory}",
        )  # fmt: skip

    first_dir = tmp_path / "first"
    settings = settings_for(first_dir)
    instances = load_instances(settings)
    target = instances[0].prompts["edge_list"]
    stub.control(answers={target.text: f"\\boxed{{{target.answer}}}"})
    evaluate(settings)
    assert stub.stats()["calls"] == 2

    corrected = tmp_path / "corrected"
    shutil.copytree(first_dir, corrected)
    new_answer = str(int(target.answer) + 1)
    path = corrected / "instances" / "max_degree.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[0])
    assert record["id"] == instances[0].id
    record["prompts"]["edge_list"]["answer"] = new_answer
    lines[0] = json.dumps(record, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _resign(corrected)

    stub.control(answers={target.text: f"\\boxed{{{target.answer}}}"})
    again = evaluate(settings_for(corrected))
    assert stub.stats()["calls"] == 0  # the same prompts: answered from the ledger
    samples = pd.read_csv(again.output_dir / "samples.csv", dtype={"expected": str})
    row = samples[samples["instance_id"] == instances[0].id].iloc[0]
    assert (str(row["expected"]), row["outcome"]) == (new_answer, "wrong")
