"""The whole evaluation job against the stub server: scoring, errors, resume, MLflow, secrets."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest

from gralgo.dataset import read_instances
from gralgo.evaluate import evaluate, load_instances
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer


def stub_settings(make_settings, stub: StubServer, *extra: str):
    return make_settings(
        "model=openai_compatible",
        "model.name=stub-model",
        f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}",
        "task=[max_degree,mst_weight]",
        "level=1",
        "dataset.per_level=3",
        "sampling.k=2",
        "run.max_attempts=2",
        "run.failure_budget=1.0",
        *extra,
    )


def canned_answers(settings) -> tuple[dict[str, str], list[str]]:
    """Index 0 answered right, index 1 wrong; index 2 prompts returned for fault matching."""
    answers, failing = {}, []
    for instance in load_instances(settings):
        prompt = instance.prompts["edge_list"]
        if instance.index == 0:
            answers[prompt.text] = f"Counting carefully... \\boxed{{{prompt.answer}}}"
        elif instance.index == 1:
            answers[prompt.text] = "I think it is \\boxed{-1}."
        else:
            failing.append(prompt.text)
    return answers, failing


@pytest.mark.slow
def test_pipeline_scores_errors_resumes_and_logs(
    make_settings, stub: StubServer, tmp_path: Path
) -> None:
    settings = stub_settings(make_settings, stub)
    answers, failing = canned_answers(settings)
    faults = [{"kind": "status", "status": 500, "match": text} for text in failing]
    stub.control(answers=answers, faults=faults)

    result = evaluate(settings)
    # 4 good instances x 2 samples, plus 2 failing instances x 2 samples x 2 attempts.
    assert stub.stats()["calls"] == 4 * 2 + 2 * 2 * 2
    samples = pd.read_csv(result.output_dir / "samples.csv")
    by_index = samples.merge(
        pd.DataFrame([{"instance_id": i.id, "index": i.index} for i in load_instances(settings)])
    )
    assert set(by_index[by_index["index"] == 0]["outcome"]) == {"correct"}
    assert set(by_index[by_index["index"] == 1]["outcome"]) == {"wrong"}
    assert set(by_index[by_index["index"] == 2]["outcome"]) == {"error"}  # never "wrong"
    assert result.metrics["pass_at_k"] == pytest.approx(0.5)  # errors excluded, not scored
    assert result.metrics["n_incomplete"] == 2
    assert result.metrics["task/max_degree/cons_at_k"] == pytest.approx(0.5)
    for name in (
        "tables/taxonomy_by_level.md",
        "tables/tasks_level1.md",
        "tables/outcomes.md",
        "breakdown.csv",
        "accuracy_by_level.png",
        "config.json",
        "samples.csv",
        "report.html",
        "samples.jsonl",
    ):
        assert (result.output_dir / name).is_file(), name

    # Re-run with the server healed: exactly the errored samples are called again.
    stub.control(answers=answers | {t: "\\boxed{0}" for t in failing})
    again = evaluate(stub_settings(make_settings, stub))
    assert stub.stats()["calls"] == 2 * 2
    assert again.metrics["n_incomplete"] == 0
    # And once more: nothing left to do, zero calls, and no duplicate MLflow run.
    stub.control(answers=answers)
    third = evaluate(stub_settings(make_settings, stub))
    assert stub.stats()["calls"] == 0
    assert third.run_id == again.run_id

    # MLflow holds the runs, with tags to compare by and the tables as artifacts.
    from mlflow import MlflowClient

    client = MlflowClient(tracking_uri=settings.mlflow.tracking_uri)
    experiment = client.get_experiment_by_name(settings.mlflow.experiment_name)
    runs = client.search_runs([experiment.experiment_id])
    assert len(runs) == 2
    run = client.get_run(result.run_id)
    assert run.data.tags["model"] == "stub-model"
    assert run.data.tags["format"] == "edge_list"
    assert run.data.metrics["pass_at_k"] == pytest.approx(0.5)
    artifacts = {a.path for a in client.list_artifacts(result.run_id)}
    assert {
        "samples.csv",
        "accuracy_by_level.png",
        "tables",
        "report.html",
        "samples_table.json",
    } <= artifacts
    # The run was opened when the calls started and holds the numbers, k as a param.
    first = client.get_run(result.run_id)
    # The first run had errored samples: partial, so FAILED with complete=false; the healed
    # re-run is complete.
    assert (first.info.status, first.data.tags["complete"]) == ("FAILED", "false")
    healed = client.get_run(again.run_id)
    assert (healed.info.status, healed.data.tags["complete"]) == ("FINISHED", "true")
    assert first.data.params["k"] == "2"
    assert {
        "pass_at_k_lo",
        "pass_at_k_hi",
        "accuracy",
        "prompt_tokens",
        "completion_tokens",
        "latency_p95_s",
        "taxonomy/intuition/pass_at_k",
        "complexity/easy/accuracy",
        "pass_at_k_by_level",
        "pass_at_k_by_level/max_degree",
        "wall_time_s",
    } <= set(first.data.metrics)
    # Per level, the level is the step (a line across levels in the chart view), and only a
    # few scores per breakdown reach MLflow (metrics.json keeps them all).
    (point,) = client.get_metric_history(result.run_id, "pass_at_k_by_level/max_degree")
    assert point.step == 1
    assert not any(name.startswith("level/") for name in first.data.metrics)
    assert "task/max_degree/share_wrong" not in first.data.metrics
    assert len(first.data.metrics) < len(result.metrics) / 2
    # this process's command line ("python -m ..." for a __main__.py; "-c" for an xdist worker)
    head = Path(sys.argv[0]).name
    program = "python" if head == "__main__.py" else head
    assert first.data.tags["mlflow.source.name"].split()[0] == program
    (dataset_input,) = first.inputs.dataset_inputs
    manifest = (settings.dataset_dir / "manifest.json").read_text()
    assert dataset_input.dataset.digest in manifest

    # The API key never reaches the outputs: ledger, runs, MLflow store, artifacts.
    leaked = [
        p
        for p in (tmp_path / "outputs").rglob("*")
        if p.is_file() and FAKE_KEY.encode() in p.read_bytes()
    ]
    assert leaked == []


def test_dry_run_calls_nothing(make_settings, stub: StubServer, capsys) -> None:
    settings = stub_settings(make_settings, stub, "dry_run=true")
    result = evaluate(settings)
    assert stub.stats()["calls"] == 0
    assert result.plan.samples_todo == 6 * 2
    assert result.plan.prompt_tokens_todo > 0
    out = capsys.readouterr().out
    assert out.count("dry run: nothing was called") == 1 and out.count("prompt tokens") == 1
    assert "typical cost: unknown (set model.price.typical_completion_tokens" in out
    # It wrote no run folder, record or ledger: only the dataset it plans for.
    assert sorted(p.name for p in settings.outputs_dir.iterdir()) == ["datasets"]


def test_dry_run_gives_a_typical_estimate_beside_the_upper_bound(
    make_settings, stub: StubServer, capsys
) -> None:
    """The plan gave only an upper bound (every reply at max_tokens)."""
    price = ["model.price.input_per_1m=1", "model.price.output_per_1m=2"]
    configured = stub_settings(make_settings, stub, "dry_run=true", *price,
                               "model.price.typical_completion_tokens=100")  # fmt: skip
    plan = evaluate(configured).plan
    assert plan.typical_completion_tokens == 100
    assert plan.typical_cost_usd == pytest.approx(
        (plan.prompt_tokens_todo * 1 + 100 * plan.samples_todo * 2) / 1e6)  # fmt: skip
    assert plan.estimated_cost_usd is not None and plan.typical_cost_usd < plan.estimated_cost_usd
    evaluate(stub_settings(make_settings, stub, *price))  # replies now in the ledger
    observed = evaluate(stub_settings(make_settings, stub, "dry_run=true", *price)).plan
    assert observed.samples_todo == 0 and observed.typical_completion_tokens is not None
    assert "the mean of 12 replies in the ledger" in observed.typical_note


def test_the_plan_remembers_token_counts_by_request_key(make_settings, stub: StubServer) -> None:
    """The next plan of the same requests finds their counts by key, hashing no prompt."""
    import sqlite3

    from gralgo.evaluate import load_instances, resolve_model
    from gralgo.run import build_requests

    settings = stub_settings(make_settings, stub, "dry_run=true")
    result = evaluate(settings)
    spec, sampling = resolve_model(settings)
    requests = build_requests(load_instances(settings), settings.format, spec, sampling)
    keys = {r.key for r in requests}
    db = sqlite3.connect(settings.dataset.cache_dir / "token_counts.sqlite")
    try:
        named = dict(db.execute("SELECT name, n FROM named"))
    finally:
        db.close()
    assert set(named) == keys and len(keys) == 6
    assert sum(named.values()) * 2 == result.plan.prompt_tokens_todo  # k = 2


def test_a_job_without_a_price_counts_no_prompt_tokens(
    make_settings, stub: StubServer, monkeypatch, caplog
) -> None:
    """The first job on a new dataset counted every prompt's tokens for one log line (3.6 s of
    CPU for 2,000 prompts): a job counts them only where a price uses them."""
    import gralgo.formats

    def counted(*args: object, **kwargs: object) -> list[int]:
        raise AssertionError("an unpriced job counted prompt tokens")

    settings = stub_settings(make_settings, stub, "mlflow.enabled=false")
    caplog.set_level("INFO", logger="gralgo")
    with monkeypatch.context() as patched:
        patched.setattr(gralgo.formats, "count_tokens_cached", counted)
        result = evaluate(settings)
    assert stub.stats()["calls"] == 12 and result.plan.prompt_tokens_todo is None
    assert result.plan.estimated_cost_usd is None  # unknown price, as before
    assert not (settings.dataset.cache_dir / "token_counts.sqlite").exists()
    assert "prompt tokens to send: not counted (no price to estimate" in caplog.text
    priced = stub_settings(make_settings, stub, "mlflow.enabled=false", "sampling.k=3",
                           "model.price.input_per_1m=1", "model.price.output_per_1m=2")  # fmt: skip
    plan = evaluate(priced).plan
    assert plan.samples_todo == 6 and plan.prompt_tokens_todo  # a price counts the pending ones
    assert plan.estimated_cost_usd == pytest.approx(
        (plan.prompt_tokens_todo * 1 + plan.max_completion_tokens_todo * 2) / 1e6
    )


def test_missing_key_is_reported_before_any_call(
    make_settings, stub: StubServer, monkeypatch
) -> None:
    from gralgo.errors import ConfigError

    monkeypatch.delenv(FAKE_KEY_ENV)
    with pytest.raises(ConfigError, match="model.api_key_env"):
        evaluate(stub_settings(make_settings, stub))
    assert stub.stats()["calls"] == 0


def _mlflow_runs(settings) -> list:
    """Every run in the job's MLflow experiment (none when the store or experiment is absent)."""
    from mlflow import MlflowClient

    if not settings.mlflow.tracking_uri.startswith("sqlite:///"):
        raise AssertionError("tests use a local store")
    if not Path(settings.mlflow.tracking_uri.removeprefix("sqlite:///")).is_file():
        return []
    client = MlflowClient(tracking_uri=settings.mlflow.tracking_uri)
    experiment = client.get_experiment_by_name(settings.mlflow.experiment_name)
    return [] if experiment is None else client.search_runs([experiment.experiment_id])


