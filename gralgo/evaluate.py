"""One evaluation job: dataset -> requests -> ledger/runner -> scores -> tables, plots, MLflow."""

from __future__ import annotations

import contextlib
import functools
import json
import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gralgo.dataset import Instance, ensure_dataset, read_instances
from gralgo.job import (
    EvaluationResult,
    ResultsDigests,
    finish_record,
    results_digests,
    reuse_results,
    start_record,
)
from gralgo.ledger import LedgerStore, ModelSpec, Request, SamplingParams
from gralgo.run import Plan, build_requests, estimate_cost, resolve_tool_calling
from gralgo.settings import AppSettings
from gralgo.tracking import JobRun

if TYPE_CHECKING:
    from gralgo.report import JobClock
    from gralgo.run import SendReport, Transport

log = logging.getLogger("gralgo")


def job_output_dir(settings: AppSettings) -> Path:
    """Hydra's per-job output directory, or a fresh one under outputs/ outside Hydra."""
    from hydra.core.hydra_config import HydraConfig

    if HydraConfig.initialized():
        return Path(HydraConfig.get().runtime.output_dir)
    import time

    stem = settings.outputs_dir / "runs" / time.strftime("%Y-%m-%d/%H-%M-%S")
    stem.parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(1000):  # jobs started within the same second get their own folder
        path = stem if attempt == 0 else stem.with_name(f"{stem.name}-{attempt}")
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"no free run folder next to {stem}")


def load_instances(settings: AppSettings) -> list[Instance]:
    spec = settings.dataset
    directory = ensure_dataset(
        spec,
        settings.dataset_dir,
        explicit=settings.dataset_dir_explicit,
        formats=[settings.format],
    )
    fixed_sizes = spec.long_context is not None or spec.erdos_renyi is not None  # no levels
    return read_instances(
        directory,
        tasks=sorted(spec.tasks),
        levels=None if fixed_sizes else list(spec.levels),
        per_level=spec.options.per_level,
        context=None if fixed_sizes else "standard",
        formats=[settings.format],
        # The job sends prompts and checks answers; only certificates are checked on the graph.
        with_graphs=settings.mode.name == "certificate",
        cache_dir=spec.cache_dir,  # files hashed once while unchanged, not every job
    )


def check_before_work(settings: AppSettings) -> None:
    """The key and the endpoint of an evaluation that will call a model, checked before
    anything is built or written (the CLI calls it before Hydra makes the run folder): a missing
    key, an unknown provider or a dead endpoint is one line naming the setting to fix. A managed
    local server is started later, by the job; a dry run calls nothing."""
    from gralgo.run import preflight, server_settings_from_config

    if settings.command != "evaluate" or settings.dry_run:
        return
    sandbox_record(settings)  # tool mode fails closed first: no sandbox, no job to call for
    if server_settings_from_config(settings.model) is not None:
        return
    spec, _ = resolve_model(settings)
    preflight(spec)


def resolve_model(settings: AppSettings) -> tuple[ModelSpec, SamplingParams]:
    """The model spec and the sampling parameters after the model's own overrides.

    A model config's ``sampling`` overrides the global one, except ``max_tokens``, where the
    smaller value wins (a model's cap, e.g. a small context window, is a limit, not a target).
    A managed local server gets a stable ``endpoint_id``, so its random port never changes
    request keys.
    """
    from gralgo.run import (
        model_spec_from_config,
        sampling_overrides_from_config,
        server_settings_from_config,
    )

    spec = model_spec_from_config(settings.model)
    server = server_settings_from_config(settings.model)
    if server is not None:
        spec = replace(spec, endpoint_id=server.endpoint_id)
    sampling = settings.sampling
    overrides = dict(sampling_overrides_from_config(settings.model))
    if "max_tokens" in overrides:
        overrides["max_tokens"] = min(int(overrides["max_tokens"]), sampling.max_tokens)
    return spec, replace(sampling, **overrides)


