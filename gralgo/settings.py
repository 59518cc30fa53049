"""Turn the resolved Hydra config into typed settings, once, at the edge."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gralgo.config import (
    BatchConfig,
    GralgoConfig,
    ModelConfig,
    RunConfig,
    SamplingConfig,
    TaskEntryConfig,
    check_config_secrets,
    schema_node,
    typed_config,
)
from gralgo.dataset import BuildOptions, DatasetSpec, LongContextSpec, parse_levels
from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.ledger import SamplingParams
from gralgo.report import MlflowSettings, ReportSettings
from gralgo.run import ModeSettings, mode_settings_from_config
from gralgo.tasks import TaskSettings

COMMANDS = ("evaluate", "build", "compare", "audit", "analyze")
CLIENTS = ("auto", "litellm", "direct")


@dataclass(frozen=True)
class RunSettings:
    """How the runner calls models."""

    max_concurrency: int | None
    """``None``: the model config's own limit."""
    max_attempts: int
    """Tries per sample."""
    timeout_s: float
    """Per-request timeout in seconds."""
    failure_budget: float
    """Stop once more than this share of samples failed permanently."""
    client: str = "auto"
    """``run.client``: ``auto``, ``litellm`` or ``direct`` (see ``gralgo.run._direct_client``)."""
    grace_s: float = 25.0
    """``run.grace_s``: after SIGTERM/SIGINT, how long replies in flight are still received."""
    batch: BatchConfig = field(default_factory=BatchConfig)
    """``run.batch``: the provider's batch API (``design/batch.md``)."""


@dataclass(frozen=True)
class AppSettings:
    """Everything one gralgo job needs, as plain typed values."""

    command: str
    dataset: DatasetSpec
    dataset_dir: Path
    format: str
    context: str
    model: ModelConfig
    """The ``model`` group, checked against its schema; the run stage makes a ModelSpec of it."""
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
    dataset_dir_explicit: bool = False
    """``dataset.dir`` was given: the dataset there is never rebuilt by an evaluation."""
    ledger_url: str | None = None
    """``ledger.url``: a PostgreSQL server ledger used instead of ``ledger_path``."""
    dataset_export: str | None = None
    """``dataset.export``: also write the built dataset as ``parquet`` (or nothing)."""
    mode: ModeSettings = field(default_factory=ModeSettings)
    """The answer mode (``conf/mode``) and, for tool use, the sandbox limits."""

    def report_settings(self) -> ReportSettings:
        """The part of these settings the report stage uses."""
        return ReportSettings(
            model=self.model.name,
            litellm_model=self.model.litellm_model,
            tasks=tuple(sorted(self.dataset.tasks)),
            levels=tuple(self.dataset.levels),
            dataset_fingerprint=self.dataset.fingerprint(),
            format=self.format,
            context=self.context,
            mode=self.mode.name,
            k=self.k,
            bootstrap_resamples=self.bootstrap_resamples,
            mlflow=self.mlflow,
            outputs_dir=self.outputs_dir,
            dataset_dir=self.dataset_dir,
            by_level=self.dataset.long_context is None,
            price={
                "input_per_1m": self.model.price.input_per_1m,
                "output_per_1m": self.model.price.output_per_1m,
                "batch_discount": self.model.price.batch_discount,
            },
            config=self.config,
        )


def _path(value: str) -> Path:
    """A path setting, with ``~`` expanded."""
    return Path(value).expanduser()


def task_settings(name: str, cfg: Mapping[str, Any] | TaskEntryConfig) -> TaskSettings:
    """One ``task.<name>`` entry as the task's settings."""
    entry: object = cfg
    if isinstance(cfg, Mapping):
        from omegaconf import OmegaConf

        entry = OmegaConf.to_object(OmegaConf.merge(schema_node(TaskEntryConfig), cfg))
    assert isinstance(entry, TaskEntryConfig)
    return TaskSettings(
        source=entry.source,
        sampler=entry.sampler,
        sampler_options=dict(entry.sampler_options),
        options=dict(entry.options),
        max_mean_degree=entry.max_mean_degree,
        impl=entry.impl,
    )


