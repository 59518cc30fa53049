"""What the report stage needs to know about a job: its identity, k, and where MLflow logs go."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class MlflowSettings:
    """Where a job's MLflow run goes."""

    enabled: bool
    """Log the job at all."""
    tracking_uri: str
    """MLflow tracking URI."""
    experiment_name: str
    """MLflow experiment."""
    log_duplicates: bool = False
    """Log a run even when identical results are already logged (a re-run)."""


@dataclass(frozen=True)
class ReportSettings:
    """The part of a job's settings that reports, transcripts and MLflow runs use."""

    model: str
    """The model's display name (``model.name``)."""
    litellm_model: str
    """The provider route (``model.litellm_model``)."""
    tasks: tuple[str, ...]
    levels: tuple[int, ...]
    dataset_fingerprint: str
    format: str
    context: str
    mode: str
    """The answer mode (``direct``, ``tool``, ``certificate``)."""
    k: int
    bootstrap_resamples: int
    mlflow: MlflowSettings
    outputs_dir: Path
    dataset_dir: Path
    """The job's dataset (linked from its report page and MLflow run)."""
    by_level: bool = True
    """Whether accuracy is tabulated and plotted by size level (not for long-context jobs)."""
    sandbox: Mapping[str, str] = field(default_factory=dict)
    """``mode=tool``: ``sandbox_backend``, ``sandbox_guarantees`` and ``sandbox_memory`` (tagged
    on the MLflow run)."""
    price: Mapping[str, float | None] = field(default_factory=dict)
    """``model.price`` (``input_per_1m``, ``output_per_1m``, ``batch_discount``): when set, it
    prices every sample (``gralgo.report._pricing``; a batch sample at the batch price), as it
    priced the plan."""
    config: Mapping[str, Any] = field(default_factory=dict)
    """The resolved config as plain data: logged as params (redacted) and scanned for the names
    of secret variables, whose values are masked in model text."""

    @property
    def title(self) -> str:
        """``model · format · context · k = K``: what a job's page, plots and summary are about."""
        model = self.model or self.litellm_model or "model"
        return f"{model} · {self.format} · {self.context} · k = {self.k}"
