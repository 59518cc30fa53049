"""The whole job's report.html with odd reply texts in a real headless Chromium, and the MLflow
run finished (issue 34, item 1; a module of its own: Playwright's loop must not meet the
runner's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_reply_entry import FIXED, N, _answers, _settings, check_job

from gralgo.evaluate import evaluate
from gralgo.testing import StubServer


@pytest.mark.slow
def test_odd_replies_render_in_chromium_and_mlflow_finishes(
    make_settings: Any, stub: StubServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    model = ["model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}"]
    job = _settings(make_settings, tmp_path, model)
    stub.control(answers=_answers(job, FIXED))
    result = evaluate(job)
    check_job(result.output_dir, FIXED, int(stub.stats()["calls"]))
    from mlflow import MlflowClient

    run = MlflowClient(tracking_uri=job.mlflow.tracking_uri).get_run(result.run_id)
    assert (run.info.status, run.data.tags["complete"]) == ("FINISHED", "true")
    chromium_page = request.getfixturevalue("chromium_page")  # its loop starts after the job's
    errors: list[str] = []
    chromium_page.on("pageerror", lambda err: errors.append(str(err)))
    chromium_page.goto((result.output_dir / "report.html").as_uri())
    chromium_page.wait_for_function("document.documentElement.dataset.samples === 'loaded'")
    assert chromium_page.locator("#samples tr.sample").count() == N
    assert errors == []
    chromium_page.fill("#f-search", "lone")
    chromium_page.wait_for_function("document.documentElement.dataset.texts === 'loaded'")
    chromium_page.locator("#samples tr.sample").first.click()
    assert "lone \ufffd high" in chromium_page.locator("#samples tr.detail").inner_text()
