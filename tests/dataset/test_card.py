"""A publishable dataset: one schema for every task, a dataset card, loadable by `datasets`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gralgo.dataset import Instance, PromptVariant, build_dataset
from gralgo.dataset._card import build_command, dataset_card


def test_task_specific_fields_are_json_text_and_round_trip() -> None:
    instance = Instance(
        id="x",
        task="max_clique",
        taxonomy="enumeration",
        complexity="hard",
        level=1,
        context="standard",
        source="s",
        seed=0,
        index=0,
        answer_kind="integer",
        graph={"nodes": [{"id": "a"}], "edges": []},
        params={"k": 2},
        answer=3,  # type: ignore[arg-type]  # a task that forgets to stringify
        certificate={"clique": ["a", "b"]},
        provenance={"attempt": 1},
        prompts={"edge_list": PromptVariant("q", "3")},
    )
    line = json.loads(instance.to_json())
    for name in ("graph", "params", "certificate", "provenance"):
        assert isinstance(line[name], str), name
    assert line["answer"] == "3" and json.loads(line["certificate"]) == {"clique": ["a", "b"]}
    back = Instance.from_json(instance.to_json())
    assert back.params == {"k": 2} and back.graph == instance.graph


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    from hydra import compose, initialize_config_dir
    from omegaconf import OmegaConf

    from gralgo.settings import settings_from_config

    def compose_config(overrides: list[str]) -> dict:
        conf = Path(__file__).resolve().parents[2] / "conf"
        with initialize_config_dir(config_dir=str(conf), version_base=None):
            return OmegaConf.to_container(compose("config", overrides=overrides), resolve=True)

    root = tmp_path_factory.mktemp("card")
    settings = settings_from_config(compose_config([
        f"paths.outputs={root / 'outputs'}", f"paths.cache={root / 'cache'}", "level=[1,2]",
        "dataset.per_level=2", "dataset.workers=1",
    ]))  # fmt: skip
    build_dataset(settings.dataset, root / "ds")
    return root / "ds", settings


def test_build_writes_a_dataset_card(built: tuple[Path, object]) -> None:
    directory, settings = built
    card = (directory / "README.md").read_text(encoding="utf-8")
    assert card.startswith("---\nlicense: other\n")
    assert "- config_name: all\n  default: true" in card
    assert '    path: "instances/max_clique.jsonl"' in card
    assert "Open Database License" in card and "CC0" in card  # OSM and DBLP attributions
    assert build_command(settings.dataset) in card
    assert settings.dataset.fingerprint() in card
    assert (directory / "statistics.md").read_text().strip() in card  # Table 2
    assert "| Level-1 | 18 |" in card
    assert str(directory) not in card  # byte-identical on every machine
    assert directory.stat().st_mode & 0o755 == 0o755  # world-readable, not mkdtemp's 0700
    assert card == dataset_card(settings.dataset, {t: 4 for t in sorted(settings.dataset.tasks)},
                                (directory / "statistics.md").read_text())  # fmt: skip


def test_datasets_loads_all_tasks_as_one_split_and_each_task(
    built: tuple[Path, object], tmp_path: Path, monkeypatch
) -> None:
    datasets = pytest.importorskip("datasets")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    directory, settings = built
    everything = datasets.load_dataset(str(directory), "all", split="test",
                                       cache_dir=str(tmp_path / "cache"))  # fmt: skip
    assert len(everything) == 9 * 2 * 2
    assert set(everything["task"]) == set(settings.dataset.tasks)
    one = datasets.load_dataset(str(directory), "max_clique", split="test",
                                cache_dir=str(tmp_path / "cache"))  # fmt: skip
    assert len(one) == 4 and set(one["task"]) == {"max_clique"}
    assert json.loads(one[0]["graph"])["nodes"]
    everything.to_pandas().to_parquet(tmp_path / "all.parquet")  # one type per column


def test_parquet_export_beside_the_dataset(built: tuple[Path, object], make_settings) -> None:
    import pandas as pd

    from gralgo.dataset._card import export_parquet
    from gralgo.errors import UnknownChoiceError

    directory, _ = built
    files = export_parquet(directory)
    assert [p.name for p in files][:2] == ["diameter.parquet", "distance_k.parquet"]
    assert files[0].parent == directory.with_name(f"{directory.name}-parquet")
    frame = pd.read_parquet(files[0])
    assert len(frame) == 4 and set(frame["task"]) == {"diameter"}
    assert make_settings("dataset.export=parquet").dataset_export == "parquet"
    assert make_settings().dataset_export is None
    with pytest.raises(UnknownChoiceError, match="dataset.export"):
        make_settings("dataset.export=csv")


def test_count_tokens_fills_every_prompt(make_settings, tmp_path: Path) -> None:
    from gralgo.dataset import read_instances
    from gralgo.formats import count_tokens

    plain = make_settings("level=1", "task=[max_degree,path_sum]")
    counted = make_settings("level=1", "task=[max_degree,path_sum]", "dataset.count_tokens=true")
    assert plain.dataset.fingerprint() != counted.dataset.fingerprint()
    assert "count_tokens" not in plain.dataset.description()  # default data keeps its identity
    build_dataset(counted.dataset, tmp_path / "ds")
    instances = read_instances(tmp_path / "ds")
    prompts = [p for i in instances for p in i.prompts.values()]
    assert len(prompts) == 2 * 4
    assert all(p.tokens == count_tokens(p.text) for p in prompts)
