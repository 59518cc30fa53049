"""One evaluation job: dataset -> requests -> ledger/runner -> scores -> tables, plots, MLflow."""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gralgo._settings import AppSettings
from gralgo.dataset import Instance, ensure_dataset, read_instances
from gralgo.report._mlflow_job import JobRun
from gralgo.run._plan import Plan, build_requests, estimate_cost
from gralgo.run._records import ModelSpec, Request, SampleRecord, SamplingParams

log = logging.getLogger("gralgo")


@dataclass(frozen=True)
class EvaluationResult:
    """What an evaluation produced."""

    output_dir: Path
    plan: Plan
    samples: int
    metrics: dict[str, float]
    artifacts: list[Path]
    run_id: str | None


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
    directory = ensure_dataset(spec, settings.dataset_dir)
    long_context = spec.long_context is not None
    return read_instances(
        directory,
        tasks=sorted(spec.tasks),
        levels=None if long_context else list(spec.levels),
        per_level=spec.options.per_level,
        context=None if long_context else "standard",
    )


def resolve_model(settings: AppSettings) -> tuple[ModelSpec, SamplingParams]:
    """The model spec and the sampling parameters after the model's own overrides.

    A model config's ``sampling`` overrides the global one, except ``max_tokens``, where the
    smaller value wins (a model's cap, e.g. a small context window, is a limit, not a target).
    A managed local server gets a stable ``endpoint_id``, so its random port never changes
    request keys.
    """
    from gralgo.run._models import model_spec_from_config, sampling_overrides_from_config

    spec = model_spec_from_config(settings.model)
    server = settings.model.get("server")
    if server:
        identity = ":".join(str(server.get(key)) for key in
                            ("kind", "gguf_package", "chat_format", "n_ctx"))
        spec = replace(spec, endpoint_id=f"local:{identity}")
    sampling = settings.sampling
    overrides = dict(sampling_overrides_from_config(settings.model))
    if "max_tokens" in overrides:
        overrides["max_tokens"] = min(int(overrides["max_tokens"]), sampling.max_tokens)
    return spec, replace(sampling, **overrides)


@contextlib.contextmanager
def model_endpoint(settings: AppSettings, spec: ModelSpec, log_dir: Path) -> Iterator[ModelSpec]:
    """The model spec with a live ``api_base``; starts the embedded server when configured."""
    from gralgo.run._local_server import LocalLlamaServer, server_settings_from_config

    server = server_settings_from_config(settings.model)
    if server is None:
        yield spec
        return
    with LocalLlamaServer(server, log_path=log_dir / "llama_server.log") as api_base:
        yield replace(spec, api_base=api_base)


def plan_run(
    settings: AppSettings,
    requests: Sequence[Request],
    todo: Sequence[tuple[Request, int]],
    max_tokens: int,
) -> Plan:
    from gralgo.formats import count_tokens

    pending = {r.key: r for r, _ in todo}  # count each pending prompt once
    tokens_by_key = {key: count_tokens(r.messages[-1]["content"]) for key, r in pending.items()}
    prompt_tokens = sum(tokens_by_key[r.key] for r, _ in todo)
    completion = len(todo) * max_tokens
    cost = None
    if todo:
        cost = estimate_cost(
            settings.model["litellm_model"], prompt_tokens, completion, settings.model.get("price")
        )
    return Plan(
        requests=len(requests),
        samples_total=len(requests) * settings.k,
        samples_todo=len(todo),
        prompt_tokens_todo=prompt_tokens,
        max_completion_tokens_todo=completion,
        estimated_cost_usd=0.0 if not todo else cost,
    )


