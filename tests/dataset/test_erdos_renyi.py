"""Erdős–Rényi variants: deterministic, exact answers by each task's solver, real names."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.dataset import ErdosRenyiSpec, build_dataset, read_instances
from gralgo.evaluate import load_instances
from gralgo.tasks import Problem, make_task


def test_er_dataset_is_deterministic_exact_and_normal(make_settings, tmp_path) -> None:
    settings = make_settings(
        "+experiment=algorithm_ratio",
        "dataset.per_level=4",
        "dataset.workers=1",
        "context.erdos_renyi.n_nodes=[8,12]",
    )
    assert settings.dataset.erdos_renyi == ErdosRenyiSpec(n_graphs=300, n_nodes=(8, 12), p=0.3)
    assert settings.dataset.levels == (0,)
    load_instances(settings)  # builds the dataset
    instances = read_instances(settings.dataset_dir)  # with graphs, which jobs do not read
    tasks = sorted(settings.dataset.tasks)
    assert sorted({i.task for i in instances}) == tasks
    assert len(instances) == 4 * len(tasks)
    for instance in instances:
        assert (instance.context, instance.level) == ("erdos_renyi", 0)
        graph = instance.to_networkx()
        if instance.task == "path_sum":  # a BFS tree of the root's component
            assert nx.is_tree(graph) and 2 <= graph.number_of_nodes() <= 12
        else:
            assert 8 <= graph.number_of_nodes() <= 12
        task = make_task(instance.task, settings.dataset.tasks[instance.task])
        solved = task.solve(Problem(graph=graph, params=instance.params))
        assert solved.answer == instance.answer  # the task's own exact solver
        assert instance.provenance["sampler"] == "erdos_renyi"
        assert "edge_list" in instance.prompts
    # Byte for byte the same when rebuilt elsewhere.
    again = build_dataset(settings.dataset, tmp_path / "again")
    first = (settings.dataset_dir / "instances" / "max_degree.jsonl").read_bytes()
    assert (again.directory / "instances" / "max_degree.jsonl").read_bytes() == first
    # Other datasets keep their fingerprints: the key is absent when ER is off.
    assert "erdos_renyi" not in make_settings().dataset.description()


def test_er_spec_is_validated() -> None:
    from gralgo.errors import ConfigError

    for bad in ({"n_nodes": (1, 5)}, {"p": 0.0}, {"n_graphs": 0}, {"n_nodes": (9, 8)}):
        with pytest.raises(ConfigError):
            ErdosRenyiSpec(**bad)