def test_no_mlflow_run_before_the_first_call(make_settings, stub: StubServer, monkeypatch) -> None:
    """A dry run, or a preflight that stops for a missing key or a dead endpoint, leaves no run
    (FAILED or not); the first job that calls makes the experiment's first run."""
    from gralgo.errors import ConfigError

    settings = stub_settings(make_settings, stub, "dry_run=true")
    assert settings.mlflow.enabled
    evaluate(settings)
    assert _mlflow_runs(settings) == []
    with pytest.raises(ConfigError, match="model.api_base"):
        evaluate(stub_settings(make_settings, stub, "model.api_base=http://127.0.0.1:9/v1"))
    assert _mlflow_runs(settings) == []
    monkeypatch.delenv(FAKE_KEY_ENV)
    with pytest.raises(ConfigError, match="model.api_key_env"):
        evaluate(stub_settings(make_settings, stub))
    assert _mlflow_runs(settings) == []
    assert stub.stats()["calls"] == 0
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    result = evaluate(stub_settings(make_settings, stub))
    assert stub.stats()["calls"] == 6 * 2
    assert [run.info.run_id for run in _mlflow_runs(settings)] == [result.run_id]


def test_unreachable_server_names_the_field(make_settings, stub: StubServer) -> None:
    from gralgo.errors import ConfigError

    settings = make_settings(
        "model=openai_compatible",
        "model.name=x",
        "model.api_base=http://127.0.0.1:9/v1",
        "task=max_degree",
        "sampling.k=1",
    )
    with pytest.raises(ConfigError, match="model.api_base"):
        evaluate(settings)
    # The dataset was built and kept; nothing else was written as results.
    assert read_instances(settings.dataset_dir)


