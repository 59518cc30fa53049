"""MLflow logging: one run per Hydra job, nested under one parent run per multirun sweep.

The default store is MLflow's own default kind, a SQLite database, kept under ``outputs/``
(``outputs/mlflow.db``, artifacts in ``outputs/mlartifacts``). Open it with::

    mlflow ui --backend-store-uri sqlite:///outputs/mlflow.db

Every param, tag and text artifact passes through :func:`gralgo.tracking._secrets.scrub_text`
before it leaves the process, so a key that slipped into a config or a log never reaches MLflow.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from gralgo.errors import ConfigError
from gralgo.redaction import byte_clues, redact

# MLflow 3 starts a telemetry thread that phones home (and edits os.environ while we scrub it).
# Off by default here; set MLFLOW_DISABLE_TELEMETRY=false to allow it.
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
from gralgo.tracking._secrets import redact_config, scrub_text, secret_values

_LOG = logging.getLogger(__name__)

PARENT_RUN_TAG = "mlflow.parentRunId"
EXPERIMENT_KIND_TAG = "mlflow.experimentKind"
EXPERIMENT_KIND = "custom_model_development"
"""Marks the experiment as model evaluation, not GenAI tracing (see :func:`ui_path`)."""
RUNS_VIEW_KEY = "gralgo"
"""The experiment's shared runs-table view: tag ``mlflow.sharedViewState.gralgo``."""
RUNS_VIEW_COLUMNS: tuple[str, ...] = (
    "metrics.`accuracy`", "metrics.`accuracy_lo`", "metrics.`accuracy_hi`",
    "metrics.`cost_usd`", "metrics.`completion_tokens`",
    "metrics.`pass_at_k`", "metrics.`pass_at_k_lo`", "metrics.`pass_at_k_hi`",
    "tags.`model`", "tags.`format`", "tags.`level`", "params.`k`",
)  # fmt: skip
"""Columns the runs table shows in gralgo's view (MLflow 3.17 shows no metric by default).
What its shared view state honours (``mlflow/server/js``: the keys picked from a
``mlflow.sharedViewState.<key>`` experiment tag) includes ``selectedColumns``; the table
then lists the chosen metrics alphabetically after the run name and date, so ``accuracy``,
its interval, ``completion_tokens`` and ``cost_usd`` are the first five, then ``pass_at_k``
and its interval, all within a 1,600 px window (columns past the window are not drawn until
scrolled to). ``cons_at_k`` is left out: by name it would sit between tokens and cost; it is
one click away ("Columns") and in every other view."""
_MAX_PARAM_CHARS = 6000  # MLflow's limit on a param value
_INVALID_NAME_CHARS = re.compile(r"[^\w\-. /:]")


def default_tracking_uri(outputs_dir: Path = Path("outputs")) -> str:
    """``sqlite:///<abs outputs_dir>/mlflow.db`` (absolute, so a job's cwd does not matter)."""
    return f"sqlite:///{(outputs_dir.resolve() / 'mlflow.db').as_posix()}"


def ui_command(tracking_uri: str) -> str:
    """The shell command that opens the MLflow UI on ``tracking_uri`` (a local store)."""
    if tracking_uri.startswith(("http://", "https://")):
        return f"open {tracking_uri}"
    return f"LITELLM_LOCAL_MODEL_COST_MAP=True mlflow ui --backend-store-uri {tracking_uri}"


METRIC_DIGITS = 4
"""Significant digits of every logged fractional metric (``0.2917``, not ``0.29166666``); whole
numbers (tokens, counts) are logged exactly. The exact values are in the job's metrics.json."""
RUN_TYPE_TAG, RUN_TYPE = "mlflow.runType", "evaluation"
"""Every job run is an evaluation run: on a browser's first visit the runs table (MLflow 3.17)
opens the sweep parent of such runs by itself, its jobs listed below it with their metrics (a
shared view cannot: MLflow drops ``runsExpanded`` from it). On later visits a parent stays
closed; the sweep's own view (:func:`sweep_view_key`) lists its jobs in any case."""


def metric_value(value: float) -> float:
    """``value`` as MLflow shows it: whole numbers as they are, others to 4 significant digits."""
    value = float(value)
    if not math.isfinite(value) or value.is_integer():
        return value
    return float(f"{value:.{METRIC_DIGITS}g}")


