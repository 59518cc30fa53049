"""Claims: which process is calling which sample right now, with a lease that can expire.

A process claims a sample before calling the model, in one ``BEGIN IMMEDIATE`` transaction
that also checks the sample is not already answered, so two processes never both claim it. The
owner renews its leases while its calls run; if it dies, its claims expire and another process
takes the samples over (at once when the dead owner ran on the same host: its pid is gone).
Storing the result and dropping the claim happen in one transaction.
"""

from __future__ import annotations

import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

_STATE = (
    "SELECT (SELECT error_class IS NULL FROM samples WHERE request_key = ?1 AND sample_index = ?2),"
    " owner, expires_at FROM (SELECT 1) LEFT JOIN claims ON request_key = ?1 AND sample_index = ?2"
)
"""One pair's state in one query: 1 / 0 / NULL (success row / error row / no row), then its
claim's owner and expiry (NULL without a claim)."""
Pair = tuple[str, int]
"""(request key, sample index)."""


def new_owner_id() -> str:
    """A claim owner id unique across hosts, processes and runs: ``host:pid:random``."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def owner_is_dead(owner: str) -> bool:
    """True when ``owner`` ran on this host and its process is gone (its leases need no wait).

    Owners on other hosts, and live or unknown processes, are taken as alive: their claims
    expire by lease only. A reused pid errs on the safe side (wait for the lease).
    """
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host != socket.gethostname() or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # exists, owned by another user
        return False
    return False


@dataclass
class ClaimResult:
    """What one :func:`claim` call found, for the pairs it looked at (in input order)."""

    claimed: list[Pair] = field(default_factory=list)
    """Now ours: call the model for these."""
    held: list[Pair] = field(default_factory=list)
    """Claimed by another live owner: wait for its result."""
    answered: list[Pair] = field(default_factory=list)
    """Already have a successful row (answered meanwhile by someone else)."""
    stored: list[Pair] = field(default_factory=list)
    """Of the ``watched`` pairs: no longer claimed and have a row (success or error)."""


@contextmanager
def immediate(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A write transaction taken at once (no lock upgrade, so no deadlock between writers)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextmanager
def savepoint(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A part of the open transaction that a failure undoes alone (the rest may commit)."""
    conn.execute("SAVEPOINT part")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:  # some errors end the whole transaction: nothing to undo
            conn.execute("ROLLBACK TO part")
            conn.execute("RELEASE part")
        raise
    conn.execute("RELEASE part")


@dataclass(frozen=True)
class SampleState:
    """What the ledger holds for one pair when a claim looks at it."""

    has_row: bool
    """A sample row exists (success or error)."""
    succeeded: bool
    """That row is a success (final)."""
    holder: str | None
    """The owner of the current claim, if any."""
    expires_at: float
    """When that claim's lease runs out (ignored without a holder)."""


class ClaimDecision:
    """The one rule both stores apply to each pair a claim looks at (see :func:`claim`).

    A pair is skipped when it has a success row, or a live claim of another owner. A pair in
    ``watched`` (one we saw held by another owner) that is no longer claimed but has any row was
    finished elsewhere and is reported in ``stored``, not claimed again.
    """

    def __init__(self, owner: str, watched: frozenset[Pair]) -> None:
        self.owner, self.watched = owner, watched
        self.now = time.time()
        self.result = ClaimResult()
        self._dead: dict[str, bool] = {}

    def take(self, pair: Pair, state: SampleState) -> bool:
        """Sort ``pair`` into the result; True when it is now ours (write its claim)."""
        result = self.result
        if state.has_row and state.succeeded:
            result.answered.append(pair)
            return False
        holder = state.holder
        if holder is not None and holder != self.owner and state.expires_at > self.now:
            if holder not in self._dead:
                self._dead[holder] = owner_is_dead(holder)
            if not self._dead[holder]:
                result.held.append(pair)
                return False
        if holder is None and state.has_row and pair in self.watched:
            result.stored.append(pair)
            return False
        result.claimed.append(pair)
        return True


def claim(
    conn: sqlite3.Connection,
    pairs: Sequence[Pair],
    owner: str,
    lease_s: float,
    limit: int,
    watched: frozenset[Pair] = frozenset(),
) -> ClaimResult:
    """Claim up to ``limit`` of ``pairs`` for ``owner`` at once (rule: :class:`ClaimDecision`)."""
    decision = ClaimDecision(owner, watched)
    new: list[tuple[str, int, str, float]] = []
    with immediate(conn):
        for pair in pairs:
            if len(decision.result.claimed) >= limit:
                break
            ok, holder, expires_at = conn.execute(_STATE, pair).fetchone()
            state = SampleState(
                has_row=ok is not None,
                succeeded=bool(ok),
                holder=holder,
                expires_at=0.0 if holder is None else expires_at,
            )
            if decision.take(pair, state):  # pairs are distinct: no later state depends on it
                new.append((*pair, owner, decision.now + lease_s))
        conn.executemany(
            "INSERT OR REPLACE INTO claims (request_key, sample_index, owner, expires_at) "
            "VALUES (?, ?, ?, ?)",
            new,
        )
    return decision.result


def renew(conn: sqlite3.Connection, owner: str, lease_s: float) -> int:
    """Extend every lease ``owner`` holds; returns how many."""
    with immediate(conn):
        cursor = conn.execute(
            "UPDATE claims SET expires_at = ? WHERE owner = ?", (time.time() + lease_s, owner)
        )
    return cursor.rowcount


def release(conn: sqlite3.Connection, owner: str, pairs: Sequence[Pair] | None = None) -> None:
    """Drop ``owner``'s claims on ``pairs`` (all of them when ``None``)."""
    with immediate(conn):
        if pairs is None:
            conn.execute("DELETE FROM claims WHERE owner = ?", (owner,))
        else:
            conn.executemany(
                "DELETE FROM claims WHERE request_key = ? AND sample_index = ? AND owner = ?",
                [(*pair, owner) for pair in pairs],
            )
