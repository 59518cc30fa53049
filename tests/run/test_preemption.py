"""SIGTERM / SIGINT on a real evaluation process: stop sending, keep the replies in flight,
release the claims, one line, exit 4; a second signal stops at once (issue 18, item 2)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gralgo.testing import StubServer

REPO = Path(__file__).resolve().parents[2]
EXIT_INTERRUPTED = 4


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built dataset (4 instances): 16 samples with k=4."""
    out = tmp_path_factory.mktemp("preempt") / "outputs"
    built = subprocess.run([sys.executable, "-m", "gralgo", "command=build", *_common(out)],
                           cwd=REPO, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert built.returncode == 0, built.stderr[-3000:]
    return out


def _common(outputs: Path) -> list[str]:
    return ["task=max_degree", "level=1", "dataset.per_level=4", f"paths.outputs={outputs}"]


def _start(stub: StubServer, outputs: Path, ledger: Path, *extra: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "gralgo", "model=openai_compatible", "model.name=stub",
               f"model.api_base={stub.api_base}", "sampling.k=4", "run.max_concurrency=8",
               "mlflow.enabled=false", f"ledger.path={ledger}", *extra,
               *_common(outputs)]  # fmt: skip
    return subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip


def _wait_for_calls(stub: StubServer, n: int, job: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while stub.stats()["calls"] < n:
        assert job.poll() is None, job.communicate()[1][-3000:]
        assert time.monotonic() < deadline
        time.sleep(0.05)


def _rows(ledger: Path, table: str) -> int:
    with sqlite3.connect(ledger) as conn:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_first_signal_keeps_every_reply_in_flight_and_the_rerun_pays_only_the_rest(
    stub: StubServer, outputs: Path, tmp_path: Path, signum: signal.Signals
) -> None:
    ledger = tmp_path / "ledger.sqlite"
    stub.control(latency_s=2.0)
    job = _start(stub, outputs, ledger)
    _wait_for_calls(stub, 8, job)  # 8 calls in flight, each answers 2 s later
    job.send_signal(signum)
    _, err = job.communicate(timeout=120)
    paid = stub.stats()["calls"]
    assert job.returncode == EXIT_INTERRUPTED, err[-3000:]
    assert "Traceback" not in err
    [line] = [ln for ln in err.splitlines() if "ERROR" in ln]
    assert f"interrupted by {signum.name}" in line and "resume" in line
    assert paid == 8 and _rows(ledger, "samples") == paid  # every paid reply was kept
    assert _rows(ledger, "claims") == 0  # released, so a re-run need not wait for leases
    stub.control(latency_s=0.0)
    rerun = _start(stub, outputs, ledger)
    _, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err[-3000:]
    assert stub.stats()["calls"] == 16 - paid  # 16 samples, 16 calls in all


@pytest.mark.slow
def test_a_second_signal_stops_at_once(stub: StubServer, outputs: Path, tmp_path: Path) -> None:
    """Of 8 calls in flight, 4 answer within the grace and 4 hang: the second signal stops
    waiting for the 4 at once, and the 4 replies received in the grace are kept."""
    ledger = tmp_path / "ledger.sqlite"
    stub.control(latency_s=3.0, faults=[{"kind": "timeout", "sleep_s": 60, "every": 2}])
    job = _start(stub, outputs, ledger, "run.grace_s=120")
    _wait_for_calls(stub, 8, job)
    job.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 60
    while not ledger.exists() or _rows(ledger, "samples") < 4:
        assert job.poll() is None and time.monotonic() < deadline
        time.sleep(0.1)
    t0 = time.monotonic()
    job.send_signal(signal.SIGTERM)
    _, err = job.communicate(timeout=60)
    assert time.monotonic() - t0 < 20
    assert job.returncode == EXIT_INTERRUPTED, err[-3000:]
    assert "4 replies stored, 4 calls in flight abandoned" in err and "Traceback" not in err
    assert _rows(ledger, "samples") == 4 and stub.stats()["calls"] == 8
    assert _rows(ledger, "claims") == 0


def test_the_signal_handlers_a_launcher_set_are_given_back(
    stub: StubServer, tmp_path: Path
) -> None:
    from gralgo.ledger import Ledger
    from gralgo.run import run_samples_sync
    from gralgo.testing import make_requests

    def launcher_handler(signum: int, frame: object) -> None:  # submitit bypasses SIGTERM
        pass

    previous = signal.signal(signal.SIGTERM, launcher_handler)
    try:
        with Ledger(tmp_path / "ledger.sqlite") as ledger:
            requests = make_requests(stub.api_base, 1, tag="handlers")
            run_samples_sync([(requests[0], 0)], ledger, client="direct", max_concurrency=1,
                             max_attempts=1, timeout_s=10, failure_budget=1.0)  # fmt: skip
        assert signal.getsignal(signal.SIGTERM) is launcher_handler
    finally:
        signal.signal(signal.SIGTERM, previous)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_the_reports_is_an_interruption_and_the_mlflow_run_is_killed_at_once(
    make_settings, stub: StubServer, monkeypatch: pytest.MonkeyPatch, sig: signal.Signals
) -> None:
    """Issue 34, item 6: SIGTERM or SIGINT while scoring and writing reports ends the job with
    RunInterrupted (``python -m gralgo`` exits 4 with one line), not exit 143 / a traceback,
    and the MLflow run is KILLED now, not RUNNING until the next run."""
    import os

    import gralgo.publish
    from gralgo.errors import RunInterrupted
    from gralgo.evaluate import evaluate
    from gralgo.testing import FAKE_KEY_ENV

    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        "dataset.per_level=2", "sampling.k=1",
    )  # fmt: skip

    def write_reports(*args: object, **kwargs: object) -> None:
        os.kill(os.getpid(), sig)
        time.sleep(10)
        raise AssertionError("the signal did not stop the reports")

    monkeypatch.setattr(gralgo.publish, "write_reports", write_reports)
    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    with pytest.raises(RunInterrupted, match=signal.Signals(sig).name):
        evaluate(settings)
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == before
    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=settings.mlflow.tracking_uri)
    experiment = client.get_experiment_by_name(settings.mlflow.experiment_name)
    [run] = client.search_runs([experiment.experiment_id])
    assert run.info.status == "KILLED"
