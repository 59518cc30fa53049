"""Calling models: model configs, the embedded local server, the runner (litellm or the direct
client), batch mode (providers' batch APIs), answer modes and the tool-use loop. What is stored
lives in ``gralgo.ledger``."""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.lazy import lazy_exports
from gralgo.run._modes import ModeSettings
from gralgo.run._tool_loop import ToolLoopResult, ToolLoopSettings, run_tool_loop

if _TYPE_CHECKING:
    from gralgo.run._endpoint_env import endpoint_environment
    from gralgo.run._litellm_response import load_litellm
    from gralgo.run._local_server import LocalLlamaServer, server_settings_from_config
    from gralgo.run._models import (
        model_spec_from_config,
        preflight,
        report_dropped_params,
        sampling_overrides_from_config,
    )
    from gralgo.run._modes import mode_settings_from_config, resolve_tool_calling
    from gralgo.run._plan import Plan, build_requests, estimate_cost
    from gralgo.run._progress import RunProgress, describe_run
    from gralgo.run._request_info import describe_request
    from gralgo.run._runner import run_samples, run_samples_sync
    from gralgo.run.batch._batch_price import batch_rates
    from gralgo.run.batch._batch_progress import BatchProgress
    from gralgo.run.batch._batch_run import BatchSettings, close_answered_batches, run_batches
    from gralgo.run.batch._provider_apis import provider_of
    from gralgo.run.batch._sweep_jobs import (
        mark_batch_sweep,
        pending_jobs,
        sweep_collects_batches,
        wait_for_batches,
        write_pending,
    )

# Public names loaded on first use (PEP 562), so importing this package stays cheap.
_LAZY = {
    "BatchSettings": "gralgo.run.batch._batch_run",
    "BatchProgress": "gralgo.run.batch._batch_progress",
    "mark_batch_sweep": "gralgo.run.batch._sweep_jobs",
    "pending_jobs": "gralgo.run.batch._sweep_jobs",
    "sweep_collects_batches": "gralgo.run.batch._sweep_jobs",
    "wait_for_batches": "gralgo.run.batch._sweep_jobs",
    "write_pending": "gralgo.run.batch._sweep_jobs",
    "batch_rates": "gralgo.run.batch._batch_price",
    "provider_of": "gralgo.run.batch._provider_apis",
    "run_batches": "gralgo.run.batch._batch_run",
    "close_answered_batches": "gralgo.run.batch._batch_run",
    "LocalLlamaServer": "gralgo.run._local_server",
    "Plan": "gralgo.run._plan",
    "RunProgress": "gralgo.run._progress",
    "build_requests": "gralgo.run._plan",
    "describe_request": "gralgo.run._request_info",
    "describe_run": "gralgo.run._progress",
    "endpoint_environment": "gralgo.run._endpoint_env",
    "estimate_cost": "gralgo.run._plan",
    "load_litellm": "gralgo.run._litellm_response",
    "mode_settings_from_config": "gralgo.run._modes",
    "model_spec_from_config": "gralgo.run._models",
    "preflight": "gralgo.run._models",
    "report_dropped_params": "gralgo.run._models",
    "resolve_tool_calling": "gralgo.run._modes",
    "run_samples": "gralgo.run._runner",
    "run_samples_sync": "gralgo.run._runner",
    "sampling_overrides_from_config": "gralgo.run._models",
    "server_settings_from_config": "gralgo.run._local_server",
}

__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "BatchProgress",
    "BatchSettings",
    "LocalLlamaServer",
    "ModeSettings",
    "Plan",
    "RunProgress",
    "ToolLoopResult",
    "ToolLoopSettings",
    "batch_rates",
    "build_requests",
    "describe_request",
    "describe_run",
    "endpoint_environment",
    "estimate_cost",
    "load_litellm",
    "mark_batch_sweep",
    "mode_settings_from_config",
    "model_spec_from_config",
    "pending_jobs",
    "preflight",
    "provider_of",
    "report_dropped_params",
    "resolve_tool_calling",
    "run_batches",
    "close_answered_batches",
    "run_samples",
    "run_samples_sync",
    "run_tool_loop",
    "sampling_overrides_from_config",
    "server_settings_from_config",
    "sweep_collects_batches",
    "wait_for_batches",
    "write_pending",
]
