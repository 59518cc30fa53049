"""Turn the resolved Hydra config into typed settings, once, at the edge."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gralgo.dataset import BuildOptions, DatasetSpec, LongContextSpec, parse_levels
from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.run._records import SamplingParams
from gralgo.tasks._base import TaskSettings

COMMANDS = ("evaluate", "build", "compare")


@dataclass(frozen=True)
class RunSettings:
    """How the runner calls models."""

    max_concurrency: int | None
    """``None``: the model config's own limit."""
    max_attempts: int
    timeout_s: float
    failure_budget: float


@dataclass(frozen=True)
class MlflowSettings:
    enabled: bool
    tracking_uri: str
    experiment_name: str
    log_duplicates: bool = False
    """Log a run even when identical results are already logged (a re-run)."""


@dataclass(frozen=True)
class AppSettings:
    """Everything one gralgo job needs, as plain typed values."""

    command: str
    dataset: DatasetSpec
    dataset_dir: Path
    format: str
    context: str
    model: Mapping[str, Any]
    """Plain model config (``conf/model``); turned into a ModelSpec by the run stage."""
    sampling: SamplingParams
    k: int
    run: RunSettings
    ledger_path: Path
    outputs_dir: Path
    mlflow: MlflowSettings
    dry_run: bool
    bootstrap_resamples: int
    config: Mapping[str, Any]
    """The whole resolved config as plain data (for snapshots; secrets redacted later)."""
    dataset_export: str | None = None
    """``dataset.export``: also write the built dataset as ``parquet`` (or nothing)."""


