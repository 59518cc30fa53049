"""Shared task helpers: option validation, domains, weights."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from omegaconf import OmegaConf

from gralgo.errors import ConfigError
from gralgo.tasks._domains import domain_for
from gralgo.tasks._graph_helpers import canonical_shortest_path, draw_edge_weights, hop_distances
from gralgo.tasks._options import TaskOptions


def test_ranges_accept_lists_tuples_and_listconfig() -> None:
    for value in ([1, 5], (1, 5), OmegaConf.create({"r": [1, 5]}).r):
        assert TaskOptions("t", {"r": value}, known=("r",)).int_range("r", (1, 2), 1) == (1, 5)
    assert TaskOptions("t", {}, known=("r",)).int_range("r", (2, 3), 1) == (2, 3)
    assert TaskOptions("t", {"r": [3, None]}, known=("r",)).int_range_open("r", (1, 2), 1) == (
        3,
        None,
    )


@pytest.mark.parametrize("bad", [5, "1,5", [1], [1, 2, 3], [True, 3], [1.5, 3], [4, 2], [0, 2]])
def test_bad_ranges_name_the_field(bad) -> None:
    with pytest.raises(ConfigError, match=r"task\.t\.options\.r"):
        TaskOptions("t", {"r": bad}, known=("r",)).int_range("r", (1, 2), minimum=1)


def test_fraction_range_and_integer_and_choice() -> None:
    options = TaskOptions("t", {"q": [0.2, 0.6], "n": 3, "c": "a"}, known=("q", "n", "c"))
    assert options.fraction_range("q", (0.0, 1.0)) == (0.2, 0.6)
    assert options.integer("n", 1, minimum=1) == 3
    assert options.choice("c", "b", ("a", "b")) == "a"
    with pytest.raises(ConfigError, match="options.q"):
        TaskOptions("t", {"q": [0.5, 1.5]}, known=("q",)).fraction_range("q", (0.0, 1.0))
    with pytest.raises(ConfigError, match="options.n"):
        TaskOptions("t", {"n": 0}, known=("n",)).integer("n", 1, minimum=1)


def test_unknown_option_keys_list_the_valid_ones() -> None:
    with pytest.raises(ConfigError, match="unknown key.*k_rnage.*valid keys: k_range"):
        TaskOptions("distance_k", {"k_rnage": [1, 2]}, known=("k_range",))


def test_domains_by_source_family() -> None:
    assert domain_for("osm_harrisburg").node == "street"
    assert domain_for("osm_london").node == "street"
    assert domain_for("openflights").native_weight.endswith("kilometres")
    assert domain_for("wiki_topcats").node == "article"
    assert domain_for("dbpedia50").node == "entity"
    assert domain_for("dblp").node == "author"
    assert domain_for("my_graph").node == "node"


def test_edge_weights_follow_sorted_edges_not_insertion_order() -> None:
    a = nx.Graph([("b", "a"), ("c", "a"), ("c", "b")])
    b = nx.Graph([("b", "c"), ("a", "c"), ("a", "b")])
    draw_edge_weights(a, random.Random(1), 1, 100)
    draw_edge_weights(b, random.Random(1), 1, 100)
    assert {e: a.edges[e]["weight"] for e in a.edges} == {e: b.edges[e]["weight"] for e in a.edges}


def test_hop_distances_and_canonical_path() -> None:
    graph = nx.Graph([("s", "b"), ("s", "a"), ("a", "t"), ("b", "t"), ("t", "far")])
    assert hop_distances(graph, "s") == {"s": 0, "a": 1, "b": 1, "t": 2, "far": 3}
    assert canonical_shortest_path(graph, "s", "far") == ["s", "a", "t", "far"]
    graph.add_node("island")
    with pytest.raises(ValueError, match="not reachable"):
        canonical_shortest_path(graph, "s", "island")


def test_a_task_declares_its_shortcuts_questions_and_node_check_once() -> None:
    """The shared task logic (``_base.py``): shortcut rules give ``shortcut_names`` and
    ``shortcuts``; ``DefinedTask`` builds both questions; a node witness is screened for
    unusable names before the task's ``check_nodes`` sees it."""
    from gralgo.tasks import CertificateAnswer, Problem, Solution, TaskSettings
    from gralgo.tasks._base import DefinedTask, Shortcut

    class Toy(DefinedTask):
        name = "toy"
        taxonomy = "enumeration"
        complexity = "easy"
        definition = "A toy is a node. "
        asks = "How many toys are there?"
        asks_for_witness = "Which toys are there? Put them in the box."
        shortcut_rules = (
            Shortcut("empty", "no node", lambda p, s: s.answer == "0"),
            Shortcut("count", "the node count", lambda p, s: int(s.answer) == len(p.graph)),
        )
        seen: list[list[str]] = []

        def solve(self, problem: Problem) -> Solution:
            return Solution(str(len(problem.graph)), {})

        def check_nodes(self, problem, solution, answer):  # type: ignore[no-untyped-def]
            self.seen.append(answer.nodes)
            return "checked"

    task = Toy(TaskSettings("synthetic", "test"))
    problem = Problem(nx.path_graph(["a", "b"]))
    assert Toy.shortcut_names == ("empty", "count")
    assert task.shortcuts(problem, Solution("2", {})) == ("count",)
    assert task.shortcuts(problem, Solution("1", {})) == ()
    question = task.question(problem, str)
    assert question.startswith("A toy is a node. How many toys are there? ") and "boxed" in question
    assert task.certificate_question(problem, str) == (
        "A toy is a node. Which toys are there? Put them in the box."
    )
    assert task.check_certificate(problem, Solution("2", {}), CertificateAnswer(nodes=["a"])) == (
        "checked"
    )
    unusable = task.check_certificate(problem, Solution("2", {}), CertificateAnswer(unknown=["z"]))
    assert unusable.status == "hallucinated" and Toy.seen == [["a"]]


def test_a_working_copy_is_the_graph_only_when_the_sample_owns_it() -> None:
    from dataclasses import replace

    from gralgo.graphs import SampledGraph
    from gralgo.tasks._graph_helpers import working_copy

    graph = nx.Graph()
    graph.add_edge("b", "a", weight=3)
    sample = SampledGraph(graph, "a")
    copy = working_copy(sample, "toy")
    assert copy is not graph and list(copy.adj.items()) == list(graph.adj.items())
    copy.edges["a", "b"]["weight"] = 9  # a task drawing weights leaves the sample alone
    assert graph.edges["a", "b"]["weight"] == 3
    assert working_copy(replace(sample, owned=True), "toy") is graph  # the builder's own draw
