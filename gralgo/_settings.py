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

COMMANDS = ("evaluate", "build", "compare", "analyze")


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
    erdos_renyi = None
    if context_cfg.get("erdos_renyi"):
        from gralgo.dataset import ErdosRenyiSpec

        er = context_cfg["erdos_renyi"]
        erdos_renyi = ErdosRenyiSpec(
            n_graphs=int(er.get("n_graphs", 300)),
            n_nodes=tuple(int(n) for n in er.get("n_nodes", (8, 15))),  # type: ignore[arg-type]
            p=float(er.get("p", 0.3)),
            weight_range=tuple(int(w) for w in er.get("weight_range", (1, 100))),  # type: ignore[arg-type]
        )
    levels = tuple(parse_levels(cfg.get("level", "all")))
    paths = cfg.get("paths") or {}
    outputs = Path(str(paths.get("outputs", "outputs")))
    cache = paths.get("cache")
    spec = DatasetSpec(
        tasks=tasks,
        sources={name: dict(value) for name, value in sorted(sources.items())},
        levels=levels if long_context is None and erdos_renyi is None else (0,),
        options=options,
        long_context=long_context,
        erdos_renyi=erdos_renyi,
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
        logprobs=None if smp.get("logprobs") is None else bool(smp["logprobs"]),
        top_logprobs=None if smp.get("top_logprobs") is None else int(smp["top_logprobs"]),
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
    )


def analyze_settings_from_config(cfg: Mapping[str, Any], output_dir: Path) -> Any:
    """Typed settings of ``command=analyze`` (an :class:`gralgo.analysis.AnalyzeSettings`)."""
    from dataclasses import replace

    from gralgo.analysis._config import ANALYSES, AnalyzeSettings
    from gralgo.analysis._judge import JudgeSettings
    from gralgo.run._models import model_spec_from_config

    options = cfg.get("analysis") or {}
    name = options.get("name")
    if name is None:
        raise ConfigError(f"command=analyze needs analysis=<name>; choose from {list(ANALYSES)}")
    if name not in ANALYSES:
        raise UnknownChoiceError("analysis", name, ANALYSES)
    section = cfg.get("analyze") or {}
    judge_cfg = dict(cfg.get("judge") or {})
    if not judge_cfg:
        raise ConfigError("command=analyze needs a judge: judge=<model name> (conf/model)")
    spec = model_spec_from_config(judge_cfg)
    server = judge_cfg.get("server")
    if server:  # a managed local server: stable identity in request keys, as in evaluation
        identity = ":".join(str(server.get(key)) for key in
                            ("kind", "gguf_package", "chat_format", "n_ctx"))
        spec = replace(spec, endpoint_id=f"local:{identity}")
    max_tokens = int(section.get("max_tokens", 2048))
    cap = (judge_cfg.get("sampling") or {}).get("max_tokens")
    if cap is not None:
        max_tokens = min(max_tokens, int(cap))
    run = cfg.get("run") or {}
    judge = JudgeSettings(
        model=spec,
        sampling=SamplingParams(temperature=0.0, top_p=1.0, min_p=0.0, max_tokens=max_tokens),
        model_config=judge_cfg,
        max_reasks=int(section.get("max_reasks", 2)),
        max_concurrency=int(run.get("max_concurrency") or judge_cfg.get("max_concurrency") or 16),
        max_attempts=int(run.get("max_attempts", 6)),
        timeout_s=float(run.get("timeout_s", 600)),
        failure_budget=float(run.get("failure_budget", 0.25)),
    )
    ml = cfg.get("mlflow") or {}
    return AnalyzeSettings(
        analysis=str(name),
        inputs=tuple(Path(str(p)) for p in section.get("inputs") or ()),
        options=dict(options),
        judge=judge,
        judge_ledger=Path(str(section.get("ledger") or "outputs/judge_ledger.sqlite")),
        output_dir=output_dir,
        prompts_dir=Path(__file__).resolve().parents[1] / "conf",
        dry_run=bool(cfg.get("dry_run", False)),
        bootstrap_resamples=int((cfg.get("report") or {}).get("bootstrap_resamples", 1000)),
        mlflow_enabled=bool(ml.get("enabled", False)),
        tracking_uri=str(ml.get("tracking_uri", "")),
        experiment_name=str(ml.get("experiment_name", "gralgo")),
        config=cfg,
    )
