"""Hydra callback grouping a multirun sweep under one MLflow parent run.

Enable it in ``conf/config.yaml``::

    hydra:
      callbacks:
        mlflow_sweep:
          _target_: gralgo.tracking.MlflowSweepCallback
          tracking_uri: ${mlflow.tracking_uri}
          experiment_name: ${mlflow.experiment_name}

Each job then passes :func:`parent_run_id_for_job` to ``log_run(parent_run_id=...)``.
"""

from __future__ import annotations

import atexit
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hydra.experimental.callback import Callback
from omegaconf import DictConfig, OmegaConf

from gralgo.tracking._mlflow import (
    default_tracking_uri,
    end_run,
    open_experiment,
    start_parent_run,
)

PARENT_RUN_ENV = "GRALGO_MLFLOW_PARENT_RUN_ID"
"""Set for the jobs of a sweep run in the same process (Hydra's basic launcher)."""
PARENT_RUN_FILE = "mlflow_parent_run_id"
"""Written in the sweep dir, for launchers that run jobs in other processes."""


class MlflowSweepCallback(Callback):
    """Creates the sweep's parent run on multirun start and finishes it on multirun end."""

    def __init__(
        self,
        tracking_uri: str | None = None,
        experiment_name: str = "gralgo",
        enabled: bool = True,
    ) -> None:
        self.tracking_uri = tracking_uri or default_tracking_uri()
        self.experiment_name = experiment_name
        self.enabled = enabled
        self.run_id: str | None = None
        self.experiment_id: str | None = None
        self.swept: list[str] = []
        """The keys the sweep varies (names the parent run and labels each job)."""

    def on_multirun_start(self, config: DictConfig, **kwargs: Any) -> None:
        if not self.enabled or OmegaConf.select(config, "dry_run", default=False):
            return  # a dry run logs nothing
        from gralgo.tracking._sweep import sweep_axes, sweep_name

        sweep_dir = Path(str(config.hydra.sweep.dir))
        overrides = list(OmegaConf.select(config, "hydra.overrides.task", default=[]) or [])
        params = OmegaConf.select(config, "hydra.sweeper.params", default=None)
        plain_params = OmegaConf.to_container(params) if params else None
        assert plain_params is None or isinstance(plain_params, dict)  # a mapping of key: values
        axes = sweep_axes(
            overrides,
            None if plain_params is None else {str(k): v for k, v in plain_params.items()},
        )
        self.swept = list(axes)
        self.run_id = start_parent_run(
            tracking_uri=self.tracking_uri,
            experiment_name=self.experiment_name,
            run_name=sweep_name(axes, f"sweep {sweep_dir.name}"),
            tags={
                "hydra.sweep_dir": str(sweep_dir),
                "hydra.overrides": " ".join(overrides),
                "gralgo.swept": ",".join(axes),
            },
        )
        _, self.experiment_id = open_experiment(self.tracking_uri, self.experiment_name)
        sweep_dir.mkdir(parents=True, exist_ok=True)
        (sweep_dir / PARENT_RUN_FILE).write_text(self.run_id + "\n")
        os.environ[PARENT_RUN_ENV] = self.run_id
        # A sweep that dies with an exception never reaches on_multirun_end.
        atexit.register(self._finish, "FAILED")

    def on_multirun_end(self, config: DictConfig, **kwargs: Any) -> None:
        from gralgo.tracking._sweep_failures import collect_failures

        sweep_dir = Path(str(config.hydra.sweep.dir))
        failed = collect_failures(sweep_dir)  # jobs may have run in other processes
        run_id = self.run_id
        out: Path | None = None
        if run_id is not None:
            out = log_sweep_comparison(self.tracking_uri, run_id, sweep_dir, self.swept)
        elif not OmegaConf.select(config, "dry_run", default=False):
            # MLflow off: the comparison files all the same
            out = write_sweep_comparison(sweep_dir, self.swept)
        self._finish("FAILED" if failed else "FINISHED")
        outputs = OmegaConf.select(config, "paths.outputs", default=None)
        print_sweep_locations(
            sweep_dir, out, self.tracking_uri if run_id else "", run_id,
            Path(str(outputs)) if outputs else sweep_dir, self.experiment_id,
        )  # fmt: skip

    def _finish(self, status: str) -> None:
        run_id, self.run_id = self.run_id, None
        if run_id is None:
            return
        if os.environ.get(PARENT_RUN_ENV) == run_id:
            del os.environ[PARENT_RUN_ENV]
        end_run(tracking_uri=self.tracking_uri, run_id=run_id, status=status)


