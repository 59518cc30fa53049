"""A run's artifacts stored once: hard links into a local artifact store, copies elsewhere.

A job's results (``report.html``, ``samples.jsonl``, ...) already lie in its folder; MLflow's
``log_artifact`` would copy each into the store beside it. Where the run's artifacts live on a
local disk (the default ``outputs/mlartifacts``), each file is hard-linked there instead: the
same bytes on disk once, the MLflow UI serving them as before. Across filesystems, where links
are impossible, and for any remote store, MLflow copies (uploads) the file as usual.

A linked file is shared with the job folder, so nothing may rewrite it in place: the rule of
:mod:`gralgo.job._links` (a job detaches its folder's multiply-linked files before writing
results; every other writer replaces files atomically), which keeps a logged artifact as it
was logged.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any


@cache
def _local_artifact_dir(artifact_uri: str) -> Path | None:
    """The folder of a run's artifacts when MLflow keeps them on a local disk, else None."""
    from mlflow.store.artifact.artifact_repository_registry import get_artifact_repository
    from mlflow.store.artifact.local_artifact_repo import LocalArtifactRepository

    repository = get_artifact_repository(artifact_uri)
    if isinstance(repository, LocalArtifactRepository):
        return Path(repository.artifact_dir)
    return None


_ARTIFACT_URIS: dict[str, str] = {}
"""Each run's artifact URI, which MLflow fixes when it creates the run: read once, not per file
(``get_run`` loads the whole run, its ~1,000 metrics included: 48 reads were half the CPU of
logging ``main``'s results)."""


def _artifact_uri(client: Any, run_id: str) -> str:
    if run_id not in _ARTIFACT_URIS:
        _ARTIFACT_URIS[run_id] = str(client.get_run(run_id).info.artifact_uri)
    return _ARTIFACT_URIS[run_id]


def store_artifact(client: Any, run_id: str, path: Path, artifact_path: str | None = None) -> None:
    """Log the file ``path`` under ``artifact_path`` of the run: a hard link in a local store
    (replacing an earlier artifact of that name), else MLflow's own copy or upload."""
    root = _local_artifact_dir(_artifact_uri(client, run_id))
    if root is not None:
        target_dir = root / artifact_path if artifact_path else root
        if target_dir.resolve().is_relative_to(root.resolve()):  # MLflow's own check, too
            target = target_dir / path.name
            partial = target_dir / f".{path.name}.{os.getpid()}.link"
            try:
                target_dir.mkdir(parents=True, exist_ok=True)
                partial.unlink(missing_ok=True)
                os.link(path, partial)
                os.replace(partial, target)
                return
            except OSError:  # another filesystem, or one without links: MLflow copies
                partial.unlink(missing_ok=True)
    client.log_artifact(run_id, str(path), artifact_path)
