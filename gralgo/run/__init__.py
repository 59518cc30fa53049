"""Calling models: model specs, the embedded local server, the runner and its SQLite ledger."""

from gralgo.run._ledger import Ledger, LedgerError
from gralgo.run._records import ModelSpec, Request, RequestInfo, SampleRecord, SamplingParams

__all__ = ["Ledger", "LedgerError", "ModelSpec", "Request", "RequestInfo", "SampleRecord",
           "SamplingParams"]
