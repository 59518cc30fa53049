"""Merge a composed config into the schema: typed objects, or one ConfigError naming the key."""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Mapping
from typing import Any

from gralgo.config._schema import GralgoConfig
from gralgo.errors import ConfigError

SCHEMA_NAME = "gralgo_schema"
"""The root schema's name in Hydra's ConfigStore (first entry of ``conf/config.yaml``)."""


def _group_schemas() -> dict[str, type]:
    """The group schemas stored under ``schema/`` in Hydra's ConfigStore, by name."""
    from gralgo.config import _schema as s

    return {
        "model": s.ModelConfig, "sampling": s.SamplingConfig, "run": s.RunConfig,
        "dataset": s.DatasetConfig, "format": s.FormatConfig, "context": s.ContextConfig,
        "paths": s.PathsConfig, "ledger": s.LedgerConfig, "mlflow": s.MlflowConfig,
        "report": s.ReportConfig, "compare": s.CompareConfig, "task_entry": s.TaskEntryConfig,
        "source_entry": s.SourceEntryConfig,
    }  # fmt: skip


def register_schemas() -> None:
    """Store the root schema (and each group's, under ``schema/``) in Hydra's ConfigStore."""
    from hydra.core.config_store import ConfigStore
    from omegaconf import OmegaConf

    store = ConfigStore.instance()
    root = OmegaConf.structured(GralgoConfig)
    # A stage's judge is written on the command line like ``model=`` (``analyze.judges.classify
    # .name=X``): its keys are added without ``+`` (ModelConfig's merge checks them later).
    OmegaConf.set_struct(root.analyze.judges, False)
    store.store(name=SCHEMA_NAME, node=root)
    for name, node in _group_schemas().items():
        store.store(group="schema", name=name, node=node)


@functools.cache
def schema_node(schema: type) -> Any:
    """``OmegaConf.structured(schema)`` of a schema dataclass, once per process: a copy of the
    one :func:`register_schemas` stored (a fifth of the cost of building it: ~4 ms of CPU for
    the root, not ~25 ms). Never change it: copy it (``OmegaConf.merge`` copies its first
    argument)."""
    from hydra.core.config_store import ConfigStore
    from hydra.plugins.config_source import ConfigLoadError
    from omegaconf import OmegaConf

    paths = {cls: f"schema/{name}.yaml" for name, cls in _group_schemas().items()}
    paths[GralgoConfig] = f"{SCHEMA_NAME}.yaml"
    if schema in paths:
        try:
            node = ConfigStore.instance().load(paths[schema]).node  # a copy of the stored node
        except ConfigLoadError:  # not stored (yet)
            node = None
        if node is not None and OmegaConf.get_type(node) is schema:
            return node
    return OmegaConf.structured(schema)


def schema_root() -> Any:
    """:func:`schema_node` of the root, :class:`GralgoConfig`."""
    return schema_node(GralgoConfig)


def typed_config(plain: Mapping[str, Any]) -> GralgoConfig:
    """``plain`` (a resolved config without ``hydra``) as a checked :class:`GralgoConfig`."""
    from omegaconf import OmegaConf
    from omegaconf.errors import OmegaConfBaseException

    data = {k: v for k, v in plain.items() if k != "hydra"}
    try:
        merged = OmegaConf.merge(schema_root(), data)  # merge copies its first argument
        typed = OmegaConf.to_object(merged)
    except OmegaConfBaseException as exc:
        raise config_error(exc) from None
    assert isinstance(typed, GralgoConfig)
    typed.check()
    return typed


def config_error(exc: Exception) -> ConfigError:
    """One line for an OmegaConf/Hydra config error, naming the key (and the fix)."""
    from omegaconf.errors import (
        ConfigAttributeError,
        ConfigKeyError,
        MissingMandatoryValue,
        ValidationError,
    )

    key = str(getattr(exc, "full_key", "") or "")
    missing = re.search(r"Missing mandatory value: ([\w.]+)", str(exc))
    if missing:  # also inside an interpolation (litellm_model: openai/${.name})
        key = missing.group(1)
        return ConfigError(f"{key} is required: set it, e.g. {key}=...")
    if isinstance(exc, MissingMandatoryValue):
        return ConfigError(f"{key or 'a config field'} is required: set it, e.g. {key}=...")
    if isinstance(exc, ConfigKeyError | ConfigAttributeError):
        return ConfigError(unknown_key_message(key))
    if isinstance(exc, ValidationError):
        value = getattr(exc, "value", None)
        hint = f" ({expected_type(exc)})" if expected_type(exc) else ""
        return ConfigError(f"{key}: invalid value {value!r}{hint}")
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return ConfigError(f"{key + ': ' if key else ''}{first}")


def expected_type(exc: Exception) -> str:
    """'expected an integer' style hint from an OmegaConf ValidationError's message."""
    text = str(exc).splitlines()[0] if str(exc) else ""
    for marker, word in (
        ("to Integer", "an integer"),
        ("to Float", "a number"),
        ("to Boolean", "true or false"),
        ("to String", "a string"),
    ):
        if marker in text:
            return f"expected {word}"
    return text


def unknown_key_message(full_key: str) -> str:
    """'unknown config key a.b (did you mean a.c?)', from the schema's field names."""
    parts = full_key.split(".") if full_key else []
    suggestion = ""
    if parts:
        siblings = schema_fields(parts[:-1])
        close = difflib.get_close_matches(parts[-1], siblings, n=1)
        deeper = _close_nested_key(parts[:-1], parts[-1])
        if close:
            suggestion = f" (did you mean {'.'.join([*parts[:-1], close[0]])}?)"
        elif deeper:
            suggestion = f" (did you mean {deeper}?)"
        elif siblings:
            suggestion = f"; valid keys there: {', '.join(sorted(siblings))}"
    return f"unknown config key {full_key or '?'}{suggestion}"


def _close_nested_key(parent: list[str], name: str) -> str | None:
    """The closest field named like ``name`` one level below ``parent``'s fields
    (``model.temprature`` -> ``model.sampling.temperature``), if any is close."""
    found: dict[str, str] = {}
    for child in schema_fields(parent):
        for field in schema_fields([*parent, child]):
            found.setdefault(field, ".".join([*parent, child, field]))
    close = difflib.get_close_matches(name, list(found), n=1)
    return found[close[0]] if close else None


def schema_fields(path: list[str]) -> list[str]:
    """Field names of the schema node at ``path`` ([] when it is free-form or unknown)."""
    import dataclasses
    import typing

    node: Any = GralgoConfig
    for part in path:
        if not dataclasses.is_dataclass(node):
            if typing.get_origin(node) is dict:  # Dict[str, Entry]: any name, then Entry
                node = typing.get_args(node)[1]
                continue
            return []
        hints = typing.get_type_hints(node)
        if part not in hints:
            return []
        node = _unwrap_optional(hints[part])
    if typing.get_origin(node) is dict:
        return []
    return [f.name for f in dataclasses.fields(node)] if dataclasses.is_dataclass(node) else []


def _unwrap_optional(hint: Any) -> Any:
    import types
    import typing

    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return args[0] if len(args) == 1 else hint
    return hint
