"""Precision and recall of the trace-fact checker on the generated, exactly labelled set:
every task, every format, planted errors of every kind (goal: precision >= 0.95, recall >= 0.8
per kind, in every format)."""

from __future__ import annotations

import pytest

from gralgo.analysis._trace_check import ERROR_KINDS
from tests.analysis.hash_seeds import printed_under_hash_seeds
from tests.analysis.trace_facts_planted import FORMATS, labelled_set
from tests.analysis.trace_facts_score import score

TRACES = labelled_set(seeds=3)


def test_every_kind_is_planted_in_every_format() -> None:
    for fmt in FORMATS:
        planted = {kind for t in TRACES if t.format == fmt for _, _, kind in t.errors}
        assert planted == set(ERROR_KINDS), fmt


@pytest.mark.parametrize("fmt", FORMATS)
def test_precision_and_recall_per_kind(fmt: str) -> None:
    result = score([t for t in TRACES if t.format == fmt])
    for kind, row in result.items():
        assert row["precision"] >= 0.95, (fmt, kind, row)
        assert row["recall"] >= 0.8, (fmt, kind, row)


def test_correct_statements_are_read_as_correct() -> None:
    result = score(TRACES)
    assert result["correct_read"]["recall"] >= 0.9, result["correct_read"]


_DIGEST = (
    "import hashlib\n"
    "from tests.analysis.trace_facts_planted import labelled_set\n"
    "rows = [(t.text, t.errors, t.correct) for t in labelled_set(seeds=1)]\n"
    "print(hashlib.sha256(repr(rows).encode()).hexdigest())"
)


def test_the_set_does_not_depend_on_the_hash_seed() -> None:
    """The same seeds write the same traces in every process (string hashing is salted)."""
    digests = printed_under_hash_seeds(_DIGEST, ("1", "2"))
    assert len(digests) == 1, digests