def samples_table(
    instances: Sequence[Instance],
    requests: Sequence[Request],
    records: dict[tuple[str, int], SampleRecord],
    settings: AppSettings,
) -> Any:
    """One row per (instance, sample index < k) with the columns scoring expects.

    Also the texts the transcript viewer shows: reasoning, error message, the prompt and the
    graph's size.
    """
    import pandas as pd

    rows = []
    for instance, request in zip(instances, requests, strict=True):
        expected = instance.prompts[settings.format].answer
        prompt = instance.prompts[settings.format].text
        graph_nodes = len(instance.graph.get("nodes", ()))
        graph_edges = len(instance.graph.get("edges", ()))
        for index in range(settings.k):
            rec = records.get((request.key, index))
            rows.append(
                {
                    "instance_id": instance.id,
                    "model": settings.model.get("name", request.model.litellm_model),
                    "task": instance.task,
                    "taxonomy": instance.taxonomy,
                    "complexity": instance.complexity,
                    "level": instance.level,
                    "format": settings.format,
                    "context": instance.context,
                    "sample_index": index,
                    "answer_text": None if rec is None else rec.answer_text,
                    "finish_reason": None if rec is None else rec.finish_reason,
                    "error_class": "Missing" if rec is None else rec.error_class,
                    "expected": expected,
                    "answer_kind": instance.answer_kind,
                    "prompt_tokens": None if rec is None else rec.prompt_tokens,
                    "completion_tokens": None if rec is None else rec.completion_tokens,
                    "reasoning_tokens": None if rec is None else rec.reasoning_tokens,
                    "cost_usd": None if rec is None else rec.cost_usd,
                    "latency_s": None if rec is None else rec.latency_s,
                    # For the transcript viewer (report.html, samples.jsonl):
                    "reasoning_text": None if rec is None else rec.reasoning_text,
                    "error_message": None if rec is None else rec.error_message,
                    "request_key": request.key,
                    "prompt": prompt,
                    "graph_nodes": graph_nodes,
                    "graph_edges": graph_edges,
                }
            )
    return pd.DataFrame(rows)


def evaluate(settings: AppSettings) -> EvaluationResult:
    """Run (or resume) one evaluation job and report it."""
    from gralgo.run._ledger import Ledger
    from gralgo.run._models import preflight, report_dropped_params
    from gralgo.run._progress import describe_run

    out_dir = job_output_dir(settings)
    instances = load_instances(settings)
    if not instances:
        raise_no_instances(settings)
    spec, sampling = resolve_model(settings)
    dropped = report_dropped_params(spec, sampling)
    if dropped:
        log.warning("model %s does not accept %s: not sent", spec.litellm_model, ", ".join(dropped))
    requests = build_requests(instances, settings.format, spec, sampling)
    settings.ledger_path.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with JobRun(settings) as job_run, Ledger(settings.ledger_path) as ledger:
        todo = ledger.missing(requests, settings.k)
        plan = plan_run(settings, requests, todo, sampling.max_tokens)
        for line in plan.lines():
            log.info("plan: %s", line)
        if settings.dry_run:
            print("\n".join(["dry run: nothing was called", *plan.lines()]))
            return EvaluationResult(out_dir, plan, 0, {}, [], None)
        if todo:
            job_run.start()  # MLflow shows the real duration, and a crash as FAILED
            with model_endpoint(settings, spec, out_dir) as live:
                preflight(live)
                live_requests = {r.key: replace(r, model=live) for r in requests}
                run_todo = [(live_requests[r.key], i) for r, i in todo]
                report = run_pending(settings, run_todo, ledger)
                log.info("run: %s", describe_run(report))
        records = ledger.samples([r.key for r in requests])
        return report_results(settings, out_dir, instances, requests, records, plan, job_run,
                              wall_time_s=time.monotonic() - started)


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
    return int(settings.model.get("max_concurrency") or 16)


def run_pending(settings: AppSettings, todo: Sequence[tuple[Request, int]], ledger: Any) -> Any:
    from gralgo.run._progress import RunProgress
    from gralgo.run._runner import run_samples_sync

    with RunProgress(len(todo)) as progress:
        return run_samples_sync(
            todo,
            ledger,
            max_concurrency=concurrency_limit(settings),
            max_attempts=settings.run.max_attempts,
            timeout_s=settings.run.timeout_s,
            failure_budget=settings.run.failure_budget,
            on_progress=progress,
        )


def report_results(
    settings: AppSettings,
    out_dir: Path,
    instances: Sequence[Instance],
    requests: Sequence[Request],
    records: dict[tuple[str, int], SampleRecord],
    plan: Plan,
    job_run: JobRun | None = None,
    wall_time_s: float | None = None,
) -> EvaluationResult:
    from gralgo.report._summary import write_reports

    frame = samples_table(instances, requests, records, settings)
    artifacts, metrics = write_reports(frame, settings, out_dir)
    if wall_time_s is not None:
        metrics["wall_time_s"] = wall_time_s
    job_run = job_run or JobRun(settings)
    run_id = job_run.finish(metrics, artifacts, out_dir)
    from gralgo.report._terminal import locations_for, print_job_summary
    from gralgo.report._transcripts import job_title

    locations = locations_for(out_dir, artifacts, run_id, settings.mlflow.tracking_uri,
                              job_run.experiment_id)
    print_job_summary(metrics, settings.k, job_title(settings), locations, settings.outputs_dir)
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2, sort_keys=True))
    return EvaluationResult(out_dir, plan, len(frame), metrics, artifacts, run_id)
