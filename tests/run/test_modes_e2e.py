"""Both answer modes end to end: certificate scoring through ``evaluate``, and tool use through
the runner with resume after ``kill -9`` (a sample is stored whole, with its transcript, or
re-run)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from gralgo.evaluate import evaluate, load_instances
from gralgo.run._modes import mode_messages
from gralgo.sandbox import SandboxUnavailableError, detect_isolation
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer

REPO_ROOT = Path(__file__).resolve().parents[2]
TOOL_STUB = Path(__file__).with_name("tool_stub.py")


def cert_settings(make_settings, stub: StubServer, *extra: str):
    return make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree,mst_weight]", "level=1",
        "dataset.per_level=3", "sampling.k=2", "mlflow.enabled=false", *extra,
    )  # fmt: skip


def witness(instance) -> str:
    if instance.task == "max_degree":
        return instance.certificate["nodes"][0]
    return ", ".join(f"({u}, {v})" for u, v, _ in instance.certificate["edges"])


def test_certificate_mode_end_to_end(make_settings, stub: StubServer) -> None:
    settings = cert_settings(make_settings, stub, "mode=certificate")
    instances = load_instances(settings)
    answers = {}
    for instance in instances:
        prompt = mode_messages(instance, "edge_list", settings.mode)[-1]["content"]
        assert "\\boxed{...}" in prompt
        reply = {0: witness(instance), 1: "Atlantis International", 2: ""}[instance.index]
        answers[prompt] = f"My witness: \\boxed{{{reply}}}" if reply else "I give up."
    stub.control(answers=answers)
    result = evaluate(settings)
    assert stub.stats()["calls"] == 6 * 2
    table = pd.read_csv(result.output_dir / "tables" / "certificates.csv").set_index("task")
    for task in ("max_degree", "mst_weight"):
        row = table.loc[task]
        assert row["n"] == 6
        assert row["optimal_rate"] == pytest.approx(1 / 3)
        assert row["hallucination_rate"] == pytest.approx(1 / 3)
        assert row["unparsed_rate"] == pytest.approx(1 / 3)
        assert row["mean_ratio"] == pytest.approx(1.0)
        assert pd.isna(row["direct_accuracy"])  # no direct run yet
    assert result.metrics["certificate.optimal_rate"] == pytest.approx(1 / 3)
    assert "| max_degree | 1 | 6 |" in (result.output_dir / "tables/certificates.md").read_text()
    job = json.loads((result.output_dir / "job.json").read_text())
    assert job["mode"] == "certificate"
    # Each sample's record holds its verdict and first flaw (report.html shows them beside the
    # answer), and the page holds each instance's exact certificate once.
    records = [json.loads(line) for line in (result.output_dir / "samples.jsonl").open()]
    statuses = {r["certificate_status"] for r in records}
    assert statuses == {"optimal", "hallucinated", "unparsed"}
    flawed = next(r for r in records if r["certificate_status"] == "hallucinated")
    assert "Atlantis International" in flawed["certificate_detail"]
    from gralgo.transcripts import read_shard

    shards = result.output_dir / "report_data"
    assert read_shard(shards / "text-00000.js")["certificates"]
    assert "certificate_detail" in read_shard(shards / "index-00000.js")["fields"]

    # A direct run of the same instances: new requests (the mode is in the key) ...
    stub.control(answers={i.prompts["edge_list"].text: f"\\boxed{{{i.answer}}}"
                          for i in instances})  # fmt: skip
    evaluate(cert_settings(make_settings, stub))
    assert stub.stats()["calls"] == 6 * 2
    # ... whose accuracy then sits next to the certificate rates; nothing is re-called.
    stub.control(answers=answers)
    again = evaluate(settings)
    assert stub.stats()["calls"] == 0
    table = pd.read_csv(again.output_dir / "tables" / "certificates.csv")
    assert set(table["direct_accuracy"]) == {1.0}


def _start_tool_stub(latency_s: float) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, str(TOOL_STUB), str(latency_s)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("LISTENING "), line
    return process, line.split()[1]


CHILD = """
import sys
from dataclasses import replace
sys.path.insert(0, {repo!r})  # this checkout's gralgo
from gralgo.testing import make_requests
from gralgo.ledger._sqlite import Ledger
from gralgo.run._runner import run_samples_sync
from gralgo.run._tool_loop import TOOL_SYSTEM_PROMPT
api_base, ledger_path, n, k = sys.argv[1:5]
requests = [
    replace(r, mode="tool", messages=({{"role": "system", "content": TOOL_SYSTEM_PROMPT}},
                                      *r.messages))
    for r in make_requests(api_base, int(n))
]
with Ledger(ledger_path) as ledger:
    report = run_samples_sync(ledger.missing(requests, int(k)), ledger, max_concurrency=4,
                              max_attempts=3, timeout_s=30, failure_budget=0.5)