def experiment_tags() -> dict[str, str]:
    """Tags every gralgo experiment gets: its kind and the runs-table view with key metrics."""
    view = {"selectedColumns": list(RUNS_VIEW_COLUMNS), "orderByKey": "attributes.start_time",
            "orderByAsc": False}  # fmt: skip
    return {
        EXPERIMENT_KIND_TAG: EXPERIMENT_KIND,
        f"mlflow.sharedViewState.{RUNS_VIEW_KEY}": json.dumps(view, separators=(",", ":")),
    }


def sweep_view_key(parent_run_id: str) -> str:
    """The shared view of one sweep: its jobs only, best accuracy first, gralgo's columns."""
    return f"sweep-{parent_run_id}"


def sweep_view(parent_run_id: str) -> str:
    """The :func:`sweep_view_key` view's state. Sorted by a metric and filtered, MLflow lists
    the jobs flat (not nested under their parent, which a browser may show closed)."""
    view = {"selectedColumns": list(RUNS_VIEW_COLUMNS), "orderByKey": "metrics.`accuracy`",
            "orderByAsc": False,
            "searchFilter": f"tags.`{PARENT_RUN_TAG}` = '{parent_run_id}'"}  # fmt: skip
    return json.dumps(view, separators=(",", ":"))


def ui_path(experiment_id: str, run_id: str | None = None, view: str = RUNS_VIEW_KEY) -> str:
    """The UI page of an experiment's runs table (or of one run), in "Model training" mode.

    MLflow 3.17 opens every experiment on the GenAI traces overview unless the page is asked
    for ``workflowType=machine_learning`` (the "Model training" switch, top left, which the
    browser then remembers); the ``mlflow.experimentKind`` tag does not change that. The runs
    table shows no metric until columns are chosen, so the runs page opens gralgo's shared
    view (:data:`RUNS_VIEW_COLUMNS`).
    """
    if run_id:
        return f"#/experiments/{experiment_id}/runs/{run_id}?workflowType=machine_learning"
    return (
        f"#/experiments/{experiment_id}/runs?workflowType=machine_learning&viewStateShareKey={view}"
    )


