"""Judge calls in batch mode (``analyze.batch=on``) against the batch stub with scripted judge
replies: the same request keys and verdicts as the live judge, replayed from the ledger, stage
by stage with ``wait=false``, and the CLI's "submitted" exit."""
# ruff: noqa: E501  (judge replies keyed by their exact prompts read best on one line)

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from judge_helpers import make_samples, stub_judge_settings

from gralgo.analysis import Judge, JudgeSettings, open_judge
from gralgo.analysis._error_taxonomy import run_error_taxonomy, tagged_paragraphs
from gralgo.analysis._output import AnalysisOutput
from gralgo.run import BatchSettings
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub, StubServer, start_batch_stub
from tests.conftest import needs

pytestmark = needs("openai")
REPO = Path(__file__).resolve().parents[2]
SECTIONS = "S|$last_index|$paragraphs"
LABELS = "L|$start|$end|$section"
WRONG_A = "Read edges a-b, b-c.\n\nDegree of b is 3.\n\nSo the answer is \\boxed{3}"
WRONG_B = "I guess.\n\n\\boxed{1}"
PARAGRAPHS_A = ["Read edges a-b, b-c.", "Degree of b is 3.", "So the answer is \\boxed{3}"]
ANSWERS = {
    f"S|2|{tagged_paragraphs(PARAGRAPHS_A)}": '{"sections": [{"start": 0, "end": 0, "summary": "reads the graph"}, {"start": 1, "end": 2, "summary": "counts and answers"}]}',
    # B: overlapping sections every time -> re-asked, then unparsed
    f"S|1|{tagged_paragraphs(['I guess.', chr(92) + 'boxed{1}'])}": '{"sections": [{"start": 0, "end": 1, "summary": "x"}, {"start": 1, "end": 1, "summary": "y"}]}',
    "L|0|0|Read edges a-b, b-c.": '{"labels": ["graph_memorization_error"]}',
    "L|1|2|Degree of b is 3.\n\nSo the answer is \\boxed{3}": '{"labels": ["state_update_error", "missing_elements"]}',
}


@pytest.fixture(scope="module")
def batch_stub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BatchStub]:
    server = start_batch_stub(tmp_path_factory.mktemp("batch-stub"))
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def stub_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)


def samples(with_b: bool = True) -> pd.DataFrame:
    rows = [{"answer_text": WRONG_A, "expected": "2", "taxonomy": "enumeration"}]
    if with_b:
        rows.append({"answer_text": WRONG_B, "expected": "4", "task": "diameter"})
    return make_samples(rows)


def taxonomy(
    settings: JudgeSettings,
    ledger: Path,
    out: Path,
    batch: BatchSettings | None,
    rows: pd.DataFrame,
) -> tuple[Judge, pd.DataFrame]:
    with open_judge(settings, ledger, batch=batch) as judge:
        sections = run_error_taxonomy(
            rows, AnalysisOutput(out), judge=judge, sections_prompt=SECTIONS, labels_prompt=LABELS
        )
    return judge, sections


def stored_pairs(ledger: Path) -> set[tuple[str, int, str]]:
    with sqlite3.connect(ledger) as conn:
        return set(conn.execute("SELECT request_key, sample_index, answer_text FROM samples"))


def test_batch_judge_asks_what_the_live_judge_asks_and_replays(
    batch_stub: BatchStub, judge_stub: StubServer, tmp_path: Path
) -> None:
    judge_stub.control(answers=ANSWERS)
    live = stub_judge_settings(judge_stub, max_reasks=1)
    # One endpoint id for both stubs: request keys name it instead of the URL, so the two
    # ledgers are comparable key by key.
    live = replace(live, model=replace(live.model, endpoint_id="stub-judge"))
    _, live_sections = taxonomy(live, tmp_path / "live.sqlite", tmp_path / "live", None, samples())

    batch_stub.control(delay_s=0.2, answers=ANSWERS, fail_every=0, expire=False)
    settings = replace(live, model=replace(live.model, api_base=batch_stub.api_base))
    batch = BatchSettings(wait=True, poll_s=0.05, max_poll_s=0.2)
    created = batch_stub.stats()["created"]
    judge, sections = taxonomy(settings, tmp_path / "b.sqlite", tmp_path / "b", batch, samples())
    assert (
        list(sections["labels"])
        == list(live_sections["labels"])
        == [
            "graph_memorization_error",
            "missing_elements;state_update_error",
        ]
    )
    assert judge.verdicts == {"ok": 3, "unparsed": 1}
    # sections (A and B), B's re-ask, the labels of A's two sections: three rounds, three batches
    assert batch_stub.stats()["created"] == created + 3
    # The same questions under the same request keys, with the same replies, as the live judge.
    assert stored_pairs(tmp_path / "b.sqlite") == stored_pairs(tmp_path / "live.sqlite")
    assert len(stored_pairs(tmp_path / "b.sqlite")) == 5

    # Replayed from the ledger: no batch, the same labels.
    replay = replace(settings, max_fresh_asks=0)
    judge, again = taxonomy(replay, tmp_path / "b.sqlite", tmp_path / "b2", batch, samples())
    assert batch_stub.stats()["created"] == created + 3
    assert list(again["labels"]) == list(sections["labels"])


