"""The one writer of a job's record (``job.json``), and the reuse it decides.

``start_record`` writes what was asked before any call (a record without results: a crash
from here on leaves nothing to reuse); ``finish_record`` adds, for a complete job (logged,
with MLflow on), what the results were made from and which files were produced, plus the
MLflow run. Every write replaces the file atomically (the record
may be linked into, or read by, another job's folder).

``reuse_results`` reprints a finished job's summary instead of scoring again when its record
is current: the same inputs (``inputs_digest``: config, code, libraries, dataset files), the
same ledger location, the same content of every sample it read (``samples_digest``; skipped
only while the ledger's files are exactly as they were when that digest was taken), its result
files untouched, and -- with MLflow on -- the same tracking store and sweep parent, with the
run it names still there. From its own folder, or linked from the folder of the last job with
the same inputs (``_links``). A folder without such a record (one written by an older gralgo
with ``.results.stamp``) is simply not reused.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.job._digests import inputs_digest, ledger_files_state, rows_digest, samples_digest
from gralgo.job._links import link_files, relocate_summary, remember_folder, remembered_folder
from gralgo.job._result import EvaluationResult
from gralgo.results import (
    JOB_FILE,
    FileStates,
    JobRecord,
    MlflowRun,
    ResultsError,
    ResultsState,
    read_job,
    record_json,
)

if TYPE_CHECKING:
    from gralgo.ledger import ModelSpec, Request, SamplingParams
    from gralgo.report import JobClock
    from gralgo.settings import AppSettings

log = logging.getLogger("gralgo")


def ledger_location(settings: AppSettings) -> str:
    """The ledger's URL, or its SQLite file's absolute path (as the record holds it)."""
    return settings.ledger_url or str(settings.ledger_path.expanduser().resolve())


def mlflow_parent(settings: AppSettings) -> str:
    """The sweep's MLflow parent run this job logs under ('' without MLflow or a sweep)."""
    if not settings.mlflow.enabled:
        return ""
    from gralgo.tracking import parent_run_id_for_job

    return parent_run_id_for_job() or ""


def write_record(out_dir: Path, record: JobRecord) -> Path:
    """Write ``record`` as ``out_dir/job.json``, atomically; its path."""
    path = out_dir / JOB_FILE
    partial = path.with_name(f".{JOB_FILE}.{os.getpid()}.tmp")
    try:
        partial.write_text(record_json(record), "utf-8")
        os.replace(partial, path)
    except OSError as err:
        raise ResultsError(f"cannot write {path} ({err}); nothing was called") from err
    return path


def job_inputs(settings: AppSettings) -> str:
    """The inputs digest of this job: config, endpoint environment, code, dataset files."""
    from gralgo.run import endpoint_environment

    environment = endpoint_environment(settings.model.litellm_model)
    return inputs_digest(settings.config, settings.dataset_dir, environment)


def _read(folder: Path) -> JobRecord | None:
    try:
        return read_job(folder)
    except ResultsError:
        return None


def start_record(
    settings: AppSettings,
    out_dir: Path,
    spec: ModelSpec,
    sampling: SamplingParams,
    requests: Sequence[Request],
    sandbox: Mapping[str, str] | None = None,
) -> None:
    """Record what the job asks for (with ``mode=tool``'s ``sandbox`` backend), before any
    call."""
    write_record(
        out_dir,
        JobRecord(
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
            sandbox=dict(sandbox or {}),
        ),
    )


def file_states(out_dir: Path, paths: Sequence[Path]) -> FileStates:
    """[size, mtime_ns] of each existing file, by its name relative to ``out_dir``."""
    states = {}
    for path in paths:
        if path.is_file():
            stat = path.stat()
            states[str(path.resolve().relative_to(out_dir.resolve()))] = [
                stat.st_size,
                stat.st_mtime_ns,
            ]
    return states


@dataclass(frozen=True)
class _SamplesVersion:
    samples: str | None
    dependencies: str
    ledger_files: str


