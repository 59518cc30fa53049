"""Calling models: model specs, the embedded local server, the runner and its SQLite ledger."""

from gralgo.run._ledger import Ledger, LedgerError, LedgerWriteError
from gralgo.run._records import ModelSpec, Request, RequestInfo, SampleRecord, SamplingParams

__all__ = ["Ledger", "LedgerError", "LedgerWriteError", "ModelSpec", "Request", "RequestInfo",
           "SampleRecord", "SamplingParams"]
