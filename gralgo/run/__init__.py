"""Calling models: model specs, the embedded local server, the runner and its SQLite ledger."""

from gralgo.run._records import ModelSpec, Request, SampleRecord, SamplingParams

__all__ = ["ModelSpec", "Request", "SampleRecord", "SamplingParams"]