def write_sweep_comparison(sweep_dir: Path, swept: Sequence[str] = ()) -> Path | None:
    """``<sweep>/comparison``: the models compared (paper tables, z-scores, ``tool_use.md``,
    ``formats.md``, Figures 11-18) and ``jobs.png`` (the jobs side by side, shown on the study
    page), whether MLflow is on or off; ``None`` without results."""
    from gralgo.report import NoResultsError, collect_instances, write_comparison
    from gralgo.tracking._sweep import collect_jobs, plot_sweep

    try:
        inst = collect_instances([sweep_dir])
    except NoResultsError:  # e.g. a sweep of dataset builds, or every job failed
        return None
    out = sweep_dir / "comparison"
    jobs = collect_jobs(sweep_dir, swept)
    if jobs:  # drawn first: the study page shows it
        out.mkdir(parents=True, exist_ok=True)
        plot_sweep(jobs, out / "jobs.png", "jobs by " + (" × ".join(swept) or "folder"))
    write_comparison(inst, out)
    return out


def print_sweep_locations(
    sweep_dir: Path,
    comparison: Path | None,
    tracking_uri: str,
    run_id: str | None,
    outputs: Path,
    experiment_id: str | None = None,
) -> None:
    """Where a finished sweep's results are: its study page, its MLflow parent run (and the
    runs table that lists its jobs under it), the viewer that lists its jobs."""
    from gralgo.tracking._mlflow import sweep_view_key, ui_command, ui_path

    lines = [f"sweep folder   {sweep_dir}"]
    if comparison is not None and (comparison / "study.html").is_file():
        lines.append(f"study page     {comparison / 'study.html'}  (open in a browser)")
    if run_id:
        lines.append(f"MLflow parent  run {run_id}: {ui_command(tracking_uri)}")
        if experiment_id is not None:
            base = tracking_uri.rstrip("/") if tracking_uri.startswith("http") else (
                "http://127.0.0.1:5000"
            )  # fmt: skip
            page = ui_path(experiment_id, view=sweep_view_key(run_id))
            lines.append(f"               its jobs: {base}/{page}")
    lines.append(f"every run      gralgo view {outputs}")
    print("\n".join(lines), flush=True)


def log_sweep_comparison(
    tracking_uri: str, run_id: str, sweep_dir: Path, swept: Sequence[str] = ()
) -> Path | None:
    """On the parent run: each job's key metrics, a figure of the jobs side by side, and the
    comparison of :func:`write_sweep_comparison`."""
    from mlflow import MlflowClient
    from mlflow.entities import Metric

    from gralgo.tracking._mlflow import metric_name, metric_value
    from gralgo.tracking._sweep import collect_jobs, sweep_metrics

    out = write_sweep_comparison(sweep_dir, swept)
    if out is None:
        return None
    client = MlflowClient(tracking_uri=tracking_uri)
    jobs = collect_jobs(sweep_dir, swept)
    if jobs:
        now_ms = int(time.time() * 1000)
        metrics = [
            Metric(metric_name(k), metric_value(v), now_ms, 0)
            for k, v in sweep_metrics(jobs).items()
        ]
        for start in range(0, len(metrics), 1000):
            client.log_batch(run_id, metrics=metrics[start : start + 1000])
    client.log_artifacts(run_id, str(out), "comparison")
    return out


def parent_run_id_for_job() -> str | None:
    """The sweep's parent run id inside a Hydra multirun job, else ``None``."""
    run_id = os.environ.get(PARENT_RUN_ENV)
    if run_id:
        return run_id
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    if not HydraConfig.initialized():
        return None
    hydra_cfg = HydraConfig.get()
    if hydra_cfg.mode != RunMode.MULTIRUN:
        return None
    marker = Path(str(hydra_cfg.sweep.dir)) / PARENT_RUN_FILE
    return marker.read_text().strip() or None if marker.exists() else None
