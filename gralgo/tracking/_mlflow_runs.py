"""The lifecycle of a job's MLflow runs beyond one process: whether a run still exists, which
runs belong to the same job, and ending the runs a killed process left RUNNING.

Every job run carries the tag ``gralgo.job_key`` (a digest of the tracking target, experiment,
sweep parent and resolved config: the same job gets the same tag on every re-run) and the
process that opened it (``gralgo.host``, ``gralgo.pid``, ``gralgo.pid_start``). A process
killed with SIGKILL cannot end its run; the next run of the same job finds it RUNNING, sees
that its process is gone (same host, pid not alive or alive with another start time) and
marks it KILLED with ``complete=false``. A RUNNING run of a live process (a concurrent
identical job) or of another host is left alone.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import socket
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

if TYPE_CHECKING:
    from gralgo.report import ReportSettings

log = logging.getLogger("gralgo")

JOB_TAG = "gralgo.job_key"
HOST_TAG, PID_TAG, PID_START_TAG = "gralgo.host", "gralgo.pid", "gralgo.pid_start"


def job_key(settings: ReportSettings, parent_run_id: str | None) -> str:
    """The ``gralgo.job_key`` tag: the same for every run of the same job."""
    digest = hashlib.sha256()
    for part in (
        settings.mlflow.tracking_uri,
        settings.mlflow.experiment_name,
        parent_run_id or "",
        json.dumps(settings.config, sort_keys=True, default=str),
    ):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:32]


def _process_start(pid: int) -> str:
    """The process's start time in clock ticks since boot ('' where /proc is missing)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except OSError:
        return ""
    return stat.rpartition(")")[2].split()[19]


def process_tags() -> dict[str, str]:
    """The tags that name this process as the run's owner."""
    pid = os.getpid()
    return {HOST_TAG: socket.gethostname(), PID_TAG: str(pid), PID_START_TAG: _process_start(pid)}


def owner_is_gone(tags: dict[str, str]) -> bool:
    """Whether the process named by a run's tags is known to be dead (this host only)."""
    if tags.get(HOST_TAG) != socket.gethostname() or not tags.get(PID_TAG, "").isdigit():
        return False
    pid = int(tags[PID_TAG])
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass  # alive, another user's
    started = tags.get(PID_START_TAG, "")
    return bool(started) and _process_start(pid) not in ("", started)


def end_orphans(client: Any, experiment_id: str, key: str) -> list[str]:
    """Mark KILLED (and ``complete=false``) the RUNNING runs of job ``key`` whose process is
    gone; their ids."""
    runs = client.search_runs(
        [experiment_id],
        filter_string=f"tags.`{JOB_TAG}` = '{key}' and attributes.status = 'RUNNING'",
        max_results=1000,
    )
    ended = []
    for run in runs:
        if owner_is_gone(dict(run.data.tags)):
            client.set_tag(run.info.run_id, "complete", "false")
            client.set_terminated(run.info.run_id, status="KILLED")
            log.warning(
                "MLflow run %s of this job was left RUNNING by a killed process: marked KILLED",
                run.info.run_id,
            )
            ended.append(str(run.info.run_id))
    return ended


def _sqlite_path(tracking_uri: str) -> Path | None:
    """The file of a ``sqlite:///relative`` or ``sqlite:////absolute`` store (SQLAlchemy's
    form); ``None`` for any other store."""
    if not tracking_uri.startswith("sqlite:///"):
        return None
    return Path(unquote(tracking_uri[len("sqlite:///") :].partition("?")[0]))


def run_exists(tracking_uri: str, run_id: str) -> bool:
    """Whether ``run_id`` is a live (not deleted) run of the store at ``tracking_uri``.

    A local SQLite store is read directly (a re-run need not import MLflow); any other store
    is asked through MLflow."""
    path = _sqlite_path(tracking_uri)
    if path is not None:
        if not path.is_file():
            return False
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error:
            return False
        try:
            row = conn.execute(
                "SELECT lifecycle_stage FROM runs WHERE run_uuid = ?", (run_id,)
            ).fetchone()
        except sqlite3.Error:
            return False
        finally:
            conn.close()
        return row is not None and row[0] != "deleted"
    from mlflow import MlflowClient
    from mlflow.exceptions import MlflowException

    try:
        run = MlflowClient(tracking_uri=tracking_uri).get_run(run_id)
    except MlflowException:
        return False
    return str(run.info.lifecycle_stage) != "deleted"
