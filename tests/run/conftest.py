"""Fixtures: requests aimed at the loopback stub server (``stub``, from ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gralgo.ledger import Request
from gralgo.testing import StubServer, make_requests


@pytest.fixture()
def requests_for(stub: StubServer) -> Callable[..., list[Request]]:
    """Builds ``n`` distinct requests to the stub (``seed=``, ``tag=`` as in make_requests)."""

    def build(n: int, **kwargs: Any) -> list[Request]:
        return make_requests(stub.api_base, n, **kwargs)

    return build
