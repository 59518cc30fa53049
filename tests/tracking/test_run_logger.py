"""The job's MLflow logging process: a job killed outright leaves its run KILLED (the child
sees the pipe close); a job whose logging process died fails with one line."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tracking.mlflow_run_helpers import job_results, run_client, settled_run

JOB = """
import os, pickle, signal, sys
from pathlib import Path
from gralgo.tracking._mlflow_job import JobRun

settings = pickle.loads(Path(sys.argv[1]).read_bytes())
out, when = Path(sys.argv[2]), sys.argv[3]
run = JobRun(settings)
run.start()
print(run.run_id, flush=True)
if when == "logging":
    run.finish({"pass_at_k": 0.5}, [out / "summary.csv"], out)
os.kill(os.getpid(), signal.SIGKILL)  # kill -9: no handler, no cleanup of its own
"""


@pytest.mark.slow
@pytest.mark.parametrize("when", ["calling", "logging"])
def test_a_job_killed_outright_leaves_its_run_killed(
    make_settings, tmp_path: Path, when: str
) -> None:
    """kill -9 of the job, while it calls its model or while its results are logged: its
    logging process sees the pipe close and ends the run KILLED, complete=false."""

    settings = make_settings("level=1").report_settings()
    pickled = tmp_path / "settings.pickle"
    pickled.write_bytes(pickle.dumps(settings))
    out = job_results(tmp_path)
    job = subprocess.run([sys.executable, "-c", JOB, str(pickled), str(out), when],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert job.returncode == -9, job.stderr
    run_id = job.stdout.split()[0]
    run = settled_run(run_client(settings), run_id)
    assert run.info.status == "KILLED" and run.data.tags["complete"] == "false"


NEVER_IMPORTED = """
import pickle, sys
from pathlib import Path
from gralgo.tracking._mlflow_job import JobRun

settings = pickle.loads(Path(sys.argv[1]).read_bytes())
out = Path(sys.argv[2])
with JobRun(settings) as run:
    run.start()
    run_id = run.finish({"pass_at_k": 0.5}, [out / "summary.csv"], out)
print(run_id, sorted(m for m in sys.modules if m.split(".")[0] in ("mlflow", "sqlalchemy")))
"""


@pytest.mark.slow
def test_the_job_never_imports_mlflow(make_settings, tmp_path: Path) -> None:
    """MLflow (~2.5 s of CPU to import) loads only in the logging process."""
    settings = make_settings("level=1").report_settings()
    pickled = tmp_path / "settings.pickle"
    pickled.write_bytes(pickle.dumps(settings))
    out = job_results(tmp_path)
    job = subprocess.run([sys.executable, "-c", NEVER_IMPORTED, str(pickled), str(out)],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert job.returncode == 0, job.stderr
    run_id, imported = job.stdout.split(maxsplit=1)
    assert imported.strip() == "[]"
    run = run_client(settings).get_run(run_id)
    assert run.info.status == "FINISHED" and run.data.metrics["pass_at_k"] == 0.5


PREEMPTED = """
import pickle, sys, time
from pathlib import Path
from gralgo.tracking._mlflow_job import JobRun

settings = pickle.loads(Path(sys.argv[1]).read_bytes())
with JobRun(settings) as run:
    run.start()
    print(run.run_id, run._logger.process.pid, flush=True)
    time.sleep(300)
"""


@pytest.mark.slow
def test_sigterm_to_every_process_of_the_job_leaves_its_run_killed(
    make_settings, tmp_path: Path
) -> None:
    """Slurm preempts a job by sending SIGTERM to each of its processes: the logging process
    outlives the job (it ignores the signal) and ends the run KILLED."""
    import os
    import signal

    settings = make_settings("level=1").report_settings()
    pickled = tmp_path / "settings.pickle"
    pickled.write_bytes(pickle.dumps(settings))
    job = subprocess.Popen([sys.executable, "-c", PREEMPTED, str(pickled)],
                           stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert job.stdout is not None
    run_id, child = job.stdout.readline().split()
    os.kill(int(child), signal.SIGTERM)
    job.send_signal(signal.SIGTERM)
    assert job.wait(timeout=60) == -signal.SIGTERM
    run = settled_run(run_client(settings), run_id)
    assert run.info.status == "KILLED" and run.data.tags["complete"] == "false"


PREPARED = """
import sys
from pathlib import Path
from gralgo.tracking import PreparedLogger

