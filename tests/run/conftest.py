"""Fixtures: a loopback stub OpenAI server in a subprocess, and requests aimed at it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from stub_server import FAKE_KEY, FAKE_KEY_ENV, StubServer, make_requests, start_stub, stop_stub

from gralgo.run._records import Request


@pytest.fixture(scope="session")
def stub_server() -> Iterator[StubServer]:
    stub = start_stub()
    try:
        yield stub
    finally:
        stop_stub(stub)


@pytest.fixture()
def stub(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> StubServer:
    """The session's stub, reset to no latency and no faults, with the fake key exported."""
    stub_server.control()
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    return stub_server


@pytest.fixture()
def requests_for(stub: StubServer) -> Callable[..., list[Request]]:
    """Builds ``n`` distinct requests to the stub (``seed=``, ``tag=`` as in make_requests)."""

    def build(n: int, **kwargs: Any) -> list[Request]:
        return make_requests(stub.api_base, n, **kwargs)

    return build