def typical_reply(
    settings: AppSettings, observed: Sequence[int], max_tokens: int
) -> tuple[float | None, str]:
    """Completion tokens of a typical reply and where that comes from: the configured
    ``model.price.typical_completion_tokens``, else the mean of ``observed`` (this job's replies
    in the ledger), capped at ``max_tokens``."""
    configured = settings.model.price.typical_completion_tokens
    if configured is not None:
        return float(min(configured, max_tokens)), "model.price.typical_completion_tokens"
    if observed:
        mean = sum(observed) / len(observed)
        return min(mean, float(max_tokens)), f"the mean of {len(observed)} replies in the ledger"
    return None, "set model.price.typical_completion_tokens, or run some samples first"


def plan_run(
    settings: AppSettings,
    requests: Sequence[Request],
    todo: Sequence[tuple[Request, int]],
    max_tokens: int,
    observed: Sequence[int] = (),
    transport: str = "live",
) -> Plan:
    """The job's plan: its requests, the samples to send and their tokens, the cost bound at
    the live and the batch price and a typical cost; ``transport`` names how they are sent."""
    completion = len(todo) * max_tokens
    prompt_tokens: int | None = 0 if not todo else None  # nothing to send: nothing to count
    if todo and (settings.dry_run or plan_is_priced(settings)):
        prompt_tokens = count_prompt_tokens(settings, todo)
    cost = None
    if todo and prompt_tokens is not None:
        price = settings.model.price
        cost = estimate_cost(
            settings.model.litellm_model,
            prompt_tokens,
            completion,
            {"input_per_1m": price.input_per_1m, "output_per_1m": price.output_per_1m},
        )
    batch_cost, batch_note = plan_batch_price(settings, prompt_tokens or 0, completion)
    typical, typical_note = typical_reply(settings, observed, max_tokens)
    typical_cost = None
    if typical is not None and prompt_tokens is not None:
        typical_cost = 0.0 if not todo else estimate_cost(
            settings.model.litellm_model, prompt_tokens, round(typical * len(todo)),
            {"input_per_1m": settings.model.price.input_per_1m,
             "output_per_1m": settings.model.price.output_per_1m},
        )  # fmt: skip
    return Plan(
        typical_completion_tokens=typical,
        typical_cost_usd=typical_cost,
        typical_note=typical_note,
        requests=len(requests),
        samples_total=len(requests) * settings.k,
        samples_todo=len(todo),
        prompt_tokens_todo=prompt_tokens,
        max_completion_tokens_todo=completion,
        estimated_cost_usd=0.0 if not todo else cost,
        batch_cost_usd=batch_cost,
        batch_note=batch_note,
        batch=transport == "batch",
    )


def plan_is_priced(settings: AppSettings) -> bool:
    """Whether the plan can price this job (a configured or known price, or a batch price):
    only then are its prompt tokens worth counting outside a dry run (counting a new dataset's
    ~2,000 prompts costs ~3.5 s of CPU; a job on an unpriced model would spend it on one log
    line)."""
    price = settings.model.price
    rates = {"input_per_1m": price.input_per_1m, "output_per_1m": price.output_per_1m}
    if estimate_cost(settings.model.litellm_model, 0, 0, rates) is not None:
        return True
    return plan_batch_price(settings, 0, 0)[0] is not None


def count_prompt_tokens(settings: AppSettings, todo: Sequence[tuple[Request, int]]) -> int:
    """The prompt tokens of the pending samples, each prompt counted once (once per machine)."""
    from gralgo.formats import count_tokens_cached

    pending = {r.key: r for r, _ in todo}
    texts = [r.messages[-1]["content"] for r in pending.values()]
    # A request key hashes its messages: known keys are counted without hashing the prompts.
    counts = count_tokens_cached(texts, settings.dataset.cache_dir, names=list(pending))
    tokens_by_key = dict(zip(pending, counts, strict=True))
    return sum(tokens_by_key[r.key] for r, _ in todo)


def job_pricer(settings: AppSettings) -> Callable[[Any], float | None]:
    """The job's pricing rule for one stored sample (the progress bar's, as the summary's)."""
    from gralgo.report import sample_pricer

    return sample_pricer(settings.model.litellm_model, price_settings(settings))


def price_settings(settings: AppSettings) -> dict[str, float | None]:
    price = settings.model.price
    return {
        "input_per_1m": price.input_per_1m,
        "output_per_1m": price.output_per_1m,
        "batch_discount": price.batch_discount,
    }


