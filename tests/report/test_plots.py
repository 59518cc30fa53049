"""The accuracy-per-level plot is written as a real PNG."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gralgo.report import plot_accuracy_by_level
from gralgo.score import ScoringInputError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
COUNTS = {"n_samples": 4, "n_success": 4, "n_correct": 2, "n_wrong": 2, "n_no_answer": 0,
          "n_truncated": 0, "n_error": 0}  # fmt: skip
"""The sample counts an ``instance_metrics`` row carries (``aggregate`` sums them)."""


def _inst(models: list[str]) -> pd.DataFrame:
    rows = []
    for m_index, model in enumerate(models):
        for taxonomy in ("enumeration", "exploration", "intuition"):
            for level in range(1, 7):
                score = max(0.0, 1.0 - 0.12 * level - 0.1 * m_index)
                rows.append(
                    {
                        "model": model,
                        "task": f"{taxonomy}_task",
                        "taxonomy": taxonomy,
                        "complexity": "easy",
                        "level": level,
                        "format": "edge_list",
                        "context": "standard",
                        "instance_id": f"{taxonomy}-{level}",
                        "pass_at_k": score,
                        "cons_at_k": score / 2,
                        "accuracy": score,
                        "incomplete": False,
                        **COUNTS,
                    }
                )
    return pd.DataFrame(rows)


@pytest.mark.parametrize("models", [["only"], ["a", "b"]])
def test_plot_is_a_nontrivial_png(tmp_path: Path, models: list[str]) -> None:
    path = plot_accuracy_by_level(_inst(models), tmp_path / "plots" / "accuracy.png", title="t")
    assert path == tmp_path / "plots" / "accuracy.png"
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > 20_000


def test_nothing_to_plot_is_reported(tmp_path: Path) -> None:
    inst = _inst(["a"]).assign(incomplete=True)
    with pytest.raises(ScoringInputError, match="nothing to plot"):
        plot_accuracy_by_level(inst, tmp_path / "x.png")


def test_title_and_labels_name_the_model_format_and_k() -> None:
    from gralgo.report._plots import default_title, k_label, taxonomy_points

    inst = _inst(["only"]).assign(k=4)
    assert default_title(inst) == "only · edge_list · standard · k = 4"
    assert k_label(inst, "cons_at_k") == "cons@4"
    points = taxonomy_points(inst, "pass_at_k", n_resamples=50)
    assert len(points) == 3 * 6  # one point per taxonomy and level, each with an interval
    assert ((points["lo"] <= points["value"]) & (points["value"] <= points["hi"])).all()


def test_best_heuristic_lines_follow_the_tables_baseline(tmp_path: Path) -> None:
    import json

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from gralgo.report import guess_baselines
    from gralgo.report._plots import _heuristic_lines

    inst = _inst(["only"]).assign(expected_answer="1", answer_kind="integer")
    inst["heuristics"] = [json.dumps({"h": 0.1 * row.level}) for row in inst.itertuples()]
    figure, axis = plt.subplots()
    colours = {"enumeration": "C0", "exploration": "C1", "intuition": "C2"}
    _heuristic_lines(axis, guess_baselines(inst), colours)
    lines = {line.get_label(): line.get_ydata().tolist() for line in axis.get_lines()}
    plt.close(figure)
    # One instance per cell: too few for a guessing baseline (leave-one-out, n < 5), so the
    # line is the heuristic's own accuracy (it used to be 1.0: guessing knew the instance).
    assert lines["best heuristic · enumeration"] == pytest.approx([0.1 * lv for lv in range(1, 7)])
    assert set(lines) == {
        f"best heuristic · {t}" for t in ("enumeration", "exploration", "intuition")
    }
    assert plot_accuracy_by_level(inst, tmp_path / "h.png").stat().st_size > 20_000
    no_credits = _inst(["only"]).assign(expected_answer="1", answer_kind="integer")
    figure, axis = plt.subplots()
    _heuristic_lines(axis, guess_baselines(no_credits), {})
    assert not axis.get_lines()
    plt.close(figure)


def test_plotting_never_imports_pyplot(tmp_path: Path) -> None:
    """The figures use matplotlib's object-oriented API (a Figure on an Agg canvas): pyplot and
    its figure managers are never loaded in a job."""
    import subprocess
    import sys

    script = (
        "import sys, pandas as pd\n"
        "from gralgo.report import plot_accuracy_by_level\n"
        "from gralgo.report._paper_figures import plot_taxonomy_comparison\n"
        f"inst = pd.read_pickle({str(tmp_path / 'inst.pkl')!r})\n"
        f"plot_accuracy_by_level(inst, {str(tmp_path / 'a.png')!r}, n_resamples=20)\n"
        f"plot_taxonomy_comparison(inst, {str(tmp_path / 'b.png')!r}, n_resamples=20)\n"
        "assert 'matplotlib.pyplot' not in sys.modules, 'pyplot was imported'\n"
    )
    _inst(["a", "b"]).to_pickle(tmp_path / "inst.pkl")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (tmp_path / "a.png").read_bytes().startswith(PNG_SIGNATURE)


def test_taxonomy_points_are_the_score_stages_intervals() -> None:
    """Every point and interval of the figures is a row of ``aggregate`` (stratified by task):
    a taxonomy of one task shows exactly that task's interval, as the tables show it; a
    taxonomy of several tasks is the mean of its task means. Incomplete instances and other
    splits are left out as in every table."""
    from gralgo.report._plots import taxonomy_points
    from gralgo.score import aggregate

    rng = np.random.default_rng(3)
    inst = pd.concat([_inst(["b", "a"]), _inst(["c"]).assign(task="other_task")])
    inst = pd.concat([inst, _inst(["c"])]).sample(frac=1.0, random_state=1)
    inst = inst.reset_index(drop=True)  # rows out of order; model c: two tasks per taxonomy
    inst["instance_id"] = [f"{row.task}-{row.level}-{i}" for i, row in enumerate(inst.itertuples())]
    inst["pass_at_k"] = rng.random(len(inst))
    inst.loc[inst.index[::7], "incomplete"] = True
    for by in ("level", "complexity"):
        got = taxonomy_points(inst, "pass_at_k", by=by, n_resamples=40)
        per_task = aggregate(inst, by=["model", "taxonomy", "task", by], n_resamples=40)
        per_task = per_task[per_task["n_instances"] > 0]
        single = per_task.groupby(["model", "taxonomy", by])["task"].transform("nunique") == 1
        for row in per_task[single].itertuples():
            point = got[(got["model"] == row.model) & (got["taxonomy"] == row.taxonomy)
                        & (got[by] == getattr(row, by))].iloc[0]  # fmt: skip
            assert (point["value"], point["lo"], point["hi"]) == (
                row.pass_at_k,
                row.pass_at_k_lo,
                row.pass_at_k_hi,
            )
        means = per_task.groupby(["model", "taxonomy", by])["pass_at_k"].mean()
        assert got.set_index(["model", "taxonomy", by])["value"].to_dict() == pytest.approx(
            means.to_dict()
        )
        assert ((got["lo"] <= got["value"]) & (got["value"] <= got["hi"])).all()
        assert len(got) == len(means)


def test_figure_intervals_resample_overlap_clusters_like_the_tables() -> None:
    """Four copies of one instance are one draw in the figure's interval too."""
    from gralgo.report._plots import taxonomy_points

    inst = _inst(["only"]).iloc[:8].assign(taxonomy="enumeration", level=1)
    inst["instance_id"] = [f"i{i}" for i in range(8)]
    inst["pass_at_k"] = [1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0]
    plain = taxonomy_points(inst, "pass_at_k", n_resamples=4000).iloc[0]
    copies = taxonomy_points(inst.assign(overlap_cluster=["9", "9", "9", "9", "1", "2", "3",
                                                          "4"]), "pass_at_k",
                             n_resamples=4000).iloc[0]  # fmt: skip
    assert copies["hi"] - copies["lo"] > plain["hi"] - plain["lo"] + 0.1
