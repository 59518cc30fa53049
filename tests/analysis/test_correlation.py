"""Correlation with external benchmarks: matching, scipy statistics, warnings, config checks."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from judge_helpers import make_samples
from scipy import stats

from gralgo.analysis._correlation import read_external_scores, run_correlation
from gralgo.analysis._output import AnalysisOutput
from gralgo.errors import ConfigError

ACCURACY = {"a": 0.2, "b": 0.4, "c": 0.5, "d": 0.9, "e": 1.0}
EXTERNAL = {"A": 10.0, "B": 30.0, "C": 20.0, "D": 80.0, "E": 90.0}


def samples_with_accuracy() -> pd.DataFrame:
    rows = []
    for model, acc in ACCURACY.items():
        right = round(acc * 10)
        for i in range(10):
            rows.append(
                {
                    "model": model,
                    "instance_id": f"{model}{i}",
                    "expected": "1",
                    "answer_text": "\\boxed{1}" if i < right else "\\boxed{2}",
                }
            )
    return make_samples(rows)


def scores_file(tmp_path: Path, models: dict[str, float]) -> Path:
    lines = ["models:"]
    for model, value in models.items():
        lines.append(f"  {model}:\n    GPQA: {{value: {value}, source: test}}")
    path = tmp_path / "scores.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_correlation_matches_models_and_uses_scipy(tmp_path: Path) -> None:
    output = AnalysisOutput(tmp_path / "out")
    table = run_correlation(
        samples_with_accuracy(), output, scores_file=scores_file(tmp_path, EXTERNAL), resamples=200
    )
    row = table.iloc[0]
    x, y = list(EXTERNAL.values()), list(ACCURACY.values())
    assert row["models"] == 5
    assert row["pearson_r"] == pytest.approx(stats.pearsonr(x, y)[0])
    assert row["spearman_rho"] == pytest.approx(stats.spearmanr(x, y)[0])
    # n = 5: exact permutation p-values (issue 36 item 5), and no bootstrap interval.
    assert row["p_method"] == "exact"
    assert row["spearman_p"] == pytest.approx(brute_force_p(x, y, spearman=True))
    assert row["pearson_p"] == pytest.approx(brute_force_p(x, y, spearman=False))
    assert row["pearson_ci"] == "n = 5: too few models for an interval (< 8)"
    assert "not meaningful" not in (tmp_path / "out" / "correlation.md").read_text()
    assert (tmp_path / "out" / "correlation.png").is_file()


def brute_force_p(x: list[float], y: list[float], *, spearman: bool) -> float:
    """Two-sided permutation p over every pairing, with scipy's coefficient per pairing."""
    from itertools import permutations

    coefficient = stats.spearmanr if spearman else stats.pearsonr
    observed = coefficient(x, y)[0]
    values = [coefficient(x, list(p))[0] for p in permutations(y)]
    greater = sum(v >= observed - 1e-12 for v in values)
    less = sum(v <= observed + 1e-12 for v in values)
    return min(1.0, 2 * min(greater, less) / len(values))


@pytest.mark.parametrize(("n", "p"), [(3, 1 / 3), (5, 2 / 120)])
def test_a_perfect_rank_correlation_of_few_models_has_its_exact_p(n: int, p: float) -> None:
    """Issue 36 item 5: rho = 1 at n = 3 is p = 0.333 (not scipy's asymptotic 0.000), at n = 5
    p = 0.017; the interval says n is too small instead of [1.000, 1.000]."""
    from gralgo.analysis._correlation import ExternalScore, correlate

    accuracy = pd.DataFrame({"model": [f"m{i}" for i in range(n)],
                             "accuracy": [0.1 * i for i in range(n)]})  # fmt: skip
    scores = [ExternalScore(f"m{i}", "GPQA", 10.0 * i + i * i, "test") for i in range(n)]
    _, table = correlate(accuracy, scores, resamples=50)
    row = table.iloc[0]
    assert row["spearman_rho"] == pytest.approx(1.0)
    assert row["spearman_p"] == pytest.approx(p)
    assert row["spearman_ci"].startswith(f"n = {n}: too few models")