def plan_batch_price(
    settings: AppSettings, prompt_tokens: int, completion_tokens: int
) -> tuple[float | None, str]:
    """The plan's batch price (upper bound) and where it comes from (or why there is none)."""
    from gralgo.run import batch_rates

    model = settings.model.litellm_model
    provider = model.split("/", 1)[0]
    if provider not in ("openai", "anthropic", "hosted_vllm", "gemini"):
        return None, f"{provider} has no batch API in gralgo"
    rates = batch_rates(model, price_settings(settings))
    if rates is None:
        return None, "no batch price known: set model.price.batch_discount"
    source = "litellm batch prices" if rates.source == "litellm" else "live price less discount"
    return prompt_tokens * rates.input + completion_tokens * rates.output, source


def sandbox_record(settings: AppSettings, out_dir: Path | None = None) -> dict[str, str]:
    """``mode=tool``: the sandbox backend and its guarantees (logged; WARNING when weaker), as
    job.json, the MLflow run and the tool-use table record them; ``{}`` for other modes.

    Raises (naming the fix) when no acceptable backend works, or (given the job's ``out_dir``)
    when the dataset, the ledger, the outputs or the checkout would be visible inside it.
    """
    if settings.mode.name != "tool":
        return {}
    from gralgo.sandbox import (
        GUARANTEES,
        backend_record,
        check_hidden,
        detect_isolation,
        memory_cgroup_mode,
    )

    sandbox = settings.mode.tool.sandbox
    isolation = detect_isolation(sandbox.allow_unisolated)
    memory = memory_cgroup_mode(sandbox.allow_no_memory_cgroup)
    if out_dir is not None:  # the job's first check: say once what model code runs in
        check_hidden([*sandbox_hidden_paths(settings), out_dir])
        level = logging.INFO if isolation == "bwrap" else logging.WARNING
        log.log(level, "tool mode: model code runs in a fresh %s sandbox per call (%s)",
                isolation, GUARANTEES[isolation])  # fmt: skip
    return backend_record(isolation, memory)


def sandbox_hidden_paths(settings: AppSettings) -> list[Path]:
    """Every path a job reads or writes that model code must not see: the dataset, the
    outputs, the ledger, the MLflow store and its artifacts, the cache and the checkout."""
    from gralgo.config import mlflow_store_dir

    hidden = [settings.dataset_dir, settings.outputs_dir, Path.cwd()]
    if settings.ledger_url is None:
        hidden.append(settings.ledger_path)
    cache = (settings.config.get("paths") or {}).get("cache")
    if cache:
        hidden.append(Path(str(cache)).expanduser())
    store = mlflow_store_dir(settings.mlflow.tracking_uri) if settings.mlflow.enabled else None
    if store is not None:
        hidden += [store.expanduser(), store.expanduser() / "mlartifacts"]
    return hidden


def check_sandbox_paths(settings: AppSettings, run_dirs: Sequence[Path]) -> None:
    """``mode=tool``: raise (one line naming the path) when a path the job reads or writes, or
    its run folder, would be visible to model code: called before Hydra writes anything."""
    if settings.mode.name != "tool":
        return
    from gralgo.sandbox import check_hidden

    check_hidden([*sandbox_hidden_paths(settings), *run_dirs])


def job_report_settings(settings: AppSettings) -> Any:
    """The report settings of this job, with the sandbox it ran code in (mode=tool)."""
    return replace(settings.report_settings(), sandbox=sandbox_record(settings))


def register_job(
    settings: AppSettings,
    out_dir: Path,
    ledger: LedgerStore,
    instances: Sequence[Instance],
    requests: Sequence[Request],
    spec: ModelSpec,
    sampling: SamplingParams,
) -> None:
    """Describe the requests in the ledger and record the job, before any call is made."""
    from gralgo.run import describe_request

    ledger.register_requests(
        describe_request(r, i, settings.format) for r, i in zip(requests, instances, strict=True)
    )
    start_record(settings, out_dir, spec, sampling, requests, sandbox_record(settings))


