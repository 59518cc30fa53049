"""The config schema: one dataclass per Hydra group and the root, with value checks.

OmegaConf merges every composed config into these, so an unknown key (``+sampling.temprature``)
or a wrong type (``dataset.per_level=abc``) fails naming the key; :meth:`GralgoConfig.check`
then checks the value ranges. Task ``options`` and ``sampler_options`` and a source's ``files``
and ``options`` stay free-form: each task and source loader validates its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from omegaconf import MISSING

from gralgo.config._checks import at_least, between
from gralgo.config._model_schema import ModelConfig as ModelConfig  # GralgoConfig.model
from gralgo.errors import UnknownChoiceError


@dataclass
class PathsConfig:
    """``paths``: where outputs and caches live (``~`` is expanded)."""

    outputs: str = "outputs"
    """Run folders, ledger, MLflow store, default dataset folders."""
    cache: str | None = None
    """Parsed-source cache root (``<cache>/sources``); null = no cache."""


@dataclass
class DatasetConfig:
    """``dataset``: what is built (seed, size, formats) and where it lives."""

    seed: int = 0
    """Seed of every random choice in the build."""
    per_level: int = 1
    """Instances per (task, level)."""
    max_attempts: int = 200
    """Samples tried per instance before the build gives up."""
    formats: list[str] = field(
        default_factory=lambda: ["edge_list", "adjacency_list", "markdown_table", "numeric_ids"]
    )
    """Serialisation formats stored with each instance."""
    dir: str | None = None
    """Dataset folder; null = ``<paths.outputs>/datasets/<fingerprint>``."""
    workers: int = 0
    """Build processes (0 = one per CPU core)."""
    hard_split: bool = False
    """Also build (and evaluate) the ``hard`` split: per (task, level), up to ``per_level``
    draws of the same sampler, in a stream of their own, that no heuristic of the suite solves
    (design/data.md; off by default: it costs several times the paper build, see there)."""
    hard_max_draws: int = 50000
    """Draws the hard split tries per (task, level) at most."""
    count_tokens: bool = False
    """Fill every prompt's token count (cl100k); part of the data's fingerprint."""
    export: str | None = None
    """Also export the built dataset: ``parquet`` (one file per task), or null."""

    def check(self) -> None:
        at_least(self.per_level, 1, "dataset.per_level")
        # the hard split's draws are numbered from 1,000,000 (gralgo.dataset._hard_split)
        between(self.per_level, 1, 999_999, "dataset.per_level")
        at_least(self.hard_max_draws, 1, "dataset.hard_max_draws")
        at_least(self.max_attempts, 1, "dataset.max_attempts")
        at_least(self.workers, 0, "dataset.workers")


@dataclass
class SamplingConfig:
    """``sampling``: samples per prompt and decoding parameters."""

    k: int = 2
    """Samples drawn per prompt."""
    temperature: float = 0.6
    """Softmax temperature (>= 0)."""
    top_p: float = 0.95
    """Nucleus sampling mass, in (0, 1]."""
    min_p: float = 0.0
    """Minimum token probability relative to the top one, in [0, 1]."""
    max_tokens: int = 256
    """Completion token cap (>= 1)."""
    seed: int | None = None
    """Provider-side sampling seed; null = not sent."""
    logprobs: bool | None = None
    """Ask for per-token log-probabilities (token entropy analysis); null = not sent."""
    top_logprobs: int | None = None
    """Alternatives returned per token with ``logprobs``; null = not sent."""

    def check(self) -> None:
        at_least(self.k, 1, "sampling.k")
        at_least(self.top_logprobs, 0, "sampling.top_logprobs")
        at_least(self.temperature, 0, "sampling.temperature")
        at_least(self.top_p, 0, "sampling.top_p", strict=True)
        between(self.top_p, 0, 1, "sampling.top_p")
        between(self.min_p, 0, 1, "sampling.min_p")
        at_least(self.max_tokens, 1, "sampling.max_tokens")


@dataclass
class BatchConfig:
    """``run.batch``: the provider's batch API instead of live calls (``design/batch.md``)."""

    enabled: bool = False
    """Send samples through the batch API (OpenAI, Anthropic) at its price; ``run.batch=on``."""
    wait: bool = True
    """Wait for the batches and collect them; false = submit, print the command, exit 5."""
    fallback: str = "none"
    """``live``: samples a batch returned with an error are called live; ``none``: resubmitted."""
    poll_s: float = 30.0
    """First polling interval in seconds (doubles up to ``max_poll_s``)."""
    max_poll_s: float = 300.0
    max_requests: int | None = None
    """Lines per batch; null = the provider's limit (OpenAI 50,000, Anthropic 100,000)."""
    collect: str = "endpoint"
    """Which finished batches a run collects: ``endpoint`` (every one at its endpoint, also of
    jobs whose config changed since) or ``job`` (only this job's: a batch sweep's end collects
    each job so, and each job prices its own samples)."""

    def check(self, where: str = "run.batch") -> None:
        if self.fallback not in ("none", "live"):
            raise UnknownChoiceError(f"{where}.fallback", self.fallback, ("none", "live"))
        if self.collect not in ("endpoint", "job"):
            raise UnknownChoiceError(f"{where}.collect", self.collect, ("endpoint", "job"))
        at_least(self.poll_s, 0, f"{where}.poll_s", strict=True)
        at_least(self.max_poll_s, 0, f"{where}.max_poll_s", strict=True)
        at_least(self.max_requests, 1, f"{where}.max_requests")


