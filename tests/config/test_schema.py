"""The config schema: unknown keys, wrong types and bad ranges fail naming the key."""

from __future__ import annotations

import pytest

from gralgo.config import SCHEMA_NAME, GralgoConfig, typed_config
from gralgo.errors import ConfigError


@pytest.mark.slow
def test_every_experiment_and_model_fits_the_schema(compose) -> None:
    for overrides in (
        [],
        ["+experiment=main"],
        ["+experiment=long_context"],
        ["+experiment=formats"],
        ["+experiment=build_dataset"],
        ["+experiment=build_hard_split"],
    ):
        assert isinstance(typed_config(compose(*overrides)), GralgoConfig)
    from pathlib import Path

    conf = Path(__file__).resolve().parents[2] / "conf" / "model"
    for model in sorted(p.stem for p in conf.glob("*.yaml")):
        extra = ["model.name=x", "model.api_base=http://127.0.0.1:1/v1"]
        typed = typed_config(compose(f"model={model}", *extra))
        assert typed.model.litellm_model


def test_root_schema_is_registered_in_the_config_store() -> None:
    from hydra.core.config_store import ConfigStore

    repo = ConfigStore.instance().repo
    assert f"{SCHEMA_NAME}.yaml" in repo
    assert "model.yaml" in repo["schema"] and "sampling.yaml" in repo["schema"]


def test_typing_a_config_reuses_the_root_schema_node(compose, monkeypatch) -> None:
    """Building the root schema node costs ~25 ms of CPU: it is built once per process."""
    from omegaconf import OmegaConf

    plain = compose("sampling.k=2")
    built: list[object] = []
    real = OmegaConf.structured
    monkeypatch.setattr(
        OmegaConf,
        "structured",
        staticmethod(lambda obj, *a, **k: built.append(obj) or real(obj, *a, **k)),
    )
    assert typed_config(plain).sampling.k == 2
    assert typed_config(compose("sampling.k=3")).sampling.k == 3
    assert GralgoConfig not in built


@pytest.mark.parametrize(
    ("override", "message"),
    [
        (
            "+sampling.temprature=0.1",
            "unknown config key sampling.temprature (did you mean sampling.temperature?)",
        ),
        ("+model.max_concurency=2", "model.max_concurency (did you mean model.max_concurrency"),
        ("+task.max_degree.sampler_optons={}", "task.max_degree.sampler_optons"),
        ("sampling.max_tokens=-5", "sampling.max_tokens must be >= 1, got -5"),
        ("sampling.temperature=-1", "sampling.temperature must be >= 0"),
        ("run.timeout_s=0", "run.timeout_s must be > 0"),
        ("run.max_attempts=0", "run.max_attempts must be >= 1"),
        ("run.failure_budget=1.5", "run.failure_budget must be between 0 and 1"),
        ("run.max_concurrency=0", "run.max_concurrency must be >= 1"),
        ("sampling.top_p=0", "sampling.top_p must be > 0"),
    ],
)
def test_bad_keys_and_values_name_the_key(compose, override: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        typed_config(compose(override))
    assert message in str(info.value)


def test_wrong_types_name_the_field(compose) -> None:
    plain = compose()
    plain["dataset"]["per_level"] = "abc"
    with pytest.raises(ConfigError, match=r"dataset.per_level: invalid value 'abc' \(expected an"):
        typed_config(plain)
    plain = compose()
    plain["sampling"]["temperature"] = "hot"
    with pytest.raises(ConfigError, match=r"sampling.temperature: invalid value 'hot'"):
        typed_config(plain)


def test_free_form_task_options_stay_free(compose) -> None:
    typed = typed_config(compose("+task.distance_k.options.anything=3"))
    assert typed.task["distance_k"].options["anything"] == 3


def test_model_sampling_overrides_keep_unset_values(make_settings) -> None:
    from gralgo.evaluate import resolve_model

    _, sampling = resolve_model(make_settings())
    assert sampling.max_tokens == 256 and sampling.temperature == 0.6  # local caps at 1024