def samples_table(out_dir: Path, mode: str = "direct") -> Any:
    """One row per (instance, sample index < k) of the job in ``out_dir``, via the reader.

    No reasoning, and no answer text either: each answer's boxed part is taken as it is read
    (``extracted``), so a job's answers are never all in memory; the transcripts stream both
    texts from the ledger. Certificate mode keeps the answers (its checker reads them)."""
    from gralgo.results import read_samples
    from gralgo.score import boxed_answer

    if mode == "certificate":
        return read_samples(out_dir, reasoning=False)
    frame = read_samples(out_dir, reasoning=False, answer_text=boxed_answer)
    return frame.rename(columns={"answer_text": "extracted"})


def with_instance_columns(frame: Any, instances: Sequence[Instance]) -> Any:
    """The samples table plus what scoring, the transcript viewer and the guessing baseline
    need from each instance: its expected answer and prompt (in the job's format), its graph's
    size and its heuristics' credits.

    The expected answer is the dataset's, never the ledger's ``requests`` row (which keeps the
    first description of a request key): a corrected answer in a re-signed dataset is scored."""
    import pandas as pd

    by_id = {instance.id: instance for instance in instances}
    ids = frame["instance_id"].tolist()
    fmt = frame["format"].tolist()
    frame = frame.copy()
    shown = [
        by_id[i].prompts[f] if i in by_id and f in by_id[i].prompts else None
        for i, f in zip(ids, fmt, strict=True)
    ]
    frame["expected"] = [
        old if prompt is None else prompt.answer
        for old, prompt in zip(frame["expected"].tolist(), shown, strict=True)
    ]
    prompts = [None if prompt is None else prompt.text for prompt in shown]
    # object dtype: k rows share each instance's prompt instead of k copies of its text
    frame["prompt"] = pd.Series(prompts, index=frame.index, dtype=object)
    frame["graph_nodes"] = [by_id[i].n_nodes if i in by_id else None for i in ids]
    frame["graph_edges"] = [by_id[i].n_edges if i in by_id else None for i in ids]
    frame["n_nodes"] = frame["graph_nodes"]
    # The exact answer's certificate (clique, path, reach set ...): report.html shows it beside
    # the model's answer, once per instance.
    certificates = [by_id[i].certificate if i in by_id else None for i in ids]
    frame["certificate"] = pd.Series(certificates, index=frame.index, dtype=object)
    # Named heuristics' credits (JSON, one string per instance shared by its samples): the
    # report's "best heuristic" baseline.
    credits = {
        i: json.dumps(by_id[i].provenance["heuristics"], sort_keys=True)
        for i in set(ids)
        if i in by_id and "heuristics" in by_id[i].provenance
    }
    frame["heuristics"] = pd.Series([credits.get(i) for i in ids], index=frame.index, dtype=object)
    # Split membership (paper / hard) and overlap cluster: the reports score each split apart
    # and resample overlapping instances together (gralgo.score.aggregate).
    from gralgo.score import CLUSTER_COLUMN, SPLITS_COLUMN, splits_text

    splits = {i: splits_text(by_id[i].splits) for i in set(ids) if i in by_id}
    frame[SPLITS_COLUMN] = pd.Series([splits.get(i) for i in ids], index=frame.index, dtype=object)
    clusters = {
        i: str(by_id[i].provenance["overlap_cluster"])
        for i in set(ids)
        if i in by_id and by_id[i].provenance.get("overlap_cluster") is not None
    }
    frame[CLUSTER_COLUMN] = pd.Series([clusters.get(i) for i in ids], index=frame.index,
                                      dtype=object)  # fmt: skip
    return frame


def with_certificate_verdicts(
    settings: AppSettings, frame: Any, instances: Sequence[Instance]
) -> Any:
    """Certificate mode: each sample's verdict, ratio and first flaw, for the report page and
    the certificate table alike (checked once)."""
    from gralgo.formats import get_format
    from gralgo.score import certificate_verdicts

    task_options = {name: t.options for name, t in settings.dataset.tasks.items()}
    by_id = {instance.id: instance for instance in instances}
    numeric = get_format(settings.format).codec.numeric
    return certificate_verdicts(frame, by_id, numeric, task_options)