print("DONE", report.done, report.calls_made, flush=True)
"""


def _rows(path: Path) -> list[tuple[str | None, str | None]]:
    if not path.exists():
        return []
    with sqlite3.connect(path, timeout=30) as conn:
        try:
            return conn.execute(
                "SELECT error_class, transcript FROM samples WHERE error_class IS NULL"
            ).fetchall()
        except sqlite3.OperationalError:
            return []


@pytest.mark.slow
def test_tool_mode_resumes_after_kill_9_at_sample_granularity(tmp_path: Path) -> None:
    try:
        detect_isolation()
    except SandboxUnavailableError:  # pragma: no cover - depends on the machine
        pytest.skip("no sandbox isolation on this machine")
    server, api_base = _start_tool_stub(latency_s=0.3)
    ledger, n, k = tmp_path / "ledger.sqlite", 6, 2
    code = CHILD.format(repo=str(REPO_ROOT))
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", code, api_base, str(ledger), str(n), str(k)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        deadline = time.monotonic() + 120
        while len(_rows(ledger)) < 2:
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the child stored nothing"
            time.sleep(0.05)
        os.kill(child.pid, signal.SIGKILL)  # conversations in flight are lost, not half-stored
        child.wait(timeout=10)
        stored = _rows(ledger)
        assert 2 <= len(stored) < n * k, "the child was killed mid-run"
        assert all(transcript for _, transcript in stored)

        again = subprocess.run(
            [sys.executable, "-c", code, api_base, str(ledger), str(n), str(k)],
            capture_output=True, text=True, env=env, timeout=300,
        )  # fmt: skip
        assert again.returncode == 0, again.stderr[-2000:]
        done = int(again.stdout.split()[1])
        assert done == n * k - len(stored)  # exactly the missing samples were re-run
        final = _rows(ledger)
        assert len(final) == n * k
        for _, transcript in final:
            record = json.loads(transcript)
            tool = [m for m in record["messages"] if m["role"] == "tool"]
            assert record["tool_calls"] == 1 and tool[0]["content"].strip() == "4"
            assert tool[0]["sandbox"]["isolation"] == detect_isolation()
    finally:
        server.kill()
        server.wait(timeout=10)


@pytest.mark.slow
def test_tool_mode_job_end_to_end(make_settings, monkeypatch) -> None:
    try:
        detect_isolation()
    except SandboxUnavailableError:  # pragma: no cover - depends on the machine
        pytest.skip("no sandbox isolation on this machine")
    server, api_base = _start_tool_stub(latency_s=0.0)
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    try:
        settings = make_settings(
            "model=openai_compatible", "model.name=stub-model", f"model.api_base={api_base}",
            f"model.api_key_env={FAKE_KEY_ENV}", "task=max_degree", "level=1",
            "dataset.per_level=2", "sampling.k=1", "mode=tool", "mode.tool.max_tool_calls=2",
        )  # fmt: skip
        result = evaluate(settings)
    finally:
        server.kill()
        server.wait(timeout=10)
    from gralgo.results import read_samples

    frame = read_samples(result.output_dir)
    assert list(frame["mode"]) == ["tool", "tool"]
    assert all(json.loads(t)["messages"][1]["content"].strip() == "4" for t in frame["transcript"])
    assert set(pd.read_csv(result.output_dir / "samples.csv")["mode"]) == {"tool"}
    assert set(pd.read_csv(result.output_dir / "instances.csv")["mode"]) == {"tool"}
    from mlflow import MlflowClient

    run = MlflowClient(tracking_uri=settings.mlflow.tracking_uri).get_run(result.run_id)
    assert run.data.tags["mode"] == "tool"
    assert run.info.run_name.endswith(" tool")
    # The sandbox backend and its guarantees are recorded with the job and on its run.
    job = json.loads((result.output_dir / "job.json").read_text())
    assert job["sandbox"]["sandbox_backend"] == "bwrap"
    assert "seccomp filter" in job["sandbox"]["sandbox_guarantees"]
    assert run.data.tags["sandbox_backend"] == "bwrap"
    assert run.data.tags["sandbox_guarantees"] == job["sandbox"]["sandbox_guarantees"]
    from gralgo.sandbox import memory_cgroup_mode  # and how its memory budget is counted

    assert job["sandbox"]["sandbox_memory"] == memory_cgroup_mode() != "none"
    assert run.data.tags["sandbox_memory"] == job["sandbox"]["sandbox_memory"]


@pytest.mark.slow
def test_tool_use_experiment_sweep_writes_table_4(tmp_path: Path) -> None:
    """``-m +experiment=tool_use``: one job per mode, and Table 4's layout for the sweep."""
    try:
        detect_isolation()
    except SandboxUnavailableError:  # pragma: no cover - depends on the machine
        pytest.skip("no sandbox isolation on this machine")
    server, api_base = _start_tool_stub(latency_s=0.0)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "gralgo", "-m", "+experiment=tool_use",
             "model=openai_compatible", "model.name=stub-a", f"model.api_base={api_base}",
             "level=5", "dataset.per_level=1", "sampling.k=1", "sampling.max_tokens=64",
             f"paths.outputs={tmp_path / 'outputs'}", f"hydra.sweep.dir={tmp_path / 'sweep'}"],
            cwd=REPO_ROOT, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    finally:
        server.kill()
        server.wait(timeout=10)
    assert done.returncode == 0, done.stderr[-3000:]
    table = (tmp_path / "sweep" / "comparison" / "tool_use.md").read_text()
    assert "| Task | Metric | L5 stub-a |" in table
    for task in ("distance_k", "max_weight_triangle", "mst_weight"):
        assert f"| {task} | Base | 0.0 / 0.0 |" in table
        assert f"| {task} | Code | 0.0 / 0.0 |" in table
    modes = {
        json.loads(path.read_text())["mode"] for path in (tmp_path / "sweep").rglob("job.json")
    }
    assert modes == {"direct", "tool"}
    assert "- stub-a: `bwrap` (bubblewrap: own network" in table


