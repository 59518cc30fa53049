"""The MLflow run of one evaluation job: opened when its work starts, closed with its results.

A job that calls a model opens its run first (status RUNNING, with the command line, the git
commit, the redacted config as params, ``k`` as a param and the dataset as a run input), so
MLflow shows the real duration and a crashed or interrupted job as FAILED / KILLED. A job with
nothing left to call (a re-run) logs only when its results differ from a logged run: a marker
under ``outputs/mlflow_logged/`` remembers the run that already holds them, and its id is
returned once the run is found to exist (``mlflow.log_duplicates=true`` logs anyway). Runs
a killed process left RUNNING are ended by the next run of the same job (``_mlflow_runs``).
MLflow's work (its import, opening the run, logging) runs in a niced child process
(:mod:`gralgo.tracking._run_logger`, driven by :class:`JobRun`), which the job waits for before
it ends.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from gralgo.errors import MlflowLoggingError

if TYPE_CHECKING:
    from gralgo.report import ReportSettings
    from gralgo.tracking._logger_pipe import RunLogger

log = logging.getLogger("gralgo")


def job_tags(settings: ReportSettings) -> dict[str, str]:
    """Tags the MLflow UI can filter and group by."""
    return {
        "model": settings.model,
        "litellm_model": settings.litellm_model,
        "task": ",".join(settings.tasks),
        "level": ",".join(str(level) for level in settings.levels),
        "format": settings.format,
        "context": settings.context,
        "mode": settings.mode,
        "k": str(settings.k),
        "dataset": settings.dataset_fingerprint,
        **settings.sandbox,
    }


def command_line(argv: Sequence[str] | None = None) -> str:
    """The command as typed: ``gralgo ...`` or ``python -m gralgo ...``."""
    argv = list(sys.argv if argv is None else argv)
    head = Path(argv[0]).name if argv else "gralgo"
    program = "python -m gralgo" if head == "__main__.py" else head
    return " ".join([program, *(shlex.quote(a) for a in argv[1:])])


def git_commit(cwd: Path | None = None) -> tuple[str, bool] | None:
    """(HEAD commit, working tree has tracked changes) of the repository at ``cwd``, if any."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=cwd, capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()  # fmt: skip
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=cwd, capture_output=True, text=True, timeout=10,
                               check=True).stdout.strip() != ""  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return head, dirty


def source_tags(argv: Sequence[str] | None = None) -> dict[str, str]:
    """MLflow's own source tags (shown on the run page) plus the gralgo command line."""
    line = command_line(argv)
    tags = {"mlflow.source.type": "LOCAL", "mlflow.source.name": line, "gralgo.command": line}
    commit = git_commit()
    if commit is not None:
        tags["mlflow.source.git.commit"] = commit[0]
        tags["gralgo.git_dirty"] = str(commit[1]).lower()
    return tags


PARAM_SECTIONS = ("model", "sampling", "format", "mode", "context", "level", "dataset")
"""The config sections logged as params: what was evaluated, and how (about 50 params, not the
whole config's 240 columns in MLflow's table). The whole redacted config is the run's
``config.json`` artifact."""


def job_params(settings: ReportSettings) -> dict[str, str]:
    """The redacted resolved config's :data:`PARAM_SECTIONS`, flattened, plus ``k`` (metric
    names never hold k)."""
    from gralgo.tracking._mlflow import flatten_params
    from gralgo.tracking._secrets import redact_config

    chosen = {key: settings.config[key] for key in PARAM_SECTIONS if key in settings.config}
    return {**flatten_params(redact_config(chosen)), "k": str(settings.k)}


def run_name(settings: ReportSettings) -> str:
    tags = job_tags(settings)
    mode = "" if tags["mode"] == "direct" else f" {tags['mode']}"
    name = f"{tags['model']} {tags['format']} {tags['context']} L{tags['level']} k={tags['k']}"
    return name + mode


