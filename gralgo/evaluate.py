"""One evaluation job: dataset -> requests -> ledger/runner -> scores -> tables, plots, MLflow."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gralgo.dataset import Instance, ensure_dataset, read_instances
from gralgo.ledger import ModelSpec, Request, SamplingParams
from gralgo.report import JobRun
from gralgo.run import Plan, build_requests, estimate_cost, resolve_tool_calling
from gralgo.settings import AppSettings

if TYPE_CHECKING:
    from gralgo.report import Completeness, JobClock
    from gralgo.results import ResultsStamp

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
    status: Completeness | None = None
    """How many samples exist; ``None`` for a dry run."""
    summary: str = ""
    """The job summary as printed (empty for a dry run)."""

    @property
    def complete(self) -> bool:
        """Every sample has a successful response and the run did not stop early."""
        return self.status is None or self.status.complete


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
    )


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


@contextlib.contextmanager
def model_endpoint(settings: AppSettings, spec: ModelSpec, log_dir: Path) -> Iterator[ModelSpec]:
    """The model spec with a live ``api_base``; starts the embedded server when configured."""
    from gralgo.run import LocalLlamaServer, server_settings_from_config

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
    from gralgo.formats import count_tokens_cached

    pending = {r.key: r for r, _ in todo}  # count each pending prompt once (once per machine)
    texts = [r.messages[-1]["content"] for r in pending.values()]
    counts = count_tokens_cached(texts, settings.dataset.cache_dir)
    tokens_by_key = dict(zip(pending, counts, strict=True))
    prompt_tokens = sum(tokens_by_key[r.key] for r, _ in todo)
    completion = len(todo) * max_tokens
    cost = None
    if todo:
        price = settings.model.price
        cost = estimate_cost(
            settings.model.litellm_model,
            prompt_tokens,
            completion,
            {"input_per_1m": price.input_per_1m, "output_per_1m": price.output_per_1m},
        )
    return Plan(
        requests=len(requests),
        samples_total=len(requests) * settings.k,
        samples_todo=len(todo),
        prompt_tokens_todo=prompt_tokens,
        max_completion_tokens_todo=completion,
        estimated_cost_usd=0.0 if not todo else cost,
    )


def job_info(
    settings: AppSettings, spec: ModelSpec, sampling: SamplingParams, requests: Sequence[Request]
) -> Any:
    """The job.json record of this job: where its samples are and which ones it asked for."""
    from dataclasses import asdict

    from gralgo.results import JobInfo

    return JobInfo(
        ledger_path=ledger_location(settings),
        dataset_dir=str(settings.dataset_dir.expanduser().resolve()),
        model=settings.model.name,
        litellm_model=spec.litellm_model,
        format=settings.format,
        context=settings.context,
        k=settings.k,
        sampling=asdict(sampling),
        request_keys=tuple(r.key for r in requests),
        instance_ids=tuple(r.instance_id for r in requests),
        mode=requests[0].mode if requests else "direct",
    )


def ledger_location(settings: AppSettings) -> str:
    """The ledger's URL, or its SQLite file's absolute path (as job.json records it)."""
    return settings.ledger_url or str(settings.ledger_path.expanduser().resolve())


def register_job(
    settings: AppSettings,
    out_dir: Path,
    ledger: Any,
    instances: Sequence[Instance],
    requests: Sequence[Request],
    spec: ModelSpec,
    sampling: SamplingParams,
) -> None:
    """Describe the requests in the ledger and write job.json, before any call is made."""
    from gralgo.results import write_job
    from gralgo.run import describe_request

    ledger.register_requests(
        describe_request(r, i, settings.format) for r, i in zip(requests, instances, strict=True)
    )
    write_job(out_dir, job_info(settings, spec, sampling, requests))


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
    """The samples table plus what the transcript viewer and the guessing baseline need from
    each instance: its prompt (in the job's format) and its graph's size."""
    import pandas as pd

    by_id = {instance.id: instance for instance in instances}
    ids = frame["instance_id"].tolist()
    fmt = frame["format"].tolist()
    frame = frame.copy()
    prompts = [
        by_id[i].prompts[f].text if i in by_id and f in by_id[i].prompts else None
        for i, f in zip(ids, fmt, strict=True)
    ]  # object dtype: k rows share each instance's prompt instead of k copies of its text
    frame["prompt"] = pd.Series(prompts, index=frame.index, dtype=object)
    frame["graph_nodes"] = [by_id[i].n_nodes if i in by_id else None for i in ids]
    frame["graph_edges"] = [by_id[i].n_edges if i in by_id else None for i in ids]
    frame["n_nodes"] = frame["graph_nodes"]
    return frame


def evaluate(settings: AppSettings) -> EvaluationResult:
    """Run (or resume) one evaluation job and report it."""
    from gralgo.ledger import check_ledger_location, open_ledger
    from gralgo.report import JobClock
    from gralgo.results import detach_shared_files
    from gralgo.run import describe_run, preflight, report_dropped_params

    clock = JobClock.from_process_start()  # the whole job: start-up, dataset, plan, calls, ...
    out_dir = job_output_dir(settings)
    reused = reuse_current_results(settings, out_dir, clock)
    if reused is not None:
        return reused
    detach_shared_files(out_dir)  # results linked from another job's folder are rewritten
    instances = load_instances(settings)
    clock.lap("dataset")
    if not instances:
        raise_no_instances(settings)
    spec, sampling = resolve_model(settings)
    settings = replace(settings, mode=resolve_tool_calling(settings.mode, spec.litellm_model))
    dropped = report_dropped_params(spec, sampling)
    if dropped:
        log.warning("model %s does not accept %s: not sent", spec.litellm_model, ", ".join(dropped))
    task_options = {name: t.options for name, t in settings.dataset.tasks.items()}
    requests = build_requests(
        instances, settings.format, spec, sampling, settings.mode, task_options
    )
    settings.ledger_path.parent.mkdir(parents=True, exist_ok=True)
    if settings.ledger_url is None:
        check_ledger_location(settings.ledger_path)
    location = settings.ledger_url or settings.ledger_path
    with JobRun(settings.report_settings()) as job_run, open_ledger(location) as ledger:
        register_job(settings, out_dir, ledger, instances, requests, spec, sampling)
        todo = ledger.missing(requests, settings.k)
        plan = plan_run(settings, requests, todo, sampling.max_tokens)
        for line in plan.lines():
            log.info("plan: %s", line)
        clock.lap("plan")
        if settings.dry_run:
            print("\n".join(["dry run: nothing was called", *plan.lines()]))
            return EvaluationResult(out_dir, plan, 0, {}, [], None)
        stop_reason = None
        if todo:
            job_run.start()  # MLflow shows the real duration, and a crash as FAILED
            clock.lap("mlflow")
            with model_endpoint(settings, spec, out_dir) as live:
                preflight(live)
                live_requests = {r.key: replace(r, model=live) for r in requests}
                run_todo = [(live_requests[r.key], i) for r, i in todo]
                report = run_pending(settings, run_todo, ledger)
                log.info("run: %s", describe_run(report))
                stop_reason = getattr(report, "stop_reason", None)
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

        result = report_results(
            settings,
            out_dir,
            plan,
            instances,
            stop_reason,
            extra,
            job_run,
            clock,
        )
        stamp_results(settings, out_dir, ledger, [r.key for r in requests], result, dependencies)
        return result


def reuse_current_results(
    settings: AppSettings, out_dir: Path, clock: JobClock | None = None
) -> EvaluationResult | None:
    """The finished job's results when nothing they were made from has changed (see
    ``gralgo/results/_current.py``): from ``out_dir`` itself, or linked into it from the folder
    of the last job with the same inputs (``gralgo/results/_sharing.py``). The summary is
    reprinted; nothing is scored or rewritten."""
    import sys

    from gralgo.report import Completeness, retimed_summary
    from gralgo.results import inputs_digest, remembered_folder

    if settings.dry_run or settings.mlflow.log_duplicates:
        return None
    if settings.ledger_url is None and not settings.ledger_path.is_file():
        return None
    inputs = inputs_digest(settings.config, settings.dataset_dir)
    found = current_stamp(settings, out_dir, inputs)
    if found is None:
        source = remembered_folder(settings.outputs_dir, inputs)
        if source is None or source == out_dir.resolve():
            return None
        found = current_stamp(settings, source, inputs)
        if found is None:
            return None
        linked = link_results(settings, source, out_dir, found[0], inputs)
        if linked is None:
            return None
        found = linked, found[1]
    stamp, request_keys = found
    requests = len(set(request_keys))
    plan = Plan(requests, requests * settings.k, 0, 0, 0, 0.0)
    for line in plan.lines():
        log.info("plan: %s", line)
    log.info("results in %s are current (nothing changed since written): reused", out_dir)
    summary = stamp.summary if clock is None else retimed_summary(stamp.summary, clock.metrics())
    sys.stdout.write(summary)
    metrics = json.loads((out_dir / "metrics.json").read_text(encoding="utf-8"))
    run_id_file = out_dir / "mlflow_run_id.txt"
    run_id = run_id_file.read_text(encoding="utf-8").strip() if run_id_file.is_file() else None
    artifacts = [out_dir / name for name in stamp.files]
    status = Completeness(stamp.samples_total, stamp.samples_total, {})
    return EvaluationResult(
        out_dir, plan, stamp.samples_total, metrics, artifacts, run_id, status, summary
    )


def current_stamp(
    settings: AppSettings, folder: Path, inputs: str
) -> tuple[ResultsStamp, tuple[str, ...]] | None:
    """``folder``'s stamp and request keys when its results are current for ``inputs`` and
    the ledger's samples; otherwise ``None``."""
    from gralgo.ledger import open_ledger
    from gralgo.results import (
        ResultsError,
        files_unchanged,
        read_job,
        read_stamp,
        rows_digest,
        samples_digest,
    )

    stamp = read_stamp(folder)
    if stamp is None or stamp.inputs != inputs or not files_unchanged(folder, stamp):
        return None
    if stamp.mlflow_parent != mlflow_parent(settings):
        return None
    try:
        job = read_job(folder)
    except ResultsError:
        return None
    if job.ledger_path != ledger_location(settings):
        return None
    with open_ledger(ledger_location(settings)) as ledger:
        samples = samples_digest(ledger, job.request_keys, settings.k)
        if samples != stamp.samples:
            return None
        if stamp.dependencies and (
            rows_digest(ledger, stamp.dependencies, settings.k) != stamp.dependencies_digest
        ):
            return None
    return stamp, job.request_keys