def _samples_version(
    settings: AppSettings, keys: Sequence[str], dependencies: Sequence[str]
) -> _SamplesVersion:
    """The content digests of the job's samples and of ``dependencies``, with the ledger files'
    state when it held still while they were read ('' otherwise)."""
    from gralgo.ledger import open_ledger

    location = ledger_location(settings)
    before = ledger_files_state(location)
    with open_ledger(location) as ledger:
        samples = samples_digest(ledger, keys, settings.k)
        deps = rows_digest(ledger, dependencies, settings.k) if dependencies else ""
    after = ledger_files_state(location)
    return _SamplesVersion(samples, deps, before if before == after else "")


@dataclass(frozen=True)
class ResultsDigests:
    """What a complete job's results are made of (:func:`results_digests`)."""

    version: _SamplesVersion
    inputs: str


def results_digests(
    settings: AppSettings, out_dir: Path, dependencies: Sequence[str] = ()
) -> ResultsDigests:
    """The digests :func:`finish_record` records: the samples' content (with the ledger files'
    state) and the inputs. Take them with the job's ledger closed (closing may rewrite its
    file); the job takes them while MLflow logs its results, where it would otherwise wait."""
    keys = read_job(out_dir).request_keys
    version = _samples_version(settings, keys, dependencies)
    return ResultsDigests(version, job_inputs(settings))


def finish_record(
    settings: AppSettings,
    out_dir: Path,
    result: EvaluationResult,
    experiment_id: str | None,
    dependencies: Sequence[str] = (),
    digests: ResultsDigests | None = None,
) -> None:
    """Add the results and the MLflow run to the job's record.

    Results are recorded (and the folder remembered for re-runs elsewhere) only for a complete
    job, and with MLflow on only once its run is logged, so that a re-run can still log it.
    ``digests`` are :func:`results_digests` taken since the ledger was closed (else taken
    here). Call it with the ledger closed (closing may rewrite its file)."""
    record = read_job(out_dir)
    run = None
    if result.run_id is not None:
        run = MlflowRun(result.run_id, settings.mlflow.tracking_uri, experiment_id,
                        mlflow_parent(settings))  # fmt: skip
    results = None
    if result.complete and result.status is not None and (run or not settings.mlflow.enabled):
        digests = digests or results_digests(settings, out_dir, dependencies)
        version = digests.version
        if version.samples is not None:
            produced = [*result.artifacts, out_dir / "metrics.json"]
            inside = [p for p in produced if p.resolve().is_relative_to(out_dir.resolve())]
            results = ResultsState(
                inputs=digests.inputs,
                samples=version.samples,
                ledger_files=version.ledger_files,
                files=file_states(out_dir, inside),
                summary=result.summary,
                samples_total=result.samples,
                folder=str(out_dir.resolve()),
                dependencies=tuple(dependencies),
                dependencies_digest=version.dependencies,
                mlflow_parent=mlflow_parent(settings),
            )
    write_record(out_dir, replace(record, results=results, mlflow=run))
    if results is not None:
        remember_folder(settings.outputs_dir, results.inputs, out_dir)


def _mlflow_current(settings: AppSettings, results: ResultsState, run: MlflowRun | None) -> bool:
    """The run the record names is where this job would log, and it still exists."""
    if results.mlflow_parent != mlflow_parent(settings):
        return False  # a job of a new sweep logs a run of its own under that sweep's parent
    if not settings.mlflow.enabled:
        return True
    if run is None or run.tracking_uri != settings.mlflow.tracking_uri:
        return False
    from gralgo.tracking import run_exists

    if run_exists(run.tracking_uri, run.run_id):
        return True
    log.info("MLflow run %s of the results no longer exists: reporting and logging again",
             run.run_id)  # fmt: skip
    return False


