"""Calling models: model configs, the embedded local server, the runner (litellm or the direct
client), answer modes and the tool-use loop; a job's samples go out through one transport
(``send_samples``): live calls or the providers' batch APIs (``gralgo/run/batch/``). What is
stored lives in ``gralgo.ledger``."""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.lazy import lazy_exports
from gralgo.run._modes import ModeSettings
from gralgo.run._tool_loop import ToolLoopResult, ToolLoopSettings, run_tool_loop

if _TYPE_CHECKING:
    from gralgo.run._endpoint_env import endpoint_environment
    from gralgo.run._litellm_response import load_litellm
    from gralgo.run._live_transport import LiveSettings
    from gralgo.run._local_server import LocalLlamaServer, server_settings_from_config
    from gralgo.run._models import (
        model_spec_from_config,
        preflight,
        report_dropped_params,
        sampling_overrides_from_config,
    )
    from gralgo.run._modes import mode_settings_from_config, resolve_tool_calling
    from gralgo.run._plan import Plan, build_requests, estimate_cost
    from gralgo.run._progress import RunProgress
    from gralgo.run._request_info import describe_request
    from gralgo.run._runner import run_samples, run_samples_sync
    from gralgo.run._transport import SendReport, Transport, send_samples
    from gralgo.run._transport_choice import make_transport
    from gralgo.run.batch._batch_price import batch_rates
    from gralgo.run.batch._batch_progress import BatchProgress
    from gralgo.run.batch._batch_run import BatchSettings, run_batches
    from gralgo.run.batch._batch_transport import batch_statuses
    from gralgo.run.batch._provider_apis import provider_of


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "BatchProgress",
    "BatchSettings",
    "LiveSettings",
    "SendReport",
    "Transport",
    "batch_statuses",
    "make_transport",
    "send_samples",
    "LocalLlamaServer",
    "ModeSettings",
    "Plan",
    "RunProgress",
    "ToolLoopResult",
    "ToolLoopSettings",
    "batch_rates",
    "build_requests",
    "describe_request",
    "endpoint_environment",
    "estimate_cost",
    "load_litellm",
    "mode_settings_from_config",
    "model_spec_from_config",
    "preflight",
    "provider_of",
    "report_dropped_params",
    "resolve_tool_calling",
    "run_batches",
    "run_samples",
    "run_samples_sync",
    "run_tool_loop",
    "sampling_overrides_from_config",
    "server_settings_from_config",
]