def dry_run(settings: AppSettings) -> EvaluationResult:
    """``dry_run=true``: the plan (requests, tokens, the upper-bound and the typical cost),
    printed once. It writes no run record, ledger or MLflow run: only the dataset it plans for
    (kept for the real run) and the token counts' cache; an existing ledger is read."""
    from gralgo.ledger import open_ledger

    instances = load_instances(settings)
    if not instances:
        raise_no_instances(settings)
    spec, sampling = resolve_model(settings)
    settings = replace(settings, mode=resolve_tool_calling(settings.mode, spec.litellm_model))
    task_options = {name: t.options for name, t in settings.dataset.tasks.items()}
    requests = build_requests(
        instances, settings.format, spec, sampling, settings.mode, task_options
    )
    transport = job_transport(settings)
    transport.check(requests, tool=settings.mode.name == "tool")
    location = settings.ledger_url or settings.ledger_path
    observed: list[int] = []
    if settings.ledger_url is None and not settings.ledger_path.is_file():
        unique = {r.key: r for r in requests}
        todo = [(r, i) for r in unique.values() for i in range(settings.k)]
    else:
        with open_ledger(location) as ledger:
            todo = ledger.missing(requests, settings.k)
            stored = ledger.samples({r.key for r in requests}).values()
            observed = [r.completion_tokens for r in stored if r.ok and r.completion_tokens]
    plan = plan_run(settings, requests, todo, sampling.max_tokens, observed, transport.name)
    print("\n".join(["dry run: nothing was called", *plan.lines()]))
    return EvaluationResult(settings.outputs_dir, plan, 0, {}, [], None)


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """While the job runs, SIGTERM and SIGINT raise :class:`~gralgo.errors.RunInterrupted` (in
    every phase: planning, scoring, reports, logging; the runner handles them itself while it
    calls), so the MLflow run is marked KILLED at once and ``python -m gralgo`` exits 4 with
    one line. Main thread only; the previous handlers come back afterwards."""
    import signal
    import threading

    from gralgo.errors import RunInterrupted

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        name = signal.Signals(signum).name
        raise RunInterrupted(
            f"{name}: the job stopped (every reply received is in the ledger); run the same "
            "command again to finish it",
            name,
        )

    previous = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def evaluate(settings: AppSettings) -> EvaluationResult:
    """Run (or resume) one evaluation job and report it."""
    from gralgo.job import detach_shared_files
    from gralgo.ledger import check_ledger_location, open_ledger
    from gralgo.report import JobClock
    from gralgo.run import report_dropped_params, send_samples

    if settings.dry_run:
        return dry_run(settings)
    clock = JobClock.from_process_start()  # the whole job: start-up, dataset, plan, calls, ...
    out_dir = job_output_dir(settings)
    reused = reuse_results(settings, out_dir, clock)  # gralgo.job: the record says what is current
    if reused is not None:
        return reused
    # tool mode: refuse before the dataset is built or anything called when model code could not
    # run, or could see the dataset, the ledger, the outputs or the checkout
    sandbox_record(settings, out_dir)
    detach_shared_files(out_dir)  # results linked from another job's folder are rewritten
    instances = load_instances(settings)
    clock.lap("dataset")
    if not instances:
        raise_no_instances(settings)
    spec, sampling = resolve_model(settings)
    settings = replace(settings, mode=resolve_tool_calling(settings.mode, spec.litellm_model))
    transport = job_transport(settings, out_dir)  # live calls, or the provider's batch API
    dropped = report_dropped_params(spec, sampling)
    if dropped:
        log.warning("model %s does not accept %s: not sent", spec.litellm_model, ", ".join(dropped))
    task_options = {name: t.options for name, t in settings.dataset.tasks.items()}
    requests = build_requests(
        instances, settings.format, spec, sampling, settings.mode, task_options
    )
    transport.check(requests, tool=settings.mode.name == "tool")
    settings.ledger_path.parent.mkdir(parents=True, exist_ok=True)
    if settings.ledger_url is None:
        check_ledger_location(settings.ledger_path)
    location = settings.ledger_url or settings.ledger_path
    with signals_interrupt(), JobRun(job_report_settings(settings)) as job_run:
        with open_ledger(location) as ledger:  # closed after the calls: nothing else writes
            register_job(settings, out_dir, ledger, instances, requests, spec, sampling)
            todo = ledger.missing(requests, settings.k)
            plan = plan_run(settings, requests, todo, sampling.max_tokens, (), transport.name)
            for line in plan.lines():
                log.info("plan: %s", line)
            clock.lap("plan")

            def started() -> None:  # MLflow shows the real duration, and a crash as FAILED
                job_run.start()
                clock.lap("mlflow")

            # The one way samples go out, live or in batches; a job whose batches are left
            # running at the provider raises BatchSubmitted here, before its run is started.
            sent = send_samples(transport, requests, todo, ledger, started)
            clock.lap("calls")
        extra = None
        # Certificate results also read the direct-mode samples of the same instances.
        dependencies = (
            direct_request_keys(settings, instances, spec, sampling)
            if settings.mode.name == "certificate"
            else []
        )
        if settings.mode.name == "certificate":

            def extra(frame: Any) -> tuple[list[Path], dict[str, float]]:
                return certificate_artifacts(settings, out_dir, frame, instances, dependencies)

        digests: list[ResultsDigests] = []

        def while_logging(complete: bool, run_id: str | None) -> None:
            # The record's digests (the ledger is closed), taken while MLflow logs the results
            # instead of after: the job would only wait for it. Without a run, at the end.
            if complete and run_id is not None:
                digests.append(results_digests(settings, out_dir, dependencies))

        result = report_results(settings, out_dir, plan, instances, sent.stop_reason, extra,
                                job_run, clock, sent, while_logging)  # fmt: skip
    finish_record(settings, out_dir, result, job_run.experiment_id, dependencies,
                  digests[0] if digests else None)  # fmt: skip
    return result


