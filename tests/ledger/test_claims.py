"""Claims: one owner per sample in flight, leases that expire, release with the result."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from gralgo.ledger import Ledger, SampleRecord, new_owner_id

PAIRS = [("k", 0), ("k", 1), ("j", 0)]


@pytest.fixture()
def ledgers(tmp_path: Path):
    """Two handles on one file, as two processes would have."""
    a, b = Ledger(tmp_path / "l.sqlite"), Ledger(tmp_path / "l.sqlite")
    yield a, b
    a.close()
    b.close()


def test_owner_ids_are_unique_per_run() -> None:
    assert new_owner_id() != new_owner_id()


def test_a_sample_is_claimed_by_one_owner_only(ledgers) -> None:
    a, b = ledgers
    first = a.claim(PAIRS, "A", lease_s=30, limit=2)
    assert first.claimed == PAIRS[:2]
    second = b.claim(PAIRS, "B", lease_s=30, limit=10)
    assert second.held == PAIRS[:2] and second.claimed == [("j", 0)]
    assert a.claim(PAIRS, "A", lease_s=30, limit=10).claimed == PAIRS[:2]  # own: re-claimable


def test_answered_samples_are_not_claimed(ledgers) -> None:
    a, _ = ledgers
    a.record(SampleRecord("k", 0, "i", "m", answer_text="x"))
    a.record(SampleRecord("k", 1, "i", "m", error_class="Timeout"))
    found = a.claim(PAIRS, "A", lease_s=30, limit=10)
    assert found.answered == [("k", 0)] and found.claimed == [("k", 1), ("j", 0)]


def test_recording_releases_the_claim_and_a_watcher_sees_it_stored(ledgers) -> None:
    a, b = ledgers
    a.claim(PAIRS, "A", lease_s=30, limit=10)
    assert b.claim(PAIRS, "B", lease_s=30, limit=10).held == PAIRS
    a.record(SampleRecord("k", 0, "i", "m", answer_text="x"), owner="A")
    a.record(SampleRecord("k", 1, "i", "m", error_class="Timeout", attempts=6), owner="A")
    a.release_claims("A", [("j", 0)])  # given up without a call
    found = b.claim(PAIRS, "B", lease_s=30, limit=10, watched=frozenset(PAIRS))
    # the error row was A's final word (retried there): B does not pay for it again
    assert found.answered == [("k", 0)] and found.stored == [("k", 1)]
    assert found.claimed == [("j", 0)]


def test_dead_owners_claims_are_retaken_after_the_lease(ledgers) -> None:
    a, b = ledgers
    a.claim(PAIRS, "dead", lease_s=0.3, limit=10)
    assert b.claim(PAIRS, "B", lease_s=30, limit=10).claimed == []
    time.sleep(0.35)
    assert b.claim(PAIRS, "B", lease_s=30, limit=10).claimed == PAIRS


def test_renewal_keeps_a_live_owners_claims(ledgers) -> None:
    a, b = ledgers
    a.claim(PAIRS, "A", lease_s=0.3, limit=10)
    time.sleep(0.2)
    assert a.renew_claims("A", lease_s=0.3) == 3
    time.sleep(0.2)  # 0.4 s after the claim, 0.2 s after the renewal
    assert b.claim(PAIRS, "B", lease_s=30, limit=10).held == PAIRS
    a.release_claims("A")
    assert b.claim(PAIRS, "B", lease_s=30, limit=10).claimed == PAIRS


def test_claims_of_a_dead_process_on_this_host_are_retaken_at_once(ledgers) -> None:
    import socket
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    a, b = ledgers
    a.claim(PAIRS, f"{socket.gethostname()}:{child.pid}:abcd", lease_s=300, limit=10)
    a.claim([("x", 0)], f"other-host:{child.pid}:abcd", lease_s=300, limit=10)
    found = b.claim([*PAIRS, ("x", 0)], "B", lease_s=30, limit=10)
    assert found.claimed == PAIRS and found.held == [("x", 0)]
