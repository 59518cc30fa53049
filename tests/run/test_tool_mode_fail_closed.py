"""A tool-mode job runs model code only in a sandbox that hides its data, or not at all.

Without bubblewrap the job stops (exit 2, the fix named) before the dataset is built or
anything is called, whatever ``sandbox.allow_unisolated`` says; a dataset the sandbox would show
is refused before it is written; the opt-in weaker backend is logged at WARNING and recorded in
job.json, the MLflow run and every tool message.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from gralgo.evaluate import evaluate
from gralgo.sandbox import SandboxUnavailableError, detect_isolation
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV

REPO = Path(__file__).resolve().parents[2]
TOOL_STUB = Path(__file__).with_name("tool_stub.py")


def _bwrap_works() -> bool:
    try:
        detect_isolation()
    except SandboxUnavailableError:  # pragma: no cover - depends on the machine
        return False
    return True


@pytest.mark.parametrize("allow", ["false", "true"])
def test_without_bubblewrap_a_tool_job_stops_before_building_or_calling(
    tmp_path: Path, allow: str
) -> None:
    bin_dir = tmp_path / "bin"  # unshare is there, bwrap is not: unshare is never used
    bin_dir.mkdir()
    if os.path.exists("/usr/bin/unshare"):
        (bin_dir / "unshare").symlink_to("/usr/bin/unshare")
    outputs = tmp_path / "outputs"
    done = subprocess.run(
        [sys.executable, "-m", "gralgo", "mode=tool", "model=openai_compatible",
         "model.name=stub-model", "model.api_base=http://127.0.0.1:9/v1",
         f"model.api_key_env={FAKE_KEY_ENV}", "task=max_degree", "level=1",
         "dataset.per_level=1", "sampling.k=1", f"paths.outputs={outputs}",
         f"paths.cache={tmp_path / 'cache'}", f"sandbox.allow_unisolated={allow}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PATH": str(bin_dir), "PYTHONPATH": str(REPO), FAKE_KEY_ENV: FAKE_KEY},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-2000:]
    # one line, before Hydra makes a run folder (the key and endpoint checks come after it)
    errors = [line for line in done.stderr.splitlines() if line.startswith("gralgo: error:")]
    assert len(errors) == 1 and "apt-get install -y bubblewrap" in errors[0], done.stderr
    assert not (outputs / "datasets").exists()  # nothing built ...
    assert not (outputs / "ledger.sqlite").exists()  # ... paid or recorded
    assert not (outputs / "mlflow.db").exists()
    assert not list(outputs.rglob("job.json"))


def test_a_dataset_the_sandbox_would_show_is_refused_before_it_is_written(
    make_settings, tmp_path: Path
) -> None:
    if not _bwrap_works():
        pytest.skip("no sandbox isolation on this machine")
    root = Path(os.path.realpath(sys.prefix))  # inside the Python installation it shows
    if not os.access(root, os.W_OK):
        pytest.skip(f"{root} is not writable: the old order could not write there either")
    inside = root / f"gralgo-test-dataset-{uuid.uuid4().hex[:8]}"
    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", "model.api_base=http://127.0.0.1:9/v1",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=max_degree", "level=1",
        "dataset.per_level=1", "sampling.k=1", "mode=tool", f"dataset.dir={inside}",
    )  # fmt: skip
    try:
        with pytest.raises(SandboxUnavailableError, match="shows to model code"):
            evaluate(settings)
        assert not inside.exists()
        assert not (tmp_path / "outputs" / "ledger.sqlite").exists()
    finally:
        if inside.exists():
            import shutil

            shutil.rmtree(inside)


NO_LIBSECCOMP = """
import ctypes.util, runpy, sys
found = ctypes.util.find_library
ctypes.util.find_library = lambda name: None if name == "seccomp" else found(name)
sys.argv = ["gralgo", *sys.argv[1:]]
runpy.run_module("gralgo", run_name="__main__", alter_sys=True)
"""
"""``python -m gralgo`` on a machine where libseccomp cannot be found."""


@pytest.mark.slow
def test_the_weaker_backend_is_refused_or_warned_and_recorded(tmp_path: Path) -> None:
    if not _bwrap_works():
        pytest.skip("no sandbox isolation on this machine")
    server = subprocess.Popen([sys.executable, str(TOOL_STUB), "0"], stdout=subprocess.PIPE)
    assert server.stdout is not None
    line = server.stdout.readline().decode()
    assert line.startswith("LISTENING "), line
    outputs = tmp_path / "outputs"
    args = [
        sys.executable, "-c", NO_LIBSECCOMP, "model=openai_compatible", "model.name=stub-model",
        f"model.api_base={line.split()[1]}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=max_degree", "level=1", "dataset.per_level=1", "sampling.k=1", "mode=tool",
        "mode.tool.max_tool_calls=2", f"paths.outputs={outputs}",
        f"paths.cache={tmp_path / 'cache'}",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(REPO), FAKE_KEY_ENV: FAKE_KEY}
    try:
        refused = subprocess.run(
            args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert refused.returncode == 2, refused.stderr[-2000:]  # fail closed by default
        assert "allow_unisolated=true" in refused.stderr
        assert not (outputs / "datasets").exists()
        done = subprocess.run(
            [*args, "sandbox.allow_unisolated=true"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        server.kill()
        server.wait(timeout=10)
    assert done.returncode == 0, done.stderr[-3000:]
    warnings = [line for line in done.stderr.splitlines() if "[WARNING]" in line]
    assert any("bwrap-nofilter" in w and "WITHOUT the seccomp filter" in w for w in warnings)
    (job_file,) = outputs.rglob("job.json")
    job = json.loads(job_file.read_text())
    assert job["sandbox"]["sandbox_backend"] == "bwrap-nofilter"
    assert "WITHOUT the seccomp filter" in job["sandbox"]["sandbox_guarantees"]
    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=f"sqlite:///{outputs / 'mlflow.db'}")
    (run,) = client.search_runs([e.experiment_id for e in client.search_experiments()])
    assert run.data.tags["sandbox_backend"] == "bwrap-nofilter"
    from gralgo.results import read_samples

    for transcript in read_samples(job_file.parent)["transcript"]:
        tool = [m for m in json.loads(transcript)["messages"] if m["role"] == "tool"]
        assert tool and all(m["sandbox"]["isolation"] == "bwrap-nofilter" for m in tool)


NO_MEMORY_CGROUP = """
import os, runpy, sys
access = os.access
os.access = lambda path, mode, **kw: False if "cgroup" in str(path) else access(path, mode, **kw)
sys.argv = ["gralgo", *sys.argv[1:]]
runpy.run_module("gralgo", run_name="__main__", alter_sys=True)
"""
"""``python -m gralgo`` where no cgroup may be written (a normal user, no delegated cgroup)."""


@pytest.mark.slow
def test_no_memory_cgroup_is_refused_or_warned_and_recorded(tmp_path: Path) -> None:
    if not _bwrap_works():
        pytest.skip("no sandbox isolation on this machine")
    server = subprocess.Popen([sys.executable, str(TOOL_STUB), "0"], stdout=subprocess.PIPE)
    assert server.stdout is not None
    line = server.stdout.readline().decode()
    assert line.startswith("LISTENING "), line
    outputs = tmp_path / "outputs"
    args = [
        sys.executable, "-c", NO_MEMORY_CGROUP, "model=openai_compatible", "model.name=stub-model",
        f"model.api_base={line.split()[1]}", f"model.api_key_env={FAKE_KEY_ENV}",
        "task=max_degree", "level=1", "dataset.per_level=1", "sampling.k=1", "mode=tool",
        "mode.tool.max_tool_calls=2", f"paths.outputs={outputs}",
        f"paths.cache={tmp_path / 'cache'}",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(REPO), FAKE_KEY_ENV: FAKE_KEY}
    try:
        refused = subprocess.run(
            args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert refused.returncode == 2, refused.stderr[-2000:]  # fail closed by default
        errors = [line for line in refused.stderr.splitlines() if line.startswith("gralgo: error:")]
        assert len(errors) == 1 and "allow_no_memory_cgroup=true" in errors[0], refused.stderr
        assert not (outputs / "datasets").exists()
        assert not list(outputs.rglob("job.json"))
        done = subprocess.run(
            [*args, "sandbox.allow_no_memory_cgroup=true"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        server.kill()
        server.wait(timeout=10)
    assert done.returncode == 0, done.stderr[-3000:]
    # said once, where the job is checked before anything is written
    assert done.stderr.count("rlimits alone, no memory cgroup") == 1, done.stderr[-3000:]
    (job_file,) = outputs.rglob("job.json")
    assert json.loads(job_file.read_text())["sandbox"]["sandbox_memory"] == "none"
    from gralgo.results import read_samples

    for transcript in read_samples(job_file.parent)["transcript"]:
        tool = [m for m in json.loads(transcript)["messages"] if m["role"] == "tool"]
        assert tool and all(m["sandbox"]["memory_cgroup"] == "none" for m in tool)


@pytest.mark.parametrize(
    "key", ["paths.outputs", "ledger.path", "mlflow.tracking_uri", "paths.cache", "hydra.run.dir"]
)
def test_a_path_the_sandbox_would_show_is_refused_before_hydra_writes(
    tmp_path: Path, key: str
) -> None:
    if not _bwrap_works():
        pytest.skip("no sandbox isolation on this machine")
    root = Path(os.path.realpath(sys.prefix))  # inside the Python installation it shows
    if not os.access(root, os.W_OK):
        pytest.skip(f"{root} is not writable: nothing could be written there anyway")
    inside = root / f"gralgo-test-{uuid.uuid4().hex[:8]}"
    value = {
        "paths.outputs": str(inside),
        "ledger.path": str(inside / "ledger.sqlite"),
        "mlflow.tracking_uri": f"sqlite:///{inside}/x.db",
        "paths.cache": str(inside),
        "hydra.run.dir": str(inside),
    }[key]
    run_dir = inside if key == "hydra.run.dir" else tmp_path / "run"
    outputs = inside if key == "paths.outputs" else tmp_path / "outputs"
    try:
        done = subprocess.run(
            [sys.executable, "-m", "gralgo", "mode=tool", "model=openai_compatible",
             "model.name=stub-model", "model.api_base=http://127.0.0.1:9/v1",
             f"model.api_key_env={FAKE_KEY_ENV}", "task=max_degree", "level=1",
             "dataset.per_level=1", "sampling.k=1", f"paths.outputs={outputs}",
             f"paths.cache={tmp_path / 'cache'}", f"hydra.run.dir={run_dir}", f"{key}={value}"],
            cwd=REPO, capture_output=True, text=True, timeout=300,
            env={**os.environ, FAKE_KEY_ENV: FAKE_KEY},
        )  # fmt: skip
        assert done.returncode == 2, done.stderr[-2000:]
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and "shows to model code" in lines[0], done.stderr[-2000:]
        assert not inside.exists()  # no .hydra/*.yaml, no gralgo.log, no store
        assert not run_dir.exists() and not outputs.exists()
    finally:
        if inside.exists():
            import shutil

            shutil.rmtree(inside)
