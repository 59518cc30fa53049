"""Fixtures: the loopback stub server (tests/run/stub_server.py) as a scripted judge."""

from __future__ import annotations

import pytest
from stub_server import StubServer


@pytest.fixture()
def judge_stub(stub: StubServer) -> StubServer:
    """The session's stub (``tests/conftest.py``), reset, with its fake key exported."""
    return stub
