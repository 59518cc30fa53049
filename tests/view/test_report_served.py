"""A job's report.html served by ``gralgo view``: the page reads its shards over HTTP."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from gralgo.transcripts import write_transcripts
from gralgo.view import start_server


def test_the_viewer_serves_a_report_and_its_shards(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any
) -> None:
    job = tmp_path / "outputs" / "runs" / "j"
    write_transcripts(scored_frame, job, dataset_dir=tmp_path / "ds", title="served")
    server = start_server(tmp_path / "outputs", port=0)
    try:
        page = chromium_page
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/files/runs/j/report.html")
        page.wait_for_function("document.documentElement.dataset.samples === 'loaded'")
        assert page.text_content("#count") == "6 of 6 samples"
        page.locator("#samples tr.sample").first.click()
        assert "PROMPT of inst-right" in page.locator("#samples tr.detail").inner_text()
        assert errors == []
    finally:
        server.shutdown()
        server.server_close()
