"""The certificate reader (names with commas, quotes, brackets, arrows; numeric ids) and the
certificate table."""

from __future__ import annotations

import math

import networkx as nx
import pandas as pd
import pytest

from gralgo.score import NodeNames, certificate_table, check_certificate_answer
from gralgo.score._certificate_reader import read_edges, read_nodes
from gralgo.tasks import Problem, TaskSettings, make_task

A, B, C, D, E, F = (
    "Washington, D.C. Dulles",
    "O'Hare",
    "Zürich Airport",
    'Rue "A", B',
    "x -> y",
    "Straße-1",
)


def k4_tail() -> nx.Graph:
    graph = nx.Graph()
    graph.add_edges_from([(A, B), (A, C), (A, D), (B, C), (B, D), (C, D), (D, E), (E, F)])
    return graph


def test_reader_handles_commas_quotes_brackets_arrows_and_case() -> None:
    names = NodeNames(k4_tail())
    assert read_nodes(f"{A}, {B}", names).nodes == [A, B]
    assert read_nodes(f'["{A}", "{B}"]', names).nodes == [A, B]
    assert read_nodes(f"\\{{{C}, {E}\\}}", names).nodes == [C, E]
    assert read_nodes(f"{E} -> {F}", names).nodes == [E, F]
    assert read_nodes("washington,  d.c. dulles and zürich airport", names).nodes == [A, C]
    assert read_nodes(f"\\text{{{C}}}, {F}", names).nodes == [C, F]
    unknown = read_nodes(f"{A}, Paris, {B}", names)
    assert unknown.nodes == [A, B] and unknown.unknown == ["Paris"]
    read = read_edges(f"[({A}, {B}, 1), ({E}, {F}, 2)]", names)
    assert read.edges == [(A, B), (E, F)] and read.unknown == read.unread == read.malformed == []
    assert read_edges(f"{A} - {B}, {E}-{F}", names).edges == [(A, B), (E, F)]
    garbage = read_edges(f"({A}, {B}), ({A}, {B}, {C}), (Lyon, {A}), (see above, {B})", names)
    assert garbage.edges == [(A, B)] and garbage.malformed == [f"{A}, {B}, {C}"]
    assert garbage.unknown == ["Lyon"] and garbage.unread == ["see above"]
    prose = read_nodes(f"{A}, 42, the answer is above, Paris", names)
    assert prose.nodes == [A] and prose.unread == ["42", "the answer is above"]
    assert prose.unknown == ["Paris"]
    assert read_nodes("none", names).says_empty and not read_nodes(A, names).says_empty


@pytest.mark.parametrize("word", ["none", "None", "NONE.", "empty", "nothing"])
def test_a_node_named_like_the_empty_answer_is_read_as_that_node(word: str) -> None:
    """Real graphs have such names (a user "none", a place "Empty"): a box holding one names
    that node, not the empty set; where no node is so named it still says empty."""
    graph = nx.Graph([("none", "Lyon"), ("Empty", "Lyon"), ("Nothing", "Lyon")])
    node = {"none": "none", "empty": "Empty", "nothing": "Nothing"}[word.casefold().rstrip(".")]
    read = read_nodes(word, NodeNames(graph))
    assert (read.nodes, read.says_empty) == ([node], False)
    assert read_nodes(f"{word}, Lyon", NodeNames(graph)).nodes == [node, "Lyon"]
    assert read_nodes(f"[{word}]", NodeNames(graph)).nodes == [node]
    assert read_nodes(word, NodeNames(k4_tail())).says_empty


def test_reader_numeric_ids_follow_sorted_names() -> None:
    graph = k4_tail()
    ordered = sorted(graph.nodes())
    names = NodeNames(graph, numeric_ids=True)
    assert read_nodes("[3, 0, 5]", names).nodes == [ordered[3], ordered[0], ordered[5]]
    assert read_nodes("6", names).unknown == ["6"]
    assert read_edges("(0, 1, 7), (2, 3, 4)", names).edges == [
        (ordered[0], ordered[1]),
        (ordered[2], ordered[3]),
    ]
    task = make_task("max_degree", TaskSettings(source="synthetic", sampler="test"))
    problem = Problem(graph=graph)
    solution = task.solve(problem)
    answer = f"The answer is \\boxed{{{ordered.index(D)}}}"
    assert check_certificate_answer(task, problem, solution, answer, names).status == "optimal"
    no_box = check_certificate_answer(task, problem, solution, "D", names)
    assert no_box.status == "unparsed"


def test_certificate_table_rates_and_mean_ratio() -> None:
    rows = pd.DataFrame(
        {
            "task": ["t"] * 5 + ["u"],
            "level": [1] * 6,
            "certificate_status": [
                "optimal",
                "feasible",
                "hallucinated",
                "infeasible",
                "unparsed",
                "optimal",
            ],
            "certificate_ratio": [1.0, 0.5, None, None, None, 1.0],
        }
    )
    table = certificate_table(rows).set_index("task")
    assert table.loc["t", "n"] == 5
    assert table.loc["t", "feasible_rate"] == pytest.approx(0.4)
    assert table.loc["t", "hallucination_rate"] == pytest.approx(0.2)
    assert table.loc["t", "optimal_rate"] == pytest.approx(0.2)
    assert table.loc["t", "mean_ratio"] == pytest.approx(0.75)
    assert table.loc["u", "mean_ratio"] == 1.0 and not math.isnan(table.loc["u", "n"])
    with pytest.raises(ValueError, match="unknown certificate status"):
        certificate_table(rows.assign(certificate_status="great"))
