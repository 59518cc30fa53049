"""A job's record (``job.json``): the one typed description of an evaluation job, and its reader.

What was asked (model, format, sampling, the request keys) is written when the job starts;
when it finishes complete, the same record gains what the results were made from and what was
produced (:class:`ResultsState`) and where the job was logged (:class:`MlflowRun`).
``gralgo.job`` is the only writer (atomically, one file); reuse, the reports, the analyses and
:func:`read_job` read it. A record from an older gralgo (format version 1, next to the old
``.results.stamp``) reads as asked-only: its results are simply not reused.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from gralgo.errors import GralgoError

JOB_FILE = "job.json"
JOB_FORMAT_VERSION = 2


class ResultsError(GralgoError):
    """A job folder or ledger that cannot be read as results; names the path and the fix."""


FileStates = dict[str, list[int]]
"""File name (relative to the job folder) -> [size, modification time in ns]."""


@dataclass(frozen=True)
class ResultsState:
    """What a complete job's results were made from, and the files it produced."""

    inputs: str
    """Digest of the resolved config, the code, the formatting libraries and the dataset
    files (``gralgo.job``'s ``inputs_digest``)."""
    samples: str
    """Content digest of every column of the job's samples (index < k) in the ledger."""
    ledger_files: str
    """The ledger files' state (device, inode, size, times) when :attr:`samples` was taken
    (empty when unknown, e.g. PostgreSQL): unchanged files need no re-hashing."""
    files: FileStates
    """The result files produced (this record excluded)."""
    summary: str
    """The job summary as printed."""
    samples_total: int
    folder: str
    """The job folder the results were written for (resolved), which the summary names."""
    dependencies: tuple[str, ...] = ()
    """Request keys of other samples the results were made from (certificate mode reports the
    direct-mode accuracy of the same instances when the ledger has it)."""
    dependencies_digest: str = ""
    """Content digest of the rows of :attr:`dependencies` (errors included)."""
    mlflow_parent: str = ""
    """The MLflow parent run of the sweep the job was logged under ('' outside a sweep or
    without MLflow): a job of a new sweep logs a run of its own under that sweep's parent."""


@dataclass(frozen=True)
class MlflowRun:
    """Where the job was logged."""

    run_id: str
    tracking_uri: str
    experiment_id: str | None = None
    parent_run_id: str = ""
    """The sweep's parent run ('' outside a sweep)."""


@dataclass(frozen=True)
class JobRecord:
    """The contents of a job folder's ``job.json``."""

    ledger_path: str
    """Absolute path of the ledger the job's samples are stored in (or its URL)."""
    dataset_dir: str
    """Absolute path of the dataset folder the instances were read from."""
    model: str
    """The model's display name (``model.name``)."""
    litellm_model: str
    """The litellm model string."""
    format: str
    """Graph serialisation format of the prompts."""
    context: str
    """``standard`` or a long-context variant name."""
    k: int
    """Samples per request; the job's samples are those with ``sample_index < k``."""
    sampling: dict[str, Any]
    """The sampling parameters sent (after the model's own overrides)."""
    request_keys: tuple[str, ...]
    """One request key per instance, in dataset order (identical prompts share a key)."""
    instance_ids: tuple[str, ...]
    """The instance each entry of :attr:`request_keys` was built from."""
    mode: str = "direct"
    """How the model was driven (``direct`` or e.g. a tool mode)."""
    sandbox: dict[str, str] = field(default_factory=dict)
    """``mode=tool``: the sandbox backend model code ran in and its guarantees (else empty)."""
    created_at: float = field(default_factory=time.time)
    """Unix time the job started."""
    version: int = JOB_FORMAT_VERSION
    """Format version of job.json."""
    results: ResultsState | None = None
    """Set once the job finished complete (and was logged, with MLflow on)."""
    mlflow: MlflowRun | None = None

    def __post_init__(self) -> None:
        if len(self.request_keys) != len(self.instance_ids):
            raise ValueError("request_keys and instance_ids must have the same length")


JobInfo = JobRecord
"""The former name of :class:`JobRecord` (what was asked is its first fields)."""


def record_json(record: JobRecord) -> str:
    """``record`` as the text of ``job.json``.

    The same text as ``json.dumps(asdict(record), ...)`` without :func:`asdict`'s deep copy of
    every request key and instance id (half the CPU of writing a 2,000-request record)."""
    data = {f.name: getattr(record, f.name) for f in fields(record)}
    for name in ("results", "mlflow"):
        if data[name] is None:
            del data[name]
        else:
            data[name] = asdict(data[name])
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)


def _section(cls: type[Any], data: Any) -> Any:
    if not isinstance(data, dict):
        return None
    known = {f.name for f in fields(cls)}
    try:
        values = {k: v for k, v in data.items() if k in known}
        if "dependencies" in values:
            values["dependencies"] = tuple(values["dependencies"])
        return cls(**values)
    except TypeError:
        return None  # a section this gralgo cannot read is treated as absent: never reused


def read_job(path: str | os.PathLike[str]) -> JobRecord:
    """The :class:`JobRecord` of a job folder (or of its ``job.json`` file)."""
    path = Path(path).expanduser()
    file = path / JOB_FILE if path.is_dir() else path
    try:
        data = json.loads(file.read_text("utf-8"))
    except FileNotFoundError as err:
        raise ResultsError(
            f"{file} does not exist: pass an evaluation job's output folder (it holds job.json) "
            "or a ledger .sqlite file"
        ) from err
    except (OSError, ValueError) as err:
        raise ResultsError(f"{file} is not a readable job.json ({err})") from err
    known = {f.name for f in fields(JobRecord)}
    try:
        data = {k: v for k, v in data.items() if k in known}
        data["request_keys"] = tuple(data["request_keys"])
        data["instance_ids"] = tuple(data["instance_ids"])
        data["k"] = int(data["k"])
        data["results"] = _section(ResultsState, data.get("results"))
        data["mlflow"] = _section(MlflowRun, data.get("mlflow"))
        return JobRecord(**data)
    except (KeyError, TypeError, ValueError) as err:
        raise ResultsError(f"{file} is missing or has a wrong field: {err}") from err