def _current(settings: AppSettings, folder: Path, inputs: str) -> JobRecord | None:
    """``folder``'s record when its results are current for ``inputs`` (with the ledger files'
    state brought up to date when the content had to be digested again); else ``None``."""
    record = _read(folder)
    results = record.results if record is not None else None
    if record is None or results is None or results.inputs != inputs:
        return None
    paths = [folder / name for name in results.files]
    if not results.files or file_states(folder, paths) != results.files:
        return None
    if record.ledger_path != ledger_location(settings):
        return None
    if not _mlflow_current(settings, results, record.mlflow):
        return None
    state = ledger_files_state(record.ledger_path)
    if results.ledger_files and state == results.ledger_files:
        return record  # not a byte of the ledger changed since the digests were taken
    log.info("ledger %s was written since %s was recorded: digesting its samples again",
             record.ledger_path, folder)  # fmt: skip
    version = _samples_version(settings, record.request_keys, results.dependencies)
    if version.samples != results.samples or version.dependencies != results.dependencies_digest:
        return None
    return replace(record, results=replace(results, ledger_files=version.ledger_files))


def _link(
    settings: AppSettings, source: Path, out_dir: Path, record: JobRecord
) -> JobRecord | None:
    """Link ``source``'s current results into ``out_dir`` and record them there (the new
    record); ``None`` (and nothing linked) when that fails, e.g. as ``source`` is deleted."""
    assert record.results is not None
    results = record.results
    try:
        link_files(source, out_dir, list(results.files))
    except OSError as err:
        log.info("results of %s could not be linked (%s): scoring again", source, err)
        return None
    moved = replace(
        results,
        files=file_states(out_dir, [out_dir / name for name in results.files]),
        summary=relocate_summary(results.summary, results.folder or str(source), out_dir),
        folder=str(out_dir.resolve()),
    )
    linked = replace(record, results=moved, created_at=time.time())
    write_record(out_dir, linked)
    remember_folder(settings.outputs_dir, results.inputs, out_dir)
    log.info("results identical to those in %s: linked into %s, not scored again", source, out_dir)
    return linked


def reuse_results(
    settings: AppSettings, out_dir: Path, clock: JobClock | None = None
) -> EvaluationResult | None:
    """The finished job's results when nothing they were made from has changed: from
    ``out_dir`` itself, or linked into it from the folder of the last job with the same
    inputs. The summary is reprinted (with this job's own time, given its ``clock``); nothing
    is scored or rewritten."""
    if settings.dry_run or settings.mlflow.log_duplicates:
        return None
    if settings.ledger_url is None and not settings.ledger_path.is_file():
        return None
    inputs = job_inputs(settings)
    record = _current(settings, out_dir, inputs)
    if record is not None:
        if record != _read(out_dir):
            write_record(out_dir, record)  # the ledger files' new state: next time, no digest
    else:
        source = remembered_folder(settings.outputs_dir, inputs)
        if source is None or source == out_dir.resolve():
            return None
        found = _current(settings, source, inputs)
        if found is None:
            return None
        record = _link(settings, source, out_dir, found)
        if record is None:
            return None
    return _reused_result(settings, out_dir, record, clock)


def _reused_result(
    settings: AppSettings, out_dir: Path, record: JobRecord, clock: JobClock | None = None
) -> EvaluationResult:
    from gralgo.publish import Completeness
    from gralgo.report import retimed_summary
    from gralgo.run import Plan

    results = record.results
    assert results is not None
    requests = len(set(record.request_keys))
    plan = Plan(requests, requests * settings.k, 0, 0, 0, 0.0)
    for line in plan.lines():
        log.info("plan: %s", line)
    log.info("results in %s are current (nothing changed since written): reused", out_dir)
    summary = results.summary
    if clock is not None:  # this job's own time, not the first job's
        summary = retimed_summary(summary, clock.metrics())
    sys.stdout.write(summary)
    metrics = json.loads((out_dir / "metrics.json").read_text(encoding="utf-8"))
    run_id = record.mlflow.run_id if record.mlflow is not None else None
    artifacts = [out_dir / name for name in results.files]
    status = Completeness(results.samples_total, results.samples_total, {})
    return EvaluationResult(out_dir, plan, results.samples_total, metrics, artifacts, run_id,
                            status, summary)  # fmt: skip