def test_exact_p_matches_a_brute_force_with_ties() -> None:
    import numpy as np

    from gralgo.analysis._correlation import exact_permutation_p

    x, y = [1.0, 2.0, 2.0, 5.0, 3.0, 9.0], [0.3, 0.1, 0.4, 0.4, 0.9, 0.8]
    ranks = stats.rankdata(x), stats.rankdata(y)
    assert exact_permutation_p(*ranks) == pytest.approx(brute_force_p(x, y, spearman=True))
    assert exact_permutation_p(np.array(x), np.array(y)) == pytest.approx(
        brute_force_p(x, y, spearman=False)
    )


def test_fewer_than_five_models_is_said(tmp_path: Path) -> None:
    output = AnalysisOutput(tmp_path / "out")
    run_correlation(
        samples_with_accuracy(),
        output,
        scores_file=scores_file(tmp_path, {"A": 1.0, "B": 2.0, "zz": 3.0}),
    )
    assert "Only 2 model(s) matched" in (tmp_path / "out" / "correlation.md").read_text()
    assert output.metrics["matched_models"] == 2


def test_scores_need_sources(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("models:\n  a:\n    GPQA: {value: 1.0}\n")
    with pytest.raises(ConfigError, match="no source"):
        read_external_scores(path)
    shipped = read_external_scores(
        Path(__file__).resolve().parents[2] / "conf" / "external_scores.yaml"
    )
    # Every shipped number cites where it was copied from, and is a published percentage.
    assert all(s.source.startswith(("https://", "paper.txt")) for s in shipped)
    assert all(0 <= s.value <= 100 for s in shipped)
    assert {s.benchmark for s in shipped} <= {"LongBench-v2", "GPQA", "MMLU-Pro"}


def test_scatter_shows_r_and_rho_and_the_metric_is_stated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    titles: list[str] = []
    texts: list[str] = []
    set_title, fig_text = Axes.set_title, Figure.text
    monkeypatch.setattr(
        Axes,
        "set_title",
        lambda self, label, *a, **k: titles.append(label) or set_title(self, label, *a, **k),
    )
    monkeypatch.setattr(
        Figure,
        "text",
        lambda self, x, y, s, *a, **k: texts.append(s) or fig_text(self, x, y, s, *a, **k),
    )
    output = AnalysisOutput(tmp_path / "out")
    table = run_correlation(
        samples_with_accuracy(), output, scores_file=scores_file(tmp_path, EXTERNAL), resamples=50
    )
    row = table.iloc[0]
    assert titles == [
        f"{row['benchmark']}: r = {row['pearson_r']:.2f}, ρ = {row['spearman_rho']:.2f} (n = 5)"
    ]
    assert any("per-sample accuracy" in t.replace("\n", " ") for t in texts)
    note = (tmp_path / "out" / "correlation.md").read_text()
    assert "mean over its scored samples of correct" in note


def test_shipped_external_scores_are_sourced_and_name_model_presets() -> None:
    """Every shipped score cites a URL; the file says which presets have no public scores."""
    import yaml

    from gralgo.analysis._correlation import read_external_scores

    conf = Path(__file__).resolve().parents[2] / "conf"
    scores = read_external_scores(conf / "external_scores.yaml")
    assert all(s.source.startswith("https://") for s in scores)
    models = {s.model for s in scores}
    assert {"qwen2.5-72b-instruct", "deepseek-v3", "deepseek-r1"} <= models
    text = (conf / "external_scores.yaml").read_text()
    presets = {
        yaml.safe_load(p.read_text()).get("name") for p in (conf / "model").glob("*.yaml")
    } - {"???"}
    for preset in presets - models:
        assert preset in text, f"{preset}: neither scored nor listed as lacking scores"
    # Issue 36 item 5: every scored model is some preset's model (its display name).
    assert models <= presets, f"scores under no preset's name: {sorted(models - presets)}"
