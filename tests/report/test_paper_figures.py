"""Figure 3, Figures 11-18, Table 6 and the compare warnings."""

from __future__ import annotations

import logging
from pathlib import Path

import pandas as pd
import pytest

from gralgo.report._compare import formats_markdown, write_comparison
from gralgo.report._paper_figures import (
    context_tokens,
    plot_long_context,
    plot_taxonomy_comparison,
    taxonomy_scores,
)
from gralgo.report._study import comparison_warnings
from gralgo.score import ScoringInputError

PNG = b"\\x89PNG\\r\\n\\x1a\\n".decode("unicode_escape").encode("latin-1")


def _inst(
    models=("a", "b"),
    formats=("edge_list",),
    contexts=("standard",),
    levels=(1, 2),
    per_task: int = 3,
) -> pd.DataFrame:
    rows = []
    tasks = {"enumeration": "max_degree", "exploration": "diameter", "intuition": "mst_weight"}
    for m_index, model in enumerate(models):
        for fmt in formats:
            for context in contexts:
                for taxonomy, task in tasks.items():
                    for level in levels:
                        for i in range(per_task):
                            score = max(0.0, 1.0 - 0.2 * level - 0.3 * m_index) * (i % 2)
                            rows.append({
                                "model": model, "task": task, "taxonomy": taxonomy,
                                "complexity": "easy", "level": level if context == "standard"
                                else 0, "format": fmt, "context": context,
                                "instance_id": f"{task}-{level}-{i}", "pass_at_k": score,
                                "cons_at_k": score / 2, "accuracy": score, "k": 4,
                                "incomplete": False, "n_samples": 4, "n_success": 4,
                                "n_correct": 0, "n_wrong": 4, "n_no_answer": 0,
                                "n_truncated": 0, "n_error": 0,
                            })  # fmt: skip
    return pd.DataFrame(rows)


def test_figure_3_plots_pass_at_k_per_context_length(tmp_path: Path) -> None:
    assert context_tokens("16k") == 16000
    with pytest.raises(ScoringInputError, match="long-context"):
        context_tokens("standard")
    inst = _inst(contexts=("4k", "8k", "16k"), levels=(1,))
    path = plot_long_context(inst, tmp_path / "fig3.png")
    assert path.read_bytes().startswith(PNG) and path.stat().st_size > 20_000


def test_figures_11_to_18_accuracy_and_normalised_scores(tmp_path: Path) -> None:
    inst = _inst()
    scores = taxonomy_scores(inst, "pass_at_k")
    best = scores[scores["level"] == 1].set_index(["model", "taxonomy"])["value"]
    assert best[("a", "intuition")] == 100.0 and best[("b", "intuition")] == 0.0
    path = plot_taxonomy_comparison(inst, tmp_path / "fig.png", "cons_at_k")
    assert path.read_bytes().startswith(PNG) and path.stat().st_size > 30_000


def test_table_6_layout_and_compare_warnings(tmp_path: Path, caplog) -> None:
    inst = _inst(models=("a",), formats=("edge_list", "adjacency_list"), levels=(1,))
    table = formats_markdown(inst)
    assert "| Level | Task | adjacency_list | edge_list |" in table
    assert "| Level-1 (8-15 nodes) | diameter | 26.7 / 13.3 | 26.7 / 13.3 |" in table
    assert comparison_warnings(inst)[0].startswith("the jobs use different formats")

    mixed = _inst()
    mixed = mixed[~((mixed["model"] == "b") & (mixed["instance_id"] == "diameter-1-0"))]
    (warning,) = comparison_warnings(mixed)
    assert "different instances" in warning and "a 18, b 17; 17 shared" in warning
    with caplog.at_level(logging.WARNING, logger="gralgo"):
        written = write_comparison(mixed, tmp_path / "cmp")
    assert "different instances" in caplog.text
    names = {p.name for p in written}
    assert {"taxonomy_pass_at_k.png", "taxonomy_cons_at_k.png", "z_scores.md"} <= names
