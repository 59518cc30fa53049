"""MLflow runs: params/metrics/tags/artifacts, nesting under a sweep, and no secret anywhere."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from omegaconf import OmegaConf

from gralgo.tracking._hydra_callbacks import (
    PARENT_RUN_ENV,
    PARENT_RUN_FILE,
    MlflowSweepCallback,
    parent_run_id_for_job,
)
from gralgo.tracking._mlflow import (
    PARENT_RUN_TAG,
    end_run,
    flatten_params,
    log_run,
    metric_name,
    start_parent_run,
)
from gralgo.tracking._secrets import redact_config

REPO = Path(__file__).parents[2]
SECRET = "sk-gralgo-test-0123456789abcdef"
OTHER_SECRET = "zz-plain-looking-credential-42"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """One SQLite store per module (creating its tables takes seconds)."""
    root = tmp_path_factory.mktemp("mlflow")
    return f"sqlite:///{root / 'mlflow.db'}", root


def client(uri: str):  # noqa: ANN201
    from mlflow import MlflowClient

    return MlflowClient(tracking_uri=uri)


def test_flatten_params_and_metric_names() -> None:
    flat = flatten_params({"model": {"name": "m", "drop_params": ["a"]}, "k": 8, "x": None,
                           "empty": {}})  # fmt: skip
    assert flat == {"empty": "{}", "k": "8", "model.drop_params": '["a"]', "model.name": "m",
                    "x": "null"}  # fmt: skip
    assert list(flat) == sorted(flat)
    assert metric_name("pass@8") == "pass_at_8"
    assert metric_name("acc (level 1)") == "acc _level 1_"


def test_log_run_records_everything(store: tuple[str, Path], tmp_path: Path) -> None:
    uri, _ = store
    table = tmp_path / "samples.csv"
    table.write_text("instance,outcome\na,correct\n")
    plots = tmp_path / "plots"
    (plots / "by_level").mkdir(parents=True)
    (plots / "by_level" / "accuracy.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    run_id = log_run(
        tracking_uri=uri,
        experiment_name="records",
        run_name="gemma smoke",
        params={"model.name": "gemma", "sampling.k": 8},
        tags={"model": "gemma", "task": "max_clique", "level": 1},
        metrics={"pass@8": 0.25, "cons@8": 0.125, "accuracy": 0.1},
        artifacts=[table],
        artifact_dir=plots,
        config_snapshot={"model": {"name": "gemma"}},
    )
    run = client(uri).get_run(run_id)
    assert run.info.status == "FINISHED" and run.info.run_name == "gemma smoke"
    assert run.data.params == {"model.name": "gemma", "sampling.k": "8"}
    assert run.data.metrics == {"pass_at_8": 0.25, "cons_at_8": 0.125, "accuracy": 0.1}
    assert run.data.tags["task"] == "max_clique" and run.data.tags["level"] == "1"
    assert PARENT_RUN_TAG not in run.data.tags
    names = {a.path for a in client(uri).list_artifacts(run_id)}
    assert names == {"samples.csv", "config.json", "plots"}
    nested = {a.path for a in client(uri).list_artifacts(run_id, "plots/by_level")}
    assert nested == {"plots/by_level/accuracy.png"}


@pytest.mark.parametrize("streamed", [False, True], ids=["whole-files", "streamed-files"])
def test_no_secret_in_params_tags_or_artifacts(
    store: tuple[str, Path], tmp_path: Path, monkeypatch, streamed: bool
) -> None:
    """Also with every artifact read a few characters at a time, as large transcripts are."""
    if streamed:
        monkeypatch.setattr("gralgo.tracking._mlflow._STREAM_ABOVE_BYTES", 0)
        monkeypatch.setattr("gralgo.tracking._scrub_files.PIECE_CHARS", 7)
    uri, root = store
    monkeypatch.setenv("GRALGO_TEST_PROVIDER_CREDS", OTHER_SECRET)
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    config = {
        "model": {
            "name": "gpt-5-mini",
            "api_key_env": "GRALGO_TEST_PROVIDER_CREDS",
            "api_key": SECRET,  # someone pasted a key into the config
            "extra_body": {"headers": {"Authorization": f"Bearer {OTHER_SECRET}"}},
            "comment": f"debug {OTHER_SECRET}",
        },
        "sampling": {"k": 8},
    }
    redacted = redact_config(config)
    log = tmp_path / "run.log"
    log.write_text(f"calling with key {SECRET} and {OTHER_SECRET}\n")
    blob = tmp_path / "samples.bin"
    blob.write_bytes(b"\x00\xff" + OTHER_SECRET.encode() + b"\xfe")
    mixed = tmp_path / "mixed.log"  # text holding a secret, then bytes that are not UTF-8
    mixed.write_bytes(f"calling with {OTHER_SECRET} and then ".encode() + b"\xff\xfe" * 20)
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "trace.jsonl").write_text(f'{{"auth": "Bearer {SECRET}"}}\n')
    run_id = log_run(
        tracking_uri=uri,
        experiment_name=f"secrets-{streamed}",
        run_name=f"run {OTHER_SECRET}",
        # Raw params too: log_run must scrub even what the caller forgot to redact.
        params={**flatten_params(redacted), "leak": f"x {OTHER_SECRET}", "leak2": SECRET},
        tags={"model": "gpt-5-mini", "note": SECRET},
        metrics={"accuracy": 0.5},
        artifacts=[log, blob, mixed],
        artifact_dir=extra,
        config_snapshot=config,
        secret_env_names=["GRALGO_TEST_PROVIDER_CREDS"],
    )
    run = client(uri).get_run(run_id)
    assert run.data.params["model.api_key_env"] == "GRALGO_TEST_PROVIDER_CREDS"
    assert run.data.params["model.name"] == "gpt-5-mini"
    names = {a.path for a in client(uri).list_artifacts(run_id)}
    assert {"run.log", "config.json", "extra"} <= names
    assert "samples.bin" not in names  # binary holding a secret: not uploaded
    assert "mixed.log" not in names
    for value in [*run.data.params.values(), *run.data.tags.values(), run.info.run_name]:
        assert SECRET not in value and OTHER_SECRET not in value
    # Every byte MLflow wrote (database, WAL, artifacts) is free of both secrets.
    files = [p for p in root.rglob("*") if p.is_file()]
    assert any(p.name == "run.log" for p in files)
    for path in files:
        data = path.read_bytes()
        assert SECRET.encode() not in data, path
        assert OTHER_SECRET.encode() not in data, path


def test_large_artifacts_scanned_beside_and_rescanned_when_changed(
    store: tuple[str, Path], tmp_path: Path, monkeypatch
) -> None:
    """Large artifacts are scanned for secrets in a forked process while the run is created;
    only those found clean and unchanged since are logged unscanned."""
    from gralgo.tracking import _mlflow

    monkeypatch.setattr("gralgo.tracking._mlflow._STREAM_ABOVE_BYTES", 10)
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    clean, leaky, late = (tmp_path / f"{n}.csv" for n in ("clean", "leaky", "late"))
    clean.write_text("a,b\n1,2\n" * 50)
    leaky.write_text(f"a,b\n1,{SECRET}\n")
    late.write_text("a,b\n1,2\n" * 50)
    found = _mlflow.scan_beside([clean, leaky, late], [])()
    assert set(found) == ({str(clean), str(late)} if _mlflow._forks() else set())
    late.write_text(f"a,b\n1,{SECRET}\n" * 50)  # changed after its scan: scanned again
    run_id = log_run(
        tracking_uri=store[0], experiment_name="beside", run_name="analysis", params={},
        tags={}, metrics={}, artifacts=[clean, leaky, late],
    )  # fmt: skip
    uri = client(store[0]).get_run(run_id).info.artifact_uri.removeprefix("file://")
    assert (Path(uri) / "clean.csv").read_text() == clean.read_text()
    for name in ("leaky.csv", "late.csv"):
        text = (Path(uri) / name).read_text()
        assert SECRET not in text and "a,b" in text
    stale = {**found, str(late): found.get(str(late), (0, 0, 0, 0, 0))}
    run_id = log_run(
        tracking_uri=store[0], experiment_name="beside", run_name="again", params={},
        tags={}, metrics={}, artifacts=[],
    )  # fmt: skip
    _mlflow.log_results(
        tracking_uri=store[0], run_id=run_id, metrics={}, artifacts=[late], clean=stale
    )
    uri = client(store[0]).get_run(run_id).info.artifact_uri.removeprefix("file://")
    assert SECRET not in (Path(uri) / "late.csv").read_text()
    run_id = log_run(  # stamps of an earlier scan handed in: a changed file is scanned again
        tracking_uri=store[0], experiment_name="beside", run_name="early", params={},
        tags={}, metrics={}, artifacts=[clean, late], clean=stale,
    )  # fmt: skip
    uri = client(store[0]).get_run(run_id).info.artifact_uri.removeprefix("file://")
    assert SECRET not in (Path(uri) / "late.csv").read_text()
    assert (Path(uri) / "clean.csv").read_text() == clean.read_text()


def test_children_nest_under_a_parent(store: tuple[str, Path]) -> None:
    uri, _ = store
    parent = start_parent_run(tracking_uri=uri, experiment_name="sweep", run_name="sweep 1")
    children = [
        log_run(
            tracking_uri=uri,
            experiment_name="sweep",
            run_name=f"job {i}",
            params={"i": i},
            tags={"level": i},
            metrics={"accuracy": i / 10},
            parent_run_id=parent,
        )  # fmt: skip
        for i in range(2)
    ]
    end_run(tracking_uri=uri, run_id=parent)
    c = client(uri)
    experiment = c.get_experiment_by_name("sweep")
    found = c.search_runs([experiment.experiment_id], f"tags.`{PARENT_RUN_TAG}` = '{parent}'")
    assert sorted(r.info.run_id for r in found) == sorted(children)
    assert c.get_run(parent).info.status == "FINISHED"
    assert c.get_run(parent).data.tags["gralgo.kind"] == "sweep"


def test_callback_creates_and_ends_parent(store: tuple[str, Path], tmp_path: Path) -> None:
    uri, _ = store
    callback = MlflowSweepCallback(tracking_uri=uri, experiment_name="callback")
    config = OmegaConf.create(
        {"hydra": {"sweep": {"dir": str(tmp_path / "sweep")}, "overrides": {"task": ["level=1,2"]}}}
    )
    callback.on_multirun_start(config)
    try:
        parent = (tmp_path / "sweep" / PARENT_RUN_FILE).read_text().strip()
        assert os.environ[PARENT_RUN_ENV] == parent == parent_run_id_for_job()
        assert client(uri).get_run(parent).info.status == "RUNNING"
        assert client(uri).get_run(parent).data.tags["hydra.overrides"] == "level=1,2"
    finally:
        callback.on_multirun_end(config)
    assert PARENT_RUN_ENV not in os.environ
    assert parent_run_id_for_job() is None  # outside Hydra, no sweep
    assert client(uri).get_run(parent).info.status == "FINISHED"


@pytest.mark.slow
def test_real_hydra_multirun_groups_jobs(tmp_path: Path) -> None:
    """``python app.py -m level=1,2`` leaves one parent run with two nested job runs."""
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "config.yaml").write_text(
        textwrap.dedent(
            f"""
            level: 1
            mlflow: {{tracking_uri: "{uri}", experiment_name: sweep_test}}
            hydra:
              sweep: {{dir: {tmp_path / "multirun"}}}
              callbacks:
                mlflow_sweep:
                  _target_: gralgo.tracking.MlflowSweepCallback
                  tracking_uri: ${{mlflow.tracking_uri}}
                  experiment_name: ${{mlflow.experiment_name}}
            """
        )
    )
    (tmp_path / "app.py").write_text(
        textwrap.dedent(
            """
            import hydra
            from gralgo.tracking._hydra_callbacks import parent_run_id_for_job
            from gralgo.tracking._mlflow import log_run

            @hydra.main(version_base=None, config_path="conf", config_name="config")
            def main(cfg):
                log_run(tracking_uri=cfg.mlflow.tracking_uri,
                        experiment_name=cfg.mlflow.experiment_name, run_name=f"level {cfg.level}",
                        params={"level": cfg.level}, tags={"level": cfg.level},
                        metrics={"accuracy": cfg.level / 10},
                        parent_run_id=parent_run_id_for_job())

            main()
            """
        )
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop(PARENT_RUN_ENV, None)
    done = subprocess.run(
        [sys.executable, "app.py", "-m", "level=1,2"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    c = client(uri)
    runs = c.search_runs([c.get_experiment_by_name("sweep_test").experiment_id])
    parents = [r for r in runs if r.data.tags.get("gralgo.kind") == "sweep"]
    jobs = [r for r in runs if r.data.tags.get("gralgo.kind") == "job"]
    assert len(parents) == 1 and parents[0].info.status == "FINISHED"
    assert sorted(r.data.params["level"] for r in jobs) == ["1", "2"]
    assert {r.data.tags[PARENT_RUN_TAG] for r in jobs} == {parents[0].info.run_id}


def test_a_sweeps_jobs_are_evaluation_runs_under_its_parent(store: tuple[str, Path]) -> None:
    """MLflow's runs table opens the parent of ``mlflow.runType=evaluation`` runs by itself:
    a sweep's jobs are on its first screen (tests/tracking/test_mlflow_ui_browser.py)."""
    uri, _ = store
    parent = start_parent_run(tracking_uri=uri, experiment_name="typed", run_name="s")
    job = log_run(tracking_uri=uri, experiment_name="typed", run_name="j", params={}, tags={},
                  metrics={"accuracy": 0.5}, parent_run_id=parent)  # fmt: skip
    tags = client(uri).get_run(job).data.tags
    assert tags["mlflow.runType"] == "evaluation" and tags[PARENT_RUN_TAG] == parent
    # The sweep's own view: its jobs, filtered and sorted (so listed flat), gralgo's columns.
    import json

    experiment = client(uri).get_experiment(client(uri).get_run(parent).info.experiment_id)
    view = json.loads(experiment.tags[f"mlflow.sharedViewState.sweep-{parent}"])
    assert view["searchFilter"] == f"tags.`mlflow.parentRunId` = '{parent}'"
    assert view["orderByKey"] == "metrics.`accuracy`" and "metrics.`accuracy`" in view[
        "selectedColumns"]  # fmt: skip
    found = client(uri).search_runs([experiment.experiment_id], view["searchFilter"])
    assert [r.info.run_id for r in found] == [job]