def results_fingerprint(
    settings: ReportSettings, parent_run_id: str | None, artifacts: Sequence[Path]
) -> str:
    """Hash of what a run would log: tracking target, parent, config, every result file."""
    digest = hashlib.sha256()
    for part in (
        settings.mlflow.tracking_uri,
        settings.mlflow.experiment_name,
        parent_run_id or "",
        json.dumps(settings.config, sort_keys=True, default=str),
    ):
        digest.update(part.encode() + b"\0")
    for path in sorted(artifacts):
        if path.suffix in {".csv", ".md", ".json"}:  # the PNG is derived from the CSVs
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def log_dataset_input(tracking_uri: str, run_id: str, dataset_dir: Path) -> None:
    """The dataset folder as the run's input, its manifest content hash as the digest."""
    from mlflow import MlflowClient
    from mlflow.data.filesystem_dataset_source import FileSystemDatasetSource
    from mlflow.data.meta_dataset import MetaDataset
    from mlflow.entities import DatasetInput, InputTag
    from mlflow.exceptions import MlflowException

    from gralgo.dataset import DatasetError, read_manifest

    try:
        manifest = read_manifest(dataset_dir)
    except DatasetError as err:
        log.warning("dataset not logged as an MLflow input: %s", err)
        return
    source_class = next(
        c for c in FileSystemDatasetSource.__subclasses__() if c._get_source_type() == "local"
    )
    # mlflow's typing gaps: the "local" source class is made at run time and takes the URI (its
    # abstract base takes nothing), and MetaDataset never overrides Dataset's abstract profile.
    dataset = MetaDataset(  # type: ignore[abstract]
        source_class(Path(dataset_dir).resolve().as_uri()),  # type: ignore[call-arg]
        name=f"gralgobench-{Path(dataset_dir).name}",
        digest=str(manifest["content_hash"])[:32],  # MLflow keeps at most 36 characters
    )
    dataset_input = DatasetInput(
        dataset=dataset._to_mlflow_entity(),
        tags=[InputTag(key="mlflow.data.context", value="evaluation")],
    )
    client = MlflowClient(tracking_uri=tracking_uri)
    for attempt in range(_DATASET_INPUT_ATTEMPTS):
        try:
            client.log_inputs(run_id, datasets=[dataset_input])
            return
        except MlflowException as err:
            # Two jobs on one dataset both found it missing and both inserted it: the loser's
            # retry finds the winner's row and links to it.
            if attempt + 1 == _DATASET_INPUT_ATTEMPTS or not _is_duplicate_row(err):
                raise
            time.sleep(0.05 * (attempt + 1))


_DATASET_INPUT_ATTEMPTS = 4


def _is_duplicate_row(err: Exception) -> bool:
    """Whether a store refused a row because another writer inserted the same key first."""
    text = str(err)
    return any(
        marker in text
        for marker in ("UNIQUE constraint failed", "duplicate key value", "Duplicate entry",
                       "IntegrityError")
    )  # fmt: skip


def start_job_run(
    settings: ReportSettings, parent_run_id: str | None, argv: Sequence[str] | None = None
) -> tuple[str, str]:
    """Create the job's run (RUNNING) with tags, params and the dataset input; its id and its
    experiment's. ``argv``: the job's command line (default: this process's)."""
    from gralgo.tracking._mlflow import create_run, open_experiment
    from gralgo.tracking._mlflow_runs import JOB_TAG, end_orphans, job_key, process_tags
    from gralgo.tracking._secrets import secret_env_names

    key = job_key(settings, parent_run_id)
    client, experiment_id = open_experiment(
        settings.mlflow.tracking_uri, settings.mlflow.experiment_name
    )
    end_orphans(client, experiment_id, key)  # runs of this job a killed process left RUNNING
    run_id = create_run(
        tracking_uri=settings.mlflow.tracking_uri,
        experiment_name=settings.mlflow.experiment_name,
        run_name=run_name(settings),
        tags={**job_tags(settings), **source_tags(argv), JOB_TAG: key, **process_tags()},
        params=job_params(settings),
        parent_run_id=parent_run_id,
        secret_env_names=secret_env_names(settings.config),
    )
    log_dataset_input(settings.mlflow.tracking_uri, run_id, settings.dataset_dir)
    return run_id, experiment_id


