"""Log one evaluation job to MLflow: redacted params, tags for slicing, metrics, artifacts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gralgo._settings import AppSettings


def job_tags(settings: AppSettings) -> dict[str, str]:
    """Tags the MLflow UI can filter and group by."""
    return {
        "model": str(settings.model.get("name", "")),
        "litellm_model": str(settings.model.get("litellm_model", "")),
        "task": ",".join(sorted(settings.dataset.tasks)),
        "level": ",".join(str(level) for level in settings.dataset.levels),
        "format": settings.format,
        "context": settings.context,
        "k": str(settings.k),
        "dataset": settings.dataset.fingerprint(),
    }


def log_to_mlflow(settings: AppSettings, metrics: dict[str, float], artifacts: Sequence[Path],
                  out_dir: Path) -> str:
    """One MLflow run for the job (nested under the sweep's parent run in a multirun)."""
    from gralgo.report._hydra_callbacks import parent_run_id_for_job
    from gralgo.report._mlflow import flatten_params, log_run
    from gralgo.report._secrets import redact_config, secret_env_names

    tags = job_tags(settings)
    env_names = secret_env_names(settings.config)
    return log_run(
        tracking_uri=settings.mlflow.tracking_uri,
        experiment_name=settings.mlflow.experiment_name,
        run_name=f"{tags['model']} {tags['format']} {tags['context']} L{tags['level']}",
        params=flatten_params(redact_config(settings.config)),
        tags=tags,
        metrics=metrics,
        artifacts=[p for p in artifacts if p.parent == out_dir],
        artifact_dir=out_dir / "tables" if (out_dir / "tables").is_dir() else None,
        parent_run_id=parent_run_id_for_job(),
        secret_env_names=env_names,
    )
