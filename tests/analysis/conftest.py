"""Fixtures: the loopback stub server (tests/run/stub_server.py) as a scripted judge."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "run"))

from stub_server import FAKE_KEY, FAKE_KEY_ENV, StubServer, start_stub, stop_stub  # noqa: E402


@pytest.fixture(scope="session")
def judge_stub_server() -> Iterator[StubServer]:
    stub = start_stub()
    try:
        yield stub
    finally:
        stop_stub(stub)


@pytest.fixture()
def judge_stub(judge_stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> StubServer:
    """The session's stub, reset (no canned answers), with its fake key exported."""
    judge_stub_server.control()
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    return judge_stub_server
