"""The trace-fact checker on traces written independently of the extractor
(``trace_facts_phrasings``): the goal (precision >= 0.95, recall >= 0.8 per error kind, in
every format) on every list of phrasings it was tuned on, each of which was a held-out list
before it was tuned on (``design/trace-facts.md``, Validation)."""

from __future__ import annotations

import pytest

from tests.analysis.trace_facts_phrasings import TUNED, labelled_set
from tests.analysis.trace_facts_score import score_by


def _misses(split: str, seeds: int) -> list[tuple[str, str, dict[str, float]]]:
    """(format, kind, row) for every kind and format below the goal."""
    by_format = score_by(labelled_set(split, seeds), lambda trace, _span: trace.format)
    return [
        (fmt, kind, row)
        for fmt, kinds in sorted(by_format.items())
        for kind, row in kinds.items()
        if kind != "correct_read" and (row["precision"] < 0.95 or row["recall"] < 0.8)
    ]


@pytest.mark.parametrize("split", TUNED)
def test_tuned_phrasings_meet_the_goal_in_every_format(split: str) -> None:
    assert _misses(split, seeds=2) == []


def test_the_rounds_table_counts_the_cells_the_goal_test_counts() -> None:
    from tests.analysis.trace_facts_phrasings import rounds_table

    table = rounds_table(["round23"], seeds=2).splitlines()
    assert table[0].startswith("| split | hallucinated_edge P / R |")
    assert len(table) == 3 and table[2].startswith("| round23 | ")
    assert table[2].endswith(f"| {len(_misses('round23', seeds=2))} |")