def link_results(
    settings: AppSettings, source: Path, out_dir: Path, stamp: ResultsStamp, inputs: str
) -> ResultsStamp | None:
    """Link ``source``'s current results into ``out_dir`` and stamp them there (the new
    stamp); ``None`` (and nothing linked) when that fails, e.g. as ``source`` is deleted."""
    from gralgo.report import TRANSCRIPTS_STAMP_FILE
    from gralgo.results import (
        file_states,
        link_files,
        relocate_summary,
        remember_folder,
        write_stamp,
    )

    names = list(stamp.files)
    if (source / TRANSCRIPTS_STAMP_FILE).is_file():
        names.append(TRANSCRIPTS_STAMP_FILE)
    try:
        link_files(source, out_dir, names)
    except OSError as err:
        log.info("results of %s could not be linked (%s): scoring again", source, err)
        return None
    moved = replace(
        stamp,
        files=file_states(out_dir, [out_dir / name for name in stamp.files]),
        summary=relocate_summary(stamp.summary, stamp.folder or str(source), out_dir),
        folder=str(out_dir.resolve()),
    )
    write_stamp(out_dir, moved)
    remember_folder(settings.outputs_dir, inputs, out_dir)
    log.info("results identical to those in %s: linked into %s, not scored again", source, out_dir)
    return moved