def settings_from_config(cfg: Mapping[str, Any]) -> AppSettings:
    """Check and type the resolved config (a plain dict from ``OmegaConf.to_container``).

    Literal secrets, unknown keys, wrong types and out-of-range values raise
    :class:`ConfigError` here, before any dataset is built or any server started.
    """
    check_config_secrets(cfg)
    typed = typed_config(cfg)
    if typed.command not in COMMANDS:
        raise UnknownChoiceError("command", typed.command, COMMANDS)
    fmt = format_name(typed)
    spec = dataset_spec(typed, fmt)
    outputs = _path(typed.paths.outputs)
    dataset_dir = (
        _path(typed.dataset.dir) if typed.dataset.dir else outputs / "datasets" / spec.fingerprint()
    )
    return AppSettings(
        command=typed.command,
        dataset=spec,
        dataset_dir=dataset_dir,
        format=fmt,
        context=typed.context.name,
        model=typed.model,
        sampling=sampling_params(typed.sampling),
        k=typed.sampling.k,
        run=run_settings(typed.run),
        ledger_path=_path(typed.ledger.path),
        outputs_dir=outputs,
        mlflow=MlflowSettings(
            enabled=typed.mlflow.enabled,
            tracking_uri=typed.mlflow.tracking_uri,
            experiment_name=typed.mlflow.experiment_name,
            log_duplicates=typed.mlflow.log_duplicates,
        ),
        dry_run=typed.dry_run,
        bootstrap_resamples=typed.report.bootstrap_resamples,
        config=cfg,
        dataset_dir_explicit=typed.dataset.dir is not None,
        mode=mode_settings_from_config(cfg.get("mode"), cfg.get("sandbox")),
        ledger_url=ledger_url(typed.ledger.url),
        dataset_export=_dataset_export(typed.dataset.export),
    )


def format_name(typed: GralgoConfig) -> str:
    from gralgo.formats import FORMATS

    if typed.format.name not in FORMATS:
        raise UnknownChoiceError("format", typed.format.name, sorted(FORMATS))
    return typed.format.name


def selected_tasks(typed: GralgoConfig) -> dict[str, TaskSettings]:
    """The selected tasks' settings; every task and its source must exist."""
    from gralgo.tasks import TASKS, get_task_class

    if not typed.task:
        raise ConfigError("no task selected: use task=all or task=<name>")
    for name, entry in typed.task.items():
        if entry.impl is None and name not in TASKS:
            raise UnknownChoiceError("task", name, sorted(TASKS))
        get_task_class(name, entry.impl)  # registers a task its config names
    tasks = {name: task_settings(name, c) for name, c in sorted(typed.task.items())}
    for name, settings in tasks.items():
        if settings.source not in typed.source:
            raise UnknownChoiceError(
                f"source (task.{name}.source)", settings.source, sorted(typed.source)
            )
    return tasks


def build_options(typed: GralgoConfig, fmt: str) -> BuildOptions:
    from gralgo.formats import FORMATS

    formats = tuple(typed.dataset.formats)
    for f in formats:
        if f not in FORMATS:
            raise UnknownChoiceError("format (dataset.formats)", f, sorted(FORMATS))
    if fmt not in formats:
        formats = (*formats, fmt)
    ds = typed.dataset
    return BuildOptions(
        seed=ds.seed,
        per_level=ds.per_level,
        formats=formats,
        max_attempts=ds.max_attempts,
        hard_split=ds.hard_split,
        hard_max_draws=ds.hard_max_draws,
        count_tokens=ds.count_tokens,
    )


def long_context_spec(
    typed: GralgoConfig, fmt: str, tasks: dict[str, TaskSettings]
) -> tuple[LongContextSpec | None, dict[str, TaskSettings]]:
    """The long-context spec (``None`` for standard prompts) and the tasks it supports."""
    ctx = typed.context
    if not ctx.targets:
        return None, tasks
    spec = LongContextSpec(
        targets=tuple(ctx.targets),
        tokenizer=ctx.tokenizer,
        tolerance=ctx.tolerance,
        n_graphs=ctx.n_graphs,
        n_nodes=ctx.n_nodes,
        n_edges=ctx.n_edges,
        source=ctx.source,
        format=fmt,
    )
    if ctx.tasks:
        tasks = {n: s for n, s in tasks.items() if n in set(ctx.tasks)}
        if not tasks:
            raise ConfigError(f"context {ctx.name!r} supports only tasks {list(ctx.tasks)}")
    if spec.source not in typed.source:
        raise UnknownChoiceError("source (context.source)", spec.source, sorted(typed.source))
    return spec, tasks


def dataset_spec(typed: GralgoConfig, fmt: str) -> DatasetSpec:
    """What determines the dataset's bytes: tasks, sources, levels, build options."""
    from omegaconf import OmegaConf

    long_context, tasks = long_context_spec(typed, fmt, selected_tasks(typed))
    levels = tuple(parse_levels(typed.level))
    cache = typed.paths.cache
    sources: dict[str, Any] = {
        name: OmegaConf.to_container(OmegaConf.structured(entry))
        for name, entry in sorted(typed.source.items())
    }
    for entry in sources.values():  # ~ in a source file path means the home directory
        entry["files"] = {
            role: str(_path(p)) if isinstance(p, str) and p.startswith("~") else p
            for role, p in entry["files"].items()
        }
    erdos_renyi = erdos_renyi_spec(typed)
    return DatasetSpec(
        tasks=tasks,
        sources={name: dict(value) for name, value in sources.items()},
        levels=levels if long_context is None and erdos_renyi is None else (0,),
        options=build_options(typed, fmt),
        long_context=long_context,
        erdos_renyi=erdos_renyi,
        cache_dir=_path(cache) / "sources" if cache else None,
        workers=typed.dataset.workers,
    )