def test_logged_metrics_are_rounded_counts_exact(store: tuple[str, Path]) -> None:
    uri, _ = store
    run_id = log_run(tracking_uri=uri, experiment_name="rounded", run_name="r", params={},
                     tags={}, metrics={"accuracy": 7 / 24, "completion_tokens": 123457.0,
                                       "cost_usd": 0.000123456789})  # fmt: skip
    assert client(uri).get_run(run_id).data.metrics == {
        "accuracy": 0.2917, "completion_tokens": 123457.0, "cost_usd": 0.0001235
    }  # fmt: skip


def test_a_sweeps_printed_locations_link_its_jobs(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:  # fmt: skip
    from gralgo.tracking._hydra_callbacks import print_sweep_locations

    (tmp_path / "comparison").mkdir()
    (tmp_path / "comparison" / "study.html").write_text("<html></html>")
    print_sweep_locations(tmp_path, tmp_path / "comparison", "sqlite:///x.db", "abc123",
                          tmp_path, "7")  # fmt: skip
    out = capsys.readouterr().out
    assert f"study page     {tmp_path / 'comparison' / 'study.html'}" in out
    assert "MLflow parent  run abc123" in out
    assert "its jobs: http://127.0.0.1:5000/#/experiments/7/runs?" in out
    assert "viewStateShareKey=sweep-abc123" in out