def flatten_params(cfg: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested config -> ``{"model.name": "...", ...}``; lists become JSON; keys sorted."""
    flat: dict[str, str] = {}
    for key in sorted(cfg, key=str):
        name = f"{prefix}{key}"
        value = cfg[key]
        if isinstance(value, Mapping) and value:
            flat.update(flatten_params(value, prefix=f"{name}."))
        elif isinstance(value, list | tuple | Mapping):
            flat[name] = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
        else:
            flat[name] = "null" if value is None else str(value)
    return dict(sorted(flat.items()))


def metric_name(name: str) -> str:
    """A name MLflow accepts: ``pass@8`` -> ``pass_at_8``; other odd characters -> ``_``."""
    return _INVALID_NAME_CHARS.sub("_", name.replace("@", "_at_"))


@contextlib.contextmanager
def _store_setup_lock(tracking_uri: str) -> Iterator[None]:
    """Serialise opening a SQLite store across processes (a lock file next to the database).

    MLflow creates and migrates a fresh store's schema on first open without a lock of its
    own, so jobs opening a new ``mlflow.db`` at once fail (``duplicate column name: step``).
    """
    if not tracking_uri.startswith("sqlite:///"):
        yield
        return
    import fcntl

    db = Path(tracking_uri.removeprefix("sqlite:///"))
    db.parent.mkdir(parents=True, exist_ok=True)
    with open(db.with_name(db.name + ".lock"), "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def open_experiment(tracking_uri: str, experiment_name: str) -> tuple[Any, str]:
    """An ``MlflowClient`` for the store and the id of the experiment (created if missing)."""
    with _store_setup_lock(tracking_uri):
        return _open_experiment(tracking_uri, experiment_name)


def _open_experiment(tracking_uri: str, experiment_name: str) -> tuple[Any, str]:
    from mlflow import MlflowClient  # lazy: heavy import
    from mlflow.exceptions import MlflowException

    client = MlflowClient(tracking_uri=tracking_uri)
    experiment = client.get_experiment_by_name(experiment_name)
    if experiment is not None:
        for key, value in experiment_tags().items():  # an older gralgo's view is replaced
            if experiment.tags.get(key) != value:
                client.set_experiment_tag(experiment.experiment_id, key, value)
        return client, str(experiment.experiment_id)
    try:
        return client, str(
            client.create_experiment(
                experiment_name,
                artifact_location=_local_artifact_location(tracking_uri),
                tags=experiment_tags(),
            )
        )
    except MlflowException:  # another job created it first
        experiment = client.get_experiment_by_name(experiment_name)
        if experiment is None:
            raise
        return client, str(experiment.experiment_id)


def start_parent_run(
    *,
    tracking_uri: str,
    experiment_name: str,
    run_name: str,
    tags: Mapping[str, Any] | None = None,
) -> str:
    """Create the (still running) parent run of a sweep and its shared view (its jobs: see
    :func:`sweep_view`); returns its id."""
    client, experiment_id = open_experiment(tracking_uri, experiment_name)
    run = client.create_run(
        experiment_id,
        run_name=scrub_text(run_name),
        tags=_clean_tags({**(tags or {}), "gralgo.kind": "sweep"}),
    )
    run_id = str(run.info.run_id)
    view = f"mlflow.sharedViewState.{sweep_view_key(run_id)}"
    client.set_experiment_tag(experiment_id, view, sweep_view(run_id))
    return run_id


def end_run(*, tracking_uri: str, run_id: str, status: str = "FINISHED") -> None:
    """Mark a run ``FINISHED`` (or ``FAILED`` / ``KILLED``)."""
    from mlflow import MlflowClient

    MlflowClient(tracking_uri=tracking_uri).set_terminated(run_id, status=status)


def create_run(
    *,
    tracking_uri: str,
    experiment_name: str,
    run_name: str,
    tags: Mapping[str, Any],
    params: Mapping[str, Any] | None = None,
    parent_run_id: str | None = None,
    secret_env_names: Sequence[str] = (),
) -> str:
    """Create a job run (status RUNNING, started now) with its tags and params; return its id."""
    from mlflow.entities import Param

    client, experiment_id = open_experiment(tracking_uri, experiment_name)
    run_tags = {**tags, "gralgo.kind": "job", RUN_TYPE_TAG: RUN_TYPE}
    if parent_run_id:
        run_tags[PARENT_RUN_TAG] = parent_run_id
    run = client.create_run(
        experiment_id, run_name=scrub_text(run_name, secret_env_names),
        tags=_clean_tags(run_tags, secret_env_names),
    )  # fmt: skip
    run_id = str(run.info.run_id)
    param_entities = [
        Param(metric_name(k), scrub_text(str(v), secret_env_names)[:_MAX_PARAM_CHARS])
        for k, v in sorted((params or {}).items())
    ]
    try:
        for start in range(0, len(param_entities), 100):  # MLflow's batch limit
            client.log_batch(run_id, params=param_entities[start : start + 100])
    except BaseException:
        client.set_terminated(run_id, status="FAILED")
        raise
    return run_id


def log_results(
    *,
    tracking_uri: str,
    run_id: str,
    metrics: Mapping[str, float],
    artifacts: Sequence[Path] = (),
    artifact_dir: Path | None = None,
    config_snapshot: Mapping[str, Any] | None = None,
    secret_env_names: Sequence[str] = (),
    stepped: Sequence[tuple[str, float, int]] | None = None,
    artifact_root: Path | None = None,
    clean: Mapping[str, FileStamp] | None = None,
) -> None:
    """Log metrics and (scrubbed) artifacts into an existing run; the run stays open.

    ``artifacts`` are logged at the run's root, except those under ``artifact_root`` (the job
    folder), which keep their folder below it (``report_data/index-00000.js``).

    ``stepped`` (``(name, value, step)``, see :func:`gralgo.report._flat_metrics.mlflow_entries`)
    replaces ``metrics`` when given. ``clean``: artifacts already found free of secrets, with
    the stamp they had then (:func:`scan_beside`); any other is scanned here."""
    from mlflow import MlflowClient
    from mlflow.entities import Metric

    client = MlflowClient(tracking_uri=tracking_uri)
    now_ms = int(time.time() * 1000)
    entries = stepped if stepped is not None else [(k, v, 0) for k, v in sorted(metrics.items())]
    metric_entities = [
        Metric(metric_name(k), metric_value(v), now_ms, step) for k, v, step in entries
    ]
    for start in range(0, len(metric_entities), 1000):
        client.log_batch(run_id, metrics=metric_entities[start : start + 1000])
    with tempfile.TemporaryDirectory(prefix="gralgo-mlflow-") as staging:
        staged = Path(staging)
        if config_snapshot is not None:
            snapshot = staged / "config.json"
            snapshot.write_text(
                json.dumps(redact_config(config_snapshot), sort_keys=True, indent=2,
                           ensure_ascii=False, default=str),
                encoding="utf-8",
            )  # fmt: skip
            _log_scrubbed_file(client, run_id, snapshot, None, staged, secret_env_names)
        for path in map(Path, artifacts):
            folder = None
            if artifact_root is not None and path.parent != artifact_root:
                if path.is_relative_to(artifact_root):
                    folder = path.parent.relative_to(artifact_root).as_posix()
            _log_scrubbed_file(client, run_id, path, folder, staged, secret_env_names, clean)
        if artifact_dir is not None:
            _log_scrubbed_dir(client, run_id, Path(artifact_dir), staged, secret_env_names)


def log_run(
    *,
    tracking_uri: str,
    experiment_name: str,
    run_name: str,
    params: Mapping[str, Any],
    tags: Mapping[str, Any],
    metrics: Mapping[str, float],
    artifacts: Sequence[Path] = (),
    artifact_dir: Path | None = None,
    config_snapshot: Mapping[str, Any] | None = None,
    parent_run_id: str | None = None,
    secret_env_names: Sequence[str] = (),
    clean: Mapping[str, FileStamp] | None = None,
) -> str:
    """Log one finished job as an MLflow run in one go; returns the run id.

    ``params`` is the flattened, redacted resolved config (see :func:`flatten_params`);
    ``artifacts`` are files logged at the run's root, ``artifact_dir`` a folder logged under
    its own name; ``config_snapshot`` is redacted and logged as ``config.json``. Values of the
    environment variables in ``secret_env_names`` are scrubbed from everything. ``clean``:
    artifacts already found free of them (:func:`scan_beside`), with their stamps then.
    """
    before = dict(clean or {})
    scanning = scan_beside([p for p in map(Path, artifacts) if str(p) not in before],
                           secret_env_names)  # fmt: skip

    def scanned() -> dict[str, FileStamp]:
        return {**before, **scanning()}

    try:
        run_id = create_run(
            tracking_uri=tracking_uri, experiment_name=experiment_name, run_name=run_name,
            tags=tags, params=params, parent_run_id=parent_run_id,
            secret_env_names=secret_env_names,
        )  # fmt: skip
    except BaseException:
        scanned()
        raise
    try:
        log_results(
            tracking_uri=tracking_uri, run_id=run_id, metrics=metrics, artifacts=artifacts,
            artifact_dir=artifact_dir, config_snapshot=config_snapshot,
            secret_env_names=secret_env_names, clean=scanned(),
        )  # fmt: skip
    except BaseException:
        end_run(tracking_uri=tracking_uri, run_id=run_id, status="FAILED")
        raise
    end_run(tracking_uri=tracking_uri, run_id=run_id)
    return run_id


def _log_scrubbed_dir(
    client: Any, run_id: str, root: Path, staged: Path, secret_env_names: Sequence[str]
) -> None:
    if not root.is_dir():
        raise ConfigError(f"artifact folder {root} does not exist")
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        relative_parent = path.parent.relative_to(root)
        artifact_path = (Path(root.name) / relative_parent).as_posix()
        _log_scrubbed_file(client, run_id, path, artifact_path, staged, secret_env_names)


_STREAM_ABOVE_BYTES = 16 * 2**20
"""Artifact files larger than this are checked and scrubbed a piece at a time."""


def _log_scrubbed_file(
    client: Any,
    run_id: str,
    path: Path,
    artifact_path: str | None,
    staged: Path,
    secret_env_names: Sequence[str],
    clean: Mapping[str, FileStamp] | None = None,
) -> None:
    """Log ``path``; a text file whose content holds a secret is logged as a scrubbed copy, a
    binary file holding a secret value not at all. A large file is read a few MB at a time;
    one in ``clean`` with the same stamp was scanned already (:func:`scan_beside`)."""
    from gralgo.tracking._artifacts import store_artifact
    from gralgo.tracking._scrub_files import contains_any, needs_scrubbing, write_scrubbed

    if not path.is_file():
        raise ConfigError(f"artifact {path} does not exist")
    values = secret_values(secret_env_names)
    size = _piece_size(path, values)
    scrub = partial(redact, secrets=values)
    copy_dir = staged / f"scrubbed-{len(list(staged.iterdir()))}"
    scanned = clean is not None and clean.get(str(path)) == _stamp(path)
    try:
        if scanned or not needs_scrubbing(path, scrub, size, byte_clues(values)):
            store_artifact(client, run_id, path, artifact_path)
            return
        copy_dir.mkdir()
        write_scrubbed(path, copy_dir / path.name, scrub, size)
    except UnicodeDecodeError:  # binary (or text turning binary after a secret): never scrubbed
        if copy_dir.exists() or contains_any(path, [v.encode("utf-8") for v in values]):
            _LOG.warning("not logging artifact %s: it contains a secret value", path)
        else:
            store_artifact(client, run_id, path, artifact_path)
        return
    store_artifact(client, run_id, copy_dir / path.name, artifact_path)


FileStamp = tuple[int, int, int, int, int]
"""A file's device, inode, size, modification and change times (ns): its bytes unchanged."""


