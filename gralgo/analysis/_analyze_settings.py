"""Typed settings of ``command=analyze`` (built from the resolved config in gralgo.settings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gralgo.analysis._judge import JudgeSettings
from gralgo.errors import ConfigError

ANALYSES = (
    "error_taxonomy",
    "overthinking",
    "self_verification",
    "entropy",
    "algorithm_families",
    "correlation",
    "trace_facts",
)
"""The analyses ``analysis=<name>`` can select (``conf/analysis/<name>.yaml``)."""

JUDGE_STAGES: dict[str, tuple[str, ...]] = {
    "error_taxonomy": ("section", "classify"),
    "overthinking": ("locate",),
    "self_verification": ("behaviour",),
    "algorithm_families": ("family",),
    "correlation": (),
    "entropy": (),
    "trace_facts": (),
}
"""Each analysis's judge stages, in order: ``analyze.judges.<stage>=<model>`` gives a stage its
own judge (default: ``judge``)."""


@dataclass(frozen=True)
class AnalyzeSettings:
    """One ``command=analyze`` job."""

    analysis: str
    """Which analysis (one of :data:`ANALYSES`)."""
    inputs: tuple[Path, ...]
    """Finished evaluation job folders (or ledger files) to read through the results reader."""
    options: Mapping[str, Any]
    """The analysis's own section (``conf/analysis/<name>.yaml``) as plain data."""
    judge: JudgeSettings
    judge_ledger: Path
    """SQLite ledger of judge calls (resume, never paid twice, offline re-runs)."""
    output_dir: Path
    prompts_dir: Path
    """Folder that relative prompt paths in ``options`` are resolved against (``conf/``)."""
    stage_judges: Mapping[str, JudgeSettings] = field(default_factory=dict)
    """Judges of single stages (``analyze.judges``); the other stages use ``judge``."""
    max_cost_usd: float | None = None
    """Refuse to start when the plan's cost upper bound is above this (``None``: no budget)."""
    min_parsed: float = 0.5
    """Each judge stage must analyse something and parse at least this share of its answered
    questions (``analyze.min_parsed``), else the command exits 3."""
    dry_run: bool = False
    bootstrap_resamples: int = 1000
    mlflow_enabled: bool = False
    tracking_uri: str = ""
    experiment_name: str = "gralgo"
    config: Mapping[str, Any] = field(default_factory=dict)
    """The whole resolved config (logged as MLflow params, secrets redacted)."""
    batch: Any = None
    """A ``gralgo.run.BatchSettings`` (``analyze.batch=on``): judge calls through the
    provider's batch API; ``None``: live calls."""

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)

    def required(self, key: str) -> Any:
        if self.options.get(key) is None:
            raise ConfigError(f"analysis.{key} is required by analysis={self.analysis}")
        return self.options[key]

    def prompt(self, key: str) -> str:
        """The text of the prompt file named by ``analysis.prompts.<key>``."""
        from gralgo.analysis._judge import load_prompt

        prompts = self.options.get("prompts") or {}
        if key not in prompts:
            raise ConfigError(f"analysis.prompts.{key} is not set for analysis={self.analysis}")
        path = Path(str(prompts[key]))
        return load_prompt(path if path.is_absolute() else self.prompts_dir / path)