class JobRun:
    """The MLflow run of one job; a no-op when ``mlflow.enabled`` is false.

    Use as a context manager around the job: :meth:`start` when work begins, :meth:`finish`
    with the results, :meth:`wait` for them to be logged; leaving the block with an exception
    marks a started run FAILED (KILLED on SIGTERM or Ctrl-C: ``RunInterrupted``,
    ``KeyboardInterrupt``).

    MLflow works in a child process (:mod:`gralgo.tracking._run_logger`), started when the
    block is entered: it imports MLflow, opens the run on :meth:`start` (while the job calls its
    model) and logs the results :meth:`finish` hands it (it returns at once); :meth:`wait`
    waits for them to be logged and raises its error (:class:`~gralgo.errors.MlflowLoggingError`;
    the run is then FAILED). Leaving the block waits for the child too, so nothing is lost and
    no child outlives the job; a job killed outright leaves its run KILLED (the child sees the
    pipe close).
    """

    def __init__(self, settings: ReportSettings) -> None:
        self.settings = settings
        self.experiment_id: str | None = None
        """Known once the run was logged by this job (not for a re-run already logged)."""
        self._run_id: str | None = None
        self._logger: RunLogger | None = None
        self._opening = False
        """Whether the child's "opened" reply is still to be read."""
        self._closing: tuple[Path, Callable[[], Mapping[str, float]] | None] | None = None
        """After :meth:`finish`: the marker to write and the late metrics, for :meth:`wait`."""

    @property
    def run_id(self) -> str | None:
        """The run's id, once open (waits for the child to open it; raises its error); None
        before :meth:`start` and with MLflow off."""
        if self._opening and self._logger is not None:
            self._opening = False
            self._run_id, self.experiment_id = self._logger.reply("opened")
        return self._run_id

    def _spawn(self) -> RunLogger:
        """The logging child, started now if not yet (it imports MLflow until told to open)."""
        if self._logger is None:
            from gralgo.tracking._logger_pipe import RunLogger

            self._logger = RunLogger()
        return self._logger

    def _open(self, parent_run_id: str | None) -> None:
        self._spawn().send("open", self.settings, parent_run_id, list(sys.argv))
        self._opening = True

    def start(self) -> None:
        """Open the run in the background, from now on (idempotent)."""
        if self.settings.mlflow.enabled and not self._opening and self._run_id is None:
            from gralgo.tracking._hydra_callbacks import parent_run_id_for_job

            self._open(parent_run_id_for_job())

    def finish(
        self,
        metrics: dict[str, float],
        artifacts: Sequence[Path],
        out_dir: Path,
        *,
        complete: bool = True,
        late_metrics: Callable[[], Mapping[str, float]] | None = None,
    ) -> str | None:
        """Hand the results to the child to log and return; the run id (None when MLflow is
        off).

        Without an open run, identical results already logged are not logged again (see the
        module docstring). A partial job (``complete=False``) gets the tag ``complete=false``
        and ends FAILED. ``late_metrics`` are read in :meth:`wait` once the rest is logged and
        logged last, just before the run is closed (the job's wall time, so that it covers the
        logging too).
        """
        if not self.settings.mlflow.enabled:
            return None
        from gralgo.tracking._hydra_callbacks import parent_run_id_for_job
        from gralgo.tracking._logger_pipe import metrics_message

        settings, parent = self.settings, parent_run_id_for_job()
        fingerprint = results_fingerprint(settings, parent, artifacts)
        marker = settings.outputs_dir / "mlflow_logged" / fingerprint
        if not self._opening and self._run_id is None:
            logged = _logged_run(settings, marker)
            if logged is not None:
                if self._logger is not None:  # it opened nothing
                    self._logger.close()
                    self._logger = None
                self._run_id = logged
                if "mlflow" in sys.modules:  # the experiment's id, where it costs no import
                    from gralgo.tracking._mlflow import open_experiment

                    _, self.experiment_id = open_experiment(
                        settings.mlflow.tracking_uri, settings.mlflow.experiment_name
                    )
                return logged
            self._open(parent)
        run_id = self.run_id
        assert self._logger is not None
        self._logger.send("log", metrics_message(metrics), list(artifacts), out_dir, complete)
        self._closing = (marker, late_metrics)
        return run_id

    def samples_written(self, files: Sequence[Path], out_dir: Path) -> None:
        """The job's sample files (``samples.jsonl``, the page's shards) are written: the child
        logs them, and writes the samples table, while the job writes the rest of its reports
        (:meth:`finish` then logs only the rest). Only into a run :meth:`start` opened (a
        re-run decides in :meth:`finish` whether to log at all)."""
        if self._logger is not None and (self._opening or self._run_id is not None):
            self._logger.send("samples", list(files), out_dir)

    def wait(self) -> None:
        """Wait for the child to log the results and close the run; raise its error."""
        closing, self._closing = self._closing, None
        if closing is None or self._logger is None:
            return
        from gralgo.tracking._logger_pipe import metrics_message

        marker, late_metrics = closing
        logger, self._logger = self._logger, None
        try:
            logger.reply("logged")
            late = {} if late_metrics is None else metrics_message(late_metrics())
            logger.send("close", late)
            logger.reply("closed")
        finally:  # after an error too: the child has ended the run FAILED, or is gone
            status = logger.close()
        if status != 0:
            raise MlflowLoggingError(f"the MLflow logging process exited with status {status}")
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(f"{self._run_id}\n", encoding="utf-8")

    def __enter__(self) -> JobRun:
        if self.settings.mlflow.enabled:
            self._spawn()  # MLflow's import starts now, in the child, before the run opens
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None:
            self.wait()
        logger, self._logger = self._logger, None
        if logger is None:
            return
        if not logger.sent:  # asked for nothing, it holds no run: stopped
            logger.close()
            return
        from gralgo.errors import RunInterrupted

        # The job failed, was interrupted, or ended without handing over its results.
        killed = exc_type is not None and issubclass(
            exc_type, (KeyboardInterrupt, RunInterrupted)
        )  # SIGTERM/SIGINT
        logger.send("end", "KILLED" if killed else "FAILED")
        try:  # the job's own error matters more than the child's
            if self._opening:
                self._opening = False
                self._run_id, self.experiment_id = logger.reply("opened")
        except MlflowLoggingError as err:
            log.warning("%s", err)
        status = logger.close()
        if status != 0:
            log.warning("the MLflow logging process exited with status %s", status)