@dataclass
class RunConfig:
    """``run``: how the runner calls models."""

    max_concurrency: int | None = None
    """Requests in flight per endpoint; null = the model's own limit."""
    max_attempts: int = 6
    """Tries per sample (transient failures are retried)."""
    timeout_s: float = 600.0
    """Per-request timeout in seconds."""
    failure_budget: float = 0.25
    """Stop once more than this share of samples failed permanently."""
    client: str = "auto"
    """auto (direct client for self-hosted OpenAI-compatible servers), litellm or direct."""
    grace_s: float = 25.0
    """After SIGTERM/SIGINT: seconds to keep receiving the replies in flight (no new calls)."""
    batch: BatchConfig = field(default_factory=BatchConfig)
    """The provider's batch API (``run.batch=on``)."""

    def check(self) -> None:
        at_least(self.grace_s, 0, "run.grace_s")
        self.batch.check()
        at_least(self.max_concurrency, 1, "run.max_concurrency")
        at_least(self.max_attempts, 1, "run.max_attempts")
        at_least(self.timeout_s, 0, "run.timeout_s", strict=True)
        between(self.failure_budget, 0, 1, "run.failure_budget")


@dataclass
class LedgerConfig:
    """``ledger``: the SQLite file every sample is committed to."""

    path: str = "outputs/ledger.sqlite"
    """Ledger file (``~`` is expanded)."""
    url: str | None = None
    """``postgresql://user@host/db``: a server ledger shared across machines (no password in it:
    use PGPASSWORD or ~/.pgpass); null = the SQLite file at ``path``."""


@dataclass
class MlflowConfig:
    """``mlflow``: where runs are logged."""

    enabled: bool = True
    """Log each job as an MLflow run."""
    tracking_uri: str = "sqlite:///outputs/mlflow.db"
    """MLflow tracking URI."""
    experiment_name: str = "gralgo"
    """MLflow experiment."""
    log_duplicates: bool = False
    """Log a run even when identical results are already logged."""


@dataclass
class ReportConfig:
    """``report``: scoring and table options."""

    bootstrap_resamples: int = 1000
    """Bootstrap resamples for the 95 % intervals."""

    def check(self) -> None:
        at_least(self.bootstrap_resamples, 1, "report.bootstrap_resamples")


@dataclass
class CompareConfig:
    """``compare``: inputs of ``command=compare``."""

    inputs: list[str] = field(default_factory=list)
    """Job or sweep folders to put side by side."""


@dataclass
class AuditConfig:
    """``audit``: the held-out check of ``command=audit``."""

    heldout_seed: int = 20261206
    """A seed the heuristic suite was not designed on (those were 0, 1 and 2): the audit builds
    the dataset's tasks and levels again at it and reports every heuristic beating chance."""
    heldout_per_level: int = 20
    """Instances per task and level of that held-out build (0: skip the check)."""


