"""A batch-mode sweep in one command: every job submits, then the sweep waits for all and
collects each job; through the basic launcher (jobs one by one) and joblib (jobs at once), with
kill -9 during the wait, and an incomplete job in the exit status. Against the batch stub."""

from __future__ import annotations

import importlib.util
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sweep_checks import parent_and_children

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub
from tests.conftest import needs

pytestmark = [pytest.mark.slow, needs("openai")]
REPO = Path(__file__).resolve().parents[2]
JOBS, SAMPLES = 2, 2 * 2 * 2  # two models x two instances x k = 2 (4 samples a job)
LAUNCHERS = {
    "basic": [],
    "joblib": ["hydra/launcher=joblib", "hydra.launcher.n_jobs=2"],
}


def sweep(
    batch_stub: BatchStub, out: Path, sweep_dir: Path, *extra: str, models: str = "stub-a,stub-b"
) -> list[str]:
    return [
        sys.executable, "-m", "gralgo", "-m", "model=openai_compatible",
        f"model.name={models}", f"model.api_base={batch_stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        "dataset.per_level=2", "sampling.k=2", "run.batch=on", "run.batch.poll_s=0.1",
        "run.batch.max_poll_s=0.3", f"paths.outputs={out}", f"paths.cache={out / 'cache'}",
        "mlflow.enabled=false", f"hydra.sweep.dir={sweep_dir}", *extra,
    ]  # fmt: skip


def run(cmd: list[str], crash_at: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    env.pop("GRALGO_BATCH_CRASH_AT", None)
    if crash_at:
        env["GRALGO_BATCH_CRASH_AT"] = crash_at
    return subprocess.run(cmd, env=env, cwd=REPO, capture_output=True, text=True, timeout=600)


def stored(out: Path) -> list[tuple[str, int, int]]:
    with sqlite3.connect(out / "ledger.sqlite") as conn:
        query = "SELECT request_key, sample_index, error_class IS NULL FROM samples"
        return list(conn.execute(query))


def check_paid_once(
    batch_stub: BatchStub, before: dict[str, int], out: Path, jobs: int = JOBS
) -> None:
    rows = stored(out)
    assert len(rows) == jobs * SAMPLES // JOBS and all(ok for *_, ok in rows)
    keys = {f"{k}-{i}" for k, i, _ in rows}
    paid = {c: n - before.get(c, 0) for c, n in batch_stub.stats()["paid"].items() if c in keys}
    assert paid == dict.fromkeys(keys, 1)


@pytest.mark.parametrize("launcher", sorted(LAUNCHERS))
def test_sweep_submits_every_job_then_waits_for_all(
    batch_stub: BatchStub, tmp_path: Path, launcher: str
) -> None:
    plugin = "hydra_plugins.hydra_joblib_launcher"
    if launcher == "joblib" and importlib.util.find_spec(plugin) is None:
        pytest.skip("hydra-joblib-launcher is not installed (pip install -e .[joblib])")
    batch_stub.control(delay_s=2.0, fail_every=0, expire=False)
    before, first_event = dict(batch_stub.stats()["paid"]), len(batch_stub.stats()["events"])
    sweep_dir = tmp_path / "sweep"
    tokens = f"sampling.max_tokens={300 + len(launcher)}"  # requests of their own
    # Three jobs: more than joblib's two workers, so waiting in each job would hold one back.
    models = "stub-a,stub-b,stub-c"
    price = ["model.price.input_per_1m=1", "model.price.output_per_1m=2",
             "model.price.batch_discount=0.5"]  # fmt: skip
    cmd = sweep(
        batch_stub, tmp_path, sweep_dir, *LAUNCHERS[launcher], tokens, *price, models=models
    )
    done = run([c for c in cmd if c != "mlflow.enabled=false"])  # with the sweep's parent run
    assert done.returncode == 0, done.stderr[-3000:]
    events = batch_stub.stats()["events"][first_event:]
    creates = [t for kind, t in events if kind == "create"]
    downloads = [t for kind, t in events if kind == "results"]
    assert len(creates) == 3 and len(downloads) >= 3  # output and error files
    assert max(creates) < min(downloads)  # every job submitted before anything was collected
    check_paid_once(batch_stub, before, tmp_path, jobs=3)
    with sqlite3.connect(tmp_path / "ledger.sqlite") as conn:  # each job priced its own samples
        assert (
            conn.execute("SELECT count(*) FROM samples WHERE cost_usd IS NULL").fetchone()[0] == 0
        )
    for job in ("0", "1", "2"):  # each job's results and report written in its own folder
        assert (sweep_dir / job / "instances.csv").is_file()
        assert (sweep_dir / job / "report.html").is_file()
        assert not (sweep_dir / job / "BATCH_PENDING.json").exists()
        assert not (sweep_dir / job / "FAILED.json").exists()
    parent, children = parent_and_children(tmp_path, 3)  # each job's run under the sweep's
    assert {c.info.status for c in children} == {"FINISHED"} and parent.info.status == "FINISHED"
    for job in ("0", "1", "2"):  # each job collected (and priced) its own batch
        assert "batch: collected" in (sweep_dir / job / "gralgo.log").read_text()


def test_kill_9_during_the_sweep_wait_then_the_same_sweep_collects(
    batch_stub: BatchStub, tmp_path: Path
) -> None:
    batch_stub.control(delay_s=1.0, fail_every=0, expire=False)
    before = dict(batch_stub.stats()["paid"])
    created = batch_stub.stats()["created"]
    extra = "sampling.max_tokens=320"
    killed = run(sweep(batch_stub, tmp_path, tmp_path / "sweep1", extra), crash_at="sweep_wait")
    assert killed.returncode == -9, killed.stderr[-2000:]
    assert batch_stub.stats()["created"] == created + JOBS
    # The same command again (in a new sweep folder, as a re-run gets).
    again = run(sweep(batch_stub, tmp_path, tmp_path / "sweep2", extra))
    assert again.returncode == 0, again.stderr[-3000:]
    assert batch_stub.stats()["created"] == created + JOBS  # nothing submitted twice
    check_paid_once(batch_stub, before, tmp_path)
    assert all((tmp_path / "sweep2" / job / "instances.csv").is_file() for job in ("0", "1"))


def test_an_incomplete_job_makes_the_sweep_exit_3(batch_stub: BatchStub, tmp_path: Path) -> None:
    batch_stub.control(delay_s=0.5, fail_every=0, expire=True, expire_fraction=0.5)
    try:
        extra = ("sampling.max_tokens=330", "run.max_attempts=1")
        done = run(sweep(batch_stub, tmp_path, tmp_path / "sweep", *extra))
    finally:
        batch_stub.control(expire=False)
    assert done.returncode == 3, done.stderr[-3000:]
    assert "2 sweep job(s) failed" in done.stderr
    assert "collecting its batches ended with exit 3" in done.stderr
