"""Table 4 (with and without the code tool) and mode-aware comparisons."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest
from omegaconf import OmegaConf

from gralgo.report._compare import collect_instances, write_comparison
from gralgo.report._tool_use import tool_use_markdown, tool_use_table

TAXONOMY = {"mst_weight": ("intuition", "medium"), "distance_k": ("exploration", "medium")}


def rows(model: str, task: str, level: int, mode: str, results: list[tuple[float, float]]):
    taxonomy, complexity = TAXONOMY[task]
    return [
        {"model": model, "task": task, "taxonomy": taxonomy, "complexity": complexity,
         "level": level, "format": "edge_list", "context": "standard", "mode": mode,
         "instance_id": f"{task}-{level}-{i}", "pass_at_k": p, "cons_at_k": c,
         "incomplete": math.isnan(p), "n_samples": 2, "n_success": 2, "accuracy": p,
         "n_correct": 1, "n_wrong": 1, "n_no_answer": 0, "n_truncated": 0, "n_error": 0}
        for i, (p, c) in enumerate(results)
    ]  # fmt: skip


@pytest.fixture
def inst() -> pd.DataFrame:
    return pd.DataFrame(
        rows("M1", "mst_weight", 5, "direct", [(0.0, 0.0), (0.5, 0.0)])
        + rows("M1", "mst_weight", 5, "tool", [(1.0, 1.0), (1.0, 1.0), (math.nan, math.nan)])
        + rows("M2", "mst_weight", 6, "direct", [(0.25, 0.0)])
        + rows("M2", "distance_k", 6, "tool", [(1.0, 0.5)])
    )


def test_table_4_layout(inst: pd.DataFrame) -> None:
    text = tool_use_markdown(tool_use_table(inst))
    lines = text.splitlines()
    assert lines[2] == "| Task | Metric | L5 M1 | L6 M2 |"
    assert "| mst_weight | Base | 25.0 / 0.0 | 25.0 / 0.0 |" in lines
    assert "| mst_weight | Code | 100.0 / 100.0 | – |" in lines  # the incomplete one left out
    assert "| distance_k | Base | – | – |" in lines
    assert "| distance_k | Code | – | 100.0 / 50.0 |" in lines


def test_comparison_keeps_modes_apart_and_writes_table_4(inst: pd.DataFrame, tmp_path: Path):
    job_a, job_b = tmp_path / "a", tmp_path / "b"
    job_a.mkdir(), job_b.mkdir()
    inst[inst["mode"] == "direct"].to_csv(job_a / "instances.csv", index=False)
    inst[inst["mode"] == "tool"].to_csv(job_b / "instances.csv", index=False)
    collected = collect_instances([tmp_path])
    assert len(collected) == len(inst)  # same instance ids in both modes: none replaced
    written = write_comparison(collected, tmp_path / "out")
    names = {p.relative_to(tmp_path / "out").parts[0] for p in written}
    assert {"edge_list-standard", "edge_list-standard-tool", "tool_use.md"} <= names


def test_table_4_says_which_sandbox_the_code_rows_ran_in(inst: pd.DataFrame, tmp_path: Path):
    import json

    for name, mode, sandbox in (
        ("direct", "direct", {}),
        ("tool-m1", "tool", {"sandbox_backend": "bwrap-nofilter", "sandbox_guarantees": "x"}),
        ("tool-m2", "tool", None),  # a job from before the record
    ):
        folder = tmp_path / name
        folder.mkdir()
        model = "M2" if name == "tool-m2" else "M1"
        part = inst[(inst["mode"] == mode) & ((inst["model"] == model) | (mode == "direct"))]
        part.to_csv(folder / "instances.csv", index=False)
        job = {"mode": mode, **({"sandbox": sandbox} if sandbox is not None else {})}
        (folder / "job.json").write_text(json.dumps(job))
    table = tool_use_table(collect_instances([tmp_path]))
    assert set(table.loc[table["mode"] == "direct", "sandbox_backend"]) == {""}
    assert set(table.loc[table["model"] == "M1", "sandbox_backend"]) == {"", "bwrap-nofilter"}
    text = tool_use_markdown(table)
    assert "- M1: `bwrap-nofilter` (bubblewrap WITHOUT the seccomp filter" in text
    assert "- M2: `unrecorded` (not recorded by this job)" in text


def test_tool_use_experiment_config() -> None:
    cfg = OmegaConf.load(Path(__file__).resolve().parents[2] / "conf/experiment/tool_use.yaml")
    assert cfg.level == [5, 6]
    assert cfg.hydra.sweeper.params.mode == "direct,tool"
    assert "override /task" in str(cfg.defaults[0])


def test_tool_use_experiment_composes(make_settings) -> None:
    settings = make_settings("+experiment=tool_use", "mode=tool")
    assert sorted(settings.dataset.tasks) == ["distance_k", "max_weight_triangle", "mst_weight"]
    assert settings.dataset.levels == (5, 6) and settings.mode.name == "tool"


def test_sweep_writes_the_comparison_with_mlflow_off(inst: pd.DataFrame, tmp_path: Path):
    """README: "whatever the launcher" a sweep ends with comparison/tool_use.md and formats.md,
    also when MLflow is off (the callback then starts no parent run)."""
    from gralgo.tracking import MlflowSweepCallback

    sweep = tmp_path / "sweep"
    both = pd.concat([inst, inst.assign(format="adjacency_list")], ignore_index=True)
    for i, (_, part) in enumerate(both.groupby(["format", "mode"])):
        (sweep / str(i)).mkdir(parents=True)
        part.to_csv(sweep / str(i) / "instances.csv", index=False)
    config = OmegaConf.create({"hydra": {"sweep": {"dir": str(sweep)}, "overrides": {"task": []}}})
    callback = MlflowSweepCallback(tracking_uri=str(tmp_path / "mlruns"), enabled=False)
    callback.on_multirun_start(config)
    callback.on_multirun_end(config)
    assert (sweep / "comparison" / "tool_use.md").is_file()
    assert (sweep / "comparison" / "formats.md").is_file()
    assert not (tmp_path / "mlruns").exists()
    # A dry run writes nothing.
    dry = OmegaConf.merge(
        config, {"dry_run": True, "hydra": {"sweep": {"dir": str(tmp_path / "d")}}}
    )
    callback.on_multirun_end(dry)
    assert not (tmp_path / "d" / "comparison").exists()