@dataclass
class SourceEntryConfig:
    """``source.<name>``: one real-world graph source."""

    kind: str = MISSING
    """Loader kind (osm, openflights, wikipedia, dbpedia, dblp)."""
    files: dict[str, Any] = field(default_factory=dict)
    """Role → file path (null = the embedded sample); checked by the loader."""
    options: dict[str, Any] = field(default_factory=dict)
    """Loader options; checked by the loader."""


@dataclass
class TaskEntryConfig:
    """``task.<name>``: one task's source, sampler and options."""

    name: str = MISSING
    """Task name (``gralgo.tasks.TASKS``)."""
    source: str = MISSING
    """Source the task samples from (a ``source.<name>``)."""
    sampler: str = MISSING
    """Sampler name."""
    sampler_options: dict[str, Any] = field(default_factory=dict)
    """Sampler options; checked by the sampler."""
    options: dict[str, Any] = field(default_factory=dict)
    """Task options; checked by the task."""
    max_mean_degree: float | None = None
    """Cap a sample's mean degree (dense sources); null = no cap."""
    impl: str | None = None
    """``module:Class`` of a task outside ``gralgo/tasks`` (importable from ``sys.path``);
    null = the built-in task of this name."""

    def check(self, name: str) -> None:
        at_least(self.max_mean_degree, 0, f"task.{name}.max_mean_degree", strict=True)


@dataclass
class FormatConfig:
    """``format``: the serialisation used in prompts."""

    name: str = "edge_list"
    """A ``gralgo.formats.FORMATS`` name."""


@dataclass
class ErdosRenyiConfig:
    """``context.erdos_renyi``: seeded G(n, p) graphs per task (algorithm-family analysis)."""

    n_graphs: int = 300
    """Graphs per task."""
    n_nodes: list[int] = field(default_factory=lambda: [8, 15])
    """Node-count range [low, high]."""
    p: float = 0.3
    """Edge probability."""
    weight_range: list[int] = field(default_factory=lambda: [1, 100])
    """Integer weight range [low, high] for weighted tasks."""

    def check(self) -> None:
        at_least(self.n_graphs, 1, "context.erdos_renyi.n_graphs")
        between(self.p, 0, 1, "context.erdos_renyi.p")
        for name, pair in (("n_nodes", self.n_nodes), ("weight_range", self.weight_range)):
            if len(pair) != 2 or pair[0] > pair[1]:
                from gralgo.errors import ConfigError

                raise ConfigError(f"context.erdos_renyi.{name} must be [low, high]; got {pair}")


@dataclass
class SegmentationConfig:
    """How ``analysis=overthinking`` and ``analysis=self_verification`` split a response into
    segments (Eq. 1). These keys of their ``analysis`` section are checked against this
    schema when the analysis starts (the section itself is free-form: one per analysis)."""

    segmentation: str = "markers"
    """``markers``: at the marker words; ``entropy``: at high-entropy word tokens, from the
    logprobs stored with the evaluated job (``sampling.logprobs=true``)."""
    markers: list[str] = field(default_factory=lambda: ["wait", "but", "so"])
    """Marker words (whole words, case-insensitive) of ``segmentation=markers``."""
    entropy_threshold: float | None = None
    """``segmentation=entropy``: a token is a marker at or above this entropy (nats);
    null = the response's ``entropy_quantile`` of its token entropies."""
    entropy_quantile: float = 0.95
    """``segmentation=entropy`` without a threshold: the per-response entropy quantile."""

    def check(self) -> None:
        if self.segmentation not in ("markers", "entropy"):
            from gralgo.errors import ConfigError

            raise ConfigError(
                f"analysis.segmentation must be markers or entropy, got {self.segmentation!r}"
            )
        between(self.entropy_quantile, 0, 1, "analysis.entropy_quantile")
        at_least(self.entropy_quantile, 0, "analysis.entropy_quantile", strict=True)
        at_least(self.entropy_threshold, 0, "analysis.entropy_threshold")


