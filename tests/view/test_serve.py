"""``gralgo view`` serves the page afresh, files of the outputs folder only, samples lazily."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from gralgo.view import start_server

MakeJob = Callable[..., Path]

REPO = Path(__file__).resolve().parents[2]
METRICS = {"pass_at_k": 0.5, "pass_at_k_lo": 0.25, "pass_at_k_hi": 0.75, "n_incomplete": 0}


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


@pytest.fixture
def served(tmp_path: Path, make_job: MakeJob):  # type: ignore[no-untyped-def]
    outputs = tmp_path / "outputs"
    job = make_job(outputs / "runs" / "j", "model-a", metrics=METRICS)
    (job / "report.html").write_text("<html>transcripts</html>")
    lines = [json.dumps({"instance_id": f"i{n}", "task": "t", "level": 1, "sample_index": 0,
                         "extracted": str(n), "expected": "1", "outcome": "wrong",
                         "answer_text": "x" * 1000}) for n in range(5)]  # fmt: skip
    (job / "samples.jsonl").write_text("\n".join(lines) + "\n")
    (tmp_path / "secret.txt").write_text("SECRET-CONTENT")
    server = start_server(outputs, port=0)
    try:
        yield outputs, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_the_page_lists_jobs_as_they_are_now(served, make_job: MakeJob) -> None:  # type: ignore[no-untyped-def]
    outputs, base = served
    status, page = _get(base + "/")
    assert status == 200 and b"model-a" in page and b"0.500 [0.250, 0.750]" in page
    assert b"model-b" not in page
    make_job(outputs / "runs" / "k", "model-b", metrics=METRICS)
    assert b"model-b" in _get(base + "/")[1]  # read afresh: never a stale page


def test_files_are_served_from_the_outputs_folder_only(served) -> None:  # type: ignore[no-untyped-def]
    _, base = served
    assert _get(base + "/files/runs/j/report.html") == (200, b"<html>transcripts</html>")
    for escape in ("/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files//etc/passwd"):
        status, body = _get(base + escape)
        assert status == 404 and b"SECRET-CONTENT" not in body, escape


def test_samples_load_a_page_at_a_time_without_their_texts(served) -> None:  # type: ignore[no-untyped-def]
    _, base = served
    status, body = _get(base + "/samples/runs/j?offset=1&limit=2")
    data = json.loads(body)
    assert status == 200 and data["total"] == 5
    assert [s["extracted"] for s in data["samples"]] == ["1", "2"]
    assert "answer_text" not in data["samples"][0]


def test_view_writes_a_page_and_refuses_a_missing_folder(tmp_path: Path, make_job: MakeJob) -> None:
    make_job(tmp_path / "outputs" / "runs" / "j", "model-a", metrics=METRICS)
    page = tmp_path / "runs.html"
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "gralgo", "view", str(tmp_path / "outputs"), "--html", str(page)],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "model-a" in page.read_text()
    missing = subprocess.run(
        [sys.executable, "-m", "gralgo", "view", str(tmp_path / "nope")],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert missing.returncode == 2
    assert missing.stderr.count("\n") == 1 and "is not a folder" in missing.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outputs", "runs.html"]  # no run folder
