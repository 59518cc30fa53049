"""Maximum weight triangle: brute force over all triples, weights, rejection, certificates."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from gralgo.errors import ConfigError
from gralgo.tasks import InstanceRejected


def brute_best_triangle(graph: nx.Graph) -> tuple[int, list[str]] | None:
    best = None
    for triple in itertools.combinations(sorted(graph.nodes()), 3):
        if all(graph.has_edge(a, b) for a, b in itertools.combinations(triple, 2)):
            total = sum(graph.nodes[n]["weight"] for n in triple)
            if best is None or total > best[0] or (total == best[0] and list(triple) < best[1]):
                best = (total, list(triple))
    return best


def test_agrees_with_brute_force(random_samples, build_task, seeded) -> None:
    task = build_task("max_weight_triangle")
    solved = rejected = 0
    for i, sample in enumerate(random_samples):
        has_triangle = any(nx.triangles(sample.graph).values())
        if not has_triangle:
            with pytest.raises(InstanceRejected):
                task.make_problem(sample, seeded(i))
            rejected += 1
            continue
        problem = task.make_problem(sample, seeded(i))
        weights = [problem.graph.nodes[n]["weight"] for n in problem.graph]
        assert all(isinstance(w, int) and 1 <= w <= 100 for w in weights)
        solution = task.solve(problem)
        total, triple = brute_best_triangle(problem.graph)
        assert solution.answer == str(total)
        assert solution.certificate["triangle"] == triple
        assert solution.certificate["weights"] == [problem.graph.nodes[n]["weight"] for n in triple]
        assert sum(solution.certificate["weights"]) == total
        solved += 1
    assert solved > 100 and rejected > 50


def test_weights_drawn_on_a_copy_and_respect_the_range(random_samples, build_task, seeded):
    task = build_task("max_weight_triangle", node_weight_range=[5, 6])
    sample = next(s for s in random_samples if any(nx.triangles(s.graph).values()))
    problem = task.make_problem(sample, seeded("copy"))
    assert {problem.graph.nodes[n]["weight"] for n in problem.graph} <= {5, 6}
    assert all("weight" not in sample.graph.nodes[n] for n in sample.graph)


def test_solve_rejects_a_triangle_free_graph(build_task) -> None:
    from gralgo.tasks import Problem

    graph = nx.path_graph(["a", "b", "c"])
    nx.set_node_attributes(graph, 3, "weight")
    with pytest.raises(InstanceRejected):
        build_task("max_weight_triangle").solve(Problem(graph=graph))


def test_bad_weight_range_is_a_config_error(build_task) -> None:
    with pytest.raises(ConfigError, match="node_weight_range"):
        build_task("max_weight_triangle", node_weight_range=[0, 10])
    with pytest.raises(ConfigError, match="node_weight_range"):
        build_task("max_weight_triangle", node_weight_range=[7, 3])


def test_story_mentions_articles_and_weights(build_task) -> None:
    story = build_task("max_weight_triangle", source="wikispeedia").story()
    assert "Wikipedia article" in story and "hyperlink" in story and "weight" in story
