"""The task registry and the ``conf/task`` files."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.errors import UnknownChoiceError
from gralgo.graphs.samplers import SAMPLERS
from gralgo.tasks import TASKS, Task, TaskSettings, get_task_class, make_task

CONF = Path(__file__).resolve().parents[2] / "conf"

PAPER = {
    # name: (taxonomy, complexity, default source)
    "max_degree": ("enumeration", "easy", "osm_paris"),
    "max_weight_triangle": ("enumeration", "medium", "wikispeedia"),
    "max_clique": ("enumeration", "hard", "wikispeedia"),
    "path_sum": ("exploration", "easy", "dblp"),
    "distance_k": ("exploration", "medium", "osm_harrisburg"),
    "diameter": ("exploration", "hard", "dbpedia50"),
    "max_kcore": ("intuition", "easy", "osm_baltimore"),
    "mst_weight": ("intuition", "medium", "osm_liechtenstein"),
    "distance_threshold": ("intuition", "hard", "openflights"),
}


def test_nine_tasks_with_the_papers_taxonomy() -> None:
    assert list(TASKS) == list(PAPER)
    for name, cls in TASKS.items():
        assert issubclass(cls, Task) and cls.name == name
        assert (cls.taxonomy, cls.complexity) == PAPER[name][:2]
    assert TASKS["distance_threshold"].answer_kind == "node"
    assert {n for n, c in TASKS.items() if c.needs_connected} == {
        "diameter",
        "mst_weight",
        "distance_threshold",
    }


def test_unknown_task_lists_the_valid_names() -> None:
    with pytest.raises(UnknownChoiceError) as error:
        get_task_class("max_cliq")
    assert "max_clique" in str(error.value) and "distance_threshold" in str(error.value)
    with pytest.raises(UnknownChoiceError):
        make_task("nope", TaskSettings(source="dblp", sampler="bfs"))


@pytest.mark.parametrize("name", list(PAPER))
def test_config_file(name: str) -> None:
    path = CONF / "task" / f"{name}.yaml"
    assert path.read_text(encoding="utf-8").splitlines()[0] == f"# @package task.{name}"
    cfg = OmegaConf.to_container(OmegaConf.load(path))
    assert {"name", "source", "sampler", "sampler_options", "options"} <= set(cfg)
    assert set(cfg) <= {
        "name",
        "source",
        "sampler",
        "sampler_options",
        "options",
        "max_mean_degree",
    }
    assert cfg["name"] == name and cfg["source"] == PAPER[name][2]
    assert cfg["sampler"] in SAMPLERS
    accepted = inspect.signature(SAMPLERS[cfg["sampler"]]).parameters
    assert set(cfg["sampler_options"]) <= set(accepted) - {"source", "n_nodes", "rng"}
    task = make_task(
        name, TaskSettings(cfg["source"], cfg["sampler"], cfg["sampler_options"], cfg["options"])
    )
    assert task.story()


def test_hydra_composes_all_and_subsets() -> None:
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        everything = compose(overrides=["+task=all"])
        subset = compose(overrides=["+task=[max_degree,diameter]"])
    assert list(everything.task) == list(PAPER)
    assert list(subset.task) == ["max_degree", "diameter"]
    assert everything.task.distance_k.options.k_range == [2, 4]
