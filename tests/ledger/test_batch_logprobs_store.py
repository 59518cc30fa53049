"""Batch results with logprobs: stored with their rows in one transaction, on SQLite and on a
real PostgreSQL server, and read back as the live path's rows are."""

from __future__ import annotations

from typing import Any

import numpy as np
from test_batches import PAIRS, draft, ok, store  # noqa: F401  (store: the fixture)

from gralgo.ledger import SampleLogprobs


def test_batch_results_keep_their_logprobs(store: Any) -> None:  # noqa: F811
    record, claimed = store.open_batch(draft(), PAIRS, limit=3)
    data = SampleLogprobs(
        ("a", "b"), np.array([-0.5, -1.0], dtype=np.float32),
        np.array([[-0.5, -2.0], [-1.0, -np.inf]], dtype=np.float32),
    )  # fmt: skip
    store.store_batch_results("r1", [ok(p) for p in claimed], {claimed[0]: data})
    stored = store.read_logprobs(claimed)
    assert list(stored) == [claimed[0]]
    assert stored[claimed[0]].tokens == ("a", "b")
    assert np.array_equal(stored[claimed[0]].chosen, data.chosen)
    assert np.array_equal(stored[claimed[0]].top, data.top)
    assert store.batch_pairs("r1") == []  # their claims dropped in the same transaction
