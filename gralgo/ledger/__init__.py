"""The ledger: every request and reply, stored once, in SQLite or PostgreSQL.

Records (requests, samples, provider batches), the two stores behind one interface
(``open_ledger``), claims
with leases so concurrent processes never pay twice, the rescue file that keeps a reply the
store could not take, and the logprob side table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.lazy import lazy_exports
from gralgo.ledger._batches import BatchRecord, custom_id, pairs_digest, parse_custom_id
from gralgo.ledger._claims import Pair, new_owner_id, owner_is_dead
from gralgo.ledger._normalise import canonical
from gralgo.ledger._records import ModelSpec, Request, RequestInfo, SampleRecord, SamplingParams
from gralgo.ledger._sqlite import Ledger, LedgerError, LedgerWriteError
from gralgo.ledger._store_protocol import LedgerStore

if _TYPE_CHECKING:
    from gralgo.ledger._location import check_ledger_location
    from gralgo.ledger._logprobs import LogprobStore, SampleLogprobs, logprobs_from_response
    from gralgo.ledger._open import open_ledger
    from gralgo.ledger._postgres import PostgresLedger
    from gralgo.ledger._reply_writer import ReplyWriter
    from gralgo.ledger._rescue import read_rescue
    from gralgo.ledger._response_keeper import ResponseKeeper


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)

__all__ = [
    "BatchRecord",
    "Ledger",
    "LedgerError",
    "LedgerStore",
    "LedgerWriteError",
    "LogprobStore",
    "ModelSpec",
    "Pair",
    "PostgresLedger",
    "ReplyWriter",
    "Request",
    "RequestInfo",
    "ResponseKeeper",
    "SampleLogprobs",
    "SampleRecord",
    "SamplingParams",
    "canonical",
    "custom_id",
    "check_ledger_location",
    "new_owner_id",
    "open_ledger",
    "owner_is_dead",
    "pairs_digest",
    "parse_custom_id",
    "read_rescue",
    "logprobs_from_response",
]