def erdos_renyi_spec(typed: GralgoConfig) -> Any:
    """The Erdős–Rényi dataset spec (``context=erdos_renyi``), else ``None``."""
    er = typed.context.erdos_renyi
    if er is None:
        return None
    from gralgo.dataset import ErdosRenyiSpec

    return ErdosRenyiSpec(
        n_graphs=er.n_graphs,
        n_nodes=(er.n_nodes[0], er.n_nodes[1]),
        p=er.p,
        weight_range=(er.weight_range[0], er.weight_range[1]),
    )


def sampling_params(smp: SamplingConfig) -> SamplingParams:
    return SamplingParams(
        temperature=smp.temperature,
        top_p=smp.top_p,
        min_p=smp.min_p,
        max_tokens=smp.max_tokens,
        seed=smp.seed,
        logprobs=smp.logprobs,
        top_logprobs=smp.top_logprobs,
    )


def run_settings(run: RunConfig) -> RunSettings:
    if run.client not in CLIENTS:
        raise UnknownChoiceError("run.client", run.client, CLIENTS)
    return RunSettings(
        max_concurrency=run.max_concurrency,
        max_attempts=run.max_attempts,
        timeout_s=run.timeout_s,
        failure_budget=run.failure_budget,
        client=run.client,
        grace_s=run.grace_s,
        batch=run.batch,
    )


def _dataset_export(value: str | None) -> str | None:
    from gralgo.dataset import EXPORTS

    if value is not None and value not in EXPORTS:
        raise UnknownChoiceError("dataset.export", value, EXPORTS)
    return value


def ledger_url(url: str | None) -> str | None:
    """``ledger.url``, checked: a ``postgresql://`` URL without a password, or None."""
    if not url:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(f"ledger.url must be a postgresql:// URL, got {url.split(':')[0]}://...")
    if "@" in url and ":" in url.split("://", 1)[1].split("@", 1)[0]:
        raise ConfigError(
            "ledger.url must not hold a password (it is written to job.json and MLflow): put it "
            "in PGPASSWORD or ~/.pgpass"
        )
    return url


def _model_config(
    conf_dir: Path, name: str, key: str, changes: Mapping[str, Any] | None = None
) -> Any:
    """The typed ``conf/model/<name>.yaml`` with ``changes`` (keys of the model config) merged
    over it: a stage's own judge (``analyze.judges``)."""
    from omegaconf import OmegaConf
    from omegaconf.errors import MissingMandatoryValue, OmegaConfBaseException

    from gralgo.config import ModelConfig

    choices = sorted(p.stem for p in (conf_dir / "model").glob("*.yaml"))
    if name not in choices:
        raise UnknownChoiceError(f"{key}.preset" if changes else key, name, choices)
    try:
        merged = OmegaConf.merge(
            OmegaConf.structured(ModelConfig),
            OmegaConf.load(conf_dir / "model" / f"{name}.yaml"),
            dict(changes or {}),
        )
        model = OmegaConf.to_object(merged)
    except MissingMandatoryValue as err:
        field_name = str(getattr(err, "key", None) or getattr(err, "full_key", "") or "name")
        raise ConfigError(
            f"{key} (preset {name}) needs {key}.{field_name}=... (e.g. {key}.name=<served model "
            f"id> {key}.api_base=http://host:8000/v1)"
        ) from None
    except OmegaConfBaseException as err:
        where = f"{key}.{err.full_key}" if getattr(err, "full_key", None) else key
        raise ConfigError(f"{where}: {err.msg if hasattr(err, 'msg') else err}") from None
    assert isinstance(model, ModelConfig)  # merged onto the structured schema
    model.check()
    return model


def stage_model_config(conf_dir: Path, stage: str, value: Any) -> Any:
    """The model config of ``analyze.judges.<stage>``: a ``conf/model`` name, or a mapping of
    model-config keys (``name``, ``api_base``...) over the preset named by its ``preset`` key
    (default ``openai_compatible``: any OpenAI-compatible server); ``None`` when unset."""
    key = f"analyze.judges.{stage}"
    if value is None:
        return None
    if isinstance(value, str):
        return _model_config(conf_dir, value, key)
    if isinstance(value, Mapping):
        changes = {str(k): v for k, v in value.items()}
        preset = changes.pop("preset", None) or "openai_compatible"
        return _model_config(conf_dir, str(preset), key, changes)
    raise ConfigError(
        f"{key} must be a conf/model name or model keys ({key}.name=... {key}.api_base=...), "
        f"got {value!r}"
    )


