"""The acceptance test of the task contract: a tenth task is one module and one config file.

The toy task below lives only in ``tmp_path`` (its module on ``sys.path``, its config in a folder
on Hydra's search path), has an answer kind gralgo does not know (yes / no), and goes through the
normal entry points: the dataset is built, a model (the loopback stub) is called, and the answers
are scored by the task's own normalisation, check and prompt instruction.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pandas as pd
import pytest

from gralgo.evaluate import evaluate, load_instances
from gralgo.score import score_samples
from gralgo.tasks import TASKS
from gralgo.testing import FAKE_KEY_ENV, StubServer

TOY_MODULE = '''
"""Toy task: is the sampled street graph bipartite? (answer kind: yes / no)."""

from __future__ import annotations

import networkx as nx

from gralgo.tasks import Problem, Solution, Task, normalize_node_name

YES, NO = {"yes", "true"}, {"no", "false"}


class IsBipartiteTask(Task):
    name = "toy_bipartite"
    taxonomy = "exploration"
    complexity = "easy"
    answer_kind = "yes_no"

    def solve(self, problem: Problem) -> Solution:
        bipartite = nx.is_bipartite(problem.graph)
        return Solution("yes" if bipartite else "no", {"bipartite": bipartite})

    def question(self, problem, label) -> str:
        return "Can the nodes be coloured with two colours so that no edge joins equal colours?"

    @classmethod
    def normalize_answer(cls, text: str) -> str | None:
        word = normalize_node_name(text)  # strips wrappers, quotes, case
        return "yes" if word in YES else "no" if word in NO else word

    @classmethod
    def answer_instruction(cls, numeric_ids: bool, escaped_names: bool = False) -> str:
        return "Think step by step, then answer yes or no, as \\\\boxed{yes} or \\\\boxed{no}."
'''

TOY_CONFIG = """\
# @package task.toy_bipartite
name: toy_bipartite
impl: gralgo_toy_bipartite:IsBipartiteTask
source: osm_paris
sampler: random_walk_top
sampler_options: {walk_length: 1000, restart: 0.2}
options: {}
"""


@pytest.fixture
def toy_task(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Writes the toy module and config; returns the config folder (for hydra.searchpath)."""
    code = tmp_path / "code"
    code.mkdir()
    (code / "gralgo_toy_bipartite.py").write_text(textwrap.dedent(TOY_MODULE), encoding="utf-8")
    conf = tmp_path / "toy_conf"
    (conf / "task").mkdir(parents=True)
    (conf / "task" / "toy_bipartite.yaml").write_text(TOY_CONFIG, encoding="utf-8")
    monkeypatch.syspath_prepend(str(code))
    yield conf
    TASKS.pop("toy_bipartite", None)


def test_a_tenth_task_is_one_module_and_one_config(
    toy_task: Path, make_settings, stub: StubServer
) -> None:
    settings = make_settings(
        f"hydra.searchpath=[file://{toy_task}]",
        "task=toy_bipartite",
        "model=openai_compatible",
        "model.name=stub-model",
        f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}",
        "level=1",
        "dataset.per_level=2",
        "sampling.k=2",
        "mlflow.enabled=false",
    )
    instances = load_instances(settings)
    assert [i.task for i in instances] == ["toy_bipartite"] * 2
    answers = {}
    for instance in instances:
        assert instance.answer_kind == "yes_no" and instance.answer in ("yes", "no")
        prompt = instance.prompts["edge_list"]
        assert prompt.text.endswith("as \\boxed{yes} or \\boxed{no}.")  # the task's instruction
        right, wrong = ("Yes", "no") if instance.answer == "yes" else ("FALSE", "yes")
        text = f"\\boxed{{\\text{{{right}}}}}" if instance.index == 0 else f"\\boxed{{{wrong}}}"
        answers[prompt.text] = f"Two colours... {text}"
    stub.control(answers=answers)

    result = evaluate(settings)

    samples = pd.read_csv(result.output_dir / "samples.csv")
    by_index = samples.merge(
        pd.DataFrame([{"instance_id": i.id, "index": i.index} for i in instances])
    )
    assert by_index.sort_values("index")["outcome"].tolist() == ["correct"] * 2 + ["wrong"] * 2
    assert result.metrics["pass_at_k"] == pytest.approx(0.5)


def test_scoring_reads_a_new_kind_through_its_task(toy_task: Path, make_settings) -> None:
    make_settings(f"hydra.searchpath=[file://{toy_task}]", "task=toy_bipartite")  # registers it
    rows = [
        {
            "instance_id": "i",
            "model": "m",
            "task": "toy_bipartite",
            "taxonomy": "exploration",
            "complexity": "easy",
            "level": 1,
            "format": "edge_list",
            "context": "standard",
            "sample_index": i,
            "answer_text": text,
            "finish_reason": "stop",
            "error_class": None,
            "expected": "yes",
            "answer_kind": "yes_no",
        }
        for i, text in enumerate([r"\boxed{True}", r"\boxed{ YES. }", r"\boxed{no}", "no box"])
    ]
    scored = score_samples(pd.DataFrame(rows))
    assert scored["answer"].tolist() == ["yes", "yes", "no", None]
    assert scored["outcome"].tolist() == ["correct", "correct", "wrong", "no_answer"]