def certificate_artifacts(
    settings: AppSettings,
    out_dir: Path,
    frame: Any,
    instances: Sequence[Instance],
    direct_keys: Sequence[str],
) -> tuple[list[Path], dict[str, float]]:
    """The certificate report, with the accuracy of the direct-mode requests ``direct_keys``
    of the same instances from the ledger."""
    from gralgo.formats import get_format
    from gralgo.report import certificate_report

    task_options = {name: t.options for name, t in settings.dataset.tasks.items()}
    paths, metrics = certificate_report(
        frame,
        instances,
        get_format(settings.format).codec.numeric,
        out_dir,
        task_options,
        direct_accuracy(settings, direct_keys),
    )
    # The accuracy tables above score the box literally (a witness is never "the number"); the
    # certificate table is this mode's result, so it is printed too.
    print(next(p for p in paths if p.suffix == ".md").read_text(encoding="utf-8"))
    return paths, metrics


def direct_accuracy(settings: AppSettings, direct_keys: Sequence[str]) -> Any:
    """Accuracy per task x level of the samples of ``direct_keys`` (``mode=direct`` requests
    of the same instances, model, format and sampling) already in the ledger; ``None`` when
    there are none."""
    from gralgo.results import read_samples
    from gralgo.score import instance_metrics, score_samples

    keys = set(direct_keys)
    if not settings.ledger_path.is_file():
        return None
    frame = read_samples(settings.ledger_path, reasoning=False)
    frame = frame[frame["request_key"].isin(keys) & frame["error_class"].isna()]
    frame = frame[frame["sample_index"] < settings.k]
    if frame.empty:
        return None
    inst = instance_metrics(score_samples(frame), settings.k)
    table = inst.groupby(["task", "level"], as_index=False)["accuracy"].mean()
    return table.rename(columns={"accuracy": "direct_accuracy"})


def direct_request_keys(
    settings: AppSettings,
    instances: Sequence[Instance],
    spec: ModelSpec,
    sampling: SamplingParams,
) -> list[str]:
    """The ``mode=direct`` request keys of ``instances`` for this model, format and sampling."""
    return [r.key for r in build_requests(instances, settings.format, spec, sampling)]


def raise_no_instances(settings: AppSettings) -> None:
    from gralgo.errors import ConfigError

    raise ConfigError(
        f"no instances selected (tasks {sorted(settings.dataset.tasks)}, "
        f"levels {list(settings.dataset.levels)}, per_level {settings.dataset.options.per_level})"
    )