def reask_template(conf_dir: Path, path: str) -> str:
    """The text of ``analyze.reask_prompt`` (relative to ``conf/``); the file's final newline
    is not part of the message."""
    file = Path(path).expanduser()
    file = file if file.is_absolute() else conf_dir / file
    if not file.is_file():
        raise ConfigError(f"analyze.reask_prompt: {file} does not exist")
    text = file.read_text(encoding="utf-8")
    if "$error" not in text:
        raise ConfigError(f"analyze.reask_prompt {path} must contain $error (the parse error)")
    return text.removesuffix("\n")


def _judge_settings(judge_cfg: Any, typed: Any, reask: str) -> Any:
    """The :class:`gralgo.analysis.JudgeSettings` of one judge model config."""
    from dataclasses import replace

    from gralgo.analysis import JudgeSettings, known_context_window
    from gralgo.run import model_spec_from_config, server_settings_from_config

    section = typed.analyze
    spec = model_spec_from_config(judge_cfg)
    server = server_settings_from_config(judge_cfg)
    if server is not None:  # a managed local server: stable identity, as in evaluation
        spec = replace(spec, endpoint_id=server.endpoint_id)
    max_tokens = section.max_tokens
    if judge_cfg.sampling.max_tokens is not None:
        max_tokens = min(max_tokens, judge_cfg.sampling.max_tokens)
    window = section.judge_context_tokens or judge_cfg.context_tokens
    if window is None:
        window = server.n_ctx if server is not None else known_context_window(spec.litellm_model)
    return JudgeSettings(
        model=spec,
        sampling=SamplingParams(temperature=0.0, top_p=1.0, min_p=0.0, max_tokens=max_tokens),
        model_config=asdict(judge_cfg),
        max_reasks=section.max_reasks,
        reask_template=reask,
        max_fresh_asks=section.max_fresh_asks,
        context_tokens=window,
        max_concurrency=typed.run.max_concurrency or judge_cfg.max_concurrency or 16,
        client=run_settings(typed.run).client,
        max_attempts=typed.run.max_attempts,
        timeout_s=typed.run.timeout_s,
        failure_budget=typed.run.failure_budget,
    )


def analyze_settings_from_config(cfg: Mapping[str, Any], output_dir: Path) -> Any:
    """Typed settings of ``command=analyze`` (an :class:`gralgo.analysis.AnalyzeSettings`)."""
    from gralgo.analysis import ANALYSES, AnalyzeSettings

    check_config_secrets(cfg)
    typed = typed_config(cfg)
    options = dict(cfg.get("analysis") or {})  # each analysis checks its own options
    name = options.get("name")
    if name is None:
        raise ConfigError(f"command=analyze needs analysis=<name>; choose from {list(ANALYSES)}")
    if name not in ANALYSES:
        raise UnknownChoiceError("analysis", name, ANALYSES)
    section, judge_cfg = typed.analyze, typed.judge
    if judge_cfg is None:
        raise ConfigError("command=analyze needs a judge: judge=<model name> (conf/model)")
    conf_dir = Path(__file__).resolve().parents[1] / "conf"
    reask = reask_template(conf_dir, section.reask_prompt)
    judge = _judge_settings(judge_cfg, typed, reask)
    stage_configs = {
        str(stage): stage_model_config(conf_dir, str(stage), value)
        for stage, value in (section.judges or {}).items()
    }
    stage_judges = {
        stage: _judge_settings(model, typed, reask)
        for stage, model in stage_configs.items()
        if model is not None
    }
    return AnalyzeSettings(
        analysis=str(name),
        inputs=tuple(Path(p) for p in section.inputs),
        options=options,
        judge=judge,
        judge_ledger=Path(section.ledger or "outputs/judge_ledger.sqlite"),
        output_dir=output_dir,
        prompts_dir=conf_dir,
        stage_judges=stage_judges,
        max_cost_usd=section.max_cost_usd,
        min_parsed=section.min_parsed,
        dry_run=typed.dry_run,
        bootstrap_resamples=typed.report.bootstrap_resamples,
        mlflow_enabled=typed.mlflow.enabled,
        tracking_uri=typed.mlflow.tracking_uri,
        experiment_name=typed.mlflow.experiment_name,
        config=cfg,
        batch=batch_settings(section.batch),
    )


def batch_settings(cfg: BatchConfig) -> Any:
    """The ``gralgo.run.BatchSettings`` of a ``*.batch`` section; ``None`` when it is off."""
    if not cfg.enabled:
        return None
    from gralgo.run import BatchSettings

    return BatchSettings(
        wait=cfg.wait, fallback=cfg.fallback, poll_s=cfg.poll_s, max_poll_s=cfg.max_poll_s,
        max_requests=cfg.max_requests, collect=cfg.collect,
    )  # fmt: skip
