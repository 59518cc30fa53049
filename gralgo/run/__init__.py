"""Calling models: model specs, the embedded local server, the runner and its SQLite ledger,
answer modes and the tool-use conversation loop."""

from gralgo.run._ledger import Ledger, LedgerError, LedgerWriteError
from gralgo.run._modes import MODES, ModeSettings
from gralgo.run._records import ModelSpec, Request, RequestInfo, SampleRecord, SamplingParams
from gralgo.run._tool_loop import ToolLoopResult, ToolLoopSettings, run_tool_loop

__all__ = [
    "MODES",
    "Ledger",
    "LedgerError",
    "LedgerWriteError",
    "ModeSettings",
    "ModelSpec",
    "Request",
    "RequestInfo",
    "SampleRecord",
    "SamplingParams",
    "ToolLoopResult",
    "ToolLoopSettings",
    "run_tool_loop",
]