def _logged_run(settings: ReportSettings, marker: Path) -> str | None:
    """The run that already holds these results (``marker`` names it), if it still exists."""
    if not marker.is_file() or settings.mlflow.log_duplicates:
        return None
    from gralgo.tracking._mlflow_runs import run_exists

    old = marker.read_text(encoding="utf-8").strip()
    if run_exists(settings.mlflow.tracking_uri, old):
        log.info("results identical to MLflow run %s: not logged again", old)
        return old
    log.info("MLflow run %s no longer exists: logging a new run", old)
    return None


@dataclass(frozen=True)
class SampleLog:
    """A job's sample files logged ahead of its other results (:func:`log_sample_files`), and
    the samples table being written from its ``samples.jsonl`` meanwhile."""

    staging: Path
    """A folder of the logging process's own, holding the table as it is written."""
    writer: subprocess.Popen[bytes] | None
    logged: frozenset[Path] = frozenset()

    def discard(self) -> None:
        """Stop the table's writer and remove what it wrote (the run failed or ended)."""
        if self.writer is not None and self.writer.poll() is None:
            self.writer.kill()
            self.writer.wait()
        shutil.rmtree(self.staging, ignore_errors=True)


def log_sample_files(
    settings: ReportSettings, run_id: str, files: Sequence[Path], out_dir: Path
) -> SampleLog:
    """Start writing the samples table of ``out_dir/samples.jsonl`` (a process of its own) and
    log ``files`` (the job's sample files: ``samples.jsonl``, the page's shards) into the open
    run: the logging child does it as soon as the job has written them, while the job writes
    the rest of its reports."""
    from gralgo.tracking._samples_table import SAMPLES_TABLE_ARTIFACT, start_samples_table
    from gralgo.tracking._secrets import secret_env_names

    env_names = secret_env_names(settings.config)
    staging = Path(tempfile.mkdtemp(prefix="gralgo-table-"))
    table = staging / SAMPLES_TABLE_ARTIFACT
    early = SampleLog(staging, start_samples_table(out_dir / "samples.jsonl", table, env_names))
    try:
        _log_files(settings, run_id, {}, files, out_dir, with_tables=False)
    except BaseException:
        early.discard()
        raise
    return replace(early, logged=frozenset(files))


