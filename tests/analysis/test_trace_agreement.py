"""Runs of statements of one shape, and the measure a run (or a table column) agrees on."""

from __future__ import annotations

from gralgo.analysis._trace_agreement import Shaped, agreed_measure, runs
from tests.analysis.trace_small_graph import small_graph


def _row(skeleton: str, node: str, value: int) -> Shaped:
    return Shaped(skeleton, (node,), value, 0, 1)


def test_consecutive_statements_of_one_skeleton_make_a_run() -> None:
    rows = [_row("\0 tallies #", n, v) for n, v in (("Lyon", 3), ("Paris", 2), ("Kyoto", 1))]
    assert runs([None, *rows, None, rows[0]]) == [rows]


def test_a_statement_of_another_shape_or_none_breaks_a_run() -> None:
    a, b = _row("\0 tallies #", "Lyon", 3), _row("\0 tallies #", "Paris", 2)
    assert runs([a, b, None, a]) == []
    assert runs([a, b, _row("\0: #", "Kyoto", 1), a]) == []


def test_values_counting_up_by_one_are_an_enumeration_not_a_run() -> None:
    rows = [_row("step # \0", n, v) for n, v in (("Lyon", 1), ("Paris", 2), ("Kyoto", 3))]
    assert runs(rows) == []


def test_a_run_takes_the_measure_most_of_its_rows_equal() -> None:
    graph = small_graph()  # degrees: Lyon 3, Paris 2, Kyoto 1, New York 2
    assert agreed_measure(graph, [(("Lyon",), 3), (("Paris",), 2), (("Kyoto",), 2)]) == "degree"
    assert agreed_measure(graph, [(("Lyon",), 9), (("Paris",), 12), (("Kyoto",), 6)]) is None
