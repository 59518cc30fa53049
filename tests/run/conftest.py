"""Fixtures: requests aimed at the loopback stub server (``stub``, from ``tests/conftest.py``)
and the batch-API stub (``batch_stub``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gralgo.ledger import Request
from gralgo.testing import BatchStub, StubServer, make_requests, start_batch_stub


@pytest.fixture()
def requests_for(stub: StubServer) -> Callable[..., list[Request]]:
    """Builds ``n`` distinct requests to the stub (``seed=``, ``tag=`` as in make_requests)."""

    def build(n: int, **kwargs: Any) -> list[Request]:
        return make_requests(stub.api_base, n, **kwargs)

    return build


@pytest.fixture(scope="module")
def batch_stub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BatchStub]:
    """A loopback batch-API stub (OpenAI, Anthropic, Gemini shapes), one per test module."""
    server = start_batch_stub(tmp_path_factory.mktemp("batch-stub"))
    yield server
    server.stop()