def test_breakdown_covers_every_grouping(make_settings, stub: StubServer) -> None:
    settings = stub_settings(make_settings, stub, "mlflow.enabled=false")
    answers, _ = canned_answers(settings)
    stub.control(answers=answers)
    result = evaluate(settings)
    table = pd.read_csv(result.output_dir / "breakdown.csv")
    assert set(table["by"]) == {"task", "taxonomy", "complexity", "level"}
    taxonomy = table[table["by"] == "taxonomy"].set_index("group")
    assert set(taxonomy.index) == {"enumeration", "intuition"}
    # index 0 right, 1 and 2 wrong (canned) -> one of three instances per task
    assert taxonomy.loc["enumeration", "pass_at_k"] == pytest.approx(1 / 3)


def test_long_context_job_reports_accuracy_per_length(make_settings, stub: StubServer) -> None:
    settings = make_settings(
        "+experiment=long_context",
        "model=openai_compatible",
        "model.name=stub-model",
        f"model.api_base={stub.api_base}",
        "dataset.per_level=1",
        "context.targets=[4096,8192]",
        "sampling.k=1",
        "mlflow.enabled=false",
    )
    answers = {
        i.prompts["edge_list"].text: f"\\boxed{{{i.answer}}}"
        for i in load_instances(settings)
        if i.context == "8k"
    }
    stub.control(answers=answers)
    result = evaluate(settings)
    assert stub.stats()["calls"] == 3 * 2
    table = (result.output_dir / "tables" / "long_context.md").read_text()
    rows = [line for line in table.splitlines() if line.startswith("| ") and "task" not in line]
    assert len(rows) == 3 * 2
    assert all(("| 8k | 1.00 | 1.00 |" in r) == ("8k" in r) for r in rows)
    assert result.metrics["pass_at_k"] == pytest.approx(0.5)


def test_the_runner_gets_the_jobs_own_requests(
    make_settings, stub: StubServer, monkeypatch
) -> None:
    """The runner gets the requests whose keys the plan computed (the same spec), not copies
    that escape and hash every prompt again for their keys."""
    import gralgo.run._live_transport as live

    received = []
    original = live.run_samples_sync

    def spy(todo, ledger, **options):  # type: ignore[no-untyped-def]
        received.extend("key" in vars(request) for request, _ in todo)  # as they come
        return original(todo, ledger, **options)

    monkeypatch.setattr(live, "run_samples_sync", spy)
    evaluate(stub_settings(make_settings, stub))
    assert len(received) == 6 * 2
    assert all(received)  # each key computed once, in the plan
