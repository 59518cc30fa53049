"""Log one evaluation job to MLflow: redacted params, tags for slicing, metrics, artifacts."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gralgo._settings import AppSettings

log = logging.getLogger("gralgo")


def job_tags(settings: AppSettings) -> dict[str, str]:
    """Tags the MLflow UI can filter and group by."""
    return {
        "model": str(settings.model.get("name", "")),
        "litellm_model": str(settings.model.get("litellm_model", "")),
        "task": ",".join(sorted(settings.dataset.tasks)),
        "level": ",".join(str(level) for level in settings.dataset.levels),
        "format": settings.format,
        "context": settings.context,
        "mode": settings.mode.name,
        "k": str(settings.k),
        "dataset": settings.dataset.fingerprint(),
    }


def results_fingerprint(settings: AppSettings, parent_run_id: str | None,
                        artifacts: Sequence[Path]) -> str:
    """Hash of what a run would log: tracking target, parent, config, every result file."""
    digest = hashlib.sha256()
    for part in (settings.mlflow.tracking_uri, settings.mlflow.experiment_name,
                 parent_run_id or "", json.dumps(settings.config, sort_keys=True, default=str)):
        digest.update(part.encode() + b"\0")
    for path in sorted(artifacts):
        if path.suffix in {".csv", ".md", ".json"}:  # the PNG is derived from the CSVs
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def log_to_mlflow(settings: AppSettings, metrics: dict[str, float], artifacts: Sequence[Path],
                  out_dir: Path, *, complete: bool = True) -> str:
    """One MLflow run for the job (nested under the sweep's parent run in a multirun).

    Identical results (a re-run of a finished command) are not logged twice: a marker under
    ``outputs/mlflow_logged/`` remembers the run that already holds them, and its id is returned
    without importing MLflow (``mlflow.log_duplicates=true`` logs anyway). A partial job
    (``complete=False``) gets the tag ``complete=false`` and the status FAILED.
    """
    from gralgo.report._hydra_callbacks import parent_run_id_for_job

    parent = parent_run_id_for_job()
    marker = (settings.outputs_dir / "mlflow_logged"
              / results_fingerprint(settings, parent, artifacts))
    if marker.is_file() and not settings.mlflow.log_duplicates:
        run_id = marker.read_text(encoding="utf-8").strip()
        log.info("results identical to MLflow run %s: not logged again", run_id)
        return run_id
    run_id = _log_run(settings, metrics, artifacts, out_dir, parent, complete)
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(run_id + "\n", encoding="utf-8")
    return run_id


def _log_run(settings: AppSettings, metrics: dict[str, float], artifacts: Sequence[Path],
             out_dir: Path, parent_run_id: str | None, complete: bool = True) -> str:
    from gralgo.report._mlflow import end_run, flatten_params, log_run
    from gralgo.report._secrets import redact_config, secret_env_names

    tags = {**job_tags(settings), "complete": "true" if complete else "false"}
    env_names = secret_env_names(settings.config)
    run_id = log_run(
        tracking_uri=settings.mlflow.tracking_uri,
        experiment_name=settings.mlflow.experiment_name,
        run_name=f"{tags['model']} {tags['format']} {tags['context']} L{tags['level']}"
        + ("" if tags["mode"] == "direct" else f" {tags['mode']}"),
        params=flatten_params(redact_config(settings.config)),
        tags=tags,
        metrics=metrics,
        artifacts=[p for p in artifacts if p.parent == out_dir],
        artifact_dir=out_dir / "tables" if (out_dir / "tables").is_dir() else None,
        parent_run_id=parent_run_id,
        secret_env_names=env_names,
    )
    if not complete:
        end_run(tracking_uri=settings.mlflow.tracking_uri, run_id=run_id, status="FAILED")
    return run_id
