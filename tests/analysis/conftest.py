"""Fixtures: the loopback stub server (gralgo.testing) as a scripted judge."""

from __future__ import annotations

import pytest

from gralgo.testing import StubServer


@pytest.fixture()
def judge_stub(stub: StubServer) -> StubServer:
    """The session's stub (``tests/conftest.py``), reset, with its fake key exported."""
    return stub