def _stamp(path: Path) -> FileStamp:
    stat = path.stat()
    return stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns


def _piece_size(path: Path, values: Sequence[str]) -> int | None:
    """How ``path`` is scanned: whole when small or when a secret value holds a ``"`` (it
    could span the pieces' cuts, see :mod:`gralgo.tracking._scrub_files`), else in pieces."""
    from gralgo.tracking._scrub_files import WHOLE

    small = path.stat().st_size <= _STREAM_ABOVE_BYTES
    return WHOLE if small or any('"' in v for v in values) else None


def _clean_files(paths: Sequence[Path], secret_env_names: Sequence[str]) -> dict[str, FileStamp]:
    """Those of ``paths`` (text files) that hold no secret, with their stamps when scanned."""
    from gralgo.tracking._scrub_files import needs_scrubbing

    values = secret_values(secret_env_names)
    scrub, clues = partial(redact, secrets=values), byte_clues(values)
    clean = {}
    for path in paths:
        before = _stamp(path)
        with contextlib.suppress(UnicodeDecodeError):  # binary: the parent decides
            if (
                not needs_scrubbing(path, scrub, _piece_size(path, values), clues)
                and _stamp(path) == before
            ):
                clean[str(path)] = before
    return clean


def _forks() -> bool:
    """Whether a process started here is forked, with no other thread running (one could
    hold a lock the forked process would wait on for ever)."""
    import multiprocessing
    import threading

    method = multiprocessing.get_start_method(allow_none=True)
    first = method or multiprocessing.get_all_start_methods()[0]
    return first == "fork" and threading.active_count() == 1