def _log_files(
    settings: ReportSettings,
    run_id: str,
    metrics: dict[str, float],
    artifacts: Sequence[Path],
    out_dir: Path,
    with_tables: bool,
) -> None:
    """Log ``metrics`` and the ``artifacts`` in ``out_dir`` (with its ``tables`` folder)."""
    from gralgo.report import mlflow_entries
    from gralgo.tracking._mlflow import log_results
    from gralgo.tracking._secrets import secret_env_names

    tables = out_dir / "tables"
    with_tables = with_tables and tables.is_dir()
    if not metrics and not artifacts and not with_tables:
        return
    log_results(
        tracking_uri=settings.mlflow.tracking_uri, run_id=run_id, metrics=metrics,
        stepped=mlflow_entries(metrics),
        artifacts=[p for p in artifacts  # the page's shards too: MLflow's copy opens
                   if p.is_relative_to(out_dir) and not p.is_relative_to(out_dir / "tables")],
        artifact_dir=tables if with_tables else None,
        artifact_root=out_dir,
        secret_env_names=secret_env_names(settings.config),
    )  # fmt: skip


def log_results_of_job(
    settings: ReportSettings,
    run_id: str,
    metrics: dict[str, float],
    artifacts: Sequence[Path],
    out_dir: Path,
    early: SampleLog | None = None,
) -> None:
    """Log a job's metrics, its folder's files (hard-linked) and its samples table into its
    open run (in the logging child); ``early``: its sample files, logged already."""
    from gralgo.tracking._samples_table import SAMPLES_TABLE_ARTIFACT, log_written_table

    early = early or log_sample_files(settings, run_id, [], out_dir)  # the table starts now
    try:
        try:
            rest = [p for p in artifacts if p not in early.logged]
            _log_files(settings, run_id, metrics, rest, out_dir, with_tables=True)
        except BaseException:
            early.discard()
            raise
        log_written_table(settings.mlflow.tracking_uri, run_id, early.writer,
                          early.staging / SAMPLES_TABLE_ARTIFACT)  # fmt: skip
    finally:
        shutil.rmtree(early.staging, ignore_errors=True)


def close_job_run(
    settings: ReportSettings, run_id: str, late_metrics: Mapping[str, float], complete: bool
) -> None:
    """Log the late metrics, tag ``complete`` and end the run FINISHED (FAILED if partial)."""
    from mlflow import MlflowClient
    from mlflow.entities import Metric

    from gralgo.tracking._mlflow import end_run, metric_value

    uri = settings.mlflow.tracking_uri
    client = MlflowClient(tracking_uri=uri)
    if late_metrics:
        stamp = int(time.time() * 1000)
        late = [Metric(k, metric_value(v), stamp, 0) for k, v in sorted(late_metrics.items())]
        client.log_batch(run_id, metrics=late)
    # Tagged last: a process killed while logging never leaves complete=true behind.
    client.set_tag(run_id, "complete", str(complete).lower())
    end_run(tracking_uri=uri, run_id=run_id, status="FINISHED" if complete else "FAILED")
