"""The real MLflow UI (``mlflow server`` on loopback) in headless Chromium shows what we log."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from gralgo.report import plot_accuracy_by_level
from gralgo.tracking._mlflow import log_run, open_experiment, ui_path

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, Path]:
    """A store holding one job run with gralgo's metric names and a figure."""
    root = tmp_path_factory.mktemp("mlflow-ui")
    uri = f"sqlite:///{root / 'mlflow.db'}"
    inst = pd.DataFrame([
        {"model": "ui-model", "task": f"{t}_task", "taxonomy": t, "complexity": "easy",
         "level": level, "format": "edge_list", "context": "standard",
         "instance_id": f"{t}-{level}", "pass_at_k": 0.9 - 0.1 * level, "cons_at_k": 0.5,
         "accuracy": 0.5, "incomplete": False, "n_samples": 4, "n_success": 4, "n_correct": 2,
         "n_wrong": 2, "n_no_answer": 0, "n_truncated": 0, "n_error": 0}
        for t in ("enumeration", "exploration", "intuition") for level in (1, 2)
    ])  # fmt: skip
    figure = plot_accuracy_by_level(inst, root / "accuracy_by_level.png", title="ui-model")
    run_id = log_run(
        tracking_uri=uri, experiment_name="gralgo", run_name="ui-model edge_list standard L1",
        params={"k": "4"}, tags={"model": "ui-model"},
        metrics={"pass_at_k": 0.625, "pass_at_k_lo": 0.5, "pass_at_k_hi": 0.75,
                 "cons_at_k": 0.5, "accuracy": 0.4375, "share_wrong": 0.25,
                 "accuracy_lo": 0.25, "accuracy_hi": 0.625, "cost_usd": 0.0123,
                 "prompt_tokens": 4321, "completion_tokens": 8765,
                 "task/max_degree/pass_at_k": 0.75, "task/max_degree/accuracy": 0.5,
                 "task/diameter/pass_at_k": 0.5},
        artifacts=[figure],
    )  # fmt: skip
    _, experiment_id = open_experiment(uri, "gralgo")
    return uri, experiment_id, run_id