uri, out = sys.argv[1], Path(sys.argv[2])
with PreparedLogger() as logger:
    run_id = logger.log_run(tracking_uri=uri, experiment_name="prepared", run_name="analysis x",
                            params={"analysis": "x"}, tags={"gralgo.analysis": "x"},
                            metrics={"claims": 4.0}, artifacts=[out / "summary.csv"])
print(run_id, sorted(m for m in sys.modules if m.split(".")[0] in ("mlflow", "sqlalchemy")))
"""


@pytest.mark.slow
def test_a_prepared_logger_logs_a_finished_run_in_its_child(tmp_path: Path) -> None:
    """An analysis's run is logged by a child that imported MLflow meanwhile: the caller
    never imports it, and the run holds the params, tags, metrics and artifacts."""
    from mlflow import MlflowClient

    out = job_results(tmp_path)
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    done = subprocess.run([sys.executable, "-c", PREPARED, uri, str(out)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    run_id, imported = done.stdout.split(maxsplit=1)
    assert imported.strip() == "[]"
    client = MlflowClient(tracking_uri=uri)
    run = client.get_run(run_id)
    assert run.info.status == "FINISHED" and run.data.metrics["claims"] == 4.0
    assert run.data.tags["gralgo.analysis"] == "x" and run.data.params["analysis"] == "x"
    assert [a.path for a in client.list_artifacts(run_id)] == ["summary.csv"]


def test_a_prepared_logger_never_asked_is_stopped_and_its_error_is_one_line(
    tmp_path: Path,
) -> None:
    from gralgo.errors import MlflowLoggingError
    from gralgo.tracking import PreparedLogger

    with PreparedLogger() as unused:
        child = unused._logger.process
    assert child.returncode is not None  # stopped, not left importing MLflow
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    with PreparedLogger() as logger, pytest.raises(MlflowLoggingError) as failed:
        logger.log_run(tracking_uri=f"sqlite:///{blocked}/mlflow.db", experiment_name="e",
                       run_name="r", params={}, tags={}, metrics={"m": 1.0})  # fmt: skip
    assert "MLflow logging failed" in str(failed.value) and "\n" not in str(failed.value)
    with pytest.raises(MlflowLoggingError, match="logged its run already"):
        logger.log_run(tracking_uri="sqlite:///x.db", experiment_name="e", run_name="r",
                       params={}, tags={}, metrics={})  # fmt: skip


SCANNED_EARLY = """
import sys, time
from pathlib import Path
from gralgo.tracking import PreparedLogger

uri, big = sys.argv[1], Path(sys.argv[2])
big.write_text("a,b\\n1,2\\n" * 2_200_000)  # 17.6 MB: scanned beside
with PreparedLogger() as logger:
    logger.scan([big])
    time.sleep(float(sys.argv[3]))
    with big.open("a") as more:  # changed after its scan: scanned again as it is logged
        more.write("c,$OPENAI_API_KEY\\n".replace("$OPENAI_API_KEY", sys.argv[4]))
    print(logger.log_run(tracking_uri=uri, experiment_name="early", run_name="analysis",
                         params={}, tags={}, metrics={}, artifacts=[big]))
"""


@pytest.mark.slow
@pytest.mark.parametrize("wait", [0.0, 3.0])
def test_a_file_changed_after_its_early_scan_is_scrubbed(tmp_path: Path, wait: float) -> None:
    """Files handed to the child as written are scanned for secrets at once; one changed
    before the run is logged (during its scan or after) is scanned again, never logged as is."""
    import os

    from mlflow import MlflowClient

    secret = "sk-early0scan0secret0value0123"
    uri, big = f"sqlite:///{tmp_path / 'mlflow.db'}", tmp_path / "claims.csv"
    env = {**os.environ, "OPENAI_API_KEY": secret}
    done = subprocess.run([sys.executable, "-c", SCANNED_EARLY, uri, str(big), str(wait), secret],
                          capture_output=True, text=True, timeout=300, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    client = MlflowClient(tracking_uri=uri)
    root = client.get_run(done.stdout.split()[-1]).info.artifact_uri.removeprefix("file://")
    logged = (Path(root) / "claims.csv").read_text()
    assert secret not in logged and logged.endswith("c,***REDACTED***\n")