def stamp_results(
    settings: AppSettings,
    out_dir: Path,
    ledger: Any,
    keys: Sequence[str],
    result: EvaluationResult,
    dependencies: Sequence[str] = (),
) -> None:
    """Stamp a complete job's folder so that an unchanged re-run can reuse it (with MLflow on,
    only once the run is logged, so that a re-run can still log it), and remember the folder
    for re-runs in other folders."""
    from gralgo.results import (
        JOB_FILE,
        ResultsStamp,
        file_states,
        inputs_digest,
        remember_folder,
        rows_digest,
        samples_digest,
        write_stamp,
    )

    if not result.complete or result.status is None:
        return
    if settings.mlflow.enabled and result.run_id is None:
        return
    samples = samples_digest(ledger, keys, settings.k)
    if samples is None:
        return
    extra = [out_dir / "metrics.json", out_dir / "mlflow_run_id.txt", out_dir / JOB_FILE]
    inside = [
        p for p in [*result.artifacts, *extra] if p.resolve().is_relative_to(out_dir.resolve())
    ]
    stamp = ResultsStamp(
        inputs=inputs_digest(settings.config, settings.dataset_dir),
        samples=samples,
        files=file_states(out_dir, inside),
        summary=result.summary,
        samples_total=result.samples,
        folder=str(out_dir.resolve()),
        dependencies=tuple(dependencies),
        dependencies_digest=rows_digest(ledger, dependencies, settings.k) if dependencies else "",
        mlflow_parent=mlflow_parent(settings),
    )
    write_stamp(out_dir, stamp)
    remember_folder(settings.outputs_dir, stamp.inputs, out_dir)


