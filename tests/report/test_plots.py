"""The accuracy-per-level plot is written as a real PNG."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gralgo.report import plot_accuracy_by_level
from gralgo.score import ScoringInputError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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
                        "incomplete": False,
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


def test_taxonomy_points_match_a_groupby_per_group() -> None:
    """The points come from one grouping of plain arrays; pinned against the frame-per-group
    computation they replace (same groups, same order, same bootstrap draws)."""
    import numpy as np

    from gralgo.report._plots import stratified_interval, taxonomy_points
    from gralgo.seeding import stable_seed

    rng = np.random.default_rng(3)
    inst = pd.concat([_inst(["b", "a"]), _inst(["c"]).assign(task="other_task")])
    inst = inst.sample(frac=1.0, random_state=1).reset_index(drop=True)  # rows out of order
    inst["pass_at_k"] = rng.random(len(inst))
    inst.loc[inst.index[::7], "incomplete"] = True
    for by in ("level", "complexity", "task"):
        done = inst[~inst["incomplete"]]
        rows = []
        for (model, taxonomy, value), group in done.groupby(["model", "taxonomy", by]):
            per_task = [g["pass_at_k"].to_numpy() for _, g in group.groupby("task")]
            seed = stable_seed("plot", model, taxonomy, value)
            low, high = stratified_interval(per_task, n_resamples=40, seed=seed)
            mean = float(np.mean([t.mean() for t in per_task]))
            rows.append([model, taxonomy, value, mean, low, high])
        expected = pd.DataFrame(rows, columns=["model", "taxonomy", by, "value", "lo", "hi"])
        got = taxonomy_points(inst, "pass_at_k", by=by, n_resamples=40)
        pd.testing.assert_frame_equal(got, expected, check_exact=True)


def _resampled_interval(groups: list[list[float]], seed: int) -> tuple[float, float]:
    """The interval by resampling, as ``stratified_interval`` computes it in general."""
    import numpy as np

    rng = np.random.default_rng(seed)
    means = np.zeros(50)
    for values in map(np.asarray, groups):
        means += values[rng.integers(0, len(values), size=(50, len(values)))].mean(axis=1)
    means /= len(groups)
    low, high = np.percentile(means, [2.5, 97.5])
    return float(low), float(high)


@pytest.mark.parametrize("values", [(0.0, 0.0, 0.0), (1.0, 1.0, 1.0), (0.1, 0.7, 0.3)])
def test_groups_of_one_repeated_value_give_the_resampled_interval_without_draws(
    values: tuple[float, float, float],
) -> None:
    """All correct or all wrong per task: the interval is the bits resampling gives (a mean of
    37 copies of 0.1 is not 0.1), with no draws."""
    from gralgo.report._plots import stratified_interval

    groups = [[value] * size for value, size in zip(values, (37, 129, 5), strict=True)]
    expected = _resampled_interval(groups, seed=4)
    assert stratified_interval(groups, n_resamples=50, seed=4) == expected
    mixed = [*groups, [0.0, 1.0]]  # one group varies: resampled as before
    assert stratified_interval(mixed, n_resamples=50, seed=4) == _resampled_interval(mixed, 4)


def test_figure_intervals_resample_overlap_clusters_like_the_tables() -> None:
    """Four copies of one instance are one draw in the figure's interval too."""
    from gralgo.report._plots import stratified_interval

    values = np.array([1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0])
    plain = stratified_interval([values], n_resamples=4000, seed=1)
    copies = stratified_interval([values], n_resamples=4000, seed=1,
                                 clusters=[np.array([9, 9, 9, 9, 1, 2, 3, 4])])  # fmt: skip
    assert copies[1] - copies[0] > plain[1] - plain[0] + 0.1
    own = stratified_interval([values], n_resamples=500, seed=1, clusters=[np.arange(8)])
    assert own == stratified_interval([values], n_resamples=500, seed=1)