@dataclass
class AnalyzeConfig:
    """``analyze``: inputs and judge bookkeeping of ``command=analyze``."""

    inputs: list[str] = field(default_factory=list)
    """Finished evaluation job folders (or ledger files) the analysis reads."""
    ledger: str = "outputs/judge_ledger.sqlite"
    """Ledger of the judge's calls."""
    max_reasks: int = 2
    """Re-asks of an invalid judge reply before it counts as unparsed."""
    max_tokens: int = 2048
    """Judge completion cap."""
    max_fresh_asks: int = 2
    """Later runs that ask a query afresh when its stored verdict is still invalid (0: replay
    invalid verdicts as final)."""
    reask_prompt: str = "prompts/judge/reask.txt"
    """The follow-up sent after an invalid reply (``$error``: the parse error); relative to
    ``conf/``. Its text is part of every re-ask's request key."""
    judges: dict[str, Any] = field(default_factory=dict)
    """A judge per analysis stage (``section``, ``classify``, ``locate``, ``behaviour``,
    ``family``): a ``conf/model`` name, or a model config written on the command line
    (``analyze.judges.classify.name=... analyze.judges.classify.api_base=...``: an
    OpenAI-compatible server, or the preset named by ``.preset`` with these keys changed);
    unset stages use ``judge``."""
    judge_context_tokens: int | None = None
    """The judges' context window in tokens; null = from the judge's config (its server's
    ``n_ctx``, else litellm's model map; unknown: nothing is fitted)."""
    max_cost_usd: float | None = None
    """Refuse an analysis whose judge plan may cost more (upper bound, every re-ask); null =
    no budget."""
    min_parsed: float = 0.5
    """Each judge stage must analyse something and parse at least this share of the questions
    the judge answered (after re-asks); else the analysis exits 3 with one ERROR line."""
    batch: BatchConfig = field(default_factory=BatchConfig)
    """The judges' calls through the provider's batch API (``analyze.batch=on``); each stage
    (and each round of re-asks) is one set of batches."""

    def check(self) -> None:
        self.batch.check("analyze.batch")
        at_least(self.max_reasks, 0, "analyze.max_reasks")
        at_least(self.max_tokens, 1, "analyze.max_tokens")
        at_least(self.max_fresh_asks, 0, "analyze.max_fresh_asks")
        at_least(self.judge_context_tokens, 1, "analyze.judge_context_tokens")
        at_least(self.max_cost_usd, 0, "analyze.max_cost_usd")
        between(self.min_parsed, 0, 1, "analyze.min_parsed")


@dataclass
class ContextConfig:
    """``context``: standard prompts, or the long-context variants."""

    name: str = "standard"
    """Context name (``standard`` or ``long``)."""
    targets: list[int] = field(default_factory=list)
    """Prompt token targets; empty = standard prompts."""
    tokenizer: str = "cl100k_base"
    """tiktoken encoding used to measure prompts."""
    tolerance: float = 0.05
    """Allowed relative deviation from each target."""
    tasks: list[str] | None = None
    """Tasks this context supports; null = all."""
    n_graphs: int = 50
    """Fixed graphs per task."""
    n_nodes: int = 80
    """Nodes per fixed graph."""
    n_edges: int = 200
    """Edges per fixed graph."""
    source: str = "wikispeedia"
    """Source of the fixed graphs."""
    erdos_renyi: ErdosRenyiConfig | None = None
    """Set by ``context=erdos_renyi``: Erdős–Rényi graphs instead of real samples."""

    def check(self) -> None:
        if self.erdos_renyi is not None:
            self.erdos_renyi.check()
        for target in self.targets:
            at_least(target, 1, "context.targets")
        between(self.tolerance, 0, 1, "context.tolerance")
        at_least(self.n_graphs, 1, "context.n_graphs")
        at_least(self.n_nodes, 2, "context.n_nodes")
        at_least(self.n_edges, 1, "context.n_edges")


@dataclass
class ToolModeConfig:
    """``mode.tool``: bounds of a tool-use conversation."""

    max_tool_calls: int = 6
    """Code executions per sample."""
    max_completion_tokens: int | None = None
    """Stop a conversation after this many completion tokens; null = no bound."""
    native_tools: Any = True
    """true, false (fenced-block fallback) or auto."""

    def check(self) -> None:
        at_least(self.max_tool_calls, 1, "mode.tool.max_tool_calls")
        at_least(self.max_completion_tokens, 1, "mode.tool.max_completion_tokens")