def _require(cfg: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in cfg or cfg[key] is None:
        raise ConfigError(f"missing config field {where}.{key}")
    return cfg[key]


def task_settings(name: str, cfg: Mapping[str, Any]) -> TaskSettings:
    return TaskSettings(
        source=str(_require(cfg, "source", f"task.{name}")),
        sampler=str(_require(cfg, "sampler", f"task.{name}")),
        sampler_options=dict(cfg.get("sampler_options") or {}),
        options=dict(cfg.get("options") or {}),
        max_mean_degree=(
            None if cfg.get("max_mean_degree") is None else float(cfg["max_mean_degree"])
        ),
    )


def settings_from_config(cfg: Mapping[str, Any]) -> AppSettings:
    """Validate and type the resolved config (a plain dict from ``OmegaConf.to_container``)."""
    from gralgo.formats import FORMATS
    from gralgo.tasks import TASKS

    command = str(cfg.get("command", "evaluate"))
    if command not in COMMANDS:
        raise UnknownChoiceError("command", command, COMMANDS)
    task_cfgs: Mapping[str, Any] = cfg.get("task") or {}
    if not task_cfgs:
        raise ConfigError("no task selected: use task=all or task=<name>")
    for name in task_cfgs:
        if name not in TASKS:
            raise UnknownChoiceError("task", name, sorted(TASKS))
    sources: Mapping[str, Any] = cfg.get("source") or {}
    tasks = {name: task_settings(name, c) for name, c in sorted(task_cfgs.items())}
    for name, settings in tasks.items():
        if settings.source not in sources:
            raise UnknownChoiceError(
                f"source (task.{name}.source)", settings.source, sorted(sources)
            )
    fmt = str(cfg["format"]["name"])
    if fmt not in FORMATS:
        raise UnknownChoiceError("format", fmt, sorted(FORMATS))
    ds = cfg["dataset"]
    formats = tuple(str(f) for f in ds.get("formats") or ())
    for f in formats:
        if f not in FORMATS:
            raise UnknownChoiceError("format (dataset.formats)", f, sorted(FORMATS))
    if fmt not in formats:
        formats = (*formats, fmt)
    per_level = int(ds["per_level"])
    if per_level < 1:
        raise ConfigError(f"dataset.per_level must be >= 1, got {per_level}")
    options = BuildOptions(
        seed=int(ds["seed"]), per_level=per_level, formats=formats,
        max_attempts=int(ds["max_attempts"]),
        count_tokens=bool(ds.get("count_tokens", False)),
    )
    context_cfg = cfg.get("context") or {"name": "standard"}
    context = str(context_cfg.get("name", "standard"))
    long_context = None
    if context_cfg.get("targets"):
        long_context = LongContextSpec(
            targets=tuple(int(t) for t in context_cfg["targets"]),
            tokenizer=str(context_cfg.get("tokenizer", "cl100k_base")),
            tolerance=float(context_cfg.get("tolerance", 0.05)),
            n_graphs=int(context_cfg.get("n_graphs", 50)),
            n_nodes=int(context_cfg.get("n_nodes", 80)),
            n_edges=int(context_cfg.get("n_edges", 200)),
            source=str(context_cfg.get("source", "wikispeedia")),
            format=fmt,
        )
        allowed = context_cfg.get("tasks")
        if allowed:
            tasks = {n: s for n, s in tasks.items() if n in set(allowed)}
            if not tasks:
                raise ConfigError(f"context {context!r} supports only tasks {list(allowed)}")
        if long_context.source not in sources:
            raise UnknownChoiceError(
                "source (context.source)", long_context.source, sorted(sources)
            )
    levels = tuple(parse_levels(cfg.get("level", "all")))
    paths = cfg.get("paths") or {}
    outputs = Path(str(paths.get("outputs", "outputs")))
    cache = paths.get("cache")
    spec = DatasetSpec(
        tasks=tasks,
        sources={name: dict(value) for name, value in sorted(sources.items())},
        levels=levels if long_context is None else (0,),
        options=options,
        long_context=long_context,
        cache_dir=Path(str(cache)) / "sources" if cache else None,
        workers=int(ds.get("workers") or 0),
    )
    dataset_dir = Path(ds["dir"]) if ds.get("dir") else outputs / "datasets" / spec.fingerprint()
    smp = cfg["sampling"]
    k = int(smp["k"])
    if k < 1:
        raise ConfigError(f"sampling.k must be >= 1, got {k}")
    sampling = SamplingParams(
        temperature=float(smp["temperature"]),
        top_p=float(smp["top_p"]),
        min_p=float(smp["min_p"]),
        max_tokens=int(smp["max_tokens"]),
        seed=None if smp.get("seed") is None else int(smp["seed"]),
    )
    run = cfg["run"]
    ml = cfg["mlflow"]
    return AppSettings(
        command=command,
        dataset=spec,
        dataset_dir=dataset_dir,
        format=fmt,
        context=context,
        model=dict(cfg["model"]),
        sampling=sampling,
        k=k,
        run=RunSettings(
            max_concurrency=(
                None if run.get("max_concurrency") is None else int(run["max_concurrency"])
            ),
            max_attempts=int(run["max_attempts"]),
            timeout_s=float(run["timeout_s"]),
            failure_budget=float(run["failure_budget"]),
        ),
        ledger_path=Path(str(cfg["ledger"]["path"])),
        outputs_dir=outputs,
        mlflow=MlflowSettings(
            enabled=bool(ml["enabled"]),
            tracking_uri=str(ml["tracking_uri"]),
            experiment_name=str(ml["experiment_name"]),
            log_duplicates=bool(ml.get("log_duplicates", False)),
        ),
        dry_run=bool(cfg.get("dry_run", False)),
        bootstrap_resamples=int((cfg.get("report") or {}).get("bootstrap_resamples", 1000)),
        config=cfg,
        dataset_export=_dataset_export(ds.get("export")),
    )


def _dataset_export(value: Any) -> str | None:
    from gralgo.dataset._card import EXPORTS

    if value is None:
        return None
    if str(value) not in EXPORTS:
        raise UnknownChoiceError("dataset.export", str(value), EXPORTS)
    return str(value)