@pytest.fixture(scope="module")
def server(store: tuple[str, str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``mlflow server`` on a free loopback port; its base URL."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("mlflow-server") / "server.log"
    env = {**os.environ, "MLFLOW_DISABLE_TELEMETRY": "true", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "mlflow", "server", "--backend-store-uri", store[0],
             "--host", "127.0.0.1", "--port", str(port), "--workers", "1"],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                urllib.request.urlopen(f"{base}/health", timeout=2)
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"mlflow server did not start:\n{log_path.read_text()[-3000:]}")
                time.sleep(0.5)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # the server and the workers it started
        process.wait(timeout=30)


def test_printed_link_opens_the_runs_table_on_accuracy_and_cost(
    server: str, store: tuple[str, str, Path], chromium_page: Any, tmp_path: Path
) -> None:
    """The link the job summary prints: the first metric columns are accuracy, its interval,
    completion tokens and cost, then pass@k and its interval (MLflow orders the chosen metrics
    by name); metrics outside gralgo's view (cons_at_k, share_wrong, breakdowns) are not shown."""
    from gralgo.publish import locations_for

    uri, experiment_id, run_id = store
    link = locations_for(tmp_path, [], str(run_id), uri, experiment_id).ui_page
    page = chromium_page
    page.set_viewport_size({"width": 1600, "height": 1000})
    page.goto(f"{server}/{link}")
    page.get_by_text("ui-model edge_list standard L1").wait_for(timeout=60_000)
    page.get_by_text("cost_usd", exact=True).first.wait_for(timeout=30_000)
    headers = []  # each header cell's text once, in the order shown
    for text in page.locator("[role=columnheader]").all_inner_texts():
        if text.strip() and (not headers or headers[-1] != text.strip()):
            headers.append(text.strip())
    metrics = [h for h in headers[headers.index("Metrics") + 1 :] if h != "Duration"]
    assert metrics[:5] == ["accuracy", "accuracy_hi", "accuracy_lo", "completion_tokens",
                           "cost_usd"], headers  # fmt: skip
    assert metrics[5:7] == ["pass_at_k", "pass_at_k_hi"], headers  # the rest drawn on scroll
    assert not {"cons_at_k", "share_wrong", "task/max_degree/pass_at_k"} & set(headers), headers
    # Visible without scrolling sideways in a 1,600 px window.
    for name in ("cost_usd", "completion_tokens"):
        header = page.locator("[role=columnheader]", has_text=name).first
        assert header.evaluate("h => h.getBoundingClientRect().right") <= 1600, name
    text = page.locator("body").inner_text()
    for value in ("0.4375", "0.0123"):
        assert value in text


def test_runs_table_lists_the_run_with_its_metrics(
    server: str, store: tuple[str, str, Path], chromium_page: Any
) -> None:
    _, experiment_id, _ = store
    page = chromium_page
    page.set_viewport_size({"width": 2600, "height": 1000})
    page.goto(f"{server}/{ui_path(experiment_id)}")
    page.get_by_text("ui-model edge_list standard L1").wait_for(timeout=60_000)
    page.get_by_text("pass_at_k", exact=True).first.wait_for(timeout=30_000)
    text = page.locator("body").inner_text()
    assert "Model training" in text
    # gralgo's view: the key metrics are columns, with this run's values.
    for column in ("pass_at_k", "pass_at_k_hi", "accuracy", "cost_usd"):
        assert f"\n{column}\n" in text
    for value in ("0.625", "0.4375", "0.0123"):
        assert f"\n{value}\n" in text


def test_run_page_shows_the_figure(
    server: str, store: tuple[str, str, Path], chromium_page: Any
) -> None:
    _, experiment_id, run_id = store
    page = chromium_page
    page.goto(f"{server}/{ui_path(experiment_id, str(run_id))}".replace("?", "/artifacts?"))
    page.get_by_text("accuracy_by_level.png").first.click(timeout=60_000)
    image = page.locator("img[src*='accuracy_by_level.png'], img[src^='blob:']").first
    image.wait_for(timeout=30_000)
    assert image.evaluate("img => img.naturalWidth") > 500


def test_chart_view_has_one_section_per_breakdown_value(
    server: str, store: tuple[str, str, Path], chromium_page: Any
) -> None:
    _, experiment_id, _ = store
    page = chromium_page
    page.goto(
        f"{server}/#/experiments/{experiment_id}/runs?workflowType=machine_learning"
        "&compareRunsMode=CHART"
    )
    page.get_by_text("task/max_degree/pass_at_k").first.wait_for(timeout=60_000)
    text = page.locator("body").inner_text()
    # Sections are named by what precedes the last "/": the breakdowns do not flood one list.
    assert "task/max_degree\n(2)" in text and "task/diameter\n(1)" in text


def test_the_first_screen_lists_a_sweeps_jobs_with_rounded_metrics(
    server: str, store: tuple[str, str, Path], chromium_page: Any
) -> None:
    """A sweep's jobs are listed on the page its printed link opens, each with its metrics,
    rounded, in a browser that has seen the experiment before (its parent run closed there)."""
    from gralgo.tracking._mlflow import start_parent_run, sweep_view_key

    uri, experiment_id, _ = store
    parent = start_parent_run(tracking_uri=uri, experiment_name="gralgo", run_name="model=a,b")
    for name, accuracy in (("sweep-job-a", 7 / 24), ("sweep-job-b", 0.75)):
        log_run(tracking_uri=uri, experiment_name="gralgo", run_name=name, params={"k": "1"},
                tags={"model": name}, metrics={"accuracy": accuracy, "completion_tokens": 123457},
                parent_run_id=parent)  # fmt: skip
    page = chromium_page
    page.set_viewport_size({"width": 1600, "height": 1000})
    page.goto("about:blank")
    page.goto(f"{server}/{ui_path(experiment_id, view=sweep_view_key(parent))}")
    page.get_by_text("sweep-job-a").first.wait_for(timeout=60_000)  # listed without a click
    page.get_by_text("sweep-job-b").first.wait_for(timeout=30_000)
    page.get_by_text("0.2917", exact=True).first.wait_for(timeout=30_000)
    text = page.locator("body").inner_text()
    assert "\n0.2917\n" in text and "0.291666" not in text, text
    assert "\n0.75\n" in text and "123457" in text.replace(",", "")
