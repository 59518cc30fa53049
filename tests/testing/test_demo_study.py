"""The offline study demo, as the README documents it, ends where issue 38's new user must:
``gralgo view`` lists the sweep's three models with their scores and intervals, the same
interval the terminal printed and the study page shows, with a link to the study page."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DEMO = [sys.executable, "-m", "gralgo.testing.demo_study"]


def test_the_readme_documents_the_demo_as_one_command() -> None:
    assert "`python -m gralgo.testing.demo_study`" in (REPO / "README.md").read_text("utf-8")


@pytest.mark.slow
def test_the_demo_sweep_is_listed_by_gralgo_view_with_each_models_interval(
    tmp_path: Path,
) -> None:
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    demo = subprocess.run([*DEMO, "--root", str(tmp_path / "demo")], capture_output=True,
                          text=True, timeout=600, env=env, cwd=tmp_path)  # fmt: skip
    assert demo.returncode == 0, demo.stderr[-3000:]
    outputs = tmp_path / "demo" / "outputs"
    assert f"gralgo view {outputs}" in demo.stdout
    page = tmp_path / "runs.html"
    view = subprocess.run(
        [sys.executable, "-m", "gralgo", "view", str(outputs), "--html", str(page)],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert view.returncode == 0, view.stderr
    listed = page.read_text(encoding="utf-8")
    study = (outputs / "multirun" / "demo" / "comparison" / "study.html").read_text("utf-8")
    printed = re.findall(r"│ all\s+│[^│]+│[^│]+│\s*([\d.]+ \[[\d.]+, [\d.]+\])", demo.stdout)
    jobs = sorted((outputs / "multirun" / "demo").glob("[0-9]/metrics.json"))
    assert len(jobs) == 3 and len(printed) == 3
    for metrics_path, terminal in zip(jobs, printed, strict=True):
        m = json.loads(metrics_path.read_text(encoding="utf-8"))
        model = json.loads((metrics_path.parent / "job.json").read_text("utf-8"))["model"]
        low, high = m["pass_at_k_lo"], m["pass_at_k_hi"]
        assert terminal == f"{m['pass_at_k']:.2f} [{low:.2f}, {high:.2f}]"
        row = next(r for r in re.findall(r"<tr[^>]*>.*?</tr>", listed, flags=re.S)
                   if f"<td>{html.escape(model)}</td>" in r)  # fmt: skip
        assert f"{m['pass_at_k']:.3f} [{low:.3f}, {high:.3f}]" in row, (model, row)
        assert "study.html" in row and "report.html" in row
        assert re.search(rf"<td[^>]*>{re.escape(model)}</td><td[^>]*>48</td>"
                         rf"<td[^>]*>{re.escape(terminal)}</td>", study), model  # fmt: skip