def mlflow_parent(settings: AppSettings) -> str:
    """The sweep's MLflow parent run this job logs under ('' without MLflow or a sweep)."""
    if not settings.mlflow.enabled:
        return ""
    from gralgo.report import parent_run_id_for_job

    return parent_run_id_for_job() or ""


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


def run_pending(settings: AppSettings, todo: Sequence[tuple[Request, int]], ledger: Any) -> Any:
    from gralgo.run import RunProgress, run_samples_sync

    if settings.mode.name == "tool":  # raises, naming the fix, when no isolation works
        from gralgo.sandbox import detect_isolation

        isolation = detect_isolation(settings.mode.tool.sandbox.allow_unisolated)
        log.info("tool mode: model code runs in a fresh %s sandbox per call", isolation)
        if isolation == "none":
            log.warning("sandbox.allow_unisolated=true: model code runs WITHOUT isolation")
    with RunProgress(len(todo)) as progress:
        return run_samples_sync(
            todo,
            ledger,
            max_concurrency=concurrency_limit(settings),
            max_attempts=settings.run.max_attempts,
            timeout_s=settings.run.timeout_s,
            failure_budget=settings.run.failure_budget,
            on_progress=progress,
            tool=settings.mode.tool,
            client=settings.run.client,
        )


def report_results(
    settings: AppSettings,
    out_dir: Path,
    plan: Plan,
    instances: Sequence[Instance],
    stop_reason: str | None = None,
    extra: Callable[..., Any] | None = None,
    job_run: JobRun | None = None,
    clock: JobClock | None = None,
) -> EvaluationResult:
    """Score and report; a job with missing or errored samples is reported as partial.

    ``extra`` adds a mode's own report (certificates) from the samples table. With a
    ``clock``, the metrics (summary, ``metrics.json``, MLflow) hold the whole job's wall time
    and its parts.
    """
    from gralgo.report import completeness, write_reports

    frame = with_instance_columns(samples_table(out_dir, settings.mode.name), instances)
    status = completeness(frame, stop_reason)
    if clock is not None:
        clock.lap("scoring")
    report_settings = settings.report_settings()
    artifacts, metrics = write_reports(frame, report_settings, out_dir, status)
    if extra is not None:
        more_artifacts, more_metrics = extra(frame)
        artifacts, metrics = [*artifacts, *more_artifacts], {**metrics, **more_metrics}
    if clock is not None:
        clock.lap("reports")
    job_run = job_run or JobRun(report_settings)

    def late_metrics() -> dict[str, float]:
        assert clock is not None
        clock.lap("mlflow")
        return clock.metrics()

    run_id = job_run.finish(
        metrics,
        artifacts,
        out_dir,
        complete=status.complete,
        late_metrics=None if clock is None else late_metrics,
    )
    if clock is not None:
        clock.lap("mlflow")
        metrics.update(clock.metrics())
    if run_id:  # analyses of this job link their MLflow runs to this one
        (out_dir / "mlflow_run_id.txt").write_text(run_id + "\n", encoding="utf-8")
    from gralgo.report import locations_for, print_job_summary

    locations = locations_for(
        out_dir, artifacts, run_id, settings.mlflow.tracking_uri, job_run.experiment_id
    )
    title = report_settings.title
    summary = print_job_summary(metrics, settings.k, title, locations, settings.outputs_dir)
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2, sort_keys=True))
    return EvaluationResult(out_dir, plan, len(frame), metrics, artifacts, run_id, status, summary)
