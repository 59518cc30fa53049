"""Analyses against a finished evaluation job (made with the stub), read through the results
reader; the CLI end to end; and kill -9 of an analysis, resumed without paying a call twice."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from gralgo.evaluate import evaluate, load_instances
from gralgo.results import read_job
from gralgo.settings import settings_from_config
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer
from tests.conftest import compose_config, tree_state

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def finished_job(stub_server: StubServer, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 3-sample evaluation job of the stub: correct with markers, wrong, correct.

    Built once for the module: every test only reads it (its analysis, judge ledger and MLflow
    store go under the test's own ``tmp_path``).
    """
    root = tmp_path_factory.mktemp("finished-job")
    settings = settings_from_config(compose_config([
        f"paths.outputs={root / 'outputs'}", f"paths.cache={root / 'cache'}",
        "model=openai_compatible", "model.name=stub-model",
        f"model.api_base={stub_server.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree]", "level=1",
        "dataset.per_level=3", "sampling.k=1", "mlflow.enabled=true",
    ]))  # fmt: skip
    prompts = [i.prompts["edge_list"] for i in load_instances(settings)]
    stub_server.control(
        answers={
            prompts[0].text: f"Count degrees. So it is {prompts[0].answer}. Wait, recheck. "
            f"But fine: \\boxed{{{prompts[0].answer}}}",
            prompts[1].text: "Read the edges.\n\nCount the degrees.\n\nSo \\boxed{999}",
            prompts[2].text: f"\\boxed{{{prompts[2].answer}}}",
        }
    )
    with pytest.MonkeyPatch.context() as env:
        env.setenv(FAKE_KEY_ENV, FAKE_KEY)
        result = evaluate(settings)
    assert result.run_id and read_job(result.output_dir).mlflow.run_id == result.run_id
    return result.output_dir


@pytest.fixture(autouse=True)
def job_left_as_built(finished_job: Path) -> Iterator[None]:
    """The shared job's outputs (job folder, ledger, MLflow store) are the same after a test."""
    outputs = finished_job.parents[2]
    before = tree_state(outputs)
    yield
    assert tree_state(outputs) == before, "a test changed the module's shared job"


def cli(tmp_path: Path, stub: StubServer, job: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gralgo",
        "command=analyze",
        f"analyze.inputs=[{job}]",
        "judge=openai_compatible",
        "judge.name=stub-model",
        f"judge.api_base={stub.api_base}",
        f"judge.api_key_env={FAKE_KEY_ENV}",
        f"paths.outputs={tmp_path / 'outputs'}",
        f"hydra.run.dir={tmp_path / 'analysis'}",
        *extra,
    ]


def judge_rows(path: Path) -> int:
    if not path.exists():
        return 0
    with sqlite3.connect(path, timeout=30) as conn:
        try:
            return int(conn.execute("SELECT COUNT(*) FROM samples").fetchone()[0])
        except sqlite3.OperationalError:
            return 0