def test_wait_false_advances_one_stage_a_run(batch_stub: BatchStub, tmp_path: Path) -> None:
    batch_stub.control(delay_s=1.0, answers=ANSWERS, fail_every=0, expire=False)
    settings = stub_judge_settings(batch_stub, max_reasks=1)  # type: ignore[arg-type]  # same .api_base
    batch = BatchSettings(wait=False, poll_s=0.05, max_poll_s=0.2)
    ledger, created = tmp_path / "j.sqlite", batch_stub.stats()["created"]
    rows = samples(with_b=False)

    judge, _ = taxonomy(settings, ledger, tmp_path / "1", batch, rows)
    assert judge.open_batches == 1  # the sections stage submitted; its labels wait for it
    assert judge.verdicts == {"pending": 1}
    assert batch_stub.stats()["created"] == created + 1
    judge, _ = taxonomy(settings, ledger, tmp_path / "1b", batch, rows)  # still running
    assert judge.open_batches == 1 and batch_stub.stats()["created"] == created + 1

    time.sleep(1.2)
    judge, _ = taxonomy(settings, ledger, tmp_path / "2", batch, rows)
    assert judge.open_batches == 1  # sections collected, the labels stage submitted
    assert judge.verdicts == {"ok": 1, "pending": 2}  # its two sections: labels pending
    assert batch_stub.stats()["created"] == created + 2

    time.sleep(1.2)
    judge, sections = taxonomy(settings, ledger, tmp_path / "3", batch, rows)
    assert judge.open_batches == 0 and judge.verdicts == {"ok": 3}
    assert list(sections["labels"]) == [
        "graph_memorization_error",
        "missing_elements;state_update_error",
    ]
    assert batch_stub.stats()["created"] == created + 2
    paid = batch_stub.stats()["paid"]
    keys = {f"{k}-{i}" for k, i, _ in stored_pairs(ledger)}
    assert len(keys) == 3 and all(paid[k] == 1 for k in keys)  # each question paid once


def test_an_embedded_judge_refuses_batch_mode() -> None:
    from gralgo.analysis._judge_batch import check_batch_judge
    from gralgo.errors import ConfigError

    settings = replace(_local_judge(), model_config={"server": {"model": "x"}})
    with pytest.raises(ConfigError, match="embedded local model, which has no batch API"):
        check_batch_judge(settings)


def _local_judge() -> JudgeSettings:
    from gralgo.analysis import JudgeSettings
    from gralgo.ledger import ModelSpec, SamplingParams

    return JudgeSettings(ModelSpec("local", "openai/gemma"), SamplingParams(temperature=0.0))


def test_a_judge_without_a_batch_api_is_refused() -> None:
    from gralgo.analysis._judge_batch import check_batch_judge
    from gralgo.errors import ConfigError

    deepseek = replace(
        _local_judge(), model=replace(_local_judge().model, litellm_model="deepseek/x")
    )
    with pytest.raises(ConfigError, match="has no batch API here"):
        check_batch_judge(deepseek)


@pytest.mark.slow
def test_cli_exits_5_when_judge_batches_are_submitted(
    batch_stub: BatchStub, judge_stub: StubServer, tmp_path: Path
) -> None:
    from test_analyze_e2e import cli

    job = tmp_path / "job"
    job_cmd = [
        sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=stub-model",
        f"model.api_base={judge_stub.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]", "level=1", "dataset.per_level=2", "sampling.k=1",
        f"paths.outputs={tmp_path / 'outputs'}", f"hydra.run.dir={job}", "mlflow.enabled=false",
    ]  # fmt: skip
    judge_stub.control(answers={})
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    made = subprocess.run(job_cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr[-2000:]
    batch_stub.control(delay_s=2.0, answers={}, fail_every=0, expire=False)
    args = cli(
        tmp_path, batch_stub, job, "analysis=algorithm_families", "analyze.batch=on",  # type: ignore[arg-type]
        "analyze.batch.wait=false", "analyze.batch.poll_s=0.05", "analyze.max_reasks=0",
        "analyze.max_fresh_asks=0", "mlflow.enabled=false",
        "analyze.min_parsed=0",  # the batch stub's default reply is not JSON
    )  # fmt: skip
    first = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 5, first.stderr[-3000:]
    assert "judge batch(es) still running" in first.stderr
    time.sleep(2.2)
    second = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0, second.stderr[-3000:]
    assert "judge family: 0 batch(es) submitted (0 requests), 1 collected" in second.stderr
