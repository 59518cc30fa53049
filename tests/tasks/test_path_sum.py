"""PathSum: explicit root-to-leaf path enumeration, informative thresholds, strictness."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.errors import ConfigError
from gralgo.graphs import SampledGraph
from gralgo.tasks import InstanceRejected, Problem


def brute_path_sums(tree: nx.Graph, root: str) -> dict[str, int]:
    """Enumerate every simple path leaving the root by DFS; keep those ending at a leaf."""
    sums: dict[str, int] = {}

    def walk(path: list[str], total: int) -> None:
        here = path[-1]
        if here != root and tree.degree(here) == 1:
            sums[here] = total
        for nxt in tree[here]:
            if nxt not in path:
                walk([*path, nxt], total + tree.edges[here, nxt]["weight"])

    walk([root], 0)
    return sums


def test_agrees_with_brute_force(random_trees, build_task, seeded) -> None:
    task = build_task("path_sum")
    checked = 0
    for i, sample in enumerate(random_trees):
        if len(sample.graph) < 2:
            with pytest.raises(InstanceRejected):
                task.make_problem(sample, seeded(i))
            continue
        problem = task.make_problem(sample, seeded(i))
        assert problem.params["root"] == sample.start
        tau = problem.params["tau"]
        sums = brute_path_sums(problem.graph, sample.start)
        expected = sorted(leaf for leaf, s in sums.items() if s > tau)
        solution = task.solve(problem)
        assert solution.answer == str(len(expected))
        above = solution.certificate["leaves_above"]
        assert [entry["leaf"] for entry in above] == expected
        assert all(entry["sum"] == sums[entry["leaf"]] for entry in above)
        assert solution.certificate["leaf_count"] == len(sums)
        if len(set(sums.values())) > 1:
            assert 0 < len(expected) < len(sums), "tau must split the leaves"
        checked += 1
    assert checked > 250


def test_weights_in_range(random_trees, build_task, seeded) -> None:
    task = build_task("path_sum", edge_weight_range=[3, 4])
    sample = next(s for s in random_trees if len(s.graph) > 5)
    problem = task.make_problem(sample, seeded(1))
    assert {problem.graph.edges[e]["weight"] for e in problem.graph.edges} <= {3, 4}
    assert all("weight" not in sample.graph.edges[e] for e in sample.graph.edges)


def test_threshold_is_strict_and_root_is_never_a_leaf(build_task) -> None:
    # r - a (5) - b (5); r - c (10). Root r has degree 2; the leaves are b and c, both at 10.
    tree = nx.Graph()
    tree.add_edge("r", "a", weight=5)
    tree.add_edge("a", "b", weight=5)
    tree.add_edge("r", "c", weight=10)
    task = build_task("path_sum")
    assert task.solve(Problem(tree, {"root": "r", "tau": 10})).answer == "0"
    assert task.solve(Problem(tree, {"root": "r", "tau": 9})).answer == "2"
    # Rooted at the leaf b, the root has degree 1 but does not count: one leaf (c) at 20.
    assert task.solve(Problem(tree, {"root": "b", "tau": 19})).answer == "1"


def test_non_tree_sample_is_a_config_error(build_task, seeded) -> None:
    with pytest.raises(ConfigError, match="sampler"):
        build_task("path_sum").make_problem(
            SampledGraph(nx.cycle_graph(["a", "b", "c"]), "a"), seeded(0)
        )


def test_question_names_root_and_threshold(random_trees, build_task, seeded) -> None:
    task = build_task("path_sum", source="dblp")
    sample = next(s for s in random_trees if len(s.graph) > 3)
    problem = task.make_problem(sample, seeded(2))
    text = task.question(problem, lambda name: f"<{name}>")
    assert f"<{sample.start}>" in text
    assert f"strictly greater than {problem.params['tau']}" in text
    assert "researcher" in task.story() and "tree" in task.story()
