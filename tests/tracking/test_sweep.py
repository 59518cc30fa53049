"""Sweeps: named by what varies, each job labelled by its swept values, metrics per job."""

from __future__ import annotations

import json
from pathlib import Path

from gralgo.tracking._sweep import (
    SweepJob,
    collect_jobs,
    job_label,
    plot_sweep,
    sweep_axes,
    sweep_metrics,
    sweep_name,
)


def test_axes_and_name_come_from_command_line_and_sweeper_params() -> None:
    axes = sweep_axes(["model=openai_compatible", "model.name=a,b", "task=[x,y]", "level=1,2"],
                      {"format": "edge_list,numeric_ids"})  # fmt: skip
    assert axes == {"format": ["edge_list", "numeric_ids"], "model.name": ["a", "b"],
                    "level": ["1", "2"]}  # fmt: skip
    assert sweep_name(axes, "x") == "format=edge_list,numeric_ids × model.name=a,b × level=1,2"
    assert sweep_name({}, "sweep 12-00-00") == "sweep 12-00-00"
    # A fixed value on the command line replaces a config's sweep of the same key.
    assert sweep_axes(["format=edge_list"], {"format": "edge_list,numeric_ids"}) == {}


def test_jobs_are_labelled_and_their_metrics_prefixed(tmp_path: Path) -> None:
    assert job_label(["model.name=a/b", "+level=2", "task=x"], ["model.name", "level"]) == "a_b_2"
    for number, name in ((0, "a"), (1, "b")):
        job = tmp_path / str(number)
        (job / ".hydra").mkdir(parents=True)
        (job / ".hydra" / "overrides.yaml").write_text(f"- model.name={name}\n- level=1\n")
        (job / "metrics.json").write_text(json.dumps({"pass_at_k": 0.5 + number / 4,
                                                      "task/x/pass_at_k": 1.0}))  # fmt: skip
    jobs = collect_jobs(tmp_path, ["model.name"])
    assert [j.label for j in jobs] == ["a", "b"]
    assert sweep_metrics(jobs) == {"a/pass_at_k": 0.5, "b/pass_at_k": 0.75}
    path = plot_sweep([*jobs, SweepJob("c", {})], tmp_path / "jobs.png", "jobs by model")
    assert path.read_bytes()[:4] == b"\x89PNG" and path.stat().st_size > 10_000