@dataclass
class ModeConfig:
    """``mode``: how the model answers (direct, tool, certificate)."""

    name: str = "direct"
    """direct (one boxed answer), tool (may run Python) or certificate (returns the witness)."""
    tool: ToolModeConfig = field(default_factory=ToolModeConfig)
    """Tool-use bounds (mode=tool)."""


@dataclass
class SandboxConfig:
    """``sandbox``: limits of the code sandbox of ``mode=tool`` (design/sandbox.md)."""

    wall_time_s: float = 10.0
    """Wall-clock limit per execution."""
    cpu_time_s: int = 10
    """CPU-time limit per execution."""
    memory_mb: int = 1024
    """Memory budget of the whole sandbox (all processes and its tmpfs mounts)."""
    disk_mb: int = 32
    """Size of each of the sandbox's tmpfs mounts (work dir, /tmp)."""
    file_size_mb: int = 16
    """Largest file the code may write."""
    max_processes: int = 4
    """Processes and threads the code may run."""
    max_open_files: int = 32
    """Open file descriptors per process (also bounds the socket/pipe buffers in the budget)."""
    max_output_bytes: int = 16384
    """stdout/stderr kept per execution."""
    allow_unisolated: bool = False
    """Accept bubblewrap without the seccomp filter when it cannot be built (weaker)."""
    allow_no_memory_cgroup: bool = False
    """Accept rlimits alone when no memory cgroup per sandbox can be made (weaker: page tables
    and other kernel memory are not counted)."""


@dataclass
class GralgoConfig:
    """The root config (``conf/config.yaml`` plus the chosen group options)."""

    command: str = "evaluate"
    """evaluate, build, compare, audit or analyze."""
    level: Any = field(default_factory=lambda: [1])
    """``all``, one level (1..6) or a list."""
    dry_run: bool = False
    """Plan and estimate cost; call nothing."""
    paths: PathsConfig = field(default_factory=PathsConfig)
    """Output and cache roots."""
    dataset: DatasetConfig = field(default_factory=DatasetConfig)
    """Dataset build options."""
    sampling: SamplingConfig = field(default_factory=SamplingConfig)
    """Samples per prompt and decoding."""
    run: RunConfig = field(default_factory=RunConfig)
    """Runner limits."""
    ledger: LedgerConfig = field(default_factory=LedgerConfig)
    """Ledger file."""
    mlflow: MlflowConfig = field(default_factory=MlflowConfig)
    """MLflow logging."""
    report: ReportConfig = field(default_factory=ReportConfig)
    """Scoring options."""
    compare: CompareConfig = field(default_factory=CompareConfig)
    """``command=compare`` inputs."""
    audit: AuditConfig = field(default_factory=AuditConfig)
    """``command=audit``'s held-out heuristic check."""
    source: dict[str, SourceEntryConfig] = field(default_factory=dict)
    """Available sources by name."""
    task: dict[str, TaskEntryConfig] = field(default_factory=dict)
    """Selected tasks by name."""
    format: FormatConfig = field(default_factory=FormatConfig)
    """Prompt serialisation."""
    context: ContextConfig = field(default_factory=ContextConfig)
    """Standard or long context."""
    model: ModelConfig = field(default_factory=ModelConfig)
    """The model under evaluation."""
    judge: ModelConfig | None = None
    """The judge model of ``command=analyze`` (any ``conf/model`` entry)."""
    analysis: Any = None
    """The analysis ``command=analyze`` runs (``conf/analysis``; checked by the analysis)."""
    analyze: AnalyzeConfig = field(default_factory=AnalyzeConfig)
    """``command=analyze`` inputs and judge ledger."""
    mode: ModeConfig = field(default_factory=ModeConfig)
    """Answer mode."""
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    """Code sandbox limits (mode=tool)."""

    def check(self) -> None:
        """Value ranges (types and key names are checked by OmegaConf's merge)."""
        self.dataset.check()
        self.sampling.check()
        self.run.check()
        self.report.check()
        self.context.check()
        self.model.check()
        self.analyze.check()
        self.mode.tool.check()
        for name, task in self.task.items():
            task.check(name)
