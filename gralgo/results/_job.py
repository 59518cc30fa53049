"""``job.json``: what one evaluation job asked for, written into its folder when it starts."""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from gralgo.errors import GralgoError

JOB_FILE = "job.json"
JOB_FORMAT_VERSION = 1


class ResultsError(GralgoError):
    """A job folder or ledger that cannot be read as results; names the path and the fix."""


@dataclass(frozen=True)
class JobInfo:
    """The contents of a job folder's ``job.json``."""

    ledger_path: str
    """Absolute path of the ledger the job's samples are stored in."""
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

    def __post_init__(self) -> None:
        if len(self.request_keys) != len(self.instance_ids):
            raise ValueError("request_keys and instance_ids must have the same length")


def write_job(directory: str | os.PathLike[str], job: JobInfo) -> Path:
    """Write ``job.json`` into ``directory`` atomically; returns its path."""
    path = Path(directory) / JOB_FILE
    data = asdict(job)
    data["request_keys"], data["instance_ids"] = list(job.request_keys), list(job.instance_ids)
    tmp = path.with_name(f".{JOB_FILE}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False), "utf-8")
        os.replace(tmp, path)
    except OSError as err:
        raise ResultsError(f"cannot write {path} ({err}); nothing was called") from err
    return path


def read_job(path: str | os.PathLike[str]) -> JobInfo:
    """The :class:`JobInfo` of a job folder (or of its ``job.json`` file)."""
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
    known = {f.name for f in fields(JobInfo)}
    try:
        data = {k: v for k, v in data.items() if k in known}
        data["request_keys"] = tuple(data["request_keys"])
        data["instance_ids"] = tuple(data["instance_ids"])
        data["k"] = int(data["k"])
        return JobInfo(**data)
    except (KeyError, TypeError, ValueError) as err:
        raise ResultsError(f"{file} is missing or has a wrong field: {err}") from err