@pytest.mark.slow
def test_overthinking_cli_reads_the_job_and_links_mlflow(
    finished_job: Path, judge_stub: StubServer, tmp_path: Path
) -> None:
    judge_stub.control(answers={})  # every judge reply is the stub's invalid default
    env = {**os.environ, "GRALGO_TEST_STUB_KEY": "sk-test-SECRET123"}
    done = subprocess.run(
        cli(tmp_path, judge_stub, finished_job, "analysis=overthinking"),
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # Issue 36 item 3: every reply invalid (0 % parsed) exits 3 with one ERROR line.
    assert done.returncode == 3, done.stderr[-3000:]
    [line] = [ln for ln in done.stderr.splitlines() if "ERROR" in ln]
    assert "stage locate parsed 0 of 2 judge replies" in line and "min_parsed" in line
    assert "> **Not enough judged" in done.stdout
    out = tmp_path / "analysis" / "analysis"
    per = pd.read_csv(out / "responses.csv")
    assert len(per) == 2  # the two correct responses
    assert set(per["judge_status"]) == {"unparsed"}
    assert sorted(per["first_correct_programmatic"].tolist()) == [0, 1]
    assert judge_stub.stats()["calls"] == 2 * 3  # first ask + 2 re-asks each
    from mlflow import MlflowClient

    tracking = f"sqlite:///{tmp_path / 'outputs' / 'mlflow.db'}"
    source = read_job(finished_job).mlflow.run_id
    runs = MlflowClient(tracking_uri=tracking).search_runs(
        [MlflowClient(tracking_uri=tracking).get_experiment_by_name("gralgo").experiment_id],
        filter_string="tags.`gralgo.analysis` = 'overthinking'",
    )
    assert len(runs) == 1 and runs[0].data.tags["gralgo.source_run_id"] == source


@pytest.mark.slow
def test_a_judge_that_only_fails_exits_3_with_one_error_line(
    finished_job: Path, judge_stub: StubServer, tmp_path: Path
) -> None:
    """Issue 18 item 7: the judge answers 500 until its failure budget stops it."""
    judge_stub.control(faults=[{"kind": "status", "status": 500}])
    done = subprocess.run(
        cli(tmp_path, judge_stub, finished_job, "analysis=overthinking", "run.max_attempts=1",
            "mlflow.enabled=false"),
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 3, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    [line] = [ln for ln in done.stderr.splitlines() if "ERROR" in ln]
    assert "incomplete: 0 of 2 judge verdicts" in line and "partial results written" in line
    assert "> **Partial results: incomplete: 0 of 2" in done.stdout  # the printed summary


@pytest.mark.slow
def test_kill_minus_9_then_resume_pays_no_call_twice(
    finished_job: Path, judge_stub: StubServer, tmp_path: Path
) -> None:
    judge_stub.control(latency_s=0.3, answers={})
    env = {**os.environ, "GRALGO_TEST_STUB_KEY": "sk-test-SECRET123"}
    args = cli(
        tmp_path,
        judge_stub,
        finished_job,
        "analysis=self_verification",
        "run.max_concurrency=1",
        "mlflow.enabled=false",
        "analyze.min_parsed=0",  # every reply is the stub's invalid default
    )
    ledger = tmp_path / "outputs" / "judge_ledger.sqlite"
    child = subprocess.Popen(
        args,
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while judge_rows(ledger) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    os.killpg(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    stored = judge_rows(ledger)
    assert stored >= 3
    before = judge_stub.stats()["by_prompt"]
    judge_stub.control(latency_s=0.0, answers={})  # resets the stats
    done = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    stats = judge_stub.stats()
    # The resumed run calls exactly for the rows it adds: nothing stored is asked again.
    assert stats["calls"] == judge_rows(ledger) - stored
    after = stats["by_prompt"]
    asked_twice = [p for p in after if p in before]
    # Only the one call in flight at the kill (concurrency 1) may be asked again.
    assert len(asked_twice) <= 1
    segments = pd.read_csv(tmp_path / "analysis" / "analysis" / "segments.csv")
    assert len(segments) == judge_rows(ledger) // 3  # every segment: ask + 2 re-asks, unparsed
    assert set(segments["status"]) == {"unparsed"}


@pytest.mark.slow
def test_multirun_over_analyses(finished_job: Path, judge_stub: StubServer, tmp_path: Path) -> None:
    judge_stub.control(answers={})
    env = {**os.environ, "GRALGO_TEST_STUB_KEY": "sk-test-SECRET123"}
    args = [a for a in cli(tmp_path, judge_stub, finished_job) if not a.startswith("hydra.run")]
    args[3:3] = [
        "-m",
        "analysis=overthinking,error_taxonomy",
        "analyze.max_reasks=0",
        "analyze.min_parsed=0",  # every reply is the stub's invalid default
        f"hydra.sweep.dir={tmp_path / 'sweep'}",
    ]
    done = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    # Every reply is invalid: the taxonomy's sectioning gives no section, so its labelling
    # stage analyses nothing and that job fails (exit 3, issue 36 item 3); the other job ran.
    assert done.returncode == 3, done.stderr[-3000:]
    assert "1 sweep job(s) failed" in done.stderr
    assert "stage classify analysed nothing" in done.stderr
    assert (tmp_path / "sweep" / "0" / "analysis" / "efficiency.csv").is_file()
    assert (tmp_path / "sweep" / "1" / "analysis" / "errors_by_taxonomy.csv").is_file()
    # One judge ledger for both: overthinking asks about 2 correct responses, the taxonomy
    # about 1 wrong one; nothing is re-asked (max_reasks=0).
    assert judge_stub.stats()["calls"] == 3


@pytest.mark.slow
def test_judge_paper_dry_run_plans_the_papers_setup_from_the_command_line(
    finished_job: Path, judge_stub: StubServer, tmp_path: Path
) -> None:
    """Issue 36 item 1: ``command=analyze judge=paper dry_run=true`` prints the plan, model by
    stage, with requests and a price, and calls nothing; no key, server or package edit."""
    judge_stub.control(answers={})
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    args = [
        sys.executable, "-m", "gralgo", "command=analyze", "analysis=error_taxonomy",
        "judge=paper", "dry_run=true", f"analyze.inputs=[{finished_job}]",
        f"paths.outputs={tmp_path / 'outputs'}", f"hydra.run.dir={tmp_path / 'analysis'}",
        "mlflow.enabled=false",
    ]  # fmt: skip
    done = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "| section | qwen2.5-72b-instruct | 1 | 0 | 1 | 0 |" in done.stdout
    assert "| classify | o3-mini | 3 | 0 | 3 | 3 |" in done.stdout
    assert "unknown (no price)" not in done.stdout
    assert "dry run: nothing was called; 4 judge requests planned" in done.stdout
    assert judge_stub.stats()["calls"] == 0
