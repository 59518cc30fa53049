"""The task registry and the ``conf/task`` files: one source of truth, no lists to keep."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.config import register_task_all
from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.graphs.samplers import SAMPLERS
from gralgo.tasks import TASKS, Task, TaskSettings, builtin_tasks, get_task_class, make_task

CONF = Path(__file__).resolve().parents[2] / "conf"

PAPER = {
    # The paper's nine tasks, pinned on purpose: they are what GrAlgoBench measures, so losing
    # one, or moving it to another taxonomy cell or source, must fail here. Other tests iterate
    # over the registry instead, so a new task needs no edit of this file.
    # name: (taxonomy, complexity, default source)
    "max_degree": ("enumeration", "easy", "osm_harrisburg"),
    "max_weight_triangle": ("enumeration", "medium", "wikispeedia"),
    "max_clique": ("enumeration", "hard", "wikispeedia"),
    "path_sum": ("exploration", "easy", "dblp"),
    "distance_k": ("exploration", "medium", "osm_harrisburg"),
    "diameter": ("exploration", "hard", "dbpedia50"),
    "max_kcore": ("intuition", "easy", "osm_baltimore"),
    "mst_weight": ("intuition", "medium", "osm_harrisburg"),
    "distance_threshold": ("intuition", "hard", "openflights"),
}


def test_the_papers_nine_tasks_with_their_taxonomy() -> None:
    assert list(TASKS)[: len(PAPER)] == list(PAPER)
    for name, (taxonomy, complexity, _) in PAPER.items():
        assert (TASKS[name].taxonomy, TASKS[name].complexity) == (taxonomy, complexity)
    assert TASKS["distance_threshold"].answer_kind == "node"
    assert {n for n in PAPER if TASKS[n].needs_connected} == {
        "diameter",
        "mst_weight",
        "distance_threshold",
    }
    for name in PAPER:
        config = OmegaConf.load(CONF / "task" / f"{name}.yaml")
        assert config.source == PAPER[name][2]


def test_the_registry_is_the_task_modules() -> None:
    """Every public module of gralgo.tasks that defines a task is registered under its name."""
    builtin = builtin_tasks()
    assert builtin == {n: c for n, c in TASKS.items() if n in builtin}
    for name, cls in builtin.items():
        assert issubclass(cls, Task) and cls.name == name
        assert cls.__module__ == f"gralgo.tasks.{name}"


def test_every_task_has_a_config_and_every_config_a_task() -> None:
    configs = {p.stem for p in (CONF / "task").glob("*.yaml")}
    assert configs == set(builtin_tasks())
    assert "all" not in configs  # task=all is derived (gralgo/config/_task_all.py)


def test_unknown_task_lists_the_valid_names() -> None:
    with pytest.raises(UnknownChoiceError) as error:
        get_task_class("max_cliq")
    assert "max_clique" in str(error.value) and "distance_threshold" in str(error.value)
    with pytest.raises(UnknownChoiceError):
        make_task("nope", TaskSettings(source="dblp", sampler="bfs"))


def test_impl_errors_name_the_config_field() -> None:
    with pytest.raises(ConfigError, match=r"task\.toy\.impl: cannot import"):
        get_task_class("toy", "no_such_module_for_gralgo:Toy")
    with pytest.raises(ConfigError, match=r"task\.toy\.impl: .* is task 'max_degree'"):
        get_task_class("toy", "gralgo.tasks.max_degree:MaxDegreeTask")
    with pytest.raises(ConfigError, match="not a Task subclass"):
        get_task_class("toy", "gralgo.tasks.max_degree:random")
    assert "toy" not in TASKS


@pytest.mark.parametrize("name", list(builtin_tasks()))
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
        "impl",
    }
    assert cfg["name"] == name
    assert cfg["sampler"] in SAMPLERS
    accepted = inspect.signature(SAMPLERS[cfg["sampler"]]).parameters
    assert set(cfg["sampler_options"]) <= set(accepted) - {"source", "n_nodes", "rng"}
    task = make_task(
        name, TaskSettings(cfg["source"], cfg["sampler"], cfg["sampler_options"], cfg["options"])
    )
    assert task.story()


def test_hydra_composes_all_and_subsets(tmp_path: Path) -> None:
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        everything = compose(overrides=["+task=all"])
        subset = compose(overrides=["+task=[max_degree,diameter]"])
    assert set(everything.task) == set(builtin_tasks())
    assert list(subset.task) == ["max_degree", "diameter"]
    assert everything.task.distance_k.options.k_range == [2, 4]
    # A config folder on the search path adds its tasks to ``all``.
    extra = tmp_path / "conf"
    (extra / "task").mkdir(parents=True)
    (extra / "task" / "toy.yaml").write_text(
        "# @package task.toy\nname: toy\nsource: dblp\nsampler: bfs\n", encoding="utf-8"
    )
    try:
        assert "toy" in register_task_all([extra])
        with initialize_config_dir(config_dir=str(CONF), version_base=None):
            widened = compose(overrides=["+task=all", f"hydra.searchpath=[file://{extra}]"])
        assert set(widened.task) == {*builtin_tasks(), "toy"}
    finally:
        register_task_all()
