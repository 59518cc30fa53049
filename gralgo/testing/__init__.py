"""Test support (not used by a benchmark run): a loopback OpenAI-compatible chat server.

:func:`start_stub` runs ``stub_server.py`` (aiohttp) as a child process on a free port and
returns a :class:`StubServer` handle that sets latency, injected faults and canned answers, and
reads call statistics; :func:`make_requests` builds requests to it. A throwaway PostgreSQL
server (:class:`PostgresServer`) backs the server-ledger tests; :func:`start_batch_stub` runs a
loopback OpenAI Files/Batches and Anthropic Message Batches API (``batch_stub_server.py``).
Importing this package loads
only the standard library: the server's aiohttp lives in the child process.
"""

from gralgo.testing._batch_stub_client import BatchStub, start_batch_stub
from gralgo.testing._postgres_server import PostgresServer, PostgresUnavailable, run_sql
from gralgo.testing._stub_client import (
    FAKE_KEY,
    FAKE_KEY_ENV,
    StubServer,
    make_requests,
    start_stub,
    stop_stub,
)

__all__ = [
    "BatchStub",
    "FAKE_KEY",
    "FAKE_KEY_ENV",
    "PostgresServer",
    "PostgresUnavailable",
    "StubServer",
    "make_requests",
    "run_sql",
    "start_batch_stub",
    "start_stub",
    "stop_stub",
]