def concurrency_limit(settings: AppSettings) -> int:
    """``run.max_concurrency`` when set, else the model's own limit, else 16."""
    if settings.run.max_concurrency is not None:
        return settings.run.max_concurrency
    return settings.model.max_concurrency or 16


def job_transport(settings: AppSettings, out_dir: Path | None = None) -> Transport:
    """How this job sends its samples (``gralgo.run.make_transport``): live calls, or the
    provider's batch API when ``run.batch`` is on."""
    from gralgo.run import LiveSettings, make_transport, server_settings_from_config
    from gralgo.settings import batch_settings

    run = settings.run
    live = LiveSettings(
        max_concurrency=concurrency_limit(settings), max_attempts=run.max_attempts,
        timeout_s=run.timeout_s, failure_budget=run.failure_budget, tool=settings.mode.tool,
        client=run.client, grace_s=run.grace_s,
    )  # fmt: skip
    return make_transport(
        batch_settings(run.batch), live, model=settings.model.litellm_model, k=settings.k,
        price=price_settings(settings), pricer=job_pricer(settings),
        server=server_settings_from_config(settings.model), work_dir=out_dir,
    )  # fmt: skip


def report_results(
    settings: AppSettings,
    out_dir: Path,
    plan: Plan,
    instances: Sequence[Instance],
    stop_reason: str | None = None,
    extra: Callable[..., Any] | None = None,
    job_run: JobRun | None = None,
    clock: JobClock | None = None,
    sent: SendReport | None = None,
    while_logging: Callable[[bool, str | None], None] | None = None,
) -> EvaluationResult:
    """Score and report; a job with missing or errored samples is reported as partial.

    ``extra`` adds a mode's own report (certificates) from the samples table. With a
    ``clock``, the metrics (summary, ``metrics.json``, MLflow) hold the whole job's wall time
    and its parts. ``while_logging(complete, run_id)`` runs while MLflow logs the results.
    """
    from gralgo.publish import completeness, write_reports

    frame = with_instance_columns(samples_table(out_dir, settings.mode.name), instances)
    if settings.mode.name == "certificate":
        frame = with_certificate_verdicts(settings, frame, instances)
    status = completeness(frame, stop_reason)
    if clock is not None:
        clock.lap("scoring")
    report_settings = job_report_settings(settings)
    logged_early = None if job_run is None else functools.partial(job_run.samples_written,
                                                                  out_dir=out_dir)  # fmt: skip
    artifacts, metrics = write_reports(frame, report_settings, out_dir, status, logged_early)
    if extra is not None:
        more_artifacts, more_metrics = extra(frame)
        artifacts, metrics = [*artifacts, *more_artifacts], {**metrics, **more_metrics}
    if sent is not None:  # how this run's samples were sent (batch mode: at the batch price)
        metrics.update(sent.metrics)
    if clock is not None:
        clock.lap("reports")
    job_run = job_run or JobRun(report_settings)
    timing: dict[str, float] = {}  # the job's clock, read once: MLflow and metrics.json agree

    def late_metrics() -> dict[str, float]:
        assert clock is not None
        clock.lap("mlflow")
        timing.update(clock.metrics())
        return timing

    run_id = job_run.finish(
        metrics,
        artifacts,
        out_dir,
        complete=status.complete,
        late_metrics=None if clock is None else late_metrics,
    )
    if while_logging is not None:
        while_logging(status.complete, run_id)
    job_run.wait()  # logged (or its error raised) before the summary names the run
    if clock is not None:
        if not timing:  # nothing was logged (MLflow off, or the results were logged before)
            clock.lap("mlflow")
            timing.update(clock.metrics())
        metrics.update(timing)
    from gralgo.publish import locations_for, print_job_summary

    locations = locations_for(
        out_dir, artifacts, run_id, settings.mlflow.tracking_uri, job_run.experiment_id
    )
    title = report_settings.title
    summary = print_job_summary(metrics, settings.k, title, locations, settings.outputs_dir)
    if sent is not None and sent.note:
        print(sent.note)
        summary += sent.note + "\n"
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2, sort_keys=True))
    samples = len(frame)
    return EvaluationResult(out_dir, plan, samples, metrics, artifacts, run_id, status, summary)