def scan_beside(
    artifacts: Sequence[Path], secret_env_names: Sequence[str]
) -> Callable[[], dict[str, FileStamp]]:
    """Start scanning the large artifacts (over :data:`_STREAM_ABOVE_BYTES`) for secrets in a
    forked process while this one opens the store and creates the run (seconds of imports);
    returns a function that waits for those found clean (an empty dict where processes do
    not fork, other threads run, or the scan fails: each is then scanned as it is logged)."""
    import multiprocessing

    large = [
        p for p in map(Path, artifacts) if p.is_file() and p.stat().st_size > _STREAM_ABOVE_BYTES
    ]
    if not large or not _forks():
        return dict
    from concurrent.futures import ProcessPoolExecutor

    import gralgo.tracking._scrub_files  # noqa: F401  (imported before the fork)

    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    future = pool.submit(_clean_files, large, list(secret_env_names))

    def wait() -> dict[str, FileStamp]:
        try:
            return future.result()
        except Exception:  # noqa: BLE001  (scanned again as they are logged)
            return {}
        finally:
            pool.shutdown()

    return wait


def _clean_tags(tags: Mapping[str, Any], secret_env_names: Sequence[str] = ()) -> dict[str, str]:
    return {
        str(k): scrub_text("null" if v is None else str(v), secret_env_names)[:_MAX_PARAM_CHARS]
        for k, v in sorted(tags.items())
    }


def _local_artifact_location(tracking_uri: str) -> str | None:
    """Artifacts beside a local SQLite store (``mlartifacts/``); a server decides its own."""
    if not tracking_uri.startswith("sqlite:///"):
        return None
    database = Path(tracking_uri.removeprefix("sqlite:///"))
    return (database.resolve().parent / "mlartifacts").as_uri()