@pytest.mark.slow
def test_certificate_job_resumes_after_kill_9(make_settings, stub: StubServer, tmp_path: Path):
    """A certificate job killed mid-run: the re-run calls exactly the missing samples."""
    settings = cert_settings(make_settings, stub, "mode=certificate", "dataset.per_level=4")
    instances = load_instances(settings)  # built here, so the child only calls the model
    answers = {
        mode_messages(i, "edge_list", settings.mode)[-1]["content"]: f"\\boxed{{{witness(i)}}}"
        for i in instances
    }
    stub.control(answers=answers, latency_s=0.4)
    outputs = tmp_path / "outputs"
    args = [
        sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=stub-model",
        f"model.api_base={stub.api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree,mst_weight]", "level=1", "dataset.per_level=4", "sampling.k=2",
        "mode=certificate", "mlflow.enabled=false", "run.max_concurrency=2",
        f"paths.outputs={outputs}", f"paths.cache={tmp_path / 'cache'}",
    ]  # fmt: skip
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    child = subprocess.Popen(
        [*args, f"hydra.run.dir={tmp_path / 'first'}"], cwd=REPO_ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    ledger = outputs / "ledger.sqlite"
    deadline = time.monotonic() + 180
    while len(_rows(ledger)) < 3:
        assert child.poll() is None, child.communicate()[1][-3000:]
        assert time.monotonic() < deadline, "the child stored nothing"
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=10)
    time.sleep(1.0)  # let the killed child's requests in flight drain at the stub
    stored = len(_rows(ledger))
    assert 3 <= stored < 16
    stub.control(answers=answers)
    done = subprocess.run(
        [*args, f"hydra.run.dir={tmp_path / 'second'}"], cwd=REPO_ROOT, env=env,
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert stub.stats()["calls"] == 16 - stored
    table = pd.read_csv(tmp_path / "second" / "tables" / "certificates.csv")
    assert list(table["n"]) == [8, 8] and set(table["optimal_rate"]) == {1.0}
